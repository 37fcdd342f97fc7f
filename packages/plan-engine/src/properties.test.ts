import type { Value } from "@tfkit/cty-values";
import {
  formatPath,
  listVal,
  listValEmpty,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  rawEquals,
  setVal,
  stringVal,
  testConformance,
  transform,
  True,
  valueGoString,
} from "@tfkit/cty-values";
import { attr, block, resourceSchema, type Schema, t } from "@tfkit/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validPriorFromConfig } from "./proposed-new.js";
import { planResourceChange } from "./plan-resource-change.js";
import { proposedNew } from "./proposed-new.js";
import { useStateForUnknown } from "./plan-modifier.js";

const str = fc.constantFrom("a", "b", "c");
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

describe("set correlation", () => {
  const sch = resourceSchema({
    attributes: {
      s: attr.setNested(
        {
          opt: attr.string({ optional: true }),
          oc: attr.string({ optional: true, computed: true }),
          cmp: attr.string({ computed: true }),
        },
        { optional: true },
      ),
    },
  });
  const ET = sch.attributes.s.objectType;
  const el = (opt: string | null, oc: string | null, cmp: string | null): Value =>
    objectVal({
      opt: opt === null ? nullVal(ET.attributeTypes.opt as never) : stringVal(opt),
      oc: oc === null ? nullVal(ET.attributeTypes.oc as never) : stringVal(oc),
      cmp: cmp === null ? nullVal(ET.attributeTypes.cmp as never) : stringVal(cmp),
    });
  const priorEl = fc.tuple(maybe(str), maybe(str), maybe(str)).map(([a, b, c]) => el(a, b, c));
  const configEl = fc.tuple(maybe(str), maybe(str)).map(([a, b]) => el(a, b, null));
  const schema = { kind: "object" as const, attributes: sch.attributes.s.attributes, keyBy: [] };

  it("bucketed matching gives the same result as core's first-unused scan", () => {
    fc.assert(
      fc.property(
        fc.array(priorEl, { maxLength: 6 }),
        fc.array(configEl, { minLength: 1, maxLength: 6 }),
        (ps, cs) => {
          const prior = setVal(ps.length > 0 ? ps : [el("a", null, null)]);
          const config = setVal(cs);
          const got = proposedNew(sch, objectVal({ s: prior }), objectVal({ s: config })).getAttr("s");
          // Reference: the plain quadratic scan, then the per-attribute merge.
          const used = prior.elements().map(() => false);
          const want = config.elements().map((c) => {
            const i = prior.elements().findIndex((p, j) => !used[j] && validPriorFromConfig(schema, p, c));
            const p = i >= 0 ? (prior.elements()[i] as Value) : undefined;
            if (i >= 0) used[i] = true;
            const pick = (name: string) =>
              c.getAttr(name).isNull() && name !== "opt" && p !== undefined
                ? p.getAttr(name)
                : c.getAttr(name);
            return objectVal({ opt: c.getAttr("opt"), oc: pick("oc"), cmp: pick("cmp") });
          });
          expect(valueGoString(got)).toBe(valueGoString(setVal(want)));
        },
      ),
    );
  });
});

