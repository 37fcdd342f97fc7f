import {
  listType,
  listVal,
  mapVal,
  nullVal,
  numberType,
  numberVal,
  objectType,
  objectVal,
  setVal,
  stringType,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { checkConformance, checkWhollyKnown, checkWriteOnlyNull } from "./conformance.js";
import { attr, blk, body, nested } from "./internal/fixtures.js";
import { ContractRule, formatViolation } from "./violation.js";

const S = stringVal;
const str = stringType;
const obj = (r: Record<string, Value>) => objectVal(r);
const wo = attr(str, { optional: true, writeOnly: true });

describe("checkConformance", () => {
  const schema = body({
    attributes: { name: attr(str, { required: true }), tags: attr(listType(str), { optional: true }) },
  });

  it("accepts a value of the implied type", () => {
    expect(checkConformance(schema, obj({ name: S("a"), tags: nullVal(listType(str)) }), "apply")).toEqual(
      [],
    );
  });

  it("reports go-cty's conformance messages with paths", () => {
    const v = checkConformance(schema, obj({ name: numberVal(1), tags: listVal([numberVal(1)]) }), "apply");
    expect(v.map(formatViolation)).toEqual([
      ".name: string required, but received number",
      ".tags[(not yet known)]: string required, but received number",
    ]);
    expect(v.every((x) => x.rule === ContractRule.typeConformance && x.stage === "apply")).toBe(true);
  });

  it("reports missing and unsupported attributes at the object", () => {
    const v = checkConformance(schema, obj({ name: S("a"), extra: S("b") }), "plan");
    expect(v.map(formatViolation)).toEqual([
      'unsupported attribute "extra"',
      'missing required attribute "tags"',
    ]);
  });
});

describe("checkWriteOnlyNull", () => {
  const schema = body({
    attributes: {
      top: wo,
      n: nested("list", { secret: wo, plain: attr(str, { optional: true }) }, { optional: true }),
    },
    blocks: {
      l: blk("list", { attributes: { secret: wo } }),
      s: blk("set", { attributes: { secret: wo } }),
      m: blk("map", { attributes: { secret: wo } }),
      one: blk("single", { attributes: { secret: wo } }),
    },
  });
  const sec = (x: Value) => obj({ secret: x });
  const nul = nullVal(str);
  const value = (x: Value) =>
    obj({
      top: x,
      n: listVal([obj({ secret: x, plain: S("p") })]),
      l: listVal([sec(nul), sec(x)]),
      s: setVal([sec(x)]),
      m: mapVal({ k: sec(x) }),
      one: sec(x),
    });

  it("passes when every write-only attribute is null", () => {
    expect(checkWriteOnlyNull(schema, value(nul), "apply")).toEqual([]);
  });

  it("finds write-only values at any depth", () => {
    expect(checkWriteOnlyNull(schema, value(S("pw")), "apply").map(formatViolation)).toEqual([
      ".n[0].secret: write-only attribute must be null",
      ".top: write-only attribute must be null",
      ".l[1].secret: write-only attribute must be null",
      '.m["k"].secret: write-only attribute must be null',
      ".one.secret: write-only attribute must be null",
      ".s[...].secret: write-only attribute must be null",
    ]);
  });

  it("an unknown write-only value is not null either", () => {
    expect(
      checkWriteOnlyNull(body({ attributes: { top: wo } }), obj({ top: unknownVal(str) }), "plan"),
    ).toHaveLength(1);
  });
});

describe("checkWhollyKnown", () => {
  it("reports each unknown once, without descending into unknown containers", () => {
    const v = obj({
      a: unknownVal(str),
      b: listVal([S("x"), unknownVal(str)]),
      c: unknownVal(listType(str)),
      d: mapVal({ k: unknownVal(numberType) }),
      e: obj({ f: S("known") }),
    });
    expect(checkWhollyKnown(v, "refresh").map(formatViolation)).toEqual([
      ".a: value is not known",
      ".b[1]: value is not known",
      ".c: value is not known",
      '.d["k"]: value is not known',
    ]);
  });

  it("reports an unknown root at the empty path", () => {
    expect(
      checkWhollyKnown(unknownVal(objectType({ a: str })), "apply", "unknown").map(formatViolation),
    ).toEqual(["unknown"]);
  });

  it("is empty for known values", () => {
    expect(checkWhollyKnown(obj({ a: S("x"), b: nullVal(str) }), "apply")).toEqual([]);
  });
});
