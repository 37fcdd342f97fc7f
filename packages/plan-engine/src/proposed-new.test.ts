import type { Value } from "@tfkit/cty-values";
import {
  dynamicType,
  listType,
  mapVal,
  mapValEmpty,
  nullVal,
  setType,
  stringType,
  tupleVal,
  unknownVal,
} from "@tfkit/cty-values";
import { attr, block, resourceSchema, t } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { emptySet, expectValue, list, n, NS, nul, obj, ot, s, set, US } from "./internal/test-helpers.js";
import { plannedDataResourceObject, proposedNew, proposedNewKeyed } from "./proposed-new.js";

// Cases re-expressed from terraform's internal/plans/objchange/objchange_test.go (TestProposedNew)
// and spec §5.2 / §7 items 39–43.

describe("proposedNew: top level", () => {
  const schema = resourceSchema({
    attributes: {
      foo: attr.string({ optional: true }),
      bar: attr.string({ computed: true }),
    },
  });

  it("config and prior both null: null (the prior)", () => {
    expectValue(proposedNew(schema, nul(schema.type), nul(schema.type)), nul(schema.type));
  });

  it("null config (destroy) keeps the prior", () => {
    const prior = obj({ foo: s("a"), bar: s("b") });
    expectValue(proposedNew(schema, prior, nul(schema.type)), prior);
  });

  it("no prior: unset computed attributes stay null, config unknowns are preserved", () => {
    const baz = block.single({
      attributes: {
        boz: attr.string({ optional: true, computed: true }),
        biz: attr.string({ optional: true, computed: true }),
      },
    });
    const sch = resourceSchema({
      attributes: {
        foo: attr.string({ optional: true }),
        bar: attr.string({ computed: true }),
        bloop: attr.singleNested(
          { blop: attr.string({ required: true }) },
          { optional: true, computed: true },
        ),
      },
      blocks: { baz },
    });
    const config = obj({
      foo: s("hello"),
      bar: NS,
      bloop: nul(ot({ blop: stringType })),
      baz: obj({ boz: s("world"), biz: US }),
    });
    expectValue(proposedNew(sch, nul(sch.type), config), config);
  });

  it("prior attributes: computed null-in-config take prior, configured take config", () => {
    const sch = resourceSchema({
      attributes: {
        foo: attr.string({ optional: true }),
        bar: attr.string({ computed: true }),
        baz: attr.string({ optional: true, computed: true }),
        boz: attr.string({ optional: true, computed: true }),
        bloop: attr.singleNested({ blop: attr.string({ required: true }) }, { optional: true }),
      },
    });
    const prior = obj({
      foo: s("bonjour"),
      bar: s("petit dejeuner"),
      baz: s("grande dejeuner"),
      boz: s("a la monde"),
      bloop: obj({ blop: s("glub") }),
    });
    const config = obj({
      foo: s("hello"),
      bar: NS,
      baz: NS,
      boz: s("world"),
      bloop: obj({ blop: s("bleep") }),
    });
    expectValue(
      proposedNew(sch, prior, config),
      obj({
        foo: s("hello"),
        bar: s("petit dejeuner"),
        baz: s("grande dejeuner"),
        boz: s("world"),
        bloop: obj({ blop: s("bleep") }),
      }),
    );
  });

  it("§7.39: a computed-only attribute set in config: config wins", () => {
    const prior = obj({ foo: NS, bar: s("old") });
    const config = obj({ foo: NS, bar: s("new") });
    expectValue(proposedNew(schema, prior, config), config);
  });

  it("§7.40: Optional+Computed, config null, prior value kept", () => {
    const sch = resourceSchema({ attributes: { oc: attr.string({ optional: true, computed: true }) } });
    expectValue(proposedNew(sch, obj({ oc: s("p") }), obj({ oc: NS })), obj({ oc: s("p") }));
  });

  it("unknown config attribute stays unknown even when prior has a value", () => {
    const sch = resourceSchema({ attributes: { oc: attr.string({ optional: true, computed: true }) } });
    expectValue(proposedNew(sch, obj({ oc: s("p") }), obj({ oc: US })), obj({ oc: US }));
  });
});

