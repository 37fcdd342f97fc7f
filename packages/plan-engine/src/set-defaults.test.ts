import { checkPlannedState, formatViolation } from "@tfkit/contracts";
import type { Value } from "@tfkit/cty-values";
import { nullVal, objectVal, rawEquals, setVal, stringVal } from "@tfkit/cty-values";
import { attr, block, resourceSchema, type Schema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { runAttributePlanModifiers } from "./attribute-modifiers.js";
import { applyDefaults } from "./defaults.js";
import { expectValue, n, NS, obj, s, set, US } from "./internal/test-helpers.js";
import { markComputedNilsAsUnknown } from "./mark-unknown.js";
import { planAction, planResourceChange } from "./plan-resource-change.js";
import { proposedNew } from "./proposed-new.js";

// Issue 15 point 11: set elements that omit two or more defaulted attributes. Core's ProposedNew
// matches config elements (defaulted attributes null) with prior elements (defaults filled in)
// before the provider applies any default; the elements below differ only in defaulted
// attributes, so the matching can pair the wrong ones, and the Go framework's default lookup (by
// value) then finds no config element and defaults every attribute, collapsing the set.

const element = {
  name: attr.string({ optional: true }),
  mode: attr.string({ optional: true, computed: true, default: "x" }),
  size: attr.int64({ optional: true, computed: true, default: 1 }),
  rid: attr.string({ computed: true }),
};
const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    rules: attr.setNested(element, { optional: true }),
  },
  blocks: { rule: block.set({ attributes: element }) },
});

const NN = nullVal(schema.attributes.rules.objectType.attributeTypes.size as never);
const el = (name: Value, mode: Value, size: Value, rid: Value = NS) => obj({ name, mode, size, rid });
/** A config element: only what the user wrote. */
const cfg = (o: { name?: string; mode?: string; size?: number }) =>
  el(
    o.name === undefined ? NS : s(o.name),
    o.mode === undefined ? NS : s(o.mode),
    o.size === undefined ? NN : n(o.size),
  );
const config = (els: Value[]) => obj({ id: NS, rules: set(...els), rule: set(...els) });

/** The pipeline of planResourceChange, with the prior state given to applyDefaults. */
function plan(prior: Value, cfgV: Value) {
  const proposed = proposedNew(schema, prior, cfgV);
  let planned = applyDefaults(schema, proposed, cfgV, prior);
  if (!rawEquals(planned, prior)) planned = markComputedNilsAsUnknown(schema, planned, cfgV);
  planned = runAttributePlanModifiers(schema, cfgV, prior, planned).planned;
  const violations = checkPlannedState(schema, { prior, config: cfgV, planned }).map(formatViolation);
  return { proposed, planned, violations, action: planAction(prior, planned, false) };
}

/** What the provider's apply stores: every unknown rid becomes `r-<mode><size>`, the id "i". */
function apply(planned: Value): Value {
  const fill = (e: Value) =>
    e.getAttr("rid").isKnown()
      ? e
      : objectVal({
          ...Object.fromEntries(e.entries()),
          rid: stringVal(
            `r-${e.getAttr("name").isNull() ? "" : e.getAttr("name").asString()}${e.getAttr("mode").asString()}${e.getAttr("size").asNumber().toString()}`,
          ),
        });
  const fillSet = (v: Value) => setVal(v.elements().map(fill));
  return objectVal({
    id: planned.getAttr("id").isKnown() ? planned.getAttr("id") : stringVal("i"),
    rules: fillSet(planned.getAttr("rules")),
    rule: fillSet(planned.getAttr("rule")),
  });
}

const first = [cfg({ mode: "y" }), cfg({ size: 2 }), cfg({})];

