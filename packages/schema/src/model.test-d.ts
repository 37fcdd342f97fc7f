import type { CtyNumber, Value } from "@tfkit/cty-values";
import { describe, expectTypeOf, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import type { Config, KnownConfig, Plan, Proposed, ReadState, State } from "./model-types.js";
import { resourceSchema } from "./schema.js";
import { t } from "./type-constructors.js";
import type { Int64 } from "./type-spec.js";
import type { Unknown } from "./unknown.js";

const serverSchema = resourceSchema({
  version: 2,
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    description: attr.string({ optional: true }),
    region: attr.string({ optional: true, computed: true }),
    port: attr.int64({ optional: true, computed: true, default: 8080 }),
    ratio: attr.float64({ optional: true }),
    size: attr.number({ optional: true }),
    enabled: attr.bool({ optional: true }),
    password: attr.string({ optional: true, writeOnly: true, sensitive: true }),
    tags: attr.map(t.string, { optional: true }),
    zones: attr.set(t.string, { optional: true }),
    ports: attr.list(t.int64, { optional: true }),
    meta: attr.object({ owner: t.string, count: t.int64 }, { optional: true }),
    extra: attr.dynamic({ optional: true }),
    disks: attr.listNested(
      { size: attr.int64({ required: true }), disk_id: attr.string({ computed: true }) },
      { optional: true },
    ),
    endpoint: attr.singleNested(
      { host: attr.string({ required: true }), url: attr.string({ computed: true }) },
      { computed: true },
    ),
  },
  blocks: {
    network_interface: block.list({
      attributes: { subnet: attr.string({ required: true }), ip: attr.string({ computed: true }) },
      maxItems: 4,
    }),
    boot: block.single({ attributes: { image: attr.string({ required: true }) }, required: true }),
    logging: block.single({ attributes: { level: attr.string({ optional: true }) } }),
    rule: block.map({ attributes: { action: attr.string({ required: true }) } }),
  },
});

type S = typeof serverSchema;

describe("Config<S>", () => {
  it("makes required attributes non-nullable (but possibly unknown)", () => {
    expectTypeOf<Config<S>["name"]>().toEqualTypeOf<string | Unknown>();
    expectTypeOf<null>().not.toMatchTypeOf<Config<S>["name"]>();
  });
  it("lets optional attributes be null or unknown", () => {
    expectTypeOf<Config<S>["description"]>().toEqualTypeOf<string | null | Unknown>();
    expectTypeOf<Config<S>["region"]>().toEqualTypeOf<string | null | Unknown>();
  });
  it("leaves computed-only attributes out", () => {
    expectTypeOf<Config<S>>().not.toHaveProperty("id");
    expectTypeOf<Config<S>>().toHaveProperty("name");
  });
  it("keeps write-only attributes (they are configured)", () => {
    expectTypeOf<Config<S>["password"]>().toEqualTypeOf<string | null | Unknown>();
  });
  it("maps blocks to arrays, objects and records; dynamic blocks may be unknown", () => {
    expectTypeOf<Config<S>["network_interface"]>().toEqualTypeOf<{ subnet: string | Unknown }[] | Unknown>();
    expectTypeOf<Config<S>["logging"]>().toEqualTypeOf<{ level: string | null | Unknown } | null | Unknown>();
    expectTypeOf<Config<S>["rule"]>().toEqualTypeOf<Record<string, { action: string | Unknown }> | Unknown>();
  });
});

describe("KnownConfig<S>", () => {
  it("is the configuration without unknowns (create/read/update/delete)", () => {
    expectTypeOf<KnownConfig<S>["name"]>().toEqualTypeOf<string>();
    expectTypeOf<KnownConfig<S>["description"]>().toEqualTypeOf<string | null>();
    expectTypeOf<KnownConfig<S>["password"]>().toEqualTypeOf<string | null>();
    expectTypeOf<KnownConfig<S>["network_interface"]>().toEqualTypeOf<{ subnet: string }[]>();
    expectTypeOf<KnownConfig<S>>().not.toHaveProperty("id");
  });
});

describe("Proposed<S>", () => {
  it("lets anything be unknown while planning, keeps required non-null, nulls write-only", () => {
    expectTypeOf<Proposed<S>["name"]>().toEqualTypeOf<string | Unknown>();
    expectTypeOf<Proposed<S>["description"]>().toEqualTypeOf<string | null | Unknown>();
    expectTypeOf<Proposed<S>["id"]>().toEqualTypeOf<string | null | Unknown>();
    expectTypeOf<Proposed<S>["password"]>().toEqualTypeOf<null>();
    expectTypeOf<Proposed<S>["network_interface"]>().toEqualTypeOf<
      { subnet: string | Unknown; ip: string | null | Unknown }[] | Unknown
    >();
  });
});