describe("proposedNew: single blocks and single nested attributes", () => {
  const sch = resourceSchema({
    attributes: {
      bloop: attr.singleNested(
        { blop: attr.string({ required: true }), bleep: attr.string({ optional: true }) },
        { optional: true },
      ),
    },
    blocks: {
      foo: block.single({
        attributes: {
          bar: attr.string({ optional: true, computed: true }),
          baz: attr.string({ optional: true, computed: true }),
        },
      }),
    },
  });

  it("prior nested single: computed attributes merged inside", () => {
    const prior = obj({
      foo: obj({ bar: s("beep"), baz: s("boop") }),
      bloop: obj({ blop: s("glub"), bleep: NS }),
    });
    const config = obj({
      foo: obj({ bar: s("bap"), baz: NS }),
      bloop: obj({ blop: s("glub"), bleep: s("beep") }),
    });
    expectValue(
      proposedNew(sch, prior, config),
      obj({ foo: obj({ bar: s("bap"), baz: s("boop") }), bloop: obj({ blop: s("glub"), bleep: s("beep") }) }),
    );
  });

  it("prior nested single to null: null config block and nested attribute stay null", () => {
    const prior = obj({
      foo: obj({ bar: s("beep"), baz: s("boop") }),
      bloop: obj({ blop: s("glub"), bleep: NS }),
    });
    const config = obj({
      foo: nul(ot({ bar: stringType, baz: stringType })),
      bloop: nul(ot({ blop: stringType, bleep: stringType })),
    });
    expectValue(proposedNew(sch, prior, config), config);
  });

  it("§7.43 prior optional computed nested single to null: the user removed it", () => {
    const sch2 = resourceSchema({
      attributes: {
        bloop: attr.singleNested(
          { blop: attr.string({ required: true }), bleep: attr.string({ optional: true }) },
          { optional: true, computed: true },
        ),
      },
    });
    const prior = obj({ bloop: obj({ blop: s("glub"), bleep: NS }) });
    const config = obj({ bloop: nul(ot({ blop: stringType, bleep: stringType })) });
    expectValue(proposedNew(sch2, prior, config), config);
  });

  it("computed within optional+computed: prior with only computed data is kept", () => {
    const sch2 = resourceSchema({
      attributes: {
        bloop: attr.singleNested(
          { blop: attr.string({ optional: true, computed: true }), bleep: attr.string({ computed: true }) },
          { optional: true, computed: true },
        ),
      },
    });
    const prior = obj({ bloop: obj({ blop: s("glub"), bleep: s("x") }) });
    const config = obj({ bloop: nul(ot({ blop: stringType, bleep: stringType })) });
    expectValue(proposedNew(sch2, prior, config), prior);
  });
});

describe("proposedNew: list blocks and list nested attributes", () => {
  const sch = resourceSchema({
    attributes: {
      bloop: attr.listNested({ blop: attr.string({ required: true }) }, { optional: true }),
    },
    blocks: {
      foo: block.list({
        attributes: {
          bar: attr.string({ optional: true, computed: true }),
          baz: attr.string({ optional: true, computed: true }),
        },
      }),
    },
  });

  it("prior nested list: correlated by index; extra config elements taken as is", () => {
    const prior = obj({
      foo: list(obj({ bar: s("beep"), baz: s("boop") })),
      bloop: list(obj({ blop: s("bar") }), obj({ blop: s("baz") })),
    });
    const config = obj({
      foo: list(obj({ bar: s("bap"), baz: NS }), obj({ bar: s("blep"), baz: NS })),
      bloop: list(obj({ blop: s("bar") }), obj({ blop: s("baz") })),
    });
    expectValue(
      proposedNew(sch, prior, config),
      obj({
        foo: list(obj({ bar: s("bap"), baz: s("boop") }), obj({ bar: s("blep"), baz: NS })),
        bloop: list(obj({ blop: s("bar") }), obj({ blop: s("baz") })),
      }),
    );
  });

  it("§7.41 list block: element 0 gets the prior computed id, element 1 stays as config", () => {
    const sch2 = resourceSchema({
      blocks: {
        nic: block.list({
          attributes: { x: attr.number({ required: true }), id: attr.string({ computed: true }) },
        }),
      },
    });
    const prior = obj({ nic: list(obj({ x: n(1), id: s("a") })) });
    const config = obj({ nic: list(obj({ x: n(1), id: NS }), obj({ x: n(2), id: NS })) });
    expectValue(
      proposedNew(sch2, prior, config),
      obj({ nic: list(obj({ x: n(1), id: s("a") }), obj({ x: n(2), id: NS })) }),
    );
  });

  it("list blocks with a dynamic attribute are tuples and stay tuples", () => {
    const sch2 = resourceSchema({
      blocks: {
        foo: block.list({
          attributes: {
            bar: attr.string({ optional: true, computed: true }),
            baz: attr.dynamic({ optional: true, computed: true }),
          },
        }),
      },
    });
    const prior = obj({ foo: tupleVal([obj({ bar: s("beep"), baz: s("boop") })]) });
    const config = obj({
      foo: tupleVal([
        obj({ bar: s("bap"), baz: nullVal(dynamicType) }),
        obj({ bar: s("blep"), baz: nullVal(dynamicType) }),
      ]),
    });
    expectValue(
      proposedNew(sch2, prior, config),
      obj({
        foo: tupleVal([
          obj({ bar: s("bap"), baz: s("boop") }),
          obj({ bar: s("blep"), baz: nullVal(dynamicType) }),
        ]),
      }),
    );
  });
});