describe("defaults inside set elements keep the element count (issue 15 point 11)", () => {
  it("core's proposal for an unchanged config holds no element equal to a config element", () => {
    // So the Go framework's lookup of the config element by value finds none for any element, and
    // then defaults every attribute, overwriting mode = "y" and size = 2: the set collapses to one.
    const state = apply(plan(nullVal(schema.type), config(first)).planned);
    const proposed = proposedNew(schema, state, config(first));
    for (const name of ["rules", "rule"]) {
      const configEls = config(first).getAttr(name).elements();
      for (const p of proposed.getAttr(name).elements()) {
        expect(configEls.some((c) => rawEquals(c, p))).toBe(false);
      }
    }
  });

  it("create, then an unchanged config plans a no-op with three elements", () => {
    const created = plan(nullVal(schema.type), config(first));
    expect(created.violations).toEqual([]);
    const want = set(el(NS, s("y"), n(1), US), el(NS, s("x"), n(2), US), el(NS, s("x"), n(1), US));
    expectValue(created.planned, obj({ id: US, rules: want, rule: want }));

    const state = apply(created.planned);
    const again = plan(state, config(first));
    expect(again.violations).toEqual([]);
    expect(again.planned.getAttr("rules").lengthInt()).toBe(3);
    expect(again.planned.getAttr("rule").lengthInt()).toBe(3);
    expectValue(again.planned, state);
    expect(again.action).toBe("noop");
  });

  it("a changed config plans its elements: kept ones keep their computed values, new ones are unknown", () => {
    const state = apply(plan(nullVal(schema.type), config(first)).planned);
    const changed = [
      cfg({ mode: "y" }),
      cfg({ size: 3 }),
      cfg({}),
      cfg({ name: "n" }),
      cfg({ mode: "x", size: 2 }),
    ];
    const r = plan(state, config(changed));
    expect(r.violations).toEqual([]);
    const want = set(
      el(NS, s("y"), n(1), s("r-y1")),
      el(NS, s("x"), n(3), US),
      el(NS, s("x"), n(1), s("r-x1")),
      el(s("n"), s("x"), n(1), US),
      // Written out in full, it is the element the config with size = 2 had before.
      el(NS, s("x"), n(2), s("r-x2")),
    );
    // The resource changed, so its own computed id is unknown, as on any update.
    expectValue(r.planned, obj({ id: US, rules: want, rule: want }));
    expect(r.action).toBe("update");
  });

  it("a default still beats a prior value the config does not set", () => {
    const prior = obj({
      id: s("i"),
      rules: set(el(s("a"), s("z"), n(9), s("r1"))),
      rule: set(el(s("a"), s("z"), n(9), s("r1"))),
    });
    const r = plan(prior, config([cfg({ name: "a" })]));
    expect(r.violations).toEqual([]);
    // No prior element holds the defaults, so the one core paired keeps its rid (as in the Go framework).
    const want = set(el(s("a"), s("x"), n(1), s("r1")));
    expectValue(r.planned, obj({ id: US, rules: want, rule: want }));
  });

  it("planResourceChange keeps the element count even where core paired the wrong elements", () => {
    const state = apply(plan(nullVal(schema.type), config(first)).planned);
    const proposed = proposedNew(schema, state, config(first));
    const r = planResourceChange({ schema: schema as Schema, prior: state, proposed, config: config(first) });
    expect(r.diagnostics).toEqual([]);
    expect(r.plannedState.getAttr("rules").lengthInt()).toBe(3);
    expect(r.plannedState.getAttr("rule").lengthInt()).toBe(3);
    expect(
      checkPlannedState(schema, { prior: state, config: config(first), planned: r.plannedState }),
    ).toEqual([]);
  });

  it("a create plans unknown computed attributes in elements that got defaults", () => {
    const r = plan(nullVal(schema.type), config([cfg({ name: "a", size: 5 })]));
    const want = set(el(s("a"), s("x"), n(5), US));
    expectValue(r.planned, obj({ id: US, rules: want, rule: want }));
  });
});

describe("applyDefaults with the prior state: core's pairing does not matter", () => {
  it("a proposal that paired a config element with the wrong prior element is planned from config and prior", () => {
    const prior = obj({
      id: s("i"),
      rules: set(el(NS, s("y"), n(1), s("r1")), el(NS, s("y"), n(2), s("r2"))),
      rule: set(el(NS, s("y"), n(1), s("r1")), el(NS, s("y"), n(2), s("r2"))),
    });
    const cfgV = config([cfg({ mode: "y" }), cfg({ mode: "y", size: 2 })]);
    // What core proposes when it pairs `mode = "y"` with the prior element of size 2 first: that
    // config element may have come from either, and the other then has no prior element left.
    const wrong = set(el(NS, s("y"), n(2), s("r2")), el(NS, s("y"), n(2), NS));
    const proposed = obj({ id: s("i"), rules: wrong, rule: wrong });
    expectValue(applyDefaults(schema, proposed, cfgV, prior), prior);
    // Without the prior state the count is still right; the lost prior element cannot be found.
    const alone = applyDefaults(schema, proposed, cfgV);
    expect(alone.getAttr("rules").lengthInt()).toBe(2);
    expect(alone.getAttr("rule").lengthInt()).toBe(2);
  });
});

describe("elements with no computed attribute of their own", () => {
  // Without `rid` the Go framework's overwritten elements become equal: "count in plan (1)
  // disagrees with count in config (3)" for the nested attribute.
  const { rid: _rid, ...plain } = element;
  const bare = resourceSchema({
    attributes: { rules: attr.setNested(plain, { optional: true }) },
    blocks: { rule: block.set({ attributes: plain }) },
  });
  const e = (mode: Value, size: Value) => obj({ name: NS, mode, size });
  const c = config([e(s("y"), NN), e(NS, n(2)), e(NS, NN)]);
  const cfgV = obj({ rules: c.getAttr("rules"), rule: c.getAttr("rule") });

  it("the second plan is a no-op with three elements", () => {
    const created = applyDefaults(
      bare,
      proposedNew(bare, nullVal(bare.type), cfgV),
      cfgV,
      nullVal(bare.type),
    );
    const want = set(e(s("y"), n(1)), e(s("x"), n(2)), e(s("x"), n(1)));
    expectValue(created, obj({ rules: want, rule: want }));
    const proposed = proposedNew(bare, created, cfgV);
    const r = planResourceChange({ schema: bare as Schema, prior: created, proposed, config: cfgV });
    expect(checkPlannedState(bare, { prior: created, config: cfgV, planned: r.plannedState })).toEqual([]);
    expectValue(r.plannedState, created);
    expect(r.action).toBe("noop");
  });
});
