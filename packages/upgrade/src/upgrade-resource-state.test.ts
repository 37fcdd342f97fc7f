import {
  attributeStep,
  boolType,
  formatPath,
  listVal,
  mark,
  nullVal,
  numberVal,
  objectType,
  objectVal,
  rawEquals,
  stringType,
  stringVal,
  toJson,
  True,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { attr, block, resourceSchema, type State, t } from "@tfkit/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FLATMAP_UNKNOWN } from "./flatmap.js";
import {
  priorSchemaUpgrader,
  rawJsonUpgrader,
  type StateUpgraders,
  upgradeStep,
  type UpgradeSteps,
} from "./upgrader.js";
import { upgradeResourceState } from "./upgrade-resource-state.js";

// The example of the framework's "State Upgrade": v0 had bool attributes, v1 has strings.
const v0 = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    optional_attribute: attr.bool({ optional: true }),
    required_attribute: attr.bool({ required: true }),
  },
});
const v1 = resourceSchema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true }),
    optional_attribute: attr.string({ optional: true }),
    required_attribute: attr.string({ required: true }),
  },
});
const v2 = resourceSchema({
  version: 2,
  attributes: {
    id: attr.string({ computed: true }),
    optional_attribute: attr.string({ optional: true }),
    required_attribute: attr.string({ required: true }),
    labels: attr.list(t.string, { optional: true }),
  },
});

const storedV0 = '{"id":"thing-1","optional_attribute":null,"required_attribute":true}';

const priorSchemaApproach: StateUpgraders<typeof v1> = {
  0: priorSchemaUpgrader<typeof v0, typeof v1>({
    priorSchema: v0,
    upgrade: ({ model }) => ({
      id: model.id,
      optional_attribute: model.optional_attribute === null ? null : String(model.optional_attribute),
      required_attribute: String(model.required_attribute),
    }),
  }),
};

const rawJsonApproach: StateUpgraders<typeof v1> = {
  0: rawJsonUpgrader((json) => ({
    id: json.id ?? null,
    optional_attribute:
      json.optional_attribute === null || json.optional_attribute === undefined
        ? null
        : String(json.optional_attribute),
    required_attribute: String(json.required_attribute),
  })),
};

function expectedV1(optional: Value, required: string): Value {
  return objectVal({
    id: stringVal("thing-1"),
    optional_attribute: optional,
    required_attribute: stringVal(required),
  });
}

describe("State Upgrade: bool → string (v0 → v1)", () => {
  it.each([
    ["prior schema", priorSchemaApproach],
    ["raw JSON", rawJsonApproach],
  ])("upgrades with the %s approach", async (_name, upgraders) => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders,
    });
    expect(result.diagnostics).toEqual([]);
    expect(rawEquals(result.upgradedState as Value, expectedV1(nullVal(stringType), "true"))).toBe(true);
    // The result is exactly the current schema's type, so it encodes as the current state JSON.
    expect(toJson(result.upgradedState as Value, v1.type)).toBe(
      '{"id":"thing-1","optional_attribute":null,"required_attribute":"true"}',
    );
  });

  it.each([
    ["prior schema", priorSchemaApproach],
    ["raw JSON", rawJsonApproach],
  ])("keeps a set optional bool as its string with the %s approach", async (_name, upgraders) => {
    const json = new TextEncoder().encode(
      '{"id":"thing-1","optional_attribute":false,"required_attribute":false}',
    );
    const result = await upgradeResourceState({ schema: v1, version: 0n, rawState: { json }, upgraders });
    expect(result.diagnostics).toEqual([]);
    expect(rawEquals(result.upgradedState as Value, expectedV1(stringVal("false"), "false"))).toBe(true);
  });

  it("gives the prior-schema upgrader the decoded value, ignoring attributes the prior schema lacks", async () => {
    const seen: Value[] = [];
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"thing-1","required_attribute":"1","removed_long_ago":{"x":1}}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof v0, typeof v1>({
          priorSchema: v0,
          upgrade: ({ value }) => {
            seen.push(value);
            return objectVal({
              id: value.getAttr("id"),
              optional_attribute: nullVal(stringType),
              required_attribute: stringVal(String(value.getAttr("required_attribute").asBool())),
            });
          },
        }),
      },
    });
    expect(result.diagnostics).toEqual([]);
    // Missing attribute → null; "1" → true (go-cty string → bool); unknown attribute dropped.
    expect(
      rawEquals(
        seen[0] as Value,
        objectVal({
          id: stringVal("thing-1"),
          optional_attribute: nullVal(boolType),
          required_attribute: True,
        }),
      ),
    ).toBe(true);
    expect(result.upgradedState?.getAttr("required_attribute").asString()).toBe("true");
  });

  it("passes the raw upgrader the parsed JSON and a context", async () => {
    const calls: unknown[] = [];
    await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: {
        0: rawJsonUpgrader((json, context) => {
          calls.push(json, context.storedVersion, context.fromVersion, context.toVersion, context.format);
          // context.decode reads the same bytes with any type, exactly.
          calls.push(
            context
              .decode(objectType({ required_attribute: boolType }))
              .getAttr("required_attribute")
              .asBool(),
          );
          return { id: "x", optional_attribute: null, required_attribute: "true" };
        }),
      },
    });
    expect(calls).toEqual([JSON.parse(storedV0), 0, 0, 1, "json", true]);
  });

  it("accepts a cty Value from a raw upgrader, and strips marks", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: { 0: rawJsonUpgrader(() => mark(expectedV1(nullVal(stringType), "true"), "sensitive")) },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.upgradedState?.marks.size).toBe(0);
  });

  it("awaits async upgraders and keeps their warnings", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: {
        0: rawJsonUpgrader(async (_json, context) => {
          await new Promise((r) => setTimeout(r, 1));
          context.warning("Renamed", "optional_attribute is now a string", [
            attributeStep("optional_attribute"),
          ]);
          return { id: "thing-1", optional_attribute: null, required_attribute: "true" };
        }),
      },
    });
    expect(result.upgradedState).toBeDefined();
    expect(result.diagnostics).toEqual([
      {
        severity: "warning",
        summary: "Renamed",
        detail: "optional_attribute is now a string",
        path: [attributeStep("optional_attribute")],
      },
    ]);
  });
});

