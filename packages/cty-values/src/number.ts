import { CtyError } from "./errors.js";
import {
  addMagnitude,
  bitLength,
  cmpMagnitude,
  type Magnitude,
  mulMagnitude,
  quoMagnitude,
  type Rounded,
  roundMagnitude,
  trailingZeroBits,
  trailingZeroBitsSafe,
} from "./internal/number-bits.js";
import {
  type Decimal,
  exactDecimal,
  formatG,
  formatShortestF,
  roundDecimal,
  shortestDecimal,
} from "./internal/number-decimal.js";
import { parseGoFloat } from "./internal/number-parse.js";

const BRAND = Symbol.for("@tfkit/cty-values/CtyNumber");

/** Go `big.Float` forms. */
const ZERO = 0;
const FINITE = 1;
const INF = 2;
type Form = typeof ZERO | typeof FINITE | typeof INF;

/** Precision of `ParseNumberVal` (HCL literals, JSON, msgpack strings, string→number). */
const PARSE_PREC = 512;
/** Precision of `NumberIntVal` / `NumberUIntVal` (Go `SetInt64` / `SetUint64`). */
const INT_PREC = 64;
/** Precision of `NumberFloatVal` (Go `SetFloat64`). */
const FLOAT_PREC = 53;
/** Precision go-cty's `Multiply` computes the product at before trimming. */
const MULTIPLY_PREC = 512;

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// Index of the high word of a float64 in the platform's byte order.
const HI = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f ? 1 : 0;
const LO = 1 - HI;

/** Whether a decimal rounds to 10 digits exactly halfway (11 digits ending in 5). */
function isTenDigitTie(d: Decimal): boolean {
  return d.digits.length === 11 && d.digits.charCodeAt(10) === 53;
}

/** Bit length of a positive safe integer. */
function bitLengthSafe(n: number): number {
  return n < 4294967296 ? 32 - Math.clz32(n) : 64 - Math.clz32(Math.floor(n / 4294967296));
}

function notANumber(what: string): CtyError {
  return new CtyError("number", `invalid number operation: ${what} (the result would be NaN)`);
}

/**
 * An immutable cty number: a big binary floating-point value with its own precision, like the Go
 * `*big.Float` inside a go-cty `cty.Number` value.
 *
 * @remarks A finite value is `±mantissa × 2**exponent` with an arbitrary-size mantissa of at most
 * `precision` bits; there are also ±0 and ±∞, never NaN. The precision records where the value
 * came from and decides its canonical decimal text: 512 bits for parsed text (`ParseNumberVal`,
 * HCL, JSON, msgpack strings), 64 for integers (`NumberIntVal`, msgpack ints), 53 for float64
 * (`NumberFloatVal`, msgpack floats), 0 for `cty.PositiveInfinity`/`NegativeInfinity`.
 * Parsing, rounding (nearest-even), arithmetic and formatting follow Go's math/big exactly.
 *
 * Formatting (`text`, `textG`, `hashString`, `formatV`, non-integer `equals`) throws a
 * {@link CtyError} with code `"number"` for values whose exact decimal expansion would need a
 * bigint of more than a million bits: magnitudes beyond about `1e300000` or below about
 * `1e-130000` (near that bound a conversion already takes a few hundred milliseconds). Go
 * prints such numbers, slowly, up to its exponent limit, where it needs gigabytes and minutes.
 * Parsing, comparison and arithmetic cover Go's full 32-bit exponent range (`1e1000000000` parses
 * to +Inf and `1e-1000000000` to 0 as in Go; `1e3000000000` is rejected as in Go).
 *
 * Known Go quirks reproduced on purpose (both confirmed with `terraform console`): the shortest
 * text of a power of two uses a symmetric rounding interval, so it may parse back one ulp lower
 * (`1p591`); and the digit walk lacks strconv's carry tracking, so float64
 * `-364389832008223168` prints as `-364389832008223160` where JS prints `…170`.
 * @example
 * ```ts
 * CtyNumber.parse("1.10").text();                        // "1.1"
 * CtyNumber.fromFloat64(0.1).add(CtyNumber.fromFloat64(0.2)).text(); // "0.30000000000000004"
 * CtyNumber.parse("0.1").add(CtyNumber.parse("0.2")).text();         // "0.3"
 * ```
 * @category models
 */
