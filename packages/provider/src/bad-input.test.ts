// No input reaches Terraform as "Unexpected error": each request the fuzzer found, as one RPC.
import { nullVal, objectVal, stringVal, toMsgpack, unknownVal } from "@tfkit/cty-values";
import type { Diagnostic as WireDiagnostic } from "@tfkit/grpc-transport";
import { attr, dataSourceSchema, providerSchema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { config, setup, T } from "../test/server-fixture.js";
import { call, decode, dv, noBytes } from "../test/support.js";
import { defineDataSource } from "./data-source.js";
import { ProviderError } from "./errors.js";
import { defineProvider } from "./provider.js";

/** What a user must never see: the words of an internal error, or a JavaScript stack. */
function expectNoInternalError(diagnostics: readonly WireDiagnostic[] | undefined): void {
  for (const d of diagnostics ?? []) {
    expect(d.summary).not.toMatch(/^Unexpected error/);
    expect(`${d.summary}\n${d.detail}`).not.toMatch(/\n\s+at /);
  }
}

const bytes = (s: string) => new TextEncoder().encode(s);

describe("1. private state that is not JSON or not UTF-8", () => {
  for (const [what, priv] of [
    ["not JSON", bytes("{")],
    ["not UTF-8", new Uint8Array([0xff])],
    ["not JSON either", bytes("[[[")],
  ] as const) {
    it(`PlanResourceChange, ApplyResourceChange and ReadResource: ${what}`, async () => {
      const { provider, plan } = await setup();
      const created = decode((await plan(nullVal(T), config("a"))).plannedState, T);
      const p = await provider.planResourceChange!(
        {
          typeName: "demo_server",
          priorState: dv(nullVal(T), T),
          proposedNewState: dv(config("a"), T),
          config: dv(config("a"), T),
          priorPrivate: priv,
          plannedPrivate: noBytes,
        },
        call(),
      );
      const a = await provider.applyResourceChange!(
        {
          typeName: "demo_server",
          priorState: dv(nullVal(T), T),
          plannedState: dv(created, T),
          config: dv(config("a"), T),
          plannedPrivate: priv,
        },
        call(),
      );
      const r = await provider.readResource!(
        { typeName: "demo_server", currentState: dv(config("a"), T), private: priv },
        call(),
      );
      for (const answer of [p, a, r]) {
        expectNoInternalError(answer.diagnostics);
        expect(answer.diagnostics?.[0]?.summary).toBe("Invalid private state from Terraform");
        expect(answer.diagnostics?.[0]?.detail).toContain("demo_server");
      }
    });
  }
});

describe("2. ReadDataSource with a value on a computed-only attribute", () => {
  const ds = defineDataSource({
    typeName: "demo_thing",
    schema: dataSourceSchema({
      attributes: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
    }),
    read: (c) => ({ ...c, id: "x" }),
  });
  const provider = defineProvider({ metadata: { typeName: "demo" }, dataSources: [ds] });
  const type = ds.schema.type;
  it("is a diagnostic on the attribute, the hook never runs", async () => {
    const r = await provider.readDataSource!(
      { typeName: "demo_thing", config: dv(objectVal({ name: stringVal("n"), id: stringVal("set") }), type) },
      call(),
    );
    expectNoInternalError(r.diagnostics);
    expect(r.diagnostics?.[0]).toMatchObject({
      summary: "Invalid configuration from Terraform",
      attribute: [{ kind: "attribute", name: "id" }],
    });
    expect(r.state).toBeUndefined();
  });
  it("a null or wholly unknown configuration is a diagnostic too", async () => {
    for (const v of [nullVal(type), unknownVal(type)]) {
      const r = await provider.readDataSource!({ typeName: "demo_thing", config: dv(v, type) }, call());
      expectNoInternalError(r.diagnostics);
      expect(r.diagnostics?.[0]?.summary).toBe("Invalid configuration from Terraform");
    }
  });
});

describe("3. ConfigureProvider with a wholly unknown configuration, or an empty object", () => {
  const pSchema = providerSchema({ attributes: { endpoint: attr.string({ optional: true }) } });
  let seen: unknown[] = [];
  const make = () =>
    defineProvider({
      metadata: { typeName: "demo" },
      schema: pSchema,
      configure: (c, ctx) => {
        seen.push({ endpoint: c.endpoint, unknown: ctx.hasUnknownValues });
        return "client";
      },
    });
  it("a wholly unknown configuration reaches configure as every attribute unknown", async () => {
    seen = [];
    const provider = make();
    const r = await provider.configureProvider!(
      { terraformVersion: "1.11.4", config: dv(unknownVal(pSchema.type), pSchema.type) },
      call(),
    );
    expectNoInternalError(r.diagnostics);
    expect(r.diagnostics ?? []).toEqual([]);
    expect(seen).toHaveLength(1);
    expect((seen[0] as { unknown: boolean }).unknown).toBe(true);
  });
  it("an empty object for a schema with attributes is refused the same way by validate and configure", async () => {
    seen = [];
    const provider = make();
    const empty = { msgpack: new Uint8Array([0x80]) };
    const v = await provider.validateProviderConfig!({ config: empty }, call());
    const c = await provider.configureProvider!({ terraformVersion: "1.11.4", config: empty }, call());
    for (const r of [v, c]) {
      expectNoInternalError(r.diagnostics);
      expect(r.diagnostics?.[0]?.summary).toBe("Invalid provider configuration from Terraform");
      expect(r.diagnostics?.[0]?.detail).toContain("attribute");
    }
    expect(seen).toEqual([]);
  });
});

describe("4. PlanResourceChange with a wholly unknown configuration or proposed state", () => {
  it("is a diagnostic naming the value, the pipeline never runs", async () => {
    const { provider } = await setup();
    for (const [which, req] of [
      ["configuration", { config: dv(unknownVal(T), T), proposedNewState: dv(config("a"), T) }],
      ["proposed new state", { config: dv(config("a"), T), proposedNewState: dv(unknownVal(T), T) }],
    ] as const) {
      const p = await provider.planResourceChange!(
        {
          typeName: "demo_server",
          priorState: dv(nullVal(T), T),
          priorPrivate: noBytes,
          plannedPrivate: noBytes,
          ...req,
        },
        call(),
      );
      expectNoInternalError(p.diagnostics);
      expect(p.diagnostics?.[0]?.summary).toBe(`Invalid ${which} from Terraform`);
      expect(p.plannedState).toBeUndefined();
    }
  });
  it("a value of another type (the empty object) is refused at decode, with the expected attributes named", async () => {
    const { provider } = await setup();
    const p = await provider.planResourceChange!(
      {
        typeName: "demo_server",
        priorState: dv(nullVal(T), T),
        proposedNewState: { msgpack: toMsgpack(objectVal({}), objectVal({}).type) },
        config: dv(config("a"), T),
        priorPrivate: noBytes,
        plannedPrivate: noBytes,
      },
      call(),
    );
    expectNoInternalError(p.diagnostics);
    expect(p.diagnostics?.[0]?.summary).toBe("Invalid proposed new state from Terraform");
    expect(p.diagnostics?.[0]?.detail).toContain('missing required attribute "id"');
  });
});

describe("5. a hook that throws", () => {
  it("is a diagnostic saying what failed, the message as detail, the stack only in the debug log", async () => {
    const { provider, plan } = await setup({
      create: () => {
        throw new RangeError("Invalid network prefix 33");
      },
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const c = call("ApplyResourceChange");
    const a = await provider.applyResourceChange!(
      {
        typeName: "demo_server",
        priorState: dv(nullVal(T), T),
        plannedState: dv(planned, T),
        config: dv(config("a"), T),
        plannedPrivate: noBytes,
      },
      c,
    );
    expectNoInternalError(a.diagnostics);
    expect(a.diagnostics?.[0]).toMatchObject({
      severity: "error",
      summary: "demo_server: create failed",
      detail: "RangeError: Invalid network prefix 33",
    });
    const logged = c.lines.find((l) => l["@message"] === "create hook threw");
    expect(logged?.["@level"]).toBe("debug");
    expect(String(logged?.stack)).toMatch(/RangeError: Invalid network prefix 33\n\s+at /);
  });
  it("a ProviderError keeps its summary, detail and path", async () => {
    const { plan, apply } = await setup({
      create: () => {
        throw new ProviderError("Name taken", { detail: "Choose another.", path: ["name"] });
      },
    });
    const planned = decode((await plan(nullVal(T), config("a"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("a"));
    expect(a.diagnostics?.[0]).toMatchObject({
      summary: "Name taken",
      detail: "Choose another.",
      attribute: [{ kind: "attribute", name: "name" }],
    });
  });
});

describe("ApplyResourceChange decodes the configuration only when a hook reads it", () => {
  const garbage = { msgpack: new Uint8Array([0xc1]) };
  it("a hook reading ctx.config fails with the decode diagnostic; one that does not, succeeds", async () => {
    const reading = await setup({
      create: (plan, ctx) => ({ ...plan, id: ctx.config.name, size: 1, password: null }),
    });
    const planned = decode((await reading.plan(nullVal(T), config("a"))).plannedState, T);
    const req = {
      typeName: "demo_server",
      priorState: dv(nullVal(T), T),
      plannedState: dv(planned, T),
      config: garbage,
      plannedPrivate: noBytes,
    };
    const failed = await reading.provider.applyResourceChange!(req, call());
    expectNoInternalError(failed.diagnostics);
    expect(failed.diagnostics?.[0]?.summary).toBe("Invalid configuration from Terraform");
    const plain = await setup({ create: (plan) => ({ ...plan, id: "srv-1", size: 1, password: null }) });
    const ok = await plain.provider.applyResourceChange!(req, call());
    expect(ok.diagnostics ?? []).toEqual([]);
    expect(decode(ok.newState, T).getAttr("name").asString()).toBe("a");
  });
});