describe("same-version requests", () => {
  it("decode with the current schema without any upgrader, dropping removed attributes at every depth", async () => {
    const schema = resourceSchema({
      version: 3,
      attributes: { id: attr.string({ computed: true }), added: attr.bool({ optional: true }) },
      blocks: { rule: block.list({ attributes: { port: attr.number({ required: true }) } }) },
    });
    const result = await upgradeResourceState({
      schema,
      version: 3,
      rawState: {
        json: '{"id":"a","removed":"x","rule":[{"port":12345678901234567890123,"old":true},{"port":1}]}',
      },
    });
    expect(result.diagnostics).toEqual([]);
    // Exact number kept through the pruning; the removed attributes gone; the added one null.
    expect(toJson(result.upgradedState as Value, schema.type)).toBe(
      '{"added":null,"id":"a","rule":[{"port":12345678901234567890123},{"port":1}]}',
    );
  });

  it("report JSON that does not decode with the current schema, with the path", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 1,
      rawState: { json: '{"id":"a","required_attribute":{"nested":1}}' },
    });
    expect(result.upgradedState).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unable to Read Previously Saved State for UpgradeResourceState",
        detail:
          "There was an error reading the saved resource state using the current resource schema.\n\n" +
          "If this resource state was last refreshed with Terraform CLI 0.11 and earlier, it must be refreshed or applied with an older provider version first. " +
          "If you manually modified the resource state, you will need to manually modify it to match the current resource schema. " +
          "Otherwise, please report this to the provider developer:\n\n.required_attribute: string is required",
        path: [attributeStep("required_attribute")],
      },
    ]);
  });

  it("decode legacy flatmap state with the current schema", async () => {
    const result = await upgradeResourceState({
      schema: v2,
      version: 2,
      rawState: {
        flatmap: {
          id: "f",
          required_attribute: "yes",
          "labels.#": "2",
          "labels.0": "a",
          "labels.1": "b",
          stray: "1",
        },
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(toJson(result.upgradedState as Value, v2.type)).toBe(
      '{"id":"f","labels":["a","b"],"optional_attribute":null,"required_attribute":"yes"}',
    );
  });

  it("give nothing back for a request without stored state, like the Go framework", async () => {
    expect(await upgradeResourceState({ schema: v1, version: 0, rawState: undefined })).toEqual({
      diagnostics: [],
    });
    expect(
      await upgradeResourceState({ schema: v1, version: 1, rawState: { json: new Uint8Array() } }),
    ).toEqual({
      diagnostics: [],
    });
  });
});

const REPORT =
  "This is always an issue with the Terraform Provider and should be reported to the provider developer.";

describe("error diagnostics, verbatim", () => {
  it("no upgrade support at all", async () => {
    const result = await upgradeResourceState({ schema: v1, version: 0, rawState: { json: storedV0 } });
    expect(result).toEqual({
      diagnostics: [
        {
          severity: "error",
          summary: "Unable to Upgrade Resource State",
          detail:
            "This resource was implemented without state upgraders (upgradeState), however Terraform was expecting an implementation for version 0 upgrade.\n\n" +
            "The stored state has schema version 0 and the current schema version is 1; no upgraders exist.\n\n" +
            REPORT,
        },
      ],
    });
  });

  it("no upgrader for the requested version, naming the ones that exist", async () => {
    const schema = resourceSchema({ version: 4, attributes: { id: attr.string({ computed: true }) } });
    const upgrade = rawJsonUpgrader(() => ({ id: "x" }));
    const result = await upgradeResourceState({
      schema,
      version: 1,
      rawState: { json: '{"id":"x"}' },
      upgraders: { 0: upgrade, 2: upgrade },
      steps: { 3: rawJsonUpgrader(() => ({ id: "x" })) },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unable to Upgrade Resource State",
        detail:
          "This resource was implemented with state upgraders (upgradeState), however Terraform was expecting an implementation for version 1 upgrade.\n\n" +
          "The current schema version is 4; upgraders exist for versions 0, 2; chain steps exist for 3 → 4.\n\n" +
          REPORT,
      },
    ]);
  });

  it("a stored version newer than the schema's", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 2,
      rawState: { json: storedV0 },
      upgraders: priorSchemaApproach,
      typeName: "demo_thing",
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Resource instance managed by newer provider version",
        detail:
          "The current state of this demo_thing resource instance was created by a newer provider version than is currently selected: " +
          "it has schema version 2, and this provider's schema version is 1. Upgrade the provider to work with this state.",
      },
    ]);
  });

  it("stored state that does not decode with the prior schema names the version and the path", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"thing-1","required_attribute":"maybe"}' },
      upgraders: priorSchemaApproach,
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unable to Decode Prior Resource State",
        detail:
          "There was an error reading the saved resource state using the prior resource schema defined for version 0 upgrade; the state upgrader did not run.\n\n" +
          "If you manually modified the resource state, you will need to manually modify it to match the prior resource schema. " +
          "Otherwise, please report this to the provider developer:\n\n.required_attribute: a bool is required",
        path: [attributeStep("required_attribute")],
      },
    ]);
  });

  it("a raw upgrader whose stored JSON is not an object", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: "[1]" },
      upgraders: rawJsonApproach,
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unable to Decode Prior Resource State",
        detail:
          "There was an error reading the saved resource state as JSON for version 0 upgrade; the state upgrader did not run.\n\n" +
          "Please report this to the provider developer:\n\nthe stored state is not a JSON object",
      },
    ]);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a null object value", nullVal(v1.type)],
  ])("an upgrader returning %s", async (_name, output) => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: { 0: rawJsonUpgrader(() => output) },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Missing Upgraded Resource State",
        detail:
          "After attempting a resource state upgrade from version 0 to version 1, the provider did not return any state data. " +
          "Preventing the unexpected loss of resource state data. " +
          REPORT,
      },
    ]);
  });

  it("a raw upgrader returning JSON of the wrong shape", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: { 0: rawJsonUpgrader((json) => ({ ...json, extra: 1 })) },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unable to Upgrade Resource State",
        detail:
          "After attempting a resource state upgrade from version 0 to version 1, the provider returned state data that was not compatible with the current schema.\n\n" +
          "This is always an issue with the Terraform Provider and should be reported to the provider developer:\n\n" +
          'unsupported attribute "extra"',
      },
    ]);
  });

  it("a prior-schema upgrader returning a model that does not fit, with the path", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: {
        0: priorSchemaUpgrader<typeof v0, typeof v1>({
          priorSchema: v0,
          // The classic mistake: forgetting to convert the bool.
          upgrade: ({ model }) =>
            ({ ...model, required_attribute: model.required_attribute }) as unknown as State<typeof v1>,
        }),
      },
    });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      severity: "error",
      summary: "Unable to Upgrade Resource State",
      path: [attributeStep("required_attribute")],
    });
    expect(result.diagnostics[0]?.detail).toMatch(
      /^After attempting a resource state upgrade from version 0 to version 1, the provider returned state data that was not compatible with the current schema\.\n\n.*:\n\n\.required_attribute: /s,
    );
  });

  it("an upgrader that throws, with the path of a CtyError", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"id":"x","required_attribute":true,"optional_attribute":null}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof v0, typeof v1>({
          priorSchema: v0,
          upgrade: ({ value }) => {
            value.getAttr("optional_attribute").asBool(); // null → throws
            return null;
          },
        }),
      },
    });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.summary).toBe("Unable to Upgrade Resource State");
    expect(result.diagnostics[0]?.detail).toMatch(
      /^The state upgrader from version 0 to version 1 failed: .+\n\nThis is always an issue/s,
    );
  });

  it("an upgrader that reports an error through the context", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: {
        0: rawJsonUpgrader((_json, context) => {
          context.error("Cannot reach API", "needed to look up the new id");
          return { id: "x", optional_attribute: null, required_attribute: "true" };
        }),
      },
    });
    expect(result).toEqual({
      diagnostics: [
        { severity: "error", summary: "Cannot reach API", detail: "needed to look up the new id" },
      ],
    });
  });

  it("a Value result that does not conform to the current schema (core's wording, with the path)", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: {
        0: rawJsonUpgrader(() =>
          objectVal({
            id: stringVal("x"),
            optional_attribute: nullVal(stringType),
            required_attribute: True,
          }),
        ),
      },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Invalid resource state upgrade",
        detail:
          "The provider upgraded the state from schema version 0, but produced an invalid result: .required_attribute: string required, but received bool.",
        path: [attributeStep("required_attribute")],
      },
    ]);
  });

  it("a result with an unknown value", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: {
        0: rawJsonUpgrader(() =>
          objectVal({
            id: unknownVal(stringType),
            optional_attribute: nullVal(stringType),
            required_attribute: stringVal("true"),
          }),
        ),
      },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Invalid resource state upgrade",
        detail:
          "The provider upgraded the state from schema version 0, but produced an invalid result: .id: value is not known.",
        path: [attributeStep("id")],
      },
    ]);
  });

  it("same-version flatmap with an unknown value fails the wholly-known check", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 1,
      rawState: { flatmap: { id: FLATMAP_UNKNOWN, required_attribute: "x" } },
    });
    expect(result.diagnostics.map((d) => [d.summary, d.path && formatPath(d.path)])).toEqual([
      ["Invalid resource state upgrade", ".id"],
    ]);
  });
});

