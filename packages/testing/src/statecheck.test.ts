import { describe, expect, it } from "vitest";
import * as compare from "./compare.js";
import * as statecheck from "./statecheck.js";
import { parseStateJson } from "./terraform-json.js";

/** A state in the shape `terraform show -json` prints. */
const state = parseStateJson(
  JSON.stringify({
    format_version: "1.0",
    values: {
      root_module: {
        resources: [
          {
            address: "demo_group.g",
            mode: "managed",
            type: "demo_group",
            name: "g",
            values: {
              member_ids: ["s-1", "s-2"],
              rules: [{ ports: [80, 443] }, { ports: [22] }],
              labels: { b: "two", a: "one" },
            },
            sensitive_values: {},
          },
          {
            address: "demo_server.a",
            mode: "managed",
            type: "demo_server",
            name: "a",
            values: { id: "s-2", port: 22, label: "one", size: 1.5 },
            sensitive_values: {},
          },
        ],
      },
    },
  }),
);
const run = { run: {}, step: 1 };

describe("compare", () => {
  it("valuesSame: all equal (numbers exactly); valuesDiffer: each differs from the one before", () => {
    // Written by hand: JSON.stringify would round the long number before the parser sees it.
    const v = parseStateJson(
      '{"values":{"root_module":{"resources":[{"address":"x.a","values":{"n":1.0,"m":1,"long":3.0000000000000000001,"three":3}}]}}}',
    ).resources[0]?.values;
    expect(compare.valuesSame().compareValues([v?.n ?? null, v?.m ?? null])).toBeUndefined();
    expect(compare.valuesSame().compareValues([v?.long ?? null, v?.three ?? null])).toBe(
      "expected values to be the same, but they differ: 3.0000000000000000001 != 3",
    );
    expect(compare.valuesSame().compareValues(["a", "a", "b"])).toBe(
      'expected values to be the same, but they differ: "a" != "b"',
    );
    expect(compare.valuesDiffer().compareValues(["a", "b", "a"])).toBeUndefined();
    expect(compare.valuesDiffer().compareValues([{ k: ["x"] }, { k: ["x"] }])).toBe(
      'expected values to differ, but they are the same: {"k": ["x"]} == {"k": ["x"]}',
    );
  });
});

describe("compareValue", () => {
  it("keeps values per run: a second run starts afresh", () => {
    const same = statecheck.compareValue(compare.valuesSame());
    const check = same.addStateValue("demo_server.a", "id");
    expect(check.checkState(state, { run: run.run, step: 1 })).toBeUndefined();
    const other = parseStateJson(
      JSON.stringify({
        values: { root_module: { resources: [{ address: "demo_server.a", values: { id: "s-9" } }] } },
      }),
    );
    expect(check.checkState(other, { run: run.run, step: 2 })).toContain(
      'expected values to be the same, but they differ: "s-2" != "s-9" (recorded: step 1 demo_server.a.id = "s-2"; step 2 demo_server.a.id = "s-9")',
    );
    expect(check.checkState(other, { run: {}, step: 1 })).toBeUndefined();
    expect(same.addStateValue("demo_server.a", "nope").checkState(state, run)).toMatch(
      /demo_server\.a: at nope: the path does not exist/,
    );
  });
});

describe("compareValueCollection", () => {
  it("passes when any element compares, through nested collections and map values", () => {
    const same = compare.valuesSame();
    const pass = [
      statecheck.compareValueCollection("demo_group.g", ["member_ids"], "demo_server.a", "id", same),
      statecheck.compareValueCollection("demo_group.g", ["rules", "ports"], "demo_server.a", "port", same),
      statecheck.compareValueCollection("demo_group.g", ["labels"], "demo_server.a", "label", same),
    ];
    for (const check of pass) expect(check.checkState(state, run)).toBeUndefined();
  });

  it("names every element and the comparison when none matches", () => {
    const check = statecheck.compareValueCollection(
      "demo_group.g",
      ["rules", "ports"],
      "demo_server.a",
      "size",
      compare.valuesSame(),
    );
    expect(check.description).toBe(
      "compareValueCollection(demo_group.g.rules[*].ports, demo_server.a.size, valuesSame())",
    );
    expect(check.checkState(state, run)).toBe(
      "no element of demo_group.g.rules[*].ports (80, 443, 22) satisfies valuesSame() with demo_server.a.size = 1.5: " +
        "expected values to be the same, but they differ: 80 != 1.5; expected values to be the same, but they differ: 443 != 1.5; " +
        "expected values to be the same, but they differ: 22 != 1.5",
    );
    expect(
      statecheck
        .compareValueCollection("demo_group.g", ["member_ids"], "demo_server.b", "id", compare.valuesSame())
        .checkState(state, run),
    ).toMatch(/^demo_server\.b: not in the state/);
  });
});
