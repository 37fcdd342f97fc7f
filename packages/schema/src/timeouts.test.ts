import { formatPath, nullVal, objectVal, stringVal, unknownVal, type Value } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { emptyValue } from "./implied-type.js";
import { resourceSchema } from "./schema.js";
import { toSchemaDescription } from "./description.js";
import { configuredTimeout, parseGoDuration, timeoutsAttribute, timeoutsBlock } from "./timeouts.js";
import { validateConfig } from "./validate-config.js";

const ns = (text: string): bigint | string => {
  const r = parseGoDuration(text);
  return r.ok ? r.duration.nanoseconds : r.error;
};

describe("parseGoDuration: Go's time.ParseDuration", () => {
  it("reads every unit, fractions, signs and combinations", () => {
    const cases: [string, bigint][] = [
      ["0", 0n],
      ["-0", 0n],
      ["+0", 0n],
      ["5s", 5_000_000_000n],
      ["30s", 30_000_000_000n],
      ["1478s", 1_478_000_000_000n],
      ["-5s", -5_000_000_000n],
      ["+5s", 5_000_000_000n],
      ["-0s", 0n],
      ["5.0s", 5_000_000_000n],
      ["5.6s", 5_600_000_000n],
      ["5.s", 5_000_000_000n],
      [".5s", 500_000_000n],
      ["1.004s", 1_004_000_000n],
      ["1.0040s", 1_004_000_000n],
      ["100.00100s", 100_001_000_000n],
      ["10ns", 10n],
      ["11us", 11_000n],
      ["12\u00b5s", 12_000n],
      ["12\u03bcs", 12_000n],
      ["13ms", 13_000_000n],
      ["14s", 14_000_000_000n],
      ["15m", 900_000_000_000n],
      ["16h", 57_600_000_000_000n],
      ["3h30m", 12_600_000_000_000n],
      ["10.5s4m", 250_500_000_000n],
      ["-2m3.4s", -123_400_000_000n],
      ["1h2m3s4ms5us6ns", 3_723_004_005_006n],
      ["39h9m14.425s", 140_954_425_000_000n],
      ["52763797000ns", 52_763_797_000n],
      ["0.3333333333333333333h", 1_200_000_000_000n],
      ["9007199254740993ns", 9_007_199_254_740_993n],
      ["9223372036854775807ns", 9_223_372_036_854_775_807n],
      ["9223372036854775.807us", 9_223_372_036_854_775_807n],
      ["9223372036s854ms775us807ns", 9_223_372_036_854_775_807n],
      ["-9223372036854775808ns", -9_223_372_036_854_775_808n],
      ["-9223372036854775.808us", -9_223_372_036_854_775_808n],
      ["-2562047h47m16.854775808s", -9_223_372_036_854_775_808n],
      ["0.100000000000000000000h", 360_000_000_000n],
      ["0.830103483285477580700h", 2_988_372_539_827n],
      ["1.5ns", 1n],
    ];
    for (const [text, want] of cases) expect([text, ns(text)]).toEqual([text, want]);
  });

  it("refuses what Go refuses, with Go's messages", () => {
    const cases: [string, string][] = [
      ["", 'time: invalid duration ""'],
      ["3", 'time: missing unit in duration "3"'],
      ["-", 'time: invalid duration "-"'],
      ["s", 'time: invalid duration "s"'],
      [".", 'time: invalid duration "."'],
      ["-.", 'time: invalid duration "-."'],
      [".s", 'time: invalid duration ".s"'],
      ["+.s", 'time: invalid duration "+.s"'],
      ["1d", 'time: unknown unit "d" in duration "1d"'],
      ["10 minutes", 'time: unknown unit " minutes" in duration "10 minutes"'],
      ["1h 30m", 'time: unknown unit "h " in duration "1h 30m"'],
      [" 1h", 'time: invalid duration " 1h"'],
      ["1\u00b5", 'time: unknown unit "\\xc2\\xb5" in duration "1\\xc2\\xb5"'],
      ["9223372036854775808ns", 'time: invalid duration "9223372036854775808ns"'],
      ["9223372036854775.808us", 'time: invalid duration "9223372036854775.808us"'],
      ["9223372036854ms775us808ns", 'time: invalid duration "9223372036854ms775us808ns"'],
      ["-9223372036854775809ns", 'time: invalid duration "-9223372036854775809ns"'],
      ["3000000h", 'time: invalid duration "3000000h"'],
      ['1"s', 'time: unknown unit "\\"s" in duration "1\\"s"'],
    ];
    for (const [text, want] of cases) expect([text, ns(text)]).toEqual([text, want]);
  });

  it("gives milliseconds with fractions", () => {
    const r = parseGoDuration("1m2.5s");
    expect(r.ok && r.duration.milliseconds).toBe(62_500);
    const small = parseGoDuration("1500us");
    expect(small.ok && small.duration.milliseconds).toBe(1.5);
  });
});

