import type { Path, Value } from "@tfkit/cty-values";
import { attributeStep, formatPath, indexStep, nullVal, numberVal, stringVal } from "@tfkit/cty-values";
import { attr, block, resourceSchema, type Schema, t } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { expectValue, list, n, NS, obj, s, set, US } from "./internal/test-helpers.js";
import {
  planModifier,
  requiresReplace,
  requiresReplaceIf,
  requiresReplaceIfConfigured,
  useNonNullStateForUnknown,
  useStateForUnknown,
} from "./plan-modifier.js";
import {
  type PlanResourceChangeRequest,
  planAction,
  planResourceChange,
  planResourceChangeAsync,
} from "./plan-resource-change.js";
import { proposedNew } from "./proposed-new.js";

function plan(
  schema: Schema,
  prior: Value,
  config: Value,
  extra: Partial<Omit<PlanResourceChangeRequest, "schema" | "prior" | "config" | "proposed">> = {},
) {
  const proposed = config.isNull() ? nullVal(schema.type) : proposedNew(schema, prior, config);
  return planResourceChange({ schema, prior, proposed, config, ...extra });
}

const paths = (ps: readonly Path[]): string[] => ps.map(formatPath);

describe("planResourceChange: defaults and unknown marking", () => {
  const sch = resourceSchema({
    attributes: {
      id: attr.string({ computed: true }),
      name: attr.string({ required: true }),
      port: attr.int64({ optional: true, computed: true, default: 8080 }),
      zone: attr.string({ optional: true, computed: true }),
    },
  });

  it("create: defaults applied, every unset computed attribute unknown", () => {
    const r = plan(
      sch,
      nullVal(sch.type),
      obj({ id: NS, name: s("a"), port: nullVal(sch.attributes.port.type), zone: NS }),
    );
    expectValue(r.plannedState, obj({ id: US, name: s("a"), port: n(8080), zone: US }));
    expect(r.action).toBe("create");
    expect(r.requiresReplace).toEqual([]);
  });

  it("no-op update: computed values stay as in state (no marking)", () => {
    const prior = obj({ id: s("i"), name: s("a"), port: n(8080), zone: s("z1") });
    const r = plan(
      sch,
      prior,
      obj({ id: NS, name: s("a"), port: nullVal(sch.attributes.port.type), zone: NS }),
    );
    expectValue(r.plannedState, prior);
    expect(r.action).toBe("noop");
  });

  it("a default that differs from state beats the state and counts as a change (marks the rest unknown)", () => {
    const prior = obj({ id: s("i"), name: s("a"), port: n(9090), zone: s("z1") });
    const r = plan(
      sch,
      prior,
      obj({ id: NS, name: s("a"), port: nullVal(sch.attributes.port.type), zone: NS }),
    );
    expectValue(r.plannedState, obj({ id: US, name: s("a"), port: n(8080), zone: US }));
    expect(r.action).toBe("update");
  });

  it("write-only attributes are planned null", () => {
    const wo = resourceSchema({
      attributes: {
        secret: attr.string({ optional: true, writeOnly: true }),
        name: attr.string({ optional: true }),
      },
    });
    const r = plan(wo, nullVal(wo.type), obj({ secret: s("pw"), name: s("a") }));
    expectValue(r.plannedState, obj({ secret: NS, name: s("a") }));
  });

  it("set nested quirk: computed children of existing elements are not marked; new ones are", () => {
    const ss = resourceSchema({
      attributes: {
        name: attr.string({ optional: true }),
        rules: attr.setNested(
          { port: attr.int64({ required: true }), rid: attr.string({ computed: true }) },
          { optional: true },
        ),
      },
    });
    const prior = obj({ name: s("a"), rules: set(obj({ port: n(1), rid: s("r1") })) });
    const config = obj({
      name: s("b"),
      rules: set(obj({ port: n(1), rid: NS }), obj({ port: n(2), rid: NS })),
    });
    const r = plan(ss, prior, config);
    const rules = r.plannedState.getAttr("rules").elements();
    const byPort = (p: number) =>
      rules.find((e) => e.getAttr("port").asNumber().equals(numberVal(p).asNumber())) as Value;
    expectValue(byPort(1).getAttr("rid"), s("r1"));
    expect(byPort(2).getAttr("rid").isKnown()).toBe(false);
  });

  it("children of a null config object are marked (tftypes walk stops at the null)", () => {
    const sn = resourceSchema({
      attributes: {
        name: attr.string({ optional: true }),
        info: attr.singleNested({ v: attr.string({ computed: true }) }, { computed: true }),
      },
    });
    const prior = obj({ name: s("a"), info: obj({ v: s("x") }) });
    const r = plan(sn, prior, obj({ name: s("b"), info: nullVal(sn.attributes.info.type) }));
    expect(r.plannedState.getAttr("info").isKnown()).toBe(false);
  });
});

