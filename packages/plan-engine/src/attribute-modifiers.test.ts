import type { Path, Value } from "@tfkit/cty-values";
import { formatPath, listVal, nullVal, stringVal, unknownVal } from "@tfkit/cty-values";
import { attr, block, resourceSchema, type Schema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { runAttributePlanModifiers } from "./attribute-modifiers.js";
import { expectValue, list, NS, obj, s, US } from "./internal/test-helpers.js";
import { type PlanModifierResult, planModifier, useStateForUnknown } from "./plan-modifier.js";

// Issue 18: where modifiers run, with which path and values, and where a pass stops.

/** A modifier that records `path cfg=… state=…` and upper-cases a known string plan value. */
function recorder(seen: string[]) {
  const show = (v: Value) => (!v.isKnown() ? "unknown" : v.isNull() ? "null" : v.asString());
  return planModifier<string>({
    modify: ({ path, configValue, stateValue, planValue }) => {
      seen.push(`${formatPath(path)} cfg=${show(configValue)} state=${show(stateValue)}`);
      return planValue.isKnown() && !planValue.isNull()
        ? { planValue: stringVal(planValue.asString().toUpperCase()) }
        : undefined;
    },
  });
}

/** A modifier that returns this result and records that it ran. */
function returning(seen: string[], name: string, result: PlanModifierResult) {
  return planModifier({
    modify: ({ path }) => {
      seen.push(`${name} ${formatPath(path)}`);
      return result;
    },
  });
}

const error = (summary: string) => ({ severity: "error" as const, summary, detail: summary });
const warning = (summary: string) => ({ severity: "warning" as const, summary, detail: summary });
const paths = (ps: readonly Path[]) => ps.map(formatPath);

function run(schema: Schema, config: Value, state: Value, planned: Value = config) {
  return runAttributePlanModifiers(schema, config, state, planned);
}

describe("runAttributePlanModifiers: where modifiers run", () => {
  it("inside nested attributes nested in nested attributes, with the innermost path", () => {
    const seen: string[] = [];
    const sch = resourceSchema({
      attributes: {
        outer: attr.singleNested(
          {
            mid: attr.singleNested(
              { x: attr.string({ optional: true, planModifiers: [recorder(seen)] }) },
              { optional: true },
            ),
          },
          { optional: true },
        ),
        items: attr.listNested(
          {
            mid: attr.singleNested(
              { x: attr.string({ optional: true, planModifiers: [recorder(seen)] }) },
              { optional: true },
            ),
          },
          { optional: true },
        ),
      },
    });
    const config = obj({
      outer: obj({ mid: obj({ x: s("a") }) }),
      items: list(obj({ mid: obj({ x: s("b") }) })),
    });
    const prior = obj({
      outer: obj({ mid: obj({ x: s("old") }) }),
      items: list(obj({ mid: obj({ x: s("b") }) })),
    });
    const r = run(sch, config, prior);
    expect(seen).toEqual([".outer.mid.x cfg=a state=old", ".items[0].mid.x cfg=b state=b"]);
    expectValue(
      r.planned,
      obj({ outer: obj({ mid: obj({ x: s("A") }) }), items: list(obj({ mid: obj({ x: s("B") }) })) }),
    );
  });

  it("inside blocks nested in group and single blocks, with the inner block's path", () => {
    const seen: string[] = [];
    const x = { attributes: { x: attr.string({ optional: true, planModifiers: [recorder(seen)] }) } };
    const sch = resourceSchema({
      blocks: {
        grp: block.group({ blocks: { inner: block.single(x) } }),
        solo: block.single({ blocks: { inner: block.list(x) } }),
      },
    });
    const config = obj({
      grp: obj({ inner: obj({ x: s("g") }) }),
      solo: obj({ inner: list(obj({ x: s("l") })) }),
    });
    const r = run(sch, config, nullVal(sch.type));
    expect(seen).toEqual([".grp.inner.x cfg=g state=null", ".solo.inner[0].x cfg=l state=null"]);
    expectValue(
      r.planned,
      obj({ grp: obj({ inner: obj({ x: s("G") }) }), solo: obj({ inner: list(obj({ x: s("L") })) }) }),
    );
  });

  it("null and unknown elements, and unknown or null blocks, are not descended into", () => {
    const seen: string[] = [];
    const x = { x: attr.string({ optional: true, planModifiers: [recorder(seen)] }) };
    const sch = resourceSchema({
      attributes: { items: attr.listNested(x, { optional: true }) },
      blocks: { lb: block.list({ attributes: x }), sb: block.single({ attributes: x }) },
    });
    const ET = sch.attributes.items.objectType;
    const config = obj({
      items: list(nullVal(ET), unknownVal(ET), obj({ x: s("c") })),
      lb: unknownVal(sch.blocks.lb.type),
      sb: nullVal(sch.blocks.sb.type),
    });
    const r = run(sch, config, nullVal(sch.type));
    expect(seen).toEqual([".items[2].x cfg=c state=null"]);
    expectValue(
      r.planned,
      obj({
        items: list(nullVal(ET), unknownVal(ET), obj({ x: s("C") })),
        lb: unknownVal(sch.blocks.lb.type),
        sb: nullVal(sch.blocks.sb.type),
      }),
    );
  });

  it("elements of a list a modifier made known where the config is unknown see an unknown config", () => {
    const seen: string[] = [];
    const sch = resourceSchema({
      attributes: {
        items: attr.listNested(
          { x: attr.string({ optional: true, computed: true, planModifiers: [recorder(seen)] }) },
          {
            optional: true,
            computed: true,
            planModifiers: [
              planModifier({
                modify: () => ({ planValue: listVal([obj({ x: s("made") })]) }),
              }),
            ],
          },
        ),
      },
    });
    const config = obj({ items: unknownVal(sch.attributes.items.type) });
    const r = run(sch, config, nullVal(sch.type));
    expect(seen).toEqual([".items[0].x cfg=unknown state=null"]);
    expectValue(r.planned, obj({ items: list(obj({ x: s("MADE") })) }));
  });

  it("a new list element without keyBy counts as in the prior state (UseStateForUnknown copies its null state, as in Go)", () => {
    const sch = resourceSchema({
      attributes: {
        items: attr.listNested(
          {
            v: attr.string({ optional: true }),
            id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
          },
          { optional: true },
        ),
      },
    });
    const prior = obj({ items: list(obj({ v: s("a"), id: s("i0") })) });
    const config = obj({ items: list(obj({ v: s("a"), id: NS }), obj({ v: s("b"), id: NS })) });
    const planned = obj({ items: list(obj({ v: s("a"), id: US }), obj({ v: s("b"), id: US })) });
    expectValue(
      run(sch, config, prior, planned).planned,
      obj({ items: list(obj({ v: s("a"), id: s("i0") }), obj({ v: s("b"), id: NS })) }),
    );
  });
});

describe("runAttributePlanModifiers: diagnostics and where a pass stops", () => {
  it("a warning does not stop the chain; a result with an error does, its plan value unused, its replace kept", () => {
    const seen: string[] = [];
    const warn = returning(seen, "warn", { diagnostics: [warning("careful")], planValue: s("w") });
    const both = returning(seen, "both", {
      diagnostics: [warning("careful"), error("broken")],
      planValue: s("never"),
      requiresReplace: true,
    });
    const after = returning(seen, "after", { planValue: s("after") });
    const ok = resourceSchema({
      attributes: { a: attr.string({ optional: true, planModifiers: [warn, after] }) },
    });
    const r1 = run(ok, obj({ a: s("x") }), nullVal(ok.type));
    expect(seen).toEqual(["warn .a", "after .a"]);
    expectValue(r1.planned, obj({ a: s("after") }));
    expect(r1.diagnostics.map((d) => d.summary)).toEqual(["careful"]);

    seen.length = 0;
    const bad = resourceSchema({
      attributes: { a: attr.string({ optional: true, planModifiers: [warn, both, after] }) },
    });
    const r2 = run(bad, obj({ a: s("x") }), nullVal(bad.type));
    expect(seen).toEqual(["warn .a", "both .a"]);
    expectValue(r2.planned, obj({ a: s("w") }));
    expect(r2.diagnostics.map((d) => `${d.severity} ${d.summary}`)).toEqual([
      "warning careful",
      "warning careful",
      "error broken",
    ]);
    expect(paths(r2.requiresReplace)).toEqual([".a"]);
  });

  it("an error stops the attributes after it, the blocks, and the elements after it", () => {
    const seen: string[] = [];
    const fail = returning(seen, "fail", { diagnostics: [error("broken")] });
    const probe = returning(seen, "probe", {});
    const attrs = resourceSchema({
      attributes: {
        a: attr.string({ optional: true, planModifiers: [fail] }),
        b: attr.string({ optional: true, planModifiers: [probe] }),
      },
      blocks: {
        blk: block.single({ attributes: { x: attr.string({ optional: true }) }, planModifiers: [probe] }),
      },
    });
    run(attrs, obj({ a: s("1"), b: s("2"), blk: obj({ x: s("3") }) }), nullVal(attrs.type));
    expect(seen).toEqual(["fail .a"]);

    seen.length = 0;
    const failOnA = planModifier<string>({
      modify: ({ path, planValue }) => {
        seen.push(`x ${formatPath(path)}`);
        return planValue.asString() === "bad" ? { diagnostics: [error("broken")] } : undefined;
      },
    });
    const els = resourceSchema({
      attributes: {
        items: attr.listNested(
          { x: attr.string({ optional: true, planModifiers: [failOnA] }) },
          { optional: true },
        ),
      },
    });
    run(els, obj({ items: list(obj({ x: s("bad") }), obj({ x: s("good") })) }), nullVal(els.type));
    expect(seen).toEqual(["x .items[0].x"]);
  });

  it("a block whose own modifier fails is not descended into", () => {
    const seen: string[] = [];
    const sch = resourceSchema({
      blocks: {
        blk: block.single({
          attributes: { x: attr.string({ optional: true, planModifiers: [returning(seen, "inner", {})] }) },
          planModifiers: [returning(seen, "block", { diagnostics: [error("broken")] })],
        }),
      },
    });
    const r = run(sch, obj({ blk: obj({ x: s("1") }) }), nullVal(sch.type));
    expect(seen).toEqual(["block .blk"]);
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["broken"]);
  });

  it("a slot without a modify function is an error with the attribute's path, and stops the pass", () => {
    const seen: string[] = [];
    const base = resourceSchema({
      attributes: {
        a: attr.string({ optional: true }),
        b: attr.string({ optional: true, planModifiers: [returning(seen, "b", {})] }),
      },
    });
    const odd: Schema = {
      ...base,
      attributes: {
        ...base.attributes,
        a: { ...base.attributes.a, planModifiers: [{ kind: "mystery" }, returning(seen, "a", {})] },
      },
    };
    const r = run(odd, obj({ a: s("x"), b: s("y") }), nullVal(odd.type));
    expect(seen).toEqual([]);
    expect(r.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unsupported Plan Modifier",
        detail:
          'The plan modifier of kind "mystery" on .a has no modify function, so @tfkit/plan-engine cannot run it. Use the constructors of @tfkit/plan-engine (useStateForUnknown(), requiresReplace(), planModifier(...)). This is always a problem with the provider.',
        path: r.diagnostics[0]?.path,
      },
    ]);
    expect(formatPath(r.diagnostics[0]?.path ?? [])).toBe(".a");
  });
});
