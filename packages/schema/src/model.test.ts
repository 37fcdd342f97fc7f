import {
  CtyNumber,
  DynamicVal,
  False,
  isCtyError,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  mark,
  nullVal,
  numberVal,
  objectVal,
  rawEquals,
  refine,
  refineNotNull,
  setVal,
  setValEmpty,
  stringVal,
  True,
  tupleVal,
  unknownVal,
  type Value,
  valueGoString,
} from "@tfkit/cty-values";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import { emptyValue } from "./implied-type.js";
import { setAttribute } from "./path-access.js";
import { fromModel, fromModelSalvaging, toModel } from "./model.js";
import type { Plan, State } from "./model-types.js";
import { resourceSchema } from "./schema.js";
import { t } from "./type-constructors.js";
import { isUnknown, Unknown } from "./unknown.js";

const ok = { optional: true } as const;

const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    note: attr.string(ok),
    region: attr.string({ optional: true, computed: true }),
    size: attr.number(ok),
    port: attr.int64(ok),
    ratio: attr.float64(ok),
    on: attr.bool(ok),
    secret: attr.string({ optional: true, writeOnly: true }),
    tags: attr.map(t.string, ok),
    zones: attr.set(t.string, ok),
    meta: attr.object({ owner: t.string, n: t.int64 }, ok),
    pair: attr.of(t.tuple([t.string, t.bool]), ok),
    extra: attr.dynamic(ok),
    disks: attr.listNested(
      { size: attr.int64({ required: true }), disk_id: attr.string({ computed: true }) },
      ok,
    ),
    labels: attr.mapNested({ v: attr.string(ok) }, ok),
    endpoint: attr.singleNested({ host: attr.string({ required: true }) }, { computed: true }),
  },
  blocks: {
    nic: block.list({ attributes: { ip: attr.string(ok), mac: attr.string({ computed: true }) } }),
    rule: block.set({ attributes: { port: attr.int64(ok) } }),
    boot: block.single({ attributes: { image: attr.string({ required: true }) }, required: true }),
    opt: block.group({ attributes: { x: attr.string(ok) } }),
    named: block.map({ attributes: { v: attr.string(ok) } }),
    dyn: block.list({ attributes: { d: attr.dynamic(ok) } }),
  },
});

const fullState: State<typeof schema> = {
  id: "srv-1",
  name: "web",
  note: null,
  region: "eu",
  size: CtyNumber.parse("0.1"),
  port: 8080,
  ratio: 0.25,
  on: true,
  secret: null,
  // JSON.parse makes "__proto__" an own key, as a map key from Terraform would be.
  tags: JSON.parse('{"env":"prod","__proto__":"odd key"}'),
  zones: ["b", "a"],
  meta: { owner: "me", n: null },
  pair: ["x", false],
  extra: listVal([stringVal("any")]),
  disks: [{ size: 10, disk_id: "d1" }],
  labels: { a: { v: null } },
  endpoint: null,
  nic: [{ ip: "10.0.0.1", mac: "aa" }],
  rule: [{ port: 22 }, { port: 22 }],
  boot: { image: "debian" },
  opt: { x: null },
  named: {},
  dyn: [{ d: stringVal("s") }, { d: numberVal(1) }],
};

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isCtyError(e)) return e.message;
    throw e;
  }
  return "no error";
}

describe("fromModel", () => {
  // Built in beforeAll, not while collecting: a throw here must fail the tests (mutation testing
  // counts a suite that cannot even load as passing).
  let v: Value;
  beforeAll(() => {
    v = fromModel(schema, fullState, "state");
  });

  it("builds a value of the implied type", () => {
    const attrs = schema.type.attributeTypes;
    for (const [name, value] of v.entries()) {
      const want = attrs[name];
      if (want === undefined) throw new Error(name);
      if (want.kind !== "dynamic" && name !== "extra" && name !== "dyn") {
        expect(valueGoString(nullVal(value.type)), name).toBe(valueGoString(nullVal(want)));
      }
    }
    expect([...v.entries().keys()]).toEqual(Object.keys(attrs));
  });

  it("maps each model to the cty value it stands for", () => {
    const at = (n: string) => valueGoString(v.getAttr(n));
    expect(at("name")).toBe('cty.StringVal("web")');
    expect(at("note")).toBe("cty.NullVal(cty.String)");
    expect(at("size")).toBe('cty.MustParseNumberVal("0.1")');
    expect(at("port")).toBe("cty.NumberIntVal(8080)");
    expect(at("ratio")).toBe("cty.NumberFloatVal(0.25)");
    expect(at("on")).toBe("cty.True");
    expect(at("zones")).toBe('cty.SetVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})');
    expect(at("tags")).toBe(
      'cty.MapVal(map[string]cty.Value{"__proto__":cty.StringVal("odd key"), "env":cty.StringVal("prod")})',
    );
    expect(at("meta")).toBe(
      'cty.ObjectVal(map[string]cty.Value{"n":cty.NullVal(cty.Number), "owner":cty.StringVal("me")})',
    );
    expect(at("pair")).toBe('cty.TupleVal([]cty.Value{cty.StringVal("x"), cty.False})');
    expect(at("named")).toBe('cty.MapValEmpty(cty.Object(map[string]cty.Type{"v":cty.String}))');
    // A set block deduplicates equal blocks, as cty sets do.
    expect(v.getAttr("rule").lengthInt()).toBe(1);
    // A list block with a dynamic attribute is a tuple, as hcldec decodes it.
    expect(v.getAttr("dyn").type.kind).toBe("tuple");
  });

  it("turns Unknown into a plain unknown of the attribute's type", () => {
    const plan: Plan<typeof schema> = { ...fullState, id: Unknown, disks: [{ size: 1, disk_id: Unknown }] };
    const pv = fromModel(schema, plan, "plan");
    expect(valueGoString(pv.getAttr("id"))).toBe("cty.UnknownVal(cty.String)");
    expect(valueGoString(pv.getAttr("disks").elements()[0]?.getAttr("disk_id") as Value)).toBe(
      "cty.UnknownVal(cty.String)",
    );
  });

  it("never sends a null list, set or map block: null and [] become empty collections (§7 #54)", () => {
    const nullBlocks = fromModel(
      schema,
      { ...fullState, nic: null as never, rule: [], named: null as never },
      "state",
    );
    expect(valueGoString(nullBlocks.getAttr("nic"))).toBe(
      'cty.ListValEmpty(cty.Object(map[string]cty.Type{"ip":cty.String, "mac":cty.String}))',
    );
    expect(valueGoString(nullBlocks.getAttr("rule"))).toBe(
      'cty.SetValEmpty(cty.Object(map[string]cty.Type{"port":cty.Number}))',
    );
    expect(nullBlocks.getAttr("named").isNull()).toBe(false);
    // And a null block from the Go-framework style (empty → null) reads as [].
    const m = new Map(nullBlocks.entries());
    m.set("nic", nullVal(schema.blocks.nic.type));
    expect(toModel(schema, objectVal(m), "state").nic).toEqual([]);
  });

  it("fills computed-only attributes with null in a config model", () => {
    const { id: _id, region: _r, endpoint: _e, ...rest } = fullState;
    const cv = fromModel(schema, { ...rest, region: null, secret: "s", endpoint: null } as never, "config");
    expect(cv.getAttr("id").isNull()).toBe(true);
    expect(valueGoString(cv.getAttr("secret"))).toBe('cty.StringVal("s")');
  });

  it("rejects models that do not fit, naming the path", () => {
    expect(errorOf(() => fromModel(schema, { ...fullState, port: 1.5 }, "state"))).toBe(
      ".port: a whole number is required, but received number 1.5 (use a bigint beyond 2^53)",
    );
    expect(errorOf(() => fromModel(schema, { ...fullState, port: 2 ** 60 }, "state"))).toBe(
      `.port: a whole number is required, but received number ${2 ** 60} (use a bigint beyond 2^53)`,
    );
    expect(errorOf(() => fromModel(schema, { ...fullState, port: 2n ** 63n }, "state"))).toBe(
      ".port: Value 9223372036854775808 is out of the 64-bit integer range",
    );
    expect(
      errorOf(() => fromModel(schema, { ...fullState, nic: [{ ip: 1 as never, mac: null }] }, "state")),
    ).toBe(".nic[0].ip: string required, but received number");
    const { name: _n, ...noName } = fullState;
    expect(errorOf(() => fromModel(schema, noName as never, "state"))).toBe(
      'missing attribute "name" in the model',
    );
    expect(errorOf(() => fromModel(schema, { ...fullState, id: Unknown } as never, "state"))).toBe(
      ".id: the state cannot hold unknown values",
    );
    expect(errorOf(() => fromModel(schema, { ...fullState, zones: [Unknown] } as never, "state"))).toBe(
      ".zones: the state cannot hold unknown values",
    );
  });
});

