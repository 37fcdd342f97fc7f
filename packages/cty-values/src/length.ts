import { CtyError } from "./errors.js";
import { withMarks } from "./internal/marks.js";
import { lengthBoundInt, refine, valueRange } from "./refinement.js";
import { numberType } from "./type.js";
import { numberVal, unknownVal, unmark, type Value } from "./value.js";

/**
 * The length of a collection or tuple as a cty number (go-cty `Value.Length`).
 *
 * @remarks
 * - tuple: its type's length, even when the tuple is unknown or null;
 * - unknown collection: an unknown number refined not-null within the collection's length
 *   bounds (`[0, 9223372036854775807]` when unrefined);
 * - known set: exact when wholly known or holding exactly one stored element, otherwise unknown
 *   refined not-null within `[1, stored]` (unknown elements may merge once known);
 * - list, map: the element count; known (even null) object: its type's attribute count.
 *
 * Marks on the value move to the result. Unlike {@link Value.lengthInt} this never counts
 * possibly-merging set elements as distinct.
 * @example
 * ```ts
 * length(setVal([unknownVal(stringType), unknownVal(stringType)]))
 * // cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(1), true).NumberUpperBound(cty.NumberIntVal(2), true).NewValue()
 * ```
 * @throws {@link CtyError} with code `"invalid_value"` for null collections and for types that
 * have no length (primitives, unknown objects).
 * @category combinators
 */
export function length(v: Value): Value {
  if (v.marks.size > 0) {
    const [u, marks] = unmark(v);
    return withMarks(length(u), marks);
  }
  const t = v.type;
  if (t.kind === "tuple") return numberVal(t.elementTypes.length);
  // go-cty LengthInt counts an object's attributes from its type, known or not.
  if (t.kind === "object" && v.isKnown()) return numberVal(Object.keys(t.attributeTypes).length);
  if (!v.isKnown()) {
    if (t.kind !== "list" && t.kind !== "set" && t.kind !== "map" && t.kind !== "dynamic") {
      throw new CtyError("invalid_value", `LengthLowerBound for ${t.kind} value`);
    }
    const rng = valueRange(v);
    return refine(unknownVal(numberType))
      .notNull()
      .numberRangeInclusive(rng.lengthLowerBound(), lengthBoundInt(rng.lengthUpperBound()))
      .newValue();
  }
  if (v.isNull()) throw new CtyError("invalid_value", "value is null");
  if (t.kind === "set") {
    const stored = v.payload as readonly Value[];
    if (stored.length === 1 || v.isWhollyKnown()) return numberVal(stored.length);
    return refine(unknownVal(numberType)).notNull().numberRangeInclusive(1, stored.length).newValue();
  }
  if (t.kind === "list" || t.kind === "map") return numberVal(v.lengthInt());
  throw new CtyError("invalid_value", `value of type ${t.kind} has no length`);
}
