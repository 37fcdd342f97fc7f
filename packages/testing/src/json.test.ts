import { CtyNumber } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { isJsonObject, parseExactJson, renderJson } from "./json.js";

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

  it("rejects malformed text with the offset", () => {
    expect(() => parseExactJson('{"a": 1,}')).toThrow(/invalid JSON at offset 8/);
    expect(() => parseExactJson("[1] 2")).toThrow(/trailing characters/);
    expect(() => parseExactJson('"open')).toThrow(/unterminated string/);
    expect(() => parseExactJson("01")).toThrow(/trailing characters/);
  });

  it("renders absent values distinctly from null", () => {
    expect(renderJson(undefined)).toBe("(absent)");
    expect(renderJson(null)).toBe("null");
    expect(renderJson(CtyNumber.parse("1e2"))).toBe("100");
  });
});
