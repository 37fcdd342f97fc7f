import { rawEquals, typeToJson, valueGoString } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import { emptyValue, impliedType } from "./implied-type.js";
import { resourceSchema } from "./schema.js";
import type { Attributes, Blocks } from "./spec.js";
import { t } from "./type-constructors.js";

const ok = { optional: true } as const;
const inner = { x: attr.string(ok) };
const withDynamic = { x: attr.string(ok), d: attr.dynamic(ok) };

const schema = resourceSchema({
  attributes: {
    s: attr.string(ok),
    n: attr.number(ok),
    i: attr.int64(ok),
    f: attr.float64(ok),
    b: attr.bool(ok),
    l: attr.list(t.string, ok),
    st: attr.set(t.bool, ok),
    m: attr.map(t.list(t.number), ok),
    o: attr.object({ a: t.string, z: t.tuple([t.string, t.int64]) }, ok),
    dyn: attr.dynamic(ok),
    ns: attr.singleNested(inner, ok),
    nl: attr.listNested(withDynamic, ok),
    nset: attr.setNested(inner, ok),
    nm: attr.mapNested(inner, ok),
  },
  blocks: {
    single: block.single({ attributes: inner }),
    group: block.group({ attributes: inner, blocks: { deep: block.list({ attributes: inner }) } }),
    list: block.list({ attributes: inner }),
    set: block.set({ attributes: inner }),
    map: block.map({ attributes: inner }),
    dyn_list: block.list({ attributes: withDynamic }),
    dyn_map: block.map({ attributes: withDynamic }),
  },
});

function typeOf(name: string): string {
  const spec = (schema.attributes as Attributes)[name] ?? (schema.blocks as Blocks)[name];
  if (spec === undefined) throw new Error(name);
  return typeToJson(impliedType(spec));
}

describe("impliedType (semantics §5.1)", () => {
  it("gives every plain attribute its cty type (int64/float64 are numbers)", () => {
    expect(typeOf("s")).toBe('"string"');
    expect(typeOf("n")).toBe('"number"');
    expect(typeOf("i")).toBe('"number"');
    expect(typeOf("f")).toBe('"number"');
    expect(typeOf("b")).toBe('"bool"');
    expect(typeOf("l")).toBe('["list","string"]');
    expect(typeOf("st")).toBe('["set","bool"]');
    expect(typeOf("m")).toBe('["map",["list","number"]]');
    expect(typeOf("o")).toBe('["object",{"a":"string","z":["tuple",["string","number"]]}]');
    expect(typeOf("dyn")).toBe('"dynamic"');
  });

  it("wraps nested attributes' object type by nesting mode, never as a tuple", () => {
    expect(typeOf("ns")).toBe('["object",{"x":"string"}]');
    expect(typeOf("nl")).toBe('["list",["object",{"d":"dynamic","x":"string"}]]');
    expect(typeOf("nset")).toBe('["set",["object",{"x":"string"}]]');
    expect(typeOf("nm")).toBe('["map",["object",{"x":"string"}]]');
  });

  it("maps blocks to object, list, set, map of object; dynamic list/map blocks to dynamic", () => {
    expect(typeOf("single")).toBe('["object",{"x":"string"}]');
    expect(typeOf("group")).toBe('["object",{"deep":["list",["object",{"x":"string"}]],"x":"string"}]');
    expect(typeOf("list")).toBe('["list",["object",{"x":"string"}]]');
    expect(typeOf("set")).toBe('["set",["object",{"x":"string"}]]');
    expect(typeOf("map")).toBe('["map",["object",{"x":"string"}]]');
    // hcldec decodes these as tuple / object values; their implied type is DynamicPseudoType.
    expect(typeOf("dyn_list")).toBe('"dynamic"');
    expect(typeOf("dyn_map")).toBe('"dynamic"');
  });

  it("gives the schema an object type with one attribute per attribute and block type", () => {
    const names = Object.keys(impliedType(schema).kind === "object" ? schema.type.attributeTypes : {});
    expect(names).toEqual([
      "b",
      "dyn",
      "dyn_list",
      "dyn_map",
      "f",
      "group",
      "i",
      "l",
      "list",
      "m",
      "map",
      "n",
      "nl",
      "nm",
      "ns",
      "nset",
      "o",
      "s",
      "set",
      "single",
      "st",
    ]);
  });
});

describe("emptyValue (Block.EmptyValue)", () => {
  const empty = emptyValue(schema);
  const at = (n: string) => valueGoString(empty.getAttr(n));

  it("has the implied type", () => {
    expect(typeToJson(empty.type)).toBe(
      typeToJson(schema.type)
        .replace('"dyn_list":"dynamic"', '"dyn_list":["tuple",[]]')
        .replace('"dyn_map":"dynamic"', '"dyn_map":["object",{}]'),
    );
  });
  it("has null attributes and a null single block", () => {
    expect(at("s")).toBe("cty.NullVal(cty.String)");
    expect(at("ns")).toBe('cty.NullVal(cty.Object(map[string]cty.Type{"x":cty.String}))');
    expect(at("single")).toBe('cty.NullVal(cty.Object(map[string]cty.Type{"x":cty.String}))');
  });
  it("has an empty, never null, group block", () => {
    expect(at("group")).toBe(
      'cty.ObjectVal(map[string]cty.Value{"deep":cty.ListValEmpty(cty.Object(map[string]cty.Type{"x":cty.String})), "x":cty.NullVal(cty.String)})',
    );
  });
  it("has empty collections for list, set and map blocks (tuple/object when dynamic)", () => {
    expect(at("list")).toBe('cty.ListValEmpty(cty.Object(map[string]cty.Type{"x":cty.String}))');
    expect(at("set")).toBe('cty.SetValEmpty(cty.Object(map[string]cty.Type{"x":cty.String}))');
    expect(at("map")).toBe('cty.MapValEmpty(cty.Object(map[string]cty.Type{"x":cty.String}))');
    expect(at("dyn_list")).toBe("cty.EmptyTupleVal");
    expect(at("dyn_map")).toBe("cty.EmptyObjectVal");
    expect(rawEquals(empty, emptyValue(schema))).toBe(true);
  });
});
