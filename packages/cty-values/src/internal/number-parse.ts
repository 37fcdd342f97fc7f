/**
 * Go `big.ParseFloat(s, 10, prec, ToNearestEven)` for `CtyNumber.parse`.
 *
 * @remarks Follows the steps of Go's math/big `floatconv.go` (`Float.Parse`, `Float.scan`,
 * `Float.pow5`) and the base-10 branch of `nat.scan` / `scanExponent` (natconv.go), so results
 * match go-cty bit for bit, including Go's intermediate rounding of large powers of five.
 * @internal
 * @packageDocumentation
 */
import {
  bitLength,
  MAX_EXP,
  MIN_EXP,
  type Magnitude,
  mulMagnitude,
  quoMagnitude,
  type Rounded,
  roundMagnitude,
  magnitude,
} from "./number-bits.js";
import type { Decimal } from "./number-decimal.js";

/**
 * What a successful parse produced: a sign and a zero, an infinity, or a rounded finite magnitude.
 * @internal
 */
export interface ParsedFloat {
  /** Whether a minus sign was given (also for zero). */
  readonly neg: boolean;
  /** The value, rounded to the requested precision. */
  readonly value: Rounded;
  /**
   * The input's own decimal digits when they are provably the value's shortest decimal
   * (`Text('f', -1)`), which spares the costly binary-to-decimal conversion later.
   */
  readonly shortest?: Decimal;
}

/**
 * Digits of a plain decimal input (no binary exponent) are the shortest decimal of the parsed
 * value when (a) the value is correctly rounded, which holds while Go's power of five is exact
 * (5**248 fits the 576 bits Go computes it at), and (b) the input has at most 150 significant
 * digits: 512 bits resolve about 154 digits, so no other decimal of that length or shorter lies
 * within half an ulp. The property tests compare this against the full conversion.
 */
const HINT_MAX_DIGITS = 150;
const EXACT_POW5_MAX = 248;

function decimalHint(mantissaText: string, scale: number): Decimal | undefined {
  let start = 0;
  while (start < mantissaText.length && mantissaText.charCodeAt(start) === 48) start++;
  let end = mantissaText.length;
  while (end > start && mantissaText.charCodeAt(end - 1) === 48) end--;
  if (end - start > HINT_MAX_DIGITS || end === start) return undefined;
  return { digits: mantissaText.slice(start, end), exp: mantissaText.length - start + scale };
}

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/** Go `pow5tab[27]`: the largest power of five that fits a uint64. */
const POW5_27 = 5n ** 27n;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

const pow5Cache = new Map<string, Rounded>();

/**
 * Go `Float.pow5(n)` at precision `prec` (exact up to 5**27, then binary powering where the
 * accumulator keeps `prec` bits and the running square `prec + 64`).
 */
function goPow5(n: number, prec: number): Rounded {
  const key = `${n}/${prec}`;
  const cached = pow5Cache.get(key);
  if (cached !== undefined) return cached;
  let z: Rounded;
  if (n <= 27) {
    z = roundMagnitude(5n ** BigInt(n), 0, prec, false);
  } else {
    z = roundMagnitude(POW5_27, 0, prec, false);
    let f: Rounded = { mant: 5n, exp: 0, bits: 3 };
    let rest = n - 27;
    const fPrec = prec + 64;
    while (rest > 0) {
      if (rest % 2 === 1) z = mulRounded(z, f, prec);
      rest = Math.floor(rest / 2);
      // Go squares once more after the last step; only overflow could differ, and it is unused.
      if (rest > 0) f = mulRounded(f, f, fPrec);
    }
  }
  if (n < 4096 && pow5Cache.size < 256) pow5Cache.set(key, z);
  return z;
}

function mulRounded(a: Rounded, b: Rounded, prec: number): Rounded {
  // Operands are never zero here (powers of five only overflow, never underflow).
  if (a === "inf" || b === "inf") return "inf";
  if (a === "zero" || b === "zero") return "zero";
  return mulMagnitude(a, b, prec);
}

/**
 * Parses `s` like Go `big.ParseFloat(s, 10, prec, big.ToNearestEven)`; `undefined` when Go
 * returns an error.
 * @internal
 */
