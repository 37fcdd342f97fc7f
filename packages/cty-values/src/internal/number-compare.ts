import { CtyNumber } from "../number.js";
import { boolType } from "../type.js";
import { boolVal, False, numberVal, type Refinement, refinedUnknownVal, True, type Value } from "../value.js";

/**
 * go-cty's number comparisons on possibly-unknown operands (`LessThan`, `GreaterThan`, their
 * `OrEqualTo` variants and `Or`), used by refinement checks and `ValueRange.Includes`.
 *
 * Operands are unmarked, non-null number values; unknown operands are judged by their refined
 * bounds, treating every bound as exclusive, exactly as go-cty does.
 * @internal
 */

/** @internal The refined-not-null unknown bool go-cty returns when a comparison is undecided. */
export function unknownBool(): Value {
  return refinedUnknownVal(boolType, { notNull: true });
}

/** @internal A number's range: exact for known values, refinement bounds (or ±Inf) for unknowns. */
export interface NumberSpan {
  readonly min: CtyNumber;
  readonly minInclusive: boolean;
  readonly max: CtyNumber;
  readonly maxInclusive: boolean;
}

/** @internal The range of a non-null number value (go-cty `Range().NumberLowerBound/UpperBound`). */
export function numberSpan(v: Value): NumberSpan {
  if (v.isKnown()) {
    const n = v.payload as CtyNumber;
    return { min: n, minInclusive: true, max: n, maxInclusive: true };
  }
  const r = v.refinement;
  const lo = r?.numberLowerBound;
  const hi = r?.numberUpperBound;
  return {
    min: lo?.value ?? CtyNumber.negativeInfinity,
    minInclusive: lo?.inclusive ?? false,
    max: hi?.value ?? CtyNumber.positiveInfinity,
    maxInclusive: hi?.inclusive ?? false,
  };
}

/** @internal go-cty `a.LessThan(b)` for unmarked non-null numbers. */
export function numberLessThan(a: Value, b: Value): Value {
  if (a.isKnown() && b.isKnown()) return boolVal((a.payload as CtyNumber).cmp(b.payload as CtyNumber) < 0);
  const ra = numberSpan(a);
  const rb = numberSpan(b);
  if (ra.max.cmp(rb.min) < 0) return True;
  if (ra.min.cmp(rb.max) > 0) return boolVal(false);
  return unknownBool();
}

/** @internal go-cty `a.GreaterThan(b)` for unmarked non-null numbers. */
export function numberGreaterThan(a: Value, b: Value): Value {
  if (a.isKnown() && b.isKnown()) return boolVal((a.payload as CtyNumber).cmp(b.payload as CtyNumber) > 0);
  const ra = numberSpan(a);
  const rb = numberSpan(b);
  if (ra.min.cmp(rb.max) > 0) return True;
  if (ra.max.cmp(rb.min) < 0) return boolVal(false);
  return unknownBool();
}

/** @internal go-cty `Or` on two unmarked bools: `True` wins even against unknown. */
export function boolOr(a: Value, b: Value): Value {
  if (isTrue(a) || isTrue(b)) return True;
  if (a.isKnown() && b.isKnown()) return boolVal(a.payload === true || b.payload === true);
  return unknownBool();
}

/**
 * @internal go-cty `a.Equals(b)` for unmarked non-null numbers: what equality.ts's `equals` gives
 * for two such values, written here so that these comparisons need nothing above values.
 */
export function numberEquals(a: Value, b: Value): Value {
  const aKnown = a.isKnown();
  const bKnown = b.isKnown();
  if (aKnown && bKnown) return boolVal((a.payload as CtyNumber).equals(b.payload as CtyNumber));
  if (aKnown !== bKnown) {
    // go-cty first asks the unknown's range (ValueRange.Includes) whether it can hold the known one.
    const known = aKnown ? a : b;
    const refinement = (aKnown ? b : a).refinement;
    if (refinement !== undefined && !withinBounds(known, refinement)) return False;
  }
  return unknownBool();
}

/**
 * Does a known number lie within an unknown number's refined bounds (go-cty
 * `ValueRange.Includes` for numbers; an absent bound is an exclusive infinity)?
 */
function withinBounds(n: Value, r: Refinement): boolean {
  const lo = r.numberLowerBound ?? { value: CtyNumber.negativeInfinity, inclusive: false };
  const hi = r.numberUpperBound ?? { value: CtyNumber.positiveInfinity, inclusive: false };
  const minOk = lo.inclusive
    ? numberGreaterOrEqual(n, numberVal(lo.value))
    : numberGreaterThan(n, numberVal(lo.value));
  const maxOk = hi.inclusive
    ? numberLessOrEqual(n, numberVal(hi.value))
    : numberLessThan(n, numberVal(hi.value));
  return !isFalse(minOk) && !isFalse(maxOk);
}

/** @internal go-cty `a.LessThanOrEqualTo(b)`. */
export function numberLessOrEqual(a: Value, b: Value): Value {
  return boolOr(numberLessThan(a, b), numberEquals(a, b));
}

/** @internal go-cty `a.GreaterThanOrEqualTo(b)`. */
export function numberGreaterOrEqual(a: Value, b: Value): Value {
  return boolOr(numberGreaterThan(a, b), numberEquals(a, b));
}

/** @internal Is the value a known, non-null `true`? */
export function isTrue(v: Value): boolean {
  return v.isKnown() && !v.isNull() && v.payload === true;
}

/** @internal Is the value a known, non-null `false`? */
export function isFalse(v: Value): boolean {
  return v.isKnown() && !v.isNull() && v.payload === false;
}
