import { testConformance } from "./conformance.js";
import { containsMarked, sameMarks, shallowUnmark, withMarks } from "./internal/marks.js";
import { isFalse, isTrue, unknownBool } from "./internal/number-compare.js";
import { type SetRules, setHas } from "./internal/set-rules.js";
import type { CtyNumber } from "./number.js";
import { definitelyNotNull, valueRange } from "./refinement.js";
import { setHashString } from "./set-hash.js";
import { hasDynamicTypes, type Type, typeEquals } from "./type.js";
import { boolVal, False, True, unmarkDeepCollect, type Value } from "./value.js";

/**
 * go-cty's set rules for values (`setRules`): bucket by {@link setHashString}, and two elements
 * are one member only when {@link equals} is a known `true` (go-cty `Equivalent`). Defined here
 * because comparing two sets needs them, and set.ts builds on them.
 * @internal
 */
export const valueSetRules: SetRules<Value> = {
  hash: setHashString,
  equivalent: (a, b) => isTrue(equals(a, b)),
};

/**
 * Compares two values the way cty operations do (go-cty `Value.Equals`), giving a cty bool.
 *
 * @remarks
 * - Marks are ignored for the comparison and put on the result.
 * - Nulls of any types are equal; null versus non-null (or unknown refined not-null) is `False`.
 * - A refined unknown versus a known value it cannot become is `False` (e.g. `"a"` versus an
 *   unknown with prefix `"b"`); otherwise any unknown operand gives an unknown bool refined
 *   not-null. A known non-null value versus an unknown of a different, non-dynamic type is `False`.
 * - Numbers compare with go-cty `rawNumberEqual` (integers exactly, others by shortest text).
 * - Lists and maps of different lengths are `False` even with unknown elements; otherwise the
 *   first unknown element comparison makes the result unknown. Objects are compared attribute by
 *   attribute in name order (go-cty uses Go map order, so mixed false/unknown results may differ
 *   between go-cty runs).
 * - Sets compare by membership: a top-level unknown element in either set gives unknown; an
 *   element that only *contains* an unknown never matches, so such sets compare `False`.
 * @example
 * ```ts
 * equals(nullVal(stringType), nullVal(numberType)) // True
 * equals(unknownVal(stringType), unknownVal(stringType)) // unknown bool, refined not-null
 * ```
 * @category combinators
 */
export function equals(a: Value, b: Value): Value {
  if (containsMarked(a) || containsMarked(b)) {
    const [ua, ma] = unmarkDeepCollect(a);
    const [ub, mb] = unmarkDeepCollect(b);
    return withMarks(equalsUnmarked(ua, ub), ma, mb);
  }
  return equalsUnmarked(a, b);
}

/** `equals` for values with no marks at any depth (so recursion need not look for marks again). */
function equalsUnmarked(a: Value, b: Value): Value {
  if (a.isNull() && definitelyNotNull(b)) return False;
  if (b.isNull() && definitelyNotNull(a)) return False;
  if (a.isKnown() && !b.isKnown()) {
    if (isFalse(valueRange(b).includes(a))) return False;
  } else if (b.isKnown() && !a.isKnown()) {
    if (isFalse(valueRange(a).includes(b))) return False;
  }

  const aKnown = a.isKnown();
  const bKnown = b.isKnown();
  if (!aKnown && !bKnown) return unknownBool();
  if (aKnown && !bKnown) return knownVersusUnknown(a, b);
  if (bKnown && !aKnown) return knownVersusUnknown(b, a);

  if (a.isNull() && b.isNull()) return True;
  if (a.isNull() || b.isNull()) return False;

  if (!hasWhollyKnownType(a) || !hasWhollyKnownType(b)) {
    // Even with nested dynamic values, types that can never conform are unequal.
    if (testConformance(a.type, b.type).length !== 0 && testConformance(b.type, a.type).length !== 0)
      return False;
    return unknownBool();
  }
  if (!typeEquals(a.type, b.type)) return False;
  return compareKnown(a, b);
}

function knownVersusUnknown(known: Value, unknown: Value): Value {
  // A known null must wait: nulls of any type are equal. A dynamic unknown may take any type.
  if (known.isNull() || hasDynamicTypes(unknown.type)) return unknownBool();
  if (!typeEquals(known.type, unknown.type)) return False;
  return unknownBool();
}

