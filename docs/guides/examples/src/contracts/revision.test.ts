import {
  nullVal,
  numberVal,
  objectVal,
  stringType,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { checkApplyResult, checkPlannedState, formatViolation } from "@tfkit/contracts";
import { describe, expect, it } from "vitest";
import { FakeCore } from "../harness.js";
import { brokenSchema, documentSchema, provider } from "./revision.js";

const T = documentSchema.type;
const config = (text: string): Value =>
  objectVal({
    id: nullVal(T.attributeTypes.id!),
    text: stringVal(text),
    revision: nullVal(T.attributeTypes.revision!),
  });
const core = new FakeCore(provider, {
  contracts_broken_document: brokenSchema,
  contracts_document: documentSchema,
});

describe("Resource Instance Change Lifecycle: a computed value that changes on update", () => {
  it("is caught by strict mode when the plan promised the old value", async () => {
    const created = await core.planAndApply("contracts_broken_document", nullVal(T), config("v1"));
    const plan = await core.plan("contracts_broken_document", created, config("v2"));
    expect(plan.planned.getAttr("revision").asNumber().toFloat64()).toBe(1); // promised: unchanged
    const applied = await core.apply("contracts_broken_document", created, plan.planned, config("v2"));
    const error = applied.diagnostics.find((d) => d.severity === "error");
    expect(error?.summary).toMatch(/^Provider produced inconsistent result after apply/);
    expect(error?.detail).toContain(".revision: was cty.NumberIntVal(1), but now cty.NumberIntVal(2)");
    expect(error?.detail).toContain(
      'tfkit: contract rule "value_changed" (apply), value produced by update.',
    );
  });

  it("passes when the plan leaves it unknown", async () => {
    const created = await core.planAndApply("contracts_document", nullVal(T), config("v1"));
    const plan = await core.plan("contracts_document", created, config("v2"));
    expect(plan.planned.getAttr("revision").isKnown()).toBe(false); // (known after apply)
    const applied = await core.apply("contracts_document", created, plan.planned, config("v2"));
    expect(applied.diagnostics).toEqual([]);
    expect(applied.newState.getAttr("revision").asNumber().toFloat64()).toBe(2);
    // A no-op plan keeps the state's revision: nothing is unknown, nothing changes.
    const noop = await core.plan("contracts_document", applied.newState, config("v2"));
    expect(noop.planned.getAttr("revision").asNumber().toFloat64()).toBe(2);
  });
});

describe("@tfkit/contracts on its own", () => {
  it("reports the rules core enforces, with core's words", () => {
    const prior = objectVal({ id: stringVal("doc-1"), text: stringVal("v1"), revision: numberVal(1) });
    const config = objectVal({
      id: nullVal(stringType),
      text: stringVal("v2"),
      revision: nullVal(T.attributeTypes.revision!),
    });

    // Plan: a configured value must be kept as configured (or as it was in prior state).
    const planned = objectVal({
      id: stringVal("doc-1"),
      text: stringVal("V2"),
      revision: unknownVal(T.attributeTypes.revision!),
    });
    const planViolations = checkPlannedState(documentSchema, { prior, config, planned });
    expect(planViolations.map(formatViolation)).toEqual([
      '.text: planned value cty.StringVal("V2") does not match config value cty.StringVal("v2") nor prior value cty.StringVal("v1")',
    ]);

    // Apply: every known planned value must come back unchanged, and nothing may stay unknown.
    const plannedOk = objectVal({
      id: stringVal("doc-1"),
      text: stringVal("v2"),
      revision: unknownVal(T.attributeTypes.revision!),
    });
    const newState = objectVal({ id: stringVal("doc-2"), text: stringVal("v2"), revision: numberVal(2) });
    const applyViolations = checkApplyResult(documentSchema, {
      planned: plannedOk,
      newState,
      action: "Update",
    });
    expect(applyViolations.map(formatViolation)).toEqual([
      '.id: was cty.StringVal("doc-1"), but now cty.StringVal("doc-2")',
    ]);
  });
});
