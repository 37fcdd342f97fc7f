import {
  DynamicVal,
  dynamicType,
  equals,
  False as booleanFalse,
  listVal,
  mapType as ctyMapType,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberType,
  numberVal,
  objectType,
  objectVal,
  setType,
  setVal,
  setValEmpty,
  stringType,
  stringVal,
  True,
  typeEquals,
  unknownVal,
  valueGoString,
  type Value,
} from "@tfkit/cty-values";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertObjectCompatible, assertValueCompatible } from "./compatible.js";
import { attr, blk, body, nested } from "./internal/fixtures.js";
import { ContractRule, formatViolation } from "./violation.js";
import { assertPlanValid } from "./plan-valid.js";
import { bodyType } from "./shape.js";
import { checkApplyResult, checkFinalPlan, checkPlannedState, checkReadResult } from "./responses.js";

const str = stringType;
const num = numberType;
const schema = body({
  attributes: {
    id: attr(str, { computed: true }),
    name: attr(str, { required: true }),
    port: attr(num, { optional: true, computed: true }),
    tags: attr(ctyMapType(str), { optional: true }),
    meta: nested("single", { a: attr(str, { optional: true }) }, { optional: true }),
  },
  blocks: {
    nics: blk("list", {
      attributes: { name: attr(str, { required: true }), ip: attr(str, { computed: true }) },
    }),
    disks: blk("set", { attributes: { size: attr(num, { optional: true }) } }),
  },
});
const nicT = objectType({ name: str, ip: str });
const diskT = objectType({ size: num });
const metaT = objectType({ a: str });

const optStr = fc
  .option(fc.string({ maxLength: 4 }), { nil: null })
  .map((s) => (s === null ? nullVal(str) : stringVal(s)));
const optNum = fc
  .option(fc.integer({ min: -5, max: 5 }), { nil: null })
  .map((n) => (n === null ? nullVal(num) : numberVal(n)));

/** Wholly known objects of the schema's implied type. */
const known: fc.Arbitrary<Value> = fc
  .record({
    id: optStr,
    name: fc.string({ maxLength: 4 }).map(stringVal),
    port: optNum,
    tags: fc.option(fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 3 }), {
      nil: null,
    }),
    meta: fc.option(optStr, { nil: null }),
    nics: fc.array(fc.record({ name: fc.string({ maxLength: 3 }), ip: optStr }), { maxLength: 3 }),
    disks: fc.array(optNum, { maxLength: 3 }),
  })
  .map((r) =>
    objectVal({
      id: r.id,
      name: r.name,
      port: r.port,
      tags:
        r.tags === null
          ? nullVal(schema.attributes.tags?.type ?? str)
          : Object.keys(r.tags).length === 0
            ? mapValEmpty(str)
            : mapVal(Object.fromEntries(Object.entries(r.tags).map(([k, v]) => [k, stringVal(v)]))),
      meta: r.meta === null ? nullVal(metaT) : objectVal({ a: r.meta }),
      nics:
        r.nics.length === 0
          ? listValEmpty(nicT)
          : listVal(r.nics.map((n) => objectVal({ name: stringVal(n.name), ip: n.ip }))),
      disks: r.disks.length === 0 ? setValEmpty(diskT) : setVal(r.disks.map((d) => objectVal({ size: d }))),
    }),
  );

/** The value with every computed-only attribute (top level and in nics) replaced by unknown. */
function withComputedUnknown(v: Value): Value {
  const m = new Map(v.entries());
  m.set("id", unknownVal(str));
  const nics = m.get("nics") as Value;
  if (nics.lengthInt() > 0) {
    m.set(
      "nics",
      listVal(nics.elements().map((n) => objectVal({ name: n.getAttr("name"), ip: unknownVal(str) }))),
    );
  }
  return objectVal(m);
}

/** Arbitrary values of arbitrary (small) types, including unknowns, nulls and marks-free oddities. */
const anyValue: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(
      DynamicVal,
      nullVal(dynamicType),
      True,
      unknownVal(str),
      nullVal(num),
      stringVal("x"),
      numberVal(1),
    ),
    fc.array(tie("v"), { maxLength: 3 }).map((xs) => {
      try {
        return xs.length === 0 ? listValEmpty(str) : listVal(xs);
      } catch {
        return objectVal(Object.fromEntries(xs.map((x, i) => [`a${i}`, x])));
      }
    }),
    fc
      .dictionary(fc.constantFrom("id", "name", "port", "tags", "meta", "nics", "disks", "x"), tie("v"), {
        maxKeys: 4,
      })
      .map(objectVal),
  ),
})).v;

