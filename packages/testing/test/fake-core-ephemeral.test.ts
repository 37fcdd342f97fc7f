/**
 * Ephemeral resources under the fake core and under terraform 1.11.4, differentially: the same
 * configurations, the same state, and the same opens, renewals and closes (the tokens fixture
 * logs each to a file); the echo provider (`@tfkit/testing/echo-provider`) carries ephemeral
 * values into state, in-process and as an executable.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { echoProvider, newEchoProvider } from "../src/echo-provider.js";
import {
  findTerraform,
  fromEntry,
  knownvalue,
  plancheck,
  runAcceptance,
  runFakeCore,
  statecheck,
  type TestCase,
  type TerraformState,
} from "../src/index.js";
import { provider as tokensProvider } from "./fixtures/tokens-provider/provider.js";
import { CASE_TIMEOUT, failureOf, MODE } from "./support.js";

const tokens = fromEntry(fileURLToPath(new URL("./fixtures/tokens-provider/main.ts", import.meta.url)), {
  conditions: ["@tfkit/source"],
});
const hasTerraform = findTerraform() !== undefined;
const dir = mkdtempSync(join(tmpdir(), "tfkit-tokens-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

type Runner = "fake core" | "real CLI";

/** Runs a case under one runner; returns the provider's event log and the final state. */
async function run(runner: Runner, testCase: TestCase): Promise<{ log: string[]; state: TerraformState }> {
  const file = join(dir, `log-${++counter}`);
  const env = { TFKIT_TOKENS_LOG: file };
  let state: TerraformState | undefined;
  const withState: TestCase = {
    ...testCase,
    checkDestroy: (s) => {
      state = s;
    },
  };
  if (runner === "fake core")
    await runFakeCore(withState, { provider: tokensProvider, providers: { echo: newEchoProvider() }, env });
  else await runAcceptance(withState, { mode: MODE, env });
  let log: string[] = [];
  try {
    log = readFileSync(file, "utf8").trim().split("\n");
  } catch {
    // Nothing opened.
  }
  return { log, state: state as TerraformState };
}

const providers = { tokens, echo: echoProvider };
const values = (state: TerraformState) =>
  Object.fromEntries(state.resources.map((r) => [r.address, r.values]));

/** Registers `name` under both runners; the second compares its log and state with the first. */
function differential(name: string, testCase: () => TestCase, expected: (log: string[]) => void) {
  const results = new Map<Runner, { log: string[]; state: TerraformState }>();
  it(`fake core: ${name}`, async () => {
    const r = await run("fake core", testCase());
    expected(r.log);
    results.set("fake core", r);
  });
  it.skipIf(!hasTerraform)(
    `real CLI: ${name} (the same opens, renewals, closes and state)`,
    async () => {
      const r = await run("real CLI", testCase());
      if (process.env.DEBUG_TOKENS) console.log(r.log);
      expected(r.log);
      const fake = results.get("fake core");
      if (fake !== undefined) {
        expect(fake.log).toEqual(r.log);
        expect(values(fake.state)).toEqual(values(r.state));
      }
    },
    CASE_TIMEOUT,
  );
}

// Each command is one walk: the token is opened and closed in the plan, the apply, the plan
// after it, and (when a provider block uses it) the final destroy's plan and apply: core prunes
// a destroy's graph to the destroyers and what their providers need.
const walks = (n: number, name: string) =>
  Array.from({ length: n }, () => [`open ${name}`, `close ${name}`]).flat();

