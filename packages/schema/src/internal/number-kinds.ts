import { CtyNumber } from "@tfkit/cty-values";

// The float32 and int32 conversions of the Go framework (`basetypes.Float32Type`,
// `basetypes.Int32Type`): which numbers they accept and what a provider sees.

const F32 = new Float32Array(1);
const F32_BITS = new Uint32Array(F32.buffer);

/** The float32 next to a non-negative float32, one step away from zero (+∞ after the largest). */
function stepUp(f: number): number {
  F32[0] = f;
  F32_BITS[0] = (F32_BITS[0] as number) + 1;
  return F32[0] as number;
}

/** The float32 next to a positive float32 (or +∞), one step towards zero. */
function stepDown(f: number): number {
  F32[0] = f;
  F32_BITS[0] = (F32_BITS[0] as number) - 1;
  return F32[0] as number;
}

/** Half the gap between the largest float32 and what would follow it: 2^103. */
const HALF_ULP_AT_MAX = 2 ** 103;

/**
 * @internal The exact number rounded once to single precision, to nearest even (Go
 * `big.Float.Float32`): ±∞ beyond the range, ±0 below the smallest subnormal.
 *
 * @remarks `Math.fround(n.toFloat64())` rounds twice; that differs from one rounding only when
 * the float64 lands exactly half-way between two float32 values, where the exact number decides.
 */
export function float32Of(n: CtyNumber): number {
  if (n.isInfinite()) return n.sign() < 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  const x = n.toFloat64();
  const f = Math.fround(x);
  if (f === x || !Number.isFinite(x)) return f;
  const ax = Math.abs(x);
  const af = Math.abs(f);
  const lo = af < ax ? af : stepDown(af);
  const hi = af < ax ? stepUp(af) : af;
  const mid = hi === Number.POSITIVE_INFINITY ? lo + HALF_ULP_AT_MAX : (lo + hi) / 2;
  if (ax !== mid) return f;
  const c = n.abs().cmp(CtyNumber.fromFloat64(mid));
  const r = c > 0 ? hi : c < 0 ? lo : af;
  return x < 0 ? -r : r;
}

/**
 * @internal Why a number has no float32 (Go `Float32Type.ValueFromTerraform`): it overflows to
 * an infinity, or underflows to zero without being zero. Undefined when it fits.
 */
export function float32Problem(n: CtyNumber): string | undefined {
  const f = float32Of(n);
  if (Number.isFinite(f) && (f !== 0 || n.isZero())) return undefined;
  return `Value ${n.text()} cannot be represented as a 32-bit floating point.`;
}

/**
 * @internal Why a number has no float64 (Go `Float64Type.ValueFromTerraform` and its
 * validation): it overflows to an infinity, or underflows to zero without being zero. An
 * infinity itself is a float64. Undefined when it fits.
 */
export function float64Problem(n: CtyNumber): string | undefined {
  const x = n.toFloat64();
  if ((Number.isFinite(x) || n.isInfinite()) && (x !== 0 || n.isZero())) return undefined;
  return `Value ${n.text()} cannot be represented as a 64-bit floating point.`;
}

/** @internal The int32 range. */
export const INT32_MIN = -(2 ** 31);
/** @internal The int32 range. */
export const INT32_MAX = 2 ** 31 - 1;

/**
 * @internal Why a number is no int32 (Go `Int32Type.ValueFromTerraform`): not whole, or out of
 * −2^31 … 2^31 − 1. Undefined when it fits.
 */
export function int32Problem(n: CtyNumber): string | undefined {
  if (!n.isInteger()) return `Value ${n.text()} is not an integer.`;
  if (!n.isSafeInteger()) return `Value ${n.text()} cannot be represented as a 32-bit integer.`;
  const x = n.toFloat64();
  if (x < INT32_MIN || x > INT32_MAX) return `Value ${n.text()} cannot be represented as a 32-bit integer.`;
  return undefined;
}