describe("toModel", () => {
  let v: Value;
  beforeAll(() => {
    v = fromModel(schema, fullState, "state");
  });

  it("round-trips a state model", () => {
    const m = toModel(schema, v, "state");
    expect(m.size?.text()).toBe("0.1");
    expect({ ...m, size: null, extra: null, dyn: null }).toEqual({
      ...fullState,
      size: null,
      extra: null,
      dyn: null,
      zones: ["a", "b"],
      rule: [{ port: 22 }],
    });
    expect(m.extra && rawEquals(m.extra, listVal([stringVal("any")]))).toBe(true);
    expect(Object.keys(m.tags ?? {})).toEqual(["__proto__", "env"]);
    expect(rawEquals(fromModel(schema, m, "state"), v)).toBe(true);
  });

  it("leaves computed-only attributes out of a config model and rejects them when set", () => {
    const cfg = fromModel(
      schema,
      {
        ...fullState,
        id: null,
        endpoint: null,
        secret: "s",
        disks: [{ size: 1, disk_id: null }],
        nic: [{ ip: "i", mac: null }],
      } as never,
      "config",
    );
    const m = toModel(schema, cfg, "config");
    expect("id" in m).toBe(false);
    expect("endpoint" in m).toBe(false);
    expect(m.secret).toBe("s");
    expect(errorOf(() => toModel(schema, v, "config"))).toBe(
      ".id: a computed-only (read-only) attribute is set in the configuration",
    );
  });

  it("maps unknowns to the Unknown marker where the phase allows them", () => {
    const m = new Map(v.entries());
    m.set("id", unknownVal(t.string.type));
    m.set("region", unknownVal(t.string.type));
    const pm = toModel(schema, objectVal(m), "plan");
    expect(isUnknown(pm.id)).toBe(true);
    expect(pm.region).toBe(Unknown);
    // In configuration anything configurable may be unknown; a partly unknown plain value is
    // Unknown as a whole.
    const c = new Map(v.entries());
    for (const computedOnly of ["id", "endpoint"]) c.set(computedOnly, nullVal(schema.attributes.id.type));
    c.set("endpoint", nullVal(schema.attributes.endpoint.type));
    c.set("disks", listVal([objectVal({ size: unknownVal(t.int64.type), disk_id: nullVal(t.string.type) })]));
    c.set("zones", setVal([stringVal("a"), unknownVal(t.string.type)]));
    c.set("extra", DynamicVal);
    c.set("nic", listVal([objectVal({ ip: unknownVal(t.string.type), mac: nullVal(t.string.type) })]));
    const cm = toModel(schema, objectVal(c), "config");
    expect(cm.zones).toBe(Unknown);
    expect(cm.extra).toBe(Unknown);
    expect(cm.disks).toEqual([{ size: Unknown }]);
    expect(cm.nic).toEqual([{ ip: Unknown }]);
  });

  it("enforces the phase's promises (Accessing State, Config, and Plan) with the path", () => {
    const withAttr = (name: string, value: Value) => {
      const m = new Map(v.entries());
      m.set(name, value);
      return objectVal(m);
    };
    // The state never contains unknown values.
    expect(errorOf(() => toModel(schema, withAttr("id", unknownVal(t.string.type)), "state"))).toBe(
      ".id: unexpected unknown value in the state",
    );
    // Required attributes are never null or unknown in the plan for CRUD.
    expect(errorOf(() => toModel(schema, withAttr("name", nullVal(t.string.type)), "plan"))).toBe(
      ".name: required attribute is null in the planned state",
    );
    expect(errorOf(() => toModel(schema, withAttr("name", unknownVal(t.string.type)), "plan"))).toBe(
      ".name: unexpected unknown value in the planned state",
    );
    // Optional attributes that are not computed are never unknown in the plan for CRUD.
    expect(errorOf(() => toModel(schema, withAttr("note", unknownVal(t.string.type)), "plan"))).toBe(
      ".note: unexpected unknown value in the planned state",
    );
    // Computed attributes may be unknown in the plan.
    expect(toModel(schema, withAttr("region", unknownVal(t.string.type)), "plan").region).toBe(Unknown);
    // Required attributes may be unknown (never null) in configuration; computed-only ones are
    // always null there.
    const cfgBase = fromModel(
      schema,
      { ...fullState, id: null, endpoint: null, disks: null, nic: [] } as never,
      "config",
    );
    const withCfg = (name: string, value: Value) => {
      const m = new Map(cfgBase.entries());
      m.set(name, value);
      return objectVal(m);
    };
    expect(toModel(schema, withCfg("name", unknownVal(t.string.type)), "config").name).toBe(Unknown);
    expect(errorOf(() => toModel(schema, withCfg("name", nullVal(t.string.type)), "config"))).toBe(
      ".name: required attribute is null in the configuration",
    );
    // The configuration handed to create/read/update/delete never holds unknowns.
    expect(errorOf(() => toModel(schema, withCfg("name", unknownVal(t.string.type)), "known_config"))).toBe(
      ".name: unexpected unknown value in the configuration",
    );
    expect(errorOf(() => toModel(schema, withCfg("note", unknownVal(t.string.type)), "known_config"))).toBe(
      ".note: unexpected unknown value in the configuration",
    );
    expect(toModel(schema, cfgBase, "known_config").name).toBe("web");
    expect(errorOf(() => toModel(schema, withCfg("id", stringVal("x")), "config"))).toBe(
      ".id: a computed-only (read-only) attribute is set in the configuration",
    );
    // Write-only values are never persisted.
    expect(errorOf(() => toModel(schema, withAttr("secret", stringVal("s")), "state"))).toBe(
      ".secret: write-only attribute has a value in the state; it must be null",
    );
    // While planning, configuration (and so required values and blocks) may still be unknown.
    expect(toModel(schema, withAttr("name", unknownVal(t.string.type)), "proposed").name).toBe(Unknown);
    expect(toModel(schema, withAttr("nic", unknownVal(schema.blocks.nic.type)), "proposed").nic).toBe(
      Unknown,
    );
    // Blocks are never unknown in a plan.
    expect(errorOf(() => toModel(schema, withAttr("nic", unknownVal(schema.blocks.nic.type)), "plan"))).toBe(
      ".nic: unexpected unknown block in the planned state",
    );
  });

  it("lets a computed block and its contents be unknown in a plan, but not a plain block", () => {
    const s = resourceSchema({
      blocks: {
        auto: block.list({ attributes: { name: attr.string(ok) }, computed: true }),
        plain: block.list({ attributes: { name: attr.string(ok) } }),
      },
    });
    const el = listVal([objectVal({ name: unknownVal(t.string.type) })]);
    const plan = objectVal({ auto: el, plain: listVal([objectVal({ name: stringVal("p") })]) });
    expect(toModel(s, plan, "plan")).toEqual({ auto: [{ name: Unknown }], plain: [{ name: "p" }] });
    const whole = objectVal({ auto: unknownVal(s.blocks.auto.type), plain: el });
    expect(errorOf(() => toModel(s, whole, "plan"))).toBe(
      ".plain[0].name: unexpected unknown value in the planned state",
    );
    const ok2 = objectVal({
      auto: unknownVal(s.blocks.auto.type),
      plain: listVal([objectVal({ name: nullVal(t.string.type) })]),
    });
    expect(toModel(s, ok2, "plan").auto).toBe(Unknown);
  });

  it("treats everything inside a computed nested attribute as computed", () => {
    const m = new Map(v.entries());
    m.set("endpoint", objectVal({ host: unknownVal(t.string.type) }));
    expect(toModel(schema, objectVal(m), "plan").endpoint).toEqual({ host: Unknown });
  });

  it("holds the whole int64 range exactly: bigint beyond 2^53, number below", () => {
    const m = new Map(v.entries());
    for (const n of [2n ** 53n + 1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 60n]) {
      m.set("port", numberVal(n));
      const model = toModel(schema, objectVal(m), "state");
      expect(model.port).toBe(n);
      expect(rawEquals(fromModel(schema, { ...model }, "state"), objectVal(m))).toBe(true);
    }
    m.set("port", numberVal(2n ** 53n - 1n));
    expect(toModel(schema, objectVal(m), "state").port).toBe(2 ** 53 - 1);
    m.set("port", numberVal(2n ** 63n));
    expect(errorOf(() => toModel(schema, objectVal(m), "state"))).toBe(
      ".port: Value 9223372036854775808 cannot be represented as a 64-bit integer.",
    );
    m.set("port", numberVal("1.5"));
    expect(errorOf(() => toModel(schema, objectVal(m), "state"))).toBe(
      ".port: Value 1.5 cannot be represented as a 64-bit integer.",
    );
  });

  it("holds null elements of collections and gives them back", () => {
    const m2 = new Map(v.entries());
    m2.set("tags", mapVal({ a: nullVal(t.string.type), b: stringVal("x") }));
    m2.set("zones", setVal([stringVal("p"), nullVal(t.string.type)]));
    const model = toModel(schema, objectVal(m2), "state");
    expect(model.tags).toEqual({ a: null, b: "x" });
    expect([...(model.zones ?? [])].sort()).toEqual(["p", null].sort());
    const back = fromModel(
      schema,
      { ...model, tags: { ...model.tags }, zones: [...(model.zones ?? [])] },
      "state",
    );
    expect(rawEquals(back, objectVal(m2))).toBe(true);
  });

  it("maps null object attributes to null, dynamic ones included", () => {
    const s = resourceSchema({ attributes: { o: attr.object({ d: t.dynamic, s: t.string }, ok) } });
    const v = objectVal({ o: objectVal({ d: nullVal(t.dynamic.type), s: nullVal(t.string.type) }) });
    expect(toModel(s, v, "state").o).toEqual({ d: null, s: null });
    const withValue = objectVal({ o: objectVal({ d: numberVal(1), s: stringVal("x") }) });
    const o = toModel(s, withValue, "state").o;
    expect(o?.s).toBe("x");
    expect(o?.d && valueGoString(o.d)).toBe("cty.NumberIntVal(1)");
  });

  it("ignores marks", () => {
    const m = new Map(v.entries());
    m.set("name", mark(stringVal("web"), "sensitive"));
    expect(toModel(schema, objectVal(m), "state").name).toBe("web");
  });

  it("rejects a null or unknown object", () => {
    expect(errorOf(() => toModel(schema, nullVal(schema.type), "state"))).toBe("the object is null");
    expect(errorOf(() => toModel(schema, unknownVal(schema.type), "plan"))).toBe("the object is unknown");
  });

  it("keeps exact numbers exact and float64 as JS numbers", () => {
    const m = new Map(v.entries());
    m.set("size", numberVal("123456789012345678901234567890.5"));
    m.set("ratio", numberVal("0.1"));
    const model = toModel(schema, objectVal(m), "state");
    expect(model.size?.text()).toBe("123456789012345678901234567890.5");
    expect(model.ratio).toBe(0.1);
    expect(True.asBool()).toBe(true);
    expect(tupleVal([]).type.kind).toBe("tuple");
  });
});