describe("Plan<S>", () => {
  it("has required values known and non-null", () => {
    expectTypeOf<Plan<S>["name"]>().toEqualTypeOf<string>();
  });
  it("has optional non-computed values known (maybe null)", () => {
    expectTypeOf<Plan<S>["description"]>().toEqualTypeOf<string | null>();
  });
  it("lets computed values be unknown", () => {
    expectTypeOf<Plan<S>["id"]>().toEqualTypeOf<string | null | Unknown>();
    expectTypeOf<Plan<S>["region"]>().toEqualTypeOf<string | null | Unknown>();
    expectTypeOf<Plan<S>["port"]>().toEqualTypeOf<Int64 | Unknown>();
  });
  it("makes write-only values null", () => {
    expectTypeOf<Plan<S>["password"]>().toEqualTypeOf<null>();
  });
  it("treats everything inside a computed nested attribute as computed", () => {
    type Endpoint = Exclude<Plan<S>["endpoint"], null | Unknown>;
    expectTypeOf<Endpoint["host"]>().toEqualTypeOf<string | null | Unknown>();
  });
  it("types nested computed attributes by their own flags", () => {
    type Disk = Exclude<Plan<S>["disks"], null | Unknown>[number];
    expectTypeOf<Disk>().toEqualTypeOf<{ size: Int64; disk_id: string | null | Unknown }>();
  });
  it("types blocks without unknown at the top", () => {
    expectTypeOf<Plan<S>["network_interface"]>().toEqualTypeOf<
      { subnet: string; ip: string | null | Unknown }[]
    >();
    expectTypeOf<Plan<S>["boot"]>().toEqualTypeOf<{ image: string }>();
  });
});

describe("State<S>", () => {
  it("has no unknowns anywhere", () => {
    expectTypeOf<State<S>["id"]>().toEqualTypeOf<string | null>();
    expectTypeOf<State<S>["name"]>().toEqualTypeOf<string>();
    expectTypeOf<State<S>["network_interface"]>().toEqualTypeOf<{ subnet: string; ip: string | null }[]>();
  });
  it("maps every cty type to its model", () => {
    expectTypeOf<State<S>["size"]>().toEqualTypeOf<CtyNumber | null>();
    expectTypeOf<State<S>["ratio"]>().toEqualTypeOf<number | null>();
    expectTypeOf<State<S>["enabled"]>().toEqualTypeOf<boolean | null>();
    expectTypeOf<State<S>["tags"]>().toEqualTypeOf<Record<string, string | null> | null>();
    expectTypeOf<State<S>["zones"]>().toEqualTypeOf<(string | null)[] | null>();
    expectTypeOf<State<S>["ports"]>().toEqualTypeOf<(Int64 | null)[] | null>();
    expectTypeOf<State<S>["meta"]>().toEqualTypeOf<{ owner: string | null; count: Int64 | null } | null>();
    expectTypeOf<State<S>["extra"]>().toEqualTypeOf<Value | null>();
    expectTypeOf<State<S>["password"]>().toEqualTypeOf<null>();
    expectTypeOf<State<S>["rule"]>().toEqualTypeOf<Record<string, { action: string }>>();
  });
});

describe("a create handler (plan: Plan<S>) => State<S>", () => {
  type Create = (plan: Plan<S>) => State<S>;
  it("rejects returning the plan when a computed value may still be unknown", () => {
    // @ts-expect-error: `id` may be Unknown in the plan, and State has no Unknown.
    const leaveUnknown: Create = (plan) => plan;
    void leaveUnknown;
  });
  it("rejects returning an Unknown computed value explicitly", () => {
    expectTypeOf<Unknown>().not.toMatchTypeOf<State<S>["id"]>();
    expectTypeOf<Unknown>().not.toMatchTypeOf<State<S>["disks"]>();
  });
  it("accepts a handler that resolves every unknown", () => {
    const resolve = <V>(v: V | Unknown, fallback: V): V => (typeof v === "symbol" ? fallback : v);
    const create: Create = (plan) => ({
      ...plan,
      id: "srv-1",
      region: resolve(plan.region, "eu"),
      port: resolve(plan.port, 8080),
      password: null,
      disks: resolve(plan.disks, null)?.map((d) => ({ size: d.size, disk_id: "d-1" })) ?? null,
      endpoint: { host: "h", url: "u" },
      network_interface: plan.network_interface.map((n) => ({ subnet: n.subnet, ip: "10.0.0.1" })),
    });
    expectTypeOf(create).toEqualTypeOf<Create>();
  });
});