describe("chains", () => {
  const step01 = upgradeStep({
    priorSchema: v0,
    targetSchema: v1,
    upgrade: ({ model }) => ({
      id: model.id,
      optional_attribute: model.optional_attribute === null ? null : String(model.optional_attribute),
      required_attribute: String(model.required_attribute),
    }),
  });
  const step12 = upgradeStep({
    priorSchema: v1,
    targetSchema: v2,
    upgrade: ({ model }) => ({
      ...model,
      required_attribute: model.required_attribute ?? "unset",
      labels: [`was-${model.required_attribute}`],
    }),
  });

  it("compose v0 → v1 → v2 when no direct upgrader exists", async () => {
    const result = await upgradeResourceState({
      schema: v2,
      version: 0,
      rawState: { json: storedV0 },
      steps: { 0: step01, 1: step12 },
    });
    expect(result.diagnostics).toEqual([]);
    expect(toJson(result.upgradedState as Value, v2.type)).toBe(
      '{"id":"thing-1","labels":["was-true"],"optional_attribute":null,"required_attribute":"true"}',
    );
  });

  it("prefer a direct upgrader for the stored version, and end a chain in a direct upgrader", async () => {
    const direct: StateUpgraders<typeof v2> = {
      0: rawJsonUpgrader(() => ({
        id: "direct",
        optional_attribute: null,
        required_attribute: "d",
        labels: null,
      })),
      1: rawJsonUpgrader((json) => ({ ...json, labels: ["from-direct-1"] })),
    };
    const fromZero = await upgradeResourceState({
      schema: v2,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: direct,
      steps: { 0: step01 },
    });
    expect(fromZero.upgradedState?.getAttr("id").asString()).toBe("direct");

    const viaStep = await upgradeResourceState({
      schema: v2,
      version: 0,
      rawState: { json: storedV0 },
      upgraders: { 1: direct[1] as (typeof direct)[1] },
      steps: { 0: step01 },
    });
    expect(viaStep.diagnostics).toEqual([]);
    expect(
      rawEquals(viaStep.upgradedState?.getAttr("labels") as Value, listVal([stringVal("from-direct-1")])),
    ).toBe(true);
    // The direct upgrader saw v1 JSON written by the step, as if stored at v1.
    expect(viaStep.upgradedState?.getAttr("required_attribute").asString()).toBe("true");
  });

  it("hand raw steps' JSON on, and decode flatmap with the first step's prior schema", async () => {
    const result = await upgradeResourceState({
      schema: v2,
      version: 0,
      rawState: { flatmap: { id: "thing-1", required_attribute: "true" } },
      steps: {
        0: step01,
        1: rawJsonUpgrader((json, context) => {
          expect(context.format).toBe("json");
          return { ...json, labels: [] };
        }),
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(toJson(result.upgradedState as Value, v2.type)).toBe(
      '{"id":"thing-1","labels":[],"optional_attribute":null,"required_attribute":"true"}',
    );
  });

  it("say where a chain broke off", async () => {
    const result = await upgradeResourceState({
      schema: v2,
      version: 0,
      rawState: { json: storedV0 },
      steps: { 0: step01 },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unable to Upgrade Resource State",
        detail:
          "This resource was implemented with state upgraders (upgradeState), however Terraform was expecting an implementation for version 1 upgrade (reached through chain steps 0 → 1).\n\n" +
          "The current schema version is 2; chain steps exist for 0 → 1.\n\n" +
          REPORT,
      },
    ]);
  });

  it("refuse a step that does not move forward", async () => {
    const result = await upgradeResourceState({
      schema: v2,
      version: 1,
      rawState: { json: storedV0 },
      steps: { 1: { ...step12, toVersion: 1 } },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unable to Upgrade Resource State",
        detail:
          "The state upgrade chain step from version 1 goes to version 1, but a step must go to a later version, at most the current schema version 2.\n\n" +
          REPORT,
      },
    ]);
  });

  it("check a step's result against its target schema", async () => {
    const steps: UpgradeSteps = {
      0: rawJsonUpgrader(() => ({ id: "x", required_attribute: true, optional_attribute: null, labels: [] })),
    };
    const result = await upgradeResourceState({
      schema: v2,
      version: 0,
      rawState: { json: storedV0 },
      steps: { ...steps, 0: { ...(steps[0] as UpgradeSteps[0]), targetSchema: v1 } },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Unable to Upgrade Resource State",
        detail:
          "After attempting a resource state upgrade from version 0 to version 1, the provider returned state data that was not compatible with the schema of version 1.\n\n" +
          "This is always an issue with the Terraform Provider and should be reported to the provider developer:\n\n" +
          'unsupported attribute "labels"',
      },
    ]);
  });
});

