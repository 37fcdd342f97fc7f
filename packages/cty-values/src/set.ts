import { valueSetRules } from "./equality.js";
import { CtyError } from "./errors.js";
import { withMarks } from "./internal/marks.js";
import { unknownBool } from "./internal/number-compare.js";
import { type Hashed, orderedSet, setHas } from "./internal/set-rules.js";
import type { CtyNumber } from "./number.js";
import { compareUtf8, setType, type Type, typeEquals } from "./type.js";
import {
  asElementType,
  commonElementType,
  False,
  freezeMarks,
  True,
  unmark,
  unmarkDeepCollect,
  Value,
} from "./value.js";

// Sets of values: the generic set algorithms (internal/set-rules.ts) with go-cty's rules for
// values, whose Equivalent is equality.ts's Equals. This module sits above equality, so the
// set-valued constructor lives here rather than with the other constructors in value.ts.

/**
 * Deduplicates set elements and puts them in go-cty's iteration order.
 *
 * @remarks Elements are grouped into buckets by the CRC-32 (IEEE) of `setHashString`;
 * an element joins its bucket only when no member there is known-`true` `Equals` to it (so
 * unknowns, and elements containing unknowns, never merge). Buckets are concatenated in ascending
 * checksum order, insertion order within each, and the result is stable-sorted with go-cty's
 * `setRules.Less`.
 * @internal
 */
export function canonicalSetElements(elements: readonly Value[]): Value[] {
  const kind = elementKind(elements);
  return orderedSet({ ...valueSetRules, less: (a, b) => setLess(kind, a, b) }, elements);
}

/**
 * A known set (go-cty `SetVal`): duplicates removed, elements in go-cty's iteration order,
 * element marks moved onto the set.
 * @throws {@link CtyError} when empty (use {@link setValEmpty}) or element types differ.
 * @category constructors
 */
export function setVal(elements: readonly Value[]): Value {
  if (elements.length === 0) throw new CtyError("invalid_value", "must not call setVal with empty slice");
  const t = commonElementType(elements, "set");
  const marks = new Set<string>();
  const clean = elements.map((e) => {
    const [u, m] = unmarkDeepCollect(asElementType(e, t));
    for (const x of m) marks.add(x);
    return u;
  });
  return new Value(setType(t), Object.freeze(canonicalSetElements(clean)), freezeMarks(marks));
}

function elementKind(elements: readonly Value[]): Type["kind"] {
  for (const e of elements) if (e.type.kind !== "dynamic") return e.type.kind;
  return "dynamic";
}

/**
 * go-cty `setRules.Less`.
 *
 * go-cty first returns false for `RawEquals` elements; that check is left out because it never
 * changes the answer here: two elements of one set are never both known-equal primitives, and
 * `RawEquals` composites have equal hash strings, unknowns never sort before anything, and a set
 * holds at most one null.
 */
function setLess(kind: Type["kind"], a: Hashed<Value>, b: Hashed<Value>): boolean {
  const v1 = a.value;
  const v2 = b.value;
  // Nulls sort after everything else, then unknowns after known values.
  if (v2.isNull() && !v1.isNull()) return true;
  if (v1.isNull()) return false;
  if (v1.isKnown() && !v2.isKnown()) return true;
  if (!v1.isKnown()) return false;
  switch (kind) {
    case "string":
      return compareUtf8(v1.payload as string, v2.payload as string) < 0;
    case "bool":
      return v1.payload !== true && v2.payload === true;
    case "number":
      return (v1.payload as CtyNumber).cmp(v2.payload as CtyNumber) < 0;
    default:
      return compareUtf8(a.hash, b.hash) < 0;
  }
}

/**
 * Whether a set contains an element (go-cty `Value.HasElement`), as a cty bool.
 *
 * @remarks Unknown when the set or the element is unknown, or when no known member matches but
 * the set is not wholly known (an unknown member may turn out equal); `False` when the element's
 * type cannot be in the set. Marks on either operand move to the result.
 * @example
 * ```ts
 * hasElement(setVal([stringVal("a")]), stringVal("a")) // True
 * ```
 * @throws {@link CtyError} with code `"invalid_value"` for a null or non-set value.
 * @category combinators
 */
export function hasElement(set: Value, elem: Value): Value {
  if (set.marks.size > 0 || elem.marks.size > 0) {
    const [s, sm] = unmark(set);
    const [e, em] = unmark(elem);
    return withMarks(hasElement(s, e), sm, em);
  }
  const t = set.type;
  if (set.isNull()) throw new CtyError("invalid_value", "cannot HasElement on null value");
  if (!set.isKnown()) return unknownBool();
  if (t.kind !== "set") throw new CtyError("invalid_value", "not a set type");
  if (
    elem.type.kind !== "dynamic" &&
    t.elementType.kind !== "dynamic" &&
    !typeEquals(elem.type, t.elementType)
  ) {
    return False;
  }
  if (!elem.isKnown()) return unknownBool();
  const noMatch = set.isWhollyKnown() ? False : unknownBool();
  if (!typeEquals(t.elementType, elem.type)) return False;
  return setHas(valueSetRules, set.payload as readonly Value[], elem) ? True : noMatch;
}
