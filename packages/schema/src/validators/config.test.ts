import {
  formatPath,
  listVal,
  listValEmpty,
  nullVal,
  objectVal,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "../attribute.js";
import { block } from "../block.js";
import type { Diagnostic } from "../diagnostics.js";
import { emptyValue } from "../implied-type.js";
import { checkSchema, resourceSchema, type Schema } from "../schema.js";
import { t } from "../type-constructors.js";
import { validateConfig } from "../validate-config.js";
import { type ConfigValidator, configValidator as cv } from "./config.js";
import { matchRoot } from "./path-expression.js";

function config(schema: Schema, values: Record<string, Value>): Value {
  const m = new Map(emptyValue(schema).entries());
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  return objectVal(m);
}

const show = (diags: readonly Diagnostic[]) =>
  diags.map((d) => `${d.path ? formatPath(d.path) : "-"}: ${d.summary} | ${d.detail ?? ""}`);

const s = (x: string) => stringVal(x);
const unknownStr = unknownVal(t.string.type);

function schemaWith(...validators: ConfigValidator[]) {
  return resourceSchema({
    attributes: {
      password: attr.string({ optional: true }),
      key_file: attr.string({ optional: true }),
      username: attr.string({ optional: true }),
    },
    blocks: { key: block.list({ attributes: { pem: attr.string({ optional: true }) } }) },
    configValidators: validators,
  });
}

describe("configValidator", () => {
  it("conflicting: at most one configured, reported on the first", () => {
    const schema = schemaWith(cv.conflicting("password", "key_file"));
    const run = (v: Record<string, Value>) => show(validateConfig(schema, config(schema, v)));
    expect(run({ password: s("p") })).toEqual([]);
    expect(run({ password: s("p"), key_file: s("k") })).toEqual([
      ".password: Invalid Attribute Combination | These attributes cannot be configured together: [password,key_file]",
    ]);
    expect(run({ password: s("p"), key_file: unknownStr })).toEqual([]);
  });

  it("exactlyOneOf: counts a non-empty block as configured; none is Missing Attribute Configuration", () => {
    const schema = schemaWith(cv.exactlyOneOf("password", "key"));
    const run = (v: Record<string, Value>) => show(validateConfig(schema, config(schema, v)));
    const key = listVal([objectVal({ pem: s("x") })]);
    expect(run({ key })).toEqual([]);
    expect(run({ password: s("p") })).toEqual([]);
    expect(run({})).toEqual([
      "-: Missing Attribute Configuration | Exactly one of these attributes must be configured: [password,key]",
    ]);
    expect(run({ key: listValEmpty(schema.blocks.key.objectType) })).toHaveLength(1);
    expect(run({ password: s("p"), key })).toEqual([
      ".password: Invalid Attribute Combination | Exactly one of these attributes must be configured: [password,key]",
    ]);
    expect(run({ password: unknownStr })).toEqual([]);
  });

  it("atLeastOneOf: waits for unknowns", () => {
    const schema = schemaWith(cv.atLeastOneOf("password", matchRoot("key").atAnyListIndex().atName("pem")));
    const run = (v: Record<string, Value>) => show(validateConfig(schema, config(schema, v)));
    expect(run({})).toEqual([
      "-: Missing Attribute Configuration | At least one of these attributes must be configured: [password,key[*].pem]",
    ]);
    expect(run({ key: listVal([objectVal({ pem: s("x") })]) })).toEqual([]);
    expect(run({ key: listVal([objectVal({ pem: unknownStr })]) })).toEqual([]);
    expect(run({ key: listVal([objectVal({ pem: nullVal(t.string.type) })]) })).toHaveLength(1);
  });

  it("requiredTogether: all or none", () => {
    const schema = schemaWith(cv.requiredTogether("username", "password"));
    const run = (v: Record<string, Value>) => show(validateConfig(schema, config(schema, v)));
    expect(run({})).toEqual([]);
    expect(run({ username: s("u"), password: s("p") })).toEqual([]);
    expect(run({ username: s("u") })).toEqual([
      ".username: Invalid Attribute Combination | These attributes must be configured together: [username,password]",
    ]);
    expect(run({ username: s("u"), password: unknownStr })).toEqual([]);
  });

  it("describes itself as the Go validators do", () => {
    expect(cv.conflicting("a", matchRoot("b").atName("c")).description).toBe(
      "These attributes cannot be configured together: [a,b.c]",
    );
  });

  it("runs before the attribute checks; a throwing validator becomes a diagnostic", () => {
    const boom: ConfigValidator = {
      validate: () => {
        throw new Error("boom");
      },
    };
    const schema = resourceSchema({
      attributes: { name: attr.string({ required: true }) },
      configValidators: [boom],
    });
    expect(show(validateConfig(schema, config(schema, {})))).toEqual([
      "-: Config Validation Error | A configuration validator failed: boom",
      '.name: Missing required argument | The argument "name" is required, but no definition was found.',
    ]);
  });

  it("is checked when the schema is built", () => {
    expect(() => schemaWith(cv.conflicting("password", "nope"))).toThrow(
      'a config validator refers to "nope", which matches nothing: there is no attribute or block "nope" at the root',
    );
    expect(() => schemaWith({ nope: true } as unknown as ConfigValidator)).toThrow(
      "a config validator must be an object with a validate function",
    );
    expect(checkSchema(schemaWith(cv.conflicting("password", "key_file")))).toEqual([]);
  });
});
