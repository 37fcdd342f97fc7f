import { typeToJson } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { t } from "./type-constructors.js";

describe("t", () => {
  it("builds the cty type of each spec", () => {
    const cases: [string, string][] = [
      [typeToJson(t.string.type), '"string"'],
      [typeToJson(t.number.type), '"number"'],
      [typeToJson(t.int64.type), '"number"'],
      [typeToJson(t.float64.type), '"number"'],
      [typeToJson(t.bool.type), '"bool"'],
      [typeToJson(t.dynamic.type), '"dynamic"'],
      [typeToJson(t.list(t.set(t.map(t.bool))).type), '["list",["set",["map","bool"]]]'],
      [typeToJson(t.object({ b: t.int64, a: t.string }).type), '["object",{"a":"string","b":"number"}]'],
      [typeToJson(t.tuple([t.string, t.dynamic]).type), '["tuple",["string","dynamic"]]'],
    ];
    for (const [got, want] of cases) expect(got).toBe(want);
  });

  it("keeps the model kind apart from the cty type", () => {
    expect([t.number.kind, t.int64.kind, t.float64.kind]).toEqual(["number", "int64", "float64"]);
  });
});

describe("attr", () => {
  it("derives presence from the flags", () => {
    expect(attr.string({ required: true }).presence).toBe("required");
    expect(attr.string({ optional: true }).presence).toBe("optional");
    expect(attr.string({ computed: true }).presence).toBe("computed");
    expect(attr.string({ optional: true, computed: true }).presence).toBe("optional_computed");
  });

  it("records every option", () => {
    const validator = () => undefined;
    const modifier = { kind: "requires_replace" };
    const a = attr.string({
      optional: true,
      computed: true,
      sensitive: true,
      deprecated: "old",
      description: "d",
      markdownDescription: "*d*",
      default: "x",
      validators: [validator],
      planModifiers: [modifier],
      conflictsWith: ["b"],
      alsoRequires: ["c"],
      exactlyOneOf: ["d"],
      atLeastOneOf: ["e"],
    });
    expect(a).toMatchObject({
      kind: "attribute",
      required: false,
      optional: true,
      computed: true,
      sensitive: true,
      writeOnly: false,
      deprecated: true,
      deprecationMessage: "old",
      description: "d",
      markdownDescription: "*d*",
      validators: [validator],
      planModifiers: [modifier],
      conflictsWith: ["b"],
      alsoRequires: ["c"],
      exactlyOneOf: ["d"],
      atLeastOneOf: ["e"],
    });
    expect(a.default?.asString()).toBe("x");
    expect(Object.isFrozen(a)).toBe(true);
  });

  it("converts defaults of nested attributes from their model", () => {
    const n = attr.listNested(
      { x: attr.int64({ optional: true }) },
      { optional: true, computed: true, default: [{ x: 1 }] },
    );
    expect(typeToJson(n.type)).toBe('["list",["object",{"x":"number"}]]');
    expect(n.default?.elements()[0]?.getAttr("x").asNumber().text()).toBe("1");
    expect(n.nesting).toBe("list");
  });
});
