// float32 and int32 attributes: the Go framework's Float32Type and Int32Type conversions.
import {
  CtyNumber,
  formatPath,
  isCtyError,
  listVal,
  numberVal,
  objectVal,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { emptyValue } from "./implied-type.js";
import { isSemanticType } from "./semantic/semantic-type.js";
import { float32Of, float32Problem, int32Problem } from "./internal/number-kinds.js";
import { fromModel, toModel } from "./model.js";
import { resourceSchema } from "./schema.js";
import { t } from "./type-constructors.js";
import { validateConfig } from "./validate-config.js";

const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    ratio: attr.float32({ optional: true }),
    replicas: attr.int32({ optional: true }),
    ratios: attr.list(t.float32, { optional: true }),
    counts: attr.list(t.int32, { optional: true }),
    computed_ratio: attr.float32({ optional: true, computed: true }),
  },
});

function config(values: Record<string, Value>): Value {
  const m = new Map(emptyValue(schema).entries());
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  return objectVal(m);
}

function show(v: Value): string[] {
  return validateConfig(schema, v).map(
    (d) => `${d.severity} ${d.path ? formatPath(d.path) : ""}: ${d.summary} | ${d.detail ?? ""}`,
  );
}

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isCtyError(e)) return e.message;
    throw e;
  }
  throw new Error("no error");
}

/** The exact decimal text of mant / 2^shift. */
function dyadic(mant: bigint, shift: number): string {
  const digits = (mant * 5n ** BigInt(shift)).toString().padStart(shift + 1, "0");
  return `${digits.slice(0, -shift)}.${digits.slice(-shift)}`;
}

describe("float32Of: one rounding to single precision, like Go's big.Float.Float32", () => {
  it("agrees with Math.fround wherever the float64 is not a float32 half-way point", () => {
    for (const x of [0.01, 0.1, 1 / 3, 123.456, -2.5e-40, 3.4028234663852886e38, 1e-45, 16777217]) {
      expect(float32Of(CtyNumber.fromFloat64(x))).toBe(Math.fround(x));
    }
    expect(float32Of(CtyNumber.parse("0.01"))).toBe(0.009999999776482582);
  });

  it("rounds the exact number, not its float64, when the float64 lands half-way", () => {
    // 1 + 2^-24 + 2^-80: its float64 is 1 + 2^-24, exactly half-way between the float32 values
    // 1 and 1 + 2^-23; Math.fround of that float64 picks the even 1, but the exact number is
    // above the half-way point, so one rounding gives 1 + 2^-23.
    const above = CtyNumber.parse(dyadic(2n ** 80n + 2n ** 56n + 1n, 80));
    expect(above.toFloat64()).toBe(1 + 2 ** -24);
    expect(Math.fround(above.toFloat64())).toBe(1);
    expect(float32Of(above)).toBe(1 + 2 ** -23);
    const below = CtyNumber.parse(dyadic(2n ** 80n + 2n ** 56n - 1n, 80));
    expect(below.toFloat64()).toBe(1 + 2 ** -24);
    expect(float32Of(below)).toBe(1);
    expect(float32Of(below.negate())).toBe(-1);
    // Exactly half-way: to even, as both Go and Math.fround do.
    expect(float32Of(CtyNumber.fromFloat64(1 + 2 ** -24))).toBe(1);
    expect(float32Of(CtyNumber.fromFloat64(1 + 3 * 2 ** -24))).toBe(1 + 2 ** -22);
  });

  it("overflows to infinity from half an ulp above the largest float32, as Go does", () => {
    const max = 3.4028234663852886e38; // largest float32
    const half = max + 2 ** 103; // exactly half-way to 2^128: rounds to even, i.e. to ∞
    expect(float32Of(CtyNumber.fromFloat64(half))).toBe(Number.POSITIVE_INFINITY);
    expect(float32Of(CtyNumber.parse((2n ** 128n - 2n ** 103n - 1n).toString()))).toBe(max);
    expect(float32Problem(CtyNumber.parse((2n ** 128n - 2n ** 103n).toString()))).toBe(
      "Value 340282356779733661637539395458142568448 cannot be represented as a 32-bit floating point.",
    );
  });

  it("refuses what Go's Float32Type refuses: overflow, underflow to zero, infinities", () => {
    expect(float32Problem(CtyNumber.parse("1e39"))).toBe(
      "Value 1000000000000000000000000000000000000000 cannot be represented as a 32-bit floating point.",
    );
    expect(float32Problem(CtyNumber.parse("1e-50"))).toMatch(
      /cannot be represented as a 32-bit floating point/,
    );
    expect(float32Problem(CtyNumber.positiveInfinity)).toMatch(/32-bit floating point/);
    expect(float32Problem(CtyNumber.parse("0"))).toBeUndefined();
    expect(float32Problem(CtyNumber.parse("1e-45"))).toBeUndefined(); // rounds to the smallest subnormal
    expect(float32Problem(CtyNumber.parse("-3.4e38"))).toBeUndefined();
  });
});

