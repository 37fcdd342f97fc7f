import type { Value } from "@tfkit/cty-values";
import { rawEquals, setHashString, stringVal } from "@tfkit/cty-values";
import { withIndex, withListIndex, withMapKey } from "../internal/path.js";
import type { Validator, ValidatorContext, ValidatorIssue, ValidatorObject } from "../validator.js";
import {
  attributeIssue,
  described,
  descriptionsOf,
  INVALID_VALUE,
  runAll,
  usageIssue,
  valueString,
} from "./common.js";

type Kind = "list" | "set" | "map";

/**
 * The number of elements, or `undefined` while it may still change: a set holding unknowns may
 * merge elements once they are known.
 */
function countOf(kind: Kind, v: Value): number | undefined {
  if (kind === "set" && !v.isWhollyKnown()) return undefined;
  return v.lengthInt();
}

const badInt = (n: number) => !Number.isSafeInteger(n) || n < 0;

function size<M>(kind: Kind, goName: string, description: string, min: number, max: number, usage?: string) {
  return described<M>(description, (_, context) => {
    if (usage !== undefined) return usageIssue(goName, usage);
    const n = countOf(kind, context.value);
    if (n === undefined || (n >= min && n <= max)) return undefined;
    return attributeIssue(INVALID_VALUE, context, description, String(n));
  });
}

function sizes<M>(kind: Kind) {
  return {
    /** Between `min` and `max` elements, inclusive. */
    sizeBetween(min: number, max: number): ValidatorObject<M> {
      const usage =
        badInt(min) || badInt(max) || min > max
          ? `min and max must be whole numbers with 0 <= min <= max - min: ${min}, max: ${max}`
          : undefined;
      return size<M>(
        kind,
        "SizeBetween",
        `${kind} must contain at least ${min} elements and at most ${max} elements`,
        min,
        max,
        usage,
      );
    },
    /** At least `min` elements. */
    sizeAtLeast(min: number): ValidatorObject<M> {
      const usage = badInt(min) ? `min must be a whole number, at least 0 - min: ${min}` : undefined;
      return size<M>(
        kind,
        "SizeAtLeast",
        `${kind} must contain at least ${min} elements`,
        min,
        Number.POSITIVE_INFINITY,
        usage,
      );
    },
    /** At most `max` elements. */
    sizeAtMost(max: number): ValidatorObject<M> {
      const usage = badInt(max) ? `max must be a whole number, at least 0 - max: ${max}` : undefined;
      return size<M>(kind, "SizeAtMost", `${kind} must contain at most ${max} elements`, 0, max, usage);
    },
  };
}

/** One element of a collection: its model, cty value and context. */
interface Element {
  readonly model: unknown;
  readonly context: ValidatorContext;
}

/** The known, non-null elements of a list or set value with their models (same order). */
function sequenceElements(model: readonly unknown[], context: ValidatorContext): Element[] {
  const v = context.value;
  const isSet = v.type.kind === "set";
  const out: Element[] = [];
  v.elements().forEach((e, i) => {
    if (!e.isKnown() || e.isNull()) return;
    const path = isSet ? withIndex(context.path, e) : withListIndex(context.path, i);
    out.push({ model: model[i], context: { path, value: e, config: context.config } });
  });
  return out;
}

function valuesAre<E, M>(validators: readonly Validator<E>[]): ValidatorObject<M> {
  const description = `element value must satisfy all validations: ${descriptionsOf(validators as readonly Validator<never>[])}`;
  return described<M>(description, (model, context) => {
    const issues: ValidatorIssue[] = [];
    const v = context.value;
    if (v.type.kind === "map" || v.type.kind === "object") {
      const record = model as Readonly<Record<string, unknown>>;
      for (const [k, e] of v.entries()) {
        if (!e.isKnown() || e.isNull()) continue;
        const ctx = { path: withMapKey(context.path, k), value: e, config: context.config };
        issues.push(...runAll(validators, record[k] as E, ctx));
      }
    } else {
      for (const el of sequenceElements(model as readonly unknown[], context))
        issues.push(...runAll(validators, el.model as E, el.context));
    }
    return issues;
  });
}

