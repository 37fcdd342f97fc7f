import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCtyError } from "./errors.js";
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

  it("prints float64 values by their shortest digits at 53 bits", () => {
    expect(f64(2 ** 60).text()).toBe("1152921504606847000");
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

describe("properties", () => {
  it("float64 text round-trips through JS Number", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const t = f64(x).text();
        expect(Number(t)).toBe(x === 0 ? x : x);
      }),
      { numRuns: 2000 },
    );
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