describe("proposedNew: map blocks and map nested attributes", () => {
  it("correlated by key; new keys taken from config", () => {
    const sch = resourceSchema({
      attributes: {
        m: attr.mapNested(
          { a: attr.string({ optional: true }), c: attr.string({ computed: true }) },
          { optional: true },
        ),
      },
      blocks: { b: block.map({ attributes: { x: attr.string({ optional: true, computed: true }) } }) },
    });
    const prior = obj({
      m: mapVal({ k1: obj({ a: s("1"), c: s("c1") }), k2: obj({ a: s("2"), c: s("c2") }) }),
      b: mapVal({ one: obj({ x: s("px") }) }),
    });
    const config = obj({
      m: mapVal({ k1: obj({ a: s("1b"), c: NS }), k3: obj({ a: s("3"), c: NS }) }),
      b: mapVal({ one: obj({ x: NS }), two: obj({ x: NS }) }),
    });
    expectValue(
      proposedNew(sch, prior, config),
      obj({
        m: mapVal({ k1: obj({ a: s("1b"), c: s("c1") }), k3: obj({ a: s("3"), c: NS }) }),
        b: mapVal({ one: obj({ x: s("px") }), two: obj({ x: NS }) }),
      }),
    );
  });
});

describe("proposedNew: sets", () => {
  const sch = resourceSchema({
    attributes: {
      bloop: attr.setNested(
        { opt: attr.string({ optional: true }), cmp: attr.string({ optional: true, computed: true }) },
        { optional: true },
      ),
    },
    blocks: {
      baz: block.set({
        attributes: { opt: attr.string({ optional: true }), cmp: attr.string({ computed: true }) },
      }),
    },
  });

  it("no prior with set: config as is", () => {
    const config = obj({
      bloop: set(obj({ opt: s("a"), cmp: NS })),
      baz: set(obj({ opt: s("b"), cmp: NS })),
    });
    expectValue(proposedNew(sch, nul(sch.type), config), config);
  });

  it("set with partial optional computed change: matched element keeps cmp, changed one gets null", () => {
    const prior = obj({
      bloop: set(obj({ opt: s("one"), cmp: s("OK") }), obj({ opt: s("two"), cmp: s("OK") })),
      baz: set(obj({ opt: s("one"), cmp: s("OK") }), obj({ opt: s("two"), cmp: s("OK") })),
    });
    const config = obj({
      bloop: set(obj({ opt: s("one"), cmp: NS }), obj({ opt: s("replaced"), cmp: NS })),
      baz: set(obj({ opt: s("one"), cmp: NS }), obj({ opt: s("replaced"), cmp: NS })),
    });
    expectValue(
      proposedNew(sch, prior, config),
      obj({
        bloop: set(obj({ opt: s("one"), cmp: s("OK") }), obj({ opt: s("replaced"), cmp: NS })),
        baz: set(obj({ opt: s("one"), cmp: s("OK") }), obj({ opt: s("replaced"), cmp: NS })),
      }),
    );
  });

  it("§7.42 set element whose non-computed attribute changed: no match, computed null", () => {
    const prior = obj({ bloop: nul(sch.attributes.bloop.type), baz: set(obj({ opt: s("a"), cmp: s("X") })) });
    const config = obj({ bloop: nul(sch.attributes.bloop.type), baz: set(obj({ opt: s("b"), cmp: NS })) });
    expectValue(proposedNew(sch, prior, config), config);
  });

  it("sets differing only by unknown: both elements survive", () => {
    const prior = obj({
      bloop: nul(sch.attributes.bloop.type),
      baz: emptySet(ot({ opt: stringType, cmp: stringType })),
    });
    const config = obj({
      bloop: set(obj({ opt: US, cmp: NS }), obj({ opt: US, cmp: NS })),
      baz: emptySet(ot({ opt: stringType, cmp: stringType })),
    });
    const got = proposedNew(sch, prior, config);
    expect(got.getAttr("bloop").lengthInt()).toBe(2);
  });

  it("a configured optional+computed leaf that differs from prior prevents the match", () => {
    const prior = obj({
      bloop: set(obj({ opt: s("a"), cmp: s("p") })),
      baz: emptySet(ot({ opt: stringType, cmp: stringType })),
    });
    const config = obj({
      bloop: set(obj({ opt: s("a"), cmp: s("c") })),
      baz: emptySet(ot({ opt: stringType, cmp: stringType })),
    });
    expectValue(proposedNew(sch, prior, config), config);
  });

  it("each prior element is used at most once", () => {
    const prior = obj({ bloop: nul(sch.attributes.bloop.type), baz: set(obj({ opt: s("a"), cmp: s("X") })) });
    const config = obj({
      bloop: nul(sch.attributes.bloop.type),
      baz: set(obj({ opt: s("a"), cmp: NS }), obj({ opt: US, cmp: NS })),
    });
    const got = proposedNew(sch, prior, config).getAttr("baz").elements();
    expect(got.filter((e) => e.getAttr("cmp").isKnown() && !e.getAttr("cmp").isNull()).length).toBe(1);
  });

  it("a nested set inside a set element must be equal as a whole", () => {
    const sch2 = resourceSchema({
      blocks: {
        outer: block.set({
          attributes: { c: attr.string({ computed: true }) },
          blocks: { inner: block.set({ attributes: { v: attr.string({ optional: true }) } }) },
        }),
      },
    });
    const prior = obj({ outer: set(obj({ c: s("X"), inner: set(obj({ v: s("1") })) })) });
    const same = obj({ outer: set(obj({ c: NS, inner: set(obj({ v: s("1") })) })) });
    const diff = obj({ outer: set(obj({ c: NS, inner: set(obj({ v: s("2") })) })) });
    expectValue(proposedNew(sch2, prior, same), prior);
    expectValue(proposedNew(sch2, prior, diff), diff);
  });
});

