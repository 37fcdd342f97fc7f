import { CtyNumber } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import type { KnownValueMatcher } from "./checks.js";
import { type JsonValue, parseExactJson } from "./json.js";
import * as knownvalue from "./knownvalue.js";

/** The matcher's verdict on a value written as Terraform's JSON. */
const verdict = (m: KnownValueMatcher, json: string) => m.check(parseExactJson(json) as JsonValue);

describe("knownvalue", () => {
  it("stringExact / stringRegexp", () => {
    expect(verdict(knownvalue.stringExact("web"), '"web"')).toBeUndefined();
    expect(verdict(knownvalue.stringExact("web"), '"db"')).toBe('expected "web", got "db"');
    expect(verdict(knownvalue.stringExact("1"), "1")).toBe('expected "1", got 1');
    expect(verdict(knownvalue.stringRegexp(/^srv-\d+$/g), '"srv-12"')).toBeUndefined();
    // A global regexp's lastIndex does not leak between checks.
    expect(verdict(knownvalue.stringRegexp(/^srv-\d+$/g), '"srv-12"')).toBeUndefined();
    expect(verdict(knownvalue.stringRegexp(/^srv-/), "null")).toBe(
      "expected a string matching /^srv-/, got null",
    );
  });

  it("numberExact compares exact cty numbers", () => {
    expect(verdict(knownvalue.numberExact(0.1), "0.1")).toBeUndefined();
    expect(verdict(knownvalue.numberExact("0.1"), "0.1")).toBeUndefined();
    expect(verdict(knownvalue.numberExact(12345678901234567890n), "12345678901234567890")).toBeUndefined();
    expect(verdict(knownvalue.numberExact(12345678901234567890n), "12345678901234567891")).toBe(
      "expected 12345678901234567890, got 12345678901234567891",
    );
    expect(verdict(knownvalue.numberExact(CtyNumber.parse("3")), "3.0")).toBeUndefined();
    expect(verdict(knownvalue.numberExact(3), '"3"')).toBe('expected 3, got "3"');
    expect(knownvalue.numberExact("1e3").description).toBe("numberExact(1000)");
  });

  it("bool, null, notNull", () => {
    expect(verdict(knownvalue.bool(true), "true")).toBeUndefined();
    expect(verdict(knownvalue.bool(true), "false")).toBe("expected true, got false");
    expect(verdict(knownvalue.null(), "null")).toBeUndefined();
    expect(verdict(knownvalue.null(), '""')).toBe('expected null, got ""');
    expect(verdict(knownvalue.notNull(), "null")).toBe("expected a non-null value, got null");
    expect(verdict(knownvalue.notNull(), "[]")).toBeUndefined();
  });

  it("listExact / listPartial / listSizeExact", () => {
    expect(verdict(knownvalue.listExact(["a", 1, true, null]), '["a", 1, true, null]')).toBeUndefined();
    expect(verdict(knownvalue.listExact(["a", "b"]), '["b", "a"]')).toBe(
      'element [0]: expected "a", got "b"',
    );
    expect(verdict(knownvalue.listExact(["a"]), '["a", "b"]')).toBe(
      'expected 1 elements, got ["a", "b"] (2 elements)',
    );
    expect(verdict(knownvalue.listExact([]), "{}")).toBe("expected a list, got {}");
    expect(verdict(knownvalue.listPartial({ 1: "b" }), '["x", "b", "z"]')).toBeUndefined();
    expect(verdict(knownvalue.listPartial({ 3: "b" }), '["x"]')).toBe('element [3]: absent, got ["x"]');
    expect(verdict(knownvalue.listSizeExact(2), "[1, 2]")).toBeUndefined();
    expect(verdict(knownvalue.listSizeExact(2), "[1]")).toBe("expected 2 elements, got 1: [1]");
  });

  it("setExact matches in any order, backtracking past a greedy wrong choice", () => {
    // /a/ would greedily take "ab", leaving "ab" nothing; the right assignment exists.
    const m = knownvalue.setExact([knownvalue.stringRegexp(/a/), "ab"]);
    expect(verdict(m, '["ab", "ac"]')).toBeUndefined();
    expect(verdict(m, '["ac", "ab"]')).toBeUndefined();
    expect(verdict(m, '["ac", "ad"]')).toBe('no element matches stringExact("ab"): got ["ac", "ad"]');
    expect(verdict(knownvalue.setExact(["a", "a"]), '["a", "b"]')).toBe(
      'no element matches stringExact("a"): got ["a", "b"]',
    );
    expect(verdict(knownvalue.setPartial(["b"]), '["a", "b", "c"]')).toBeUndefined();
    expect(verdict(knownvalue.setSizeExact(3), '["a", "b", "c"]')).toBeUndefined();
  });

  it("mapExact / mapPartial / objectExact / objectPartial / mapSizeExact", () => {
    expect(verdict(knownvalue.mapExact({ env: "dev" }), '{"env": "dev"}')).toBeUndefined();
    expect(verdict(knownvalue.mapExact({ env: "dev" }), '{"env": "dev", "x": "y"}')).toBe(
      'unexpected "x" in {"env": "dev", "x": "y"}',
    );
    expect(verdict(knownvalue.mapPartial({ env: "dev" }), '{"env": "dev", "x": "y"}')).toBeUndefined();
    expect(verdict(knownvalue.mapPartial({ env: "prod" }), '{"env": "dev"}')).toBe(
      '"env": expected "prod", got "dev"',
    );
    expect(verdict(knownvalue.objectPartial({ missing: null }), '{"a": 1}')).toBe(
      '"missing": absent, got {"a": 1}',
    );
    expect(verdict(knownvalue.objectExact({ a: 1 }), "[1]")).toBe("expected an object, got [1]");
    expect(
      verdict(
        knownvalue.objectPartial({ nic: knownvalue.listExact([knownvalue.objectPartial({ name: "eth0" })]) }),
        '{"nic": [{"name": "eth1", "mac": "x"}]}',
      ),
    ).toBe('"nic": element [0]: "name": expected "eth0", got "eth1"');
    expect(verdict(knownvalue.mapSizeExact(1), '{"a": 1}')).toBeUndefined();
  });
});
