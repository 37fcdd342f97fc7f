/**
 * Configuration from files and directories (runAcceptance; a clear error under the fake core),
 * and the final destroy without refresh: a case whose last step is an expected error passes.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type AcceptanceResult,
  type FakeCoreResult,
  knownvalue,
  runAcceptance,
  runFakeCore,
  statecheck,
  type TestCase,
} from "../src/index.js";
import { CASE_TIMEOUT, failureOf, MODE } from "./support.js";
import {
  bothRunners,
  freshStore,
  hasTerraform,
  readWidgets,
  runWith,
  widgetsLauncher,
  widgetsProvider,
} from "./widgets-support.js";

const A = "widgets_widget.a";
const B = "widgets_widget.b";
const providers = { widgets: widgetsLauncher };
const fixture = (p: string) => fileURLToPath(new URL(`./fixtures/widgets-config/${p}`, import.meta.url));

describe("configFile and configDirectory", () => {
  it.skipIf(!hasTerraform)(
    "real CLI: a file, then a directory (two files and a file() they read), then HCL text",
    async () => {
      const store = freshStore();
      await runAcceptance(
        {
          providers,
          steps: [
            {
              configFile: fixture("one.tf"),
              expectPlan: { [A]: "create" },
              stateChecks: [statecheck.expectKnownValue(A, "size", knownvalue.numberExact(1))],
            },
            {
              configDirectory: fixture("dir"),
              expectPlan: { [A]: "update", [B]: "create" },
              stateChecks: [
                statecheck.expectKnownValue(A, "size", knownvalue.numberExact(2)),
                statecheck.expectKnownValue(B, "label", knownvalue.stringExact("from the directory")),
              ],
            },
            {
              // The directory's files are gone: b (only in b.tf.json) is destroyed.
              config: `resource "widgets_widget" "a" {\n  zone = "eu"\n  name = "web-1"\n  size = 2\n}\n`,
              expectPlan: { [A]: "no-op", [B]: "destroy" },
            },
            {
              // An import step without a configuration of its own uses the last one (here HCL).
              importState: true,
              resourceName: A,
              importStateId: "eu/web-1",
              importStateVerify: true,
            },
          ],
        },
        { mode: MODE, env: { TFKIT_WIDGETS_STORE: store } },
      );
      expect(readWidgets(store).widgets).toEqual({});
    },
    CASE_TIMEOUT,
  );

  it.skipIf(!hasTerraform)(
    "real CLI: a missing file fails the step, naming the field and the path",
    async () => {
      const error = await failureOf(() =>
        runAcceptance({ providers, steps: [{ configDirectory: fixture("nope") }] }, { mode: MODE }),
      );
      expect(error.message).toMatch(/step 1 of 1 failed:\n {2}- configDirectory ".*nope" does not exist/);
    },
    CASE_TIMEOUT,
  );

  it.each([
    ["configFile", { configFile: "testdata/main.tf" }, 'configFile "testdata/main.tf"'],
    ["configDirectory", { configDirectory: "testdata/basic" }, 'configDirectory "testdata/basic"'],
  ] as const)(
    "fake core: %s is a clear error naming the construct and runAcceptance",
    async (_, step, named) => {
      const error = await failureOf(() =>
        runFakeCore({ providers, steps: [step] }, { provider: widgetsProvider }),
      );
      expect(error.message).toContain(
        `step 1 of 1 failed:\n  - ${named}: the fake core reads a step's structuredConfig or config text, not files; put the file's text in config, or run this case with runAcceptance`,
      );
    },
  );
});

describe("the final destroy runs without refresh, with the last configuration that worked", () => {
  // The last step of each case is an expected error; the destroy must still remove the widget.
  const endingInError = (last: Record<string, unknown>, error: RegExp): TestCase => ({
    providers,
    steps: [
      { structuredConfig: { resources: { [A]: { zone: "eu", name: "web-1", size: 1 } } } },
      {
        structuredConfig: { resources: { [A]: { zone: "eu", name: "web-1", ...last } } },
        expectError: error,
      },
    ],
    checkDestroy: (state) => {
      // The state before the destroy still holds the widget of step 1.
      expect(state.resources.map((r) => r.address)).toEqual([A]);
    },
  });

  for (const [what, last, error] of [
    ["a plan error (PlanResourceChange)", { size: 500 }, /size 500 is too large: at most 100/],
    ["a validation error (ValidateResourceConfig)", { label: "invalid" }, /label "invalid" is not allowed/],
    ["an unsupported argument (configuration decoding)", { colour: "red" }, /Unsupported argument/],
  ] as const) {
    bothRunners(`last step: ${what}`, async (runner, store) => {
      const result = (await runWith(runner, endingInError(last, error), store)) as
        | AcceptanceResult
        | FakeCoreResult;
      // The remote object is gone: the destroy really ran.
      expect(readWidgets(store).widgets).toEqual({});
      const destroy = result.steps.at(-1);
      expect(destroy?.kind).toBe("destroy");
      if ("commands" in (destroy ?? {})) {
        const commands = (destroy as AcceptanceResult["steps"][number]).commands.map((c) => c.command);
        expect(commands.find((c) => c.startsWith("destroy"))).toBe(
          "destroy -refresh=false -auto-approve -input=false -no-color",
        );
      } else {
        // Fake core: no ReadResource (no refresh), no PlanResourceChange of the invalid configuration.
        const rpcs = (destroy as FakeCoreResult["steps"][number]).calls.map((c) => c.rpc);
        expect(rpcs).not.toContain("ReadResource");
        expect(rpcs).toContain("ApplyResourceChange");
      }
    });
  }
});

describe("the clean-up destroy of a failed case", () => {
  bothRunners(
    "uses the last configuration that worked, so an invalid one does not block it",
    async (runner, store) => {
      const error = await failureOf(() =>
        runWith(
          runner,
          {
            providers,
            steps: [
              { structuredConfig: { resources: { [A]: { zone: "eu", name: "web-1" } } } },
              // Not expected: the case fails here, and is cleaned up.
              { structuredConfig: { resources: { [A]: { zone: "eu", name: "web-1", colour: "red" } } } },
            ],
          },
          store,
        ),
      );
      expect(error.message).toContain("Unsupported argument");
      expect(error.message).not.toContain("the clean-up destroy failed too");
      expect(readWidgets(store).widgets).toEqual({});
    },
  );

  it("fake core: a clean-up destroy that fails too is reported with the step's failure", async () => {
    const store = freshStore();
    const error = await failureOf(() =>
      runFakeCore(
        {
          providers,
          steps: [
            { structuredConfig: { resources: { [A]: { zone: "eu", name: "web-1" } } } },
            {
              // The store becomes unreadable for the provider: the step and the destroy fail.
              preConfig: () => {
                process.env.TFKIT_WIDGETS_STORE = "";
              },
              planOnly: true,
            },
          ],
        },
        { provider: widgetsProvider, env: { TFKIT_WIDGETS_STORE: store } },
      ),
    );
    expect(error.message).toMatch(
      /TFKIT_WIDGETS_STORE is not set[\s\S]*\(the clean-up destroy failed too\)\n.*TFKIT_WIDGETS_STORE is not set/,
    );
  });
});
