import {
  boolVal,
  fromMsgpack,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringType,
  stringVal,
  toMsgpack,
  type Value,
} from "@tfkit/cty-values";
import { type CallContext, createLogger, type DynamicValue } from "@tfkit/grpc-transport";
import { proposedNew, useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, defineResource, type Provider } from "@tfkit/provider";
import { type AnyAttributeSpec, attr, isUnknown, resourceSchema, type Schema, t } from "@tfkit/schema";
import { itemSchema as itemResourceSchema } from "../fixtures/item-schema.js";
import type { TimedCase, TimedSuite } from "../runner.js";

/**
 * The request-path issue's benchmark: PlanResourceChange and ApplyResourceChange through
 * `@tfkit/provider` (in-process, the methods the gRPC service calls), for a 50-attribute resource
 * and for one with a 1,000-element set, each against the floor every provider pays for the same
 * RPC: decoding the request's three values from msgpack and encoding the answer.
 */

/** Plain attributes of the wide resource. */
export const WIDE_ATTRIBUTES = 50;
/** Elements of the set-nested attribute of the set resource. */
export const SET_ELEMENTS = 1000;

function wideAttributes(): Record<string, AnyAttributeSpec> {
  const out: Record<string, AnyAttributeSpec> = {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
  };
  for (let i = 0; i < WIDE_ATTRIBUTES - 1; i++) {
    switch (i % 6) {
      case 0:
        out[`name_${i}`] = attr.string({ required: true });
        break;
      case 1:
        out[`size_${i}`] = attr.int64({ optional: true, computed: true, default: 8 });
        break;
      case 2:
        out[`on_${i}`] = attr.bool({ optional: true });
        break;
      case 3:
        out[`tags_${i}`] = attr.map(t.string, { optional: true });
        break;
      case 4:
        out[`arn_${i}`] = attr.string({ computed: true });
        break;
      default:
        out[`note_${i}`] = attr.string({ optional: true, computed: true });
    }
  }
  return out;
}

function wideValue(schema: Schema, phase: "config" | "state", generation: number): Value {
  const m = new Map<string, Value>();
  for (const [name, spec] of Object.entries(schema.attributes)) {
    const i = Number(name.split("_")[1] ?? 0);
    if (name === "id") m.set(name, phase === "config" ? nullVal(spec.type) : stringVal("res-1"));
    else if (name.startsWith("name_")) m.set(name, stringVal(`name-${i}-${i === 0 ? generation : 0}`));
    else if (name.startsWith("size_")) m.set(name, phase === "config" ? nullVal(spec.type) : numberVal(8));
    else if (name.startsWith("on_")) m.set(name, boolVal(i % 4 === 0));
    else if (name.startsWith("tags_"))
      m.set(name, mapVal({ env: stringVal("prod"), team: stringVal(`t${i}`) }));
    else if (name.startsWith("arn_"))
      m.set(name, phase === "config" ? nullVal(spec.type) : stringVal(`arn:${i}`));
    else m.set(name, phase === "config" ? nullVal(spec.type) : stringVal(`note-${i}`));
  }
  return objectVal(m);
}

const setSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true }),
    rules: attr.setNested(
      {
        port: attr.int64({ required: true }),
        protocol: attr.string({ required: true }),
        cidr: attr.string({ optional: true }),
      },
      { optional: true },
    ),
  },
});

function setValue(phase: "config" | "state", generation: number): Value {
  const rules: Value[] = [];
  for (let i = 0; i < SET_ELEMENTS; i++) {
    rules.push(
      objectVal({
        port: numberVal(1000 + i),
        protocol: stringVal(i % 2 === 0 ? "tcp" : "udp"),
        cidr: stringVal(`10.${i % 256}.${generation}.0/24`),
      }),
    );
  }
  return objectVal({
    id: phase === "config" ? nullVal(setSchema.attributes.id.type) : stringVal("res-1"),
    name: stringVal(`set-${generation}`),
    rules: setVal(rules),
  });
}

/** A provider whose only resource is `bench_thing` of the given schema; hooks return the plan with the computed values filled in. */
function providerFor(schema: Schema, strict: boolean): Provider {
  const thing = defineResource({
    typeName: "bench_thing",
    schema,
    create: (plan) => fill(plan as Record<string, unknown>) as never,
    read: (state) => state,
    update: (plan, prior) =>
      ({ ...fill(plan as Record<string, unknown>), id: (prior as { id: unknown }).id }) as never,
    delete: () => {},
  });
  return defineProvider({ metadata: { typeName: "bench" }, resources: [thing], strict });
}