/** Both known, non-null, of the same wholly-known type. */
function compareKnown(a: Value, b: Value): Value {
  const t = a.type;
  switch (t.kind) {
    case "number":
      return boolVal((a.payload as CtyNumber).equals(b.payload as CtyNumber));
    case "bool":
    case "string":
      return boolVal(a.payload === b.payload);
    case "object":
    case "tuple":
    case "list": {
      const xs = sequenceOf(a);
      const ys = sequenceOf(b);
      if (xs.length !== ys.length) return False; // only lists can differ in length here
      for (let i = 0; i < xs.length; i++) {
        const eq = equalsUnmarked(xs[i] as Value, ys[i] as Value);
        if (!eq.isKnown()) return unknownBool();
        if (isFalse(eq)) return False;
      }
      return True;
    }
    case "map": {
      const xm = a.payload as ReadonlyMap<string, Value>;
      const ym = b.payload as ReadonlyMap<string, Value>;
      if (xm.size !== ym.size) return False;
      for (const [k, x] of xm) {
        const y = ym.get(k);
        if (y === undefined) return False;
        const eq = equalsUnmarked(x, y);
        if (!eq.isKnown()) return unknownBool();
        if (isFalse(eq)) return False;
      }
      return True;
    }
    case "set": {
      const xs = a.payload as readonly Value[];
      const ys = b.payload as readonly Value[];
      let equal = true;
      for (const x of xs) {
        if (!x.isKnown()) return unknownBool();
        if (!setHas(valueSetRules, ys, x)) equal = false;
      }
      for (const y of ys) {
        if (!y.isKnown()) return unknownBool();
        if (!setHas(valueSetRules, xs, y)) equal = false;
      }
      return boolVal(equal);
    }
    case "dynamic":
      return unknownBool();
  }
}

function sequenceOf(v: Value): readonly Value[] {
  const p = v.payload;
  if (p instanceof Map) return [...(p as ReadonlyMap<string, Value>).values()];
  return p as readonly Value[];
}

/** go-cty `HasWhollyKnownType`: no `DynamicVal` anywhere inside. */
function hasWhollyKnownType(v: Value): boolean {
  if (v.isNull()) return true;
  if (!v.isKnown()) return !hasDynamicTypes(v.type);
  const p = v.payload;
  if (Array.isArray(p)) return (p as readonly Value[]).every(hasWhollyKnownType);
  if (p instanceof Map) {
    for (const e of (p as ReadonlyMap<string, Value>).values()) if (!hasWhollyKnownType(e)) return false;
  }
  return true;
}

/**
 * Reports whether two values are identical (go-cty `Value.RawEquals`), for tests and contracts.
 *
 * @remarks Unlike {@link equals}: types must be equal (so `nullVal(stringType)` is not
 * `rawEquals` to `nullVal(numberType)`), marks must be identical at every level, two unknowns are
 * equal only when their refinements match exactly (a plain unknown differs from one refined with
 * nothing), and sets compare element by element in iteration order. Numbers use go-cty
 * `rawNumberEqual`.
 * @category combinators
 */
export function rawEquals(a: Value, b: Value): boolean {
  if (!typeEquals(a.type, b.type)) return false;
  if (!sameMarks(a.marks, b.marks)) return false;
  const x = shallowUnmark(a);
  const y = shallowUnmark(b);
  const xKnown = x.isKnown();
  const yKnown = y.isKnown();
  if (!xKnown && !yKnown) return refinementsRawEqual(x.type, x.refinement, y.refinement);
  if (xKnown !== yKnown) return false;
  if (x.isNull() && y.isNull()) return true;
  if (x.isNull() || y.isNull()) return false;
  const t = x.type;
  switch (t.kind) {
    case "number":
      return (x.payload as CtyNumber).equals(y.payload as CtyNumber);
    case "bool":
    case "string":
      return x.payload === y.payload;
    case "dynamic":
      return true;
    case "map": {
      const xm = x.payload as ReadonlyMap<string, Value>;
      const ym = y.payload as ReadonlyMap<string, Value>;
      if (xm.size !== ym.size) return false;
      for (const [k, e] of xm) {
        const f = ym.get(k);
        if (f === undefined || !rawEquals(e, f)) return false;
      }
      return true;
    }
    default: {
      const xs = sequenceOf(x);
      const ys = sequenceOf(y);
      if (xs.length !== ys.length) return false;
      for (let i = 0; i < xs.length; i++) if (!rawEquals(xs[i] as Value, ys[i] as Value)) return false;
      return true;
    }
  }
}

function refinementsRawEqual(t: Type, r1: Value["refinement"], r2: Value["refinement"]): boolean {
  if ((r1 === undefined) !== (r2 === undefined)) return false;
  if (r1 === undefined || r2 === undefined) return true;
  if ((r1.notNull === true) !== (r2.notNull === true)) return false;
  switch (t.kind) {
    case "string":
      return (r1.stringPrefix ?? "") === (r2.stringPrefix ?? "");
    case "number":
      return (
        boundEqual(r1.numberLowerBound, r2.numberLowerBound) &&
        boundEqual(r1.numberUpperBound, r2.numberUpperBound)
      );
    case "list":
    case "set":
    case "map":
      return (
        (r1.lengthLowerBound ?? 0) === (r2.lengthLowerBound ?? 0) &&
        (r1.lengthUpperBound ?? Number.POSITIVE_INFINITY) ===
          (r2.lengthUpperBound ?? Number.POSITIVE_INFINITY)
      );
    default:
      return true;
  }
}

function boundEqual(
  a: { readonly value: CtyNumber; readonly inclusive: boolean } | undefined,
  b: { readonly value: CtyNumber; readonly inclusive: boolean } | undefined,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.inclusive === b.inclusive && a.value.equals(b.value);
}
