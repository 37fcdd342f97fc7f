/**
 * A broken provider, the same failing case both ways: the fake core and real terraform both
 * reject the create that changes a configured value with core's words, so an `expectError`
 * written for the CLI holds under the fake core; without it, the fake core names the rule.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  findTerraform,
  fromEntry,
  knownvalue,
  runAcceptance,
  runFakeCore,
  statecheck,
  type TestCase,
} from "../src/index.js";
import { provider as shouting } from "./fixtures/shouting-provider/provider.js";
import { CASE_TIMEOUT, failureOf } from "./support.js";

const launcher = fromEntry(fileURLToPath(new URL("./fixtures/shouting-provider/main.ts", import.meta.url)), {
  conditions: ["@tfkit/source"],
});
const N = "shouting_note.a";

const expectingTheError: TestCase = {
  providers: { shouting: launcher },
  steps: [
    {
      structuredConfig: { resources: { [N]: { title: "quiet please" } } },
      // Terraform wraps its lines: only match words that stay together.
      expectError: /Provider produced inconsistent result after apply[\s\S]*\.title: was/,
    },
    {
      // Core saved the inconsistent object, tainted (a failed create): the next apply replaces it.
      structuredConfig: { resources: { [N]: { title: "QUIET PLEASE" } } },
      expectPlan: { [N]: "destroy-before-create" },
      stateChecks: [statecheck.expectKnownValue(N, "title", knownvalue.stringExact("QUIET PLEASE"))],
    },
  ],
};

describe("a create that changes a configured value", () => {
  it("fake core: the same expectError as the CLI matches", async () => {
    await runFakeCore(expectingTheError, { provider: shouting });
  });

  it("fake core without expectError: names the attribute, the rule and the hook", async () => {
    const error = await failureOf(() =>
      runFakeCore(
        {
          providers: expectingTheError.providers,
          steps: [{ structuredConfig: { resources: { [N]: { title: "hi" } } } }],
        },
        { provider: shouting },
      ),
    );
    expect(error.message).toContain(
      'shouting_note.a: .title: was cty.StringVal("hi"), but now cty.StringVal("HI") (contract rule value_changed, stage apply, in create)',
    );
  });

  it.skipIf(!findTerraform())(
    "real CLI (reattach): the same case passes",
    async () => {
      await runAcceptance(expectingTheError, { mode: "reattach" });
    },
    CASE_TIMEOUT,
  );
});