describe("planResourceChange: attribute plan modifiers", () => {
  const sch = resourceSchema({
    attributes: {
      id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
      name: attr.string({ required: true, planModifiers: [requiresReplace()] }),
      arn: attr.string({ computed: true, planModifiers: [requiresReplace()] }),
      size: attr.int64({ optional: true }),
      region: attr.string({ optional: true, computed: true, planModifiers: [requiresReplaceIfConfigured()] }),
      note: attr.string({ optional: true, computed: true, planModifiers: [useNonNullStateForUnknown()] }),
    },
  });
  const NI = nullVal(sch.attributes.size.type);
  const prior = obj({ id: s("i-1"), name: s("a"), arn: s("arn:1"), size: n(1), region: s("r1"), note: NS });
  const cfg = (name: string, size: Value, region: Value) =>
    obj({ id: NS, name: s(name), arn: NS, size, region, note: NS });

  it("UseStateForUnknown keeps the id; a computed RequiresReplace attribute planned unknown forces replacement", () => {
    const r = plan(sch, prior, cfg("a", n(2), NS));
    expectValue(r.plannedState.getAttr("id"), s("i-1"));
    expect(r.plannedState.getAttr("arn").isKnown()).toBe(false);
    expect(paths(r.requiresReplace)).toEqual([".arn"]);
    expect(r.action).toBe("replace");
  });

  it("UseNonNullStateForUnknown does not copy a null state; UseStateForUnknown would", () => {
    const r = plan(sch, prior, cfg("a", n(2), NS));
    expect(r.plannedState.getAttr("note").isKnown()).toBe(false);
  });

  it("RequiresReplace on a changed configured attribute; RequiresReplaceIfConfigured only when configured", () => {
    const r = plan(sch, prior, cfg("b", n(1), s("r2")));
    expect(paths(r.requiresReplace)).toEqual([".arn", ".name", ".region"]);
    const unconfigured = plan(
      resourceSchema({
        attributes: {
          region: attr.string({
            optional: true,
            computed: true,
            planModifiers: [requiresReplaceIfConfigured()],
          }),
          x: attr.string({ optional: true }),
        },
      }),
      obj({ region: s("r1"), x: s("1") }),
      obj({ region: NS, x: s("2") }),
    );
    expect(unconfigured.plannedState.getAttr("region").isKnown()).toBe(false);
    expect(unconfigured.requiresReplace).toEqual([]);
    expect(unconfigured.action).toBe("update");
  });

  it("no replacement on create, nor when nothing changes", () => {
    expect(plan(sch, nullVal(sch.type), cfg("a", NI, NS)).requiresReplace).toEqual([]);
    const noop = plan(sch, prior, cfg("a", n(1), NS));
    expect(noop.action).toBe("noop");
    expect(noop.reportedRequiresReplace).toEqual([]);
  });

  it("RequiresReplaceIf: the condition decides, with diagnostics", () => {
    const ri = resourceSchema({
      attributes: {
        size: attr.int64({
          optional: true,
          planModifiers: [
            requiresReplaceIf((req) => ({
              requiresReplace: req.planValue.asNumber().cmp(req.stateValue.asNumber()) < 0,
              diagnostics: [{ severity: "warning", summary: "shrinking recreates" }],
            })),
          ],
        }),
      },
    });
    const grow = plan(ri, obj({ size: n(5) }), obj({ size: n(6) }));
    expect(grow.action).toBe("update");
    const shrink = plan(ri, obj({ size: n(5) }), obj({ size: n(4) }));
    expect(shrink.action).toBe("replace");
    expect(shrink.diagnostics.map((d) => d.summary)).toEqual(["shrinking recreates"]);
  });

  it("custom modifiers chain in order, see the request, and an error stops planning", () => {
    const seen: string[] = [];
    const upper = planModifier<string>({
      modify: ({ planValue, path }) => {
        seen.push(formatPath(path));
        return planValue.isKnown() && !planValue.isNull()
          ? { planValue: stringVal(planValue.asString().toUpperCase()) }
          : undefined;
      },
    });
    const exclaim = planModifier<string>({
      modify: ({ planValue }) => ({ planValue: stringVal(`${planValue.asString()}!`) }),
    });
    const fail = planModifier({
      modify: ({ path }) => ({ diagnostics: [{ severity: "error", summary: "nope", path }] }),
    });
    const cm = resourceSchema({
      attributes: { a: attr.string({ optional: true, planModifiers: [upper, exclaim] }) },
    });
    expectValue(plan(cm, nullVal(cm.type), obj({ a: s("hi") })).plannedState, obj({ a: s("HI!") }));
    expect(seen).toEqual([".a"]);

    let modifyPlanCalled = false;
    const bad = resourceSchema({
      attributes: { a: attr.string({ optional: true, planModifiers: [fail, upper] }) },
    });
    const r = plan(bad, nullVal(bad.type), obj({ a: s("hi") }), {
      modifyPlan: () => {
        modifyPlanCalled = true;
        return undefined;
      },
    });
    expect(r.diagnostics.map((d) => [d.summary, formatPath(d.path ?? [])])).toEqual([["nope", ".a"]]);
    expectValue(r.plannedState, obj({ a: s("hi") }));
    expect(modifyPlanCalled).toBe(false);
  });

  it("a plan-modifier slot without a modify function is reported with its path", () => {
    // The schema self-check refuses it; a schema assembled by hand still gets a diagnostic.
    const mystery = { kind: "mystery" };
    expect(() =>
      resourceSchema({ attributes: { a: attr.string({ optional: true, planModifiers: [mystery] }) } }),
    ).toThrow(/no modify function/);
    const base = resourceSchema({ attributes: { a: attr.string({ optional: true }) } });
    const odd: Schema = {
      ...base,
      attributes: { a: { ...base.attributes.a, planModifiers: [mystery] } },
    };
    const r = plan(odd, nullVal(odd.type), obj({ a: s("x") }));
    expect(r.diagnostics[0]?.summary).toBe("Unsupported Plan Modifier");
    expect(formatPath(r.diagnostics[0]?.path ?? [])).toBe(".a");
  });

  it("modifiers inside list nested attributes get the element's config and state, and report element paths", () => {
    const got: string[] = [];
    const probe = planModifier({
      modify: (req) => {
        got.push(
          `${formatPath(req.path)} cfg=${req.configValue.isNull() ? "null" : req.configValue.asString()} state=${req.stateValue.isNull() ? "null" : req.stateValue.asString()}`,
        );
        return undefined;
      },
    });
    const ln = resourceSchema({
      attributes: {
        items: attr.listNested(
          { v: attr.string({ optional: true, planModifiers: [probe, requiresReplace()] }) },
          { optional: true },
        ),
      },
    });
    const r = plan(
      ln,
      obj({ items: list(obj({ v: s("a") })) }),
      obj({ items: list(obj({ v: s("a") }), obj({ v: s("b") })) }),
    );
    expect(got).toEqual([".items[0].v cfg=a state=a", ".items[1].v cfg=b state=null"]);
    expect(paths(r.requiresReplace)).toEqual([".items[1].v"]);
  });

  it("replacement requested inside a set element is reported on the set attribute", () => {
    const sn = resourceSchema({
      attributes: {
        rules: attr.setNested(
          { p: attr.int64({ required: true, planModifiers: [requiresReplace()] }) },
          { optional: true },
        ),
      },
    });
    const r = plan(sn, obj({ rules: set(obj({ p: n(1) })) }), obj({ rules: set(obj({ p: n(2) })) }));
    // Set elements are paired by position (the framework's quirk), so p 1 -> 2 asks for replacement.
    expect(paths(r.reportedRequiresReplace)).toEqual([".rules"]);
    expect(r.action).toBe("replace");
  });
});

