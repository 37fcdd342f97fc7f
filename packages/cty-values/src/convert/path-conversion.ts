import type { Path } from "../path.js";
import type { Type } from "../type.js";
import type { Value } from "../value.js";

// What a conversion is. The per-kind conversion builders (collection.ts, structural.ts), type
// unification (unify.ts) and the mismatch messages (mismatch.ts) recurse into the conversion
// search, which in turn uses them: they are given the search as a FindConversion argument
// rather than importing conversion.ts, so that the modules import one way only.

/**
 * A conversion that reports failures relative to the path of the value it is given.
 *
 * @remarks go-cty's internal `conversion` type. Throws `CtyError` code `"conversion"`.
 * @internal
 */
export type PathConversion = (value: Value, path: Path) => Value;

/**
 * The conversion search the builders recurse into (`getPathConversion` in conversion.ts; go-cty
 * `getConversion`): the conversion between two types, or undefined when there is none.
 * @internal
 */
export type FindConversion = (from: Type, to: Type, unsafe: boolean) => PathConversion | undefined;

/**
 * A conversion function from one value to another, as `getConversion` returns it.
 *
 * @remarks go-cty `convert.Conversion`. Throws `CtyError` code `"conversion"` when the
 * given value cannot be converted.
 * @category conversion
 */
export type Conversion = (value: Value) => Value;

/**
 * The public form of a conversion: errors are reported relative to the converted value.
 * @internal
 */
export function toConversion(conversion: PathConversion | undefined): Conversion | undefined {
  return conversion && ((value: Value) => conversion(value, []));
}
