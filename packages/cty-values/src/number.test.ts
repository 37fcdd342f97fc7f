import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCtyError } from "./errors.js";
import { magnitude } from "./internal/number-bits.js";
import { shortestDecimal, shortestDecimalReference } from "./internal/number-decimal.js";
import { CtyNumber, isCtyNumber, numberFrom } from "./number.js";

const parse = (s: string) => CtyNumber.parse(s);
const f64 = (x: number) => CtyNumber.fromFloat64(x);
const int = (n: number | bigint) => CtyNumber.fromInt(n);

function expectNumberError(fn: () => unknown, message = "a number is required"): void {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(isCtyError(thrown)).toBe(true);
  expect((thrown as { code: string }).code).toBe("number");
  expect((thrown as Error).message).toBe(message);
}

describe("CtyNumber.parse (Go big.ParseFloat, base 10, 512 bits)", () => {
  it.each([
    ["1e3", "1000"],
    [".5", "0.5"],
    ["5.", "5"],
    ["+5", "5"],
    ["00012", "12"],
    ["1p3", "8"],
    ["1P3", "8"],
    ["1.5p1", "3"],
    ["1E3", "1000"],
    ["1e+3", "1000"],
    ["1e-3", "0.001"],
    ["1e0000000000000000003", "1000"],
    ["-.5e-3", "-0.0005"],
    ["1.10", "1.1"],
    ["1e20", "100000000000000000000"],
    ["1e-7", "0.0000001"],
    ["-0.0", "-0"],
    ["-0", "-0"],
    ["0", "0"],
    ["0e99999999999999999", "0"],
    ["Inf", "+Inf"],
    ["inf", "+Inf"],
    ["+Inf", "+Inf"],
    ["-inf", "-Inf"],
    ["-Inf", "-Inf"],
    ["9007199254740993", "9007199254740993"],
    ["123456789012345678901234567890", "123456789012345678901234567890"],
    ["0.30000000000000004", "0.30000000000000004"],
  ])("parses %j → %j", (input, text) => {
    const n = parse(input);
    expect(n.text()).toBe(text);
    expect(n.precision).toBe(512);
  });

  it.each([
    "NaN",
    "nan",
    "infinity",
    "Infinity",
    "INF",
    "0x10",
    "1_000",
    " 1",
    "1 ",
    "",
    ".",
    "-",
    "+",
    "1e",
    "1e+",
    "e1",
    "1.2.3",
    "--1",
    "+-1",
    "1e5p3",
    "1e1_0",
    "١",
    "1e99999999999999999999",
    "1e3000000000",
    "1e-3000000000",
  ])("rejects %j with 'a number is required'", (input) => {
    expectNumberError(() => parse(input));
  });

  it("follows Go for huge exponents without hanging: 1e1000000000 is +Inf, 1e-1000000000 is 0", () => {
    expect(parse("1e1000000000").text()).toBe("+Inf");
    expect(parse("-1e1000000000").text()).toBe("-Inf");
    expect(parse("1e-1000000000").text()).toBe("0");
    expect(parse("-1e-1000000000").text()).toBe("-0");
  });

  it("parses 1e-400 to a finite number that prints with 399 zeros after the point", () => {
    expect(parse("1e-400").text()).toBe(`0.${"0".repeat(399)}1`);
  });
});

describe("precision", () => {
  it("is 64 for integers, 53 for float64, 512 for parsed text, 0 for cty infinities", () => {
    expect(int(5).precision).toBe(64);
    expect(int(5n).precision).toBe(64);
    expect(int(2n ** 100n + 1n).precision).toBe(101);
    expect(f64(0.5).precision).toBe(53);
    expect(parse("1").precision).toBe(512);
    expect(CtyNumber.positiveInfinity.precision).toBe(0);
    expect(CtyNumber.zero.precision).toBe(64);
  });
});

