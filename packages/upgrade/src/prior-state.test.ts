// Issue 15, point 3: prior schemas decode old state with no current-phase promises, and a decode
// failure is reported as one (with the attribute path), never as "the state upgrader failed".
import {
  attributeStep,
  formatPath,
  indexStep,
  numberVal,
  objectType,
  stringType,
  toJson,
  type Value,
} from "@tfkit/cty-values";
import { attr, block, resourceSchema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { FLATMAP_UNKNOWN } from "./flatmap.js";
import type { PriorModel } from "./prior-model.js";
import { upgradeResourceState } from "./upgrade-resource-state.js";
import { priorSchemaUpgrader, rawJsonUpgrader, upgradeStep } from "./upgrader.js";

const v0 = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    replicas: attr.int64({ optional: true }),
    rules: attr.listNested({ port: attr.string({ required: true }) }, { optional: true }),
  },
  blocks: {
    network: block.single({ required: true, attributes: { cidr: attr.string({ required: true }) } }),
  },
});
const v1 = resourceSchema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ optional: true }),
    summary: attr.string({ computed: true }),
  },
});

const DECODE = "Unable to Decode Prior Resource State";
const FAILED = "Unable to Upgrade Resource State";

/** An upgrader that records the prior model it saw and describes it in `summary`. */
function recording() {
  const seen: PriorModel<typeof v0>[] = [];
  const upgrader = priorSchemaUpgrader<typeof v0, typeof v1>({
    priorSchema: v0,
    upgrade: ({ model }) => {
      seen.push(model);
      return { id: model.id, name: model.name, summary: JSON.stringify(model) };
    },
  });
  return { seen, upgraders: { 0: upgrader } };
}

describe("prior state decodes with no current-phase promises", () => {
  it("runs the upgrader on old state that left a required attribute null, and it sees null", async () => {
    const { seen, upgraders } = recording();
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      // What an old import could leave: required values null at every depth.
      rawState: {
        json: '{"id":"i-1","name":null,"replicas":null,"rules":[{"port":null}],"network":null}',
      },
      upgraders,
    });
    expect(result.diagnostics).toEqual([]);
    expect(seen).toEqual([{ id: "i-1", name: null, replicas: null, rules: [{ port: null }], network: null }]);
    expect(toJson(result.upgradedState as Value, v1.type)).toBe(
      `{"id":"i-1","name":null,"summary":${JSON.stringify(JSON.stringify(seen[0]))}}`,
    );
  });

  it("sees the same values a current-phase state would for state that keeps the promises", async () => {
    const { seen, upgraders } = recording();
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: {
        json: '{"id":"i-2","name":"web","replicas":3,"rules":null,"network":{"cidr":"10.0.0.0/8"}}',
      },
      upgraders,
    });
    expect(result.diagnostics).toEqual([]);
    expect(seen).toEqual([
      { id: "i-2", name: "web", replicas: 3, rules: null, network: { cidr: "10.0.0.0/8" } },
    ]);
  });

  it("decodes a chain step's prior state the same way", async () => {
    const seen: unknown[] = [];
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"name":null,"network":{"cidr":null}}' },
      steps: {
        0: upgradeStep({
          priorSchema: v0,
          targetSchema: v1,
          upgrade: ({ model }) => {
            seen.push(model.network);
            return { id: model.id, name: model.name, summary: model.network?.cidr ?? "no cidr" };
          },
        }),
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(seen).toEqual([{ cidr: null }]);
    expect(result.upgradedState?.getAttr("summary").asString()).toBe("no cidr");
  });
});