describe("timeoutsBlock and timeoutsAttribute", () => {
  const schema = resourceSchema({
    attributes: { id: attr.string({ computed: true }) },
    blocks: {
      timeouts: timeoutsBlock({ create: true, delete: true, deleteDescription: "How long to wait." }),
    },
  });

  const config = (timeouts: Value): Value => {
    const m = new Map(emptyValue(schema).entries());
    m.set("timeouts", timeouts);
    return objectVal(m);
  };
  const T = schema.blocks.timeouts.type;

  it("is a single nested block of optional strings, only for the operations asked for", () => {
    const d = toSchemaDescription(schema);
    const b = d.block.blockTypes.find((x) => x.typeName === "timeouts");
    expect(b?.nesting).toBe("single");
    expect(b?.block.attributes.map((a) => [a.name, a.optional, a.required, a.computed])).toEqual([
      ["create", true, false, false],
      ["delete", true, false, false],
    ]);
    expect(b?.block.attributes.find((a) => a.name === "delete")?.description).toBe("How long to wait.");
    expect(b?.block.attributes.find((a) => a.name === "create")?.description).toMatch(/"30s" or "2h45m"/);
  });

  it("refuses a bad duration at validate time, on the attribute's path, with Go's message", () => {
    const diags = validateConfig(
      schema,
      config(objectVal({ create: stringVal("10 minutes"), delete: stringVal("1h30m") })),
    );
    expect(diags.map((d) => [d.severity, d.path && formatPath(d.path), d.summary, d.detail])).toEqual([
      [
        "error",
        ".timeouts.create",
        "Invalid Attribute Value Time Duration",
        '"10 minutes" must be a string containing a sequence of decimal numbers, each with optional fraction and a unit suffix, such as "300ms", "-1.5h" or "2h45m". Valid time units are "ns", "us" (or "µs"), "ms", "s", "m", "h".',
      ],
    ]);
    expect(validateConfig(schema, config(nullVal(T)))).toEqual([]);
    expect(
      validateConfig(
        schema,
        config(objectVal({ create: unknownVal(stringVal("").type), delete: nullVal(stringVal("").type) })),
      ),
    ).toEqual([]);
  });

  it("configuredTimeout reads the operation's duration from a plan or state", () => {
    const v = config(objectVal({ create: stringVal("2.5s"), delete: nullVal(stringVal("").type) }));
    const create = configuredTimeout(v, "create");
    expect(create?.ok && create.duration.milliseconds).toBe(2500);
    expect(configuredTimeout(v, "delete")).toBeUndefined(); // null: not configured
    expect(configuredTimeout(v, "update")).toBeUndefined(); // not offered
    expect(configuredTimeout(config(nullVal(T)), "create")).toBeUndefined(); // no block
    expect(configuredTimeout(config(unknownVal(T)), "create")).toBeUndefined();
    const bad = configuredTimeout(
      config(objectVal({ create: stringVal("1x"), delete: nullVal(stringVal("").type) })),
      "create",
    );
    expect(bad).toEqual({ ok: false, error: 'time: unknown unit "x" in duration "1x"' });
  });

  it("has an attribute form: an optional single nested attribute", () => {
    const s = resourceSchema({
      attributes: {
        id: attr.string({ computed: true }),
        timeouts: timeoutsAttribute({ read: true, update: true }),
      },
    });
    expect(s.attributes.timeouts.nesting).toBe("single");
    expect(s.attributes.timeouts.optional).toBe(true);
    expect(Object.keys(s.attributes.timeouts.attributes)).toEqual(["read", "update"]);
    const m = new Map(emptyValue(s).entries());
    m.set("timeouts", objectVal({ read: stringVal("-1"), update: stringVal("1h") }));
    expect(validateConfig(s, objectVal(m)).map((d) => d.path && formatPath(d.path))).toEqual([
      ".timeouts.read",
    ]);
  });
});