describe("text() = Go Text('f', -1)", () => {
  it("matches the spec examples [cty]", () => {
    expect(f64(0.1).text()).toBe("0.1");
    expect(f64(0.1).add(f64(0.2)).text()).toBe("0.30000000000000004");
    expect(parse("0.1").add(parse("0.2")).text()).toBe("0.3");
    expect(int(1).divide(int(3)).text()).toBe("0.33333333333333333334");
    expect(int(2n ** 53n + 1n).text()).toBe("9007199254740993");
    expect(f64(2 ** 53 + 1).text()).toBe("9007199254740992");
  });

  it("keeps Go's symmetric rounding interval at powers of two (text may not round-trip) [cty]", () => {
    // terraform console: tostring(tonumber("1p591")), and tonumber(that) < tonumber("1p591").
    const n = parse("1p591");
    const t =
      "8104522595470689372094546608771799123071184047348509570304018222052056272290836223436927829974812098219136497287696853871865529444163623648216552410378835000000000000000000000000";
    expect(n.text()).toBe(t);
    expect(parse(t).cmp(n)).toBe(-1);
    expect(parse(t).equals(n)).toBe(false);
  });

  it("prints float64 values by their shortest digits at 53 bits", () => {
    expect(f64(2 ** 60).text()).toBe("1152921504606847000");
    // go-cty (terraform console) prints this where JS prints -364389832008223170.
    expect(f64(Number("-364389832008223168")).text()).toBe("-364389832008223160");
    expect(f64(1.5).text()).toBe("1.5");
    expect(f64(-0).text()).toBe("-0");
    expect(f64(Number.POSITIVE_INFINITY).text()).toBe("+Inf");
    expect(f64(Number.NEGATIVE_INFINITY).text()).toBe("-Inf");
  });
});

describe("equals (go-cty rawNumberEqual)", () => {
  it("matches the spec consequences [cty]", () => {
    expect(f64(0.1).equals(parse("0.1"))).toBe(true);
    expect(f64(0.1).add(f64(0.2)).equals(parse("0.30000000000000004"))).toBe(true);
    expect(f64(0.1).add(f64(0.2)).equals(parse("0.3"))).toBe(false);
    expect(int(1).equals(parse("1.0"))).toBe(true);
    expect(parse("-0").equals(int(0))).toBe(true);
    expect(parse("0.1").add(parse("0.2")).equals(parse("0.3"))).toBe(true);
    expect(int(2n ** 53n).equals(int(2n ** 53n + 1n))).toBe(false);
  });
});

describe("numberFrom / isCtyNumber", () => {
  it("routes JS input to the go-cty constructors", () => {
    expect(numberFrom(42).precision).toBe(64);
    expect(numberFrom(1.5).precision).toBe(53);
    expect(numberFrom(10n ** 30n).text()).toBe(`1${"0".repeat(30)}`);
    expect(numberFrom("0.1").precision).toBe(512);
    const n = parse("7");
    expect(numberFrom(n)).toBe(n);
    expect(isCtyNumber(n)).toBe(true);
    expect(isCtyNumber(7)).toBe(false);
    expectNumberError(() => numberFrom(Number.NaN), "cannot represent NaN as a number");
    expectNumberError(() => numberFrom("abc"));
  });
});

describe("textG / hashString / formatV", () => {
  it("renders hash strings like Go String() = Text('g', 10) [cty]", () => {
    expect(parse("100").hashString()).toBe("100");
    expect(parse("0.1").hashString()).toBe("0.1");
    expect(int(10_000_000_000).hashString()).toBe("1e+10");
    expect(int(1234567890123).hashString()).toBe("1.23456789e+12");
    expect(int(1234567890124).hashString()).toBe("1.23456789e+12");
    expect(f64(0.1).add(f64(0.2)).hashString()).toBe("0.3");
    expect(parse("-0").hashString()).toBe("-0");
    expect(CtyNumber.negativeInfinity.hashString()).toBe("-Inf");
    expect(parse("1234567.5").hashString()).toBe("1234567.5");
    expect(parse("0.00001").hashString()).toBe("1e-05");
  });

  it("renders %v like cty GoString's NumberIntVal argument [cty]", () => {
    expect(int(21).formatV()).toBe("21");
    expect(int(1_000_000).formatV()).toBe("1e+06");
    expect(int(999_999).formatV()).toBe("999999");
    expect(int(1234567890123).formatV()).toBe("1.234567890123e+12");
    expect(parse("0.0001").formatV()).toBe("0.0001");
    expect(parse("0.00001").formatV()).toBe("1e-05");
    expect(parse("-1.5e-7").textG()).toBe("-1.5e-07");
    expect(int(0).textG()).toBe("0");
    expect(CtyNumber.positiveInfinity.textG()).toBe("+Inf");
  });
});

