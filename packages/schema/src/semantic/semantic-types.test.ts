import type { Value } from "@tfkit/cty-values";
import {
  formatPath,
  listVal,
  nullVal,
  objectVal,
  stringType,
  stringVal,
  unknownVal,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "../attribute.js";
import { block } from "../block.js";
import { resourceSchema } from "../schema.js";
import { t } from "../type-constructors.js";
import { validateConfig } from "../validate-config.js";
import { semanticTypes as st } from "./builtins.js";
import { isSemanticType, type SemanticType, semanticType } from "./semantic-type.js";

const s = (x: string): Value => stringVal(x);

/** Validates `{ v = value }` for an attribute of the given type; returns "summary | detail @path" lines. */
function check(type: SemanticType<string>, value: Value): string[] {
  const schema = resourceSchema({ attributes: { v: attr.of(type, { optional: true }) } });
  return validateConfig(schema, objectVal({ v: value })).map(
    (d) => `${d.summary} | ${d.detail} @${formatPath(d.path ?? [])}`,
  );
}

const eq = (type: SemanticType<string>, a: string, b: string): boolean => type.semantic.semanticEquals(a, b);

describe("semanticType", () => {
  it("is its base type spec plus behaviour, usable wherever a type spec is", () => {
    expect(st.normalizedJson.kind).toBe("string");
    expect(st.normalizedJson.type).toBe(t.string.type);
    expect(isSemanticType(st.rfc3339)).toBe(true);
    expect(isSemanticType(t.string)).toBe(false);
    const a = attr.list(st.ipv4Address, { optional: true });
    expect(a.type.kind).toBe("list");
  });

  it("a custom type: its validator, normaliser and default equality (normalised forms)", () => {
    const host = semanticType(t.string, {
      name: "hostname",
      validate: (v) => (/^[a-z0-9.-]+$/i.test(v) ? undefined : `"${v}" is not a hostname.`),
      normalize: (v) => v.toLowerCase().replace(/\.$/, ""),
    });
    expect(eq(host, "Example.COM.", "example.com")).toBe(true);
    expect(eq(host, "a.com", "b.com")).toBe(false);
    // Invalid values are never equal to anything but themselves.
    expect(eq(host, "a b", "A B")).toBe(false);
    expect(check(host, s("a b"))).toEqual(['Invalid Attribute Value | "a b" is not a hostname. @.v']);
    expect(check(host, s("ok.example"))).toEqual([]);
  });

  it("a throwing callback reads as invalid / not equal, never as a crash", () => {
    const odd = semanticType(t.string, {
      name: "odd",
      validate: (v) => {
        if (v === "boom") throw new Error("kaboom");
        return undefined;
      },
      semanticEquals: () => {
        throw new Error("nope");
      },
    });
    expect(check(odd, s("boom"))).toEqual(["Invalid Attribute Value | kaboom @.v"]);
    expect(eq(odd, "a", "b")).toBe(false);
    expect(eq(odd, "a", "a")).toBe(true);
  });

  it("refuses a non-primitive base", () => {
    expect(() => semanticType(t.list(t.string) as never, { name: "x" })).toThrow(/primitive/);
  });

  it("validation reaches nested attributes, blocks and object attributes with their paths", () => {
    const schema = resourceSchema({
      attributes: {
        rules: attr.listNested({ doc: attr.of(st.normalizedJson, { optional: true }) }, { optional: true }),
        o: attr.object({ at: st.rfc3339 }, { optional: true }),
      },
      blocks: { net: block.single({ attributes: { cidr: attr.of(st.ipv6Prefix, { optional: true }) } }) },
    });
    const d = validateConfig(
      schema,
      objectVal({
        rules: listVal([objectVal({ doc: s("{}") }), objectVal({ doc: s("{") })]),
        o: objectVal({ at: s("yesterday") }),
        net: objectVal({ cidr: s("10.0.0.0/8") }),
      }),
    );
    expect(d.map((x) => `${x.summary} @${formatPath(x.path ?? [])}`)).toEqual([
      "Invalid JSON String Value @.rules[1].doc",
      "Invalid RFC3339 String Value @.o.at",
      "Invalid IPv6 CIDR String Value @.net.cidr",
    ]);
  });

  it("validation reaches collection elements with their paths, and skips null and unknown", () => {
    const schema = resourceSchema({
      attributes: {
        ips: attr.list(st.ipv4Address, { optional: true }),
        j: attr.of(st.normalizedJson, { optional: true }),
      },
    });
    const d = validateConfig(
      schema,
      objectVal({ ips: listVal([s("10.0.0.1"), s("10.0.0.256")]), j: unknownVal(stringType) }),
    );
    expect(d.map((x) => `${x.summary} @${formatPath(x.path ?? [])}`)).toEqual([
      "Invalid IPv4 Address String Value @.ips[1]",
    ]);
    expect(
      validateConfig(schema, objectVal({ ips: nullVal(schema.attributes.ips.type), j: nullVal(stringType) })),
    ).toEqual([]);
  });
});

describe("semanticTypes.normalizedJson", () => {
  it("equal when the documents are: whitespace, key order, number spelling", () => {
    expect(eq(st.normalizedJson, '{ "a":1 }', '{"a": 1}')).toBe(true);
    expect(eq(st.normalizedJson, '{"b":[1,2],"a":{"y":1,"x":2}}', '{"a":{"x":2,"y":1},"b":[1,2]}')).toBe(
      true,
    );
    expect(eq(st.normalizedJson, '{"a":1.0}', '{"a":1}')).toBe(true);
    expect(eq(st.normalizedJson, '{"a":[1,2]}', '{"a":[2,1]}')).toBe(false);
    expect(eq(st.normalizedJson, '{"a":"1"}', '{"a":1}')).toBe(false);
    expect(st.normalizedJson.semantic.normalize('{ "b": 1, "a": [true, null] }')).toBe(
      '{"a":[true,null],"b":1}',
    );
  });

  it("refuses text that is not JSON, in jsontypes' words", () => {
    expect(check(st.normalizedJson, s("{a:1}"))).toEqual([
      "Invalid JSON String Value | A string value was provided that is not valid JSON string format (RFC 7159).\n\nGiven Value: {a:1}\n @.v",
    ]);
    expect(check(st.normalizedJson, s("[1, 2]"))).toEqual([]);
  });
});

describe("semanticTypes.rfc3339", () => {
  it("equal when both name the same instant", () => {
    expect(eq(st.rfc3339, "2023-07-25T22:43:16+02:00", "2023-07-25T20:43:16Z")).toBe(true);
    expect(eq(st.rfc3339, "2023-07-25T20:43:16.500Z", "2023-07-25T20:43:16.5Z")).toBe(true);
    expect(eq(st.rfc3339, "2023-07-25T20:43:16.5Z", "2023-07-25T20:43:16Z")).toBe(false);
    expect(eq(st.rfc3339, "2024-01-01T00:30:00+01:00", "2023-12-31T23:30:00Z")).toBe(true);
  });

  it("refuses malformed and out-of-range timestamps, in timetypes' words", () => {
    const [d] = check(st.rfc3339, s("2023-07-25T"));
    expect(d).toMatch(
      /^Invalid RFC3339 String Value \| A string value was provided that is not valid RFC3339 string format\.\n\nGiven Value: 2023-07-25T\nError: parsing time "2023-07-25T" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "15" @\.v$/,
    );
    expect(check(st.rfc3339, s("2023-02-29T00:00:00Z"))[0]).toMatch(/day out of range/);
    expect(check(st.rfc3339, s("2024-02-29T00:00:00Z"))).toEqual([]);
    expect(check(st.rfc3339, s("2023-07-25T24:00:00Z"))[0]).toMatch(/hour out of range/);
    expect(check(st.rfc3339, s("2023-07-25 20:43:16Z"))).toHaveLength(1);
  });
});

describe("semanticTypes IP addresses and prefixes", () => {
  it("IPv4: netip's rules, IPv6 refused with its own message", () => {
    expect(check(st.ipv4Address, s("192.168.0.1"))).toEqual([]);
    expect(check(st.ipv4Address, s("127.000.000.001"))).toEqual([
      'Invalid IPv4 Address String Value | A string value was provided that is not valid IPv4 string format.\n\nGiven Value: 127.000.000.001\nError: ParseAddr("127.000.000.001"): IPv4 field has octet with leading zero @.v',
    ]);
    expect(check(st.ipv4Address, s("::1"))).toEqual([
      "Invalid IPv4 Address String Value | An IPv6 string format was provided, string value must be IPv4 format.\n\nGiven Value: ::1\n @.v",
    ]);
    expect(check(st.ipv4Address, s("1.2.3"))).toHaveLength(1);
    expect(check(st.ipv4Address, s("1.2.3.256"))).toHaveLength(1);
  });

  it("IPv6: compressed and expanded forms are equal; IPv4 refused; mapped IPv4 accepted", () => {
    expect(eq(st.ipv6Address, "2001:db8::1", "2001:0DB8:0:0:0:0:0:0001")).toBe(true);
    expect(eq(st.ipv6Address, "::1", "::2")).toBe(false);
    expect(eq(st.ipv6Address, "fe80::1%eth0", "fe80::1")).toBe(false);
    expect(check(st.ipv6Address, s("::ffff:10.0.0.1"))).toEqual([]);
    expect(check(st.ipv6Address, s("10.0.0.1"))).toEqual([
      "Invalid IPv6 Address String Value | An IPv4 string format was provided, string value must be IPv6 string format or IPv4-Mapped IPv6 string format (RFC 4291).\n\nGiven Value: 10.0.0.1\n @.v",
    ]);
    for (const bad of ["1::2::3", "12345::", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", ":1", "fe80::1%"])
      expect(check(st.ipv6Address, s(bad)), bad).toHaveLength(1);
    expect(check(st.ipv6Address, s("1:2:3:4:5:6:7:8"))).toEqual([]);
  });

  it("prefixes: bits in range, no zone; IPv6 prefixes equal by address and length", () => {
    expect(check(st.ipv4Prefix, s("10.0.0.0/16"))).toEqual([]);
    expect(check(st.ipv4Prefix, s("10.0.0.0/33"))[0]).toMatch(
      /^Invalid IPv4 CIDR String Value \| A string value was provided that is not valid IPv4 CIDR string format \(RFC 4632\)\.\n\nGiven Value: 10\.0\.0\.0\/33\nError: netip\.ParsePrefix\("10\.0\.0\.0\/33"\): bad bits after slash: "33" @\.v$/,
    );
    expect(check(st.ipv4Prefix, s("10.0.0.0"))).toHaveLength(1);
    expect(check(st.ipv4Prefix, s("::/0"))[0]).toMatch(/An IPv6 CIDR string format was provided/);
    expect(check(st.ipv6Prefix, s("10.0.0.0/8"))[0]).toMatch(/An IPv4 CIDR string format was provided/);
    expect(check(st.ipv6Prefix, s("fe80::%eth0/64"))).toHaveLength(1);
    expect(eq(st.ipv6Prefix, "2001:db8::/32", "2001:0db8:0000::/32")).toBe(true);
    expect(eq(st.ipv6Prefix, "2001:db8::/32", "2001:db8::/48")).toBe(false);
  });
});

describe("semanticTypes.caseInsensitiveString", () => {
  it("equal ignoring case; anything is valid", () => {
    expect(eq(st.caseInsensitiveString, "Hello", "hELLO")).toBe(true);
    expect(eq(st.caseInsensitiveString, "Hello", "Hallo")).toBe(false);
    expect(check(st.caseInsensitiveString, s(""))).toEqual([]);
  });

  it("valuesEqual works on cty values and is false across types it cannot read", () => {
    expect(st.caseInsensitiveString.semantic.valuesEqual(s("A"), s("a"))).toBe(true);
    expect(st.caseInsensitiveString.semantic.valuesEqual(s("A"), nullVal(stringType))).toBe(false);
  });
});
