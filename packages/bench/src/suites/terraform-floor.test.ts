import { terraformOrWarn } from "@tfkit/testing";
import { describe, expect, it } from "vitest";
import {
  FLOOR_COMMANDS,
  floorSuite,
  prepareKind,
  providerConfig,
  terraformDataConfig,
} from "./terraform-floor.js";

const hasTerraform = terraformOrWarn("the terraform/floor suite test") !== undefined;

describe("terraform/floor suite", () => {
  it("writes N resources of the same shape for the providers and for terraform_data", () => {
    expect(providerConfig(7)).toMatch(/resource "bench_item" "r" \{\n {2}count = 7\n/);
    expect(terraformDataConfig(7)).toMatch(/resource "terraform_data" "r" \{\n {2}count = 7\n/);
    for (const config of [providerConfig(7), terraformDataConfig(7)])
      expect(config).toMatch(/tags += \{ index = tostring\(count\.index\) \}/);
  });

  // The suite checks what terraform printed (N added, no-op plan exit 0, N destroyed), so a
  // provider that mis-plans or mis-applies fails here, not only in a benchmark run.
  it.skipIf(!hasTerraform)(
    "applies, plans with no changes and destroys with the Go floor (when Go is here) and the tfkit bin/ form",
    async () => {
      const go = await prepareKind("go");
      if ("skipped" in go)
        console.warn(`!!! the Go floor (\`go\`) is SKIPPED in this test: ${go.skipped} !!!`);
      const kinds = ["terraform_data", "tfkit-bin", ...("skipped" in go ? [] : ["go"])];
      const results = await floorSuite(2, 1).run(
        FLOOR_COMMANDS.flatMap((c) => kinds.map((k) => `${c}/${k}`)),
      );
      expect(results.map((r) => r.name).sort()).toEqual(
        FLOOR_COMMANDS.flatMap((c) => kinds.map((k) => `${c}/${k}`)).sort(),
      );
      for (const r of results) expect(r.median).toBeGreaterThan(0);
      expect(results.filter((r) => r.baseline).map((r) => r.name.split("/")[1])).toEqual(
        FLOOR_COMMANDS.map(() => ("skipped" in go ? "terraform_data" : "go")),
      );
    },
    120_000,
  );
});