describe("plan → apply → plan again is a no-op (no perpetual diff)", () => {
  const mk = (keyBy: readonly string[]): Schema =>
    resourceSchema({
      attributes: {
        id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
        name: attr.string({ required: true }),
        opt: attr.string({ optional: true }),
        oc: attr.string({ optional: true, computed: true }),
        port: attr.int64({ optional: true, computed: true, default: 80 }),
        tags: attr.map(t.string, { optional: true }),
        items: attr.listNested(
          {
            k: attr.string({ required: true }),
            v: attr.string({ optional: true }),
            uid: attr.string({ computed: true }),
          },
          { optional: true, keyBy },
        ),
        rules: attr.setNested(
          {
            port: attr.int64({ required: true }),
            proto: attr.string({ optional: true, computed: true, default: "tcp" }),
            rid: attr.string({ computed: true }),
          },
          { optional: true, keyBy: keyBy.length > 0 ? ["port"] : [] },
        ),
      },
      blocks: {
        nic: block.list({
          attributes: { subnet: attr.string({ required: true }), ip: attr.string({ computed: true }) },
        }),
      },
    });

  const configArb = (schema: Schema) => {
    const T = schema.type.attributeTypes;
    const s = (v: string | null, ty: keyof typeof T) => (v === null ? nullVal(T[ty] as never) : stringVal(v));
    const nicT = schema.blocks.nic?.objectType as Value["type"];
    const item = fc.record({ k: fc.constantFrom("x", "y", "z"), v: maybe(str) });
    return fc
      .record({
        name: str,
        opt: maybe(str),
        oc: maybe(str),
        port: maybe(fc.constantFrom(80, 443)),
        tags: maybe(fc.dictionary(str, str, { minKeys: 1 })),
        items: maybe(fc.uniqueArray(item, { selector: (i) => i.k, maxLength: 3 })),
        rules: maybe(fc.uniqueArray(fc.constantFrom(22, 80, 443), { maxLength: 3 })),
        nic: fc.array(str, { maxLength: 2 }),
      })
      .map((c) =>
        objectVal({
          id: nullVal(T.id as never),
          name: stringVal(c.name),
          opt: s(c.opt, "opt"),
          oc: s(c.oc, "oc"),
          port: c.port === null ? nullVal(T.port as never) : numberVal(c.port),
          tags:
            c.tags === null
              ? nullVal(T.tags as never)
              : mapVal(Object.fromEntries(Object.entries(c.tags).map(([k, v]) => [k, stringVal(v)]))),
          items:
            c.items === null || c.items.length === 0
              ? nullVal(T.items as never)
              : listVal(
                  c.items.map((i) =>
                    objectVal({
                      k: stringVal(i.k),
                      v: i.v === null ? nullVal(T.name as never) : stringVal(i.v),
                      uid: nullVal(T.name as never),
                    }),
                  ),
                ),
          rules:
            c.rules === null || c.rules.length === 0
              ? nullVal(T.rules as never)
              : setVal(
                  c.rules.map((p) =>
                    objectVal({
                      port: numberVal(p),
                      proto: nullVal(T.name as never),
                      rid: nullVal(T.name as never),
                    }),
                  ),
                ),
          nic:
            c.nic.length === 0
              ? listValEmpty(nicT)
              : listVal(
                  c.nic.map((sub) => objectVal({ subnet: stringVal(sub), ip: nullVal(T.name as never) })),
                ),
        }),
      );
  };

  /** A provider's apply: every unknown gets a value. */
  const apply = (planned: Value): Value =>
    transform(planned, (path, v) => {
      if (v.isKnown()) return v;
      switch (v.type.kind) {
        case "string":
          return stringVal(`gen${formatPath(path)}`);
        case "number":
          return numberVal(7);
        case "bool":
          return True;
        default:
          return nullVal(v.type);
      }
    });

  for (const keyBy of [[], ["k"]] as const) {
    it(`${keyBy.length > 0 ? "keyed" : "framework"} planning converges`, () => {
      const schema = mk(keyBy);
      fc.assert(
        fc.property(configArb(schema), configArb(schema), (config1, config2) => {
          const plan = (prior: Value, config: Value) =>
            planResourceChange({ schema, prior, config, proposed: proposedNew(schema, prior, config) });
          const created = plan(nullVal(schema.type), config1);
          expect(created.diagnostics).toEqual([]);
          expect(testConformance(created.plannedState.type, schema.type)).toEqual([]);
          const state1 = apply(created.plannedState);
          const again = plan(state1, config1);
          expect(again.action).toBe("noop");
          expect(rawEquals(again.plannedState, state1)).toBe(true);
          // An update then converges too.
          const updated = plan(state1, config2);
          const state2 = apply(updated.plannedState);
          const settle = plan(state2, config2);
          expect(settle.action).toBe("noop");
        }),
        { numRuns: 150 },
      );
    });
  }
});
