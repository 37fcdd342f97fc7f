import { fromJson, nullVal, numberVal, stringVal, toMsgpack, type Value } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { judgeRecords, planAction } from "./judge.js";
import { type CallRecord, type PlanRecord, type RecordedValue, recordValue } from "./record.js";
import { THING, thingSchema, typeOf } from "./schema.js";
import { patch, unknownComputed } from "./values.js";

const t = typeOf(THING);
const config = fromJson('{"name":"a","rule":[],"tag":[]}', t);
const planned = unknownComputed(thingSchema, config);
const prior = fromJson('{"id":"thing-1","name":"a","mode":"auto","tags":[],"rule":[],"tag":[]}', t);

/** Records a value the way the provider does, encoded with its own type. */
function rec(v: Value): RecordedValue {
  const r = recordValue({ msgpack: toMsgpack(v, v.type) }, v.type);
  if (!r) throw new Error("nothing recorded");
  return r;
}

function plan(pid: number, before: Value, answer: Value): PlanRecord {
  return {
    rpc: "PlanResourceChange",
    pid,
    typeName: THING,
    errors: false,
    prior: rec(before),
    config: rec(config),
    proposed: rec(config),
    planned: rec(answer),
    requiresReplace: [],
  };
}

function apply(errors: boolean): CallRecord {
  return {
    rpc: "ApplyResourceChange",
    pid: 2,
    typeName: THING,
    errors,
    prior: rec(nullVal(t)),
    planned: rec(planned),
    newState: undefined,
  };
}

const names = (checks: ReturnType<typeof judgeRecords>) => checks.map((c) => c.check);

describe("judgeRecords", () => {
  it("compares a plan by another provider process with the earlier one (the final plan)", () => {
    const first = patch(planned, { id: stringVal("one") });
    const final = patch(planned, { id: stringVal("two") });
    const checks = judgeRecords([plan(1, nullVal(t), first), plan(2, nullVal(t), final)]);
    const finalPlan = checks.find((c) => c.check === "PlanResourceChange#2 checkFinalPlan");
    expect(finalPlan?.violations.map((v) => v.rule)).toEqual(["value_changed"]);
    // The same two answers from one process are not a final plan.
    const sameProcess = judgeRecords([plan(1, nullVal(t), first), plan(1, nullVal(t), final)]);
    expect(names(sameProcess).filter((n) => n.endsWith("checkFinalPlan"))).toEqual([]);
  });

  it("recognises the replace re-plan: a null prior after a plan with a prior, same process", () => {
    const checks = judgeRecords([plan(1, prior, planned), plan(1, nullVal(t), planned)]);
    expect(names(checks)).toContain("PlanResourceChange#1 checkPlannedState");
    expect(names(checks)).toContain("PlanResourceChange#2 checkPlannedState (replace re-plan)");
  });

  it("judges bytes that do not decode as the schema type with the sender's type", () => {
    const [check] = judgeRecords([plan(1, nullVal(t), patch(planned, { name: numberVal(1) }))]);
    expect(check?.undecodable).toMatch(/string/);
    expect(check?.violations.map((v) => v.rule)).toEqual(["type_conformance"]);
  });

  it("treats an absent apply result as null and honours the provider's own errors", () => {
    expect(judgeRecords([apply(false)])[0]?.violations.map((v) => v.rule)).toEqual(["presence_changed"]);
    expect(judgeRecords([apply(true)])[0]?.violations).toEqual([]);
  });
});

describe("planAction", () => {
  const changed = patch(prior, { name: stringVal("b") });
  const name = [{ kind: "attribute" as const, name: "name" }];
  it("derives core's action from prior, plan and requires_replace paths", () => {
    expect(planAction(nullVal(t), planned, [])).toBe("Create");
    expect(planAction(prior, prior, [name])).toBe("NoOp");
    expect(planAction(prior, changed, [])).toBe("Update");
    expect(planAction(prior, changed, [name])).toBe("DeleteThenCreate");
    // A path whose value did not change does not replace; one that applies to neither does.
    expect(planAction(prior, patch(prior, { mode: stringVal("x") }), [name])).toBe("Update");
    expect(planAction(prior, changed, [[{ kind: "attribute" as const, name: "nope" }]])).toBe(
      "DeleteThenCreate",
    );
  });
});