describe("properties", () => {
  it("a wholly known value is compatible with itself", () => {
    fc.assert(
      fc.property(known, (v) => {
        expect(assertObjectCompatible(schema, v, v)).toEqual([]);
      }),
    );
  });

  it("a plan equal to the config is always valid, whatever the prior", () => {
    fc.assert(
      fc.property(known, fc.option(known, { nil: null }), (v, prior) => {
        const p = prior ?? nullVal(v.type);
        expect(assertPlanValid(schema, p, v, v)).toEqual([]);
      }),
    );
  });

  it("computed-only attributes planned unknown accept any final value; apply and final plan agree", () => {
    fc.assert(
      fc.property(known, (v) => {
        const planned = withComputedUnknown(v);
        expect(checkApplyResult(schema, { planned, newState: v, action: "Create" })).toEqual([]);
        expect(checkFinalPlan(schema, { initial: planned, final: v })).toEqual([]);
        expect(checkReadResult(schema, v)).toEqual([]);
      }),
    );
  });

  it("changing a configured name is always reported, at .name", () => {
    fc.assert(
      fc.property(known, fc.string({ maxLength: 3 }), (v, suffix) => {
        const m = new Map(v.entries());
        m.set("name", stringVal(`${v.getAttr("name").asString()}!${suffix}`));
        const out = checkPlannedState(schema, { prior: nullVal(v.type), config: v, planned: objectVal(m) });
        expect(out.map((x) => [x.rule, x.path])).toEqual([
          ["config_mismatch", [{ kind: "attribute", name: "name" }]],
        ]);
      }),
    );
  });

  it("a value of another type is always reported, never accepted", () => {
    fc.assert(
      fc.property(anyValue, (a) => {
        fc.pre(!typeEquals(a.type, bodyType(schema)));
        expect(checkReadResult(schema, a).length).toBeGreaterThan(0);
        expect(checkApplyResult(schema, { planned: a, newState: a }).length).toBeGreaterThan(0);
      }),
    );
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(anyValue, anyValue, anyValue, (a, b, c) => {
        // Every check runs inside guarded(), which reports a throw as internal_error: that rule
        // must never appear, whatever the values (odd ones are malformed_input or a violation).
        const rules = [
          ...assertPlanValid(schema, a, b, c),
          ...checkPlannedState(schema, { prior: a, config: b, planned: c }),
          ...checkApplyResult(schema, { planned: a, newState: b }),
          ...checkFinalPlan(schema, { initial: b, final: c }),
          ...checkReadResult(schema, c),
        ].map((v) => v.rule);
        expect(rules).not.toContain(ContractRule.internalError);
      }),
      { numRuns: 300 },
    );
  });
});