describe("plannedDataResourceObject", () => {
  it("inside blocks and nested attributes too (the prior is wholly unknown)", () => {
    const sch = resourceSchema({
      attributes: {
        items: attr.listNested(
          { a: attr.string({ optional: true }), c: attr.string({ computed: true }) },
          { optional: true },
        ),
      },
      blocks: {
        b: block.list({
          attributes: { x: attr.string({ optional: true }), id: attr.string({ computed: true }) },
        }),
      },
    });
    expectValue(
      plannedDataResourceObject(
        sch,
        obj({ items: list(obj({ a: s("1"), c: NS })), b: list(obj({ x: s("2"), id: NS })) }),
      ),
      obj({ items: list(obj({ a: s("1"), c: US })), b: list(obj({ x: s("2"), id: US })) }),
    );
  });

  it("map nested attributes and map blocks: computed children of every element become unknown", () => {
    // Core's proposedNewNestingMap gives each key of an unknown prior an unknown element, so the
    // computed attributes inside are unknown, as in list elements.
    const sch = resourceSchema({
      attributes: {
        m: attr.mapNested(
          { v: attr.string({ optional: true }), c: attr.string({ computed: true }) },
          { optional: true },
        ),
      },
      blocks: {
        entry: block.map({
          attributes: { v: attr.string({ optional: true }), c: attr.string({ computed: true }) },
        }),
      },
    });
    expectValue(
      plannedDataResourceObject(
        sch,
        obj({ m: mapVal({ k: obj({ c: NS, v: s("a") }) }), entry: mapVal({ k: obj({ c: NS, v: s("b") }) }) }),
      ),
      obj({ m: mapVal({ k: obj({ c: US, v: s("a") }) }), entry: mapVal({ k: obj({ c: US, v: s("b") }) }) }),
    );
  });

  it("set elements are not: core finds no prior element for them, so their computed attributes stay null", () => {
    const sch = resourceSchema({
      attributes: {
        s: attr.setNested(
          { v: attr.string({ optional: true }), c: attr.string({ computed: true }) },
          { optional: true },
        ),
      },
      blocks: {
        b: block.set({
          attributes: { v: attr.string({ optional: true }), c: attr.string({ computed: true }) },
        }),
      },
    });
    const config = obj({ s: set(obj({ c: NS, v: s("a") })), b: set(obj({ c: NS, v: s("b") })) });
    expectValue(plannedDataResourceObject(sch, config), config);
  });

  it("computed attributes null in config become unknown", () => {
    const sch = resourceSchema({
      attributes: {
        name: attr.string({ required: true }),
        id: attr.string({ computed: true }),
        oc: attr.string({ optional: true, computed: true }),
      },
    });
    expectValue(
      plannedDataResourceObject(sch, obj({ name: s("a"), id: NS, oc: s("set") })),
      obj({ name: s("a"), id: US, oc: s("set") }),
    );
  });
});