export function parseGoFloat(s: string, prec: number): ParsedFloat | undefined {
  const n = s.length;
  // Float.Parse: infinities are recognized only as the whole string.
  if (n === 3 && (s === "Inf" || s === "inf")) return { neg: false, value: "inf" };
  if (n === 4 && (s === "+Inf" || s === "+inf")) return { neg: false, value: "inf" };
  if (n === 4 && (s === "-Inf" || s === "-inf")) return { neg: true, value: "inf" };

  let i = 0;
  let neg = false;
  if (n === 0) return undefined;
  const c0 = s.charCodeAt(0);
  if (c0 === 45) {
    neg = true;
    i = 1;
  } else if (c0 === 43) {
    i = 1;
  }

  // Mantissa: decimal digits with at most one '.'; anything else ends it.
  const digitsStart = i;
  let dot = -1;
  let count = 0;
  let intEnd = -1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      count++;
    } else if (c === 46 && dot < 0) {
      dot = count;
      intEnd = i;
    } else {
      break;
    }
  }
  if (count === 0) return undefined;
  const mantissaText =
    dot < 0 ? s.slice(digitsStart, i) : s.slice(digitsStart, intEnd) + s.slice(intEnd + 1, i);
  const fcount = dot < 0 ? 0 : dot - count; // ≤ 0: digits after the point, negated

  // Exponent: 'e'/'E' (decimal) or 'p'/'P' (binary); base 10 accepts no '_' separators.
  let exp = 0;
  let expBig: bigint | undefined;
  let decimalExp = true;
  if (i < n) {
    const c = s.charCodeAt(i);
    if (c === 101 || c === 69 || c === 112 || c === 80) {
      decimalExp = c === 101 || c === 69;
      i++;
      let expNeg = false;
      if (i < n) {
        const sc = s.charCodeAt(i);
        if (sc === 43 || sc === 45) {
          expNeg = sc === 45;
          i++;
        }
      }
      const expStart = i;
      while (i < n && isDigit(s.charCodeAt(i))) i++;
      if (i === expStart) return undefined;
      let sig = expStart;
      while (sig < i - 1 && s.charCodeAt(sig) === 48) sig++;
      const expDigits = s.slice(sig, i);
      if (expDigits.length <= 15) {
        exp = Number(expDigits);
        if (expNeg) exp = -exp;
      } else {
        // strconv.ParseInt(…, 10, 64): out of int64 range is an error.
        expBig = BigInt(expDigits);
        if (expNeg) expBig = -expBig;
        if (expBig > INT64_MAX || expBig < INT64_MIN) return undefined;
      }
    }
  }
  // The whole string must have been consumed.
  if (i !== n) return undefined;

  const mant = BigInt(mantissaText);
  if (mant === 0n) return { neg, value: "zero" };
  if (expBig !== undefined) {
    // |exp| ≥ 10**15 with a non-zero mantissa: Go's exponent check fails ("exponent overflow").
    return undefined;
  }

  // Go: exp2 = bitLen(mant) + fcount + exp must fit int32; 5's exponent is fcount (+ exp for 'e').
  const e2 = fcount + exp;
  const goExp = bitLength(mant) + e2;
  if (goExp < MIN_EXP || goExp > MAX_EXP) return undefined;
  const exp5 = decimalExp ? fcount + exp : fcount;

  const hint =
    decimalExp && prec === 512 && Math.abs(exp5) <= EXACT_POW5_MAX
      ? decimalHint(mantissaText, exp5)
      : undefined;
  if (exp5 === 0) {
    const value = roundMagnitude(mant, e2, prec, false);
    return hint !== undefined && typeof value === "object" ? { neg, value, shortest: hint } : { neg, value };
  }

  // Go keeps the full, unrounded mantissa here and rounds once in Mul/Quo.
  const z: Magnitude = magnitude(mant, e2);
  const p = goPow5(Math.abs(exp5), prec + 64);
  let value: Rounded;
  if (exp5 > 0) value = p === "inf" ? "inf" : p === "zero" ? "zero" : mulMagnitude(z, p, prec);
  else value = p === "inf" ? "zero" : p === "zero" ? "inf" : quoMagnitude(z, p, prec);
  return hint !== undefined && typeof value === "object" ? { neg, value, shortest: hint } : { neg, value };
}