describe("set correlation (indexed) matches the pairwise definition", () => {
  const elemT = objectType({ a: str, b: num });
  const field = <T>(known: fc.Arbitrary<T>) => fc.option(known, { nil: undefined, freq: 3 });
  const plannedElem = fc.record({
    a: field(fc.constantFrom("x", "y", "z")),
    b: field(fc.integer({ min: 0, max: 3 })),
  });
  const concrete = fc.record({ a: fc.constantFrom("x", "y", "z"), b: fc.integer({ min: 0, max: 3 }) });
  const toPlanned = (e: { a?: string | undefined; b?: number | undefined }) =>
    objectVal({
      a: e.a === undefined ? unknownVal(str) : stringVal(e.a),
      b: e.b === undefined ? unknownVal(num) : numberVal(e.b),
    });
  const toActual = (e: { a: string; b: number }) => objectVal({ a: stringVal(e.a), b: numberVal(e.b) });
  const schemaS = body({ attributes: { s: attr(setType(elemT), { optional: true }) } });
  const blockSchema = body({
    blocks: {
      s: blk("set", { attributes: { a: attr(str, { optional: true }), b: attr(num, { optional: true }) } }),
    },
  });

  // Sets of primitives go through the index on their own value (primitiveKey): strings, exact
  // integers, fractions, huge and infinite numbers, bools, with unknown planned elements.
  it("sets of primitives: every pair is judged as core's Equals would", () => {
    const pools = {
      // Enough distinct values that planned × actual passes the 64 pairs where the index starts.
      string: [..."abcdefghijklmnop", ""].map((c) => stringVal(c)),
      number: [
        0,
        1,
        2,
        3,
        4,
        5,
        -3,
        2.5,
        7.25,
        0.1,
        1e21,
        -1e21,
        2 ** 60,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
      ].map((n) => numberVal(n)),
      bool: [True, booleanFalse],
    } as const;
    const kinds = Object.keys(pools) as (keyof typeof pools)[];
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds).chain((kind) =>
          fc.record({
            kind: fc.constant(kind),
            planned: fc.array(fc.option(fc.nat(pools[kind].length - 1), { nil: undefined, freq: 4 }), {
              minLength: 1,
              maxLength: 20,
            }),
            actual: fc.array(fc.nat(pools[kind].length - 1), { minLength: 1, maxLength: 20 }),
          }),
        ),
        ({ kind, planned, actual }) => {
          const pool = pools[kind];
          const t = (pool[0] as Value).type;
          const pSet = setVal(planned.map((i) => (i === undefined ? unknownVal(t) : (pool[i] as Value))));
          const aSet = setVal(actual.map((i) => pool[i] as Value));
          // The pairwise definition: an unknown correlates with anything, a known value with an
          // Equals-equal one.
          const corr = (p: Value, a: Value) => !p.isKnown() || equals(p, a).asBool();
          const pEls = pSet.elements();
          const aEls = aSet.elements();
          const lonelyPlanned = pEls.filter((p) => !aEls.some((a) => corr(p, a)));
          const lonelyActual = aEls.filter((a) => !pEls.some((p) => corr(p, a)));
          const want =
            lonelyPlanned.length > 0
              ? lonelyPlanned.map(
                  (p) =>
                    `planned set element ${valueGoString(p)} does not correlate with any element in actual`,
                )
              : lonelyActual.map(
                  (a) => `actual set element ${valueGoString(a)} does not correlate with any element in plan`,
                );
          if (pEls.length < aEls.length) want.push(`length changed from ${pEls.length} to ${aEls.length}`);
          expect(assertValueCompatible(pSet, aSet).map(formatViolation)).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("every pair is judged as core would (value sets and block sets)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(plannedElem, concrete), { minLength: 8, maxLength: 14 }),
        fc.array(concrete, { maxLength: 3 }),
        (pairs, extras) => {
          // Each planned element resolves to its own concrete value; extras may or may not match.
          const planned = pairs.map(([p]) => p);
          const resolved = pairs.map(([p, c]) => ({ a: p.a ?? c.a, b: p.b ?? c.b }));
          const actualEls = [...resolved, ...extras];
          const matches = (p: (typeof planned)[number], x: { a: string; b: number }) =>
            (p.a === undefined || p.a === x.a) && (p.b === undefined || p.b === x.b);
          const pSet = setVal(planned.map(toPlanned));
          const aSet = setVal(actualEls.map(toActual));
          const unmatched = aSet.elements().filter((x) => {
            const a = x.getAttr("a").asString();
            const b = Number(x.getAttr("b").asNumber().toBigInt());
            return !planned.some((p) => matches(p, { a, b }));
          });
          const want = unmatched.map(
            (x) => `.s: actual set element ${valueGoString(x)} does not correlate with any element in plan`,
          );
          const grew = pSet.lengthInt() < aSet.lengthInt();
          const valueWant = [
            ...want,
            ...(grew ? [`.s: length changed from ${pSet.lengthInt()} to ${aSet.lengthInt()}`] : []),
          ];
          const blockWant = [
            ...want,
            ...(grew ? [`.s: block set length changed from ${pSet.lengthInt()} to ${aSet.lengthInt()}`] : []),
          ];
          expect(
            assertObjectCompatible(schemaS, objectVal({ s: pSet }), objectVal({ s: aSet })).map(
              formatViolation,
            ),
          ).toEqual(valueWant);
          expect(
            assertObjectCompatible(blockSchema, objectVal({ s: pSet }), objectVal({ s: aSet })).map(
              formatViolation,
            ),
          ).toEqual(blockWant);
        },
      ),
      { numRuns: 200 },
    );
  });
});
