import { checkPlannedState } from "@tfkit/contracts";
import { fromMsgpack, objectVal, rawEquals, stringVal, type Value } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTE_COUNT,
  createFixture,
  floor,
  planSchema,
  RULE_COUNT,
  strictPipeline,
  strictRpc,
  updateFixture,
} from "./plan-engine.js";

// The fixtures are what the benchmark measures: these tests make sure it measures a real plan
// (an update that correlates the set, a create) and not an error path.

const update = updateFixture();
const create = createFixture();

function attributes(v: Value): Map<string, Value> {
  return new Map(v.entries());
}

function unknownNames(v: Value): string[] {
  return [...attributes(v)].filter(([, a]) => !a.isKnown()).map(([name]) => name);
}

describe("plan-engine bench fixtures", () => {
  it("have 200 plain attributes and a 1,000-element set-nested attribute", () => {
    const names = Object.keys(planSchema.attributes);
    expect(names).toHaveLength(ATTRIBUTE_COUNT + 1);
    expect(planSchema.attributes.rules?.kind).toBe("nested_attribute");
    expect(update.prior.getAttr("rules").lengthInt()).toBe(RULE_COUNT);
    expect(update.config.getAttr("rules").lengthInt()).toBe(RULE_COUNT);
  });

  it("update: an update plan that keeps 999 rules' computed values and leaves one rule unknown", () => {
    expect(update.action).toBe("update");
    const rules = update.planned.getAttr("rules").elements();
    expect(rules).toHaveLength(RULE_COUNT);
    const unknownIds = rules.filter((r) => !r.getAttr("id").isKnown());
    expect(unknownIds).toHaveLength(1);
    expect(unknownIds[0]?.getAttr("name").asString()).toBe("rule-500");
    expect(unknownIds[0]?.getAttr("protocol").isKnown()).toBe(false);
    expect(unknownIds[0]?.getAttr("port").asNumber().toFloat64()).toBe(1501);
    // The 999 unchanged rules keep their state values.
    const kept = rules.filter((r) => rawEquals(r.getAttr("protocol"), stringVal("tcp")));
    expect(kept).toHaveLength(RULE_COUNT - 1);
  });

  it("update: changed attributes take config, unset computed ones become unknown except under UseStateForUnknown", () => {
    const planned = update.planned;
    expect(planned.getAttr("a001_opt_string").asString()).toBe("optional-1-changed");
    expect(planned.getAttr("a037_opt_string").asString()).toBe("optional-37-changed");
    // a003…a051 carry useStateForUnknown(); a063 does not.
    expect(planned.getAttr("a051_computed_string").asString()).toBe("computed-51");
    expect(planned.getAttr("a063_computed_string").isKnown()).toBe(false);
    expect(planned.getAttr("a004_opt_computed_int").isKnown()).toBe(false);
    expect(planned.getAttr("a005_default_string").asString()).toBe("standard");
  });

  it("create: every computed attribute without default or modifier state is unknown", () => {
    expect(create.action).toBe("create");
    const unknown = unknownNames(create.planned);
    // 17 computed strings, 17 optional+computed ints, 16 computed bools; the UseStateForUnknown
    // ones stay unknown on create (no state to use).
    expect(unknown.filter((n) => n.endsWith("_computed_string"))).toHaveLength(17);
    expect(unknown.filter((n) => n.endsWith("_opt_computed_int"))).toHaveLength(17);
    expect(unknown.filter((n) => n.endsWith("_computed_bool"))).toHaveLength(16);
    expect(unknown.filter((n) => n.includes("default"))).toEqual([]);
  });

  it("floor decodes exactly the fixture values", () => {
    const [prior, config, proposed, bytes] = floor(update) as [Value, Value, Value, Uint8Array];
    expect(rawEquals(prior, update.prior)).toBe(true);
    expect(rawEquals(config, update.config)).toBe(true);
    expect(rawEquals(proposed, update.proposed)).toBe(true);
    expect(rawEquals(fromMsgpack(bytes, planSchema.type), update.planned)).toBe(true);
  });

  it("strict-rpc encodes the same planned state the pipeline computes", () => {
    for (const f of [update, create]) {
      expect(rawEquals(fromMsgpack(strictRpc(f), planSchema.type), f.planned)).toBe(true);
    }
  });

  it("the strict check really checks: no violations for the plan, one for a plan that drops a config value", () => {
    const [, violations] = strictPipeline(update) as [Value, unknown[]];
    expect(violations).toEqual([]);
    const entries = attributes(update.planned);
    entries.set("a000_req_string", stringVal("not-the-config-value"));
    const tampered = objectVal(Object.fromEntries(entries));
    const found = checkPlannedState(planSchema, {
      prior: update.prior,
      config: update.config,
      planned: tampered,
    });
    expect(found.map((v) => v.path)).toEqual([[{ kind: "attribute", name: "a000_req_string" }]]);
  });
});