describe("integer and float64 predicates", () => {
  it("isInteger follows Go Int(nil) Exact", () => {
    expect(parse("1.0").isInteger()).toBe(true);
    expect(parse("1e20").isInteger()).toBe(true);
    expect(parse("1.5").isInteger()).toBe(false);
    expect(parse("-0").isInteger()).toBe(true);
    expect(CtyNumber.positiveInfinity.isInteger()).toBe(false);
  });

  it("isInt64 / isUint64 / isSafeInteger have exact bounds", () => {
    expect(int(2n ** 63n - 1n).isInt64()).toBe(true);
    expect(int(2n ** 63n).isInt64()).toBe(false);
    expect(int(-(2n ** 63n)).isInt64()).toBe(true);
    expect(int(-(2n ** 63n) - 1n).isInt64()).toBe(false);
    expect(int(2n ** 64n - 1n).isUint64()).toBe(true);
    expect(int(2n ** 64n).isUint64()).toBe(false);
    expect(int(-1).isUint64()).toBe(false);
    expect(parse("-0").isUint64()).toBe(true);
    expect(parse("1.5").isInt64()).toBe(false);
    expect(CtyNumber.negativeInfinity.isInt64()).toBe(false);
    expect(int(Number.MAX_SAFE_INTEGER).isSafeInteger()).toBe(true);
    expect(int(2 ** 53).isSafeInteger()).toBe(false);
  });

  it("toBigInt is exact and refuses non-integers", () => {
    expect(parse("123456789012345678901234567890").toBigInt()).toBe(123456789012345678901234567890n);
    expect(parse("-4e3").toBigInt()).toBe(-4000n);
    expect(parse("-0").toBigInt()).toBe(0n);
    expectNumberError(() => parse("0.5").toBigInt(), "0.5 is not an integer");
    expectNumberError(() => CtyNumber.positiveInfinity.toBigInt(), "+Inf is not an integer");
  });

  it("isExactFloat64 follows Go Float64() Exact, subnormals included", () => {
    expect(parse("0.1").isExactFloat64()).toBe(false);
    expect(f64(0.1).isExactFloat64()).toBe(true);
    expect(parse("1.5").isExactFloat64()).toBe(true);
    expect(int(2n ** 53n + 1n).isExactFloat64()).toBe(false);
    expect(parse("1p1023").isExactFloat64()).toBe(true);
    expect(parse("1p1024").isExactFloat64()).toBe(false);
    expect(parse("1p-1074").isExactFloat64()).toBe(true);
    expect(parse("3p-1074").isExactFloat64()).toBe(true);
    expect(parse("3p-1075").isExactFloat64()).toBe(false);
    expect(parse("1p-1075").isExactFloat64()).toBe(false);
    expect(CtyNumber.positiveInfinity.isExactFloat64()).toBe(true);
    expect(parse("-0").isExactFloat64()).toBe(true);
  });

  it("toFloat64 rounds to nearest even, into subnormals and overflow like Go Float64()", () => {
    expect(parse("0.1").toFloat64()).toBe(0.1);
    expect(parse("1p-1074").toFloat64()).toBe(5e-324);
    expect(parse("1p-1075").toFloat64()).toBe(0);
    expect(Object.is(parse("-1p-1075").toFloat64(), -0)).toBe(true);
    expect(parse("1.5p-1075").toFloat64()).toBe(5e-324);
    expect(parse("3p-1075").toFloat64()).toBe(2 * 5e-324);
    expect(parse("1p-1076").toFloat64()).toBe(0);
    expect(parse("1p1024").toFloat64()).toBe(Number.POSITIVE_INFINITY);
    expect(parse("-1e400").toFloat64()).toBe(Number.NEGATIVE_INFINITY);
    expect(
      parse(
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
      ).toFloat64(),
    ).toBe(Number.POSITIVE_INFINITY);
    expect(parse("1.7976931348623158e308").toFloat64()).toBe(Number.MAX_VALUE);
    expect(Object.is(parse("-0").toFloat64(), -0)).toBe(true);
  });
});