describe("a prior state that does not decode is a decode failure, with the attribute path", () => {
  it.each([
    ["a value of the wrong type", '{"name":"a","replicas":"many"}', ".replicas", [attributeStep("replicas")]],
    [
      "a wrong type inside a nested attribute",
      '{"name":"a","rules":[{"port":{"x":1}}]}',
      ".rules[0].port",
      [attributeStep("rules"), indexStep(numberVal(0)), attributeStep("port")],
    ],
  ])("%s: the upgrader does not run", async (_name, json, rendered, path) => {
    const { seen, upgraders } = recording();
    const result = await upgradeResourceState({ schema: v1, version: 0, rawState: { json }, upgraders });
    expect(seen).toEqual([]);
    expect(result.upgradedState).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    const [d] = result.diagnostics;
    expect(d).toMatchObject({ severity: "error", summary: DECODE, path });
    expect(d?.detail).toContain(
      "prior resource schema defined for version 0 upgrade; the state upgrader did not run",
    );
    expect(d?.detail).toContain(`${rendered}: `);
    expect(d?.detail).not.toContain("failed");
  });

  it("stored bytes that are not JSON", async () => {
    const { seen, upgraders } = recording();
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"name": tru' },
      upgraders,
    });
    expect(seen).toEqual([]);
    expect(result.diagnostics.map((d) => d.summary)).toEqual([DECODE]);
  });

  it("stored bytes that are not JSON, for a raw-JSON upgrader", async () => {
    let ran = false;
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: "{nope" },
      upgraders: {
        0: rawJsonUpgrader(() => {
          ran = true;
          return null;
        }),
      },
    });
    expect(ran).toBe(false);
    expect(result.diagnostics.map((d) => d.summary)).toEqual([DECODE]);
  });

  it("a value the model cannot hold (int64 1.5): reported at the path when the upgrader reads the model", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"i-3","name":"a","replicas":1.5}' },
      upgraders: recording().upgraders,
    });
    expect(result.diagnostics).toHaveLength(1);
    const [d] = result.diagnostics;
    expect(d).toMatchObject({ severity: "error", summary: DECODE, path: [attributeStep("replicas")] });
    expect(d?.detail).toMatch(
      /^There was an error reading the saved resource state as a model of the prior resource schema defined for version 0 upgrade/,
    );
    expect(d?.detail).toContain(".replicas: ");
    expect(d?.summary).not.toBe(FAILED);
  });

  it("an unknown left by a legacy flatmap marker is a decode failure of the model, at its path", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { flatmap: { id: FLATMAP_UNKNOWN, name: "a" } },
      upgraders: recording().upgraders,
    });
    expect(result.diagnostics.map((d) => [d.summary, d.path && formatPath(d.path)])).toEqual([
      [DECODE, ".id"],
    ]);
  });

  it("the same state upgrades when the upgrader reads only the value", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"i-3","name":"a","replicas":1.5}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof v0, typeof v1>({
          priorSchema: v0,
          upgrade: ({ value }) => ({
            id: value.getAttr("id").asString(),
            name: value.getAttr("name").asString(),
            summary: value.getAttr("replicas").asNumber().text(),
          }),
        }),
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.upgradedState?.getAttr("summary").asString()).toBe("1.5");
  });

  it("an upgrader that catches the model's failure goes on", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"i-3","name":"a","replicas":1.5}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof v0, typeof v1>({
          priorSchema: v0,
          upgrade: (prior) => {
            try {
              return { id: prior.model.id, name: prior.model.name, summary: "model" };
            } catch {
              return { id: "fallback", name: null, summary: "value" };
            }
          },
        }),
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.upgradedState?.getAttr("id").asString()).toBe("fallback");
  });

  it("an upgrader's own error after a good decode is still 'the state upgrader failed'", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"i-4","name":null}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof v0, typeof v1>({
          priorSchema: v0,
          upgrade: ({ model }) => {
            if (model.name === null) throw new Error("name is required to look up the new id");
            return null;
          },
        }),
      },
    });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.summary).toBe(FAILED);
    expect(result.diagnostics[0]?.detail).toMatch(
      /^The state upgrader from version 0 to version 1 failed: name is required to look up the new id/,
    );
  });
});

describe("context.decode failures are decode failures too", () => {
  it("reports an escaping context.decode error with its path, not as 'the state upgrader failed'", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"i-5","name":{"first":"a"}}' },
      upgraders: {
        0: rawJsonUpgrader((_json, context) => {
          const value = context.decode(objectType({ id: stringType, name: stringType }));
          return value;
        }),
      },
    });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      severity: "error",
      summary: DECODE,
      path: [attributeStep("name")],
    });
    expect(result.diagnostics[0]?.detail).toMatch(/gave context\.decode/);
    expect(result.diagnostics[0]?.detail).toContain(".name: ");
  });

  it("an upgrader that catches it and falls back goes on", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"i-5","name":{"first":"a"}}' },
      upgraders: {
        0: rawJsonUpgrader((json, context) => {
          try {
            context.decode(objectType({ name: stringType }));
          } catch {
            // fall back to the JSON
          }
          return { id: json.id ?? null, name: "first", summary: null };
        }),
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.upgradedState?.getAttr("name").asString()).toBe("first");
  });
});
