/** resource_time_offset_test.go, translated. */
import { type ConfigBody, knownvalue, statecheck, type TerraformState, type TestStep } from "@tfkit/testing";
import { addDate, addSeconds, type GoTime, rfc3339Of } from "../src/time.js";
import {
  attributesOf,
  calendarAttributes,
  calendarChecks,
  flat,
  int64,
  now,
  registerCases,
} from "./harness.js";

const R = "time_offset.test";
const config = (attributes: ConfigBody) => ({ resources: { [R]: attributes } });

/** Upstream's testAccTimeOffsetImportStateIdFunc: `<id>,<years>,<months>,<days>,<hours>,<minutes>,<seconds>`. */
const importId = (state: TerraformState) => {
  const a = attributesOf(state, R);
  const units = [
    "offset_years",
    "offset_months",
    "offset_days",
    "offset_hours",
    "offset_minutes",
    "offset_seconds",
  ];
  return [flat(a.id), ...units.map((u) => flat(a[u]))].join(",");
};

// As upstream: the triggers are not compared on import (an import cannot know them).
const importStep: TestStep = {
  importState: true,
  resourceName: R,
  importStateIdFunc: importId,
  importStateVerify: true,
  importStateVerifyIgnore: ["triggers"],
};

/** One of upstream's TestAccTimeOffset_Offset<Unit> cases: create with `first`, import, update to `second`. */
function unitCase(
  go: string,
  offsets: (n: number) => ConfigBody,
  shift: (base: GoTime, n: number) => GoTime,
  first: number,
  second: number,
) {
  return {
    go,
    steps: (): TestStep[] => {
      const base = now();
      const step = (n: number): TestStep => {
        const offsetTs = shift(base, n);
        return {
          structuredConfig: config({ base_rfc3339: rfc3339Of(base), ...offsets(n) }),
          stateChecks: [
            statecheck.expectKnownValue(R, "base_rfc3339", knownvalue.stringExact(rfc3339Of(base))),
            ...calendarChecks(R, offsetTs),
            ...Object.entries(offsets(n)).map(([k, v]) =>
              statecheck.expectKnownValue(R, k, int64(Number(v))),
            ),
            statecheck.expectKnownValue(R, "rfc3339", knownvalue.stringExact(rfc3339Of(offsetTs))),
          ],
        };
      };
      return [step(first), importStep, { ...step(second), expectPlan: { [R]: "update" } }];
    },
  };
}

const triggerChecks = (value: string) => [
  statecheck.expectKnownValue(R, "triggers", knownvalue.mapSizeExact(1)),
  statecheck.expectKnownValue(R, "triggers.key1", knownvalue.stringExact(value)),
  statecheck.expectKnownValue(R, "offset_days", int64(1)),
  statecheck.expectKnownValue(R, "offset_months", knownvalue.nullValue()),
  statecheck.expectKnownValue(R, "offset_hours", knownvalue.nullValue()),
  statecheck.expectKnownValue(R, "offset_minutes", knownvalue.nullValue()),
  statecheck.expectKnownValue(R, "offset_seconds", knownvalue.nullValue()),
  statecheck.expectKnownValue(R, "rfc3339", knownvalue.notNull()),
];

registerCases("time_offset", [
  {
    go: "TestAccTimeOffset_Triggers",
    steps: () => [
      {
        structuredConfig: config({ triggers: { key1: "value1" }, offset_days: 1 }),
        stateChecks: triggerChecks("value1"),
      },
      importStep,
      {
        preConfig: () => new Promise((resolve) => setTimeout(resolve, 1000)),
        structuredConfig: config({ triggers: { key1: "value1updated" }, offset_days: 1 }),
        expectPlan: { [R]: "destroy-before-create" },
        stateChecks: triggerChecks("value1updated"),
      },
    ],
  },
  unitCase(
    "TestAccTimeOffset_OffsetDays",
    (n) => ({ offset_days: n }),
    (b, n) => addDate(b, 0, 0, n),
    7,
    8,
  ),
  unitCase(
    "TestAccTimeOffset_OffsetHours",
    (n) => ({ offset_hours: n }),
    (b, n) => addSeconds(b, n * 3600),
    1,
    2,
  ),
  unitCase(
    "TestAccTimeOffset_OffsetMinutes",
    (n) => ({ offset_minutes: n }),
    (b, n) => addSeconds(b, n * 60),
    1,
    2,
  ),
  unitCase(
    "TestAccTimeOffset_OffsetMonths",
    (n) => ({ offset_months: n }),
    (b, n) => addDate(b, 0, n, 0),
    3,
    4,
  ),
  unitCase(
    "TestAccTimeOffset_OffsetSeconds",
    (n) => ({ offset_seconds: n }),
    (b, n) => addSeconds(b, n),
    1,
    2,
  ),
  unitCase(
    "TestAccTimeOffset_OffsetYears",
    (n) => ({ offset_years: n }),
    (b, n) => addDate(b, n, 0, 0),
    3,
    4,
  ),
  unitCase(
    "TestAccTimeOffset_OffsetYearsAndMonths",
    (n) => ({ offset_years: n, offset_months: n }),
    // Upstream applies months before years; AddDate(n, n, 0) gives the same here.
    (b, n) => addDate(addDate(b, 0, n, 0), n, 0, 0),
    3,
    4,
  ),
  {
    go: "TestAccTimeOffset_Upgrade",
    // Upstream applies with hashicorp/time 0.8.0 from the registry first; its state is the
    // case's initial state here.
    initialState: () => {
      const base = now();
      const ts = addDate(base, 3, 0, 0);
      return {
        resources: {
          [R]: {
            schemaVersion: 0,
            attributes: {
              id: rfc3339Of(base),
              base_rfc3339: rfc3339Of(base),
              rfc3339: rfc3339Of(ts),
              offset_years: 3,
              offset_months: null,
              offset_days: null,
              offset_hours: null,
              offset_minutes: null,
              offset_seconds: null,
              triggers: null,
              ...calendarAttributes(ts),
            },
          },
        },
      };
    },
    steps: () => {
      // The same base as the initial state: both are built within the same second.
      const base = now();
      const cfg = config({ base_rfc3339: rfc3339Of(base), offset_years: 3 });
      return [
        { structuredConfig: cfg, planOnly: true },
        {
          structuredConfig: cfg,
          stateChecks: [
            statecheck.expectKnownValue(R, "base_rfc3339", knownvalue.stringExact(rfc3339Of(base))),
            statecheck.expectKnownValue(R, "offset_years", int64(3)),
            statecheck.expectKnownValue(
              R,
              "rfc3339",
              knownvalue.stringExact(rfc3339Of(addDate(base, 3, 0, 0))),
            ),
          ],
        },
      ];
    },
  },
  {
    go: "TestAccTimeOffset_Validators",
    steps: () => [
      {
        structuredConfig: config({ base_rfc3339: rfc3339Of(now()) }),
        expectError: /Error: Missing Attribute Configuration/,
      },
    ],
  },
]);