describe("cmp and arithmetic special cases", () => {
  it("compares exactly, with ±0 equal and infinities at the ends", () => {
    expect(parse("0.1").cmp(f64(0.1))).toBe(-1);
    expect(int(2n ** 53n + 1n).cmp(f64(2 ** 53))).toBe(1);
    expect(parse("-0").cmp(int(0))).toBe(0);
    expect(CtyNumber.negativeInfinity.cmp(parse("-1e300"))).toBe(-1);
    expect(CtyNumber.positiveInfinity.cmp(parse("Inf"))).toBe(0);
    expect(parse("-2").cmp(parse("-3"))).toBe(1);
  });

  it("equals: same sign, integer-ness, then canonical text", () => {
    expect(CtyNumber.positiveInfinity.equals(parse("+Inf"))).toBe(true);
    expect(CtyNumber.positiveInfinity.equals(CtyNumber.negativeInfinity)).toBe(false);
    expect(parse("0.5").equals(parse("-0.5"))).toBe(false);
    expect(int(1).equals(parse("1.0000000000000000000000000000001"))).toBe(false);
    expect(f64(1 / 3).equals(parse("0.3333333333333333"))).toBe(true);
    expect(int(1).divide(int(3)).equals(parse("0.33333333333333333334"))).toBe(true);
  });

  it("throws for NaN-producing operations (Go panics with ErrNaN)", () => {
    const inf = CtyNumber.positiveInfinity;
    expect(() => inf.add(CtyNumber.negativeInfinity)).toThrow(/opposite signs/);
    expect(() => inf.subtract(inf)).toThrow(/opposite signs/);
    expect(() => inf.multiply(CtyNumber.zero)).toThrow(/zero with infinity/);
    expect(() => CtyNumber.zero.divide(parse("-0"))).toThrow(/zero by zero/);
    expect(() => inf.divide(inf)).toThrow(/infinity by infinity/);
  });

  it("keeps Go's zero signs and infinities", () => {
    expect(parse("-0").add(parse("-0")).text()).toBe("-0");
    expect(int(0).subtract(int(0)).text()).toBe("0");
    expect(int(5).subtract(int(5)).text()).toBe("0");
    expect(int(1).divide(parse("-0")).text()).toBe("-Inf");
    expect(int(-1).multiply(int(0)).text()).toBe("-0");
    expect(int(1).divide(CtyNumber.positiveInfinity).text()).toBe("0");
    expect(CtyNumber.positiveInfinity.add(int(1)).text()).toBe("+Inf");
    expect(int(0).negate().text()).toBe("-0");
    expect(parse("-2.5").abs().text()).toBe("2.5");
  });

  it("gives results the precision go-cty gives", () => {
    expect(int(1).add(f64(0.5)).precision).toBe(64);
    expect(int(1).add(parse("1")).precision).toBe(512);
    expect(int(1).add(CtyNumber.positiveInfinity).precision).toBe(64);
    expect(f64(0.5).divide(f64(3)).precision).toBe(53);
    // Multiply: computed at 512 bits, then max(operand precision, bits the product needs).
    expect(int(2n ** 62n + 1n).multiply(int(2n ** 62n + 1n)).precision).toBe(125);
    expect(
      int(2n ** 62n + 1n)
        .multiply(int(2n ** 62n + 1n))
        .text(),
    ).toBe(((2n ** 62n + 1n) ** 2n).toString());
    // 0.1 as float64 has 52 significant bits (its 53-bit mantissa is even): 52 + 52.
    expect(f64(0.1).multiply(f64(0.1)).precision).toBe(104);
    // Expectations from terraform console (go-cty): tostring(0.1*0.1), tostring(pow(0.1,1)*pow(3,1)).
    expect(parse("0.1").multiply(parse("0.1")).text()).toBe(`0.01${"0".repeat(153)}1`);
    expect(f64(0.1).multiply(f64(3)).text()).toBe("0.30000000000000002");
  });

  it("adds across huge exponent gaps without building huge mantissas", () => {
    const big = parse("1e300000");
    const tiny = parse("1e-300000");
    const t0 = performance.now();
    expect(big.add(tiny).cmp(big)).toBe(0);
    expect(big.subtract(tiny).cmp(big)).toBe(0);
    expect(int(1).add(tiny).cmp(int(1))).toBe(0);
    expect(int(1).subtract(tiny).text()).toBe("1");
    expect(parse("1").add(tiny).text()).toBe("1");
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it("refuses to format numbers beyond the formatting bound instead of hanging", () => {
    const huge = parse("1e2000000");
    expect(huge.isInteger()).toBe(true);
    expect(huge.cmp(parse("1e1999999"))).toBe(1);
    expect(() => huge.text()).toThrow(/too large or too small to format/);
    expect(() => parse("1e-2000000").hashString()).toThrow(/too large or too small to format/);
  });
});

describe("properties", () => {
  it("float64 text round-trips through JS Number", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const t = f64(x).text();
        expect(Number(t)).toBe(x); // Object.is: "-0" must come back as -0
      }),
      { numRuns: 2000 },
    );
  });

  it("float64 text has JS's shortest length where JS prints without exponent, and mostly its digits", () => {
    // Go's math/big digit walk lacks strconv's "upperdelta" tracking, so where the upper bound
    // has already pulled ahead by one digit it truncates instead of rounding up: go-cty prints
    // float64 -364389832008223168 as -364389832008223160 where JS prints ...170 (both round-trip).
    let differing = 0;
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e21, max: 1e21 }), (x) => {
        fc.pre(Math.abs(x) >= 1e-6 && Math.abs(x) < 1e21);
        const t = f64(x).text();
        const js = String(x);
        expect(Number(t)).toBe(x);
        expect(t.replace(/0+$/, "").length).toBe(js.replace(/0+$/, "").length);
        if (t !== js) differing++;
      }),
      { numRuns: 5000 },
    );
    expect(differing).toBeLessThan(50);
  });

  it("float64 text is shortest like JS for normal doubles in exponent range too", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        fc.pre(x !== 0 && Math.abs(x) >= 2.2250738585072014e-308);
        // As many significant digits as JS's shortest round-trip form.
        const js = Math.abs(x).toExponential().split("e")[0]!.replace(".", "");
        const go = f64(x).textG();
        expect(Number(go)).toBe(x);
        expect(go.replace(/^-/, "").split("e")[0]!.replace(".", "").replace(/^0+/, "").length).toBe(
          js.length,
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("parsing the text of any 512-bit value gives the value back", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 512n - 1n }),
        fc.integer({ min: -1800, max: 1800 }),
        fc.boolean(),
        (m, e, neg) => {
          const n = parse(`${neg ? "-" : ""}${m}p${e}`);
          const t = n.text();
          const back = parse(t);
          if ((m & (m - 1n)) === 0n) {
            // Go's math/big uses a symmetric ±½ulp interval even at a power of two, where the
            // neighbour below is only ½ulp away, so the text may parse back one ulp lower.
            expect(back.abs().cmp(n.abs())).toBeLessThanOrEqual(0);
          } else {
            expect(back.cmp(n)).toBe(0);
          }
          expect(back.text()).toBe(t);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("parsed digits used as the shortest decimal agree with the full conversion", () => {
    const decimal = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^[0-9]{1,40}$/),
        fc.stringMatching(/^[0-9]{0,120}$/),
        fc.integer({ min: -260, max: 260 }),
      )
      .map(([neg, i, f, e]) => `${neg ? "-" : ""}${i}${f === "" ? "" : `.${f}`}e${e}`);
    fc.assert(
      fc.property(decimal, (s) => {
        const hinted = parse(s);
        fc.pre(!hinted.isZero());
        const fresh = () => hinted.add(CtyNumber.zero); // a copy without the parsed digits
        expect(hinted.text()).toBe(fresh().text());
        expect(hinted.textG()).toBe(fresh().textG());
        expect(hinted.hashString()).toBe(fresh().hashString());
      }),
      { numRuns: 1500 },
    );
  });

  it("hash strings from the shortest decimal agree with rounding the exact value", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }).map(f64),
          fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((b) => int(b).divide(int(7))),
          fc.stringMatching(/^[1-9][0-9]{9}5$/).map((d) => parse(`0.${d}`)),
          fc.stringMatching(/^[1-9][0-9]{9}5$/).map((d) => f64(Number(`0.${d}`))),
        ),
        (n) => {
          fc.pre(!n.isZero());
          const exactFirst = n.add(CtyNumber.zero).hashString(); // no memoized shortest yet
          n.text(); // memoizes the shortest decimal
          expect(n.hashString()).toBe(exactFirst);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("cmp agrees with JS ordering of doubles and bigints", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (a, b) => {
        expect(f64(a).cmp(f64(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(f64(a).equals(f64(b))).toBe(a === b);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt(), (a, b) => {
        expect(int(a).cmp(int(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(int(a).cmp(parse(b.toString()))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      { numRuns: 2000 },
    );
  });

  it("float64 arithmetic matches IEEE in the normal range; toFloat64 matches JS parsing", () => {
    const normal = fc
      .double({ min: 1e-150, max: 1e150, noNaN: true })
      .chain((x) => fc.boolean().map((neg) => (neg ? -x : x)));
    fc.assert(
      fc.property(normal, normal, (a, b) => {
        expect(f64(a).add(f64(b)).toFloat64()).toBe(a + b);
        expect(f64(a).subtract(f64(b)).toFloat64()).toBe(a - b);
        expect(f64(a).multiply(f64(b)).toFloat64()).toBe(a * b);
        expect(f64(a).divide(f64(b)).toFloat64()).toBe(a / b);
        expect(parse(String(a)).toFloat64()).toBe(a);
        expect(f64(a).toFloat64()).toBe(a);
        expect(f64(a).isExactFloat64()).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("integer arithmetic is exact while results fit the precision", () => {
    const i62 = fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n });
    fc.assert(
      fc.property(i62, i62, (a, b) => {
        expect(int(a).add(int(b)).toBigInt()).toBe(a + b);
        expect(int(a).subtract(int(b)).toBigInt()).toBe(a - b);
        expect(int(a).multiply(int(b)).toBigInt()).toBe(a * b);
        expect(int(a).isInt64()).toBe(true);
        expect(int(a).equals(parse(a.toString()))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("the fast shortest-decimal search equals Go's three full expansions", () => {
    const cases = fc
      .tuple(
        fc.bigInt({ min: 1n, max: 2n ** 600n }),
        fc.integer({ min: -1500, max: 400 }),
        fc.constantFrom(53, 64, 100, 512, 600),
      )
      .filter(([m, , prec]) => m < 1n << BigInt(prec));
    fc.assert(
      fc.property(cases, ([m, e, prec]) => {
        const x = magnitude(m, e);
        expect(shortestDecimal(x, prec)).toEqual(shortestDecimalReference(x, prec));
      }),
      { numRuns: 1500 },
    );
    // Values at and next to powers of ten and two, where carries and borrows cross the split.
    for (let k = 1; k < 60; k++) {
      for (const v of [10n ** BigInt(k), 10n ** BigInt(k) - 1n, 10n ** BigInt(k) + 1n, 2n ** BigInt(3 * k)]) {
        for (const prec of [53, 64, 512]) {
          for (const e of [-3 * k, -200, 0, 7]) {
            const x = magnitude(v < 1n << BigInt(prec) ? v : v >> BigInt(3 * k), e);
            expect(shortestDecimal(x, prec)).toEqual(shortestDecimalReference(x, prec));
          }
        }
      }
    }
  });

  it("integer text is the bigint's decimal text", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 600n), max: 2n ** 600n }), (b) => {
        expect(int(b).text()).toBe(b.toString());
      }),
    );
  });
});

// --- vectors produced by go-cty itself (terraform console), see scripts/number-vectors.mjs ---

type Operand = [kind: "P" | "F" | "I", text: string];
interface Vectors {
  parse: [string, string][];
  extreme: [string, string][];
  float64: [string, string][];
  ops: [Operand, string, Operand, string][];
  setOrder: [Operand[], number[]][];
}

function operand([kind, s]: Operand): CtyNumber {
  if (kind === "P") return parse(s);
  if (kind === "F") return f64(parse(s).toFloat64());
  return int(BigInt(s));
}

describe("go-cty vectors (terraform console)", async () => {
  const vectors = (await import("../test/vectors/number.json", { with: { type: "json" } }))
    .default as unknown as Vectors;

  it(`parse → text for ${vectors.parse.length} inputs`, () => {
    const failures: string[] = [];
    for (const [input, expected] of vectors.parse) {
      let got: string;
      try {
        got = parse(input).text();
      } catch (e) {
        got = isCtyError(e) && (e as Error).message === "a number is required" ? "ERR" : String(e);
      }
      if (got !== expected) failures.push(`${JSON.stringify(input)}: got ${got}, want ${expected}`);
    }
    expect(failures).toEqual([]);
  });

  it("accepts, rejects and classifies extreme exponents like Go", () => {
    const inf = CtyNumber.positiveInfinity;
    const tiny = parse("1e-300");
    for (const [input, expected] of vectors.extreme) {
      let got: string;
      try {
        const n = parse(input);
        got = JSON.stringify([n.cmp(CtyNumber.zero) > 0, n.cmp(inf) < 0, n.cmp(tiny) > 0]);
      } catch {
        got = "ERR";
      }
      expect(got, input).toBe(expected);
    }
  });

  it(`float64 text for ${vectors.float64.length} doubles`, () => {
    const failures: string[] = [];
    for (const [input, expected] of vectors.float64) {
      const parsed = parse(input);
      const double = parsed.toFloat64();
      // go-cty's pow() reports an error where a finite number overflows float64.
      const got = Number.isFinite(double) || parsed.isInfinite() ? f64(double).text() : "ERR";
      if (got !== expected) failures.push(`${input}: got ${got}, want ${expected}`);
    }
    expect(failures).toEqual([]);
  });

  it(`arithmetic and equality for ${vectors.ops.length} mixed-origin pairs`, () => {
    const failures: string[] = [];
    for (const [a, op, b, expected] of vectors.ops) {
      const x = operand(a);
      const y = operand(b);
      let got: string;
      try {
        if (op === "+") got = x.add(y).text();
        else if (op === "-") got = x.subtract(y).text();
        else if (op === "*") got = x.multiply(y).text();
        else if (op === "/") got = x.divide(y).text();
        else got = String(x.equals(y));
      } catch {
        got = "ERR";
      }
      if (got !== expected)
        failures.push(`${a.join(":")} ${op} ${b.join(":")}: got ${got}, want ${expected}`);
    }
    expect(failures).toEqual([]);
  });

  it(`hash strings order ${vectors.setOrder.length} sets of objects like go-cty`, () => {
    for (const [members, expected] of vectors.setOrder) {
      const keyed = members.map((m, k) => ({ k, hash: `<${operand(m).hashString()};${k};>` }));
      keyed.sort((p, q) => (p.hash < q.hash ? -1 : p.hash > q.hash ? 1 : 0));
      expect(keyed.map((e) => e.k)).toEqual(expected);
    }
  });
});