describe("null elements and defaults", () => {
  const s = resourceSchema({
    attributes: {
      names: attr.list(t.string, { optional: true, nullElements: false }),
      labels: attr.map(t.string, { optional: true }),
      nested: attr.of(t.list(t.set(t.string, { nullElements: false })), { optional: true }),
      size: attr.int64({ optional: true, computed: true, default: 1 }),
      mode: attr.string({ optional: true, computed: true }),
    },
  });
  it("holds null elements unless the schema refuses them", () => {
    expectTypeOf<State<typeof s>["names"]>().toEqualTypeOf<string[] | null>();
    expectTypeOf<State<typeof s>["labels"]>().toEqualTypeOf<Record<string, string | null> | null>();
    expectTypeOf<State<typeof s>["nested"]>().toEqualTypeOf<(string[] | null)[] | null>();
  });
  it("never makes a defaulted attribute null once planned", () => {
    expectTypeOf<Plan<typeof s>["size"]>().toEqualTypeOf<Int64 | Unknown>();
    expectTypeOf<Proposed<typeof s>["size"]>().toEqualTypeOf<Int64 | Unknown>();
    expectTypeOf<Plan<typeof s>["mode"]>().toEqualTypeOf<string | null | Unknown>();
    expectTypeOf<Config<typeof s>["size"]>().toEqualTypeOf<Int64 | null | Unknown>();
    expectTypeOf<State<typeof s>["size"]>().toEqualTypeOf<Int64>();
    expectTypeOf<ReadState<typeof s>["size"]>().toEqualTypeOf<Int64 | null>();
  });
});

describe("computed blocks (tfplugin6 6.11 Block.computed)", () => {
  const s = resourceSchema({
    blocks: {
      auto: block.list({ attributes: { name: attr.string({ optional: true }) }, computed: true }),
      plain: block.list({ attributes: { name: attr.string({ optional: true }) } }),
    },
  });
  it("may be unknown, with unknown contents, in a plan", () => {
    expectTypeOf<Plan<typeof s>["auto"]>().toEqualTypeOf<{ name: string | null | Unknown }[] | Unknown>();
    expectTypeOf<Plan<typeof s>["plain"]>().toEqualTypeOf<{ name: string | null }[]>();
    expectTypeOf<State<typeof s>["auto"]>().toEqualTypeOf<{ name: string | null }[]>();
    expectTypeOf<Config<typeof s>["auto"]>().toEqualTypeOf<{ name: string | null | Unknown }[] | Unknown>();
  });
});

describe("attribute option typing", () => {
  it("types validators and defaults by the attribute's model", () => {
    attr.string({
      required: true,
      validators: [(v) => (v.startsWith("a") ? undefined : "must start with a")],
    });
    attr.int64({ optional: true, computed: true, default: 3 });
    // @ts-expect-error: a string default on an int64 attribute
    attr.int64({ optional: true, computed: true, default: "3" });
    attr.list(t.string, { optional: true, validators: [(v) => (v.length > 2 ? "too many" : undefined)] });
    attr.listNested(
      { size: attr.int64({ required: true }) },
      { optional: true, validators: [(v) => (v.length > 0 ? undefined : "empty")] },
    );
    block.list({
      attributes: { port: attr.int64({ optional: true }) },
      validators: [
        (v) => {
          expectTypeOf(v).toEqualTypeOf<{ port: Int64 | null | Unknown }[]>();
          return v.length > 3 ? "too many" : undefined;
        },
      ],
    });
    block.single({
      attributes: { x: attr.string({ required: true }) },
      validators: [
        (v) => {
          expectTypeOf(v).toEqualTypeOf<{ x: string | Unknown }>();
        },
      ],
    });
  });
});

describe("ReadState<S> (read right after an import)", () => {
  it("makes every attribute nullable and a required single block absent-able", () => {
    expectTypeOf<ReadState<S>["name"]>().toEqualTypeOf<string | null>();
    expectTypeOf<ReadState<S>["port"]>().toEqualTypeOf<Int64 | null>();
    expectTypeOf<ReadState<S>["password"]>().toEqualTypeOf<null>();
    expectTypeOf<ReadState<S>["boot"]>().toEqualTypeOf<{ image: string | null } | null>();
  });
  it("is what a state can be given as", () => {
    expectTypeOf<State<S>>().toMatchTypeOf<ReadState<S>>();
  });
});
