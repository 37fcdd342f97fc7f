/**
 * The acceptance runner against real terraform, driving the grpc-transport e2e provider
 * (`tfkite2e_thing`) through create → update in place → replacement → refresh → plan-only →
 * destroy, with plan and state checks at every step.
 */
import { expect, it } from "vitest";
import { describeAcceptance, itAcceptance } from "../src/vitest.js";
import { knownvalue, path, plancheck, runAcceptance, statecheck, type TerraformState } from "../src/index.js";
import { CASE_TIMEOUT, e2eProvider, failureOf, MODE, thing } from "./support.js";

const A = "tfkite2e_thing.a";

describeAcceptance(`tfkite2e_thing lifecycle (${MODE})`, () => {
  it(
    "create, update in place, replace, refresh, plan-only, destroy",
    async () => {
      let destroyedState: TerraformState | undefined;
      const result = await runAcceptance(
        {
          providers: { tfkite2e: e2eProvider },
          steps: [
            {
              name: "create",
              config: thing("alpha", "  size = 1\n"),
              expectPlan: { [A]: "create" },
              planChecks: [
                plancheck.expectUnknownValue(A, path("id")),
                // Known at plan time because the name is.
                plancheck.expectKnownValue(A, path("greeting"), knownvalue.stringExact("hello alpha")),
                plancheck.expectKnownValue(A, "size", knownvalue.numberExact(1)),
                plancheck.expectKnownValue(A, "enabled", knownvalue.bool(true)),
              ],
              stateChecks: [
                statecheck.expectKnownValue(A, "id", knownvalue.stringExact("thing-alpha")),
                statecheck.expectKnownValue(A, "greeting", knownvalue.stringRegexp(/^hello /)),
                statecheck.expectKnownValue(A, "size", knownvalue.numberExact("1")),
                statecheck.expectKnownValue(A, "enabled", knownvalue.bool(true)),
                statecheck.expectResourceExists(A),
              ],
            },
            {
              name: "update in place",
              config: thing("alpha", "  size    = 2.5\n  enabled = false\n"),
              expectPlan: { [A]: "update" },
              planChecks: [
                plancheck.expectKnownValue(A, "id", knownvalue.stringExact("thing-alpha")),
                plancheck.expectKnownValue(A, "size", knownvalue.numberExact(2.5)),
              ],
              stateChecks: [
                statecheck.expectKnownValue(A, "id", knownvalue.stringExact("thing-alpha")),
                statecheck.expectKnownValue(A, "size", knownvalue.numberExact("2.5")),
                statecheck.expectKnownValue(A, "enabled", knownvalue.bool(false)),
              ],
            },
            {
              name: "replace (name change)",
              config: thing("beta", "  size    = 2.5\n  enabled = false\n"),
              expectPlan: { [A]: "replace" },
              planChecks: [
                plancheck.expectResourceAction(A, "destroy-before-create"),
                plancheck.expectUnknownValue(A, "id"),
                plancheck.expectKnownValue(A, "greeting", knownvalue.stringExact("hello beta")),
              ],
              stateChecks: [
                statecheck.expectKnownValue(
                  A,
                  [],
                  knownvalue.objectExact({
                    id: "thing-beta",
                    name: "beta",
                    greeting: "hello beta",
                    size: knownvalue.numberExact("2.5"),
                    enabled: false,
                  }),
                ),
              ],
            },
            {
              name: "refresh",
              refreshState: true,
              stateChecks: [statecheck.expectKnownValue(A, "id", knownvalue.stringExact("thing-beta"))],
            },
            {
              name: "plan only: nothing to do",
              planOnly: true,
              expectPlan: { [A]: "no-op" },
              planChecks: [plancheck.expectEmptyPlan()],
            },
            {
              name: "a validation error is expected",
              config: thing(""),
              expectError: /Empty name/,
            },
            {
              name: "back to beta: still no changes",
              config: thing("beta", "  size    = 2.5\n  enabled = false\n"),
              planOnly: true,
              planChecks: [plancheck.expectEmptyPlan()],
            },
          ],
          checkDestroy(state) {
            destroyedState = state;
          },
        },
        { mode: MODE },
      );
      // checkDestroy saw the state just before the destroy.
      expect(destroyedState?.resources.map((r) => r.address)).toEqual([A]);
      expect(result.steps.map((s) => `${s.name}:${s.kind}`)).toEqual([
        "create:apply",
        "update in place:apply",
        "replace (name change):apply",
        "refresh:refresh",
        "plan only: nothing to do:plan-only",
        "a validation error is expected:apply",
        "back to beta: still no changes:plan-only",
        "destroy:destroy",
      ]);
      console.info(
        `[${MODE}] ${result.steps.map((s) => `${s.name} ${Math.round(s.durationMs)} ms`).join(", ")}; total ${Math.round(result.totalMs)} ms`,
      );
    },
    CASE_TIMEOUT,
  );

  it(
    "import of a provider without ImportResourceState fails as expected (expectError on import)",
    async () => {
      await runAcceptance(
        {
          providers: { tfkite2e: e2eProvider },
          steps: [
            { config: thing("gamma") },
            {
              importState: true,
              resourceName: A,
              expectError: /ImportResourceState is not supported by this provider/,
            },
          ],
        },
        { mode: MODE },
      );
    },
    CASE_TIMEOUT,
  );

  itAcceptance(
    "itAcceptance runs a case and hands back the timings",
    { providers: { tfkite2e: e2eProvider }, steps: [{ config: thing("it"), expectPlan: { [A]: "create" } }] },
    {
      mode: MODE,
      timeout: CASE_TIMEOUT,
      onResult: (result) => expect(result.steps.map((s) => s.kind)).toEqual(["apply", "destroy"]),
    },
  );

  it(
    "an abort interrupts terraform (StopProvider reaches the provider) and fails the case at once",
    async () => {
      const controller = new AbortController();
      const started = performance.now();
      // "slow" makes the provider's apply wait up to a minute for StopProvider.
      const run = runAcceptance(
        { providers: { tfkite2e: e2eProvider }, steps: [{ config: thing("slow") }] },
        { mode: MODE, signal: controller.signal, keepWorkdir: false },
      );
      // Late enough that the apply is usually running (dev_overrides starts more processes first).
      setTimeout(() => controller.abort(), MODE === "reattach" ? 2_500 : 8_000);
      const error = await failureOf(() => run);
      expect(performance.now() - started).toBeLessThan(30_000);
      expect(error.message).toMatch(/terraform (plan|apply) failed/);
      expect(error.message).toContain("[@tfkit/testing] aborted; terraform ");
      // Interrupted during apply, the provider saw StopProvider; during plan, terraform halted.
      expect(error.message).toMatch(/tfkite2e: apply stopped by StopProvider|execution halted/);
    },
    CASE_TIMEOUT,
  );
});