describe("planResourceChange: resource modifyPlan, requires-replace filtering, destroy", () => {
  const sch = resourceSchema({
    attributes: {
      name: attr.string({ optional: true }),
      tags: attr.string({ optional: true }),
      id: attr.string({ computed: true }),
    },
  });

  it("modifyPlan sees the modified plan; its replace paths are filtered like core (equal values dropped)", () => {
    const r = plan(
      sch,
      obj({ name: s("a"), tags: s("t"), id: s("i") }),
      obj({ name: s("b"), tags: s("t"), id: NS }),
      {
        modifyPlan: ({ planned }) => {
          expect(planned.getAttr("id").isKnown()).toBe(false);
          return { requiresReplace: [[attributeStep("tags")], [attributeStep("name")]] };
        },
      },
    );
    expect(paths(r.reportedRequiresReplace)).toEqual([".name", ".tags"]);
    expect(paths(r.requiresReplace)).toEqual([".name"]);
    expect(r.action).toBe("replace");
  });

  it("a replace path into a set of strings is cut at the set", () => {
    const ss = resourceSchema({ attributes: { ports: attr.set(t.string, { optional: true }) } });
    const r = plan(ss, obj({ ports: set(s("a")) }), obj({ ports: set(s("b")) }), {
      modifyPlan: () => ({ requiresReplace: [[attributeStep("ports"), indexStep(stringVal("b"))]] }),
    });
    expect(paths(r.reportedRequiresReplace)).toEqual([".ports"]);
    expect(r.action).toBe("replace");
  });

  it("§7.52: a replace path whose value does not change leaves an update", () => {
    const r = plan(
      sch,
      obj({ name: s("a"), tags: s("t"), id: s("i") }),
      obj({ name: s("b"), tags: s("t"), id: NS }),
      {
        modifyPlan: () => ({ requiresReplace: [[attributeStep("tags")]] }),
      },
    );
    expect(r.requiresReplace).toEqual([]);
    expect(r.action).toBe("update");
  });

  it("a replace path that exists nowhere is core's error", () => {
    const r = plan(
      sch,
      obj({ name: s("a"), tags: s("t"), id: s("i") }),
      obj({ name: s("b"), tags: s("t"), id: NS }),
      {
        modifyPlan: () => ({ requiresReplace: [[attributeStep("nope")]] }),
        provider: "registry.terraform.io/hashicorp/test",
        address: "test_resource.x",
      },
    );
    expect(r.diagnostics[0]?.detail).toBe(
      'Provider "registry.terraform.io/hashicorp/test" has indicated "requires replacement" on test_resource.x for a non-existent attribute path cty.GetAttrPath("nope").\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
    );
  });

  it("§7.53 destroy: planned stays null, modifyPlan runs, no marking", () => {
    let called = 0;
    const r = plan(sch, obj({ name: s("a"), tags: NS, id: s("i") }), nullVal(sch.type), {
      modifyPlan: ({ planned, config }) => {
        called++;
        expect(planned.isNull()).toBe(true);
        expect(config.isNull()).toBe(true);
        return { diagnostics: [{ severity: "warning", summary: "will only be removed from state" }] };
      },
    });
    expect(called).toBe(1);
    expect(r.plannedState.isNull()).toBe(true);
    expect(r.action).toBe("delete");
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["will only be removed from state"]);
  });

  it("destroy: a non-null plan from modifyPlan is the framework's error", () => {
    const prior = obj({ name: s("a"), tags: NS, id: s("i") });
    const r = plan(sch, prior, nullVal(sch.type), { modifyPlan: () => ({ planned: prior }) });
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["Unexpected Planned Resource State on Destroy"]);
  });
});

