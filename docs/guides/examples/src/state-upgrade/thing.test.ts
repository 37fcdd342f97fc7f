import { indexStep, stringVal } from "@tfkit/cty-values";
import { getAttribute } from "@tfkit/schema";
import { checkSchemaSnapshots } from "@tfkit/upgrade";
import { describe, expect, it } from "vitest";
import { FakeCore } from "../harness.js";
import { provider, steps, thingV2, upgraders } from "./thing.js";

const core = new FakeCore(provider, { upgrade_thing: thingV2, upgrade_chained_thing: thingV2 });

describe.each(["upgrade_thing", "upgrade_chained_thing"])("State Upgrade: %s", (typeName) => {
  it("upgrades version 0 (enabled was a bool)", async () => {
    const { newState, diagnostics } = await core.upgrade(typeName, 0, '{"id":"t-1","enabled":true}');
    expect(diagnostics).toEqual([]);
    expect(newState.getAttr("enabled").asString()).toBe("true");
    expect(newState.getAttr("labels").isNull()).toBe(true);
  });

  it("upgrades version 1", async () => {
    const { newState, diagnostics } = await core.upgrade(typeName, 1, '{"id":"t-1","enabled":"false"}');
    expect(diagnostics).toEqual([]);
    expect(newState.getAttr("id").asString()).toBe("t-1");
    expect(newState.getAttr("enabled").asString()).toBe("false");
  });

  it("needs no upgrader for the current version (Terraform asks on every state load)", async () => {
    const json = '{"id":"t-1","enabled":"true","labels":{"a":"b"},"removed_attribute":1}';
    const { newState, diagnostics } = await core.upgrade(typeName, 2, json);
    expect(diagnostics).toEqual([]);
    expect(getAttribute(newState, ["labels", indexStep(stringVal("a"))]).asString()).toBe("b");
  });

  it("refuses state written by a newer provider", async () => {
    const { diagnostics } = await core.upgrade(typeName, 3, '{"id":"t-1"}');
    expect(diagnostics[0]?.summary).toBe("Resource instance managed by newer provider version");
  });
});

describe("schema snapshots", () => {
  it("catch a schema change without a version bump", () => {
    checkSchemaSnapshots({
      resources: {
        upgrade_thing: { schema: thingV2, upgraders },
        upgrade_chained_thing: { schema: thingV2, steps },
      },
      snapshotDir: new URL("./schema-snapshots", import.meta.url).pathname,
      update: process.env.UPDATE_SNAPSHOTS === "1",
    });
  });
});
