/** resource_time_static_test.go, translated. */
import { type ConfigBody, compare, knownvalue, plancheck, statecheck } from "@tfkit/testing";
import { rfc3339Of } from "../src/time.js";
import {
  calendarAttributes,
  calendarChecks,
  calendarPlanChecks,
  int64Between,
  now,
  registerCases,
} from "./harness.js";

const R = "time_static.test";
const config = (attributes: ConfigBody = {}) => ({ resources: { [R]: attributes } });
const triggers = (value: string) => config({ triggers: { key1: value } });

/** The checks of TestAccTimeStatic_basic (and _Upgrade). */
const basicChecks = [
  statecheck.expectKnownValue(R, "day", int64Between(1, 31)),
  statecheck.expectKnownValue(R, "hour", int64Between(0, 23)),
  statecheck.expectKnownValue(R, "minute", int64Between(0, 59)),
  statecheck.expectKnownValue(R, "month", int64Between(1, 12)),
  statecheck.expectKnownValue(
    R,
    "rfc3339",
    knownvalue.stringRegexp(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
  ),
  statecheck.expectKnownValue(R, "second", int64Between(0, 59)),
  statecheck.expectKnownValue(R, "unix", int64Between(1, 2n ** 63n - 1n)),
  statecheck.expectKnownValue(R, "year", int64Between(1, 9999)),
];

registerCases("time_static", [
  {
    go: "TestAccTimeStatic_basic",
    steps: () => [
      { structuredConfig: config(), stateChecks: basicChecks },
      { importState: true, resourceName: R, importStateVerify: true },
    ],
  },
  {
    go: "TestAccTimeStatic_Triggers",
    steps: () => {
      const rfc3339Updated = statecheck.compareValue(compare.valuesDiffer());
      const checks = (value: string) => [
        statecheck.expectKnownValue(R, "triggers", knownvalue.mapSizeExact(1)),
        statecheck.expectKnownValue(R, "triggers.key1", knownvalue.stringExact(value)),
        statecheck.expectKnownValue(R, "rfc3339", knownvalue.notNull()),
        rfc3339Updated.addStateValue(R, "rfc3339"),
      ];
      return [
        { structuredConfig: triggers("value1"), stateChecks: checks("value1") },
        {
          importState: true,
          resourceName: R,
          importStateVerify: true,
          // As upstream: an import cannot know the triggers.
          importStateVerifyIgnore: ["triggers"],
        },
        {
          // Upstream sleeps a second so that the replacement's timestamp differs.
          preConfig: () => new Promise((resolve) => setTimeout(resolve, 1000)),
          structuredConfig: triggers("value1updated"),
          expectPlan: { [R]: "destroy-before-create" },
          stateChecks: checks("value1updated"),
        },
      ];
    },
  },
  {
    go: "TestAccTimeStatic_Rfc3339",
    steps: () => {
      const ts = now();
      const text = rfc3339Of(ts);
      return [
        {
          structuredConfig: config({ rfc3339: text }),
          planChecks: [
            ...calendarPlanChecks(R, ts),
            plancheck.expectKnownValue(R, "rfc3339", knownvalue.stringExact(text)),
            plancheck.expectKnownValue(R, "id", knownvalue.stringExact(text)),
          ],
          stateChecks: [
            ...calendarChecks(R, ts),
            statecheck.expectKnownValue(R, "rfc3339", knownvalue.stringExact(text)),
            statecheck.expectKnownValue(R, "id", knownvalue.stringExact(text)),
          ],
        },
        {
          importState: true,
          resourceName: R,
          importStateVerify: true,
          // As upstream: an import cannot know the triggers.
          importStateVerifyIgnore: ["triggers"],
        },
      ];
    },
  },
  {
    go: "TestAccTimeStatic_Upgrade",
    // Upstream's first step applies with the registry's hashicorp/time 0.8.0; here the state it
    // wrote (schema version 0, SDKv2 flatmap types) is the case's initial state instead.
    initialState: () => {
      const ts = now();
      const text = rfc3339Of(ts);
      return {
        resources: {
          [R]: {
            schemaVersion: 0,
            attributes: { id: text, rfc3339: text, triggers: null, ...calendarAttributes(ts) },
          },
        },
      };
    },
    steps: () => [
      { structuredConfig: config(), planOnly: true },
      { structuredConfig: config(), stateChecks: basicChecks },
    ],
  },
  {
    go: "TestAccTimeStatic_Validators",
    steps: () => [
      // time.RFC850: "Monday, 02-Jan-06 15:04:05 MST".
      {
        structuredConfig: config({ rfc3339: "Wednesday, 25-Nov-26 00:00:00 UTC" }),
        expectError: /Invalid RFC3339 String Value/,
      },
    ],
  },
]);
