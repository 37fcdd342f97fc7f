/**
 * A wrong expectation must fail, and say what was wrong: each case runs the runner against real
 * terraform with one deliberate mistake and asserts the error message names the step, address,
 * path, expected and actual values, and quotes terraform where terraform failed.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import {
  type AcceptanceOptions,
  fromExecutable,
  isAcceptanceError,
  knownvalue,
  path,
  plancheck,
  runAcceptance,
  statecheck,
  type TestStep,
} from "../src/index.js";
import { describeAcceptance } from "../src/vitest.js";
import { CASE_TIMEOUT, e2eProvider, failureOf, MODE, thing } from "./support.js";

const A = "tfkite2e_thing.a";
const options: AcceptanceOptions = { mode: MODE, keepWorkdir: false };

function run(steps: TestStep[], opts: AcceptanceOptions = options) {
  return runAcceptance({ providers: { tfkite2e: e2eProvider }, steps }, opts);
}

const scratch = mkdtempSync(join(tmpdir(), "tfkit-testing-failures-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describeAcceptance(`runner failures (${MODE})`, () => {
  it(
    "a wrong expected action names the address, both actions, and quotes the plan",
    async () => {
      const error = await failureOf(() => run([{ config: thing("x"), expectPlan: { [A]: "update" } }]));
      expect(isAcceptanceError(error)).toBe(true);
      expect(error.message).toContain("step 1 of 1 failed");
      expect(error.message).toContain(
        "pre-apply plancheck.expectResourceAction(tfkite2e_thing.a, update): tfkite2e_thing.a: expected action update, got create",
      );
      expect(error.message).toContain("Plan: 1 to add, 0 to change, 0 to destroy.");
    },
    CASE_TIMEOUT,
  );

  it(
    "plan checks on unknown, known and sensitive values say what they found",
    async () => {
      const error = await failureOf(() =>
        run([
          {
            config: thing("x"),
            planChecks: [
              plancheck.expectKnownValue(A, "id", knownvalue.stringExact("thing-x")),
              plancheck.expectUnknownValue(A, "greeting"),
              plancheck.expectSensitiveValue(A, "name"),
              plancheck.expectKnownValue(A, "greeting", knownvalue.stringExact("hi x")),
              plancheck.expectKnownValue(A, path("size", 0), knownvalue.numberExact(1)),
              plancheck.expectResourceAction("tfkite2e_thing.b", "create"),
            ],
          },
        ]),
      );
      const failures = isAcceptanceError(error) ? error.failures : [];
      expect(failures).toEqual([
        'pre-apply plancheck.expectKnownValue(tfkite2e_thing.a, id, stringExact("thing-x")): tfkite2e_thing.a: at id: expected stringExact("thing-x"), got an unknown value (known after apply)',
        'pre-apply plancheck.expectUnknownValue(tfkite2e_thing.a, greeting): tfkite2e_thing.a: at greeting: expected an unknown value, got known: "hello x"',
        "pre-apply plancheck.expectSensitiveValue(tfkite2e_thing.a, name): tfkite2e_thing.a: at name: expected a sensitive value, but it is not marked sensitive (after_sensitive: {})",
        'pre-apply plancheck.expectKnownValue(tfkite2e_thing.a, greeting, stringExact("hi x")): tfkite2e_thing.a: at greeting: stringExact("hi x"): expected "hi x", got "hello x"',
        "pre-apply plancheck.expectKnownValue(tfkite2e_thing.a, size[0], numberExact(1)): tfkite2e_thing.a: at size[0]: expected numberExact(1), but the path does not exist: size is not a list, set or tuple (it is null)",
        "pre-apply plancheck.expectResourceAction(tfkite2e_thing.b, create): tfkite2e_thing.b: not in the plan (resource changes: tfkite2e_thing.a)",
      ]);
    },
    CASE_TIMEOUT,
  );

  it(
    "state checks report every failure of the step, with address, path, expected and actual",
    async () => {
      const error = await failureOf(() =>
        run([
          { config: thing("x") },
          {
            config: thing("x", "  size = 3\n"),
            stateChecks: [
              statecheck.expectKnownValue(A, "size", knownvalue.numberExact("3.0000000000000000001")),
              statecheck.expectKnownValue(A, "id", knownvalue.stringExact("thing-x")), // passes
              statecheck.expectKnownValue("tfkite2e_thing.nope", "id", knownvalue.notNull()),
              statecheck.expectKnownValue(A, [], knownvalue.objectExact({ id: "thing-x" })),
            ],
          },
        ]),
      );
      expect(error.message).toContain("step 2 of 2 failed");
      expect(isAcceptanceError(error) && error.step).toBe(2);
      const failures = isAcceptanceError(error) ? error.failures : [];
      expect(failures).toHaveLength(3);
      // Exact numbers: 3 is not 3.0000000000000000001 (a float64 comparison would say it is).
      expect(failures[0]).toBe(
        "statecheck.expectKnownValue(tfkite2e_thing.a, size, numberExact(3.0000000000000000001)): tfkite2e_thing.a: at size: numberExact(3.0000000000000000001): expected 3.0000000000000000001, got 3",
      );
      expect(failures[1]).toBe(
        "statecheck.expectKnownValue(tfkite2e_thing.nope, id, notNull()): tfkite2e_thing.nope: not in the state (resources: tfkite2e_thing.a)",
      );
      expect(failures[2]).toMatch(
        /at \(the whole object\): objectExact\(\{"id": stringExact\("thing-x"\)\}\): unexpected "enabled", "greeting", "name", "size" in \{/,
      );
    },
    CASE_TIMEOUT,
  );

  it(
    "an expected error that does not happen fails the step",
    async () => {
      const error = await failureOf(() => run([{ config: thing("x"), expectError: /Empty name/ }]));
      expect(error.message).toContain("expected an error matching /Empty name/, but the step succeeded");
    },
    CASE_TIMEOUT,
  );

  it(
    "an error other than the expected one fails and quotes terraform",
    async () => {
      const error = await failureOf(() => run([{ config: thing("boom"), expectError: /Empty name/ }]));
      expect(error.message).toContain(
        "terraform plan failed, but its output does not match the expected error /Empty name/",
      );
      expect(error.message).toContain("tfkite2e: the plan handler was asked to throw");
    },
    CASE_TIMEOUT,
  );

  it(
    "an unexpected terraform failure quotes terraform's diagnostics",
    async () => {
      const error = await failureOf(() => run([{ config: thing("boom") }]));
      expect(error.message).toContain("terraform plan failed (exit 1)");
      expect(error.message).toMatch(
        /--- terraform plan -input=false -no-color -detailed-exitcode -out=tfplan \(exit 1, \d+ ms\)/,
      );
      expect(error.message).toContain("Error: ");
      expect(error.message).toContain("tfkite2e: the plan handler was asked to throw");
    },
    CASE_TIMEOUT,
  );

  it(
    "a plan that is not empty after apply fails (unless expectNonEmptyPlan)",
    async () => {
      // terraform_data is built into terraform; timestamp() is unknown at every plan.
      const drifting = `${thing("x")}resource "terraform_data" "t" {\n  input = timestamp()\n}\n`;
      const error = await failureOf(() => run([{ config: drifting }]));
      expect(error.message).toContain("after apply, the plan is not empty");
      expect(error.message).toContain("terraform_data.t");
      await run([
        {
          config: drifting,
          expectNonEmptyPlan: true,
          postApplyPlanChecks: [
            plancheck.expectResourceAction("terraform_data.t", "update"),
            plancheck.expectResourceAction(A, "no-op"),
            plancheck.expectNonEmptyPlan(),
          ],
        },
      ]);
    },
    CASE_TIMEOUT,
  );

  it(
    "fromExecutable: any file name works (linked as terraform-provider-<name>)",
    async () => {
      const bundled = await e2eProvider.executable("tfkite2e");
      const script = join(scratch, "my-provider.sh");
      writeFileSync(script, `#!/bin/sh\nexec ${JSON.stringify(bundled)} "$@"\n`);
      chmodSync(script, 0o755);
      await runAcceptance(
        {
          providers: { tfkite2e: fromExecutable(script) },
          steps: [{ config: thing("exe"), expectPlan: { [A]: "create" } }],
        },
        options,
      );
    },
    CASE_TIMEOUT,
  );

  it(
    "reattach: a provider that dies before its handshake is reported with its stderr",
    async () => {
      const script = join(scratch, "terraform-provider-broken");
      writeFileSync(script, "#!/bin/sh\necho 'cannot connect to the demo cloud' >&2\nexit 3\n");
      chmodSync(script, 0o755);
      const error = await failureOf(() =>
        runAcceptance(
          { providers: { broken: fromExecutable(script) }, steps: [{ config: "" }] },
          { mode: "reattach", keepWorkdir: false },
        ),
      );
      expect(error.message).toContain("exited (3) before its handshake line");
      expect(error.message).toContain("cannot connect to the demo cloud");
    },
    CASE_TIMEOUT,
  );
});
