import { nullVal, numberVal, objectVal, stringVal, unknownVal } from "@tfkit/cty-values";
import type { State } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { FakeCloud, type S, T, config, serverResource, setup } from "../test/server-fixture.js";
import { call, decode, dv, noBytes } from "../test/support.js";
import { ProviderError } from "./errors.js";
import { defineProvider } from "./provider.js";

describe("resource lifecycle", () => {
  it("plans a create with defaults and unknown computed values, applies it, re-plans as no-op", async () => {
    const { cloud, plan, apply } = await setup();
    const cfg = config("web", { password: stringVal("hunter2") });
    const p = await plan(nullVal(T), cfg);
    expect(p.diagnostics).toEqual([]);
    const planned = decode(p.plannedState, T);
    expect(planned.getAttr("id").isKnown()).toBe(false);
    expect(planned.getAttr("size").asNumber().toFloat64()).toBe(1);
    expect(planned.getAttr("password").isNull()).toBe(true); // write-only never planned

    const a = await apply(nullVal(T), planned, cfg);
    expect(a.diagnostics).toEqual([]);
    const state = decode(a.newState, T);
    expect(state.getAttr("id").asString()).toBe("srv-1");
    expect(state.getAttr("password").isNull()).toBe(true);
    // create got the write-only value from config, and nothing else from config
    expect(cloud.servers.get("srv-1")?.password).toBe("hunter2");

    const again = await plan(state, cfg);
    expect(again.diagnostics).toEqual([]);
    expect(decode(again.plannedState, T).getAttr("id").asString()).toBe("srv-1");
  });

  it("updates exactly the plan and keeps the id (UseStateForUnknown)", async () => {
    const { cloud, plan, apply } = await setup();
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), config("a"))).plannedState, T), config("a")))
        .newState,
      T,
    );
    const cfg = config("b", { size: numberVal(4) });
    const p = await plan(created, cfg);
    const planned = decode(p.plannedState, T);
    expect(planned.getAttr("id").asString()).toBe("srv-1");
    const a = await apply(created, planned, cfg);
    expect(a.diagnostics).toEqual([]);
    expect(decode(a.newState, T).getAttr("size").asNumber().toFloat64()).toBe(4);
    expect(cloud.servers.get("srv-1")).toMatchObject({ name: "b", size: 4 });
  });

  it("reports requires-replace paths from attribute plan modifiers", async () => {
    const { plan, apply } = await setup();
    const cfg = config("a", { zone: stringVal("eu") });
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), cfg)).plannedState, T), cfg)).newState,
      T,
    );
    const p = await plan(created, config("a", { zone: stringVal("us") }));
    expect(p.requiresReplace).toEqual([[{ kind: "attribute", name: "zone" }]]);
  });

  it("plans destroy as null and deletes", async () => {
    const { cloud, plan, apply } = await setup();
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), config("a"))).plannedState, T), config("a")))
        .newState,
      T,
    );
    const p = await plan(created, nullVal(T));
    expect(decode(p.plannedState, T).isNull()).toBe(true);
    const a = await apply(created, nullVal(T), nullVal(T));
    expect(a.diagnostics).toEqual([]);
    expect(decode(a.newState, T).isNull()).toBe(true);
    expect(cloud.servers.size).toBe(0);
  });

  it("read returning null removes the resource; read refreshes drift", async () => {
    const { cloud, provider, plan, apply } = await setup();
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), config("a"))).plannedState, T), config("a")))
        .newState,
      T,
    );
    cloud.servers.get("srv-1")!.name = "drifted";
    const r1 = await provider.readResource!(
      { typeName: "demo_server", currentState: dv(created, T), private: noBytes },
      call(),
    );
    expect(decode(r1.newState, T).getAttr("name").asString()).toBe("drifted");
    cloud.servers.clear();
    const r2 = await provider.readResource!(
      { typeName: "demo_server", currentState: dv(created, T), private: noBytes },
      call(),
    );
    expect(r2.diagnostics).toEqual([]);
    expect(decode(r2.newState, T).isNull()).toBe(true);
  });

  it("imports with the id pass-through helper", async () => {
    const { provider } = await setup();
    const r = await provider.importResourceState!({ typeName: "demo_server", id: "srv-9" }, call());
    expect(r.diagnostics).toEqual([]);
    expect(r.importedResources).toHaveLength(1);
    const s = decode(r.importedResources![0]!.state, T);
    expect(s.getAttr("id").asString()).toBe("srv-9");
    expect(s.getAttr("name").isNull()).toBe(true);
  });

  it("imports with a custom handler", async () => {
    const { provider } = await setup({ importState: (id) => ({ id: id.toUpperCase(), name: "imported" }) });
    const r = await provider.importResourceState!({ typeName: "demo_server", id: "srv-9" }, call());
    const s = decode(r.importedResources![0]!.state, T);
    expect(s.getAttr("id").asString()).toBe("SRV-9");
    expect(s.getAttr("name").asString()).toBe("imported");
  });
});

