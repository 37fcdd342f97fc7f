import {
  formatPath,
  listVal,
  nullVal,
  numberVal,
  objectVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "../attribute.js";
import { block } from "../block.js";
import type { Diagnostic } from "../diagnostics.js";
import { emptyValue } from "../implied-type.js";
import { resourceSchema, type Schema } from "../schema.js";
import { t } from "../type-constructors.js";
import { validateConfig } from "../validate-config.js";
import type { ValidatorObject } from "../validator.js";
import { type NumberModel, numberValidator as nv } from "./number.js";
import { matchRoot } from "./path-expression.js";

function config(schema: Schema, values: Record<string, Value>): Value {
  const m = new Map(emptyValue(schema).entries());
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  return objectVal(m);
}

const show = (diags: readonly Diagnostic[]) =>
  diags.map((d) => `${d.path ? formatPath(d.path) : ""}: ${d.summary} | ${d.detail ?? ""}`);

type Kind = "int64" | "float64" | "number";

function check(validator: ValidatorObject<NumberModel>, value: Value, kind: Kind = "int64"): string[] {
  const o = { optional: true, validators: [validator] } as const;
  const n = kind === "int64" ? attr.int64(o) : kind === "float64" ? attr.float64(o) : attr.number(o);
  const schema = resourceSchema({ attributes: { n } });
  return show(validateConfig(schema, config(schema, { n: value })));
}

const BIG = 2n ** 53n;

describe("numberValidator bounds", () => {
  it("between, atLeast, atMost on int64 with Go's wording", () => {
    expect(check(nv.between(1, 65535), numberVal(80))).toEqual([]);
    expect(check(nv.between(1, 65535), numberVal(0))).toEqual([
      ".n: Invalid Attribute Value | Attribute n value must be between 1 and 65535, got: 0",
    ]);
    expect(check(nv.atLeast(1), numberVal(0))).toEqual([
      ".n: Invalid Attribute Value | Attribute n value must be at least 1, got: 0",
    ]);
    expect(check(nv.atMost(10), numberVal(11))).toEqual([
      ".n: Invalid Attribute Value | Attribute n value must be at most 10, got: 11",
    ]);
    expect(check(nv.atMost(10), numberVal(10))).toEqual([]);
    expect(nv.between(1, 2).description).toBe("value must be between 1 and 2");
  });

  it("compares int64 values beyond 2^53 exactly (bigint bounds)", () => {
    // 2^53 + 1 is not a float64: as a JS number it would equal 2^53.
    expect(check(nv.atMost(BIG), numberVal(BIG + 1n))).toEqual([
      ".n: Invalid Attribute Value | Attribute n value must be at most 9007199254740992, got: 9007199254740993",
    ]);
    expect(check(nv.atMost(BIG), numberVal(BIG))).toEqual([]);
    expect(check(nv.atLeast(BIG + 1n), numberVal(BIG))).toHaveLength(1);
    expect(check(nv.between(-(2n ** 63n), 2n ** 63n - 1n), numberVal(2n ** 63n - 1n))).toEqual([]);
    expect(check(nv.oneOf(BIG + 1n), numberVal(BIG + 1n))).toEqual([]);
    expect(check(nv.oneOf(BIG + 1n), numberVal(BIG))).toEqual([
      '.n: Invalid Attribute Value Match | Attribute n value must be one of: ["9007199254740993"], got: 9007199254740992',
    ]);
  });

  it("compares float64 and exact numbers exactly (decimal bounds)", () => {
    expect(check(nv.atLeast("0.1"), numberVal("0.1"), "float64")).toEqual([]);
    expect(check(nv.atLeast(0.1), numberVal("0.1"), "float64")).toEqual([]);
    expect(check(nv.atLeast("0.1"), numberVal("0.09"), "number")).toEqual([
      ".n: Invalid Attribute Value | Attribute n value must be at least 0.1, got: 0.09",
    ]);
    expect(check(nv.between(0, 1), numberVal("1.0000000000000000001"), "number")).toHaveLength(1);
  });

  it("oneOf and noneOf", () => {
    expect(check(nv.oneOf(1, 2, 3), numberVal(2))).toEqual([]);
    expect(check(nv.oneOf(1, 2, 3), numberVal(4))).toEqual([
      '.n: Invalid Attribute Value Match | Attribute n value must be one of: ["1" "2" "3"], got: 4',
    ]);
    expect(check(nv.noneOf(22, 23), numberVal(22))).toEqual([
      '.n: Invalid Attribute Value Match | Attribute n value must be none of: ["22" "23"], got: 22',
    ]);
    expect(check(nv.noneOf(22, 23), numberVal(24))).toEqual([]);
  });

  it("skips null and unknown values", () => {
    expect(check(nv.atLeast(5), nullVal(t.int64.type))).toEqual([]);
    expect(check(nv.atLeast(5), unknownVal(t.int64.type))).toEqual([]);
  });

  it("reports an impossible range as Invalid Validator Usage", () => {
    expect(check(nv.between(5, 1), numberVal(3))[0]).toMatch(/Invalid Validator Usage .*"Between"/s);
  });
});

describe("numberValidator sum-of", () => {
  const schema = resourceSchema({
    attributes: {
      total: attr.int64({ optional: true, validators: [nv.atLeastSumOf("a", "b")] }),
      cap: attr.int64({ optional: true, validators: [nv.atMostSumOf("a", matchRoot("b"))] }),
      exact: attr.int64({ optional: true, validators: [nv.equalToSumOf("a", "b")] }),
      a: attr.int64({ optional: true }),
      b: attr.int64({ optional: true }),
    },
  });
  const run = (values: Record<string, Value>) => show(validateConfig(schema, config(schema, values)));

  it("compares with the sum of siblings", () => {
    expect(run({ total: numberVal(5), a: numberVal(2), b: numberVal(3) })).toEqual([]);
    expect(run({ total: numberVal(4), a: numberVal(2), b: numberVal(3) })).toEqual([
      ".total: Invalid Attribute Value | Attribute total value must be at least sum of a + b, got: 4",
    ]);
    expect(run({ cap: numberVal(6), a: numberVal(2), b: numberVal(3) })).toEqual([
      ".cap: Invalid Attribute Value | Attribute cap value must be at most sum of a + b, got: 6",
    ]);
    expect(run({ exact: numberVal(6), a: numberVal(2), b: numberVal(3) })).toEqual([
      ".exact: Invalid Attribute Value | Attribute exact value must be equal to the sum of a + b, got: 6",
    ]);
    expect(run({ exact: numberVal(5), a: numberVal(2), b: numberVal(3) })).toEqual([]);
  });

  it("counts a null sibling as nothing and waits for an unknown one", () => {
    expect(run({ total: numberVal(2), a: numberVal(2) })).toEqual([]);
    expect(run({ total: numberVal(1), a: numberVal(2) })).toHaveLength(1);
    expect(run({ total: numberVal(1), a: numberVal(2), b: unknownVal(t.int64.type) })).toEqual([]);
  });

  it("sums exactly beyond 2^53", () => {
    expect(run({ total: numberVal(2n * BIG + 1n), a: numberVal(BIG), b: numberVal(BIG + 1n) })).toEqual([]);
    expect(run({ total: numberVal(2n * BIG), a: numberVal(BIG), b: numberVal(BIG + 1n) })).toHaveLength(1);
  });

  it("resolves siblings inside each element of a list block", () => {
    const s = resourceSchema({
      blocks: {
        pool: block.list({
          attributes: {
            max: attr.int64({ optional: true, validators: [nv.atLeastSumOf("min", "spare")] }),
            min: attr.int64({ optional: true }),
            spare: attr.int64({ optional: true }),
          },
        }),
      },
    });
    const el = (max: number, min: number, spare: number) =>
      objectVal({ max: numberVal(max), min: numberVal(min), spare: numberVal(spare) });
    const pool = listVal([el(5, 2, 3), el(4, 2, 3)]);
    expect(show(validateConfig(s, config(s, { pool })))).toEqual([
      ".pool[1].max: Invalid Attribute Value | Attribute pool[1].max value must be at least sum of min + spare, got: 4",
    ]);
  });

  it("refuses, when the schema is built, a sum over a path the schema does not have", () => {
    expect(() =>
      resourceSchema({
        attributes: { n: attr.int64({ optional: true, validators: [nv.atLeastSumOf(matchRoot("nope"))] }) },
      }),
    ).toThrow(
      /n: a validator refers to "nope", which matches nothing: there is no attribute or block "nope"/,
    );
  });
});