/** What a create or update hook does at least: resolve every computed value (all strings here). */
function fill(plan: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...plan };
  for (const [name, v] of Object.entries(out))
    if (isUnknown(v)) out[name] = name === "id" ? "res-1" : `${name}-set`;
  return out;
}

interface RpcFixture {
  readonly schema: Schema;
  readonly prior: DynamicValue;
  readonly config: DynamicValue;
  readonly proposed: DynamicValue;
  /** The planned state the provider answers (what apply receives). */
  readonly planned: DynamicValue;
  /** What apply answers (for the floor's encode). */
  readonly newState: Value;
}

/** No private state, as Terraform sends it for a resource that never set one. */
const NO_PRIVATE = { priorPrivate: new Uint8Array(0), plannedPrivate: new Uint8Array(0) };

const call: CallContext = {
  rpc: "Bench",
  signal: new AbortController().signal,
  logger: createLogger({ level: "off", write: () => {} }),
};

async function fixture(schema: Schema, prior: Value, config: Value): Promise<RpcFixture> {
  const type = schema.type;
  const dv = (v: Value): DynamicValue => ({ msgpack: toMsgpack(v, type) });
  const proposed = proposedNew(schema, prior, config);
  const p = providerFor(schema, false);
  const plan = await p.planResourceChange!(
    {
      typeName: "bench_thing",
      priorState: dv(prior),
      proposedNewState: dv(proposed),
      config: dv(config),
      ...NO_PRIVATE,
    },
    call,
  );
  if (plan.plannedState === undefined)
    throw new Error(`bench fixture: plan failed: ${JSON.stringify(plan.diagnostics)}`);
  const apply = await p.applyResourceChange!(
    {
      typeName: "bench_thing",
      priorState: dv(prior),
      plannedState: plan.plannedState,
      config: dv(config),
      ...NO_PRIVATE,
    },
    call,
  );
  if (apply.newState === undefined || (apply.diagnostics?.length ?? 0) > 0)
    throw new Error(`bench fixture: apply failed: ${JSON.stringify(apply.diagnostics)}`);
  return {
    schema,
    prior: dv(prior),
    config: dv(config),
    proposed: dv(proposed),
    planned: plan.plannedState,
    newState: fromMsgpack(apply.newState.msgpack!, type),
  };
}

function rpcSuite(name: string, note: string, make: () => Promise<RpcFixture>): TimedSuite {
  let f: RpcFixture | undefined;
  let lenient: Provider | undefined;
  let strict: Provider | undefined;
  const get = (): RpcFixture => {
    if (f === undefined) throw new Error(`${name}: setup did not run`);
    return f;
  };
  // The RPCs are async: each sample awaits the whole answer (what runs after the hook too).
  const timed = (op: string, fn: (x: RpcFixture) => unknown, async = true): TimedCase => ({
    name: `provider/${op}/${name}`,
    fn: () => fn(get()),
    async,
  });
  const plan = (p: () => Provider | undefined) => (x: RpcFixture) =>
    p()!.planResourceChange!(
      {
        typeName: "bench_thing",
        priorState: x.prior,
        proposedNewState: x.proposed,
        config: x.config,
        ...NO_PRIVATE,
      },
      call,
    );
  const apply = (p: () => Provider | undefined) => (x: RpcFixture) =>
    p()!.applyResourceChange!(
      {
        typeName: "bench_thing",
        priorState: x.prior,
        plannedState: x.planned,
        config: x.config,
        ...NO_PRIVATE,
      },
      call,
    );
  const type = () => get().schema.type;
  return {
    kind: "timed",
    name: `provider/${name}`,
    note,
    time: 3000,
    rounds: 5,
    warmupIterations: 5,
    setup: async () => {
      f = await make();
      lenient = providerFor(f.schema, false);
      strict = providerFor(f.schema, true);
    },
    teardown: () => {
      f = undefined;
    },
    baseline: timed("floor", (x) => [
      fromMsgpack(x.prior.msgpack!, type()),
      fromMsgpack(x.proposed.msgpack!, type()),
      fromMsgpack(x.config.msgpack!, type()),
      toMsgpack(fromMsgpack(x.planned.msgpack!, type()), type()),
    ]),
    cases: [
      timed(
        "plan",
        plan(() => lenient),
      ),
      timed(
        "plan-strict",
        plan(() => strict),
      ),
      timed(
        "apply",
        apply(() => lenient),
      ),
      timed(
        "apply-strict",
        apply(() => strict),
      ),
    ],
  };
}

