/** function_*_test.go, translated: outputs calling provider functions, under the fake core (HCL) and terraform. */
import { knownvalue, plancheck, type TestStep } from "@tfkit/testing";
import { describe, expect, it } from "vitest";
import { durationParse, rfc3339Parse, unixTimestampParse } from "../src/functions.js";
import { int64, registerCases } from "./harness.js";

const output = (call: string) => `output "test" {\n  value = provider::time::${call}\n}\n`;

// Upstream's PreApply plancheck.ExpectKnownOutputValue: the output's value, known at plan time.
const outputIs = (expected: Record<string, ReturnType<typeof int64>>) =>
  plancheck.expectKnownOutputValue("test", knownvalue.objectExact(expected));

const float = (n: number) => knownvalue.numberExact(n);
const str = knownvalue.stringExact;

const july25 = {
  day: int64(25),
  hour: int64(23),
  iso_week: int64(30),
  iso_year: int64(2023),
  minute: int64(43),
  month: int64(7),
  month_name: str("July"),
  second: int64(16),
  weekday: int64(2),
  weekday_name: str("Tuesday"),
  year: int64(2023),
  year_day: int64(206),
};

/** A step whose configuration only changes the spelling: the plan must be empty (upstream's ExpectEmptyPlan). */
const samePlan = (call: string): TestStep => ({
  config: output(call),
  planChecks: [plancheck.expectEmptyPlan()],
});

registerCases("functions", [
  {
    go: "TestDurationParse_valid",
    steps: () => [
      {
        config: output('duration_parse("1h")'),
        planChecks: [
          outputIs({
            hours: float(1),
            minutes: float(60),
            seconds: float(3600),
            milliseconds: int64(3600000),
            microseconds: int64(3600000000),
            nanoseconds: int64(3600000000000),
          }),
        ],
      },
      ...["60m", "3600s", "3600000ms", "3600000000us", "3600000000000ns"].map((d) =>
        samePlan(`duration_parse("${d}")`),
      ),
    ],
  },
  {
    go: "TestDurationParse_invalid",
    steps: () => [
      {
        config: output('duration_parse("abcdef")'),
        expectError: /"abcdef" is not a valid duration string\./,
      },
    ],
  },
  {
    go: "TestRFC3339Parse_UTC",
    steps: () => [
      {
        config: output('rfc3339_parse("2023-07-25T23:43:16Z")'),
        planChecks: [outputIs({ ...july25, unix: int64(1690328596) })],
      },
      samePlan('rfc3339_parse("2023-07-25T23:43:16-00:00")'),
      samePlan('rfc3339_parse("2023-07-25T23:43:16+00:00")'),
    ],
  },
  {
    go: "TestRFC3339Parse_offset",
    steps: () => [
      {
        config: output('rfc3339_parse("1996-12-19T16:39:57-08:00")'),
        planChecks: [
          outputIs({
            day: int64(19),
            hour: int64(16),
            iso_week: int64(51),
            iso_year: int64(1996),
            minute: int64(39),
            month: int64(12),
            month_name: str("December"),
            second: int64(57),
            unix: int64(851042397),
            weekday: int64(4),
            weekday_name: str("Thursday"),
            year: int64(1996),
            year_day: int64(354),
          }),
        ],
      },
    ],
  },
  {
    go: "TestRFC3339Parse_invalid",
    steps: () => [
      {
        config: output('rfc3339_parse("abcdef")'),
        expectError: /"abcdef" is not a valid RFC3339 timestamp\./,
      },
    ],
  },
  {
    go: "TestUnixTimestampParseFunction_Valid",
    steps: () => [
      {
        config: output("unix_timestamp_parse(1690328596)"),
        planChecks: [outputIs({ ...july25, rfc3339: str("2023-07-25T23:43:16Z") })],
      },
    ],
  },
  {
    go: "TestUnixTimestampParseFunction_Null",
    steps: () => [
      {
        config: output("unix_timestamp_parse(null)"),
        expectError: /Invalid value for "unix_timestamp" parameter: argument must not be null/,
      },
    ],
  },
]);

// In-process, the functions' run hooks give the same objects (no Terraform involved).
describe("functions in-process (the same expectations, without terraform)", () => {
  const ctx = { signal: new AbortController().signal, logger: console, diagnostics: undefined } as never;
  it("rfc3339_parse", async () => {
    expect(await rfc3339Parse.definition.run(["1996-12-19T16:39:57-08:00"], [], ctx)).toMatchObject({
      year: 1996,
      year_day: 354,
      iso_week: 51,
      weekday_name: "Thursday",
      unix: 851042397,
      hour: 16,
    });
  });
  it("unix_timestamp_parse", async () => {
    expect(await unixTimestampParse.definition.run([1690328596], [], ctx)).toMatchObject({
      rfc3339: "2023-07-25T23:43:16Z",
      iso_week: 30,
      year_day: 206,
      weekday: 2,
    });
  });
  it("duration_parse", async () => {
    expect(await durationParse.definition.run(["3600000000us"], [], ctx)).toEqual({
      hours: 1,
      minutes: 60,
      seconds: 3600,
      milliseconds: 3600000,
      microseconds: 3600000000,
      nanoseconds: 3600000000000,
    });
  });
});
