import { appendFileSync } from "node:fs";
import { serve } from "@tfkit/grpc-transport";
import type {
  PlanResourceChangeRequest,
  ProviderServer,
  SchemaBlock,
  SchemaAttribute,
} from "@tfkit/grpc-transport";
import {
  fromMsgpack,
  fromJson,
  nullVal,
  stringVal,
  numberVal,
  True,
  toMsgpack,
  transform,
  typeToJson,
  type Value,
  type Path,
} from "@tfkit/cty-values";
import { attr, block, resourceSchema, t, type SchemaBody, type AnyAttributeSpec } from "@tfkit/schema";
import { planResourceChange, renderPlan, requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";

const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true, planModifiers: [requiresReplace()] }),
    size: attr.number({ optional: true }),
    enabled: attr.bool({ optional: true, computed: true }),
    tags: attr.map(t.string, { optional: true }),
    ports: attr.set(t.string, { optional: true }),
    args: attr.list(t.string, { optional: true }),
    password: attr.string({ optional: true, sensitive: true }),
    script: attr.string({ optional: true }),
    meta: attr.object({ a: t.string, b: t.number }, { optional: true }),
    disks: attr.listNested(
      { size_gb: attr.int64({ required: true }), uuid: attr.string({ computed: true }) },
      { optional: true },
    ),
    labels: attr.mapNested({ v: attr.string({ required: true }) }, { optional: true }),
    secrets: attr.listNested(
      { k: attr.string({ required: true }), v: attr.string({ optional: true, sensitive: true }) },
      { optional: true },
    ),
    svc: attr.setNested(
      { p: attr.number({ required: true }), q: attr.string({ optional: true }) },
      { optional: true },
    ),
    cfg: attr.singleNested(
      { x: attr.string({ optional: true }), y: attr.string({ optional: true }) },
      { optional: true },
    ),
  },
  blocks: {
    network_interface: block.list({
      attributes: {
        subnet: attr.string({ required: true, planModifiers: [requiresReplace()] }),
        ip: attr.string({ computed: true }),
      },
    }),
    rule: block.set({ attributes: { port: attr.number({ required: true }) } }),
    timeouts: block.single({ attributes: { create: attr.string({ optional: true }) } }),
  },
});

function attrWire(name: string, a: AnyAttributeSpec): SchemaAttribute {
  const base = {
    name,
    required: a.required,
    optional: a.optional,
    computed: a.computed,
    sensitive: a.sensitive,
  };
  if (a.kind === "nested_attribute") {
    return {
      ...base,
      nestedType: {
        nesting: a.nesting,
        attributes: Object.entries(a.attributes).map(([n, x]) => attrWire(n, x)),
      },
    };
  }
  return { ...base, type: typeToJson(a.type) };
}
function blockWire(b: SchemaBody): SchemaBlock {
  return {
    attributes: Object.entries(b.attributes).map(([n, a]) => attrWire(n, a)),
    blockTypes: Object.entries(b.blocks).map(([n, x]) => ({
      typeName: n,
      nesting: x.nesting,
      block: blockWire(x),
    })),
  };
}

const T = schema.type;
const decode = (d: { msgpack?: Uint8Array } | undefined): Value =>
  d?.msgpack && d.msgpack.length > 0 ? fromMsgpack(d.msgpack, T) : nullVal(T);
const encode = (v: Value) => ({ msgpack: toMsgpack(v, T) });
const wirePath = (p: Path) =>
  p.map((s) =>
    s.kind === "attribute"
      ? { kind: "attribute" as const, name: s.name }
      : s.key.type.kind === "string"
        ? { kind: "elementKeyString" as const, key: s.key.asString() }
        : { kind: "elementKeyInt" as const, key: Number(s.key.asNumber().toBigInt()) },
  );

let pendingReplace: { prior: Value; paths: readonly Path[] } | undefined;
const out = process.env.RENDER_OUT ?? "/tmp/render.jsonl";

const provider: ProviderServer = {
  getProviderSchema() {
    return {
      provider: { block: {} },
      resourceSchemas: { tfkite2e_thing: { version: 0, block: blockWire(schema) } },
      serverCapabilities: { planDestroy: true },
    };
  },
  validateResourceConfig() {
    return {};
  },
  upgradeResourceState(req) {
    return { upgradedState: encode(fromJson(req.rawState?.json ?? "null", T)) };
  },
  readResource(req) {
    return { newState: req.currentState };
  },
  planResourceChange(req: PlanResourceChangeRequest) {
    const prior = decode(req.priorState);
    const config = decode(req.config);
    const proposed = decode(req.proposedNewState);
    const r = planResourceChange({ schema, prior, proposed, config });
    if (r.requiresReplace.length > 0) pendingReplace = { prior, paths: r.requiresReplace };
    let text: string;
    let rec: { prior: Value; paths: readonly Path[]; action?: "replace" };
    if (prior.isNull() && pendingReplace !== undefined) {
      rec = { prior: pendingReplace.prior, paths: pendingReplace.paths, action: "replace" };
      text = renderPlan(
        schema,
        "tfkite2e_thing.x",
        pendingReplace.prior,
        r.plannedState,
        pendingReplace.paths,
        { action: "replace" },
      );
      pendingReplace = undefined;
    } else {
      rec = { prior, paths: r.requiresReplace };
      text = renderPlan(schema, "tfkite2e_thing.x", prior, r.plannedState, r.requiresReplace);
    }
    const hex = (v: Value) => Buffer.from(toMsgpack(v, T)).toString("hex");
    appendFileSync(
      out,
      `${JSON.stringify({ text, diags: r.diagnostics, prior: hex(rec.prior), planned: hex(r.plannedState), replace: rec.paths.map((p) => p.map((st) => (st.kind === "attribute" ? st.name : st.key.type.kind === "string" ? { key: st.key.asString() } : { index: Number(st.key.asNumber().toBigInt()) }))), ...(rec.action ? { action: rec.action } : {}) })}\n`,
    );
    return {
      plannedState: encode(r.plannedState),
      requiresReplace: r.requiresReplace.map(wirePath) as never,
    };
  },
  applyResourceChange(req) {
    const planned = decode(req.plannedState);
    if (planned.isNull()) return { newState: encode(planned) };
    const state = transform(planned, (_p, v) => {
      if (v.isKnown()) return v;
      switch (v.type.kind) {
        case "string":
          return stringVal("gen");
        case "bool":
          return True;
        case "number":
          return numberVal(1);
        default:
          return nullVal(v.type);
      }
    });
    return { newState: encode(state) };
  },
} as ProviderServer;

void serve(provider, { providerAddress: "example.test/tfkit/tfkite2e" });
