import { nullVal, stringVal } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { config, setup, T } from "../test/server-fixture.js";
import { decode } from "../test/support.js";
import { strictByDefault } from "./provider.js";

describe("strict mode", () => {
  it("is on under tests and with TFKIT_STRICT=1, off with TFKIT_STRICT=0", () => {
    expect(strictByDefault({ VITEST: "true" })).toBe(true);
    expect(strictByDefault({ NODE_ENV: "test" })).toBe(true);
    expect(strictByDefault({ TFKIT_STRICT: "1" })).toBe(true);
    expect(strictByDefault({ TFKIT_STRICT: "0", VITEST: "true" })).toBe(false);
    expect(strictByDefault({})).toBe(false);
  });

  it("an apply result that changes a planned value is an error naming the attribute, the rule and the hook", async () => {
    const { plan, apply } = await setup({
      create: (plan) => ({ ...plan, id: "x", size: 1, name: plan.name.toUpperCase(), password: null }),
    });
    const planned = decode((await plan(nullVal(T), config("web"))).plannedState, T);
    const a = await apply(nullVal(T), planned, config("web"));
    expect(a.diagnostics).toHaveLength(1);
    const d = a.diagnostics![0]!;
    expect(d.severity).toBe("error");
    expect(d.summary).toBe(
      "Provider produced inconsistent result after apply (tfkit strict mode: value_changed in create)",
    );
    expect(d.attribute).toEqual([{ kind: "attribute", name: "name" }]);
    expect(d.detail).toContain('.name: was cty.StringVal("web"), but now cty.StringVal("WEB")');
    expect(d.detail).toContain("value_changed");
    expect(d.detail).toContain("create");
    // The state still goes back: the object exists and Terraform must record it.
    expect(decode(a.newState, T).getAttr("id").asString()).toBe("x");
  });

  it("an update that does more than the plan is caught", async () => {
    const { plan, apply } = await setup({
      update: (plan, prior) => ({ ...plan, id: prior.id, size: 99, password: null }),
    });
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), config("a"))).plannedState, T), config("a")))
        .newState,
      T,
    );
    const planned = decode((await plan(created, config("b"))).plannedState, T);
    const a = await apply(created, planned, config("b"));
    expect(a.diagnostics![0]!.summary).toContain("value_changed in update");
    expect(a.diagnostics![0]!.attribute).toEqual([{ kind: "attribute", name: "size" }]);
  });

  it("a plan that changes a configured value names modifyPlan", async () => {
    const { plan } = await setup({
      modifyPlan: ({ planned }) => (planned === null ? undefined : { ...planned, name: "other" }),
    });
    const p = await plan(nullVal(T), config("web"));
    expect(p.diagnostics).toHaveLength(1);
    const d = p.diagnostics![0]!;
    expect(d.summary).toBe(
      "Provider produced invalid plan (tfkit strict mode: config_mismatch in modifyPlan)",
    );
    expect(d.attribute).toEqual([{ kind: "attribute", name: "name" }]);
    expect(d.detail).toContain(
      'planned value cty.StringVal("other") does not match config value cty.StringVal("web")',
    );
  });

  it("a non-null destroy plan is caught", async () => {
    const { plan, apply } = await setup({
      modifyPlan: ({ prior }) => (prior === null ? undefined : { ...prior }),
    });
    const created = decode(
      (await apply(nullVal(T), decode((await plan(nullVal(T), config("a"))).plannedState, T), config("a")))
        .newState,
      T,
    );
    const p = await plan(created, nullVal(T));
    // The plan pipeline refuses it first (the Go framework's wording); strict mode is not reached.
    expect(p.diagnostics![0]!.summary).toBe("Unexpected Planned Resource State on Destroy");
  });

  it("outside strict mode a broken contract is a warning log line, not an error", async () => {
    const { provider, plan } = await setup(
      { create: (plan) => ({ ...plan, id: "x", size: 1, name: "changed", password: null }) },
      false,
    );
    expect(provider.strict).toBe(false);
    const planned = decode((await plan(nullVal(T), config("web"))).plannedState, T);
    const { call } = await import("../test/support.js");
    const { dv, noBytes } = await import("../test/support.js");
    const c = call();
    const a = await provider.applyResourceChange!(
      {
        typeName: "demo_server",
        priorState: dv(nullVal(T), T),
        plannedState: dv(planned, T),
        config: dv(config("web"), T),
        plannedPrivate: noBytes,
      },
      c,
    );
    expect(a.diagnostics).toEqual([]);
    const warn = c.lines.find((l) => l["@level"] === "warn");
    expect(warn).toMatchObject({
      rule: "value_changed",
      origin: "create",
      violation: '.name: was cty.StringVal("web"), but now cty.StringVal("changed")',
    });
    expect(decode(a.newState, T).getAttr("name")).toEqual(stringVal("changed"));
  });
});