describe("number precision", () => {
  it("keeps exact numbers through a prior-schema upgrade", async () => {
    const n0 = resourceSchema({ attributes: { size: attr.number({ required: true }) } });
    const n1 = resourceSchema({ version: 1, attributes: { size_text: attr.string({ required: true }) } });
    const result = await upgradeResourceState({
      schema: n1,
      version: 0,
      rawState: { json: '{"size":3.141592653589793238462643383279}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof n0, typeof n1>({
          priorSchema: n0,
          upgrade: ({ model }) => ({ size_text: model.size?.text() ?? "" }),
        }),
      },
    });
    expect(result.upgradedState?.getAttr("size_text").asString()).toBe("3.141592653589793238462643383279");
  });

  it("writes bigint results of raw upgraders as JSON numbers", async () => {
    const n1 = resourceSchema({ version: 1, attributes: { big: attr.number({ required: true }) } });
    const result = await upgradeResourceState({
      schema: n1,
      version: 0,
      rawState: { json: "{}" },
      upgraders: { 0: rawJsonUpgrader(() => ({ big: 2n ** 70n }) as never) },
    });
    expect(rawEquals(result.upgradedState?.getAttr("big") as Value, numberVal(2n ** 70n))).toBe(true);
  });
});

describe("property: the three ways agree", () => {
  it("prior schema, raw JSON and a one-step chain give the same state for any v0 state", async () => {
    const stored = fc.record({
      id: fc.string(),
      optional_attribute: fc.option(fc.boolean(), { nil: null }),
      required_attribute: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(stored, async (state) => {
        const json = JSON.stringify(state);
        const prior = await upgradeResourceState({
          schema: v1,
          version: 0,
          rawState: { json },
          upgraders: priorSchemaApproach,
        });
        const raw = await upgradeResourceState({
          schema: v1,
          version: 0,
          rawState: { json },
          upgraders: rawJsonApproach,
        });
        const chained = await upgradeResourceState({
          schema: v1,
          version: 0,
          rawState: { json },
          steps: { 0: { ...(priorSchemaApproach[0] as UpgradeSteps[0]), targetSchema: v1 } },
        });
        const expected = objectVal({
          id: stringVal(state.id),
          optional_attribute:
            state.optional_attribute === null
              ? nullVal(stringType)
              : stringVal(String(state.optional_attribute)),
          required_attribute: stringVal(String(state.required_attribute)),
        });
        for (const r of [prior, raw, chained]) {
          expect(r.diagnostics).toEqual([]);
          expect(rawEquals(r.upgradedState as Value, expected)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});
