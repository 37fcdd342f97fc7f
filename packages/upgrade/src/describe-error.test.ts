// Issue 15, point 8: an error an upgrader throws keeps the words and path the provider gives it
// (the provider passes `describeError`, which knows its own error class).
import { attributeStep, type Path } from "@tfkit/cty-values";
import { attr, type Diagnostic, resourceSchema } from "@tfkit/schema";
import { describe, expect, it, vi } from "vitest";
import { upgradeResourceState } from "./upgrade-resource-state.js";
import { priorSchemaUpgrader, rawJsonUpgrader, type StateUpgraders, upgradeStep } from "./upgrader.js";

/** Stands in for the provider's own error class, which this package cannot import. */
class FrameworkError extends Error {
  readonly summary: string;
  readonly detail: string;
  readonly path: Path | undefined;
  constructor(summary: string, detail: string, path: Path | undefined) {
    super(summary);
    this.summary = summary;
    this.detail = detail;
    this.path = path;
  }
}

const describeError = (e: unknown): Diagnostic | undefined =>
  e instanceof FrameworkError
    ? { severity: "error", summary: e.summary, detail: e.detail, ...(e.path ? { path: e.path } : {}) }
    : undefined;

const v0 = resourceSchema({
  attributes: { id: attr.string({ computed: true }), zone: attr.string({ optional: true }) },
});
const v1 = resourceSchema({
  version: 1,
  attributes: { id: attr.string({ computed: true }), region: attr.string({ optional: true }) },
});
const stored = { json: '{"id":"i-1","zone":"mars-1a"}' };

function throwing(err: unknown): StateUpgraders<typeof v1> {
  return {
    0: priorSchemaUpgrader<typeof v0, typeof v1>({
      priorSchema: v0,
      upgrade: ({ model }, context) => {
        context.warning("Zone lookup is slow", undefined, [attributeStep("zone")]);
        if (model.zone?.startsWith("mars")) throw err;
        return { id: model.id, region: model.zone };
      },
    }),
  };
}

describe("describeError", () => {
  it("reports a described error with its summary, detail and path, after the upgrader's warnings", async () => {
    const err = new FrameworkError("Unknown zone", 'Zone "mars-1a" has no region.', [attributeStep("zone")]);
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: stored,
      upgraders: throwing(err),
      describeError,
    });
    expect(result.upgradedState).toBeUndefined();
    expect(result.diagnostics).toEqual([
      { severity: "warning", summary: "Zone lookup is slow", path: [attributeStep("zone")] },
      {
        severity: "error",
        summary: "Unknown zone",
        detail: 'Zone "mars-1a" has no region.',
        path: [attributeStep("zone")],
      },
    ]);
  });

  it("is called with exactly what was thrown, once", async () => {
    const spy = vi.fn(describeError);
    const err = new FrameworkError("Unknown zone", "", undefined);
    await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: stored,
      upgraders: throwing(err),
      describeError: spy,
    });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toBe(err);
  });

  it("keeps the default message for errors it does not describe", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: stored,
      upgraders: throwing(new TypeError("cannot read properties of undefined")),
      describeError,
    });
    expect(result.diagnostics.at(-1)).toMatchObject({
      severity: "error",
      summary: "Unable to Upgrade Resource State",
    });
    expect(result.diagnostics.at(-1)?.detail).toMatch(
      /^The state upgrader from version 0 to version 1 failed: cannot read properties of undefined/,
    );
  });

  it("keeps the default message when the describer itself throws", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: stored,
      upgraders: throwing(new Error("boom")),
      describeError: () => {
        throw new Error("describer broke");
      },
    });
    expect(result.diagnostics.at(-1)?.detail).toMatch(
      /^The state upgrader from version 0 to version 1 failed: boom/,
    );
  });

  it("reports a described warning as an error: the upgrade failed and must say so", async () => {
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: stored,
      upgraders: throwing(new Error("x")),
      describeError: () => ({ severity: "warning", summary: "Described" }),
    });
    expect(result.upgradedState).toBeUndefined();
    expect(result.diagnostics.at(-1)).toEqual({ severity: "error", summary: "Described" });
  });

  it("describes errors of raw-JSON upgraders and chain steps too", async () => {
    const err = new FrameworkError("Step refused", "no", [attributeStep("id")]);
    const raw = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: stored,
      upgraders: {
        0: rawJsonUpgrader(() => {
          throw err;
        }),
      },
      describeError,
    });
    const chained = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: stored,
      steps: {
        0: upgradeStep({
          priorSchema: v0,
          targetSchema: v1,
          upgrade: () => {
            throw err;
          },
        }),
      },
      describeError,
    });
    for (const result of [raw, chained]) {
      expect(result.diagnostics).toEqual([
        { severity: "error", summary: "Step refused", detail: "no", path: [attributeStep("id")] },
      ]);
    }
  });

  it("is not asked about state that does not decode: that is a decode failure", async () => {
    const spy = vi.fn(() => ({ severity: "error", summary: "wrong" }) as const);
    const int0 = resourceSchema({ attributes: { n: attr.int64({ optional: true }) } });
    const result = await upgradeResourceState({
      schema: v1,
      version: 0,
      rawState: { json: '{"n":1.5}' },
      upgraders: {
        0: priorSchemaUpgrader<typeof int0, typeof v1>({
          priorSchema: int0,
          upgrade: ({ model }) => ({ id: String(model.n), region: null }),
        }),
      },
      describeError: spy,
    });
    expect(spy).not.toHaveBeenCalled();
    expect(result.diagnostics).toMatchObject([
      { severity: "error", summary: "Unable to Decode Prior Resource State", path: [attributeStep("n")] },
    ]);
  });
});
