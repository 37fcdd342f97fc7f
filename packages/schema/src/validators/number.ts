import { CtyNumber, numberFrom } from "@tfkit/cty-values";
import { pathSteps } from "./match.js";
import { matchSteps, resolveTarget, withoutSelf } from "./match.js";
import type { ValidatorContext, ValidatorObject, ValidatorResult } from "../validator.js";
import { attributeIssue, described, INVALID_MATCH, INVALID_VALUE, quotedList, usageIssue } from "./common.js";
import { type PathTarget, targetString } from "./path-expression.js";

/**
 * The models a number validator accepts: `number` (float64), {@link Int64} (`number | bigint`)
 * and exact {@link CtyNumber} (`attr.number`).
 * @category models
 */
export type NumberModel = number | bigint | CtyNumber;

/**
 * A bound or listed value: a JS number, a bigint (exact beyond 2^53), a decimal string
 * (`"0.1"`, exact) or a {@link CtyNumber}. A fractional JS number stands for its shortest
 * decimal text (`0.1` is the decimal 0.1), so a configured `0.1` meets `atLeast(0.1)`.
 * @category models
 */
export type NumberInput = number | bigint | string | CtyNumber;

/**
 * A bound as the user wrote it: a fractional JS number means its shortest decimal (`0.1` is 0.1,
 * not the float64 just above it), so a configured `0.1` meets `atLeast(0.1)` as in Go, where
 * both sides are the same float64.
 */
function exactInput(n: NumberInput): CtyNumber {
  if (typeof n === "number" && Number.isFinite(n) && !Number.isSafeInteger(n))
    return CtyNumber.parse(String(n));
  return numberFrom(n);
}

/** The exact number being validated: the cty value, whatever the model's JS type. */
function exact(context: ValidatorContext): CtyNumber {
  return context.value.asNumber();
}

function bound(goName: string, description: string, ok: (n: CtyNumber) => boolean, usage?: string) {
  return described<NumberModel>(description, (_, context) => {
    if (usage !== undefined) return usageIssue(goName, usage);
    const n = exact(context);
    return ok(n) ? undefined : attributeIssue(INVALID_VALUE, context, description, n.text());
  });
}

function membership(values: readonly NumberInput[], wanted: boolean): ValidatorObject<NumberModel> {
  const exacts = values.map(exactInput);
  const description = `value must be ${wanted ? "one" : "none"} of: ${quotedList(exacts.map((n) => n.text()))}`;
  return described<NumberModel>(description, (_, context) => {
    const n = exact(context);
    return exacts.some((v) => v.equals(n)) === wanted
      ? undefined
      : attributeIssue(INVALID_MATCH, context, description, n.text());
  });
}

/**
 * The sum of the numbers the targets point at, or `undefined` while one of them is unknown
 * (the Go validators wait then). Nulls count as nothing; the validated attribute itself is left
 * out.
 */
function sumOf(targets: readonly PathTarget[], context: ValidatorContext): CtyNumber | undefined {
  const base = pathSteps(context.path);
  let sum = CtyNumber.zero;
  for (const target of targets) {
    const steps = resolveTarget(target, base);
    if (steps === undefined) continue;
    const found = matchSteps(steps, context.config);
    if (found.unknown) return undefined;
    for (const m of withoutSelf(found.matches, context.path)) {
      if (!m.value.isKnown()) return undefined;
      if (m.value.isNull() || m.value.type.kind !== "number") continue;
      sum = sum.add(m.value.asNumber());
    }
  }
  return sum;
}

function sumRule(
  description: string,
  targets: readonly PathTarget[],
  ok: (n: CtyNumber, sum: CtyNumber) => boolean,
): ValidatorObject<NumberModel> & {
  /** Paths read besides the value (checked against the schema by the self-check). */
  readonly pathExpressions: readonly PathTarget[];
} {
  const text = `${description} ${targets.map(targetString).join(" + ")}`;
  const base = described<NumberModel>(text, (_, context): ValidatorResult => {
    const sum = sumOf(targets, context);
    if (sum === undefined) return undefined;
    const n = exact(context);
    return ok(n, sum) ? undefined : attributeIssue(INVALID_VALUE, context, text, n.text());
  });
  return Object.freeze({ ...base, pathExpressions: Object.freeze([...targets]) });
}

/**
 * Validators of number attributes (`attr.int64`, `attr.float64`, `attr.number` and number
 * elements), with the wording of terraform-plugin-framework-validators' `int64validator`.
 *
 * @remarks Comparisons are exact: they use the configured cty number, not the JS model, so an
 * int64 beyond 2^53 (a `bigint` model) or a decimal such as `0.1` compares exactly; give bounds
 * beyond 2^53 as `bigint` or decimal strings. Values appear as Terraform prints them (`5`,
 * `0.25`), where Go's float64 validators print `%f`. The sum-of validators read other
 * attributes: a name is a sibling, a {@link PathExpression} reaches anywhere; they wait while one
 * of those values is unknown and count nulls as 0.
 * @example
 * ```ts
 * attr.int64({ optional: true, validators: [numberValidator.between(1, 65535)] });
 * ```
 * @category constructors
 */
export const numberValidator = {
  /** Between `min` and `max`, inclusive (Go `int64validator.Between`, `float64validator.Between`). */
  between(min: NumberInput, max: NumberInput): ValidatorObject<NumberModel> {
    const lo = exactInput(min);
    const hi = exactInput(max);
    return bound(
      "Between",
      `value must be between ${lo.text()} and ${hi.text()}`,
      (n) => n.cmp(lo) >= 0 && n.cmp(hi) <= 0,
      lo.cmp(hi) > 0 ? `min cannot be greater than max - min: ${lo.text()}, max: ${hi.text()}` : undefined,
    );
  },
  /** At least `min` (Go `int64validator.AtLeast`). */
  atLeast(min: NumberInput): ValidatorObject<NumberModel> {
    const lo = exactInput(min);
    return bound("AtLeast", `value must be at least ${lo.text()}`, (n) => n.cmp(lo) >= 0);
  },
  /** At most `max` (Go `int64validator.AtMost`). */
  atMost(max: NumberInput): ValidatorObject<NumberModel> {
    const hi = exactInput(max);
    return bound("AtMost", `value must be at most ${hi.text()}`, (n) => n.cmp(hi) <= 0);
  },
  /** Equal to one of `values` (Go `int64validator.OneOf`). */
  oneOf(...values: NumberInput[]): ValidatorObject<NumberModel> {
    return membership(values, true);
  },
  /** Equal to none of `values` (Go `int64validator.NoneOf`). */
  noneOf(...values: NumberInput[]): ValidatorObject<NumberModel> {
    return membership(values, false);
  },
  /** At least the sum of the numbers at `targets` (Go `int64validator.AtLeastSumOf`). */
  atLeastSumOf(...targets: PathTarget[]): ValidatorObject<NumberModel> {
    return sumRule("value must be at least sum of", targets, (n, sum) => n.cmp(sum) >= 0);
  },
  /** At most the sum of the numbers at `targets` (Go `int64validator.AtMostSumOf`). */
  atMostSumOf(...targets: PathTarget[]): ValidatorObject<NumberModel> {
    return sumRule("value must be at most sum of", targets, (n, sum) => n.cmp(sum) <= 0);
  },
  /** Equal to the sum of the numbers at `targets` (Go `int64validator.EqualToSumOf`). */
  equalToSumOf(...targets: PathTarget[]): ValidatorObject<NumberModel> {
    return sumRule("value must be equal to the sum of", targets, (n, sum) => n.cmp(sum) === 0);
  },
} as const;
