import { equals } from "../equality.js";
import { CtyNumber } from "../number.js";
import { boolType } from "../type.js";
import { boolVal, refinedUnknownVal, True, type Value } from "../value.js";

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

/** @internal go-cty `a.LessThanOrEqualTo(b)`. */
export function numberLessOrEqual(a: Value, b: Value): Value {
  return boolOr(numberLessThan(a, b), equals(a, b));
}

/** @internal go-cty `a.GreaterThanOrEqualTo(b)`. */
export function numberGreaterOrEqual(a: Value, b: Value): Value {
  return boolOr(numberGreaterThan(a, b), equals(a, b));
}

/** @internal Is the value a known, non-null `true`? */
export function isTrue(v: Value): boolean {
  return v.isKnown() && !v.isNull() && v.payload === true;
}

/** @internal Is the value a known, non-null `false`? */
export function isFalse(v: Value): boolean {
  return v.isKnown() && !v.isNull() && v.payload === false;
}
