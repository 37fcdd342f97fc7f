import { indexStep, stringVal, type Value } from "@tfkit/cty-values";
import { useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, defineResource, ProviderError } from "@tfkit/provider";
import {
  attr,
  type Config,
  getAttribute,
  isUnknown,
  type Plan,
  resourceSchema,
  type State,
  setAttribute,
  t,
  Unknown,
} from "@tfkit/schema";

export const recordSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true }),
    ttl: attr.int64({ optional: true }),
    fqdn: attr.string({ computed: true }),
    tags: attr.map(t.string, { optional: true }),
  },
});
type S = typeof recordSchema;

// Each phase has its own model type; the compiler knows what may be null or unknown where.
export function describeConfig(config: Config<S>): string {
  // In configuration (validate, plan) even a required value may be unknown: it can come from
  // another resource that does not exist yet.
  return isUnknown(config.name) ? "name known after apply" : `name ${config.name}`;
}

export function toState(plan: Plan<S>, id: string): State<S> {
  // In create/update the plan's required values are known; computed ones may still be Unknown,
  // and a State may hold no Unknown at all: resolve each one before returning.
  return { ...plan, id, fqdn: `${plan.name}.example.com` };
}

// @ts-expect-error: a State cannot hold an unknown value (core would reject it after apply).
export const notAState: State<S> = { id: "r-1", name: "www", ttl: null, fqdn: Unknown, tags: null };

// The remote side stores what the state holds: int64 values are `number | bigint`, map values may be null.
const records = new Map<string, Pick<State<S>, "name" | "ttl" | "tags">>();

export const record = defineResource({
  typeName: "access_record",
  schema: recordSchema,
  validateConfig: (config, ctx) => {
    // Validation runs before values are known: skip what is still Unknown ("Accessing State, Config, and Plan").
    if (!isUnknown(config.ttl) && config.ttl !== null && config.ttl < 60) {
      ctx.diagnostics.error("TTL too short", "ttl must be at least 60 seconds", ["ttl"]);
    }
  },
  modifyPlan: ({ config, planned }) => {
    // Known at plan time when the name is: show it in the plan instead of "(known after apply)".
    if (config === null || planned === null || isUnknown(config.name)) return;
    return { ...planned, fqdn: `${config.name}.example.com` };
  },
  create: (plan) => {
    const id = `r-${records.size + 1}`;
    records.set(id, { name: plan.name, ttl: plan.ttl, tags: plan.tags });
    return toState(plan, id);
  },
  read: (state) => {
    const found = records.get(state.id ?? "");
    return found === undefined ? null : { ...state, ...found };
  },
  update: (plan, prior) => {
    const id = prior.id ?? "";
    if (!records.has(id)) throw new ProviderError("Record not found", { path: ["id"] });
    records.set(id, { name: plan.name, ttl: plan.ttl, tags: plan.tags });
    return toState(plan, id);
  },
  delete: (prior) => {
    records.delete(prior.id ?? "");
  },
});

export const provider = defineProvider({ metadata: { typeName: "access" }, resources: [record] });

// One attribute at a time, on cty values (what ctx.values holds in modifyPlan, and what the
// wire carries): read with getAttribute, write with setAttribute (absent parents are created).
export function tagValue(state: Value, key: string): Value {
  return getAttribute(state, ["tags", indexStep(stringVal(key))]);
}

export function withManagedByTag(state: Value): Value {
  return setAttribute(state, ["tags", indexStep(stringVal("managed_by"))], stringVal("tfkit"));
}
