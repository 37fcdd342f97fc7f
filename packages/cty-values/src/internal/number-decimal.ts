/**
 * Binary-to-decimal conversion and Go `big.Float.Text` formatting for `CtyNumber`.
 *
 * @remarks Follows the algorithm of Go's math/big `ftoa.go` and `decimal.go` (exact decimal
 * expansion, digit-walk shortest rounding, half-even decimal rounding), written anew over JS
 * strings and bigints.
 * @internal
 * @packageDocumentation
 */
import { CtyError } from "../errors.js";
import { bitLength, type Magnitude, trailingZeroBits } from "./number-bits.js";

/**
 * An unsigned decimal `0.digits × 10**exp`; no trailing zeros in `digits`; `""` is zero (then
 * `exp` is 0).
 * @internal
 */
export interface Decimal {
  /** ASCII digits, most significant first, without trailing zeros. */
  digits: string;
  /** Decimal exponent: the value is `0.digits × 10**exp`. */
  exp: number;
}

/**
 * Largest bigint (in bits) converted to decimal; beyond it formatting throws instead of
 * allocating without bound (Go would try, then run for minutes or out of memory).
 *
 * @remarks About 300,000 decimal digits: magnitudes up to about `1e300000` and down to about
 * `1e-130000` (a negative binary exponent `-k` costs `k·log2(5)` bits). Parsing, comparison and
 * arithmetic have no such limit.
 * @internal
 */
export const MAX_DECIMAL_BITS = 1_000_000;

const LOG2_5 = Math.log2(5);

/** Powers of five up to this exponent are cached (5**1199 has about 2800 bits). */
const POW5_CACHE_MAX = 1200;
const pow5Cache: (bigint | undefined)[] = [];

function pow5(k: number): bigint {
  if (k >= POW5_CACHE_MAX) return 5n ** BigInt(k);
  let cached = pow5Cache[k];
  if (cached === undefined) {
    cached = 5n ** BigInt(k);
    pow5Cache[k] = cached;
  }
  return cached;
}

function tooLarge(): CtyError {
  return new CtyError(
    "number",
    "number is too large or too small to format as decimal text (beyond about 1e300000 or 1e-130000)",
  );
}

function trimmed(s: string, exp: number): Decimal {
  let n = s.length;
  while (n > 0 && s.charCodeAt(n - 1) === 48) n--;
  if (n === 0) return { digits: "", exp: 0 };
  return { digits: n === s.length ? s : s.slice(0, n), exp };
}

/**
 * The exact decimal expansion of `m × 2**e` (`m ≥ 0`), like Go `decimal.init`.
 * @internal
 */
export function exactDecimal(m: bigint, e: number): Decimal {
  if (m === 0n) return { digits: "", exp: 0 };
  let mant = m;
  let exp = e;
  if (exp < 0) {
    const tz = Math.min(trailingZeroBits(mant), -exp);
    if (tz > 0) {
      mant >>= BigInt(tz);
      exp += tz;
    }
  }
  if (exp >= 0) {
    if (bitLength(mant) + exp > MAX_DECIMAL_BITS) throw tooLarge();
    const s = (mant << BigInt(exp)).toString();
    return trimmed(s, s.length);
  }
  // m / 2**k == m * 5**k / 10**k: the decimal digits of m * 5**k, point moved k places left.
  const k = -exp;
  if (bitLength(mant) + k * LOG2_5 > MAX_DECIMAL_BITS) throw tooLarge();
  const s = (mant * pow5(k)).toString();
  return trimmed(s, s.length - k);
}

function digitAt(d: Decimal, i: number): number {
  return i >= 0 && i < d.digits.length ? d.digits.charCodeAt(i) : 48;
}

/** Go `decimal.roundUp`: keep n digits, adding one ulp (n < len). */
function roundUp(d: Decimal, n: number): void {
  if (n < 0 || n >= d.digits.length) return;
  let i = n;
  while (i > 0 && d.digits.charCodeAt(i - 1) >= 57) i--;
  if (i === 0) {
    d.digits = "1";
    d.exp++;
    return;
  }
  d.digits = d.digits.slice(0, i - 1) + String.fromCharCode(d.digits.charCodeAt(i - 1) + 1);
}

/** Go `decimal.roundDown`: truncate to n digits. */
function roundDown(d: Decimal, n: number): void {
  if (n < 0 || n >= d.digits.length) return;
  const t = trimmed(d.digits.slice(0, n), d.exp);
  d.digits = t.digits;
  d.exp = t.exp;
}

/**
 * Go `decimal.round`: at most n digits, nearest, ties to even (exact halfway only when the
 * dropped part is a single `5`, since digits carry no trailing zeros).
 * @internal
 */
export function roundDecimal(d: Decimal, n: number): void {
  if (n < 0 || n >= d.digits.length) return;
  const c = d.digits.charCodeAt(n);
  let up: boolean;
  if (c === 53 && n + 1 === d.digits.length) {
    up = n > 0 && ((d.digits.charCodeAt(n - 1) - 48) & 1) !== 0;
  } else {
    up = c >= 53;
  }
  if (up) roundUp(d, n);
  else roundDown(d, n);
}

