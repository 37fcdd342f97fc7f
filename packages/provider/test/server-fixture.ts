// A small server resource over a fake cloud, driven like core drives it.
import { nullVal, objectVal, stringVal, type Value } from "@tfkit/cty-values";
import { proposedNew, requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { attr, resourceSchema } from "@tfkit/schema";
import { defineProvider } from "../src/provider.js";
import { defineResource, importStatePassthroughId } from "../src/resource.js";
import { call, dv, noBytes } from "./support.js";

export const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true, computed: true, default: 1 }),
    zone: attr.string({ optional: true, planModifiers: [requiresReplace()] }),
    password: attr.string({ optional: true, writeOnly: true }),
  },
});
export type S = typeof schema;
export const T = schema.type;

export interface Server {
  name: string;
  size: number;
  zone: string | null;
  password: string | null;
}

export class FakeCloud {
  readonly servers = new Map<string, Server>();
  next = 1;
  create(s: Server): string {
    const id = `srv-${this.next++}`;
    this.servers.set(id, { ...s });
    return id;
  }
}

export function config(
  name: string,
  extra: Partial<Record<"size" | "zone" | "password", Value>> = {},
): Value {
  return objectVal({
    id: nullVal(T.attributeTypes.id!),
    name: stringVal(name),
    size: extra.size ?? nullVal(T.attributeTypes.size!),
    zone: extra.zone ?? nullVal(T.attributeTypes.zone!),
    password: extra.password ?? nullVal(T.attributeTypes.password!),
  });
}

export function serverResource(overrides: Partial<Parameters<typeof defineResource<S, FakeCloud>>[0]> = {}) {
  return defineResource<S, FakeCloud>({
    typeName: "demo_server",
    schema,
    create: (plan, ctx) => {
      const size = typeof plan.size === "number" ? plan.size : 1;
      const id = ctx.client.create({
        name: plan.name,
        size,
        zone: plan.zone,
        password: ctx.writeOnly.password,
      });
      return { ...plan, id, size, password: null };
    },
    read: (state, ctx) => {
      const s = ctx.client.servers.get(state.id ?? "");
      if (s === undefined) return null;
      return { ...state, name: s.name, size: s.size, zone: s.zone };
    },
    update: (plan, prior, ctx) => {
      const id = prior.id ?? "";
      const size = typeof plan.size === "number" ? plan.size : 1;
      ctx.client.servers.set(id, { name: plan.name, size, zone: plan.zone, password: null });
      return { ...plan, id, size, password: null };
    },
    delete: (prior, ctx) => {
      ctx.client.servers.delete(prior.id ?? "");
    },
    importState: importStatePassthroughId(),
    ...overrides,
  });
}

export async function setup(overrides: Parameters<typeof serverResource>[0] = {}, strict = true) {
  const cloud = new FakeCloud();
  const provider = defineProvider({
    metadata: { typeName: "demo" },
    configure: () => cloud,
    resources: [serverResource(overrides)],
    strict,
    timeoutGraceMs: 20,
  });
  await provider.configureProvider?.(
    { terraformVersion: "1.11.4", config: dv(nullVal(objectVal({}).type), objectVal({}).type) },
    call(),
  );
  const plan = async (prior: Value, cfg: Value) => {
    const proposed = cfg.isNull() ? nullVal(T) : proposedNew(schema, prior, cfg);
    return provider.planResourceChange!(
      {
        typeName: "demo_server",
        priorState: dv(prior, T),
        proposedNewState: dv(proposed, T),
        config: dv(cfg, T),
        priorPrivate: noBytes,
        plannedPrivate: noBytes,
      },
      call("PlanResourceChange"),
    );
  };
  const apply = async (prior: Value, planned: Value, cfg: Value, plannedPrivate = noBytes) =>
    provider.applyResourceChange!(
      {
        typeName: "demo_server",
        priorState: dv(prior, T),
        plannedState: dv(planned, T),
        config: dv(cfg, T),
        plannedPrivate,
      },
      call("ApplyResourceChange"),
    );
  return { cloud, provider, plan, apply };
}