describe("model round trip (property)", () => {
  const small = resourceSchema({
    attributes: {
      s: attr.string(ok),
      i: attr.int64(ok),
      f: attr.float64(ok),
      b: attr.bool(ok),
      l: attr.list(t.string, ok),
      st: attr.set(t.int64, ok),
      m: attr.map(t.bool, ok),
      n: attr.listNested({ a: attr.string(ok), c: attr.int64({ computed: true }) }, ok),
    },
    blocks: { blk: block.set({ attributes: { k: attr.string(ok) } }) },
  });
  const orNull = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
  const stateArb = fc.record({
    s: orNull(fc.string()),
    i: orNull(fc.maxSafeInteger()),
    f: orNull(fc.double({ noNaN: true })),
    b: orNull(fc.boolean()),
    l: orNull(fc.array(fc.string(), { maxLength: 4 })),
    st: orNull(fc.array(fc.integer(), { maxLength: 4 })),
    m: orNull(fc.dictionary(fc.string(), fc.boolean(), { maxKeys: 3 })),
    n: orNull(fc.array(fc.record({ a: orNull(fc.string()), c: orNull(fc.integer()) }), { maxLength: 3 })),
    blk: fc.array(fc.record({ k: orNull(fc.string()) }), { maxLength: 3 }),
  });

  it("value → model → value is the identity on state values", () => {
    fc.assert(
      fc.property(stateArb, (model) => {
        const value = fromModel(small, model as State<typeof small>, "state");
        const again = fromModel(small, toModel(small, value, "state"), "state");
        expect(rawEquals(again, value)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("fromModel keeps what the model did not change (lossless)", () => {
  const base = (): Value => fromModel(schema, fullState, "state");

  it("returns the very values toModel read where nothing changed", () => {
    const v = base();
    const model = toModel(schema, v, "state");
    expect(fromModel(schema, model, "state")).toBe(v);
    // A new top-level object (as hooks return) still reuses every untouched attribute.
    const changed = fromModel(schema, { ...model, note: "new" }, "state", v);
    expect(changed.getAttr("nic")).toBe(v.getAttr("nic"));
    expect(changed.getAttr("tags")).toBe(v.getAttr("tags"));
    expect(changed.getAttr("note").asString()).toBe("new");
  });

  it("keeps the exact text of a number a float64 model rounds", () => {
    const m = new Map(base().entries());
    m.set("ratio", numberVal("0.1000000000000000000000000001"));
    const v = objectVal(m);
    const model = toModel(schema, v, "state");
    expect(model.ratio).toBe(0.1);
    const back = fromModel(schema, { ...model, note: "x" }, "state", v);
    expect(back.getAttr("ratio").asNumber().text()).toBe("0.1000000000000000000000000001");
    // A changed value is the model's.
    expect(
      fromModel(schema, { ...model, ratio: 0.5 }, "state", v)
        .getAttr("ratio")
        .asNumber()
        .text(),
    ).toBe("0.5");
  });

  it("keeps refinements of unknowns and partly unknown collections while planning", () => {
    const m = new Map(base().entries());
    const refined = refine(unknownVal(t.string.type)).stringPrefix("srv-").newValue();
    m.set("id", refined);
    m.set("region", refineNotNull(unknownVal(t.string.type)));
    m.set("zones", setVal([stringVal("a"), unknownVal(t.string.type)]));
    const v = objectVal(m);
    const model = toModel(schema, v, "proposed");
    expect(isUnknown(model.id)).toBe(true);
    expect(isUnknown(model.zones)).toBe(true);
    const back = fromModel(schema, { ...model }, "proposed", v);
    expect(back.getAttr("id")).toBe(refined);
    expect(back.getAttr("region")).toBe(m.get("region"));
    expect(back.getAttr("zones")).toBe(m.get("zones"));
    // Moved element objects keep their origin even without a base.
    const nics = isUnknown(model.nic) ? [] : [...model.nic].reverse();
    const moved = fromModel(schema, { ...model, nic: nics }, "proposed");
    expect(moved.getAttr("id").isKnown()).toBe(false);
  });

  it("never reuses a base of another type", () => {
    const other = resourceSchema({ attributes: { name: attr.int64({ required: true }) } });
    const ov = objectVal({ name: numberVal(3) });
    const v = fromModel(other, { name: 3 }, "state", objectVal({ name: stringVal("3") }));
    expect(v.getAttr("name").asNumber().text()).toBe("3");
    expect(fromModel(other, toModel(other, ov, "state"), "state")).toBe(ov);
  });
});

describe("the read phase", () => {
  it("takes a state an import left mostly null, required attributes and blocks included", () => {
    const imported = setAttribute(emptyValue(schema), ["id"], stringVal("srv-9"));
    expect(() => toModel(schema, imported, "state")).toThrow(/required attribute is null/);
    const model = toModel(schema, imported, "read");
    expect(model.id).toBe("srv-9");
    expect(model.name).toBeNull();
    expect(model.boot).toBeNull();
  });
  it("still refuses unknowns", () => {
    const m = new Map(fromModel(schema, fullState, "state").entries());
    m.set("id", unknownVal(t.string.type));
    expect(errorOf(() => toModel(schema, objectVal(m), "read"))).toBe(
      ".id: unexpected unknown value in the state",
    );
  });
});

describe("fromModelSalvaging", () => {
  it("keeps every attribute that fits and reports each one that does not, with its path", () => {
    const { value, problems } = fromModelSalvaging(
      schema,
      { ...fullState, id: Unknown, port: "8080" as never, nic: [{ ip: 1 as never, mac: null }] } as never,
      "state",
    );
    expect(problems.map((p) => p.message)).toEqual([
      ".id: the state cannot hold unknown values",
      ".port: a whole number is required, but received string",
      ".nic[0].ip: string required, but received number",
    ]);
    expect(value.getAttr("id").isNull()).toBe(true);
    expect(value.getAttr("port").isNull()).toBe(true);
    expect(value.getAttr("nic").lengthInt()).toBe(0);
    expect(value.getAttr("name").asString()).toBe("web");
    expect(value.isWhollyKnown()).toBe(true);
  });
});

describe("blocks of every nesting, absent and null", () => {
  const s = resourceSchema({
    attributes: {
      items: attr.listNested({ v: attr.string(ok) }, ok),
      by_key: attr.mapNested({ v: attr.string(ok) }, ok),
    },
    blocks: {
      opt: block.single({ attributes: { v: attr.string(ok) } }),
      req: block.single({ attributes: { v: attr.string(ok) }, required: true }),
      grp: block.group({ attributes: { v: attr.string(ok) } }),
      list: block.list({ attributes: { v: attr.string(ok) } }),
      named: block.map({ attributes: { v: attr.string(ok) } }),
    },
  });
  const obj = (v: string | null) => objectVal({ v: v === null ? nullVal(t.string.type) : stringVal(v) });
  const value = (over: Record<string, Value>) => {
    const m = new Map(emptyValue(s).entries());
    m.set("req", obj("r"));
    for (const [k, x] of Object.entries(over)) m.set(k, x);
    return objectVal(m);
  };

  it("maps an absent optional single block to null in every phase, and null back to an absent block", () => {
    for (const phase of ["config", "known_config", "proposed", "plan", "state", "read"] as const) {
      const model = toModel(s, value({}), phase);
      expect(model.opt, phase).toBeNull();
      expect(model.req, phase).toEqual({ v: "r" });
      expect(rawEquals(fromModel(s, { ...model }, phase), value({})), phase).toBe(true);
    }
    const made = fromModel(s, { ...toModel(s, value({}), "state"), opt: null }, "state");
    expect(made.entries().get("opt")?.isNull()).toBe(true);
    expect(toModel(s, value({ opt: obj("o") }), "state").opt).toEqual({ v: "o" });
  });

  it("refuses an absent required single block, except in what an import read", () => {
    const absent = value({ req: nullVal(s.blocks.req.type) });
    expect(errorOf(() => toModel(s, absent, "state"))).toBe(".req: required block is absent from the state");
    expect(errorOf(() => toModel(s, absent, "plan"))).toBe(
      ".req: required block is absent from the planned state",
    );
    expect(errorOf(() => toModel(s, absent, "config"))).toBe(
      ".req: required block is absent from the configuration",
    );
    expect(toModel(s, absent, "read").req).toBeNull();
  });

  it("refuses a null group block, and null blocks or nested objects inside collections", () => {
    expect(errorOf(() => toModel(s, value({ grp: nullVal(s.blocks.grp.type) }), "state"))).toBe(
      ".grp: a group block must never be null",
    );
    const nullObj = nullVal(s.blocks.list.objectType);
    expect(errorOf(() => toModel(s, value({ list: listVal([obj("a"), nullObj]) }), "state"))).toBe(
      ".list[1]: a nested block must not be null",
    );
    expect(errorOf(() => toModel(s, value({ named: mapVal({ k: nullObj }) }), "state"))).toBe(
      '.named["k"]: a nested block must not be null',
    );
    expect(errorOf(() => toModel(s, value({ items: listVal([nullObj]) }), "state"))).toBe(
      ".items[0]: a nested object in a collection must not be null",
    );
    expect(errorOf(() => toModel(s, value({ by_key: mapVal({ k: nullObj }) }), "state"))).toBe(
      '.by_key["k"]: a nested object in a collection must not be null',
    );
  });

  it("maps null list and map blocks to empty ones, and map blocks by key", () => {
    const model = toModel(
      s,
      value({ list: nullVal(s.blocks.list.type), named: nullVal(s.blocks.named.type) }),
      "state",
    );
    expect(model.list).toEqual([]);
    expect(model.named).toEqual({});
    expect(toModel(s, value({ named: mapVal({ a: obj("x"), b: obj(null) }) }), "state").named).toEqual({
      a: { v: "x" },
      b: { v: null },
    });
  });
});

describe("int64 inside collections and objects", () => {
  const s = resourceSchema({
    attributes: {
      ns: attr.list(t.int64, ok),
      o: attr.object({ n: t.int64 }, ok),
      by_key: attr.map(t.int64, ok),
    },
  });

  it("is exact over the whole range: bigint beyond ±(2^53-1), number within", () => {
    const edges = [-(2n ** 63n), -(2n ** 53n) - 1n, -(2n ** 53n), 2n ** 53n, 2n ** 63n - 1n];
    const safe = [-(2n ** 53n) + 1n, 0n, 2n ** 53n - 1n];
    const v = objectVal({
      ns: listVal([...edges, ...safe].map((n) => numberVal(n))),
      o: objectVal({ n: numberVal(-(2n ** 53n) - 1n) }),
      by_key: mapVal({ a: numberVal(-(2n ** 62n)), b: numberVal(-5n) }),
    });
    const model = toModel(s, v, "state");
    expect(model.ns).toEqual([...edges, ...safe.map(Number)]);
    expect(model.o).toEqual({ n: -(2n ** 53n) - 1n });
    expect(model.by_key).toEqual({ a: -(2n ** 62n), b: -5 });
    expect(
      rawEquals(
        fromModel(
          s,
          { ns: [...(model.ns ?? [])], o: { ...model.o }, by_key: { ...model.by_key } } as typeof model,
          "state",
        ),
        v,
      ),
    ).toBe(true);
  });

  it("refuses a number outside int64 or not whole, with the element's path", () => {
    const outside = objectVal({
      ns: listVal([numberVal(1n), numberVal(-(2n ** 63n) - 1n)]),
      o: nullVal(s.attributes.o.type),
      by_key: nullVal(s.attributes.by_key.type),
    });
    expect(errorOf(() => toModel(s, outside, "state"))).toBe(
      ".ns[1]: Value -9223372036854775809 cannot be represented as a 64-bit integer.",
    );
    expect(errorOf(() => fromModel(s, { ns: [-(2n ** 63n) - 1n], o: null, by_key: null }, "state"))).toBe(
      ".ns[0]: Value -9223372036854775809 is out of the 64-bit integer range",
    );
    expect(errorOf(() => fromModel(s, { ns: [2n ** 63n], o: null, by_key: null }, "state"))).toBe(
      ".ns[0]: Value 9223372036854775808 is out of the 64-bit integer range",
    );
    expect(errorOf(() => fromModel(s, { ns: [2 ** 53], o: null, by_key: null }, "state"))).toBe(
      ".ns[0]: a whole number is required, but received number 9007199254740992 (use a bigint beyond 2^53)",
    );
  });
});

describe("float64 models", () => {
  const s = resourceSchema({ attributes: { r: attr.float64(ok), rs: attr.list(t.float64, ok) } });
  const of = (r: Value) => objectVal({ r, rs: nullVal(s.attributes.rs.type) });

  it("refuses numbers beyond float64 or so small they would round to zero, as Float64Type does", () => {
    expect(errorOf(() => toModel(s, of(numberVal("1e400")), "state"))).toMatch(
      /^\.r: Value 10{400} cannot be represented as a 64-bit floating point\.$/,
    );
    expect(errorOf(() => toModel(s, of(numberVal("1e-400")), "state"))).toMatch(
      /^\.r: Value 0\.0{399}1 cannot be represented as a 64-bit floating point\.$/,
    );
    const inList = objectVal({ r: nullVal(t.float64.type), rs: listVal([numberVal("-1e-400")]) });
    expect(errorOf(() => toModel(s, inList, "state"))).toMatch(/^\.rs\[0\]: Value -0\.0{399}1 cannot/);
  });

  it("takes every float64, zero, the smallest subnormal and infinities included", () => {
    expect(toModel(s, of(numberVal("5e-324")), "state").r).toBe(5e-324);
    expect(toModel(s, of(numberVal(0)), "state").r).toBe(0);
    expect(toModel(s, of(numberVal(Number.POSITIVE_INFINITY)), "state").r).toBe(Number.POSITIVE_INFINITY);
    const list = objectVal({
      r: nullVal(t.float64.type),
      rs: listVal([numberVal("1e308"), numberVal("-0.1")]),
    });
    expect(toModel(s, list, "state").rs).toEqual([1e308, -0.1]);
  });
});

describe("fromModel: every kind of plain value, kept, changed and refused", () => {
  const s = resourceSchema({
    attributes: {
      o: attr.object(
        {
          s: t.string,
          b: t.bool,
          n: t.number,
          i: t.int64,
          f: t.float64,
          i32: t.int32,
          f32: t.float32,
          l: t.list(t.string),
          st: t.set(t.int64),
          m: t.map(t.bool),
          tp: t.tuple([t.string, t.int64]),
        },
        ok,
      ),
      // (An object type holding a dynamic attribute is compared structurally: no base reuse.)
      d: attr.object({ v: t.dynamic }, ok),
    },
  });
  const base = objectVal({
    o: objectVal({
      s: stringVal("a"),
      b: True,
      n: numberVal("0.1"),
      i: numberVal(2n ** 60n),
      f: numberVal(0.5),
      i32: numberVal(7),
      f32: numberVal(0.25),
      l: listVal([stringVal("x")]),
      st: setVal([numberVal(1), numberVal(2)]),
      m: mapVal({ k: True }),
      tp: tupleVal([stringVal("t"), numberVal(3)]),
    }),
    d: objectVal({ v: stringVal("dyn") }),
  });
  let model: State<typeof s>;
  beforeAll(() => {
    model = toModel(s, base, "state");
  });
  const inner = base.entries().get("o") as Value;
  const withO = (o: Record<string, unknown>) =>
    fromModel(s, { ...model, o: { ...model.o, ...o } } as typeof model, "state", base);

  it("gives back the very base values where the model did not change", () => {
    expect(withO({}).entries().get("o")).toBe(inner);
    expect(
      withO({ l: ["x"], st: [1, 2], m: { k: true }, tp: ["t", 3] })
        .entries()
        .get("o"),
    ).toBe(inner);
    const plain = resourceSchema({ attributes: { o: s.attributes.o } });
    const plainBase = objectVal({ o: inner });
    expect(fromModel(plain, { o: { ...model.o } } as never, "state", plainBase)).toBe(plainBase);
  });

  it("builds a new value for each leaf or collection that changed, keeping the others", () => {
    const changes: [string, unknown, Value][] = [
      ["s", "b", stringVal("b")],
      ["b", false, False],
      ["n", CtyNumber.parse("0.2"), numberVal("0.2")],
      ["i", 2n ** 60n + 1n, numberVal(2n ** 60n + 1n)],
      ["f", 1.5, numberVal(1.5)],
      ["i32", 8, numberVal(8)],
      ["f32", 0.5, numberVal(0.5)],
      ["l", ["y"], listVal([stringVal("y")])],
      ["l", [], listValEmpty(t.string.type)],
      ["st", [3], setVal([numberVal(3)])],
      ["st", [], setValEmpty(t.int64.type)],
      ["m", { k: false }, mapVal({ k: False })],
      ["m", {}, mapValEmpty(t.bool.type)],
      ["tp", ["u", 4], tupleVal([stringVal("u"), numberVal(4)])],
    ];
    for (const [key, m, want] of changes) {
      const o = withO({ [key]: m })
        .entries()
        .get("o") as Value;
      expect(rawEquals(o.entries().get(key) as Value, want), key).toBe(true);
      for (const [other, v] of inner.entries())
        if (other !== key) expect(o.entries().get(other), other).toBe(v);
    }
  });

  it("refuses a model of the wrong JS type or range, naming the path", () => {
    const refused: [string, unknown, string | RegExp][] = [
      ["s", 1, ".o.s: string required, but received number"],
      ["b", "x", ".o.b: bool required, but received string"],
      ["n", "x", /^\.o\.n: number required, but received string/],
      ["i", 1.5, ".o.i: a whole number is required, but received number 1.5 (use a bigint beyond 2^53)"],
      ["i", "1", ".o.i: a whole number is required, but received string"],
      ["i", 2n ** 63n, ".o.i: Value 9223372036854775808 is out of the 64-bit integer range"],
      ["f", Number.NaN, ".o.f: number required, but received number"],
      ["f", "1", ".o.f: number required, but received string"],
      [
        "i32",
        2 ** 31,
        ".o.i32: a whole number in the 32-bit integer range is required, but received number 2147483648",
      ],
      [
        "i32",
        -(2 ** 31) - 1,
        ".o.i32: a whole number in the 32-bit integer range is required, but received number -2147483649",
      ],
      ["i32", 1.5, ".o.i32: a whole number in the 32-bit integer range is required, but received number 1.5"],
      ["i32", "1", ".o.i32: a whole number in the 32-bit integer range is required, but received string"],
      ["f32", 1e39, ".o.f32: Value 1e+39 cannot be represented as a 32-bit floating point."],
      ["f32", 1e-50, ".o.f32: Value 1e-50 cannot be represented as a 32-bit floating point."],
      ["f32", Number.NaN, ".o.f32: number required, but received number"],
      ["l", "x", ".o.l: array required, but received string"],
      [
        "st",
        [1, 1.5],
        ".o.st[1]: a whole number is required, but received number 1.5 (use a bigint beyond 2^53)",
      ],
      ["m", ["x"], ".o.m: object required, but received array"],
      ["m", { k: "x" }, '.o.m["k"]: bool required, but received string'],
      ["tp", ["u"], ".o.tp: tuple of 2 elements required"],
      ["tp", "u", ".o.tp: tuple of 2 elements required"],
      ["tp", ["u", "4"], ".o.tp[1]: a whole number is required, but received string"],
    ];
    for (const [key, m, message] of refused)
      expect(
        errorOf(() => withO({ [key]: m })),
        key,
      ).toMatch(message);
    expect(errorOf(() => fromModel(s, { ...model, d: { v: "x" } } as never, "state"))).toBe(
      ".d.v: a cty Value is required for a dynamic attribute",
    );
    const d = fromModel(s, { ...model, d: { v: numberVal(1) } } as never, "state", base)
      .entries()
      .get("d");
    expect(d && rawEquals(d, objectVal({ v: numberVal(1) }))).toBe(true);
    expect(errorOf(() => fromModel(s, { ...model, o: [] } as never, "state"))).toBe(
      ".o: object required, but received array",
    );
    const { s: _, ...noS } = model.o as Record<string, unknown>;
    expect(errorOf(() => fromModel(s, { ...model, o: noS } as never, "state"))).toBe(
      '.o: missing attribute "s" in the model',
    );
    // In range at both ends.
    expect(errorOf(() => withO({ i32: -(2 ** 31), i: -(2n ** 63n) }))).toBe("no error");
  });
});

describe("toModel: each phase's promises, attribute by attribute", () => {
  const s = resourceSchema({
    attributes: {
      name: attr.string({ required: true }),
      secret: attr.string({ required: true, writeOnly: true }),
      dyn: attr.dynamic({ optional: true, computed: true }),
      items: attr.listNested({ v: attr.string(ok) }, ok),
      auto: attr.listNested({ v: attr.string({ required: true }) }, { computed: true }),
      one: attr.singleNested({ v: attr.string(ok) }, ok),
    },
    blocks: {
      boot: block.single({ attributes: { v: attr.string(ok) } }),
      grp: block.group({ attributes: { v: attr.string(ok) } }),
      gen: block.list({ attributes: { v: attr.string({ required: true }) }, computed: true }),
    },
  });
  const str = stringVal;
  const nulStr = nullVal(t.string.type);
  const unkStr = unknownVal(t.string.type);
  const value = (over: Record<string, Value>) => {
    const m = new Map(emptyValue(s).entries());
    m.set("name", str("n"));
    m.set("grp", objectVal({ v: nulStr }));
    for (const [k, x] of Object.entries(over)) m.set(k, x);
    return objectVal(m);
  };

  it("lists the model's names in schema order, without computed-only ones in configuration", () => {
    const names = ["name", "secret", "dyn", "items", "auto", "one", "boot", "grp", "gen"];
    expect(Object.keys(toModel(s, value({}), "state"))).toEqual(names);
    expect(Object.keys(toModel(s, value({ secret: str("s") }), "config"))).toEqual(
      names.filter((n) => n !== "auto"),
    );
  });

  it("lets a required write-only attribute be null outside configuration, and only there", () => {
    for (const phase of ["plan", "state", "read", "proposed"] as const)
      expect(toModel(s, value({}), phase).secret, phase).toBeNull();
    expect(errorOf(() => toModel(s, value({}), "config"))).toBe(
      ".secret: required attribute is null in the configuration",
    );
    expect(errorOf(() => toModel(s, value({}), "known_config"))).toBe(
      ".secret: required attribute is null in the configuration",
    );
    expect(toModel(s, value({ secret: str("s") }), "known_config").secret).toBe("s");
    expect(errorOf(() => toModel(s, value({ secret: str("s") }), "plan"))).toBe(
      ".secret: write-only attribute has a value in the planned state; it must be null",
    );
    expect(errorOf(() => toModel(s, value({ secret: str("s") }), "proposed"))).toBe(
      ".secret: write-only attribute has a value in the proposed state; it must be null",
    );
  });

  it("takes a required attribute null only in what an import read", () => {
    expect(toModel(s, value({ name: nulStr }), "read").name).toBeNull();
    expect(errorOf(() => toModel(s, value({ name: nulStr }), "state"))).toBe(
      ".name: required attribute is null in the state",
    );
  });

  it("keeps a partly unknown dynamic value as a Value, and makes a nested collection with an unknown element Unknown", () => {
    const partly = listVal([unkStr]);
    expect(toModel(s, value({ dyn: partly }), "plan").dyn).toBe(partly);
    expect(toModel(s, value({ dyn: unknownVal(t.dynamic.type) }), "plan").dyn).toBe(Unknown);
    const items = listVal([unknownVal(s.attributes.items.objectType)]);
    expect(toModel(s, value({ items, secret: str("s") }), "config").items).toBe(Unknown);
    expect(errorOf(() => toModel(s, value({ items }), "plan"))).toBe(
      ".items: unexpected unknown value in the planned state",
    );
    const byKey = resourceSchema({ attributes: { m: attr.mapNested({ v: attr.string(ok) }, ok) } });
    const m = mapVal({ a: unknownVal(byKey.attributes.m.objectType) });
    expect(toModel(byKey, objectVal({ m }), "config").m).toBe(Unknown);
    expect(errorOf(() => toModel(byKey, objectVal({ m }), "state"))).toBe(
      ".m: unexpected unknown value in the state",
    );
    // A single nested object is never Unknown for what it holds: only its own attributes are.
    expect(toModel(s, value({ one: objectVal({ v: unkStr }), secret: str("s") }), "config").one).toEqual({
      v: Unknown,
    });
  });

  it("treats what a computed nested attribute or block holds as computed outside configuration", () => {
    const auto = listVal([objectVal({ v: nulStr })]);
    expect(toModel(s, value({ auto }), "plan").auto).toEqual([{ v: null }]);
    expect(toModel(s, value({ auto: listVal([objectVal({ v: unkStr })]) }), "plan").auto).toEqual([
      { v: Unknown },
    ]);
    const gen = listVal([objectVal({ v: nulStr })]);
    expect(toModel(s, value({ gen }), "plan").gen).toEqual([{ v: null }]);
    expect(errorOf(() => toModel(s, value({ gen, secret: str("s") }), "config"))).toBe(
      ".gen[0].v: required attribute is null in the configuration",
    );
    // Not computed: the contents keep their own promises.
    expect(errorOf(() => toModel(s, value({ items: listVal([objectVal({ v: unkStr })]) }), "plan"))).toBe(
      ".items[0].v: unexpected unknown value in the planned state",
    );
  });

  it("lets single and group blocks be unknown only while planning from configuration", () => {
    const boot = unknownVal(s.blocks.boot.type);
    expect(toModel(s, value({ boot, secret: str("s") }), "config").boot).toBe(Unknown);
    expect(toModel(s, value({ boot }), "proposed").boot).toBe(Unknown);
    expect(errorOf(() => toModel(s, value({ boot }), "plan"))).toBe(
      ".boot: unexpected unknown block in the planned state",
    );
    expect(errorOf(() => toModel(s, value({ boot, secret: str("s") }), "known_config"))).toBe(
      ".boot: unexpected unknown block in the configuration",
    );
    expect(errorOf(() => toModel(s, value({ grp: unknownVal(s.blocks.grp.type) }), "state"))).toBe(
      ".grp: unexpected unknown block in the state",
    );
    // A known single block holding an unknown is not an unknown block.
    expect(toModel(s, value({ boot: objectVal({ v: unkStr }), secret: str("s") }), "config").boot).toEqual({
      v: Unknown,
    });
    const gen = listVal([unknownVal(s.blocks.gen.objectType)]);
    expect(toModel(s, value({ gen }), "plan").gen).toBe(Unknown);
  });

  it("refuses an object value missing one of the schema's attributes or blocks", () => {
    const m = new Map(value({}).entries());
    m.delete("name");
    expect(errorOf(() => toModel(s, objectVal(m), "state"))).toBe('missing required attribute "name"');
    const b = new Map(value({}).entries());
    b.delete("boot");
    expect(errorOf(() => toModel(s, objectVal(b), "state"))).toBe('missing required attribute "boot"');
  });
});

describe("fromModel: nested attributes and blocks of every nesting", () => {
  const inner = { v: attr.string(ok) };
  const s = resourceSchema({
    attributes: {
      one: attr.singleNested(inner, ok),
      items: attr.listNested(inner, ok),
      uniq: attr.setNested(inner, ok),
      by_key: attr.mapNested(inner, ok),
    },
    blocks: {
      boot: block.single({ attributes: inner }),
      grp: block.group({ attributes: inner }),
      list: block.list({ attributes: inner }),
      set: block.set({ attributes: inner }),
      named: block.map({ attributes: inner }),
      dl: block.list({ attributes: { d: attr.dynamic(ok) } }),
      dm: block.map({ attributes: { d: attr.dynamic(ok) } }),
    },
  });
  const o = (v: string | null) => ({ v });
  const empty = {
    one: null,
    items: null,
    uniq: null,
    by_key: null,
    boot: null,
    grp: o(null),
    list: [],
    set: [],
    named: {},
    dl: [],
    dm: {},
  };
  const ov = (v: string | null) => objectVal({ v: v === null ? nullVal(t.string.type) : stringVal(v) });

  it("builds each nesting's value, and empty collections for null list, set and map blocks", () => {
    const v = fromModel(
      s,
      {
        ...empty,
        one: o("1"),
        items: [o("a"), o("b")],
        uniq: [o("x"), o("x")],
        by_key: { k: o("m") },
        boot: o("b"),
        grp: o("g"),
        list: [o("l")],
        set: [o("s")],
        named: { n: o("n") },
        dl: [{ d: stringVal("s") }, { d: numberVal(1) }],
        dm: { a: { d: stringVal("s") }, b: { d: True } },
      } as never,
      "state",
    );
    const at = (k: string) => v.entries().get(k) as Value;
    expect(rawEquals(at("one"), ov("1"))).toBe(true);
    expect(rawEquals(at("items"), listVal([ov("a"), ov("b")]))).toBe(true);
    expect(rawEquals(at("uniq"), setVal([ov("x")]))).toBe(true);
    expect(rawEquals(at("by_key"), mapVal({ k: ov("m") }))).toBe(true);
    expect(rawEquals(at("boot"), ov("b"))).toBe(true);
    expect(rawEquals(at("grp"), ov("g"))).toBe(true);
    expect(rawEquals(at("list"), listVal([ov("l")]))).toBe(true);
    expect(rawEquals(at("set"), setVal([ov("s")]))).toBe(true);
    expect(rawEquals(at("named"), mapVal({ n: ov("n") }))).toBe(true);
    // Blocks holding a dynamic attribute are a tuple and an object, as Terraform decodes them.
    expect(at("dl").type.kind).toBe("tuple");
    expect(at("dm").type.kind).toBe("object");
    expect(
      rawEquals(at("dm"), objectVal({ a: objectVal({ d: stringVal("s") }), b: objectVal({ d: True }) })),
    ).toBe(true);
    const nulls = fromModel(
      s,
      { ...empty, list: null, set: null, named: null, dl: null, dm: null } as never,
      "state",
    );
    for (const k of ["list", "set", "named", "dl", "dm"]) {
      const e = nulls.entries().get(k) as Value;
      expect(e.isNull(), k).toBe(false);
      expect(e.lengthInt(), k).toBe(0);
    }
    expect(nulls.entries().get("dl")?.type.kind).toBe("tuple");
    expect(nulls.entries().get("dm")?.type.kind).toBe("object");
    expect(nulls.entries().get("boot")?.isNull()).toBe(true);
    expect(nulls.entries().get("one")?.isNull()).toBe(true);
    const emptyNested = fromModel(s, { ...empty, items: [], uniq: [], by_key: {} } as never, "state");
    for (const k of ["items", "uniq", "by_key"]) {
      const e = emptyNested.entries().get(k) as Value;
      expect([e.isNull(), e.lengthInt()], k).toEqual([false, 0]);
    }
  });

  it("refuses models of the wrong shape, naming the path", () => {
    const refused: [string, unknown, string][] = [
      ["grp", null, ".grp: a group block must never be null"],
      ["list", {}, ".list: array required, but received object"],
      ["set", "x", ".set: array required, but received string"],
      ["named", [], ".named: object required, but received array"],
      ["list", [null], ".list[0]: object required, but received null"],
      ["named", { k: 1 }, '.named["k"]: object required, but received number'],
      ["boot", [], ".boot: object required, but received array"],
      ["items", {}, ".items: array required, but received object"],
      ["uniq", 1, ".uniq: array required, but received number"],
      ["by_key", [], ".by_key: object required, but received array"],
      ["one", "x", ".one: object required, but received string"],
      ["items", [o("a"), 1], ".items[1]: object required, but received number"],
    ];
    for (const [k, m, message] of refused)
      expect(
        errorOf(() => fromModel(s, { ...empty, [k]: m } as never, "state")),
        k,
      ).toBe(message);
    expect(errorOf(() => fromModel(s, { ...empty, list: [{}] } as never, "state"))).toBe(
      '.list[0]: missing attribute "v" in the model',
    );
    const { grp: _, ...noGrp } = empty;
    expect(errorOf(() => fromModel(s, noGrp as never, "state"))).toBe('missing block "grp" in the model');
  });

  it("refuses Unknown where the phase cannot hold it, and keeps it as an unknown elsewhere", () => {
    for (const k of ["items", "boot", "list"]) {
      expect(
        errorOf(() => fromModel(s, { ...empty, [k]: Unknown } as never, "state")),
        k,
      ).toBe(`.${k}: the state cannot hold unknown values`);
      expect(
        errorOf(() => fromModel(s, { ...empty, [k]: Unknown } as never, "known_config")),
        k,
      ).toBe(`.${k}: the configuration cannot hold unknown values`);
      const planned = fromModel(s, { ...empty, [k]: Unknown } as never, "plan")
        .entries()
        .get(k) as Value;
      expect(planned.isKnown(), k).toBe(false);
    }
    expect(errorOf(() => fromModel(s, { ...empty, items: [{ v: Unknown }] } as never, "read"))).toBe(
      ".items[0].v: the state cannot hold unknown values",
    );
  });

  it("salvages what fits: a block that does not fit becomes empty of its kind, with the problem", () => {
    const bad = {
      ...empty,
      boot: 1,
      list: 1,
      set: 1,
      named: 1,
      dl: 1,
      dm: 1,
      grp: 1,
      one: 1,
      items: [o("ok")],
    };
    const { value, problems } = fromModelSalvaging(s, bad as never, "state");
    expect(problems.map((p) => p.message)).toEqual([
      ".one: object required, but received number",
      ".boot: object required, but received number",
      ".grp: object required, but received number",
      ".list: array required, but received number",
      ".set: array required, but received number",
      ".named: object required, but received number",
      ".dl: array required, but received number",
      ".dm: object required, but received number",
    ]);
    const at = (k: string) => value.entries().get(k) as Value;
    expect(at("boot").isNull()).toBe(true);
    expect(at("one").isNull()).toBe(true);
    expect(rawEquals(at("grp"), ov(null))).toBe(true);
    for (const k of ["list", "set", "named", "dl", "dm"])
      expect([at(k).isNull(), at(k).lengthInt()], k).toEqual([false, 0]);
    expect(at("dl").type.kind).toBe("tuple");
    expect(at("dm").type.kind).toBe("object");
    expect(rawEquals(at("items"), listVal([ov("ok")]))).toBe(true);
    // A model that is not even an object: every attribute and block is missing.
    const none = fromModelSalvaging(s, null as never, "state");
    expect(none.problems[0]?.message).toBe("object required, but received null");
    expect(none.problems.map((p) => p.message)).toContain('.grp: missing block "grp" in the model');
    expect(none.problems.map((p) => p.message)).toContain('.one: missing attribute "one" in the model');
  });

  it("keeps the base's other values when salvaging against it", () => {
    const base = fromModel(s, { ...empty, items: [o("a")], list: [o("l")] } as never, "state");
    const model = toModel(s, base, "state");
    const { value, problems } = fromModelSalvaging(s, { ...model, one: 1 } as never, "state", base);
    expect(problems).toHaveLength(1);
    expect(value.entries().get("items")).toBe(base.entries().get("items"));
    expect(value.entries().get("list")).toBe(base.entries().get("list"));
    expect(rawEquals(value, base)).toBe(true);
  });
});

describe("Unknown deep inside a plain attribute's model", () => {
  const s = resourceSchema({
    attributes: { ns: attr.list(t.string, ok), o: attr.object({ a: t.string }, ok), d: attr.dynamic(ok) },
  });
  const model = (over: Record<string, unknown>) => ({ ns: null, o: null, d: null, ...over }) as never;

  it("is refused where the phase holds no unknowns, and kept as an unknown element elsewhere", () => {
    for (const [phase, where] of [
      ["state", "state"],
      ["read", "state"],
      ["known_config", "configuration"],
    ] as const) {
      expect(
        errorOf(() => fromModel(s, model({ ns: ["a", Unknown] }), phase)),
        phase,
      ).toBe(`.ns: the ${where} cannot hold unknown values`);
      expect(
        errorOf(() => fromModel(s, model({ o: { a: Unknown } }), phase)),
        phase,
      ).toBe(`.o: the ${where} cannot hold unknown values`);
    }
    const planned = fromModel(s, model({ ns: ["a", Unknown] }), "plan")
      .entries()
      .get("ns") as Value;
    expect(planned.isKnown()).toBe(true);
    expect(planned.elements()[1]?.isKnown()).toBe(false);
    // A dynamic attribute's model is a cty Value: nothing inside it is a model Unknown.
    expect(errorOf(() => fromModel(s, model({ d: listVal([stringVal("x")]) }), "state"))).toBe("no error");
  });
});

describe("refinements of unknowns deep in collections survive a round trip", () => {
  const deep = resourceSchema({
    attributes: {
      servers: attr.listNested(
        { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
        { optional: true },
      ),
      by_key: attr.mapNested(
        { id: attr.string({ computed: true }), size: attr.int64({ optional: true }) },
        { optional: true },
      ),
    },
    blocks: {
      nic: block.list({
        attributes: { net: attr.string({ required: true }), ip: attr.string({ computed: true }) },
      }),
    },
  });
  const prefixed = (p: string) => refine(unknownVal(t.string.type)).stringPrefix(p).newValue();
  const server = (name: string, id: Value) => objectVal({ name: stringVal(name), id });
  const a = server("a", prefixed("srv-a-"));
  const b = server("b", refineNotNull(unknownVal(t.string.type)));
  const k1 = objectVal({ id: prefixed("k1-"), size: numberVal(2) });
  const nic = objectVal({ net: stringVal("x"), ip: prefixed("10.") });
  const v = objectVal({
    servers: listVal([a, b]),
    by_key: mapVal({ k1 }),
    nic: listVal([nic]),
  });

  it("an untouched model gives back the very value", () => {
    const model = toModel(deep, v, "proposed");
    expect(fromModel(deep, model, "proposed", v)).toBe(v);
  });

  it("reordered element objects keep their refined unknowns, even without a base", () => {
    const model = toModel(deep, v, "proposed") as { servers: unknown[] };
    const back = fromModel(deep, { ...model, servers: [...model.servers].reverse() } as never, "proposed");
    const servers = back.getAttr("servers").elements();
    expect(servers[0]?.getAttr("name").asString()).toBe("b");
    expect(servers[0]?.getAttr("id")).toBe(b.getAttr("id"));
    expect(servers[1]?.getAttr("id")).toBe(a.getAttr("id"));
    expect(back.getAttr("nic").elements()[0]?.getAttr("ip")).toBe(nic.getAttr("ip"));
  });

  it("a changed sibling inside a map element keeps the element's refined unknown (compared with the base)", () => {
    const model = toModel(deep, v, "proposed") as { by_key: Record<string, Record<string, unknown>> };
    const changed = { ...model, by_key: { k1: { ...model.by_key.k1, size: 3 } } };
    const back = fromModel(deep, changed as never, "proposed", v);
    const element = back.getAttr("by_key").entries().get("k1");
    expect(element?.getAttr("size").asNumber().text()).toBe("3");
    expect(element?.getAttr("id")).toBe(k1.getAttr("id"));
  });
});

describe("fromModelSalvaging: what the fallback keeps", () => {
  const s = resourceSchema({
    attributes: {
      name: attr.string({ required: true }),
      size: attr.int64({ optional: true }),
    },
    blocks: {
      one: block.single({ attributes: { a: attr.string({ optional: true }) } }),
      grp: block.group({ attributes: { g: attr.string({ optional: true }) } }),
      many: block.list({ attributes: { a: attr.string({ optional: true }) } }),
      uniq: block.set({ attributes: { a: attr.string({ optional: true }) } }),
      by_key: block.map({ attributes: { a: attr.string({ optional: true }) } }),
    },
  });

  it("a model that is not an object: one problem at the root, every attribute null, every block empty", () => {
    const { value, problems } = fromModelSalvaging(s, null as never, "state");
    expect(problems.map((p) => p.message)).toContain("object required, but received null");
    expect(value.getAttr("name").isNull()).toBe(true);
    expect(value.getAttr("one").isNull()).toBe(true);
    expect(value.getAttr("grp").getAttr("g").isNull()).toBe(true);
    expect(value.getAttr("many").lengthInt()).toBe(0);
    expect(value.getAttr("uniq").lengthInt()).toBe(0);
    expect(value.getAttr("by_key").lengthInt()).toBe(0);
  });

  it("a missing attribute or block is reported by name and left null or empty; the rest is kept", () => {
    const { value, problems } = fromModelSalvaging(
      s,
      { name: "web", one: null, grp: { g: "x" }, uniq: [], by_key: {} } as never,
      "state",
    );
    expect(problems.map((p) => p.message)).toEqual([
      '.size: missing attribute "size" in the model',
      '.many: missing block "many" in the model',
    ]);
    expect(value.getAttr("name").asString()).toBe("web");
    expect(value.getAttr("grp").getAttr("g").asString()).toBe("x");
    expect(value.getAttr("size").isNull()).toBe(true);
    expect(value.getAttr("many").lengthInt()).toBe(0);
  });

  it("what fits and did not change is the base's own value", () => {
    const base = fromModel(
      s,
      {
        name: "web",
        size: 2,
        one: null,
        grp: { g: null },
        many: [{ a: "m" }],
        uniq: [],
        by_key: {},
      } as never,
      "state",
    );
    const { value, problems } = fromModelSalvaging(
      s,
      {
        name: "web",
        size: "two",
        one: null,
        grp: { g: null },
        many: [{ a: "m" }],
        uniq: [],
        by_key: {},
      } as never,
      "state",
      base,
    );
    expect(problems.map((p) => p.message)).toEqual([
      ".size: a whole number is required, but received string",
    ]);
    expect(value.getAttr("many")).toBe(base.getAttr("many"));
    expect(value.getAttr("name")).toBe(base.getAttr("name"));
  });

  it("an error that is not a conversion error is not swallowed", () => {
    const model = {
      name: "web",
      size: 1,
      one: null,
      grp: { g: null },
      get many(): never {
        throw new TypeError("a getter failed");
      },
      uniq: [],
      by_key: {},
    };
    expect(() => fromModelSalvaging(s, model as never, "state")).toThrow(TypeError);
  });
});