describe("proposedNew: unknown config values", () => {
  const sch = resourceSchema({
    attributes: {
      items: attr.listNested(
        { a: attr.string({ optional: true }), c: attr.string({ computed: true }) },
        { optional: true },
      ),
    },
    blocks: {
      b: block.list({
        attributes: { x: attr.string({ optional: true }), id: attr.string({ computed: true }) },
      }),
    },
  });
  const IT = sch.attributes.items.type;
  const BT = sch.blocks.b.type;

  it("a wholly unknown nested attribute or dynamic block stays unknown", () => {
    const prior = obj({
      items: list(obj({ a: s("1"), c: s("c1") })),
      b: list(obj({ x: s("1"), id: s("i1") })),
    });
    const config = obj({ items: unknownVal(IT), b: unknownVal(BT) });
    expectValue(proposedNew(sch, prior, config), config);
  });

  it("an unknown element of a list nested attribute becomes an object of unknowns when a prior element exists", () => {
    const ET = sch.attributes.items.objectType;
    const prior = obj({
      items: list(obj({ a: s("1"), c: s("c1") })),
      b: list(obj({ x: s("1"), id: s("i1") })),
    });
    const config = obj({ items: list(unknownVal(ET)), b: list(obj({ x: s("1"), id: NS })) });
    expectValue(
      proposedNew(sch, prior, config),
      obj({ items: list(obj({ a: US, c: US })), b: list(obj({ x: s("1"), id: s("i1") })) }),
    );
  });
});

describe("proposedNew: map blocks with dynamic attributes are objects", () => {
  it("correlated by key and returned as an object", () => {
    const sch = resourceSchema({
      blocks: {
        m: block.map({
          attributes: { d: attr.dynamic({ optional: true }), id: attr.string({ computed: true }) },
        }),
      },
    });
    const prior = obj({ m: obj({ k: obj({ d: s("x"), id: s("i") }) }) });
    const config = obj({ m: obj({ k: obj({ d: n(1), id: NS }), j: obj({ d: s("y"), id: NS }) }) });
    expectValue(
      proposedNew(sch, prior, config),
      obj({ m: obj({ k: obj({ d: n(1), id: s("i") }), j: obj({ d: s("y"), id: NS }) }) }),
    );
  });
});

// Issue 18: behaviour mutation testing found unpinned.

