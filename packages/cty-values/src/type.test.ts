import { describe, expect, it } from "vitest";
import { CtyError } from "./errors.js";
import {
  compareUtf8,
  listType,
  numberType,
  objectType,
  setType,
  stringType,
  tupleType,
  typeEquals,
} from "./type.js";
import { objectVal, stringVal } from "./value.js";

describe("objectType", () => {
  it("accepts attribute names that are Object.prototype members", () => {
    const proto = "__proto__";
    const t = objectType({ [proto]: stringType, constructor: numberType });
    expect(Object.keys(t.attributeTypes).sort()).toEqual([proto, "constructor"]);
    expect(t.attributeTypes[proto]).toBe(stringType);
    const v = objectVal(new Map([[proto, stringVal("x")]]));
    expect(v.getAttr(proto).asString()).toBe("x");
    expect(Object.keys(v.type.kind === "object" ? v.type.attributeTypes : {})).toEqual([proto]);
  });

  it("normalizes names to NFC and checks optional names", () => {
    const t = objectType({ "e\u0301": stringType }, ["\u00e9"]);
    expect(Object.keys(t.attributeTypes)).toEqual(["\u00e9"]);
    expect(t.optional.has("\u00e9")).toBe(true);
    expect(() => objectType({ a: stringType }, ["b"])).toThrow(CtyError);
  });

  it("compares optional flags in typeEquals", () => {
    expect(typeEquals(objectType({ a: stringType }, ["a"]), objectType({ a: stringType }))).toBe(false);
    expect(typeEquals(objectType({ a: listType(stringType) }), objectType({ a: listType(stringType) }))).toBe(
      true,
    );
    expect(typeEquals(listType(stringType), setType(stringType))).toBe(false);
    expect(typeEquals(tupleType([stringType]), tupleType([stringType, stringType]))).toBe(false);
  });
});

describe("compareUtf8", () => {
  it("orders by UTF-8 bytes, not UTF-16 code units", () => {
    // U+FF5E (EF BD 9E) < U+1F600 (F0 9F 98 80) in UTF-8, though its UTF-16 unit is larger.
    expect(compareUtf8("\uff5e", "\u{1f600}")).toBeLessThan(0);
    expect(compareUtf8("\u{1f600}", "\uff5e")).toBeGreaterThan(0);
    expect(compareUtf8("a", "ab")).toBeLessThan(0);
    expect(compareUtf8("b", "a")).toBeGreaterThan(0);
    expect(compareUtf8("x", "x")).toBe(0);
  });
});