describe("ephemeral resources, fake core against terraform", () => {
  differential(
    "a token configures a provider and reaches a write-only argument, never the state",
    () => ({
      providers,
      steps: [
        {
          config: `
ephemeral "tokens_token" "t" {
  name = "alpha"
}
provider "echo" {
  data = ephemeral.tokens_token.t
}
resource "echo" "test" {}
resource "tokens_secret" "s" {
  name      = "s"
  secret_wo = ephemeral.tokens_token.t.value
}
`,
          planChecks: [plancheck.expectUnknownValue("echo.test", "data")],
          stateChecks: [
            statecheck.expectKnownValue(
              "echo.test",
              "data",
              knownvalue.objectExact({
                name: knownvalue.stringExact("alpha"),
                renew: knownvalue.nullValue(),
                value: knownvalue.stringExact("token-for-alpha"),
              }),
            ),
            statecheck.expectKnownValue("tokens_secret.s", "secret_wo", knownvalue.nullValue()),
            // The fixture's digest of the token, computed here, not by the provider.
            statecheck.expectKnownValue(
              "tokens_secret.s",
              "secret_sha",
              knownvalue.stringExact(shaOf("token-for-alpha")),
            ),
          ],
        },
      ],
    }),
    (log) => expect(log).toEqual(walks(5, "alpha")),
  );

  differential(
    "a configuration unknown at plan: not opened by the plan, opened by the apply",
    () => ({
      providers,
      steps: [
        {
          config: `
resource "tokens_secret" "s" {
  name = "s"
}
ephemeral "tokens_token" "t" {
  name = tokens_secret.s.secret_sha
}
resource "tokens_secret" "u" {
  name      = "u"
  secret_wo = ephemeral.tokens_token.t.value
}
`,
          expectPlan: { "tokens_secret.s": "create", "tokens_secret.u": "create" },
          stateChecks: [
            statecheck.expectKnownValue(
              "tokens_secret.u",
              "secret_sha",
              knownvalue.stringExact(shaOf(`token-for-${shaOf("")}`)),
            ),
          ],
        },
      ],
    }),
    // The plan cannot open it (its name is unknown), apply and the next plan do; the destroy
    // walks cannot either (they hold no managed resources to read the name from).
    (log) => expect(log).toEqual(walks(2, shaOf(""))),
  );

  differential(
    "a renewal due before the walk ends happens before the close",
    () => ({
      providers,
      steps: [
        {
          config: `
ephemeral "tokens_token" "t" {
  name  = "r"
  renew = true
}
resource "tokens_secret" "s" {
  name      = "s"
  secret_wo = ephemeral.tokens_token.t.value
}
`,
        },
      ],
    }),
    // No provider block uses it: the destroy's walks leave it closed.
    (log) => expect(log).toEqual(Array.from({ length: 3 }, () => ["open r", "renew r", "close r"]).flat()),
  );
});

/** The fixture's digest: sha256, the first 12 hex digits. */
function shaOf(s: string): string {
  return createHash("sha256").update(s).digest("hex").slice(0, 12);
}

describe("terraform's errors for ephemeral values, under both runners", () => {
  const both = (name: string, config: string, expectError: RegExp) => {
    for (const runner of ["fake core", "real CLI"] as const)
      it.skipIf(runner === "real CLI" && !hasTerraform)(
        `${runner}: ${name}`,
        () => run(runner, { providers, steps: [{ config, expectError }] }),
        CASE_TIMEOUT,
      );
  };
  both(
    "an ephemeral value in an argument that is not write-only",
    `ephemeral "tokens_token" "t" {\n  name = "a"\n}\nresource "tokens_secret" "s" {\n  name = ephemeral.tokens_token.t.value\n}\n`,
    /Invalid use of ephemeral value[\s\S]*Ephemeral\s+values\s+are\s+not\s+valid\s+for\s+"name",\s+because\s+it\s+is\s+not\s+a\s+write-only\s+attribute\s+and\s+must\s+be\s+persisted\s+to\s+state/,
  );
  both(
    "an ephemeral value in a root module output",
    `ephemeral "tokens_token" "t" {\n  name = "a"\n}\noutput "o" {\n  value = ephemeral.tokens_token.t.value\n}\n`,
    /Ephemeral value not allowed/,
  );
  both(
    "the provider's open error",
    `ephemeral "tokens_token" "t" {\n  name = "refused"\n}\n`,
    /Token refused[\s\S]*The name refused is refused/,
  );
});

describe("the echo provider in-process", () => {
  it("plans data unknown on create, stores the configured data, then keeps its prior state", async () => {
    const echo = newEchoProvider();
    const result = await runFakeCore(
      {
        providers: { echo: echoProvider },
        steps: [
          {
            config: `provider "echo" {\n  data = { a = 1, b = ["x"] }\n}\nresource "echo" "e" {}\n`,
            planChecks: [plancheck.expectUnknownValue("echo.e", "data")],
            stateChecks: [
              statecheck.expectKnownValue(
                "echo.e",
                "data",
                knownvalue.objectExact({ a: knownvalue.numberExact(1), b: knownvalue.listExact(["x"]) }),
              ),
            ],
          },
          {
            // Different data later: no diff (the Go echo provider's rule), the state is kept.
            config: `provider "echo" {\n  data = "other"\n}\nresource "echo" "e" {}\n`,
            expectPlan: { "echo.e": "no-op" },
            stateChecks: [
              statecheck.expectKnownValue(
                "echo.e",
                "data",
                knownvalue.objectExact({ a: knownvalue.numberExact(1), b: knownvalue.listExact(["x"]) }),
              ),
            ],
          },
        ],
      },
      { provider: echo },
    );
    expect(result.steps.length).toBe(3);
  });

  it("refuses import, as the Go echo provider does", async () => {
    const error = await failureOf(() =>
      runFakeCore(
        {
          providers: { echo: echoProvider },
          steps: [
            { config: `resource "echo" "e" {}\n` },
            { importState: true, resourceName: "echo.e", importStateId: "x" },
          ],
        },
        { provider: newEchoProvider() },
      ),
    );
    expect(error.message).toMatch(/ImportResourceState is not supported by this provider/);
  });
});