/**
 * What terraform asks per resource in a plan of an unchanged configuration (refresh, then plan):
 * ReadResource of the stored state, then PlanResourceChange with the refreshed state as prior,
 * core's proposal and the configuration; the floor is decoding every value those two requests
 * carry and encoding both answers.
 */
function refreshPlanSuite(): TimedSuite {
  const itemSchema = itemResourceSchema as unknown as Schema;
  const type = itemSchema.type;
  const state = objectVal({
    id: stringVal("4f2a9c1e7b3d5a60"),
    name: stringVal("item-42"),
    size: numberVal(3),
    tags: mapVal({ env: stringVal("prod"), team: stringVal("storage") }),
    created_at: stringVal("2026-11-25T03:00:00Z"),
  });
  const config = objectVal({
    id: nullVal(stringType),
    name: stringVal("item-42"),
    size: numberVal(3),
    tags: mapVal({ env: stringVal("prod"), team: stringVal("storage") }),
    created_at: nullVal(stringType),
  });
  const dv = (v: Value): DynamicValue => ({ msgpack: toMsgpack(v, type) });
  const stored = dv(state);
  const configDv = dv(config);
  const proposedDv = dv(proposedNew(itemSchema, state, config));
  let lenient: Provider | undefined;
  let strict: Provider | undefined;
  const cycle = (p: () => Provider | undefined) => async () => {
    const provider = p()!;
    const read = await provider.readResource!(
      { typeName: "bench_thing", currentState: stored, private: NO_PRIVATE.priorPrivate },
      call,
    );
    if (read.newState === undefined) throw new Error("refresh-plan: the read answered no state");
    return provider.planResourceChange!(
      {
        typeName: "bench_thing",
        priorState: read.newState,
        proposedNewState: proposedDv,
        config: configDv,
        ...NO_PRIVATE,
      },
      call,
    );
  };
  return {
    kind: "timed",
    name: "provider/refresh-plan",
    note: "one unchanged 5-attribute resource (the Go floor's), ReadResource then a no-op PlanResourceChange; ratio = median / floor (msgpack decode of the four values the two requests carry + encode of both answers)",
    time: 3000,
    rounds: 5,
    warmupIterations: 5,
    setup: () => {
      lenient = providerFor(itemSchema, false);
      strict = providerFor(itemSchema, true);
    },
    baseline: {
      name: "provider/floor/refresh-plan",
      async: true,
      fn: () => {
        const read = fromMsgpack(stored.msgpack!, type);
        const readAnswer = toMsgpack(read, type);
        const prior = fromMsgpack(readAnswer, type);
        return [
          prior,
          fromMsgpack(proposedDv.msgpack!, type),
          toMsgpack(fromMsgpack(configDv.msgpack!, type), type),
        ];
      },
    },
    cases: [
      { name: "provider/refresh-plan/item", fn: cycle(() => lenient), async: true },
      { name: "provider/refresh-plan-strict/item", fn: cycle(() => strict), async: true },
    ],
  };
}

const wideSchema = resourceSchema({ attributes: wideAttributes() as never }) as unknown as Schema;
const FLOOR = "ratio = median / floor (msgpack decode of the request's three values + encode of the answer)";

/**
 * The provider request-path suites: wide (50 attributes) and set (1,000 elements), create and
 * update; and the per-resource cost of a plan of an unchanged configuration (refresh + plan).
 */
export const providerRpcSuites: readonly TimedSuite[] = [
  refreshPlanSuite(),
  rpcSuite("wide-create", `${WIDE_ATTRIBUTES} attributes, create; ${FLOOR}`, () =>
    fixture(wideSchema, nullVal(wideSchema.type), wideValue(wideSchema, "config", 1)),
  ),
  rpcSuite("wide-update", `${WIDE_ATTRIBUTES} attributes, update of one; ${FLOOR}`, () =>
    fixture(wideSchema, wideValue(wideSchema, "state", 0), wideValue(wideSchema, "config", 1)),
  ),
  rpcSuite("set-create", `a ${SET_ELEMENTS}-element set-nested attribute, create; ${FLOOR}`, () =>
    fixture(setSchema, nullVal(setSchema.type), setValue("config", 1)),
  ),
  rpcSuite(
    "set-update",
    `a ${SET_ELEMENTS}-element set-nested attribute, every element changed; ${FLOOR}`,
    async () => {
      const created = await fixture(setSchema, nullVal(setSchema.type), setValue("config", 0));
      return fixture(setSchema, created.newState, setValue("config", 1));
    },
  ),
];
