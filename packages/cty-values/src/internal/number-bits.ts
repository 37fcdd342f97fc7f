/**
 * Bit-level helpers for the big binary float behind `CtyNumber`.
 *
 * @internal
 * @packageDocumentation
 */

/**
 * Smallest Go `big.Float` exponent (`big.MinExp`, `math.MinInt32`).
 *
 * @remarks Go stores a finite float as `0.mant × 2**exp` with `0.5 ≤ 0.mant < 1`; this file calls
 * that `exp` the "Go exponent": `bitLength(m) + e` for a value `m × 2**e` with integer `m`.
 * @internal
 */
export const MIN_EXP = -2147483648;

/** Largest Go `big.Float` exponent (`big.MaxExp`, `math.MaxInt32`). @internal */
export const MAX_EXP = 2147483647;

const TWO_32 = 4294967296;

/**
 * Number of bits of a non-negative bigint (0 for 0), like Go `nat.bitLen`.
 * @internal
 */
export function bitLength(n: bigint): number {
  if (n < 0x100000000n) {
    const small = Number(n);
    return small === 0 ? 0 : 32 - Math.clz32(small);
  }
  if (n < 0x20000000000000n) {
    const hi = Math.floor(Number(n) / TWO_32);
    return 64 - Math.clz32(hi);
  }
  const hex = n.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(Number.parseInt(hex[0] as string, 16)));
}

/**
 * Number of trailing zero bits of a positive bigint.
 * @internal
 */
export function trailingZeroBits(n: bigint): number {
  if ((n & 1n) === 1n) return 0;
  const low = Number(n & 0xffffffffn);
  if (low !== 0) return 31 - Math.clz32(low & -low);
  return bitLength(n & -n) - 1;
}

/**
 * Trailing zero bits of a positive safe integer.
 * @internal
 */
export function trailingZeroBitsSafe(n: number): number {
  const low = n % TWO_32;
  if (low !== 0) return 31 - Math.clz32(low & -low);
  const high = Math.floor(n / TWO_32);
  return 32 + (31 - Math.clz32(high & -high));
}

/**
 * A finite, non-zero magnitude `mant × 2**exp` with an odd `mant`, the canonical payload of
 * `CtyNumber`.
 * @internal
 */
export interface Magnitude {
  /** Odd positive mantissa. */
  readonly mant: bigint;
  /** Binary exponent of the mantissa's least significant bit. */
  readonly exp: number;
  /** `bitLength(mant)`, kept because bigint bit lengths are slow to recompute. */
  readonly bits: number;
}

/**
 * Builds a canonical magnitude (odd mantissa) from any positive `m × 2**e`.
 * @internal
 */
export function magnitude(m: bigint, e: number): Magnitude {
  const tz = trailingZeroBits(m);
  const mant = tz > 0 ? m >> BigInt(tz) : m;
  return { mant, exp: e + tz, bits: bitLength(mant) };
}

/**
 * The outcome of rounding: a finite magnitude, an underflow to zero, or an overflow to infinity
 * (Go's exponent range is 32-bit).
 * @internal
 */
export type Rounded = Magnitude | "zero" | "inf";

/**
 * Rounds `m × 2**e` (plus a sticky fraction below `m`'s last bit when `sticky`) to `prec` bits,
 * nearest-even, like Go `Float.setExpAndRound` in mode `ToNearestEven`.
 *
 * @remarks As in Go, underflow is judged on the exponent before rounding and overflow after; the
 * sticky flag only matters when `m` has more than `prec` bits (callers guarantee that).
 * @internal
 */
export function roundMagnitude(m: bigint, e: number, prec: number, sticky: boolean): Rounded {
  const len = bitLength(m);
  const goExp = len + e;
  if (goExp < MIN_EXP) return "zero";
  if (goExp > MAX_EXP) return "inf";
  let mant = m;
  let exp = e;
  let bits = len;
  const drop = len - prec;
  if (drop > 0) {
    const shift = BigInt(drop);
    let kept = mant >> shift;
    const rest = mant - (kept << shift);
    const half = 1n << (shift - 1n);
    bits = prec;
    if (rest > half || (rest === half && (sticky || (kept & 1n) === 1n))) {
      kept += 1n;
      if (kept >> BigInt(prec) !== 0n) bits++;
    }
    mant = kept;
    exp += drop;
  }
  const tz = trailingZeroBits(mant);
  if (tz > 0) {
    mant >>= BigInt(tz);
    exp += tz;
    bits -= tz;
  }
  if (bits + exp > MAX_EXP) return "inf";
  return { mant, exp, bits };
}

/**
 * Exact product of two magnitudes, rounded to `prec` bits.
 * @internal
 */
export function mulMagnitude(a: Magnitude, b: Magnitude, prec: number): Rounded {
  return roundMagnitude(a.mant * b.mant, a.exp + b.exp, prec, false);
}

/**
 * Correctly rounded quotient of two magnitudes at `prec` bits (Go `Float.uquo`).
 * @internal
 */
export function quoMagnitude(a: Magnitude, b: Magnitude, prec: number): Rounded {
  // Scale the dividend so the integer quotient has at least prec + 2 bits; the remainder then
  // only contributes a sticky bit.
  const scale = Math.max(0, prec + 2 - a.bits + b.bits);
  const dividend = a.mant << BigInt(scale);
  const q = dividend / b.mant;
  const r = dividend - q * b.mant;
  return roundMagnitude(q, a.exp - b.exp - scale, prec, r !== 0n);
}

/**
 * Compares two magnitudes exactly.
 * @internal
 */
export function cmpMagnitude(a: Magnitude, b: Magnitude): -1 | 0 | 1 {
  const ta = a.bits + a.exp;
  const tb = b.bits + b.exp;
  if (ta !== tb) return ta < tb ? -1 : 1;
  // Same top bit: align on the lower least significant bit (bounded by the mantissa lengths).
  let x = a.mant;
  let y = b.mant;
  if (a.exp > b.exp) x <<= BigInt(a.exp - b.exp);
  else if (b.exp > a.exp) y <<= BigInt(b.exp - a.exp);
  return x === y ? 0 : x < y ? -1 : 1;
}

/**
 * Sum (`subtract` false) or difference of two magnitudes, rounded to `prec` bits; for a
 * difference `a` must be strictly larger than `b`.
 *
 * @remarks When `b` lies entirely below `a`'s rounding position it is replaced by a tiny sticky
 * stand-in, so huge exponent gaps cost nothing (Go would shift the mantissa across the gap).
 * @internal
 */
export function addMagnitude(a: Magnitude, b: Magnitude, subtract: boolean, prec: number): Rounded {
  let lo = b;
  const topA = a.bits + a.exp;
  const topB = b.bits + b.exp;
  const floor = Math.min(a.exp, topA - prec) - 4;
  if (topB < floor) lo = { mant: 1n, exp: floor - 1, bits: 1 };
  const base = Math.min(a.exp, lo.exp);
  const x = a.mant << BigInt(a.exp - base);
  const y = lo.mant << BigInt(lo.exp - base);
  const sum = subtract ? x - y : x + y;
  return roundMagnitude(sum, base, prec, false);
}
