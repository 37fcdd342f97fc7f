import { appendFileSync } from "node:fs";
import { serve } from "@tfkit/grpc-transport";
import type { DynamicValue, PlanResourceChangeRequest, ProviderServer } from "@tfkit/grpc-transport";
import {
  fromMsgpack,
  fromJson,
  nullVal,
  stringVal,
  numberVal,
  True,
  toMsgpack,
  transform,
  type Value,
  type Path,
} from "@tfkit/cty-values";
import { toSchemaDescription } from "@tfkit/schema";
import { planResourceChange } from "@tfkit/plan-engine";
import { renderPlan } from "../../src/plan-text/render-plan.js";

import { captureSchema as schema } from "../../src/plan-text/testdata/capture-schema.js";

const T = schema.type;
const decode = (d: DynamicValue | undefined): Value =>
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
      resourceSchemas: { tfkite2e_thing: toSchemaDescription(schema) },
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