describe("keyBy: elements matched by key attributes", () => {
  const items = (keyBy: readonly string[]) =>
    resourceSchema({
      attributes: {
        items: attr.listNested(
          {
            name: attr.string({ required: true }),
            size: attr.int64({ optional: true, computed: true, default: 1 }),
            uid: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
          },
          { optional: true, keyBy },
        ),
      },
    });
  const el = (name: string, size: Value, uid: Value) => obj({ name: s(name), size, uid });
  const NI = nullVal(items([]).attributes.items.objectType.attributeTypes.size as never);

  it("list reordering: UseStateForUnknown reads the state element with the same key (by index the uids would swap)", () => {
    // The keyed proposal alone does not show here (unknown marking hides it); the keyed state
    // lookup of the modifiers does. "the proposal it starts from" pins the keyed proposal.
    const prior = obj({ items: list(el("a", n(1), s("ua")), el("b", n(1), s("ub"))) });
    const config = obj({ items: list(el("b", NI, NS), el("a", NI, NS)) });
    const keyed = plan(items(["name"]), prior, config);
    expectValue(keyed.plannedState, obj({ items: list(el("b", n(1), s("ub")), el("a", n(1), s("ua"))) }));
    const byIndex = plan(items([]), prior, config);
    expectValue(byIndex.plannedState, obj({ items: list(el("b", n(1), s("ua")), el("a", n(1), s("ub"))) }));
  });

  it("a new keyed element gets unknown computed children and defaults", () => {
    const prior = obj({ items: list(el("a", n(1), s("ua"))) });
    const config = obj({ items: list(el("c", NI, NS), el("a", NI, NS)) });
    const r = plan(items(["name"]), prior, config);
    expectValue(r.plannedState, obj({ items: list(el("c", n(1), US), el("a", n(1), s("ua"))) }));
  });

  it("sets: a default no longer changes the element's identity (computed children are marked / kept by key)", () => {
    const mk = (keyBy: readonly string[]) =>
      resourceSchema({
        attributes: {
          rules: attr.setNested(
            {
              port: attr.int64({ required: true }),
              proto: attr.string({ optional: true, computed: true, default: "tcp" }),
              rid: attr.string({ computed: true }),
            },
            { optional: true, keyBy },
          ),
        },
      });
    const rule = (port: number, proto: Value, rid: Value) => obj({ port: n(port), proto, rid });
    const config = obj({ rules: set(rule(80, NS, NS)) });
    // Create: the default changes the planned element, so the Go framework's unknown marking
    // cannot find its config element and leaves rid null, which core then rejects after apply.
    // tfkit finds it through the defaulted config element, with or without keyBy.
    const fw = plan(mk([]), nullVal(mk([]).type), config);
    expectValue(fw.plannedState, obj({ rules: set(rule(80, s("tcp"), US)) }));
    const keyed = plan(mk(["port"]), nullVal(mk(["port"]).type), config);
    expectValue(keyed.plannedState, obj({ rules: set(rule(80, s("tcp"), US)) }));
  });

  it("keyBy on list blocks: UseStateForUnknown reads the state element with the same key", () => {
    const mk = (keyBy: readonly string[]) =>
      resourceSchema({
        blocks: {
          disk: block.list({
            attributes: {
              dev: attr.string({ required: true }),
              serial: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
            },
            keyBy,
          }),
        },
      });
    const d = (dev: string, serial: Value) => obj({ dev: s(dev), serial });
    const prior = obj({ disk: list(d("sda", s("1")), d("sdb", s("2"))) });
    const config = obj({ disk: list(d("sdb", NS), d("sda", NS)) });
    expectValue(
      plan(mk(["dev"]), prior, config).plannedState,
      obj({ disk: list(d("sdb", s("2")), d("sda", s("1"))) }),
    );
    // By index (the Go framework) the serials swap.
    expectValue(
      plan(mk([]), prior, config).plannedState,
      obj({ disk: list(d("sdb", s("1")), d("sda", s("2"))) }),
    );
  });
});

