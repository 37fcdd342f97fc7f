import { nullVal, objectVal, stringType, stringVal, type Value } from "@tfkit/cty-values";
import { proposedNew, useStateForUnknown } from "@tfkit/plan-engine";
import { attr, dataSourceSchema, resourceSchema, semanticTypes } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { call, decode, dv, noBytes } from "../test/support.js";
import { defineDataSource } from "./data-source.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";

// An "API" that stores JSON canonically: every answer spells the document its own way.
const canonical = (json: string): string => JSON.stringify(JSON.parse(json));

const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    doc: attr.of(semanticTypes.normalizedJson, { required: true }),
  },
});
const T = schema.type;

function setup() {
  const store = new Map<string, string>();
  const res = defineResource({
    typeName: "demo_doc",
    schema,
    create: (plan) => {
      store.set("d", canonical(plan.doc));
      return { ...plan, id: "d", doc: store.get("d") as string };
    },
    read: (state) => ({ ...state, doc: store.get("d") as string }),
    update: (plan, prior) => {
      store.set("d", canonical(plan.doc));
      return { ...plan, id: prior.id, doc: store.get("d") as string };
    },
    delete: () => {
      store.delete("d");
    },
  });
  const ds = defineDataSource({
    typeName: "demo_doc",
    schema: dataSourceSchema({
      attributes: { doc: attr.of(semanticTypes.normalizedJson, { required: true }) },
    }),
    read: (c) => ({ doc: canonical(c.doc) }),
  });
  // Strict: a contract violation (an inconsistent result) is an error diagnostic.
  const provider = defineProvider({
    metadata: { typeName: "demo" },
    resources: [res],
    dataSources: [ds],
    strict: true,
  });
  const cfg = (doc: string): Value => objectVal({ id: nullVal(stringType), doc: stringVal(doc) });
  const plan = (prior: Value, c: Value) =>
    provider.planResourceChange!(
      {
        typeName: "demo_doc",
        priorState: dv(prior, T),
        proposedNewState: dv(proposedNew(schema, prior, c), T),
        config: dv(c, T),
        priorPrivate: noBytes,
        plannedPrivate: noBytes,
      },
      call("PlanResourceChange"),
    );
  const apply = (prior: Value, planned: Value, c: Value) =>
    provider.applyResourceChange!(
      {
        typeName: "demo_doc",
        priorState: dv(prior, T),
        plannedState: dv(planned, T),
        config: dv(c, T),
        plannedPrivate: noBytes,
      },
      call("ApplyResourceChange"),
    );
  return { provider, store, cfg, plan, apply, dsType: ds.schema.type };
}

describe("semantic equality in provider answers", () => {
  it("create and update return the API's spelling; the planned one is kept (no inconsistent result)", async () => {
    const { cfg, plan, apply, store } = setup();
    const planned = decode((await plan(nullVal(T), cfg('{ "b": 2, "a": 1 }'))).plannedState, T);
    const created = await apply(nullVal(T), planned, cfg('{ "b": 2, "a": 1 }'));
    expect(created.diagnostics ?? []).toEqual([]);
    const state = decode(created.newState, T);
    expect(state.getAttr("doc").asString()).toBe('{ "b": 2, "a": 1 }');
    expect(store.get("d")).toBe('{"b":2,"a":1}');

    const p2 = await plan(state, cfg('{"a":1,"b":3}'));
    const planned2 = decode(p2.plannedState, T);
    const updated = await apply(state, planned2, cfg('{"a":1,"b":3}'));
    expect(updated.diagnostics ?? []).toEqual([]);
    // {"b":3,"a":1} from the API means the same as the planned {"a":1,"b":3}.
    expect(decode(updated.newState, T).getAttr("doc").asString()).toBe('{"a":1,"b":3}');
  });

  it("read keeps the current spelling when the API's means the same, and takes a real change", async () => {
    const { provider, store } = setup();
    const current = objectVal({ id: stringVal("d"), doc: stringVal('{ "a": 1 }') });
    store.set("d", '{"a":1}');
    const same = await provider.readResource!(
      { typeName: "demo_doc", currentState: dv(current, T), private: noBytes },
      call("ReadResource"),
    );
    expect(decode(same.newState, T).getAttr("doc").asString()).toBe('{ "a": 1 }');
    store.set("d", '{"a":2}');
    const drift = await provider.readResource!(
      { typeName: "demo_doc", currentState: dv(current, T), private: noBytes },
      call("ReadResource"),
    );
    expect(decode(drift.newState, T).getAttr("doc").asString()).toBe('{"a":2}');
  });

  it("a data source's result keeps the configured spelling of a configured value", async () => {
    const { provider, dsType } = setup();
    const r = await provider.readDataSource!(
      { typeName: "demo_doc", config: dv(objectVal({ doc: stringVal('{ "a": [1, 2] }') }), dsType) },
      call("ReadDataSource"),
    );
    expect(r.diagnostics ?? []).toEqual([]);
    expect(decode(r.state, dsType).getAttr("doc").asString()).toBe('{ "a": [1, 2] }');
  });

  it("an invalid value is refused at validate time with its path", async () => {
    const { provider, cfg } = setup();
    const r = await provider.validateResourceConfig!(
      { typeName: "demo_doc", config: dv(cfg("{oops"), T) },
      call(),
    );
    expect(r.diagnostics?.[0]).toMatchObject({
      severity: "error",
      summary: "Invalid JSON String Value",
      attribute: [{ kind: "attribute", name: "doc" }],
    });
  });
});
