import { CtyNumber } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { diffValues, isJsonObject, parseExactJson, renderJson } from "./json.js";

describe("parseExactJson", () => {
  it("keeps every digit of numbers that a float64 would round", () => {
    const parsed = parseExactJson(
      '{"big": 12345678901234567890123, "tiny": 0.10000000000000000001, "neg": -2.5e3}',
    );
    if (!isJsonObject(parsed)) throw new Error("not an object");
    expect((parsed.big as CtyNumber).text()).toBe("12345678901234567890123");
    expect((parsed.tiny as CtyNumber).text()).toBe("0.10000000000000000001");
    expect((parsed.neg as CtyNumber).text()).toBe("-2500");
    // JSON.parse loses the distinction the exact parser keeps.
    expect(String(JSON.parse("12345678901234567890123"))).toBe("1.2345678901234568e+22");
  });

  it("reads strings with escapes, arrays, nested objects, literals", () => {
    const parsed = parseExactJson(' [ "a\\"b\\u00e9\\n", true, false, null, {"k": []}, {} ] ');
    expect(renderJson(parsed)).toBe('["a\\"bé\\n", true, false, null, {"k": []}, {}]');
  });

  it("rejects malformed text, trailing text included, in Go's decoder's words", () => {
    expect(() => parseExactJson('{"a": 1,}')).toThrow(
      "invalid JSON: invalid character '}' looking for beginning of object key string",
    );
    expect(() => parseExactJson("[1] 2")).toThrow(
      "invalid JSON: invalid character '2' after top-level value",
    );
    expect(() => parseExactJson('"open')).toThrow("invalid JSON: unexpected EOF");
    expect(() => parseExactJson("01")).toThrow("invalid JSON: invalid character '1' after top-level value");
    expect(() => parseExactJson("01")).toThrow(SyntaxError);
  });

  it("reads lone surrogates as U+FFFD and a repeated member as its last value, as Go does", () => {
    expect(parseExactJson('"\\\\udc00"')).toBe("\\udc00"); // an escaped backslash, no surrogate
    expect(parseExactJson('"\\udc00x"')).toBe("\ufffdx"); // an escaped lone surrogate
    expect(parseExactJson('"\udc00y"')).toBe("\ufffdy"); // a raw one
    const parsed = parseExactJson('{"a": 1, "a": "second", "__proto__": true}');
    if (!isJsonObject(parsed)) throw new Error("not an object");
    expect(parsed.a).toBe("second");
    expect(Object.keys(parsed)).toEqual(["a", "__proto__"]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it("renders absent values distinctly from null", () => {
    expect(renderJson(undefined)).toBe("(absent)");
    expect(renderJson(null)).toBe("null");
    expect(renderJson(CtyNumber.parse("1e2"))).toBe("100");
  });
});

describe("diffValues (import verification)", () => {
  it("treats null, absent and empty containers alike, as terraform-plugin-testing's flatmap does", () => {
    expect(diffValues({ id: "a", triggers: null }, { id: "a", triggers: {} }, "")).toEqual([]);
    expect(diffValues({ id: "a", tags: [] }, { id: "a" }, "")).toEqual([]);
    expect(diffValues({ nested: { list: [] } }, { nested: { list: null } }, "")).toEqual([]);
  });

  it("still reports an empty string against null, and a non-empty container against null", () => {
    expect(diffValues({ name: "" }, { name: null }, "")).toEqual([
      { path: "name", expected: '""', actual: "null" },
    ]);
    expect(diffValues({ triggers: { a: "1" } }, { triggers: null }, "")).toEqual([
      { path: "triggers", expected: '{"a": "1"}', actual: "null" },
    ]);
  });

  it("does not compare the top-level timeouts, which is only sometimes in state", () => {
    expect(diffValues({ id: "a", timeouts: { create: "1m" } }, { id: "a", timeouts: null }, "")).toEqual([]);
    expect(diffValues({ x: { timeouts: "1m" } }, { x: { timeouts: "2m" } }, "")).toHaveLength(1);
  });
});
