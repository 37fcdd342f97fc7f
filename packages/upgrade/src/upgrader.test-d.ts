import { type CtyNumber, numberVal, type Value } from "@tfkit/cty-values";
import { attr, block, resourceSchema, type State, t } from "@tfkit/schema";
import { describe, expectTypeOf, it } from "vitest";
import type { PriorModel } from "./prior-model.js";
import { upgradeResourceState } from "./upgrade-resource-state.js";
import { priorSchemaUpgrader, rawJsonUpgrader, type StateUpgraders, upgradeStep } from "./upgrader.js";

const v0 = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    size: attr.number({ required: true }),
    on: attr.bool({ optional: true }),
  },
});
const v1 = resourceSchema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true }),
    size: attr.number({ required: true }),
    on: attr.string({ optional: true }),
  },
});

describe("upgrader typing", () => {
  it("types the prior model by the prior schema and the result by the current schema", () => {
    priorSchemaUpgrader<typeof v0, typeof v1>({
      priorSchema: v0,
      upgrade: ({ model, value }) => {
        // Required in the prior schema, yet old state may hold null there.
        expectTypeOf(model.size).toEqualTypeOf<CtyNumber | null>();
        expectTypeOf(model.on).toEqualTypeOf<boolean | null>();
        expectTypeOf(value).toEqualTypeOf<Value>();
        return {
          id: model.id,
          size: model.size ?? numberVal(0).asNumber(),
          on: model.on === null ? null : String(model.on),
        };
      },
    });
  });

  it("refuses a result that is not the current model", () => {
    priorSchemaUpgrader<typeof v0, typeof v1>({
      priorSchema: v0,
      // @ts-expect-error `on` must be a string now
      upgrade: ({ model }) => ({ id: model.id, size: model.size, on: model.on }),
    });
  });

  it("infers the prior schema from the definition inside a typed upgraders map", () => {
    const upgraders: StateUpgraders<typeof v1> = {
      0: priorSchemaUpgrader({
        priorSchema: v0,
        upgrade: ({ model }) => {
          expectTypeOf(model).toEqualTypeOf<PriorModel<typeof v0>>();
          expectTypeOf(model).not.toEqualTypeOf<State<typeof v0>>();
          return null;
        },
      }),
      1: rawJsonUpgrader((json) => json),
      2: priorSchemaUpgrader({
        priorSchema: v0,
        // @ts-expect-error the current schema's `on` is a string: checked without type arguments
        upgrade: ({ model }) => ({ id: model.id, size: model.size, on: model.on }),
      }),
    };
    expectTypeOf(
      upgradeResourceState({ schema: v1, version: 0, rawState: undefined, upgraders }),
    ).resolves.toHaveProperty("diagnostics");
  });

  it("types chain steps by their prior and target schemas", () => {
    upgradeStep({
      priorSchema: v0,
      targetSchema: v1,
      upgrade: ({ model }) => ({
        id: model.id,
        size: model.size ?? numberVal(0).asNumber(),
        on: String(model.on),
      }),
    });
    upgradeStep({
      priorSchema: v0,
      targetSchema: v1,
      // @ts-expect-error the target's `on` is a string
      upgrade: ({ model }) => ({ id: model.id, size: model.size, on: model.on }),
    });
  });

  it("makes every attribute of a prior model nullable, at any depth, and never unknown", () => {
    const nested = resourceSchema({
      attributes: {
        id: attr.string({ computed: true }),
        secret: attr.string({ optional: true, writeOnly: true }),
        rules: attr.listNested(
          { name: attr.string({ required: true }), note: attr.string({ optional: true }) },
          { required: true },
        ),
        tags: attr.map(t.string, { optional: true, computed: true }),
      },
      blocks: {
        network: block.single({ required: true, attributes: { cidr: attr.string({ required: true }) } }),
        disk: block.list({ attributes: { size: attr.number({ required: true }) } }),
      },
    });
    type M = PriorModel<typeof nested>;
    expectTypeOf<M["id"]>().toEqualTypeOf<string | null>();
    // Stored state never holds a write-only value.
    expectTypeOf<M["secret"]>().toEqualTypeOf<null>();
    expectTypeOf<M["rules"]>().toEqualTypeOf<{ name: string | null; note: string | null }[] | null>();
    expectTypeOf<M["network"]>().toEqualTypeOf<{ cidr: string | null } | null>();
    expectTypeOf<M["disk"]>().toEqualTypeOf<{ size: CtyNumber | null }[]>();
    // The current-phase state model still makes its promises.
    expectTypeOf<State<typeof nested>["network"]>().toEqualTypeOf<{ cidr: string }>();
  });
});
