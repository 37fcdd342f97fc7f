// The timeouts block under the real terraform: a bad duration is refused at validate time, and a
// create that outlives its configured timeout ends in the partial-state path.
import { readFileSync } from "node:fs";
import { fromEntry, knownvalue, plancheck, statecheck, type TestCase } from "@tfkit/testing";
import { itAcceptance } from "@tfkit/testing/vitest";

const A = "slow_machine.web";
// The guide's configuration, with other boot times and durations.
const tf = readFileSync(new URL("./timeouts.tf", import.meta.url), "utf8");
const machine = (bootSeconds: number, create: string) =>
  tf
    .replace("boot_seconds = 5", `boot_seconds = ${bootSeconds}`)
    .replace('create = "1s"', `create = "${create}"`);

export const timeoutsCase: TestCase = {
  providers: {
    slow: fromEntry(new URL("./timeouts-main.ts", import.meta.url).pathname, {
      conditions: ["@tfkit/source"],
    }),
  },
  steps: [
    {
      // Not a Go duration: refused when Terraform validates, pointing at the attribute.
      config: machine(0, "10 minutes"),
      planOnly: true,
      expectError:
        /Invalid Attribute Value Time Duration[\s\S]*create = "10 minutes"[\s\S]*"10 minutes" must be a string containing/,
    },
    {
      // Boots for 5s under a 1s create timeout: the signal aborts, the hook stops.
      config: machine(5, "1s"),
      expectError: /create timed out[\s\S]*did not finish within its timeout of 1s/,
    },
    {
      // The partial state was saved and tainted: the same resource is now replaced, where an
      // untainted one would only be updated in place (boot_seconds changed) or, unsaved, created.
      config: machine(0, "1s"),
      planOnly: true,
      expectNonEmptyPlan: true,
      planChecks: [plancheck.expectResourceAction(A, "replace")],
    },
    {
      config: machine(0, "1s"),
      stateChecks: [
        statecheck.expectKnownValue(A, "id", knownvalue.stringExact("machine-web")),
        statecheck.expectKnownValue(
          A,
          "timeouts",
          knownvalue.objectExact({
            create: knownvalue.stringExact("1s"),
            update: knownvalue.nullValue(),
            delete: knownvalue.nullValue(),
          }),
        ),
      ],
    },
  ],
};

itAcceptance(
  "a 1s create timeout the hook exceeds ends in the partial-state path (terraform)",
  timeoutsCase,
  {
    timeout: 180_000,
  },
);