// Issue 18: behaviour mutation testing found unpinned.

describe("planResourceChange: the proposal it starts from", () => {
  // Unknown marking hides which prior element a computed attribute came from, except in set
  // elements that match no config element (the Go framework's quirk leaves them as proposed):
  // here a set inside each keyed element shows which prior element the element was paired with.
  const items = (keyBy: readonly string[]) =>
    attr.listNested(
      {
        name: attr.string({ required: true }),
        rules: attr.setNested(
          { port: attr.int64({ required: true }), rid: attr.string({ computed: true }) },
          { optional: true },
        ),
      },
      { optional: true, keyBy },
    );
  const el = (name: string, port: number, rid: Value) =>
    obj({ name: s(name), rules: set(obj({ port: n(port), rid })) });
  const prior = (key: string) => obj({ [key]: list(el("a", 1, s("r1")), el("b", 2, s("r2"))) });
  const config = (key: string) => obj({ [key]: list(el("b", 2, NS), el("a", 1, NS)) });
  const byKey = (key: string) => obj({ [key]: list(el("b", 2, s("r2")), el("a", 1, s("r1"))) });

  it("keyBy anywhere in the schema: elements are planned from the prior element with their key", () => {
    const top = resourceSchema({ attributes: { items: items(["name"]) } });
    expectValue(plan(top, prior("items"), config("items")).plannedState, byKey("items"));
    const inNested = resourceSchema({
      attributes: { wrap: attr.singleNested({ items: items(["name"]) }, { optional: true }) },
    });
    expectValue(
      plan(inNested, obj({ wrap: prior("items") }), obj({ wrap: config("items") })).plannedState,
      obj({ wrap: byKey("items") }),
    );
    const inBlock = resourceSchema({
      blocks: {
        outer: block.single({
          blocks: { inner: block.list({ attributes: items([]).attributes, keyBy: ["name"] }) },
        }),
      },
    });
    expectValue(
      plan(inBlock, obj({ outer: prior("inner") }), obj({ outer: config("inner") })).plannedState,
      obj({ outer: byKey("inner") }),
    );
  });

  it("keyed: false (and no keyBy) plans from core's proposal, by index, like the Go framework", () => {
    const byIndex = obj({ items: list(el("b", 2, US), el("a", 1, US)) });
    const keyed = resourceSchema({ attributes: { items: items(["name"]) } });
    expectValue(plan(keyed, prior("items"), config("items"), { keyed: false }).plannedState, byIndex);
    const plain = resourceSchema({ attributes: { items: items([]) } });
    expectValue(plan(plain, prior("items"), config("items")).plannedState, byIndex);
  });

  it("without keyBy the request's proposed state is planned, not one recomputed from prior and config", () => {
    const sch = resourceSchema({
      attributes: { items: items([]), a: attr.string({ optional: true }) },
      blocks: { b: block.list({ attributes: { x: attr.string({ optional: true }) } }) },
    });
    const B = list(obj({ x: s("x") }));
    const c = obj({ items: list(el("a", 1, NS)), a: s("config"), b: B });
    // Not what core would propose: the pipeline still plans what it was given.
    const proposed = obj({ items: list(el("a", 1, NS)), a: s("proposed"), b: B });
    const r = planResourceChange({ schema: sch, prior: nullVal(sch.type), proposed, config: c });
    expectValue(r.plannedState, obj({ items: list(el("a", 1, US)), a: s("proposed"), b: B }));
  });
});

