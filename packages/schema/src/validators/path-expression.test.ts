import {
  formatPath,
  listVal,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  True,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "../attribute.js";
import { block } from "../block.js";
import type { Diagnostic } from "../diagnostics.js";
import { emptyValue } from "../implied-type.js";
import { resourceSchema, type Schema } from "../schema.js";
import type { Attributes } from "../spec.js";
import { t } from "../type-constructors.js";
import { validateConfig } from "../validate-config.js";
import { isPathExpression, matchRelative, matchRoot } from "./path-expression.js";

function config(schema: Schema, values: Record<string, Value>): Value {
  const m = new Map(emptyValue(schema).entries());
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  return objectVal(m);
}

const show = (diags: readonly Diagnostic[]) =>
  diags.map((d) => `${d.path ? formatPath(d.path) : ""}: ${d.summary} | ${d.detail ?? ""}`);

const s = (x: string) => stringVal(x);
const nullStr = nullVal(t.string.type);
const unknownStr = unknownVal(t.string.type);

describe("PathExpression", () => {
  it("renders as the Go framework's path.Expression", () => {
    expect(matchRoot("rule").atAnyListIndex().atName("port").toString()).toBe("rule[*].port");
    expect(matchRelative().atParent().atName("x").toString()).toBe("<.x");
    expect(matchRoot("tags").atMapKey("a b").toString()).toBe('tags["a b"]');
    expect(matchRoot("tags").atAnyMapKey().toString()).toBe('tags["*"]');
    expect(matchRoot("z").atAnySetValue().toString()).toBe("z[Value(*)]");
    expect(matchRoot("l").atListIndex(2).toString()).toBe("l[2]");
  });

  it("is immutable: each step makes a new expression", () => {
    const a = matchRoot("a");
    const b = a.atName("b");
    expect(a.toString()).toBe("a");
    expect(b.toString()).toBe("a.b");
    expect(isPathExpression(b)).toBe(true);
    expect(isPathExpression({ root: true, steps: [] })).toBe(false);
    expect(Object.isFrozen(b.steps)).toBe(true);
  });
});

describe("presence rules with path expressions", () => {
  const schema = resourceSchema({
    attributes: {
      region: attr.string({ optional: true }),
      endpoint: attr.string({ optional: true }),
      network: attr.singleNested(
        {
          // A sibling inside the nested object, the root, and the parent object's sibling.
          subnet: attr.string({ optional: true, conflictsWith: [matchRoot("endpoint")] }),
          cidr: attr.string({
            optional: true,
            alsoRequires: [matchRelative().atParent().atParent().atName("region")],
          }),
          gateway: attr.string({ optional: true, exactlyOneOf: ["cidr"] }),
        },
        { optional: true },
      ),
      tls: attr.bool({
        optional: true,
        conflictsWith: [matchRoot("rule").atAnyListIndex().atName("insecure")],
      }),
      primary: attr.string({
        optional: true,
        atLeastOneOf: [matchRoot("rule").atAnyListIndex().atName("name")],
      }),
    },
    blocks: {
      rule: block.list({
        attributes: {
          name: attr.string({ optional: true }),
          insecure: attr.bool({ optional: true }),
          port: attr.int64({ optional: true, alsoRequires: [matchRoot("region")] }),
        },
      }),
    },
  });
  const net = (v: Record<string, Value>) =>
    objectVal({ subnet: nullStr, cidr: nullStr, gateway: nullStr, ...v });
  const rule = (v: Record<string, Value>) =>
    objectVal({ name: nullStr, insecure: nullVal(t.bool.type), port: nullVal(t.int64.type), ...v });
  const run = (values: Record<string, Value>) =>
    show(validateConfig(schema, config(schema, { primary: s("p"), ...values })));

  it("reaches the root from inside a nested object", () => {
    expect(run({ network: net({ subnet: s("a"), gateway: s("g") }), endpoint: s("e") })).toEqual([
      '.network.subnet: Invalid Attribute Combination | Attribute "endpoint" cannot be specified when "network.subnet" is specified',
    ]);
    expect(run({ network: net({ subnet: s("a"), gateway: s("g") }) })).toEqual([]);
  });

  it("goes up through parents", () => {
    expect(run({ network: net({ cidr: s("10.0.0.0/8") }) })).toEqual([
      '.network.cidr: Invalid Attribute Combination | Attribute "region" must be specified when "network.cidr" is specified',
    ]);
    expect(run({ network: net({ cidr: s("10.0.0.0/8") }), region: s("r") })).toEqual([]);
  });

  it("keeps plain names as siblings in the same object, with full paths in messages", () => {
    expect(run({ network: net({ cidr: s("c"), gateway: s("g") }), region: s("r") })).toEqual([
      ".network.gateway: Invalid Attribute Combination | 2 attributes specified when one (and only one) of [network.gateway,network.cidr] is required",
    ]);
  });

  it("matches every element of a list", () => {
    const two = listVal([rule({ name: s("a") }), rule({ insecure: True })]);
    expect(run({ tls: True, rule: two })).toEqual([
      '.tls: Invalid Attribute Combination | Attribute "rule[1].insecure" cannot be specified when "tls" is specified',
    ]);
    expect(run({ tls: True, rule: listVal([rule({ name: s("a") })]) })).toEqual([]);
  });

  it("atLeastOneOf over every element, and the group named by its expression", () => {
    expect(run({ primary: nullStr, rule: listVal([rule({ name: s("a") })]) })).toEqual([]);
    expect(run({ primary: nullStr, rule: listVal([rule({})]) })).toEqual([
      ".primary: Invalid Attribute Combination | At least one attribute out of [primary,rule[*].name] must be specified",
    ]);
  });

  it("waits while a value involved, or a collection on the way, is unknown", () => {
    expect(run({ primary: nullStr, rule: listVal([rule({ name: unknownStr })]) })).toEqual([]);
    expect(run({ primary: nullStr, rule: unknownVal(schema.blocks.rule.type) })).toEqual([]);
    expect(run({ network: net({ cidr: s("c") }), region: unknownStr })).toEqual([]);
  });

  it("resolves root paths from inside list elements", () => {
    expect(run({ rule: listVal([rule({ port: numberVal(1) }), rule({ port: numberVal(2) })]) })).toEqual([
      '.rule[0].port: Invalid Attribute Combination | Attribute "region" must be specified when "rule[0].port" is specified',
      '.rule[1].port: Invalid Attribute Combination | Attribute "region" must be specified when "rule[1].port" is specified',
    ]);
  });

  it("finds siblings inside set elements, also when the element holds an unknown", () => {
    const m = resourceSchema({
      attributes: {
        items: attr.setNested(
          {
            a: attr.string({ optional: true, conflictsWith: ["b"] }),
            b: attr.string({ optional: true }),
            c: attr.string({ optional: true }),
          },
          { optional: true },
        ),
      },
    });
    const el = (c: Value) => objectVal({ a: s("x"), b: s("y"), c });
    const runM = (c: Value) =>
      show(validateConfig(m, config(m, { items: setVal([el(c)]) }))).map((l) => l.replace(/^\S+/, "<path>"));
    const expected = [
      '<path> Invalid Attribute Combination | Attribute "items[...].b" cannot be specified when "items[...].a" is specified',
    ];
    expect(runM(s("z"))).toEqual(expected);
    expect(runM(unknownStr)).toEqual(expected);
  });

  it("reaches map elements", () => {
    const m = resourceSchema({
      attributes: {
        labels: attr.map(t.string, { optional: true }),
        owner: attr.string({ optional: true, alsoRequires: [matchRoot("labels").atMapKey("team")] }),
      },
    });
    const runM = (v: Record<string, Value>) => show(validateConfig(m, config(m, v)));
    expect(runM({ owner: s("o"), labels: mapVal({ team: s("x") }) })).toEqual([]);
    expect(runM({ owner: s("o"), labels: mapVal({ team: nullStr }) })).toEqual([
      '.owner: Invalid Attribute Combination | Attribute "labels[\\"team\\"]" must be specified when "owner" is specified',
    ]);
  });
});

describe("path expressions checked when the schema is built", () => {
  const build = (attributes: Attributes) => () =>
    resourceSchema({
      attributes,
      blocks: { rule: block.list({ attributes: { port: attr.int64({ optional: true }) } }) },
    });

  it("refuses names the schema does not have", () => {
    expect(build({ a: attr.string({ optional: true, conflictsWith: [matchRoot("nope")] }) })).toThrow(
      'a: conflictsWith refers to "nope", which matches nothing: there is no attribute or block "nope" at the root',
    );
    expect(
      build({
        a: attr.string({
          optional: true,
          conflictsWith: [matchRoot("rule").atAnyListIndex().atName("prot")],
        }),
      }),
    ).toThrow('there is no attribute or block "prot" in "rule[*]"');
  });

  it("refuses a step that does not fit the value (a name where a list index is due)", () => {
    expect(
      build({ a: attr.string({ optional: true, exactlyOneOf: [matchRoot("rule").atName("port")] }) }),
    ).toThrow('"rule" is a list: the next step must be a list index');
  });

  it("refuses paths that go above the root", () => {
    expect(
      build({ a: attr.string({ optional: true, atLeastOneOf: [matchRelative().atParent().atParent()] }) }),
    ).toThrow('a: atLeastOneOf refers to "<.<", which matches nothing: it goes above the root');
  });

  it("accepts paths into object-typed attributes and nested attributes", () => {
    expect(
      build({
        o: attr.object({ x: t.string }, { optional: true }),
        a: attr.string({
          optional: true,
          conflictsWith: [matchRoot("o").atName("x"), matchRoot("rule").atListIndex(0).atName("port")],
        }),
      }),
    ).not.toThrow();
  });
});
