import type { Type } from "../type.js";
import type { Value } from "../value.js";
import { convertValue, getPathConversion } from "./conversion.js";
import { mismatchMessageFor } from "./mismatch.js";
import { type Conversion, toConversion } from "./path-conversion.js";
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
  return unifyTypes(types, false, getPathConversion);
}

/**
 * Like {@link unify}, but may use unsafe conversions.
 *
 * @remarks go-cty `convert.UnifyUnsafe`: `[string, dynamic]` gives `string` here but `dynamic`
 * with {@link unify}.
 * @category conversion
 */
export function unifyUnsafe(types: readonly Type[]): Unification | undefined {
  return unifyTypes(types, true, getPathConversion);
}

/**
 * Describes in English why a value of type `got` does not convert to `want`.
 *
 * @remarks go-cty `convert.MismatchMessage`, the text `convert` throws when no conversion
 * exists: `number required`, `attribute "foo" is required`, `attributes "bar" and "foo" are
 * required`, `incorrect list element type: …`, `element 0: …`, `all list elements must have
 * the same type`. Only meaningful after a conversion has failed. Where go-cty visits attributes
 * in Go map order, this visits them in name order, so the message is deterministic.
 * @example
 * ```ts
 * mismatchMessage(boolType, numberType) // "number required"
 * ```
 * @category conversion
 */
export function mismatchMessage(got: Type, want: Type): string {
  return mismatchMessageFor(got, want, getPathConversion);
}
