import { nullVal } from "@tfkit/cty-values";
import { attr, resourceSchema } from "@tfkit/schema";
import { priorSchemaUpgrader, rawJsonUpgrader, upgradeStep } from "@tfkit/upgrade";
import { describe, expect, it } from "vitest";
import { call, decode, noBytes } from "../test/support.js";
import { defineProvider } from "./provider.js";
import { defineResource, moveStateFrom } from "./resource.js";

const v0 = resourceSchema({
  attributes: { id: attr.string({ computed: true }), enabled: attr.bool({ optional: true }) },
});
const v1 = resourceSchema({
  version: 1,
  attributes: { id: attr.string({ computed: true }), enabled: attr.string({ optional: true }) },
});
const v2 = resourceSchema({
  version: 2,
  attributes: {
    id: attr.string({ computed: true }),
    enabled: attr.string({ optional: true }),
    note: attr.string({ optional: true }),
  },
});

const crud = {
  create: (plan: never) => plan,
  read: (state: never) => state,
  update: (plan: never) => plan,
  delete: () => {},
};

const json = (o: unknown) => ({ json: new TextEncoder().encode(JSON.stringify(o)) });

describe("upgradeResourceState through @tfkit/upgrade", () => {
  it("upgrades with a prior-schema upgrader keyed by the stored version", async () => {
    const thing = defineResource({
      typeName: "demo_thing",
      schema: v1,
      ...crud,
      upgradeState: {
        upgraders: {
          0: priorSchemaUpgrader<typeof v0, typeof v1>({
            priorSchema: v0,
            upgrade: ({ model }) => ({
              id: model.id,
              enabled: model.enabled === null ? null : String(model.enabled),
            }),
          }),
        },
      },
    });
    const provider = defineProvider({ metadata: { typeName: "demo" }, resources: [thing] });
    const r = await provider.upgradeResourceState!(
      { typeName: "demo_thing", version: 0, rawState: json({ id: "a", enabled: true }) },
      call(),
    );
    expect(r.diagnostics).toEqual([]);
    const s = decode(r.upgradedState, v1.type);
    expect(s.getAttr("enabled").asString()).toBe("true");
    expect(s.getAttr("id").asString()).toBe("a");
  });

  it("chains single-version steps where no direct upgrader exists", async () => {
    const thing = defineResource({
      typeName: "demo_thing",
      schema: v2,
      ...crud,
      upgradeState: {
        steps: {
          0: upgradeStep({
            priorSchema: v0,
            targetSchema: v1,
            upgrade: ({ model }) => ({
              id: model.id,
              enabled: model.enabled === null ? null : String(model.enabled),
            }),
          }),
          1: upgradeStep({
            priorSchema: v1,
            targetSchema: v2,
            upgrade: ({ model }) => ({ ...model, note: "migrated" }),
          }),
        },
      },
    });
    const provider = defineProvider({ metadata: { typeName: "demo" }, resources: [thing] });
    const r = await provider.upgradeResourceState!(
      { typeName: "demo_thing", version: 0, rawState: json({ id: "a", enabled: false }) },
      call(),
    );
    expect(r.diagnostics).toEqual([]);
    const s = decode(r.upgradedState, v2.type);
    expect(s.getAttr("enabled").asString()).toBe("false");
    expect(s.getAttr("note").asString()).toBe("migrated");
  });

  it("handles the same version without upgraders, dropping removed attributes", async () => {
    const thing = defineResource({ typeName: "demo_thing", schema: v1, ...crud });
    const provider = defineProvider({ metadata: { typeName: "demo" }, resources: [thing] });
    const r = await provider.upgradeResourceState!(
      { typeName: "demo_thing", version: 1, rawState: json({ id: "a", enabled: "yes", removed: 1 }) },
      call(),
    );
    expect(r.diagnostics).toEqual([]);
    expect(decode(r.upgradedState, v1.type).getAttr("enabled").asString()).toBe("yes");
  });

  it("an older version without upgraders is an error naming the version", async () => {
    const thing = defineResource({ typeName: "demo_thing", schema: v1, ...crud });
    const provider = defineProvider({ metadata: { typeName: "demo" }, resources: [thing] });
    const r = await provider.upgradeResourceState!(
      { typeName: "demo_thing", version: 0, rawState: json({ id: "a" }) },
      call(),
    );
    expect(r.diagnostics?.[0]?.severity).toBe("error");
    expect(r.diagnostics?.[0]?.detail).toContain("version 0");
    expect(r.upgradedState).toBeUndefined();
  });

  it("a raw-JSON upgrader works too", async () => {
    const thing = defineResource({
      typeName: "demo_thing",
      schema: v1,
      ...crud,
      upgradeState: {
        upgraders: {
          0: rawJsonUpgrader((j) => ({ id: j.id ?? null, enabled: j.enabled === true ? "on" : "off" })),
        },
      },
    });
    const provider = defineProvider({ metadata: { typeName: "demo" }, resources: [thing] });
    const r = await provider.upgradeResourceState!(
      { typeName: "demo_thing", version: 0, rawState: json({ id: "b", enabled: true }) },
      call(),
    );
    expect(decode(r.upgradedState, v1.type).getAttr("enabled").asString()).toBe("on");
  });
});

describe("moveResourceState", () => {
  const source = resourceSchema({
    attributes: { id: attr.string({ computed: true }), label: attr.string({ optional: true }) },
  });
  const target = defineResource({
    typeName: "demo_thing",
    schema: v1,
    ...crud,
    moveState: [
      moveStateFrom(source, (old) => ({ id: old.id, enabled: old.label }), {
        sourceTypeName: "legacy_thing",
      }),
    ],
  });
  const provider = defineProvider({ metadata: { typeName: "demo" }, resources: [target] });
  const request = (sourceTypeName: string, state: unknown) => ({
    sourceProviderAddress: "registry.terraform.io/acme/legacy",
    sourceTypeName,
    sourceSchemaVersion: 0,
    sourceState: json(state),
    targetTypeName: "demo_thing",
    sourcePrivate: noBytes,
    sourceIdentitySchemaVersion: 0,
  });

  it("declares the capability and moves state through a typed source schema", async () => {
    const s = provider.getProviderSchema({}, call()) as {
      serverCapabilities?: { moveResourceState?: boolean };
    };
    expect(s.serverCapabilities?.moveResourceState).toBe(true);
    const r = await provider.moveResourceState!(request("legacy_thing", { id: "x", label: "on" }), call());
    expect(r.diagnostics).toEqual([]);
    const st = decode(r.targetState, v1.type);
    expect(st.getAttr("enabled").asString()).toBe("on");
  });

  it("a source no mover handles is an error", async () => {
    const r = await provider.moveResourceState!(request("other_thing", { id: "x" }), call());
    expect(r.diagnostics?.[0]?.summary).toBe("Unable to Move Resource State");
    expect(r.targetState).toBeUndefined();
    expect(nullVal(v1.type).isNull()).toBe(true);
  });
});
