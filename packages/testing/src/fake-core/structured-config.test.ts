import {
  listVal,
  listValEmpty,
  numberVal,
  objectVal,
  setVal,
  stringType,
  stringVal,
  unknownVal,
} from "@tfkit/cty-values";
import { attr, block, resourceSchema, t } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { unknownAsBool, valueToJson } from "./show-json.js";
import { ConfigError, configToValue } from "./structured-config.js";

const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    port: attr.number({ optional: true }),
    labels: attr.set(t.string, { optional: true }),
  },
  blocks: { nic: block.list({ attributes: { net: attr.string({ required: true }) } }) },
});

describe("configToValue", () => {
  it("builds the object core decodes: omitted attributes null, omitted list blocks empty, converted types", () => {
    const v = configToValue(schema, { name: "web", port: "8080", labels: ["b", "a", "b"] });
    expect(v.getAttr("id").isNull()).toBe(true);
    expect(v.getAttr("name").asString()).toBe("web");
    // go-cty convert: a numeric string for a number attribute becomes the number.
    expect(v.getAttr("port").asNumber().equals(numberVal(8080).asNumber())).toBe(true);
    expect(v.getAttr("labels").elements()).toEqual(setVal([stringVal("a"), stringVal("b")]).elements());
    expect(v.getAttr("nic").lengthInt()).toBe(0);
    expect(v.type).toEqual(schema.type);
  });

  it("names an unsupported argument and an unconvertible value", () => {
    expect(() => configToValue(schema, { name: "a", nope: 1 })).toThrow(ConfigError);
    expect(() => configToValue(schema, { name: "a", nope: 1 })).toThrow(/unsupported argument "nope"/);
    expect(() => configToValue(schema, { name: "a", port: "eighty" })).toThrow(/port/);
    expect(() => configToValue(schema, { name: "a", nic: { net: "x" } })).toThrow(/must be an array/);
  });
});

describe("show -json shapes", () => {
  it("leaves unknowns out of objects and marks them in after_unknown", () => {
    const config = configToValue(schema, { name: "web", nic: [{ net: "a" }] });
    const planned = objectVal({ ...Object.fromEntries(config.entries()), id: unknownVal(stringType) });
    const json = valueToJson(planned) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(["labels", "name", "nic", "port"]);
    expect(json).toMatchObject({ name: "web", nic: [{ net: "a" }], port: null });
    // Terraform 1.11 (jsonplan.unknownAsBool): known leaves left out of objects, a known
    // sequence kept with its elements' marks.
    expect(unknownAsBool(planned)).toEqual({ id: true, nic: [{}] });
    expect(unknownAsBool(objectVal({ a: listVal([stringVal("x")]), b: listValEmpty(stringType) }))).toEqual({
      a: [false],
      b: [],
    });
  });
});