/** Decimal strings of a scaling unit (a power of five or two) and of `10**len - unit`. */
interface UnitStrings {
  /** The unit's decimal digits. */
  readonly unit: string;
  /** `10**unit.length - unit`, zero-padded to `unit.length` digits. */
  readonly complement: string;
}

const pow5Strings: (UnitStrings | undefined)[] = [];
const pow2Strings: (UnitStrings | undefined)[] = [];

function unitStrings(unit: bigint, cache: (UnitStrings | undefined)[], key: number): UnitStrings {
  const cached = key < POW5_CACHE_MAX ? cache[key] : undefined;
  if (cached !== undefined) return cached;
  const u = unit.toString();
  const complement = (10n ** BigInt(u.length) - unit).toString().padStart(u.length, "0");
  const strings = { unit: u, complement };
  if (key < POW5_CACHE_MAX) cache[key] = strings;
  return strings;
}

/** `s - 1` for a positive decimal string without leading zeros (result without leading zeros). */
function decrement(s: string): string {
  let j = s.length - 1;
  while (j >= 0 && s.charCodeAt(j) === 48) j--;
  const head = s.slice(0, j) + String.fromCharCode(s.charCodeAt(j) - 1) + "9".repeat(s.length - j - 1);
  let k = 0;
  while (k < head.length && head.charCodeAt(k) === 48) k++;
  return head.slice(k);
}

/** `s + 1` for a decimal string without leading zeros (`""` is zero). */
function increment(s: string): string {
  let j = s.length - 1;
  while (j >= 0 && s.charCodeAt(j) === 57) j--;
  if (j < 0) return `1${"0".repeat(s.length)}`;
  return s.slice(0, j) + String.fromCharCode(s.charCodeAt(j) + 1) + "0".repeat(s.length - j - 1);
}

function trimmedLength(s: string): number {
  let n = s.length;
  while (n > 0 && s.charCodeAt(n - 1) === 48) n--;
  return n;
}

/**
 * One rounding bound (x ∓ ½ulp) as Go's digit walk reads it: its leading digits, known from x's
 * expansion and a carry or borrow, and its full expansion only if the walk gets past them.
 */
class Bound {
  readonly #top: string;
  readonly #restZero: boolean;
  readonly #compute: () => Decimal;
  #full: Decimal | undefined;

  constructor(top: string, restZero: boolean, compute: () => Decimal) {
    this.#top = top;
    this.#restZero = restZero;
    this.#compute = compute;
  }