describe("planResourceChange: destroy", () => {
  const sch = resourceSchema({
    attributes: {
      items: attr.listNested(
        { name: attr.string({ required: true }), uid: attr.string({ computed: true }) },
        { optional: true, keyBy: ["name"] },
      ),
    },
  });
  const prior = obj({ items: list(obj({ name: s("a"), uid: s("u") })) });

  it("a keyBy schema plans null too; modifyPlan's replace paths are reported but not kept", () => {
    const r = plan(sch, prior, nullVal(sch.type), {
      modifyPlan: () => ({ requiresReplace: [[attributeStep("items")]] }),
    });
    expect(r.plannedState.isNull()).toBe(true);
    expect(r.diagnostics).toEqual([]);
    expect(r.requiresReplace).toEqual([]);
    expect(paths(r.reportedRequiresReplace)).toEqual([".items"]);
    expect(r.action).toBe("delete");
  });

  it("a non-null plan from modifyPlan: the framework's error, word for word", () => {
    const r = plan(sch, prior, nullVal(sch.type), { modifyPlan: () => ({ planned: prior }) });
    expect(r.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unexpected Planned Resource State on Destroy",
        detail:
          "The Terraform Provider unexpectedly returned resource state data when the resource was planned for destruction. " +
          "This is always an issue in the Terraform Provider and should be reported to the provider developers.\n\n" +
          "Ensure all resource plan modifiers do not attempt to change resource plan data from being a null value if the request plan is a null value.",
      },
    ]);
  });
});

