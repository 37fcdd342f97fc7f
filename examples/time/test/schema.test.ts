/**
 * The schemas terraform reads (`terraform providers schema -json`) against what upstream's Go
 * source declares, attribute by attribute: type, required/optional/computed, sensitivity, and
 * the schema version. (Descriptions: the generated docs' Schema sections equal upstream's.)
 */
import { providerSchemaJson } from "@tfkit/testing";
import { describeAcceptance } from "@tfkit/testing/vitest";
import { expect, it } from "vitest";
import { TIME_PROVIDER_ADDRESS } from "../src/provider.js";
import { launcher } from "./harness.js";

/** c = computed, o = optional, oc = optional + computed; n = number, s = string, m = map of string. */
type Flags = "c" | "o" | "oc";
const calendar = Object.fromEntries(
  ["day", "hour", "minute", "month", "second", "unix", "year"].map((a) => [a, "c n"]),
) as Record<string, `${Flags} ${"n" | "s" | "m"}`>;

const expected: Record<string, Record<string, `${Flags} ${"n" | "s" | "m"}`>> = {
  time_static: { ...calendar, triggers: "o m", rfc3339: "oc s", id: "c s" },
  time_offset: {
    ...calendar,
    base_rfc3339: "oc s",
    triggers: "o m",
    offset_days: "o n",
    offset_hours: "o n",
    offset_minutes: "o n",
    offset_months: "o n",
    offset_seconds: "o n",
    offset_years: "o n",
    rfc3339: "c s",
    id: "c s",
  },
  time_rotating: {
    ...calendar,
    rotation_days: "o n",
    rotation_hours: "o n",
    rotation_minutes: "o n",
    rotation_months: "o n",
    rotation_years: "o n",
    rotation_rfc3339: "oc s",
    triggers: "o m",
    rfc3339: "oc s",
    id: "c s",
  },
  time_sleep: { create_duration: "o s", destroy_duration: "o s", triggers: "o m", id: "c s" },
};

interface JsonAttribute {
  type: unknown;
  optional?: boolean;
  computed?: boolean;
  required?: boolean;
  sensitive?: boolean;
  description?: string;
}

describeAcceptance("wire schemas (terraform providers schema -json)", () => {
  it("match upstream's Go schemas attribute by attribute", async () => {
    const schemas = (await providerSchemaJson(launcher, { source: TIME_PROVIDER_ADDRESS })) as {
      resource_schemas: Record<
        string,
        { version: number; block: { attributes: Record<string, JsonAttribute> } }
      >;
      functions: Record<string, { parameters: { name: string; type: unknown }[]; return_type: unknown }>;
    };
    expect(Object.keys(schemas?.resource_schemas ?? {}).sort()).toEqual(Object.keys(expected).sort());
    for (const [type, attributes] of Object.entries(expected)) {
      const schema = schemas?.resource_schemas[type];
      expect(schema?.version, type).toBe(0);
      const got = Object.fromEntries(
        Object.entries(schema?.block.attributes ?? {}).map(([name, a]) => {
          const flags = a.required ? "r" : a.optional && a.computed ? "oc" : a.optional ? "o" : "c";
          const t =
            a.type === "number"
              ? "n"
              : a.type === "string"
                ? "s"
                : JSON.stringify(a.type) === '["map","string"]'
                  ? "m"
                  : "?";
          expect(a.sensitive ?? false, `${type}.${name} sensitive`).toBe(false);
          expect(a.description ?? "", `${type}.${name} description`).not.toBe("");
          return [name, `${flags} ${t}`];
        }),
      );
      expect(got, type).toEqual(attributes);
    }
    const fns = schemas?.functions ?? {};
    expect(Object.keys(fns).sort()).toEqual(["duration_parse", "rfc3339_parse", "unix_timestamp_parse"]);
    expect(fns.rfc3339_parse?.parameters.map((p) => [p.name, p.type])).toEqual([["timestamp", "string"]]);
    expect(fns.duration_parse?.parameters.map((p) => [p.name, p.type])).toEqual([["duration", "string"]]);
    expect(fns.unix_timestamp_parse?.parameters.map((p) => [p.name, p.type])).toEqual([
      ["unix_timestamp", "number"],
    ]);
    expect(fns.duration_parse?.return_type).toEqual([
      "object",
      {
        hours: "number",
        microseconds: "number",
        milliseconds: "number",
        minutes: "number",
        nanoseconds: "number",
        seconds: "number",
      },
    ]);
    const calendarObject = Object.fromEntries(
      ["year", "year_day", "day", "month", "weekday", "hour", "minute", "second", "iso_year", "iso_week"].map(
        (k) => [k, "number"],
      ),
    );
    expect(fns.rfc3339_parse?.return_type).toEqual([
      "object",
      { ...calendarObject, month_name: "string", weekday_name: "string", unix: "number" },
    ]);
    expect(fns.unix_timestamp_parse?.return_type).toEqual([
      "object",
      { ...calendarObject, month_name: "string", weekday_name: "string", rfc3339: "string" },
    ]);
  }, 120_000);
});
