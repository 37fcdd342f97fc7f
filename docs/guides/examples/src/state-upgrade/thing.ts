import { defineProvider, defineResource } from "@tfkit/provider";
import { attr, resourceSchema, t } from "@tfkit/schema";
import {
  priorSchemaUpgrader,
  rawJsonUpgrader,
  type StateUpgraders,
  type UpgradeSteps,
  upgradeStep,
} from "@tfkit/upgrade";

// Version 0: `enabled` was a bool ("State Upgrade").
export const thingV0 = resourceSchema({
  attributes: { id: attr.string({ computed: true }), enabled: attr.bool({ optional: true }) },
});
// Version 1: `enabled` became a string.
export const thingV1 = resourceSchema({
  version: 1,
  attributes: { id: attr.string({ computed: true }), enabled: attr.string({ optional: true }) },
});
// Version 2 (current): `labels` added.
export const thingV2 = resourceSchema({
  version: 2,
  attributes: {
    id: attr.string({ computed: true }),
    enabled: attr.string({ optional: true }),
    labels: attr.map(t.string, { optional: true }),
  },
});

// Approach 1, as in the Go framework: one upgrader per prior version, each going straight to
// the current version. With a prior schema the stored JSON arrives as a typed model...
export const upgraders: StateUpgraders<typeof thingV2> = {
  0: priorSchemaUpgrader<typeof thingV0, typeof thingV2>({
    priorSchema: thingV0,
    upgrade: ({ model }) => ({
      id: model.id,
      enabled: model.enabled === null ? null : String(model.enabled),
      labels: null,
    }),
  }),
  // ...or as raw JSON, when no prior schema is kept around.
  1: rawJsonUpgrader((json) => ({ ...json, labels: null })),
};

// Approach 2, beyond the Go framework: single-version steps that tfkit chains (0 → 1 → 2).
// Each schema change adds one step; old states walk the whole chain.
export const steps: UpgradeSteps = {
  0: upgradeStep({
    priorSchema: thingV0,
    targetSchema: thingV1,
    upgrade: ({ model }) => ({
      id: model.id,
      enabled: model.enabled === null ? null : String(model.enabled),
    }),
  }),
  1: upgradeStep({
    priorSchema: thingV1,
    targetSchema: thingV2,
    upgrade: ({ model }) => ({ ...model, labels: null }),
  }),
};

const hooks = {
  create: (plan: { enabled: string | null; labels: Record<string, string | null> | null }) => ({
    ...plan,
    id: "thing-1",
  }),
  read: <M>(state: M) => state,
  update: <M>(plan: M, prior: { id: string | null }) => ({ ...plan, id: prior.id }),
  delete: () => {},
};

export const thing = defineResource({
  typeName: "upgrade_thing",
  schema: thingV2,
  upgradeState: { upgraders },
  ...hooks,
});

export const chainedThing = defineResource({
  typeName: "upgrade_chained_thing",
  schema: thingV2,
  upgradeState: { steps },
  ...hooks,
});

export const provider = defineProvider({
  metadata: { typeName: "upgrade" },
  resources: [thing, chainedThing],
});
