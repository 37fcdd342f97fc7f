import type { Value } from "@tfkit/cty-values";
import { goQuote } from "@tfkit/cty-values";
import { frameworkPathString } from "../internal/path.js";
import { isUnknown } from "../unknown.js";
import type {
  Validator,
  ValidatorContext,
  ValidatorFunction,
  ValidatorIssue,
  ValidatorObject,
  ValidatorResult,
} from "../validator.js";

// Summaries of terraform-plugin-framework-validators' helpers/validatordiag, which users search.
/** @internal */
export const INVALID_VALUE = "Invalid Attribute Value";
/** @internal */
export const INVALID_LENGTH = "Invalid Attribute Value Length";
/** @internal */
export const INVALID_MATCH = "Invalid Attribute Value Match";

/**
 * @internal An issue worded as the Go validators word theirs:
 * `Attribute <path> <description>, got: <value>`.
 */
export function attributeIssue(
  summary: string,
  context: ValidatorContext,
  description: string,
  got: string,
): ValidatorIssue {
  return { summary, detail: `Attribute ${frameworkPathString(context.path)} ${description}, got: ${got}` };
}

/**
 * @internal The Go validators' "Invalid Validator Usage" error, for a validator built with
 * arguments that can never be satisfied (e.g. a minimum above the maximum).
 */
export function usageIssue(name: string, problem: string): ValidatorIssue {
  return {
    summary: "Invalid Validator Usage",
    detail:
      "When validating the schema, an implementation issue was found. This is always an issue with the provider and should be reported to the provider developers.\n\n" +
      `An invalid usage of the ${goQuote(name)} validator was found: ${problem}`,
  };
}

/** @internal A described validator that skips null and unknown models (built-ins only see values). */
export function described<M>(
  description: string,
  validate: (value: Exclude<M, null>, context: ValidatorContext) => ValidatorResult,
): ValidatorObject<M> {
  return Object.freeze({
    description,
    markdownDescription: description,
    validate: (value: M, context: ValidatorContext): ValidatorResult => {
      if (value === null || value === undefined || isUnknown(value)) return undefined;
      return validate(value as Exclude<M, null>, context);
    },
  });
}

/** @internal Every issue a list of validators reports, with `path` set (default: the context's). */
export function runAll<M>(
  validators: readonly Validator<M>[],
  value: M,
  context: ValidatorContext,
): ValidatorIssue[] {
  const out: ValidatorIssue[] = [];
  for (const validator of validators) {
    const fn: ValidatorFunction<M> = typeof validator === "function" ? validator : validator.validate;
    let result: ValidatorResult;
    try {
      result = fn(value, context);
    } catch (e) {
      out.push({
        summary: "Attribute Validation Error",
        detail: `A validator failed: ${e instanceof Error ? e.message : String(e)}`,
        path: context.path,
      });
      continue;
    }
    if (result === undefined || result === null) continue;
    const list: readonly (string | ValidatorIssue)[] =
      typeof result === "string" || !Array.isArray(result) ? [result as string | ValidatorIssue] : result;
    for (const issue of list) {
      if (typeof issue === "string") out.push({ summary: INVALID_VALUE, detail: issue, path: context.path });
      else out.push({ ...issue, path: issue.path ?? context.path });
    }
  }
  return out;
}

/** @internal The descriptions of validators joined as the Go `…sAre` validators join them. */
export function descriptionsOf(validators: readonly Validator<never>[]): string {
  return validators
    .map((v) => (typeof v === "function" ? "" : (v.description ?? "")))
    .filter((d) => d !== "")
    .join(" + ");
}

/**
 * @internal A value as the Go framework's `attr.Value.String()` shows it: strings quoted, numbers
 * exact, collections in brackets, objects in braces.
 */
export function valueString(v: Value): string {
  if (!v.isKnown()) return "<unknown>";
  if (v.isNull()) return "<null>";
  switch (v.type.kind) {
    case "string":
      return goQuote(v.asString());
    case "number":
      return v.asNumber().text();
    case "bool":
      return v.asBool() ? "true" : "false";
    case "list":
    case "set":
    case "tuple":
      return `[${v
        .elements()
        .map((e) => valueString(e))
        .join(",")}]`;
    case "map":
    case "object":
      return `{${[...v.entries()].map(([k, e]) => `${goQuote(k)}:${valueString(e)}`).join(",")}}`;
    default:
      return "<value>";
  }
}

/** @internal `["a" "b"]`: a list of quoted texts as Go's `%q` prints a slice. */
export function quotedList(texts: readonly string[]): string {
  return `[${texts.map((t) => goQuote(t)).join(" ")}]`;
}
