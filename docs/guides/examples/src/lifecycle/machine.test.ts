import { EmptyObjectVal, nullVal, objectVal, stringVal, type Value } from "@tfkit/cty-values";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeCore } from "../harness.js";
import { cloud, machineSchema, provider } from "./machine.js";

const T = machineSchema.type;
const config = (name: string): Value =>
  objectVal({
    id: nullVal(T.attributeTypes.id!),
    name: stringVal(name),
    running: nullVal(T.attributeTypes.running!),
  });
const core = new FakeCore(provider, { lifecycle_machine: machineSchema });

beforeAll(async () => {
  expect(await core.configure(EmptyObjectVal, EmptyObjectVal.type)).toEqual([]);
});
beforeEach(() => {
  cloud.machines.clear();
  cloud.failBoot = false;
});

describe("Resource Lifecycle: partial state", () => {
  it("returns the partial state with the error when create fails after the object exists", async () => {
    cloud.failBoot = true;
    const plan = await core.plan("lifecycle_machine", nullVal(T), config("web"));
    const applied = await core.apply("lifecycle_machine", nullVal(T), plan.planned, config("web"));
    expect(applied.diagnostics.map((d) => [d.severity, d.summary, d.detail])).toEqual([
      ["error", "Machine did not boot", "boot timed out"],
    ]);
    // Terraform stores this (tainted): the id of the object that exists, the plan's known
    // values, null where the plan had unknowns.
    expect(applied.newState.getAttr("id").asString()).toBe("m-1");
    expect(applied.newState.getAttr("name").asString()).toBe("web");
    expect(applied.newState.getAttr("running").isNull()).toBe(true);
    expect(cloud.machines.get("m-1")?.running).toBe(false);

    // No zombie: destroying (what the replacement does first) finds and deletes the object.
    cloud.failBoot = false;
    const destroyed = await core.planAndApply("lifecycle_machine", applied.newState, nullVal(T));
    expect(destroyed.isNull()).toBe(true);
    expect(cloud.machines.size).toBe(0);
  });

  it("keeps the prior state when an update fails", async () => {
    const created = await core.planAndApply("lifecycle_machine", nullVal(T), config("web"));
    cloud.machines.clear(); // deleted behind Terraform's back
    const plan = await core.plan("lifecycle_machine", created, config("web2"));
    const applied = await core.apply("lifecycle_machine", created, plan.planned, config("web2"));
    expect(applied.diagnostics[0]?.summary).toBe("Machine not found");
    expect(applied.newState.getAttr("name").asString()).toBe("web");
  });

  it("drops the resource from state when read finds nothing", async () => {
    const created = await core.planAndApply("lifecycle_machine", nullVal(T), config("web"));
    cloud.machines.clear();
    const refreshed = await core.read("lifecycle_machine", created);
    expect(refreshed.diagnostics).toEqual([]);
    expect(refreshed.newState.isNull()).toBe(true); // Terraform will plan to create it again
  });
});
