import { nullVal, objectVal, stringVal } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { config, setup, T } from "../test/server-fixture.js";
import { call, decode, dv, noBytes } from "../test/support.js";
import { formatDuration, parseDuration } from "./internal/timeouts.js";
import { ProviderError } from "./errors.js";

describe("modifyPlan", () => {
  it("sees typed models and may set computed values and requires-replace paths", async () => {
    const seen: unknown[] = [];
    const { plan, apply } = await setup({
      modifyPlan: (req, ctx) => {
        seen.push({ action: req.action, config: req.config?.name, prior: req.prior?.name ?? null });
        if (req.planned === null) return undefined;
        if (req.prior !== null && req.prior.name !== req.planned.name) ctx.requiresReplace(["name"]);
        return {
          ...req.planned,
          size:
            typeof req.planned.name === "string" && req.planned.name.startsWith("big") ? 8 : req.planned.size,
        };
      },
      create: (plan) => ({
        ...plan,
        id: "x",
        size: typeof plan.size === "number" ? plan.size : 1,
        password: null,
      }),
    });
    const p1 = await plan(nullVal(T), config("big-one"));
    expect(p1.diagnostics).toEqual([]);
    const planned = decode(p1.plannedState, T);
    expect(planned.getAttr("size").asNumber().toFloat64()).toBe(8);
    const created = decode((await apply(nullVal(T), planned, config("big-one"))).newState, T);
    const p2 = await plan(created, config("big-two"));
    expect(p2.requiresReplace).toEqual([[{ kind: "attribute", name: "name" }]]);
    const p3 = await plan(created, nullVal(T));
    expect(decode(p3.plannedState, T).isNull()).toBe(true);
    expect(seen).toEqual([
      { action: "create", config: "big-one", prior: null },
      { action: "update", config: "big-two", prior: "big-one" },
      { action: "delete", config: undefined, prior: "big-one" },
    ]);
  });

  it("a throwing modifyPlan is an error diagnostic naming the hook", async () => {
    const { plan } = await setup({
      modifyPlan: () => {
        throw new Error("nope");
      },
    });
    const p = await plan(nullVal(T), config("a"));
    expect(p.diagnostics![0]).toMatchObject({
      severity: "error",
      summary: "demo_server: modifyPlan failed",
      detail: "nope",
    });
  });

  it("a ProviderError with a path is attached to that attribute", async () => {
    const { plan } = await setup({
      modifyPlan: () => {
        throw new ProviderError("Name reserved", { path: ["name"], detail: "pick another" });
      },
    });
    const p = await plan(nullVal(T), config("a"));
    expect(p.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Name reserved",
        detail: "pick another",
        attribute: [{ kind: "attribute", name: "name" }],
      },
    ]);
  });
});

describe("validateConfig", () => {
  it("runs schema validation and the resource's hook on the config model", async () => {
    const { provider } = await setup({
      validateConfig: (cfg, ctx) => {
        if (cfg.name === "forbidden") ctx.diagnostics.error("Forbidden name", "choose another", ["name"]);
      },
    });
    const ok = await provider.validateResourceConfig!(
      { typeName: "demo_server", config: dv(config("fine"), T) },
      call(),
    );
    expect(ok.diagnostics).toEqual([]);
    const bad = await provider.validateResourceConfig!(
      { typeName: "demo_server", config: dv(config("forbidden"), T) },
      call(),
    );
    expect(bad.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Forbidden name",
        detail: "choose another",
        attribute: [{ kind: "attribute", name: "name" }],
      },
    ]);
  });

  it("rejects a write-only value when the client cannot handle write-only attributes", async () => {
    const { provider } = await setup();
    const r = await provider.validateResourceConfig!(
      {
        typeName: "demo_server",
        config: dv(config("a", { password: stringVal("p") }), T),
        clientCapabilities: {
          deferralAllowed: false,
          writeOnlyAttributesAllowed: false,
          storePlannedPrivate: false,
          computedBlocksAllowed: false,
        },
      },
      call(),
    );
    expect(r.diagnostics?.[0]?.severity).toBe("error");
    expect(r.diagnostics?.[0]?.attribute).toEqual([{ kind: "attribute", name: "password" }]);
  });
});