describe("Resource Lifecycle: partial state after a failed create", () => {
  it("returns the partial state with the error so Terraform records it (tainted)", async () => {
    const { cloud, plan, apply } = await setup({
      create: (plan, ctx) => {
        const id = ctx.client.create({ name: plan.name, size: 1, zone: null, password: null });
        ctx.setPartialState({ id });
        throw new ProviderError("Server did not become ready", { detail: "timed out waiting for boot" });
      },
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("a"));
    expect(a.diagnostics).toEqual([
      { severity: "error", summary: "Server did not become ready", detail: "timed out waiting for boot" },
    ]);
    const partial = decode(a.newState, T);
    expect(partial.getAttr("id").asString()).toBe("srv-1");
    expect(partial.getAttr("name").asString()).toBe("a"); // from the plan
    expect(partial.getAttr("size").asNumber().toFloat64()).toBe(1); // planned default kept
    expect(partial.isWhollyKnown()).toBe(true);
    expect(cloud.servers.has("srv-1")).toBe(true);
  });

  it("a create that fails before anything exists returns a null state", async () => {
    const { plan, apply } = await setup({
      create: () => {
        throw new Error("quota exceeded");
      },
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("a"));
    expect(decode(a.newState, T).isNull()).toBe(true);
    expect(a.diagnostics?.[0]).toMatchObject({
      severity: "error",
      summary: "demo_server: create failed",
      detail: "quota exceeded",
    });
  });

  it("a failed update keeps the prior state", async () => {
    const { plan, apply } = await setup();
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), config("a"))).plannedState, T), config("a")))
        .newState,
      T,
    );
    const failing = await setup({
      update: () => {
        throw new Error("boom");
      },
    });
    const planned = decode((await failing.plan(created, config("b"))).plannedState, T);
    const a = await failing.apply(created, planned, config("b"));
    expect(a.diagnostics?.[0]?.severity).toBe("error");
    expect(decode(a.newState, T).getAttr("name").asString()).toBe("a");
  });

  it("a failed delete keeps the object in state", async () => {
    const { plan, apply } = await setup({
      delete: () => {
        throw new ProviderError("still attached");
      },
    });
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), config("a"))).plannedState, T), config("a")))
        .newState,
      T,
    );
    const a = await apply(created, nullVal(T), nullVal(T));
    expect(a.diagnostics?.[0]?.summary).toBe("still attached");
    expect(decode(a.newState, T).getAttr("id").asString()).toBe("srv-1");
  });
});