describe("proposedNew: single nested attributes and group blocks keep computed children", () => {
  const child = { a: attr.string({ optional: true }), c: attr.string({ computed: true }) };
  const sch = resourceSchema({
    attributes: { one: attr.singleNested(child, { optional: true }) },
    blocks: { grp: block.group({ attributes: child }), solo: block.single({ attributes: child }) },
  });
  const v = (a: Value, c: Value) => obj({ a, c });

  it("a configured single nested attribute takes its computed children from the prior state", () => {
    const prior = obj({ one: v(s("x"), s("oc")), grp: v(s("g"), s("gc")), solo: v(s("s"), s("sc")) });
    const config = obj({ one: v(s("y"), NS), grp: v(s("g2"), NS), solo: v(s("s"), NS) });
    expectValue(
      proposedNew(sch, prior, config),
      obj({ one: v(s("y"), s("oc")), grp: v(s("g2"), s("gc")), solo: v(s("s"), s("sc")) }),
    );
  });

  it("an omitted group block keeps its computed children; an omitted single block is null", () => {
    const prior = obj({ one: v(s("x"), s("oc")), grp: v(s("g"), s("gc")), solo: v(s("s"), s("sc")) });
    const OT = ot({ a: stringType, c: stringType });
    const config = obj({ one: nul(OT), grp: v(NS, NS), solo: nul(OT) });
    expectValue(proposedNew(sch, prior, config), obj({ one: nul(OT), grp: v(NS, s("gc")), solo: nul(OT) }));
  });

  it("on create an omitted group block is an object of nulls", () => {
    const OT = ot({ a: stringType, c: stringType });
    const config = obj({ one: nul(OT), grp: v(NS, NS), solo: nul(OT) });
    expectValue(proposedNew(sch, nul(sch.type), config), config);
  });
});

describe("proposedNew: optional+computed nested attributes the user removed", () => {
  it("a null non-computed child does not count as configured data: the prior value is kept", () => {
    const sch = resourceSchema({
      attributes: {
        bloop: attr.singleNested(
          { blop: attr.string({ optional: true }), bleep: attr.string({ computed: true }) },
          { optional: true, computed: true },
        ),
      },
    });
    const prior = obj({ bloop: obj({ blop: NS, bleep: s("x") }) });
    const config = obj({ bloop: nul(ot({ blop: stringType, bleep: stringType })) });
    expectValue(proposedNew(sch, prior, config), prior);
  });

  it("a non-computed child inside a computed nested attribute does count: the value is dropped", () => {
    const sch = resourceSchema({
      attributes: {
        bloop: attr.singleNested(
          { inner: attr.singleNested({ x: attr.string({ optional: true }) }, { computed: true }) },
          { optional: true, computed: true },
        ),
      },
    });
    const IT = ot({ inner: ot({ x: stringType }) });
    const prior = obj({ bloop: obj({ inner: obj({ x: s("set") }) }) });
    expectValue(proposedNew(sch, prior, obj({ bloop: nul(IT) })), obj({ bloop: nul(IT) }));
  });
});

describe("proposedNew: computed attributes null in config keep the prior value", () => {
  it("a computed-only nested attribute keeps it even with non-computed children (only Optional ones are dropped)", () => {
    const sch = resourceSchema({
      attributes: { info: attr.singleNested({ v: attr.string({ optional: true }) }, { computed: true }) },
    });
    const prior = obj({ info: obj({ v: s("x") }) });
    expectValue(proposedNew(sch, prior, obj({ info: nul(ot({ v: stringType })) })), prior);
  });

  it("an optional+computed object attribute (not nested attributes) keeps it", () => {
    const sch = resourceSchema({
      attributes: { o: attr.object({ a: t.string }, { optional: true, computed: true }) },
    });
    const prior = obj({ o: obj({ a: s("x") }) });
    expectValue(proposedNew(sch, prior, obj({ o: nul(ot({ a: stringType })) })), prior);
  });
});