describe("private state", () => {
  it("round-trips typed JSON through plan, apply and read", async () => {
    const reads: unknown[] = [];
    const { provider, plan, apply } = await setup({
      create: (plan, ctx) => {
        ctx.setPrivate({ etag: "v1" });
        return { ...plan, id: "x", size: 1, password: null };
      },
      read: (state, ctx) => {
        reads.push(ctx.private);
        ctx.setPrivate({ etag: "v2" });
        return state;
      },
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("a"));
    expect(new TextDecoder().decode(a.private)).toBe('{"etag":"v1"}');
    const r = await provider.readResource!(
      { typeName: "demo_server", currentState: a.newState, private: a.private ?? noBytes },
      call(),
    );
    expect(reads).toEqual([{ etag: "v1" }]);
    expect(new TextDecoder().decode(r.private)).toBe('{"etag":"v2"}');
    // plan carries prior private over to planned private
    const p = await provider.planResourceChange!(
      {
        typeName: "demo_server",
        priorState: r.newState,
        proposedNewState: r.newState,
        config: dv(config("a"), T),
        priorPrivate: r.private ?? noBytes,
        plannedPrivate: noBytes,
      },
      call(),
    );
    expect(new TextDecoder().decode(p.plannedPrivate)).toBe('{"etag":"v2"}');
  });

  it("ctx.private follows setPrivate within a hook", async () => {
    const seen: unknown[] = [];
    const { plan, apply } = await setup({
      create: (plan, ctx) => {
        seen.push(ctx.private);
        ctx.setPrivate({ step: 1 });
        seen.push(ctx.private);
        return { ...plan, id: "x", size: 1, password: null };
      },
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    await apply(nullVal(T), planned, config("a"));
    expect(seen).toEqual([undefined, { step: 1 }]);
  });

  it("private bytes that are not JSON are an error diagnostic", async () => {
    const { provider, plan, apply } = await setup();
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("a"));
    const r = await provider.readResource!(
      { typeName: "demo_server", currentState: a.newState, private: new Uint8Array([0xff, 0x00]) },
      call(),
    );
    expect(r.diagnostics?.[0]?.severity).toBe("error");
  });
});

describe("timeouts", () => {
  it("parses durations", () => {
    expect(parseDuration(250)).toBe(250);
    expect(parseDuration("45s")).toBe(45_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("500ms")).toBe(500);
    expect(() => parseDuration("soon")).toThrow(/invalid duration/);
    expect(() => parseDuration(-1)).toThrow(/invalid duration/);
    expect(formatDuration(600_000)).toBe("10m");
  });

  it("aborts the signal; a hook that stops keeps its partial state and the error names the timeout", async () => {
    let reason: unknown;
    const { cloud, plan, apply } = await setup({
      timeouts: { create: 30 },
      create: async (plan, ctx) => {
        const id = ctx.client.create({ name: plan.name, size: 1, zone: null, password: null });
        ctx.setPartialState({ id });
        await new Promise((_resolve, reject) => {
          ctx.signal.addEventListener("abort", () => {
            reason = ctx.signal.reason;
            reject(ctx.signal.reason);
          });
        });
        return { ...plan, id, size: 1, password: null };
      },
    });
    const planned = decode((await plan(nullVal(T), config("slow"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("slow"));
    expect((reason as Error).name).toBe("TimeoutError");
    expect(a.diagnostics).toEqual([
      {
        severity: "error",
        summary: "create timed out",
        detail:
          "The create hook of demo_server did not finish within its timeout of 30ms. Its signal was aborted.",
      },
    ]);
    expect(decode(a.newState, T).getAttr("id").asString()).toBe("srv-1");
    expect(cloud.servers.size).toBe(1);
  });

  it("a hook that ignores its signal is abandoned after the grace period", async () => {
    const { apply, plan } = await setup({
      timeouts: { create: "0s" },
      create: () => new Promise(() => {}),
    });
    const planned = decode((await plan(nullVal(T), config("stuck"))).plannedState, T);
    const started = Date.now();
    const a = await apply(nullVal(T), planned, config("stuck"));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(a.diagnostics?.[0]?.summary).toBe("create timed out");
    expect(decode(a.newState, T).isNull()).toBe(true);
  });

  it("StopProvider (the call's signal) reaches the hook", async () => {
    const { provider, plan } = await setup({
      create: (_plan, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason));
        }),
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const c = call();
    const pending = provider.applyResourceChange!(
      {
        typeName: "demo_server",
        priorState: dv(nullVal(T), T),
        plannedState: dv(planned, T),
        config: dv(config("a"), T),
        plannedPrivate: noBytes,
      },
      c,
    );
    c.controller.abort(new DOMException("stopped", "AbortError"));
    const a = await pending;
    expect(a.diagnostics?.[0]?.summary).toBe("demo_server: create was cancelled");
  });
});

describe("plan-time validation", () => {
  it("does not validate again when planning: core validates right before every plan", async () => {
    let validations = 0;
    const { provider } = await setup({
      validateConfig: () => {
        validations++;
      },
    });
    const good = objectVal({
      id: nullVal(T.attributeTypes.id!),
      name: stringVal("a"),
      size: nullVal(T.attributeTypes.size!),
      zone: nullVal(T.attributeTypes.zone!),
      password: nullVal(T.attributeTypes.password!),
    });
    const p = await provider.planResourceChange!(
      {
        typeName: "demo_server",
        priorState: dv(nullVal(T), T),
        proposedNewState: dv(good, T),
        config: dv(good, T),
        priorPrivate: noBytes,
        plannedPrivate: noBytes,
      },
      call(),
    );
    expect(p.diagnostics ?? []).toEqual([]);
    expect(validations).toBe(0);
  });
});

describe("deferred actions", () => {
  const caps = (deferralAllowed: boolean) => ({
    deferralAllowed,
    writeOnlyAttributesAllowed: true,
    storePlannedPrivate: false,
    computedBlocksAllowed: false,
  });

  it("modifyPlan and read may defer when Terraform allows it", async () => {
    const { provider } = await setup({
      modifyPlan: (_req, ctx) => {
        if (ctx.deferralAllowed) ctx.defer("providerConfigUnknown");
      },
      read: (state, ctx) => {
        ctx.defer("absentPrereq");
        return state;
      },
    });
    const cfg = config("a");
    const p = await provider.planResourceChange!(
      {
        typeName: "demo_server",
        priorState: dv(nullVal(T), T),
        proposedNewState: dv(cfg, T),
        config: dv(cfg, T),
        priorPrivate: noBytes,
        plannedPrivate: noBytes,
        clientCapabilities: caps(true),
      },
      call(),
    );
    expect(p.deferred).toEqual({ reason: "providerConfigUnknown" });
    const state = objectVal({
      id: stringVal("x"),
      name: stringVal("a"),
      size: (await import("@tfkit/cty-values")).numberVal(1),
      zone: nullVal(T.attributeTypes.zone!),
      password: nullVal(T.attributeTypes.password!),
    });
    const r = await provider.readResource!(
      {
        typeName: "demo_server",
        currentState: dv(state, T),
        private: noBytes,
        clientCapabilities: caps(true),
      },
      call(),
    );
    expect(r.deferred).toEqual({ reason: "absentPrereq" });
    expect(decode(r.newState, T).getAttr("id").asString()).toBe("x");
    // Without the capability, deferring is an error, never an "unexpected provider deferral".
    const r2 = await provider.readResource!(
      {
        typeName: "demo_server",
        currentState: dv(state, T),
        private: noBytes,
        clientCapabilities: caps(false),
      },
      call(),
    );
    expect(r2.deferred).toBeUndefined();
    expect(r2.diagnostics?.[0]?.summary).toBe("Deferral not allowed");
  });
});