describe("int32Problem: Go's Int32Type conversion", () => {
  it("accepts −2^31 … 2^31 − 1 and refuses the rest with Go's messages", () => {
    expect(int32Problem(CtyNumber.fromInt(2 ** 31 - 1))).toBeUndefined();
    expect(int32Problem(CtyNumber.fromInt(-(2 ** 31)))).toBeUndefined();
    expect(int32Problem(CtyNumber.fromInt(2 ** 31))).toBe(
      "Value 2147483648 cannot be represented as a 32-bit integer.",
    );
    expect(int32Problem(CtyNumber.fromInt(-(2 ** 31) - 1))).toBe(
      "Value -2147483649 cannot be represented as a 32-bit integer.",
    );
    expect(int32Problem(CtyNumber.fromInt(2n ** 70n))).toMatch(/cannot be represented as a 32-bit integer/);
    expect(int32Problem(CtyNumber.parse("1.5"))).toBe("Value 1.5 is not an integer.");
  });
});

describe("validateConfig refuses what does not fit, with the attribute path", () => {
  it("int32 2^31 at validate time, on the attribute and inside a list", () => {
    expect(show(config({ replicas: numberVal(2 ** 31) }))).toEqual([
      "error .replicas: Invalid Attribute Value | Value 2147483648 cannot be represented as a 32-bit integer.",
    ]);
    expect(show(config({ counts: listVal([numberVal(1), numberVal("2.5")]) }))).toEqual([
      "error .counts[1]: Invalid Attribute Value | Value 2.5 is not an integer.",
    ]);
    expect(
      show(config({ replicas: numberVal(2 ** 31 - 1), counts: listVal([numberVal(-(2 ** 31))]) })),
    ).toEqual([]);
  });

  it("float32 beyond single precision's range; an unknown is left for later", () => {
    expect(show(config({ ratio: numberVal("1e39"), ratios: listVal([numberVal("1e-50")]) }))).toEqual([
      "error .ratio: Invalid Attribute Value | Value 1000000000000000000000000000000000000000 cannot be represented as a 32-bit floating point.",
      "error .ratios[0]: Invalid Attribute Value | Value 0.00000000000000000000000000000000000000000000000001 cannot be represented as a 32-bit floating point.",
    ]);
    expect(show(config({ ratio: numberVal("0.01"), replicas: unknownVal(t.int32.type) }))).toEqual([]);
  });
});