export class CtyNumber {
  readonly #form: Form;
  readonly #neg: boolean;
  /** Odd positive mantissa when finite, otherwise 0n. */
  readonly #mant: bigint;
  /** Exponent of the mantissa's least significant bit when finite, otherwise 0. */
  readonly #exp: number;
  /** Mantissa precision in bits (Go `Float.Prec`). */
  readonly precision: number;
  /** Bit length of the mantissa (0 unless finite). */
  readonly #bits: number;
  /** The shortest decimal (Text('f', -1) digits), when known from parsing or computed. */
  #shortest: Decimal | undefined;
  #text: string | undefined;
  /** The float64 nearest, once computed: models read numbers as float64 on every conversion. */
  #float64: number | undefined;

  private constructor(
    form: Form,
    neg: boolean,
    mant: bigint,
    exp: number,
    bits: number,
    precision: number,
    shortest?: Decimal,
  ) {
    this.#form = form;
    this.#neg = neg;
    this.#mant = mant;
    this.#exp = exp;
    this.#bits = bits;
    this.precision = precision;
    this.#shortest = shortest;
  }

  static #fromRounded(neg: boolean, r: Rounded, precision: number, shortest?: Decimal): CtyNumber {
    if (r === "zero") return new CtyNumber(ZERO, neg, 0n, 0, 0, precision);
    if (r === "inf") return new CtyNumber(INF, neg, 0n, 0, 0, precision);
    return new CtyNumber(FINITE, neg, r.mant, r.exp, r.bits, precision, shortest);
  }

  /** A non-zero safe integer magnitude as a canonical (odd mantissa) finite value. */
  static #fromSafeInteger(n: number, precision: number): CtyNumber {
    const neg = n < 0;
    const a = neg ? -n : n;
    if (a === 0) return new CtyNumber(ZERO, Object.is(n, -0), 0n, 0, 0, precision);
    const tz = trailingZeroBitsSafe(a);
    const m = tz === 0 ? a : a / 2 ** tz;
    const v = new CtyNumber(FINITE, neg, BigInt(m), tz, bitLengthSafe(m), precision);
    v.#float64 = n;
    return v;
  }

  /** +∞ with precision 0 (go-cty `cty.PositiveInfinity`). */
  static readonly positiveInfinity: CtyNumber = new CtyNumber(INF, false, 0n, 0, 0, 0);
  /** −∞ with precision 0 (go-cty `cty.NegativeInfinity`). */
  static readonly negativeInfinity: CtyNumber = new CtyNumber(INF, true, 0n, 0, 0, 0);
  /** Zero as an integer, precision 64 (go-cty `cty.Zero`). */
  static readonly zero: CtyNumber = new CtyNumber(ZERO, false, 0n, 0, 0, INT_PREC);

  /**
   * Parses decimal text at 512 bits, rounding to nearest even (go-cty `ParseNumberVal`).
   *
   * @remarks Exactly Go `big.ParseFloat(s, 10, 512, big.ToNearestEven)`: optional sign, digits
   * with at most one `.` (`.5`, `5.`, `00012`), optional exponent `e`/`E` (decimal) or `p`/`P`
   * (binary: `1p3` is 8); `Inf`, `inf`, `+Inf`, `-inf`… as the whole string. No `NaN`, no
   * `infinity`, no `0x`, no `_`, no spaces. Exponents so large that Go reports an exponent
   * overflow are rejected; very large ones that Go accepts become ±∞ or ±0 as in Go.
   * @throws {@link CtyError} with code `"number"` and message `a number is required`.
   */
  static parse(s: string): CtyNumber {
    // Fast path: short plain integers (the bulk of real-world input).
    const n = s.length;
    const start = n > 1 && s.charCodeAt(0) === 45 ? 1 : 0;
    if (n > 0 && n - start <= 15) {
      let i = start;
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c < 48 || c > 57) break;
      }
      if (i === n) return CtyNumber.#fromSafeInteger(Number(s), PARSE_PREC);
    }
    const parsed = parseGoFloat(s, PARSE_PREC);
    if (parsed === undefined) throw new CtyError("number", "a number is required");
    return CtyNumber.#fromRounded(parsed.neg, parsed.value, PARSE_PREC, parsed.shortest);
  }

  /**
   * An exact integer (go-cty `NumberIntVal`/`NumberUIntVal`, or a `big.Int` via `SetInt`).
   *
   * @remarks Precision 64, or the integer's bit length when that is larger. A JS `number` must be
   * an integer (any size, e.g. `2 ** 70`).
   * @throws {@link CtyError} with code `"number"` for a non-integer `number`.
   */
  static fromInt(n: bigint | number): CtyNumber {
    if (typeof n === "number") {
      if (Number.isSafeInteger(n)) return CtyNumber.#fromSafeInteger(n === 0 ? 0 : n, INT_PREC);
      if (!Number.isInteger(n)) throw new CtyError("number", `${n} is not an integer`);
      return CtyNumber.fromInt(BigInt(n));
    }
    const neg = n < 0n;
    const a = neg ? -n : n;
    if (a === 0n) return CtyNumber.zero;
    const len = bitLength(a);
    const tz = trailingZeroBits(a);
    return new CtyNumber(FINITE, neg, tz > 0 ? a >> BigInt(tz) : a, tz, len - tz, Math.max(len, INT_PREC));
  }

  /**
   * A float64, exactly, with precision 53 (go-cty `NumberFloatVal`, Go `SetFloat64`).
   *
   * @remarks Keeps negative zero and infinities (both with precision 53).
   * @throws {@link CtyError} with code `"number"` for NaN.
   */
  static fromFloat64(x: number): CtyNumber {
    if (Number.isNaN(x)) throw new CtyError("number", "cannot represent NaN as a number");
    if (x === 0) return new CtyNumber(ZERO, Object.is(x, -0), 0n, 0, 0, FLOAT_PREC);
    if (!Number.isFinite(x)) return new CtyNumber(INF, x < 0, 0n, 0, 0, FLOAT_PREC);
    const neg = x < 0;
    const a = neg ? -x : x;
    if (a <= Number.MAX_SAFE_INTEGER && Number.isInteger(a)) {
      return CtyNumber.#fromSafeInteger(x, FLOAT_PREC);
    }
    f64[0] = a;
    const hi = u32[HI] as number;
    const lo = u32[LO] as number;
    const biased = hi >>> 20;
    const fraction = (hi & 0xfffff) * 4294967296 + lo;
    let m = biased === 0 ? fraction : fraction + 4503599627370496;
    let e = biased === 0 ? -1074 : biased - 1075;
    const tz = trailingZeroBitsSafe(m);
    m /= 2 ** tz;
    e += tz;
    return new CtyNumber(FINITE, neg, BigInt(m), e, bitLengthSafe(m), FLOAT_PREC);
  }

  /** The sign: -1, 0 (for both zeros) or 1, like Go `Float.Sign`. */
  sign(): -1 | 0 | 1 {
    if (this.#form === ZERO) return 0;
    return this.#neg ? -1 : 1;
  }

  /** Whether this is +∞ or −∞. */
  isInfinite(): boolean {
    return this.#form === INF;
  }

  /** Whether this is neither infinite (cty numbers are never NaN). */
  isFinite(): boolean {
    return this.#form !== INF;
  }

  /** Whether this is +0 or −0. */
  isZero(): boolean {
    return this.#form === ZERO;
  }

  /** Whether this is −0 (Go `Signbit` of a zero). */
  isNegativeZero(): boolean {
    return this.#form === ZERO && this.#neg;
  }

  /** Whether the value is a whole number (Go `Float.Int(nil)` reports `Exact`); ±∞ are not. */
  isInteger(): boolean {
    return this.#form === ZERO || (this.#form === FINITE && this.#exp >= 0);
  }

  /** Whether the value is an integer in the int64 range (Go `Float.Int64` reports `Exact`). */
  isInt64(): boolean {
    if (this.#form === ZERO) return true;
    if (this.#form !== FINITE || this.#exp < 0) return false;
    const top = this.#bits + this.#exp;
    return top <= 63 || (top === 64 && this.#neg && this.#mant === 1n);
  }

  /** Whether the value is an integer in the uint64 range (Go `Float.Uint64` reports `Exact`). */
  isUint64(): boolean {
    if (this.#form === ZERO) return true;
    if (this.#form !== FINITE || this.#exp < 0 || this.#neg) return false;
    return this.#bits + this.#exp <= 64;
  }

  /** Whether the value is an integer a JS `number` holds exactly (|n| ≤ 2**53 − 1). */
  isSafeInteger(): boolean {
    if (this.#form === ZERO) return true;
    return this.#form === FINITE && this.#exp >= 0 && this.#bits + this.#exp <= 53;
  }

  /**
   * The exact integer value.
   * @throws {@link CtyError} with code `"number"` when the value is not an integer (see
   * {@link CtyNumber.isInteger}).
   */
  toBigInt(): bigint {
    if (this.#form === ZERO) return 0n;
    if (this.#form !== FINITE || this.#exp < 0) {
      throw new CtyError("number", `${this.#safeText()} is not an integer`);
    }
    const v = this.#mant << BigInt(this.#exp);
    return this.#neg ? -v : v;
  }

  /** Bits available to a float64 mantissa at this magnitude (fewer for subnormals). */
  #float64Precision(): number {
    const normExp = this.#bits + this.#exp - 1;
    return normExp < -1022 ? 53 + 1022 + normExp : 53;
  }

  /**
   * Whether the value converts to float64 without rounding (Go `Float.Float64` reports `Exact`):
   * true for zeros, infinities and every value a float64, including a subnormal, holds exactly.
   */
  isExactFloat64(): boolean {
    if (this.#form !== FINITE) return true;
    const p = this.#float64Precision();
    if (p < this.#bits) return false;
    return this.#bits + this.#exp - 1 <= 1023;
  }

  /**
   * The nearest float64 (ties to even, subnormals honoured, overflow to ±Infinity), like Go
   * `Float.Float64`.
   */
  toFloat64(): number {
    if (this.#form === ZERO) return this.#neg ? -0 : 0;
    if (this.#form === INF) return this.#neg ? -Infinity : Infinity;
    if (this.#float64 === undefined) this.#float64 = this.#computeFloat64();
    return this.#float64;
  }

  #computeFloat64(): number {
    const sign = this.#neg ? -1 : 1;
    const p = this.#float64Precision();
    if (p < 0 || (p === 0 && this.#mant === 1n)) return sign * 0;
    if (p === 0) return sign * 5e-324;
    if (this.#bits <= p && this.#bits + this.#exp - 1 <= 1023) {
      // Exactly representable: the product of a ≤ 53-bit integer and a power of two is exact.
      return sign * Number(this.#mant) * 2 ** this.#exp;
    }
    const r = roundMagnitude(this.#mant, this.#exp, p, false);
    if (r === "zero") return sign * 0;
    if (r === "inf") return sign * Infinity;
    if (r.bits + r.exp - 1 > 1023) return sign * Infinity;
    return sign * Number(r.mant) * 2 ** r.exp;
  }

  #magnitude(): Magnitude {
    return { mant: this.#mant, exp: this.#exp, bits: this.#bits };
  }

  /**
   * The canonical decimal text, Go `Text('f', -1)`: the shortest decimal that identifies the
   * value at its own precision, never with an exponent, no trailing zeros; `-0` for negative
   * zero, `+Inf`/`-Inf` for infinities.
   *
   * @remarks Used by go-cty for JSON, number→string conversion, msgpack number strings and
   * equality: parsed `1.10` → `1.1`, parsed `1e20` → `100000000000000000000`, float64 `0.1` →
   * `0.1`, int64 `1` / int64 `3` → `0.33333333333333333334`.
   * @throws {@link CtyError} with code `"number"` for exponents too large to format (see the class
   * remarks).
   */
  text(): string {
    let t = this.#text;
    if (t === undefined) {
      t = this.#computeText();
      this.#text = t;
    }
    return t;
  }

  #computeText(): string {
    if (this.#form === ZERO) return this.#neg ? "-0" : "0";
    if (this.#form === INF) return this.#neg ? "-Inf" : "+Inf";
    const sign = this.#neg ? "-" : "";
    // An integer whose bits all fit the precision prints exactly: its rounding interval is at
    // most ±½, which holds no shorter decimal.
    if (this.#exp >= 0 && this.#bits + this.#exp <= this.precision) {
      return sign + (this.#mant << BigInt(this.#exp)).toString();
    }
    return sign + formatShortestF(this.#shortestDecimal());
  }

  /** The shortest decimal of a finite non-zero value, memoized. */
  #shortestDecimal(): Decimal {
    let d = this.#shortest;
    if (d === undefined) {
      d = shortestDecimal(this.#magnitude(), this.precision);
      this.#shortest = d;
    }
    return d;
  }

  /** text() when formatting is possible, else a rough description (for error messages). */
  #safeText(): string {
    try {
      return this.text();
    } catch {
      return `${this.#neg ? "-" : ""}${this.#mant}p${this.#exp}`;
    }
  }

  #formatG(requested: number): string {
    if (this.#form === INF) return this.#neg ? "-Inf" : "+Inf";
    const sign = this.#neg ? "-" : "";
    let d: Decimal;
    if (this.#form === ZERO) {
      d = { digits: "", exp: 0 };
    } else if (requested < 0) {
      d = this.#shortestDecimal();
    } else {
      const s = this.#shortest;
      if (requested === 10 && s !== undefined && this.precision >= FLOAT_PREC && !isTenDigitTie(s)) {
        // Rounding the shortest decimal to 10 digits gives what rounding the exact one gives:
        // at ≥ 53 bits they differ by far less than half a 10-digit step, and only an
        // 11-digit shortest ending in 5 sits on a rounding boundary.
        d = { digits: s.digits, exp: s.exp };
      } else {
        d = exactDecimal(this.#mant, this.#exp);
      }
      roundDecimal(d, requested === 0 ? 1 : requested);
    }
    return sign + formatG(d, requested === 0 ? 1 : requested, requested < 0);
  }

  /**
   * Go `Text('g', -1)`: shortest digits, exponent form (`1e+06`, `1.5e-05`) when the decimal
   * exponent is below -4 or at least 6.
   *
   * @remarks Terraform renders number index steps of a path with this (`[1e+06]`).
   * @throws {@link CtyError} with code `"number"` for exponents too large to format.
   */
  textG(): string {
    return this.#formatG(-1);
  }

  /**
   * Go `big.Float.String()` = `Text('g', 10)`: at most 10 significant digits, trailing zeros
   * removed (`100`, `0.1`, `1e+10`, `1.23456789e+12`).
   *
   * @remarks go-cty uses this for a number's set hash string, so numbers that agree in their
   * first 10 significant digits share a hash bucket.
   * @throws {@link CtyError} with code `"number"` for exponents too large to format.
   */
  hashString(): string {
    return this.#formatG(10);
  }

  /**
   * Go `fmt` `%v` of the `*big.Float`: the same as {@link CtyNumber.textG} (`Format` handles `v`
   * as `g` with shortest precision).
   *
   * @remarks go-cty's `GoString` prints integers as `cty.NumberIntVal(<%v>)`, e.g.
   * `cty.NumberIntVal(1e+06)`.
   * @throws {@link CtyError} with code `"number"` for exponents too large to format.
   */
  formatV(): string {
    return this.#formatG(-1);
  }

  /**
   * Exact comparison: -1 if this < o, 0 if equal, 1 if greater (Go `Float.Cmp`; +0 equals −0,
   * infinities compare equal to themselves).
   */
  cmp(o: CtyNumber): -1 | 0 | 1 {
    const sa = this.sign();
    const sb = o.sign();
    if (sa !== sb) return sa < sb ? -1 : 1;
    if (sa === 0) return 0;
    let mag: -1 | 0 | 1;
    if (this.#form === INF || o.#form === INF) {
      mag = this.#form === o.#form ? 0 : this.#form === INF ? 1 : -1;
    } else {
      mag = cmpMagnitude(this.#magnitude(), o.#magnitude());
    }
    return sa < 0 ? ((-mag || 0) as -1 | 0 | 1) : mag;
  }

  /**
   * cty number equality (go-cty `rawNumberEqual`, used by `Equals` and `RawEquals`).
   *
   * @remarks Different signs are unequal (±0 share sign 0); if exactly one is an integer they are
   * unequal; two integers compare exactly; otherwise their {@link CtyNumber.text} must match. So
   * float64 `0.1` equals parsed `0.1`, but float64 `0.1 + 0.2` does not equal parsed `0.3`.
   */
  equals(o: CtyNumber): boolean {
    if (this === o) return true;
    if (this.sign() !== o.sign()) return false;
    const ai = this.isInteger();
    if (ai !== o.isInteger()) return false;
    if (ai) return this.cmp(o) === 0;
    if (this.precision === o.precision && this.cmp(o) === 0) return true;
    return this.text() === o.text();
  }

  /**
   * The sum at the larger operand precision (go-cty `Add`, Go `Float.Add`).
   * @throws {@link CtyError} with code `"number"` for +∞ + −∞.
   */
  add(o: CtyNumber): CtyNumber {
    const prec = Math.max(this.precision, o.precision);
    const y = o;
    if (this.#form === FINITE && y.#form === FINITE) {
      if (this.#neg === y.#neg) {
        return CtyNumber.#fromRounded(
          this.#neg,
          addMagnitude(this.#magnitude(), y.#magnitude(), false, prec),
          prec,
        );
      }
      const c = cmpMagnitude(this.#magnitude(), y.#magnitude());
      if (c === 0) return new CtyNumber(ZERO, false, 0n, 0, 0, prec);
      if (c > 0) {
        return CtyNumber.#fromRounded(
          this.#neg,
          addMagnitude(this.#magnitude(), y.#magnitude(), true, prec),
          prec,
        );
      }
      return CtyNumber.#fromRounded(
        y.#neg,
        addMagnitude(y.#magnitude(), this.#magnitude(), true, prec),
        prec,
      );
    }
    if (this.#form === INF && y.#form === INF && this.#neg !== y.#neg) {
      throw notANumber("addition of infinities with opposite signs");
    }
    if (this.#form === ZERO && y.#form === ZERO)
      return new CtyNumber(ZERO, this.#neg && y.#neg, 0n, 0, 0, prec);
    const pick = this.#form === INF || y.#form === ZERO ? this : y;
    return new CtyNumber(pick.#form, pick.#neg, pick.#mant, pick.#exp, pick.#bits, prec);
  }

  /**
   * The difference (go-cty `Subtract`: `Add` of the negation).
   * @throws {@link CtyError} with code `"number"` for ∞ − ∞.
   */
  subtract(o: CtyNumber): CtyNumber {
    return this.add(o.negate());
  }

  /**
   * The product (go-cty `Multiply`): computed at 512 bits, then kept at the larger operand
   * precision or the bits the product needs, whichever is more.
   * @throws {@link CtyError} with code `"number"` for 0 × ∞.
   */
  multiply(o: CtyNumber): CtyNumber {
    const neg = this.#neg !== o.#neg;
    let prec = Math.max(this.precision, o.precision);
    if (this.#form === FINITE && o.#form === FINITE) {
      const r = mulMagnitude(this.#magnitude(), o.#magnitude(), MULTIPLY_PREC);
      if (typeof r === "object") prec = Math.max(prec, r.bits);
      return CtyNumber.#fromRounded(neg, r, prec);
    }
    if ((this.#form === ZERO && o.#form === INF) || (this.#form === INF && o.#form === ZERO)) {
      throw notANumber("multiplication of zero with infinity");
    }
    return new CtyNumber(this.#form === INF || o.#form === INF ? INF : ZERO, neg, 0n, 0, 0, prec);
  }

  /**
   * The quotient at the larger operand precision (go-cty `Divide`, Go `Float.Quo`); `x / 0` is
   * ±∞ as in go-cty.
   * @throws {@link CtyError} with code `"number"` for 0 / 0 and ∞ / ∞.
   */
  divide(o: CtyNumber): CtyNumber {
    const neg = this.#neg !== o.#neg;
    const prec = Math.max(this.precision, o.precision);
    if (this.#form === FINITE && o.#form === FINITE) {
      return CtyNumber.#fromRounded(neg, quoMagnitude(this.#magnitude(), o.#magnitude(), prec), prec);
    }
    if ((this.#form === ZERO && o.#form === ZERO) || (this.#form === INF && o.#form === INF)) {
      throw notANumber("division of zero by zero or infinity by infinity");
    }
    const form = this.#form === ZERO || o.#form === INF ? ZERO : INF;
    return new CtyNumber(form, neg, 0n, 0, 0, prec);
  }

  /** The negation, same precision (go-cty `Negate`; negating 0 gives −0 as in Go). */
  negate(): CtyNumber {
    return new CtyNumber(
      this.#form,
      !this.#neg,
      this.#mant,
      this.#exp,
      this.#bits,
      this.precision,
      this.#shortest,
    );
  }

  /** The absolute value, same precision (go-cty `Absolute`). */
  abs(): CtyNumber {
    if (!this.#neg) return this;
    return new CtyNumber(
      this.#form,
      false,
      this.#mant,
      this.#exp,
      this.#bits,
      this.precision,
      this.#shortest,
    );
  }

  /** The canonical text ({@link CtyNumber.text}), so `JSON.stringify` shows the exact value as a string. */
  toJSON(): string {
    return this.text();
  }

  /** The canonical text ({@link CtyNumber.text}). */
  toString(): string {
    return this.text();
  }
}

Object.defineProperty(CtyNumber.prototype, BRAND, { value: true });

/**
 * Reports whether a value is a {@link CtyNumber} (also across copies of this package).
 * @category guards
 */
export function isCtyNumber(u: unknown): u is CtyNumber {
  return (
    u instanceof CtyNumber ||
    (typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[BRAND] === true)
  );
}

/**
 * Converts JS input to a {@link CtyNumber} the way `numberVal` does.
 *
 * @remarks A safe integer (including `-0`, which becomes `0`) → {@link CtyNumber.fromInt}
 * (go-cty `NumberIntVal`); any other `number` → {@link CtyNumber.fromFloat64} (`NumberFloatVal`,
 * ±Infinity allowed); a `bigint` → {@link CtyNumber.fromInt}; a string →
 * {@link CtyNumber.parse} (`ParseNumberVal`); a `CtyNumber` is returned as is.
 * @throws {@link CtyError} with code `"number"` for NaN or text that is not a number.
 * @category constructors
 */
export function numberFrom(n: number | bigint | string | CtyNumber): CtyNumber {
  switch (typeof n) {
    case "number":
      if (Number.isSafeInteger(n)) return CtyNumber.fromInt(n);
      return CtyNumber.fromFloat64(n);
    case "bigint":
      return CtyNumber.fromInt(n);
    case "string":
      return CtyNumber.parse(n);
    default:
      if (isCtyNumber(n)) return n;
      throw new CtyError("number", "a number is required");
  }
}
