import type { Value } from "@tfkit/cty-values";
import { mapVal, nullVal, stringType } from "@tfkit/cty-values";
import { attr, block, resourceSchema, type Schema, semanticTypes as st, t } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { emptyList, expectValue, list, NS, obj, s, set, US } from "./internal/test-helpers.js";
import { requiresReplace } from "./plan-modifier.js";
import { planResourceChange } from "./plan-resource-change.js";
import { proposedNew } from "./proposed-new.js";
import { semanticEquality } from "./semantic-equality.js";

function plan(schema: Schema, prior: Value, config: Value) {
  const proposed = proposedNew(schema, prior, config);
  return planResourceChange({ schema, prior, proposed, config });
}

describe("semanticEquality", () => {
  const sch = resourceSchema({
    attributes: {
      id: attr.string({ computed: true }),
      policy: attr.of(st.normalizedJson, { optional: true, planModifiers: [requiresReplace()] }),
      name: attr.of(st.caseInsensitiveString, { optional: true }),
      plain: attr.string({ optional: true }),
      ips: attr.list(st.ipv6Address, { optional: true }),
      by_zone: attr.map(st.rfc3339, { optional: true }),
      tags: attr.set(st.caseInsensitiveString, { optional: true }),
      rules: attr.listNested(
        { key: attr.string({ required: true }), doc: attr.of(st.normalizedJson, { optional: true }) },
        { optional: true, keyBy: ["key"] },
      ),
    },
    blocks: {
      net: block.single({ attributes: { cidr: attr.of(st.ipv6Prefix, { optional: true }) } }),
      hosts: block.list({ attributes: { ip: attr.of(st.ipv6Address, { required: true }) } }),
    },
  });
  const hostT = sch.blocks.hosts.objectType;
  const state = (o: Partial<Record<string, Value>>): Value =>
    obj({
      id: s("i-1"),
      policy: NS,
      name: NS,
      plain: NS,
      ips: nullVal(sch.attributes.ips.type),
      by_zone: nullVal(sch.attributes.by_zone.type),
      tags: nullVal(sch.attributes.tags.type),
      rules: nullVal(sch.attributes.rules.type),
      net: nullVal(sch.blocks.net.type),
      hosts: emptyList(hostT),
      ...o,
    });
  const config = (o: Partial<Record<string, Value>>): Value => state({ id: NS, ...o });

  it('"{\\"a\\": 1}" then "{ \\"a\\":1 }": the prior value is kept, no change, no replacement', () => {
    const prior = state({ policy: s('{"a": 1}') });
    const r = plan(sch, prior, config({ policy: s('{ "a":1 }') }));
    expectValue(r.plannedState, prior);
    expect(r.action).toBe("noop");
    expect(r.requiresReplace).toEqual([]);
  });

  it("a real change still plans (and replaces), with the new value", () => {
    const prior = state({ policy: s('{"a": 1}') });
    const r = plan(sch, prior, config({ policy: s('{"a": 2}') }));
    expect(r.plannedState.getAttr("policy").asString()).toBe('{"a": 2}');
    expect(r.action).toBe("replace");
  });

  it("only the semantically equal attribute keeps its prior value; unknown marking follows the real diff", () => {
    const prior = state({ name: s("Web"), plain: s("x") });
    const r = plan(sch, prior, config({ name: s("WEB"), plain: s("y") }));
    expect(r.plannedState.getAttr("name").asString()).toBe("Web");
    expect(r.plannedState.getAttr("plain").asString()).toBe("y");
    // The plan differs from prior, so the computed id is unknown as usual.
    expectValue(r.plannedState.getAttr("id"), US);
    expect(r.action).toBe("update");
  });

  it("reaches list elements by index, map values by key, nested attributes and blocks", () => {
    const prior = state({
      ips: list(s("2001:db8::1"), s("::1")),
      by_zone: mapVal({ a: s("2024-01-01T00:00:00Z") }),
      rules: list(obj({ key: s("r1"), doc: s('{"x":1}') }), obj({ key: s("r2"), doc: s("[]") })),
      net: obj({ cidr: s("2001:db8::/32") }),
      hosts: list(obj({ ip: s("::2") })),
    });
    const cfg = config({
      ips: list(s("2001:0db8:0::1"), s("::1")),
      by_zone: mapVal({ a: s("2024-01-01T01:00:00+01:00") }),
      rules: list(obj({ key: s("r1"), doc: s('{ "x": 1 }') }), obj({ key: s("r2"), doc: s("[ ]") })),
      net: obj({ cidr: s("2001:0db8::/32") }),
      hosts: list(obj({ ip: s("0:0:0:0:0:0:0:2") })),
    });
    const r = plan(sch, prior, cfg);
    const p = r.plannedState;
    expect(
      p
        .getAttr("ips")
        .elements()
        .map((e) => e.asString()),
    ).toEqual(["2001:db8::1", "::1"]);
    expect(p.getAttr("by_zone").entries().get("a")?.asString()).toBe("2024-01-01T00:00:00Z");
    expect(
      p
        .getAttr("rules")
        .elements()
        .map((e) => e.getAttr("doc").asString()),
    ).toEqual(['{"x":1}', "[]"]);
    expect(p.getAttr("net").getAttr("cidr").asString()).toBe("2001:db8::/32");
    expect(p.getAttr("hosts").elements()[0]?.getAttr("ip").asString()).toBe("::2");
  });

  it("pairs keyBy list elements by index, as Terraform checks the plan (a reordered element keeps its new text)", () => {
    const rules = (...r: [string, string][]) => list(...r.map(([k, d]) => obj({ key: s(k), doc: s(d) })));
    const prior = state({ rules: rules(["r1", '{"x":1}'], ["r2", "[]"]) });
    const r = plan(sch, prior, config({ rules: rules(["r2", "[ ]"], ["r1", '{ "x": 1 }']) }));
    const docs = r.plannedState.getAttr("rules").elements();
    expect(docs.map((e) => e.getAttr("doc").asString())).toEqual(["[ ]", '{ "x": 1 }']);
  });

  it("leaves nulls and unknowns alone", () => {
    const prior = state({ name: s("x") });
    const r = plan(sch, prior, config({ name: nullVal(stringType) }));
    expect(r.plannedState.getAttr("name").isNull()).toBe(true);
    const u = semanticEquality(sch, prior, config({ name: US }));
    expect(u.getAttr("name").isKnown()).toBe(false);
  });

  it("set elements take the first unused earlier element they mean the same as (Go's matching)", () => {
    const strings = (v: Value) => v.elements().map((e) => e.asString());
    const prior = state({ tags: set(s("Web"), s("DB")) });
    // Every element means an earlier one: the whole earlier set is planned.
    expect(
      strings(plan(sch, prior, config({ tags: set(s("WEB"), s("db")) })).plannedState.getAttr("tags")),
    ).toEqual(strings(set(s("Web"), s("DB"))));
    // Read and apply results keep what they can.
    const read = semanticEquality(sch, prior, state({ tags: set(s("web"), s("cache")) }));
    expect(strings(read.getAttr("tags"))).toEqual(strings(set(s("Web"), s("cache"))));
    // Each earlier element is taken once, and one the new set still has is not offered: no merge.
    const two = semanticEquality(sch, state({ tags: set(s("A")) }), state({ tags: set(s("a"), s("A ")) }));
    expect(two.getAttr("tags").lengthInt()).toBe(2);
    const merged = semanticEquality(
      sch,
      state({ tags: set(s("a"), s("b")) }),
      state({ tags: set(s("A"), s("a")) }),
    );
    expect(strings(merged.getAttr("tags"))).toEqual(strings(set(s("A"), s("a"))));
  });

  it("plans a plain attribute's prior value only as a whole; read results keep what they can", () => {
    const prior = state({ ips: list(s("2001:db8::1"), s("::1")) });
    const next = list(s("2001:0db8:0::1"), s("::2"));
    const planned = plan(sch, prior, config({ ips: next })).plannedState.getAttr("ips");
    expect(planned.elements().map((e) => e.asString())).toEqual(["2001:0db8:0::1", "::2"]);
    const read = semanticEquality(sch, prior, state({ ips: next })).getAttr("ips");
    expect(read.elements().map((e) => e.asString())).toEqual(["2001:db8::1", "::2"]);
    // Nested attributes are checked per attribute inside: partly kept in a plan too.
    const rules = (...d: string[]) => list(...d.map((x, i) => obj({ key: s(`r${i}`), doc: s(x) })));
    const nestedPlan = plan(
      sch,
      state({ rules: rules('{"a":1}', "[]") }),
      config({ rules: rules('{ "a": 1 }', "[1]") }),
    );
    expect(
      nestedPlan.plannedState
        .getAttr("rules")
        .elements()
        .map((e) => e.getAttr("doc").asString()),
    ).toEqual(['{"a":1}', "[1]"]);
  });

  it("invalid prior values are never equal to new ones", () => {
    const prior = state({ policy: s("{not json") });
    const r = plan(sch, prior, config({ policy: s("{ not json") }));
    expect(r.plannedState.getAttr("policy").asString()).toBe("{ not json");
  });

  it("returns the proposed value itself when the schema has no semantic type", () => {
    const plain = resourceSchema({
      attributes: { a: attr.string({ optional: true }), l: attr.list(t.string, { optional: true }) },
    });
    const proposed = obj({ a: s("A"), l: nullVal(plain.attributes.l.type) });
    expect(semanticEquality(plain, obj({ a: s("a"), l: nullVal(plain.attributes.l.type) }), proposed)).toBe(
      proposed,
    );
  });

  it("on create (no prior state) nothing changes", () => {
    const cfg = config({ policy: s('{ "a":1 }') });
    const r = plan(sch, nullVal(sch.type), cfg);
    expect(r.plannedState.getAttr("policy").asString()).toBe('{ "a":1 }');
  });
});
