// Issue 15, point 13: a value an upgrader returns for a write-only attribute is nulled, at any
// depth, as read, import and move do, instead of failing "Invalid resource state upgrade".
import { objectVal, stringType, stringVal, toJson, unknownVal, type Value } from "@tfkit/cty-values";
import { attr, block, resourceSchema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { priorSchemaUpgrader, rawJsonUpgrader, upgradeStep } from "./upgrader.js";
import { upgradeResourceState } from "./upgrade-resource-state.js";

const secret = () => attr.string({ optional: true, writeOnly: true });
const inner = () => ({ name: attr.string({ optional: true }), token: secret() });

const schema = resourceSchema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true }),
    password: secret(),
    one: attr.singleNested(inner(), { optional: true }),
    many: attr.listNested(inner(), { optional: true }),
    keyed: attr.mapNested(inner(), { optional: true }),
    hidden: attr.singleNested({ name: attr.string({ optional: true }) }, { optional: true, writeOnly: true }),
    deep: attr.listNested({ child: attr.singleNested(inner(), { optional: true }) }, { optional: true }),
  },
  blocks: {
    login: block.list({ attributes: inner() }),
    by_name: block.map({ attributes: inner() }),
    main: block.single({ attributes: inner(), blocks: { sub: block.list({ attributes: inner() }) } }),
    grouped: block.group({ attributes: inner() }),
  },
});

const o = (name: string, token: string | null) => ({ name, token });

/** Every write-only slot filled. */
const filled = {
  id: "x",
  password: "hunter2",
  one: o("a", "t1"),
  many: [o("b", "t2"), o("c", null)],
  keyed: { k: o("e", "t4") },
  hidden: { name: "h" },
  deep: [{ child: o("f", "t5") }],
  login: [o("g", "t6")],
  by_name: { n: o("i", "t8") },
  main: { ...o("j", "t9"), sub: [o("k", "t10")] },
  grouped: o("l", "t11"),
};

/** The same with every write-only slot null. */
const nulled = {
  id: "x",
  password: null,
  one: o("a", null),
  many: [o("b", null), o("c", null)],
  keyed: { k: o("e", null) },
  hidden: null,
  deep: [{ child: o("f", null) }],
  login: [o("g", null)],
  by_name: { n: o("i", null) },
  main: { ...o("j", null), sub: [o("k", null)] },
  grouped: o("l", null),
};

describe("write-only attributes in an upgrader's result", () => {
  it("are nulled at every depth and nesting, and the upgrade succeeds", async () => {
    const result = await upgradeResourceState({
      schema,
      version: 0,
      rawState: { json: "{}" },
      upgraders: { 0: rawJsonUpgrader(() => filled) },
    });
    expect(result.diagnostics).toEqual([]);
    const expected = await upgradeResourceState({
      schema,
      version: 1,
      rawState: { json: JSON.stringify(nulled) },
    });
    expect(expected.diagnostics).toEqual([]);
    expect(toJson(result.upgradedState as Value, schema.type)).toBe(
      toJson(expected.upgradedState as Value, schema.type),
    );
    // Everything else is kept as the upgrader returned it.
    expect(
      result.upgradedState?.getAttr("main").getAttr("sub").elements()[0]?.getAttr("name").asString(),
    ).toBe("k");
  });

  it("are nulled in a model result and a Value result alike", async () => {
    const v0 = resourceSchema({ attributes: { id: attr.string({ computed: true }) } });
    const small = resourceSchema({
      version: 1,
      attributes: { id: attr.string({ computed: true }), password: secret() },
    });
    const fromModel = await upgradeResourceState({
      schema: small,
      version: 0,
      rawState: { json: '{"id":"m"}' },
      upgraders: {
        // The model type says write-only is null in state; an upgrader that forces a value in
        // anyway (as untyped code would) gets it dropped.
        0: priorSchemaUpgrader<typeof v0, typeof small>({
          priorSchema: v0,
          upgrade: ({ model }) => ({ id: model.id, password: "pw" as unknown as null }),
        }),
      },
    });
    const fromValue = await upgradeResourceState({
      schema: small,
      version: 0,
      rawState: { json: '{"id":"m"}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof v0, typeof small>({
          priorSchema: v0,
          upgrade: ({ value }) => {
            return objectVal({ id: value.getAttr("id"), password: stringVal("pw") });
          },
        }),
      },
    });
    for (const result of [fromModel, fromValue]) {
      expect(result.diagnostics).toEqual([]);
      expect(toJson(result.upgradedState as Value, small.type)).toBe('{"id":"m","password":null}');
    }
  });

  it("an unknown write-only value is nulled too (state never holds unknowns)", async () => {
    const v0 = resourceSchema({ attributes: { id: attr.string({ computed: true }) } });
    const small = resourceSchema({
      version: 1,
      attributes: { id: attr.string({ computed: true }), password: secret() },
    });
    const result = await upgradeResourceState({
      schema: small,
      version: 0,
      rawState: { json: '{"id":"u"}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof v0, typeof small>({
          priorSchema: v0,
          upgrade: () => objectVal({ id: stringVal("u"), password: unknownVal(stringType) }),
        }),
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(toJson(result.upgradedState as Value, small.type)).toBe('{"id":"u","password":null}');
  });

  it("a chain step's write-only values are nulled before the next step reads them", async () => {
    const mid = resourceSchema({
      version: 1,
      attributes: { id: attr.string({ computed: true }), password: secret() },
    });
    const last = resourceSchema({
      version: 2,
      attributes: { id: attr.string({ computed: true }), note: attr.string({ optional: true }) },
    });
    const seen: unknown[] = [];
    const result = await upgradeResourceState({
      schema: last,
      version: 0,
      rawState: { json: '{"id":"c"}' },
      steps: {
        // A raw step with a target schema: its JSON is checked and cleaned as that version's.
        0: { upgrade: () => ({ id: "c", password: "pw" }), targetSchema: mid },
        1: upgradeStep({
          priorSchema: mid,
          targetSchema: last,
          upgrade: ({ value }) => {
            seen.push(value.getAttr("password").isNull());
            return { id: "c", note: "done" };
          },
        }),
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(seen).toEqual([true]);
  });

  it("leave other problems reported as core reports them", async () => {
    const result = await upgradeResourceState({
      schema,
      version: 0,
      rawState: { json: "{}" },
      upgraders: { 0: rawJsonUpgrader(() => ({ ...filled, id: null, extra: 1 })) },
    });
    expect(result.upgradedState).toBeUndefined();
    expect(result.diagnostics.map((d) => d.summary)).toEqual(["Unable to Upgrade Resource State"]);
  });
});
