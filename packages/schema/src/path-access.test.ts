import {
  attributeStep,
  indexStep,
  isCtyError,
  listVal,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  unknownVal,
  type Value,
  valueGoString,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import { emptyValue } from "./implied-type.js";
import { fromModel } from "./model.js";
import { getAttribute, setAttribute, toPath } from "./path-access.js";
import { resourceSchema } from "./schema.js";
import { t } from "./type-constructors.js";

const ok = { optional: true } as const;
const schema = resourceSchema({
  attributes: {
    name: attr.string(ok),
    tags: attr.map(t.string, ok),
    zones: attr.set(t.string, ok),
    endpoint: attr.singleNested({ host: attr.string(ok), port: attr.int64(ok) }, ok),
  },
  blocks: { nic: block.list({ attributes: { ip: attr.string(ok) } }) },
});
const state = fromModel(
  schema,
  { name: "web", tags: { env: "prod" }, zones: ["a"], endpoint: null, nic: [{ ip: "10.0.0.1" }] },
  "state",
);
const go = valueGoString;

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isCtyError(e)) return e.message;
    throw e;
  }
  return "no error";
}

describe("toPath", () => {
  it("reads strings as attribute steps and numbers as list indexes", () => {
    const p = toPath(["nic", 0, "ip"]);
    expect(p.map((s) => s.kind)).toEqual(["attribute", "index", "attribute"]);
    expect(p[1]?.kind === "index" && go(p[1].key)).toBe("cty.NumberIntVal(0)");
  });
});

describe("getAttribute", () => {
  it("follows attributes, list indexes, map keys and set elements", () => {
    expect(go(getAttribute(state, ["name"]))).toBe('cty.StringVal("web")');
    expect(go(getAttribute(state, ["nic", 0, "ip"]))).toBe('cty.StringVal("10.0.0.1")');
    expect(go(getAttribute(state, ["tags", indexStep(stringVal("env"))]))).toBe('cty.StringVal("prod")');
    expect(go(getAttribute(state, ["zones", indexStep(stringVal("a"))]))).toBe('cty.StringVal("a")');
    expect(getAttribute(state, [])).toBe(state);
  });

  it("reads through nulls as typed nulls and through unknowns as unknowns", () => {
    expect(go(getAttribute(state, ["endpoint", "port"]))).toBe("cty.NullVal(cty.Number)");
    const m = new Map(state.entries());
    m.set("endpoint", unknownVal(schema.attributes.endpoint.type));
    expect(go(getAttribute(objectVal(m), ["endpoint", "host"]))).toBe("cty.UnknownVal(cty.String)");
  });

  it("reads absent elements as null", () => {
    expect(go(getAttribute(state, ["nic", 5, "ip"]))).toBe("cty.NullVal(cty.String)");
    expect(go(getAttribute(state, ["tags", indexStep(stringVal("nope"))]))).toBe("cty.NullVal(cty.String)");
  });

  it("fails on steps that cannot apply to the type, naming where", () => {
    expect(errorOf(() => getAttribute(state, ["nope"]))).toBe('object has no attribute "nope"');
    expect(errorOf(() => getAttribute(state, ["name", "x"]))).toBe(
      '.name: cannot get attribute "x" of a string value',
    );
    expect(errorOf(() => getAttribute(state, ["nic", "x"]))).toBe(
      '.nic: cannot get attribute "x" of a list value',
    );
  });
});

describe("setAttribute", () => {
  it("replaces a value deep inside, leaving the rest alone", () => {
    const next = setAttribute(state, ["nic", 0, "ip"], stringVal("10.0.0.2"));
    expect(go(getAttribute(next, ["nic", 0, "ip"]))).toBe('cty.StringVal("10.0.0.2")');
    expect(go(getAttribute(next, ["name"]))).toBe('cty.StringVal("web")');
    expect(go(getAttribute(state, ["nic", 0, "ip"]))).toBe('cty.StringVal("10.0.0.1")');
  });

  it("creates absent parents: null objects, list append, new map keys", () => {
    const a = setAttribute(state, ["endpoint", "port"], numberVal(443));
    expect(go(a.getAttr("endpoint"))).toBe(
      'cty.ObjectVal(map[string]cty.Value{"host":cty.NullVal(cty.String), "port":cty.NumberIntVal(443)})',
    );
    const b = setAttribute(state, ["nic", 1, "ip"], stringVal("x"));
    expect(b.getAttr("nic").lengthInt()).toBe(2);
    const c = setAttribute(state, ["tags", indexStep(stringVal("team"))], stringVal("core"));
    expect(go(c.getAttr("tags"))).toBe(
      'cty.MapVal(map[string]cty.Value{"env":cty.StringVal("prod"), "team":cty.StringVal("core")})',
    );
    const empty = emptyValue(schema);
    const d = setAttribute(empty, ["tags", indexStep(stringVal("k"))], stringVal("v"));
    expect(go(d.getAttr("tags"))).toBe('cty.MapVal(map[string]cty.Value{"k":cty.StringVal("v")})');
  });

  it("replaces set elements by value and keeps cty set order", () => {
    const a = setAttribute(state, ["zones", indexStep(stringVal("a"))], stringVal("z"));
    expect(go(a.getAttr("zones"))).toBe('cty.SetVal([]cty.Value{cty.StringVal("z")})');
    const b = setAttribute(state, ["zones", indexStep(stringVal("b"))], stringVal("b"));
    expect(go(b.getAttr("zones"))).toBe('cty.SetVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})');
  });

  it("rejects values that do not fit, out-of-range indexes and unknown parents", () => {
    expect(errorOf(() => setAttribute(state, ["name"], numberVal(1)))).toMatch(
      /^\.name: the new value does not fit/,
    );
    expect(errorOf(() => setAttribute(state, ["nic", 3, "ip"], stringVal("x")))).toBe(
      ".nic: index 3 is out of range",
    );
    const m = new Map(state.entries());
    m.set("endpoint", unknownVal(schema.attributes.endpoint.type));
    expect(errorOf(() => setAttribute(objectVal(m), ["endpoint", "host"], stringVal("h")))).toBe(
      ".endpoint: cannot set a path inside an unknown value",
    );
    expect(go(setAttribute(state, ["name"], nullVal(t.string.type)).getAttr("name"))).toBe(
      "cty.NullVal(cty.String)",
    );
  });

  it("accepts cty steps as well", () => {
    const v: Value = setAttribute(state, [attributeStep("name")], stringVal("db"));
    expect(go(v.getAttr("name"))).toBe('cty.StringVal("db")');
    expect(listVal([stringVal("a")]).lengthInt()).toBe(1);
    expect(mapVal({ a: stringVal("b") }).lengthInt()).toBe(1);
    expect(setVal([stringVal("a")]).lengthInt()).toBe(1);
  });
});
