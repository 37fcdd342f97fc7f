/**
 * The same case under both ways of reaching the provider — reattach (the runner starts the
 * provider once per case) and dev_overrides (terraform starts 1–6 provider processes per
 * command) — must pass identically; the per-step times are printed for comparison.
 */
import { expect, it } from "vitest";
import {
  type AcceptanceResult,
  knownvalue,
  plancheck,
  runAcceptance,
  statecheck,
  type TestCase,
} from "../src/index.js";
import { describeAcceptance } from "../src/vitest.js";
import { CASE_TIMEOUT, e2eProvider, thing } from "./support.js";

const A = "tfkite2e_thing.a";

const lifecycle: TestCase = {
  providers: { tfkite2e: e2eProvider },
  steps: [
    {
      name: "create",
      config: thing("m", "  size = 1\n"),
      expectPlan: { [A]: "create" },
      planChecks: [plancheck.expectUnknownValue(A, "id")],
      stateChecks: [statecheck.expectKnownValue(A, "id", knownvalue.stringExact("thing-m"))],
    },
    { name: "update", config: thing("m", "  size = 2\n"), expectPlan: { [A]: "update" } },
    { name: "replace", config: thing("n", "  size = 2\n"), expectPlan: { [A]: "replace" } },
    { name: "plan-only", planOnly: true, planChecks: [plancheck.expectEmptyPlan()] },
  ],
};

describeAcceptance("reattach and dev_overrides run the same case", () => {
  const results: Partial<Record<"reattach" | "dev_overrides", AcceptanceResult>> = {};

  for (const mode of ["reattach", "dev_overrides"] as const) {
    it(
      mode,
      async () => {
        results[mode] = await runAcceptance(lifecycle, { mode });
        expect(results[mode]?.steps.map((s) => s.name)).toEqual([
          "create",
          "update",
          "replace",
          "plan-only",
          "destroy",
        ]);
      },
      CASE_TIMEOUT,
    );
  }

  it("prints the per-step times", () => {
    const r = results.reattach;
    const d = results.dev_overrides;
    if (!r || !d) return;
    const rows = r.steps.map((s, i) => {
      const other = d.steps[i];
      const ratio = other ? (other.durationMs / s.durationMs).toFixed(1) : "?";
      return `  ${s.name.padEnd(10)} reattach ${Math.round(s.durationMs).toString().padStart(5)} ms   dev_overrides ${Math.round(
        other?.durationMs ?? 0,
      )
        .toString()
        .padStart(5)} ms   ×${ratio}`;
    });
    console.info(
      [
        "@tfkit/testing per-step times:",
        ...rows,
        `  total      reattach ${Math.round(r.totalMs).toString().padStart(5)} ms (bundle ${Math.round(r.providerBuildMs)} ms, provider start ${Math.round(r.providerStartMs)} ms)   dev_overrides ${Math.round(d.totalMs).toString().padStart(5)} ms   ×${(d.totalMs / r.totalMs).toFixed(1)}`,
      ].join("\n"),
    );
  });
});
