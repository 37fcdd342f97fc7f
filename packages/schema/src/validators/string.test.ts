import {
  formatPath,
  listVal,
  nullVal,
  objectVal,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "../attribute.js";
import type { Diagnostic } from "../diagnostics.js";
import { emptyValue } from "../implied-type.js";
import { resourceSchema, type Schema } from "../schema.js";
import { t } from "../type-constructors.js";
import { validateConfig } from "../validate-config.js";
import type { ValidatorObject } from "../validator.js";
import { stringValidator as sv } from "./string.js";

function config(schema: Schema, values: Record<string, Value>): Value {
  const m = new Map(emptyValue(schema).entries());
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  return objectVal(m);
}

const show = (diags: readonly Diagnostic[]) =>
  diags.map((d) => `${d.path ? formatPath(d.path) : ""}: ${d.summary} | ${d.detail ?? ""}`);

/** Diagnostics of one string attribute `name` holding `value`, checked by `validator`. */
function check(validator: ValidatorObject<string>, value: string | Value): string[] {
  const schema = resourceSchema({
    attributes: { name: attr.string({ optional: true, validators: [validator] }) },
  });
  const v = typeof value === "string" ? stringVal(value) : value;
  return show(validateConfig(schema, config(schema, { name: v })));
}

describe("stringValidator lengths", () => {
  it("lengthBetween counts UTF-8 bytes, as Go's len(s)", () => {
    const v = sv.lengthBetween(2, 4);
    expect(check(v, "abcd")).toEqual([]);
    expect(check(v, "abcde")).toEqual([
      ".name: Invalid Attribute Value Length | Attribute name string length must be between 2 and 4, got: 5",
    ]);
    // "é" is 2 bytes, "€" 3, "😀" 4 (one code point, two UTF-16 units).
    expect(check(v, "é€")).toEqual([
      ".name: Invalid Attribute Value Length | Attribute name string length must be between 2 and 4, got: 5",
    ]);
    expect(check(v, "😀")).toEqual([]);
    expect(check(v, "a")).toHaveLength(1);
    expect(v.description).toBe("string length must be between 2 and 4");
  });

  it("lengthAtLeast and lengthAtMost", () => {
    expect(check(sv.lengthAtLeast(3), "ab")).toEqual([
      ".name: Invalid Attribute Value Length | Attribute name string length must be at least 3, got: 2",
    ]);
    expect(check(sv.lengthAtLeast(3), "é€")).toEqual([]);
    expect(check(sv.lengthAtMost(3), "€€")).toEqual([
      ".name: Invalid Attribute Value Length | Attribute name string length must be at most 3, got: 6",
    ]);
    expect(check(sv.lengthAtMost(3), "abc")).toEqual([]);
  });

  it("utf8Length* count characters (code points), as Go's utf8.RuneCountInString", () => {
    expect(check(sv.utf8LengthBetween(1, 2), "😀€")).toEqual([]);
    expect(check(sv.utf8LengthBetween(1, 2), "😀€é")).toEqual([
      ".name: Invalid Attribute Value Length | Attribute name UTF-8 character count must be between 1 and 2, got: 3",
    ]);
    expect(check(sv.utf8LengthAtLeast(2), "😀")).toEqual([
      ".name: Invalid Attribute Value Length | Attribute name UTF-8 character count must be at least 2, got: 1",
    ]);
    expect(check(sv.utf8LengthAtMost(1), "😀")).toEqual([]);
    expect(check(sv.utf8LengthAtMost(1), "ab")).toHaveLength(1);
  });

  it("reports an impossible range as Go's Invalid Validator Usage", () => {
    const [d] = check(sv.lengthBetween(5, 1), "abc");
    expect(d).toMatch(/^\.name: Invalid Validator Usage \| .*"LengthBetween" validator was found/s);
  });
});

describe("stringValidator matching", () => {
  it("regexMatches with the default message and with the user's", () => {
    expect(check(sv.regexMatches(/^[a-z]+$/), "abc")).toEqual([]);
    expect(check(sv.regexMatches(/^[a-z]+$/), "aBc")).toEqual([
      ".name: Invalid Attribute Value Match | Attribute name value must match regular expression '^[a-z]+$', got: aBc",
    ]);
    expect(check(sv.regexMatches(/^[a-z]+$/, "must contain only lowercase letters"), "A")).toEqual([
      ".name: Invalid Attribute Value Match | Attribute name must contain only lowercase letters, got: A",
    ]);
  });

  it("regexMatches ignores the g flag's state between values", () => {
    const v = sv.regexMatches(/a/g);
    expect(check(v, "a")).toEqual([]);
    expect(check(v, "a")).toEqual([]);
  });

  it("oneOf and noneOf quote values as Go does", () => {
    expect(check(sv.oneOf("small", "large"), "large")).toEqual([]);
    expect(check(sv.oneOf("small", "large"), "huge")).toEqual([
      '.name: Invalid Attribute Value Match | Attribute name value must be one of: ["small" "large"], got: "huge"',
    ]);
    expect(check(sv.noneOf("root", "admin"), "bob")).toEqual([]);
    expect(check(sv.noneOf("root", "admin"), "root")).toEqual([
      '.name: Invalid Attribute Value Match | Attribute name value must be none of: ["root" "admin"], got: "root"',
    ]);
    expect(check(sv.oneOf("Größe"), "größe")).toHaveLength(1);
  });

  it("case-insensitive variants fold case rune by rune (strings.EqualFold)", () => {
    expect(check(sv.oneOfCaseInsensitive("Small", "LARGE"), "large")).toEqual([]);
    expect(check(sv.oneOfCaseInsensitive("ÄRGER"), "ärger")).toEqual([]);
    // EqualFold does not expand ß to SS.
    expect(check(sv.oneOfCaseInsensitive("STRASSE"), "straße")).toHaveLength(1);
    expect(check(sv.noneOfCaseInsensitive("Admin"), "ADMIN")).toEqual([
      '.name: Invalid Attribute Value Match | Attribute name value must be none of: ["Admin"], got: "ADMIN"',
    ]);
  });
});

describe("stringValidator formats", () => {
  const bad = (v: ValidatorObject<string>, s: string) => expect(check(v, s), s).toHaveLength(1);
  const good = (v: ValidatorObject<string>, s: string) => expect(check(v, s), s).toEqual([]);

  it("isBase64", () => {
    good(sv.isBase64(), "aGVsbG8=");
    good(sv.isBase64(), "");
    good(sv.isBase64(), "aGVs\nbG8=");
    bad(sv.isBase64(), "aGVsbG8");
    bad(sv.isBase64(), "aGVsbG8_");
    expect(check(sv.isBase64(), "%%")).toEqual([
      '.name: Invalid Attribute Value | Attribute name value must be valid base64, got: "%%"',
    ]);
  });

  it("isJson", () => {
    good(sv.isJson(), '{"a": [1, 2]}');
    good(sv.isJson(), "null");
    bad(sv.isJson(), "");
    bad(sv.isJson(), "{a: 1}");
  });

  it("isRfc3339", () => {
    good(sv.isRfc3339(), "2024-02-29T23:59:59Z");
    good(sv.isRfc3339(), "2024-01-01T00:00:00.123456789+05:30");
    bad(sv.isRfc3339(), "2023-02-29T00:00:00Z");
    bad(sv.isRfc3339(), "2024-01-01T24:00:00Z");
    bad(sv.isRfc3339(), "2024-01-01T00:00:60Z");
    bad(sv.isRfc3339(), "2024-01-01t00:00:00Z");
    bad(sv.isRfc3339(), "2024-01-01T00:00:00");
    bad(sv.isRfc3339(), "2024-01-01");
  });

  it("isIp and isCidr follow Go's net package", () => {
    for (const s of ["10.0.0.1", "::", "2001:db8::1", "::ffff:10.0.0.1", "1:2:3:4:5:6:7:8", "FE80::A"])
      good(sv.isIp(), s);
    for (const s of ["10.0.0.01", "256.0.0.1", "1.2.3", "1::2::3", "1:2:3:4:5:6:7:8::", "fe80::1%eth0", ""])
      bad(sv.isIp(), s);
    good(sv.isIp({ family: "ipv4" }), "10.0.0.1");
    bad(sv.isIp({ family: "ipv4" }), "::1");
    good(sv.isIp({ family: "ipv6" }), "::1");
    bad(sv.isIp({ family: "ipv6" }), "10.0.0.1");
    for (const s of ["10.0.0.0/8", "10.1.2.3/32", "2001:db8::/32", "::/0"]) good(sv.isCidr(), s);
    for (const s of ["10.0.0.0/33", "10.0.0.0", "2001:db8::/129", "10.0.0.0/-1", "10.0.0.0/ 8"])
      bad(sv.isCidr(), s);
    expect(check(sv.isCidr({ family: "ipv4" }), "::/0")).toEqual([
      '.name: Invalid Attribute Value | Attribute name value must be a valid IPv4 CIDR prefix, got: "::/0"',
    ]);
  });
});

describe("stringValidator and unknown or null values", () => {
  it("never sees null or unknown values", () => {
    const v = sv.lengthAtLeast(100);
    expect(check(v, nullVal(t.string.type))).toEqual([]);
    expect(check(v, unknownVal(t.string.type))).toEqual([]);
    expect(v.validate(null as never, undefined as never)).toBeUndefined();
  });

  it("names the element's path inside a list of strings", () => {
    const schema = resourceSchema({
      attributes: {
        names: attr.list(t.string, { optional: true }),
        nested: attr.listNested(
          { n: attr.string({ optional: true, validators: [sv.lengthAtMost(1)] }) },
          {
            optional: true,
          },
        ),
      },
    });
    const nested = listVal([objectVal({ n: stringVal("a") }), objectVal({ n: stringVal("bb") })]);
    expect(show(validateConfig(schema, config(schema, { nested })))).toEqual([
      ".nested[1].n: Invalid Attribute Value Length | Attribute nested[1].n string length must be at most 1, got: 2",
    ]);
  });
});
