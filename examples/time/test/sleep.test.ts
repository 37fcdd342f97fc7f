/** resource_time_sleep_test.go, translated. */
import { compare, type ConfigBody, knownvalue, runFakeCore, statecheck } from "@tfkit/testing";
import { describe, expect, it } from "vitest";
import { createProvider } from "../src/provider.js";
import { launcher, registerCases } from "./harness.js";

const R = "time_sleep.test";
const config = (attributes: ConfigBody) => ({ resources: { [R]: attributes } });

// TestResourceTimeSleepCreate / TestResourceTimeSleepDelete call Create and Delete directly in Go;
// here the fake core drives them (in-process, no terraform delays) and the time is measured.
describe("time_sleep sleeps (upstream's unit tests)", () => {
  it("TestResourceTimeSleepCreate: create waits create_duration", async () => {
    const result = await runFakeCore(
      { providers: { time: launcher }, steps: [{ structuredConfig: config({ create_duration: "1s" }) }] },
      { provider: createProvider() },
    );
    const apply = result.steps.flatMap((s) => s.calls).filter((c) => c.rpc === "ApplyResourceChange");
    // The create (first apply) waited at least the second; the destroy did not wait.
    expect(apply[0]?.durationMs).toBeGreaterThanOrEqual(1000);
    expect(apply.at(-1)?.durationMs).toBeLessThan(1000);
  });

  it("TestResourceTimeSleepDelete: delete waits destroy_duration", async () => {
    const result = await runFakeCore(
      { providers: { time: launcher }, steps: [{ structuredConfig: config({ destroy_duration: "1s" }) }] },
      { provider: createProvider() },
    );
    const apply = result.steps.flatMap((s) => s.calls).filter((c) => c.rpc === "ApplyResourceChange");
    expect(apply[0]?.durationMs).toBeLessThan(1000);
    expect(apply.at(-1)?.durationMs).toBeGreaterThanOrEqual(1000);
  });
});

const durationCase = (go: string, attribute: "create_duration" | "destroy_duration") => ({
  go,
  steps: () => {
    // The id (the creation time) must not change: an update keeps it.
    const sameId = statecheck.compareValue(compare.valuesSame());
    const step = (duration: string) => ({
      structuredConfig: config({ [attribute]: duration }),
      stateChecks: [
        statecheck.expectKnownValue(R, attribute, knownvalue.stringExact(duration)),
        statecheck.expectKnownValue(R, "id", knownvalue.notNull()),
        sameId.addStateValue(R, "id"),
      ],
    });
    // Upstream's import steps are commented out (the id is the import time).
    return [step("1ms"), { ...step("2ms"), expectPlan: { [R]: "update" as const } }];
  },
});

registerCases("time_sleep", [
  durationCase("TestAccTimeSleep_CreateDuration", "create_duration"),
  durationCase("TestAccTimeSleep_DestroyDuration", "destroy_duration"),
  {
    go: "TestAccTimeSleep_Triggers",
    timeout: 60_000,
    steps: () => {
      // create_duration = "1s": the replacement's id is at least a second later.
      const idUpdated = statecheck.compareValue(compare.valuesDiffer());
      const step = (value: string) => ({
        structuredConfig: config({ create_duration: "1s", triggers: { key1: value } }),
        stateChecks: [
          statecheck.expectKnownValue(R, "triggers", knownvalue.mapSizeExact(1)),
          statecheck.expectKnownValue(R, "triggers.key1", knownvalue.stringExact(value)),
          statecheck.expectKnownValue(R, "id", knownvalue.notNull()),
          statecheck.expectKnownValue(R, "create_duration", knownvalue.notNull()),
          idUpdated.addStateValue(R, "id"),
        ],
      });
      return [step("value1"), step("value1updated")];
    },
  },
  {
    go: "TestAccTimeSleep_Upgrade",
    // Upstream applies with hashicorp/time 0.8.0 from the registry first; its state is the
    // case's initial state here.
    initialState: () => ({
      resources: {
        [R]: {
          schemaVersion: 0,
          attributes: {
            id: "2026-01-01T00:00:00Z",
            create_duration: "1ms",
            destroy_duration: null,
            triggers: null,
          },
        },
      },
    }),
    steps: () => [
      { structuredConfig: config({ create_duration: "1ms" }), planOnly: true },
      {
        structuredConfig: config({ create_duration: "1ms" }),
        stateChecks: [
          statecheck.expectKnownValue(R, "create_duration", knownvalue.stringExact("1ms")),
          statecheck.expectKnownValue(R, "id", knownvalue.notNull()),
        ],
      },
    ],
  },
  {
    go: "TestAccTimeSleep_Validators",
    steps: () => [
      {
        structuredConfig: config({ triggers: { key1: "value1" } }),
        expectError: /Error: Invalid Attribute Combination/,
      },
      {
        structuredConfig: config({ create_duration: "1" }),
        expectError: /Error: Invalid Attribute Value Match/,
      },
    ],
  },
]);
