// The `timeouts` block (@tfkit/schema's timeoutsBlock) reaching the hooks' signals.
import { nullVal, objectVal, stringVal, type Value } from "@tfkit/cty-values";
import { proposedNew } from "@tfkit/plan-engine";
import { attr, dataSourceSchema, resourceSchema, timeoutsBlock } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { call, decode, dv, noBytes } from "../test/support.js";
import type { ResourceDefinition } from "./resource.js";
import { defineDataSource } from "./data-source.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";

const schema = resourceSchema({
  attributes: { id: attr.string({ computed: true }), name: attr.string({ required: true }) },
  blocks: { timeouts: timeoutsBlock({ create: true, read: true, update: true, delete: true }) },
});
const T = schema.type;
const TT = schema.blocks.timeouts.type;
const S = stringVal("").type;

function config(name: string, timeouts: Record<string, string> | null): Value {
  const ops = ["create", "read", "update", "delete"];
  return objectVal({
    id: nullVal(S),
    name: stringVal(name),
    timeouts:
      timeouts === null
        ? nullVal(TT)
        : objectVal(
            Object.fromEntries(
              ops.map((op) => [op, op in timeouts ? stringVal(timeouts[op] as string) : nullVal(S)]),
            ),
          ),
  });
}

/** Waits `ms` unless the signal aborts first (then rejects with its reason), as a well-behaved hook does. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

const slow = { create: 0, read: 0, update: 0, delete: 0 };
const objects = new Set<string>();

async function setup(defaults?: ResourceDefinition<typeof schema>["timeouts"]) {
  const resource = defineResource({
    typeName: "slow_thing",
    schema,
    ...(defaults === undefined ? {} : { timeouts: defaults }),
    create: async (plan, ctx) => {
      const id = `t-${plan.name}`;
      objects.add(id);
      ctx.setPartialState({ id });
      await sleep(slow.create, ctx.signal);
      return { ...plan, id };
    },
    read: async (state, ctx) => {
      await sleep(slow.read, ctx.signal);
      return state;
    },
    update: async (plan, prior, ctx) => {
      await sleep(slow.update, ctx.signal);
      return { ...plan, id: prior.id };
    },
    delete: async (prior, ctx) => {
      await sleep(slow.delete, ctx.signal);
      if (prior.id !== null) objects.delete(prior.id);
    },
  });
  const provider = defineProvider({
    metadata: { typeName: "slow" },
    resources: [resource],
    strict: true,
    timeoutGraceMs: 50,
  });
  const plan = async (prior: Value, cfg: Value) => {
    const p = await provider.planResourceChange!(
      {
        typeName: "slow_thing",
        priorState: dv(prior, T),
        proposedNewState: dv(cfg.isNull() ? nullVal(T) : proposedNew(schema, prior, cfg), T),
        config: dv(cfg, T),
        priorPrivate: noBytes,
        plannedPrivate: noBytes,
      },
      call("PlanResourceChange"),
    );
    expect(p.diagnostics).toEqual([]);
    return decode(p.plannedState, T);
  };
  const apply = async (prior: Value, cfg: Value) => {
    const planned = await plan(prior, cfg);
    const started = Date.now();
    const a = await provider.applyResourceChange!(
      {
        typeName: "slow_thing",
        priorState: dv(prior, T),
        plannedState: dv(planned, T),
        config: dv(cfg, T),
        plannedPrivate: noBytes,
      },
      call("ApplyResourceChange"),
    );
    return { state: decode(a.newState, T), diagnostics: a.diagnostics ?? [], ms: Date.now() - started };
  };
  const read = async (current: Value) => {
    const r = await provider.readResource!(
      { typeName: "slow_thing", currentState: dv(current, T), private: noBytes },
      call("ReadResource"),
    );
    return { state: decode(r.newState, T), diagnostics: r.diagnostics ?? [] };
  };
  const validate = (cfg: Value) =>
    provider.validateResourceConfig!(
      { typeName: "slow_thing", config: dv(cfg, T) },
      call("ValidateResourceConfig"),
    );
  return { apply, read, validate };
}

const summaries = (ds: readonly { severity: string; summary: string; detail?: string | undefined }[]) =>
  ds.map((d) => `${d.severity}: ${d.summary}: ${d.detail ?? ""}`);

describe("timeouts block", () => {
  it("a configured create timeout aborts the hook's signal; the partial state is kept with the error", async () => {
    objects.clear();
    Object.assign(slow, { create: 5000, read: 0, update: 0, delete: 0 });
    const { apply } = await setup({ create: "1h" });
    const a = await apply(nullVal(T), config("a", { create: "100ms" }));
    expect(summaries(a.diagnostics)).toEqual([
      "error: create timed out: The create hook of slow_thing did not finish within its timeout of 100ms. Its signal was aborted.",
    ]);
    expect(a.ms).toBeLessThan(2000);
    expect(a.state.getAttr("id").asString()).toBe("t-a"); // Terraform records it, tainted
    expect(a.state.getAttr("timeouts").getAttr("create").asString()).toBe("100ms");
    expect(objects.has("t-a")).toBe(true);
  });

  it("without a configured value the resource's default applies, then no limit", async () => {
    Object.assign(slow, { create: 150, read: 0, update: 0, delete: 0 });
    const limited = await setup({ create: "50ms" });
    const a = await limited.apply(nullVal(T), config("b", null));
    expect(summaries(a.diagnostics)).toEqual([
      "error: create timed out: The create hook of slow_thing did not finish within its timeout of 50ms. Its signal was aborted.",
    ]);
    // The configured value wins over the default.
    const b = await limited.apply(nullVal(T), config("c", { create: "2s" }));
    expect(b.diagnostics).toEqual([]);
    expect(b.state.getAttr("id").asString()).toBe("t-c");
    const unlimited = await setup();
    expect((await unlimited.apply(nullVal(T), config("d", { update: "1ms" }))).diagnostics).toEqual([]);
  });

  it("read and delete take their timeout from the state, update from the plan", async () => {
    Object.assign(slow, { create: 0, read: 0, update: 0, delete: 0 });
    const { apply, read } = await setup();
    const created = (await apply(nullVal(T), config("e", { read: "20ms", update: "20ms", delete: "20ms" })))
      .state;
    Object.assign(slow, { read: 300, update: 300, delete: 300 });
    const r = await read(created);
    expect(summaries(r.diagnostics)).toEqual([
      "error: read timed out: The read hook of slow_thing did not finish within its timeout of 20ms. Its signal was aborted.",
    ]);
    expect(r.state.getAttr("id").asString()).toBe("t-e");
    // The update's plan says 1s: the hook finishes.
    const u = await apply(created, config("e2", { read: "20ms", update: "1s", delete: "20ms" }));
    expect(u.diagnostics).toEqual([]);
    const d = await apply(u.state, nullVal(T));
    expect(summaries(d.diagnostics)).toEqual([
      "error: delete timed out: The delete hook of slow_thing did not finish within its timeout of 20ms. Its signal was aborted.",
    ]);
    expect(d.state.isNull()).toBe(false); // a failed delete keeps the object in state
  });

  it("a bad duration is refused at validate time with the attribute path", async () => {
    const { validate } = await setup();
    const v = await validate(config("f", { create: "10 minutes" }));
    expect(v.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Invalid Attribute Value Time Duration",
        detail: expect.stringMatching(
          /^"10 minutes" must be a string containing a sequence of decimal numbers/,
        ),
        attribute: [
          { kind: "attribute", name: "timeouts" },
          { kind: "attribute", name: "create" },
        ],
      },
    ]);
  });

  it("a state holding an unparsable value warns and falls back to the default", async () => {
    Object.assign(slow, { create: 0, read: 0, update: 0, delete: 0 });
    const { read } = await setup({ read: "1m" });
    const state = objectVal({
      id: stringVal("t-g"),
      name: stringVal("g"),
      timeouts: objectVal({
        create: nullVal(S),
        read: stringVal("soon"),
        update: nullVal(S),
        delete: nullVal(S),
      }),
    });
    const r = await read(state);
    expect(summaries(r.diagnostics)).toEqual([
      'warning: Timeout Cannot Be Parsed: timeout for "read" cannot be parsed, time: invalid duration "soon"',
    ]);
    expect(r.state.getAttr("id").asString()).toBe("t-g");
  });
});

describe("timeouts block on a data source (the Go module's datasource/timeouts: read only)", () => {
  const dsSchema = dataSourceSchema({
    attributes: { name: attr.string({ required: true }), found: attr.string({ computed: true }) },
    blocks: { timeouts: timeoutsBlock({ read: true }) },
  });
  const DT = dsSchema.type;
  const dsConfig = (read: string | null): Value =>
    objectVal({
      name: stringVal("x"),
      found: nullVal(S),
      timeouts: read === null ? nullVal(dsSchema.blocks.timeouts.type) : objectVal({ read: stringVal(read) }),
    });
  let reason: unknown;
  const provider = defineProvider({
    metadata: { typeName: "slow" },
    dataSources: [
      defineDataSource({
        typeName: "slow_lookup",
        schema: dsSchema,
        timeouts: { read: "10s" },
        read: async (config, ctx) => {
          try {
            await sleep(300, ctx.signal);
          } catch (e) {
            reason = ctx.signal.reason;
            throw e;
          }
          return { ...config, found: "yes" };
        },
      }),
    ],
    timeoutGraceMs: 50,
  });
  const read = (cfg: Value) =>
    provider.readDataSource!({ typeName: "slow_lookup", config: dv(cfg, DT) }, call("ReadDataSource"));

  it("a configured read timeout aborts the read's signal", async () => {
    const r = await read(dsConfig("20ms"));
    expect(summaries(r.diagnostics ?? [])).toEqual([
      "error: read timed out: The read hook of slow_lookup did not finish within its timeout of 20ms. Its signal was aborted.",
    ]);
    expect((reason as Error).name).toBe("TimeoutError");
  });

  it("without one, the definition's default applies", async () => {
    const r = await read(dsConfig(null));
    expect(r.diagnostics ?? []).toEqual([]);
    expect(decode(r.state, DT).getAttr("found").asString()).toBe("yes");
  });
});