  #expansion(): Decimal {
    this.#full ??= this.#compute();
    return this.#full;
  }

  /** Go `decimal.at(i)`. */
  at(i: number): number {
    if (i < this.#top.length) return this.#top.charCodeAt(i);
    if (this.#restZero) return 48;
    return digitAt(this.#expansion(), i);
  }

  /** `len(mant)` compared with `n`: -1, 0 or 1 (avoids the full expansion when possible). */
  compareLength(n: number): -1 | 0 | 1 {
    let len: number;
    if (this.#restZero) len = trimmedLength(this.#top);
    else if (n <= this.#top.length)
      return 1; // non-zero digits follow the top digits
    else len = this.#expansion().digits.length;
    return len < n ? -1 : len > n ? 1 : 0;
  }
}

/**
 * The shortest decimal that rounds back to the magnitude at `prec` bits, computed with Go's
 * `roundShortest` digit walk (including its even-mantissa inclusive bounds, its symmetric
 * interval at powers of two and its digit-by-digit bound comparison).
 * @internal
 */
export function shortestDecimal(x: Magnitude, prec: number): Decimal {
  // The mantissa widened to prec + 1 bits: its last bit is half an ulp at this precision.
  const shift = prec + 1 - x.bits;
  if (shift < 0) return shortestDecimalReference(x, prec);
  const mant = x.mant << BigInt(shift);
  const exp = x.exp - shift;
  // x and x ∓ ½ulp share one scale: (mant ∓ 1) × unit, with unit = 5**k (point k places left)
  // or 2**exp. x's digits come from one conversion; each bound's leading digits are x's leading
  // digits with at most a borrow or carry, decided by comparing x's low digits with the unit.
  let unit: bigint;
  let strings: UnitStrings;
  let scale: number;
  if (exp < 0) {
    const k = -exp;
    if (x.bits + shift + k * LOG2_5 > MAX_DECIMAL_BITS) throw tooLarge();
    unit = pow5(k);
    strings = unitStrings(unit, pow5Strings, k);
    scale = -k;
  } else {
    if (x.bits + shift + exp > MAX_DECIMAL_BITS) throw tooLarge();
    unit = 1n << BigInt(exp);
    strings = unitStrings(unit, pow2Strings, exp);
    scale = 0;
  }
  const mid = mant * unit;
  const ms = mid.toString();
  const d = trimmed(ms, ms.length + scale);
  const split = ms.length - strings.unit.length;
  const hi = ms.slice(0, split);
  const lo = ms.slice(split);
  const exactBound = (m: bigint) => () => {
    const s = (m * unit).toString();
    return trimmed(s, s.length + scale);
  };
  const lower =
    lo >= strings.unit
      ? new Bound(hi, lo === strings.unit, exactBound(mant - 1n))
      : new Bound(decrement(hi), false, exactBound(mant - 1n));
  const upper =
    lo >= strings.complement
      ? new Bound(increment(hi), lo === strings.complement, exactBound(mant + 1n))
      : new Bound(hi, false, exactBound(mant + 1n));
  return walkShortest(d, lower, upper, (mant & 2n) === 0n);
}

/**
 * Go's `roundShortest` loop: find the first digit where rounding down or up stays within the
 * bounds (compared index by index, as Go does), then round there.
 */
function walkShortest(d: Decimal, lower: Bound, upper: Bound, inclusive: boolean): Decimal {
  const digits = d.digits;
  for (let i = 0; i < digits.length; i++) {
    const m = digits.charCodeAt(i);
    const l = lower.at(i);
    const u = upper.at(i);
    const okDown = l !== m || (inclusive && lower.compareLength(i + 1) === 0);
    const okUp = m !== u && (inclusive || m + 1 < u || upper.compareLength(i + 1) > 0);
    if (okDown && okUp) {
      roundDecimal(d, i + 1);
      return d;
    }
    if (okDown) {
      roundDown(d, i + 1);
      return d;
    }
    if (okUp) {
      roundUp(d, i + 1);
      return d;
    }
  }
  return d;
}

/**
 * {@link shortestDecimal} by three full expansions, exactly as Go computes it (reference for
 * tests and the fallback for mantissas wider than the precision).
 * @internal
 */
export function shortestDecimalReference(x: Magnitude, prec: number): Decimal {
  const d = exactDecimal(x.mant, x.exp);
  if (d.digits === "") return d;
  const shift = prec + 1 - x.bits;
  const mant = shift >= 0 ? x.mant << BigInt(shift) : x.mant >> BigInt(-shift);
  const exp = x.exp - shift;
  const lowerDecimal = exactDecimal(mant - 1n, exp);
  const upperDecimal = exactDecimal(mant + 1n, exp);
  const fixed = (dec: Decimal) => new Bound(dec.digits, true, () => dec);
  return walkShortest(d, fixed(lowerDecimal), fixed(upperDecimal), (mant & 2n) === 0n);
}

/**
 * Go `fmtF`: integer digits padded with zeros, then `prec` fraction digits.
 * @internal
 */
export function formatF(d: Decimal, prec: number): string {
  let out: string;
  if (d.exp > 0) {
    const n = d.digits.length;
    out = d.exp <= n ? d.digits.slice(0, d.exp) : d.digits + "0".repeat(d.exp - n);
  } else {
    out = "0";
  }
  if (prec > 0) {
    let frac = "";
    const start = d.exp;
    // Digits at positions start .. start+prec-1, zeros where out of range.
    const lead = Math.min(prec, Math.max(0, -start));
    frac += "0".repeat(lead);
    const from = Math.max(0, start);
    const to = Math.min(d.digits.length, start + prec);
    if (to > from) frac += d.digits.slice(from, to);
    if (frac.length < prec) frac += "0".repeat(prec - frac.length);
    out += `.${frac}`;
  }
  return out;
}

/**
 * Go `fmtE`: one digit, `prec` more after the point, then `e±dd`.
 * @internal
 */
export function formatE(d: Decimal, prec: number): string {
  let out = d.digits.length > 0 ? d.digits[0] : "0";
  if (prec > 0) {
    const more = d.digits.slice(1, Math.min(d.digits.length, prec + 1));
    out += `.${more}${"0".repeat(prec - more.length)}`;
  }
  let exp = d.digits.length > 0 ? d.exp - 1 : 0;
  let sign = "+";
  if (exp < 0) {
    sign = "-";
    exp = -exp;
  }
  return `${out}e${sign}${exp < 10 ? "0" : ""}${exp}`;
}

/**
 * Go `Text('f', -1)` digits for an already shortest-rounded decimal (sign excluded).
 * @internal
 */
export function formatShortestF(d: Decimal): string {
  return formatF(d, Math.max(d.digits.length - d.exp, 0));
}

/**
 * Go `Text('g', prec)` for an already rounded decimal (sign excluded); `shortest` selects the
 * `prec = -1` rules (exponent when the decimal exponent is < -4 or ≥ 6).
 * @internal
 */
export function formatG(d: Decimal, requested: number, shortest: boolean): string {
  let prec = shortest ? d.digits.length : requested;
  let eprec = prec;
  if (eprec > d.digits.length && d.digits.length >= d.exp) eprec = d.digits.length;
  if (shortest) eprec = 6;
  const exp = d.exp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > d.digits.length) prec = d.digits.length;
    return formatE(d, prec - 1);
  }
  if (prec > d.exp) prec = d.digits.length;
  return formatF(d, Math.max(prec - d.exp, 0));
}
