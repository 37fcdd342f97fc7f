/**
 * `terraform_data` (Terraform's built-in provider) under the fake core and under terraform 1.11.4:
 * the same configurations, the same planned actions and the same final state (ids aside, which are
 * fresh UUIDs under both). The fake core has the built-in provider without being told.
 */
import { describe, expect, it } from "vitest";
import { echoProvider, newEchoProvider } from "../src/echo-provider.js";
import {
  findTerraform,
  knownvalue,
  plancheck,
  runAcceptance,
  runFakeCore,
  statecheck,
  type TerraformState,
  type TestCase,
  type TestStep,
} from "../src/index.js";
import { CASE_TIMEOUT, MODE } from "./support.js";

const hasTerraform = findTerraform() !== undefined;

type Runner = "fake core" | "real CLI";

/** The final state's values by address, ids left out. */
async function finalValues(runner: Runner, steps: readonly TestStep[]): Promise<Record<string, unknown>> {
  let state: TerraformState | undefined;
  const testCase: TestCase = {
    // No provider of the case is used: runAcceptance wants one to start, the fake core one to drive.
    providers: { echo: echoProvider },
    steps,
    checkDestroy: (s) => {
      state = s;
    },
  };
  if (runner === "fake core") await runFakeCore(testCase, { provider: newEchoProvider() });
  else await runAcceptance(testCase, { mode: MODE });
  const out: Record<string, unknown> = {};
  for (const r of (state as TerraformState).resources) {
    const { id, ...rest } = r.values as Record<string, unknown>;
    expect(typeof id, `${r.address}.id`).toBe("string");
    out[r.address] = JSON.parse(
      JSON.stringify(rest, (_k, v) => (typeof v === "object" && v?.text ? v.text() : v)),
    );
  }
  return out;
}

const data = (input: string, trigger: string) => `
resource "terraform_data" "a" {
  input            = { name = "${input}", size = 2 }
  triggers_replace = ["${trigger}"]
}

resource "terraform_data" "b" {
  input = terraform_data.a.output.name
  lifecycle {
    replace_triggered_by = [terraform_data.a]
  }
}
`;

const A = "terraform_data.a";
const B = "terraform_data.b";

const steps: TestStep[] = [
  {
    config: data("one", "t1"),
    planChecks: [
      plancheck.expectResourceAction(A, "create"),
      plancheck.expectUnknownValue(A, "id"),
      plancheck.expectUnknownValue(A, "output"),
      plancheck.expectUnknownValue(B, "input"),
    ],
    stateChecks: [
      statecheck.expectKnownValue(
        A,
        "output",
        knownvalue.objectExact({ name: knownvalue.stringExact("one"), size: knownvalue.numberExact(2) }),
      ),
      statecheck.expectKnownValue(B, "output", knownvalue.stringExact("one")),
    ],
  },
  // input changes: a is updated (output again unknown), b replaced through replace_triggered_by.
  {
    config: data("two", "t1"),
    planChecks: [
      plancheck.expectResourceAction(A, "update"),
      plancheck.expectUnknownValue(A, "output"),
      plancheck.expectResourceAction(B, "replace"),
    ],
    stateChecks: [statecheck.expectKnownValue(B, "output", knownvalue.stringExact("two"))],
  },
  // triggers_replace changes: a is replaced.
  {
    config: data("two", "t2"),
    planChecks: [plancheck.expectResourceAction(A, "replace"), plancheck.expectUnknownValue(A, "id")],
  },
  { config: data("two", "t2"), planChecks: [plancheck.expectEmptyPlan()], planOnly: true },
];

describe("terraform_data", () => {
  it("plans and applies under the fake core as terraform does", async () => {
    const fake = await finalValues("fake core", steps);
    expect(fake[A]).toEqual({
      input: { name: "two", size: "2" },
      output: { name: "two", size: "2" },
      triggers_replace: ["t2"],
    });
    expect(fake[B]).toEqual({ input: "two", output: "two", triggers_replace: null });
  });

  it.skipIf(!hasTerraform)(
    "gives the same final state under terraform 1.11.4",
    async () => {
      const [fake, real] = await Promise.all([
        finalValues("fake core", steps),
        finalValues("real CLI", steps),
      ]);
      expect(fake).toEqual(real);
    },
    CASE_TIMEOUT,
  );
});