describe("planResourceChangeAsync", () => {
  const sch = resourceSchema({
    attributes: {
      a: attr.string({
        optional: true,
        planModifiers: [
          planModifier({ modify: () => ({ diagnostics: [{ severity: "error", summary: "nope" }] }) }),
        ],
      }),
    },
  });

  it("an error before the hook: modifyPlan is not called", async () => {
    let called = false;
    const config = obj({ a: s("x") });
    const r = await planResourceChangeAsync({
      schema: sch,
      prior: nullVal(sch.type),
      proposed: config,
      config,
      modifyPlan: async () => {
        called = true;
        return undefined;
      },
    });
    expect(called).toBe(false);
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["nope"]);
  });

  it("without a hook the pipeline's plan is the result", async () => {
    const plain = resourceSchema({
      attributes: { a: attr.string({ optional: true }), id: attr.string({ computed: true }) },
    });
    const config = obj({ a: s("x"), id: NS });
    const r = await planResourceChangeAsync({
      schema: plain,
      prior: nullVal(plain.type),
      proposed: config,
      config,
    });
    expectValue(r.plannedState, obj({ a: s("x"), id: US }));
    expect(r.action).toBe("create");
    // The action is an enumerable property: a spread copy keeps it.
    expect({ ...r }.action).toBe("create");
  });
});

describe("planAction", () => {
  const sch = resourceSchema({ attributes: { a: attr.string({ optional: true }) } });
  const N = nullVal(sch.type);

  it("core's getAction: no prior and no plan is a no-op; then create, delete, replace, no-op, update", () => {
    expect(planAction(N, N, false)).toBe("noop");
    expect(planAction(N, obj({ a: s("x") }), false)).toBe("create");
    expect(planAction(obj({ a: s("x") }), N, false)).toBe("delete");
    expect(planAction(obj({ a: s("x") }), obj({ a: s("y") }), true)).toBe("replace");
    expect(planAction(obj({ a: s("x") }), obj({ a: s("x") }), false)).toBe("noop");
    expect(planAction(obj({ a: s("x") }), obj({ a: US }), false)).toBe("update");
  });
});