/**
 * Validators of list attributes and list blocks, with the wording of
 * terraform-plugin-framework-validators' `listvalidator` package.
 *
 * @remarks Sizes count the elements ("list must contain at least 1 elements and at most 3
 * elements", as the Go validators say). `valuesAre` runs element validators (e.g.
 * {@link stringValidator}`.lengthAtLeast(1)`) on every known, non-null element, each with the
 * element's own path (`tags[2]`). `uniqueValues` compares known elements exactly.
 * @example
 * ```ts
 * attr.list(t.string, { optional: true, validators: [listValidator.sizeAtMost(3), listValidator.uniqueValues()] });
 * ```
 * @category constructors
 */
export const listValidator = {
  ...sizes<readonly unknown[]>("list"),
  /**
   * No two known elements are equal (Go `listvalidator.UniqueValues`): "Duplicate List Value",
   * `This attribute contains duplicate values of: "a"`, reported on the list.
   */
  uniqueValues(): ValidatorObject<readonly unknown[]> {
    return described<readonly unknown[]>("all values must be unique", (_, context) => {
      const issues: ValidatorIssue[] = [];
      // Equal values have equal hash strings: only those in one bucket need comparing.
      const buckets = new Map<string, Value[]>();
      for (const e of context.value.elements()) {
        if (!e.isWhollyKnown()) continue;
        const key = setHashString(e);
        const seen = buckets.get(key);
        if (seen === undefined) {
          buckets.set(key, [e]);
          continue;
        }
        // One diagnostic per earlier equal element, as the Go validator reports each pair.
        for (const earlier of seen)
          if (rawEquals(earlier, e))
            issues.push({
              summary: "Duplicate List Value",
              detail: `This attribute contains duplicate values of: ${valueString(e)}`,
            });
        seen.push(e);
      }
      return issues;
    });
  },
  /** Every known, non-null element satisfies `validators` (Go `listvalidator.ValueStringsAre` and friends). */
  valuesAre<E>(...validators: Validator<E>[]): ValidatorObject<readonly (E | null)[]> {
    return valuesAre<E, readonly (E | null)[]>(validators);
  },
} as const;

/**
 * Validators of set attributes and set blocks (`setvalidator`): sizes and `valuesAre`, whose
 * diagnostics carry the element's path (a set element is named by its value).
 * @remarks A set's size is checked only once all its elements are known: until then, equal
 * elements may still merge.
 * @category constructors
 */
export const setValidator = {
  ...sizes<readonly unknown[]>("set"),
  /** Every known, non-null element satisfies `validators` (Go `setvalidator.ValueStringsAre` and friends). */
  valuesAre<E>(...validators: Validator<E>[]): ValidatorObject<readonly (E | null)[]> {
    return valuesAre<E, readonly (E | null)[]>(validators);
  },
} as const;

/**
 * Validators of map attributes and map blocks (`mapvalidator`): sizes, `keysAre` and
 * `valuesAre`, whose diagnostics carry the element's path (`tags["env"]`).
 * @example
 * ```ts
 * attr.map(t.string, { optional: true, validators: [mapValidator.keysAre(stringValidator.regexMatches(/^[a-z]+$/))] });
 * ```
 * @category constructors
 */
export const mapValidator = {
  ...sizes<Readonly<Record<string, unknown>>>("map"),
  /** Every key satisfies `validators`, each run with the element's path (Go `mapvalidator.KeysAre`). */
  keysAre(...validators: Validator<string>[]): ValidatorObject<Readonly<Record<string, unknown>>> {
    const description = `key must satisfy all validations: ${descriptionsOf(validators as readonly Validator<never>[])}`;
    return described<Readonly<Record<string, unknown>>>(description, (_, context) => {
      const issues: ValidatorIssue[] = [];
      for (const k of context.value.entries().keys()) {
        const ctx = { path: withMapKey(context.path, k), value: stringVal(k), config: context.config };
        issues.push(...runAll(validators, k, ctx));
      }
      return issues;
    });
  },
  /** Every known, non-null value satisfies `validators` (Go `mapvalidator.ValueStringsAre` and friends). */
  valuesAre<E>(...validators: Validator<E>[]): ValidatorObject<Readonly<Record<string, E | null>>> {
    return valuesAre<E, Readonly<Record<string, E | null>>>(validators);
  },
} as const;