describe("models of float32 and int32", () => {
  const state = (values: Record<string, Value>): Value => {
    const m = new Map(emptyValue(schema).entries());
    m.set("id", stringVal("x"));
    for (const [k, v] of Object.entries(values)) m.set(k, v);
    return objectVal(m);
  };

  it("float32: the model is rounded, the untouched value goes back exactly as configured", () => {
    const v = state({ ratio: numberVal("0.01"), ratios: listVal([numberVal("0.1"), numberVal("2.5")]) });
    const model = toModel(schema, v, "state");
    expect(model.ratio).toBe(Math.fround(0.01));
    expect(model.ratios).toEqual([Math.fround(0.1), 2.5]);
    const back = fromModel(schema, { ...model, ratios: [...(model.ratios ?? [])] }, "state", v);
    expect(back.getAttr("ratio").asNumber().text()).toBe("0.01");
    expect(back.getAttr("ratios").elements()[0]?.asNumber().text()).toBe("0.1");
  });

  it("float32: a value equal as float32 keeps the base (semantic equality), another is rounded", () => {
    const v = state({ ratio: numberVal("0.01") });
    const model = toModel(schema, v, "state");
    // The hook wrote the double 0.01: the same float32, so the configured 0.01 stays.
    expect(
      fromModel(schema, { ...model, ratio: 0.01 }, "state", v)
        .getAttr("ratio")
        .asNumber()
        .text(),
    ).toBe("0.01");
    // A new value is rounded to single precision, as Go's NewFloat32Value(float32(x)) is.
    const changed = fromModel(schema, { ...model, ratio: 0.02 }, "state", v)
      .getAttr("ratio")
      .asNumber();
    expect(changed.toFloat64()).toBe(Math.fround(0.02));
    expect(changed.text()).toBe("0.019999999552965164");
  });

  it("float32: a model beyond the range is refused with its path", () => {
    const model = toModel(schema, state({}), "state");
    expect(errorOf(() => fromModel(schema, { ...model, ratio: 1e39 }, "state"))).toBe(
      ".ratio: Value 1e+39 cannot be represented as a 32-bit floating point.",
    );
    expect(errorOf(() => fromModel(schema, { ...model, ratio: Number.NaN }, "state"))).toMatch(
      /^\.ratio: number required/,
    );
  });

  it("float32 default: rounded to single precision", () => {
    const s = resourceSchema({
      attributes: { r: attr.float32({ optional: true, computed: true, default: 0.1 }) },
    });
    expect(s.attributes.r.default?.asNumber().toFloat64()).toBe(Math.fround(0.1));
  });

  it("int32: a JS number; fractions and out-of-range models refused with the path", () => {
    const v = state({ replicas: numberVal(2 ** 31 - 1), counts: listVal([numberVal(-3)]) });
    const model = toModel(schema, v, "state");
    expect(model.replicas).toBe(2 ** 31 - 1);
    expect(model.counts).toEqual([-3]);
    expect(fromModel(schema, model, "state", v)).toBe(v);
    expect(errorOf(() => fromModel(schema, { ...model, replicas: 2 ** 31 }, "state"))).toBe(
      ".replicas: a whole number in the 32-bit integer range is required, but received number 2147483648",
    );
    expect(errorOf(() => fromModel(schema, { ...model, counts: [1.5] }, "state"))).toBe(
      ".counts[0]: a whole number in the 32-bit integer range is required, but received number 1.5",
    );
    expect(errorOf(() => toModel(schema, state({ replicas: numberVal(2 ** 31) }), "state"))).toBe(
      ".replicas: Value 2147483648 cannot be represented as a 32-bit integer.",
    );
  });

  it("float32 compares values as float32 (Float32SemanticEquals), for the plan's semantic step", () => {
    expect(isSemanticType(t.float32)).toBe(true);
    const equal = t.float32.semantic.valuesEqual;
    expect(equal(numberVal("0.0100000001"), numberVal("0.01"))).toBe(true); // same float32
    expect(equal(numberVal("0.0100000005"), numberVal("0.01"))).toBe(false);
    expect(isSemanticType(t.int32)).toBe(false);
  });

  it("is cty number on the wire", () => {
    expect(schema.attributes.ratio.type).toBe(t.number.type);
    expect(schema.attributes.replicas.type).toBe(t.number.type);
  });
});
