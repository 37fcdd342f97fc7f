import type { Type } from "../type.js";
import type { Value } from "../value.js";
import { type Conversion, convertValue, getPathConversion, toConversion } from "./conversion.js";
import { type Unification, unifyTypes } from "./unify.js";

/**
 * Converts a value to a type, with any safe or unsafe conversion.
 *
 * @remarks go-cty `convert.Convert`. A value whose type already equals `want` (optional
 * markers stripped) is returned as it is. Marks carry over; unknowns and nulls stay unknown or
 * null (refined where the source says something about the result); a `dynamic` target accepts
 * anything unchanged.
 * @example
 * ```ts
 * convert(stringVal("12"), numberType)            // numberVal(12)
 * convert(tupleVal([numberVal(1), True]), listType(stringType)) // ["1", "true"]
 * convert(stringVal("yes"), boolType)             // throws: a bool is required
 * ```
 * @throws `CtyError` with code `"conversion"`: go-cty's message (see
 * `mismatchMessage`) and the path of the failing part, e.g. `.a[0].b: a number is required`.
 * @category conversion
 */
export function convert(value: Value, want: Type): Value {
  return convertValue(value, want);
}

/**
 * The safe conversion from one type to another, if there is one.
 *
 * @remarks go-cty `convert.GetConversion`. A safe conversion succeeds for every value of
 * `from` (number → string, list → list, object → its subset, …). Like go-cty, this returns
 * undefined for a primitive type to itself; check type equality first.
 * @category conversion
 */
export function getConversion(from: Type, to: Type): Conversion | undefined {
  return toConversion(getPathConversion(from, to, false));
}

/**
 * The safe or unsafe conversion from one type to another, if there is one.
 *
 * @remarks go-cty `convert.GetConversionUnsafe`. Unsafe conversions may fail for some values
 * (string → number, list → set, map → object, dynamic → anything).
 * @category conversion
 */
export function getConversionUnsafe(from: Type, to: Type): Conversion | undefined {
  return toConversion(getPathConversion(from, to, true));
}

/**
 * Finds the type all the given types safely convert to, and the conversions to it.
 *
 * @remarks go-cty `convert.Unify`. Undefined when there is none, including for no types.
 * `[number, string]` gives `string`; `[object({a: string}), object({b: number})]` gives
 * `map(string)`; dynamic mixed with concrete types gives `dynamic`.
 * @category conversion
 */
export function unify(types: readonly Type[]): Unification | undefined {
  return unifyTypes(types, false);
}

/**
 * Like {@link unify}, but may use unsafe conversions.
 *
 * @remarks go-cty `convert.UnifyUnsafe`: `[string, dynamic]` gives `string` here but `dynamic`
 * with {@link unify}.
 * @category conversion
 */
export function unifyUnsafe(types: readonly Type[]): Unification | undefined {
  return unifyTypes(types, true);
}
