// The README's examples, run as written (only the snapshot directory is a temporary one).
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rawEquals, stringVal, type Value } from "@tfkit/cty-values";
import { attr, resourceSchema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import {
  checkSchemaSnapshots,
  priorSchemaUpgrader,
  rawJsonUpgrader,
  type StateUpgraders,
  upgradeResourceState,
} from "./index.js";

const thingV0 = resourceSchema({
  attributes: { id: attr.string({ computed: true }), enabled: attr.bool({ optional: true }) },
});
const thing = resourceSchema({
  version: 1,
  attributes: { id: attr.string({ computed: true }), enabled: attr.string({ optional: true }) },
});

// With the prior schema: the model is typed by thingV0, the result is checked against thing.
const upgraders: StateUpgraders<typeof thing> = {
  0: priorSchemaUpgrader({
    priorSchema: thingV0,
    upgrade: ({ model }) => ({
      id: model.id,
      enabled: model.enabled === null ? null : String(model.enabled),
    }),
  }),
};

// Or on raw JSON: the upgrader gets JSON.parse of the stored attributes and returns JSON (or a Value).
const rawUpgraders: StateUpgraders<typeof thing> = {
  0: rawJsonUpgrader((json) => ({ ...json, enabled: json.enabled == null ? null : String(json.enabled) })),
};

const serverV0 = resourceSchema({
  attributes: { id: attr.string({ computed: true }), name: attr.string({ required: true }) },
});
const server = resourceSchema({
  version: 1,
  attributes: { id: attr.string({ computed: true }), label: attr.string({ required: true }) },
});

const serverUpgraders: StateUpgraders<typeof server> = {
  0: priorSchemaUpgrader({
    priorSchema: serverV0,
    // model.name is `string | null`: an old import may have left it null.
    upgrade: ({ model }) => ({ id: model.id, label: model.name ?? `imported-${model.id}` }),
  }),
};

describe("README", () => {
  it("upgrades old state that left a required attribute null", async () => {
    const { upgradedState, diagnostics } = await upgradeResourceState({
      schema: server,
      version: 0,
      rawState: { json: '{"id":"s-1","name":null}' },
      upgraders: serverUpgraders,
    });
    expect(diagnostics).toEqual([]);
    expect(rawEquals(upgradedState?.getAttr("label") as Value, stringVal("imported-s-1"))).toBe(true);
  });

  it.each([
    ["prior schema", upgraders],
    ["raw JSON", rawUpgraders],
  ])("upgrades the Terraform docs' example (%s)", async (_name, chosen) => {
    const { upgradedState, diagnostics } = await upgradeResourceState({
      schema: thing,
      version: 0, // the version stored in state
      rawState: { json: '{"id":"t-1","enabled":true}' },
      upgraders: chosen,
    });
    expect(diagnostics).toEqual([]);
    expect(upgradedState?.type).toEqual(thing.type);
    expect(rawEquals(upgradedState?.getAttr("enabled") as Value, stringVal("true"))).toBe(true);
    expect(rawEquals(upgradedState?.getAttr("id") as Value, stringVal("t-1"))).toBe(true);
  });

  it("checks schema snapshots", () => {
    const dir = mkdtempSync(join(tmpdir(), "tfkit-upgrade-readme-"));
    try {
      const run = (update: boolean) =>
        checkSchemaSnapshots({
          resources: { demo_thing: { schema: thing, upgraders } },
          snapshotDir: dir,
          update,
        });
      expect(() => run(false)).toThrow(/no schema snapshot for version 1/);
      run(true);
      expect(readdirSync(dir)).toEqual(["demo_thing.v1.json"]);
      expect(run(false).written).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
