import {
  formatPath,
  listVal,
  listValEmpty,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "../attribute.js";
import { block } from "../block.js";
import type { Diagnostic } from "../diagnostics.js";
import { emptyValue } from "../implied-type.js";
import { resourceSchema, type Schema } from "../schema.js";
import { t } from "../type-constructors.js";
import { validateConfig } from "../validate-config.js";
import { listValidator as lv, mapValidator as mv, setValidator as sv } from "./collection.js";
import { numberValidator } from "./number.js";
import { stringValidator } from "./string.js";

function config(schema: Schema, values: Record<string, Value>): Value {
  const m = new Map(emptyValue(schema).entries());
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  return objectVal(m);
}

const show = (diags: readonly Diagnostic[]) =>
  diags.map((d) => `${d.path ? formatPath(d.path) : ""}: ${d.summary} | ${d.detail ?? ""}`);

const strs = (...xs: string[]) => listVal(xs.map((x) => stringVal(x)));

describe("listValidator", () => {
  const schema = resourceSchema({
    attributes: {
      names: attr.list(t.string, {
        optional: true,
        validators: [
          lv.sizeBetween(1, 3),
          lv.uniqueValues(),
          lv.valuesAre(stringValidator.lengthAtMost(3), stringValidator.regexMatches(/^[a-z]*$/)),
        ],
      }),
      ports: attr.list(t.int64, { optional: true, validators: [lv.valuesAre(numberValidator.atLeast(1))] }),
    },
  });
  const run = (values: Record<string, Value>) => show(validateConfig(schema, config(schema, values)));

  it("sizes with Go's wording", () => {
    expect(run({ names: strs("a") })).toEqual([]);
    expect(run({ names: strs("a", "b", "c", "d") })).toEqual([
      ".names: Invalid Attribute Value | Attribute names list must contain at least 1 elements and at most 3 elements, got: 4",
    ]);
    expect(run({ names: listValEmpty(t.string.type) })).toHaveLength(1);
  });

  it("uniqueValues reports each duplicate on the list", () => {
    expect(run({ names: strs("a", "b", "a") })).toEqual([
      '.names: Duplicate List Value | This attribute contains duplicate values of: "a"',
    ]);
    // One per equal pair, as the Go validator reports them.
    expect(run({ names: strs("b", "b", "b") })).toHaveLength(3);
  });

  it("valuesAre runs element validators with each element's path", () => {
    expect(run({ names: strs("ab", "abcd", "X") })).toEqual([
      ".names[1]: Invalid Attribute Value Length | Attribute names[1] string length must be at most 3, got: 4",
      ".names[2]: Invalid Attribute Value Match | Attribute names[2] value must match regular expression '^[a-z]*$', got: X",
    ]);
    expect(run({ ports: listVal([numberVal(1), numberVal(0), nullVal(t.int64.type)]) })).toEqual([
      ".ports[1]: Invalid Attribute Value | Attribute ports[1] value must be at least 1, got: 0",
    ]);
  });

  it("skips unknown and null lists and lists holding unknowns", () => {
    expect(run({ names: unknownVal(schema.attributes.names.type) })).toEqual([]);
    expect(run({ names: nullVal(schema.attributes.names.type) })).toEqual([]);
    expect(run({ names: listVal([stringVal("abcd"), unknownVal(t.string.type)]) })).toEqual([]);
  });

  it("checks list blocks, counting and visiting nested objects", () => {
    const s = resourceSchema({
      blocks: {
        rule: block.list({
          attributes: { port: attr.int64({ optional: true }) },
          validators: [lv.sizeAtMost(1), lv.uniqueValues()],
        }),
      },
    });
    const rule = listVal([objectVal({ port: numberVal(1) }), objectVal({ port: numberVal(1) })]);
    expect(show(validateConfig(s, config(s, { rule })))).toEqual([
      ".rule: Invalid Attribute Value | Attribute rule list must contain at most 1 elements, got: 2",
      '.rule: Duplicate List Value | This attribute contains duplicate values of: {"port":1}',
    ]);
  });

  it("element validators of nested objects see the object, and wait for unknown elements", () => {
    const s = resourceSchema({
      attributes: {
        disks: attr.listNested(
          { size: attr.int64({ optional: true }) },
          {
            optional: true,
            validators: [
              lv.valuesAre<{ size: unknown }>((d) => (d.size === null ? "size must be set" : undefined)),
            ],
          },
        ),
      },
    });
    const o = s.attributes.disks.objectType;
    const unset = objectVal({ size: nullVal(t.int64.type) });
    const set = objectVal({ size: numberVal(1) });
    expect(show(validateConfig(s, config(s, { disks: listVal([set, unset]) })))).toEqual([
      ".disks[1]: Invalid Attribute Value | size must be set",
    ]);
    // An unknown element makes the list's model unknown: the validator waits.
    expect(show(validateConfig(s, config(s, { disks: listVal([unset, unknownVal(o)]) })))).toEqual([]);
  });
});

describe("setValidator", () => {
  const schema = resourceSchema({
    attributes: {
      zones: attr.set(t.string, {
        optional: true,
        validators: [sv.sizeAtLeast(2), sv.valuesAre(stringValidator.oneOf("a", "b", "c"))],
      }),
    },
  });
  const run = (zones: Value) => show(validateConfig(schema, config(schema, { zones })));

  it("sizes and element validators, the element named by its value", () => {
    expect(run(setVal([stringVal("a"), stringVal("b")]))).toEqual([]);
    expect(run(setVal([stringVal("a")]))).toEqual([
      ".zones: Invalid Attribute Value | Attribute zones set must contain at least 2 elements, got: 1",
    ]);
    expect(run(setVal([stringVal("a"), stringVal("z")]))).toEqual([
      '.zones["z"]: Invalid Attribute Value Match | Attribute zones["z"] value must be one of: ["a" "b" "c"], got: "z"',
    ]);
  });

  it("waits for a set block's size while an element is unknown (elements may merge)", () => {
    const s = resourceSchema({
      blocks: {
        tag: block.set({
          attributes: { k: attr.string({ optional: true }) },
          validators: [sv.sizeAtLeast(3)],
        }),
      },
    });
    const el = (k: Value) => objectVal({ k });
    expect(
      show(
        validateConfig(s, config(s, { tag: setVal([el(stringVal("a")), el(unknownVal(t.string.type))]) })),
      ),
    ).toEqual([]);
    expect(
      show(validateConfig(s, config(s, { tag: setVal([el(stringVal("a")), el(stringVal("b"))]) }))),
    ).toEqual([".tag: Invalid Attribute Value | Attribute tag set must contain at least 3 elements, got: 2"]);
  });
});

describe("mapValidator", () => {
  const schema = resourceSchema({
    attributes: {
      tags: attr.map(t.string, {
        optional: true,
        validators: [
          mv.sizeAtMost(2),
          mv.keysAre(stringValidator.regexMatches(/^[a-z]+$/, "keys must be lowercase letters")),
          mv.valuesAre(stringValidator.lengthAtLeast(1)),
        ],
      }),
    },
  });
  const run = (tags: Record<string, string>) =>
    show(
      validateConfig(
        schema,
        config(schema, {
          tags: mapVal(Object.fromEntries(Object.entries(tags).map(([k, v]) => [k, stringVal(v)]))),
        }),
      ),
    );

  it("sizes, keys and values, each with the element's path", () => {
    expect(run({ env: "prod" })).toEqual([]);
    expect(run({ a: "1", b: "2", c: "3" })).toEqual([
      ".tags: Invalid Attribute Value | Attribute tags map must contain at most 2 elements, got: 3",
    ]);
    expect(run({ Env: "prod", team: "" })).toEqual([
      '.tags["Env"]: Invalid Attribute Value Match | Attribute tags["Env"] keys must be lowercase letters, got: Env',
      '.tags["team"]: Invalid Attribute Value Length | Attribute tags["team"] string length must be at least 1, got: 0',
    ]);
  });

  it("describes nested validators as the Go validators do", () => {
    expect(mv.keysAre(stringValidator.lengthAtMost(3)).description).toBe(
      "key must satisfy all validations: string length must be at most 3",
    );
    expect(lv.valuesAre(stringValidator.lengthAtMost(3), stringValidator.oneOf("a")).description).toBe(
      'element value must satisfy all validations: string length must be at most 3 + value must be one of: ["a"]',
    );
  });
});