describe("proposedNew: map nested attributes and map blocks, edge cases", () => {
  const sch = resourceSchema({
    attributes: {
      m: attr.mapNested(
        { a: attr.string({ optional: true }), c: attr.string({ computed: true }) },
        { optional: true },
      ),
    },
  });
  const MT = sch.attributes.m.type;
  const ET = sch.attributes.m.objectType;
  const prior = obj({ m: mapVal({ k: obj({ a: s("1"), c: s("c1") }) }) });

  it("a null or empty config map stays as configured", () => {
    expectValue(proposedNew(sch, prior, obj({ m: nul(MT) })), obj({ m: nul(MT) }));
    const empty = obj({ m: mapValEmpty(ET) });
    expectValue(proposedNew(sch, prior, empty), empty);
  });

  it("a null or empty prior map contributes nothing", () => {
    const config = obj({ m: mapVal({ k: obj({ a: s("1"), c: NS }) }) });
    expectValue(proposedNew(sch, obj({ m: nul(MT) }), config), config);
    expectValue(proposedNew(sch, obj({ m: mapValEmpty(ET) }), config), config);
  });
});

describe("proposedNew: list nested attribute elements", () => {
  it("a null element stays null even where a prior element exists", () => {
    const sch = resourceSchema({
      attributes: {
        l: attr.listNested(
          { a: attr.string({ optional: true }), c: attr.string({ computed: true }) },
          { optional: true },
        ),
      },
    });
    const ET = sch.attributes.l.objectType;
    const prior = obj({ l: list(obj({ a: s("1"), c: s("c1") })) });
    const config = obj({ l: list(nul(ET)) });
    expectValue(proposedNew(sch, prior, config), config);
  });
});

describe("proposedNew: set correlation (validPriorFromConfig)", () => {
  it("elements differing only in a computed child of a nested attribute correlate", () => {
    const sch = resourceSchema({
      attributes: {
        s: attr.setNested(
          {
            a: attr.string({ optional: true }),
            inner: attr.singleNested(
              { v: attr.string({ optional: true }), c: attr.string({ computed: true }) },
              { optional: true },
            ),
          },
          { optional: true },
        ),
      },
    });
    const el = (c: Value) => obj({ a: s("x"), inner: obj({ v: s("1"), c }) });
    expectValue(
      proposedNew(sch, obj({ s: set(el(s("comp"))) }), obj({ s: set(el(NS)) })),
      obj({ s: set(el(s("comp"))) }),
    );
  });

  it("elements differing in a non-computed child of a nested attribute do not correlate", () => {
    const sch = resourceSchema({
      attributes: {
        s: attr.setNested(
          {
            a: attr.string({ optional: true }),
            inner: attr.singleNested(
              { v: attr.string({ optional: true }), c: attr.string({ computed: true }) },
              { optional: true },
            ),
          },
          { optional: true },
        ),
      },
    });
    const el = (v: string, c: Value) => obj({ a: s("x"), inner: obj({ v: s(v), c }) });
    expectValue(
      proposedNew(sch, obj({ s: set(el("1", s("comp"))) }), obj({ s: set(el("2", NS)) })),
      obj({ s: set(el("2", NS)) }),
    );
  });

  it("a computed list attribute null in config is not descended into: the elements correlate", () => {
    const sch = resourceSchema({
      blocks: {
        b: block.set({
          attributes: { k: attr.string({ optional: true }), ids: attr.list(t.string, { computed: true }) },
        }),
      },
    });
    const prior = obj({ b: set(obj({ k: s("a"), ids: list(s("1")) })) });
    const config = obj({ b: set(obj({ k: s("a"), ids: nul(listType(stringType)) })) });
    expectValue(proposedNew(sch, prior, config), prior);
  });

  it("an optional+computed set attribute null in config prevents the match (nested sets must be equal)", () => {
    const sch = resourceSchema({
      blocks: {
        b: block.set({
          attributes: {
            k: attr.string({ optional: true }),
            ids: attr.set(t.string, { optional: true, computed: true }),
            c: attr.string({ computed: true }),
          },
        }),
      },
    });
    const prior = obj({ b: set(obj({ k: s("a"), ids: set(s("1")), c: s("comp") })) });
    const config = obj({ b: set(obj({ k: s("a"), ids: nul(setType(stringType)), c: NS })) });
    expectValue(proposedNew(sch, prior, config), config);
  });

  it("a nested list block with fewer elements in config prevents the match", () => {
    const sch = resourceSchema({
      blocks: {
        b: block.set({
          attributes: { c: attr.string({ computed: true }) },
          blocks: { inner: block.list({ attributes: { x: attr.string({ optional: true }) } }) },
        }),
      },
    });
    const prior = obj({ b: set(obj({ c: s("comp"), inner: list(obj({ x: s("1") }), obj({ x: s("2") })) })) });
    const config = obj({ b: set(obj({ c: NS, inner: list(obj({ x: s("1") })) })) });
    expectValue(proposedNew(sch, prior, config), config);
  });
});