describe("bad handler output becomes a diagnostic with a path", () => {
  it("a computed value left unknown after apply", async () => {
    const { plan, apply } = await setup({
      create: (plan) => plan as unknown as State<S>,
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("a"));
    expect(a.diagnostics).toHaveLength(1);
    expect(a.diagnostics![0]).toMatchObject({
      severity: "error",
      summary: "Invalid state from create",
      attribute: [{ kind: "attribute", name: "id" }],
    });
    expect(a.diagnostics![0]!.detail).toContain("unknown");
  });

  it("a create result of the wrong shape keeps what fits, the rest null, with an error on the path", async () => {
    const { plan, apply } = await setup({
      create: (plan) => ({ ...plan, id: 42 }) as unknown as State<S>,
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("a"));
    expect(a.diagnostics![0]).toMatchObject({
      summary: "Invalid state from create",
      attribute: [{ kind: "attribute", name: "id" }],
    });
    // The remote object exists: what can be stored is recorded (core taints it), never orphaned.
    const stored = decode(a.newState, T);
    expect(stored.isNull()).toBe(false);
    expect(stored.getAttr("id").isNull()).toBe(true);
    expect(stored.getAttr("name").asString()).toBe("a");
    expect(stored.isWhollyKnown()).toBe(true);
  });

  it("a create returning nothing", async () => {
    const { plan, apply } = await setup({ create: () => undefined as unknown as State<S> });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("a"));
    expect(a.diagnostics![0]!.summary).toBe("Missing resource state after create");
  });

  it("a read returning the wrong shape keeps the current state and names the path", async () => {
    const { provider, plan, apply } = await setup({
      read: (state) => ({ ...state, size: "big" }) as unknown as State<S>,
    });
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), config("a"))).plannedState, T), config("a")))
        .newState,
      T,
    );
    const r = await provider.readResource!(
      { typeName: "demo_server", currentState: dv(created, T), private: noBytes },
      call(),
    );
    expect(r.diagnostics![0]).toMatchObject({
      summary: "Invalid state from read",
      attribute: [{ kind: "attribute", name: "size" }],
    });
    expect(decode(r.newState, T).getAttr("id").asString()).toBe("srv-1");
  });

  it("an importState returning an attribute the schema does not have", async () => {
    const { provider } = await setup({ importState: (id) => ({ id, colour: "red" }) as never });
    const r = await provider.importResourceState!({ typeName: "demo_server", id: "x" }, call());
    // Unknown model keys are ignored; only schema attributes are read from the model.
    expect(r.diagnostics).toEqual([]);
    const bad = await setup({ importState: () => ({ size: "big" }) as never });
    const r2 = await bad.provider.importResourceState!({ typeName: "demo_server", id: "x" }, call());
    expect(r2.diagnostics![0]).toMatchObject({
      summary: "Invalid state from importState",
      attribute: [{ kind: "attribute", name: "size" }],
    });
  });

  it("undecodable msgpack from Terraform", async () => {
    const { provider } = await setup();
    const r = await provider.readResource!(
      {
        typeName: "demo_server",
        currentState: { msgpack: new Uint8Array([0x81, 0xa1, 0x78, 0x01]) },
        private: noBytes,
      },
      call(),
    );
    expect(r.diagnostics![0]!.summary).toBe("Invalid current state from Terraform");
    expect(r.diagnostics![0]!.detail).toContain("demo_server");
  });

  it("an unknown resource type", async () => {
    const { provider } = await setup();
    const r = await provider.readResource!({ typeName: "demo_nope", private: noBytes }, call());
    expect(r.diagnostics![0]!.summary).toBe("Unknown resource type");
  });

  it("reading the client on an unconfigured provider", async () => {
    const provider = defineProvider({
      metadata: { typeName: "demo" },
      configure: () => new FakeCloud(),
      resources: [serverResource()],
    });
    const state = objectVal({
      id: stringVal("srv-1"),
      name: stringVal("a"),
      size: numberVal(1),
      zone: nullVal(T.attributeTypes.zone!),
      password: nullVal(T.attributeTypes.password!),
    });
    const r = await provider.readResource!(
      { typeName: "demo_server", currentState: dv(state, T), private: noBytes },
      call(),
    );
    expect(r.diagnostics![0]!.summary).toBe("Provider not configured");
    expect(decode(r.newState, T).getAttr("id").asString()).toBe("srv-1");
  });
});

describe("unknown config", () => {
  it("plans with an unknown configured value", async () => {
    const { plan } = await setup();
    const cfg = config("a", { zone: unknownVal(T.attributeTypes.zone!) });
    const p = await plan(nullVal(T), cfg);
    expect(p.diagnostics).toEqual([]);
    expect(decode(p.plannedState, T).getAttr("zone").isKnown()).toBe(false);
  });
});
