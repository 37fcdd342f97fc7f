import { CtyNumber, listVal, nullVal, numberVal, objectVal, rawEquals, stringVal } from "@tfkit/cty-values";
import { proposedNew } from "@tfkit/plan-engine";
import { attr, resourceSchema, t, Unknown } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { call, decode, dv, noBytes } from "../../test/support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { modelEquals } from "./model-merge.js";

describe("modelEquals", () => {
  it("compares models structurally and numbers as go-cty does; Unknown left alone is unchanged", () => {
    expect(modelEquals({ a: [1, 2], b: { c: "x" } }, { a: [1, 2], b: { c: "x" } })).toBe(true);
    expect(modelEquals({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(modelEquals({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(modelEquals(CtyNumber.parse("0.1"), CtyNumber.parse("0.1"))).toBe(true);
    // go-cty's number equality: same shortest decimal text (so 512-bit 0.1 equals float64 0.1)
    expect(modelEquals(CtyNumber.parse("0.1"), CtyNumber.fromFloat64(0.1))).toBe(true);
    expect(modelEquals(CtyNumber.parse("0.1"), CtyNumber.parse("0.10000000000000001"))).toBe(false);
    // a hook that left an Unknown keeps the original value (partly unknown lists, refinements)
    expect(modelEquals(Unknown, Unknown)).toBe(true);
    expect(modelEquals(Unknown, "x")).toBe(false);
    expect(modelEquals(stringVal("a"), stringVal("a"))).toBe(true);
    expect(modelEquals(stringVal("a"), "a")).toBe(false);
  });
});

describe("values models cannot carry exactly survive a round trip through a hook", () => {
  const schema = resourceSchema({
    attributes: {
      id: attr.string({ computed: true }),
      ratio: attr.float64({ optional: true }),
      ports: attr.list(t.int64, { optional: true, computed: true }),
    },
  });
  const T = schema.type;
  const provider = defineProvider({
    metadata: { typeName: "demo" },
    strict: true,
    resources: [
      defineResource({
        typeName: "demo_thing",
        schema,
        create: (plan) => ({ ...plan, id: "x", ports: Array.isArray(plan.ports) ? plan.ports : [80] }),
        read: (s) => s,
        update: (p, prior) => ({ ...p, id: prior.id, ports: prior.ports }),
        delete: () => {},
      }),
    ],
  });

  it("a 512-bit config number read as float64 comes back exactly as planned", async () => {
    // 0.10000000000000001 parsed at 512 bits is not a float64: a model round trip would turn it
    // into 0.1 and Terraform would report an inconsistent result (terraform-plugin-framework#815).
    const config = objectVal({
      id: nullVal(T.attributeTypes.id!),
      ratio: numberVal("0.10000000000000001"),
      ports: nullVal(T.attributeTypes.ports!),
    });
    const proposed = proposedNew(schema, nullVal(T), config);
    const p = await provider.planResourceChange!(
      {
        typeName: "demo_thing",
        priorState: dv(nullVal(T), T),
        proposedNewState: dv(proposed, T),
        config: dv(config, T),
        priorPrivate: noBytes,
        plannedPrivate: noBytes,
      },
      call(),
    );
    expect(p.diagnostics).toEqual([]);
    const planned = decode(p.plannedState, T);
    const a = await provider.applyResourceChange!(
      {
        typeName: "demo_thing",
        priorState: dv(nullVal(T), T),
        plannedState: dv(planned, T),
        config: dv(config, T),
        plannedPrivate: noBytes,
      },
      call(),
    );
    expect(a.diagnostics).toEqual([]);
    const state = decode(a.newState, T);
    expect(rawEquals(state.getAttr("ratio"), config.getAttr("ratio"))).toBe(true);
    expect(rawEquals(state.getAttr("ports"), listVal([numberVal(80)]))).toBe(true);
  });
});