describe("keyBy: proposedNew correlates like core, proposedNewKeyed by key", () => {
  const items = attr.listNested(
    {
      name: attr.string({ required: true }),
      v: attr.string({ optional: true }),
      id: attr.string({ computed: true }),
    },
    { optional: true, keyBy: ["name"] },
  );
  const tags = attr.setNested(
    {
      name: attr.string({ required: true }),
      v: attr.string({ optional: true }),
      id: attr.string({ computed: true }),
    },
    { optional: true, keyBy: ["name"] },
  );
  const plain = attr.setNested(
    { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
    { optional: true },
  );
  const sch = resourceSchema({ attributes: { items, tags, plain } });
  const el = (name: string, v: Value, id: Value) => obj({ name: s(name), v, id });
  const pl = (name: string, id: Value) => obj({ name: s(name), id });
  const prior = obj({
    items: list(el("a", NS, s("1")), el("b", NS, s("2"))),
    tags: set(el("a", s("x"), s("3"))),
    plain: set(pl("p", s("4"))),
  });
  const config = obj({
    items: list(el("b", NS, NS), el("a", NS, NS)),
    tags: set(el("a", s("y"), NS)),
    plain: set(pl("p", NS)),
  });

  it("proposedNew: lists by index, sets by value (the key does not count)", () => {
    expectValue(
      proposedNew(sch, prior, config),
      obj({
        items: list(el("b", NS, s("1")), el("a", NS, s("2"))),
        tags: set(el("a", s("y"), NS)),
        plain: set(pl("p", s("4"))),
      }),
    );
  });

  it("proposedNewKeyed: keyBy lists and sets by key; sets without keyBy still as core", () => {
    expectValue(
      proposedNewKeyed(sch, prior, config),
      obj({
        items: list(el("b", NS, s("2")), el("a", NS, s("1"))),
        tags: set(el("a", s("y"), s("3"))),
        plain: set(pl("p", s("4"))),
      }),
    );
  });

  it("proposedNewKeyed: keyBy inside keyBy elements is keyed too", () => {
    const nested = resourceSchema({
      attributes: {
        outer: attr.listNested(
          { k: attr.string({ required: true }), inner: items },
          { optional: true, keyBy: ["k"] },
        ),
      },
    });
    const o = (k: string, inner: Value) => obj({ k: s(k), inner });
    const p = obj({ outer: list(o("o", list(el("a", NS, s("1")), el("b", NS, s("2"))))) });
    const c = obj({ outer: list(o("o", list(el("b", NS, NS), el("a", NS, NS)))) });
    expectValue(
      proposedNewKeyed(nested, p, c),
      obj({ outer: list(o("o", list(el("b", NS, s("2")), el("a", NS, s("1"))))) }),
    );
  });

  it("proposedNewKeyed: keyBy list blocks with a dynamic attribute stay tuples", () => {
    const dyn = resourceSchema({
      blocks: {
        b: block.list({
          attributes: {
            name: attr.string({ required: true }),
            d: attr.dynamic({ optional: true }),
            id: attr.string({ computed: true }),
          },
          keyBy: ["name"],
        }),
      },
    });
    const e = (name: string, d: Value, id: Value) => obj({ name: s(name), d, id });
    const p = obj({ b: tupleVal([e("a", s("x"), s("1")), e("b", n(2), s("2"))]) });
    const c = obj({ b: tupleVal([e("b", n(3), NS), e("a", s("y"), NS)]) });
    expectValue(
      proposedNewKeyed(dyn, p, c),
      obj({ b: tupleVal([e("b", n(3), s("2")), e("a", s("y"), s("1"))]) }),
    );
  });

  it("plannedDataResourceObject: computed children of keyBy elements become unknown (core's index correlation)", () => {
    const data = resourceSchema({ attributes: { items } });
    expectValue(
      plannedDataResourceObject(data, obj({ items: list(el("a", NS, NS)) })),
      obj({ items: list(el("a", NS, US)) }),
    );
  });
});
