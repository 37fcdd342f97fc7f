import { requiresReplace } from "@tfkit/plan-engine";
import { ProviderError } from "@tfkit/provider";
import { attr, configValidator, isUnknown, resourceSchema, semanticTypes, t } from "@tfkit/schema";
import { addDate, addSeconds, type GoTime, parseRfc3339 } from "../time.js";
import {
  calendarOf,
  defineResource,
  importInt,
  int64Of,
  mustParse,
  RFC3339_LINK,
  rfc3339Of,
  SEE_INDEX,
} from "./common.js";

const offsetDescription = (unit: string, space = "") =>
  `${space}Number of ${unit} to offset the base timestamp. At least one of the 'offset_' arguments must be configured.`;

/** `time_offset`'s schema, attribute for attribute as upstream's. */
export const offsetSchema = resourceSchema({
  description:
    "Manages an offset time resource, which keeps an UTC timestamp stored in the Terraform state that is" +
    " offset from a locally sourced base timestamp. This prevents perpetual differences caused " +
    "by using the [`timestamp()` function](https://www.terraform.io/docs/configuration/functions/timestamp.html).",
  attributes: {
    base_rfc3339: attr.of(semanticTypes.rfc3339, {
      optional: true,
      computed: true,
      description:
        `Base timestamp in ${RFC3339_LINK} format ` +
        "(see [RFC3339 time string](https://tools.ietf.org/html/rfc3339#section-5.8) e.g., " +
        "`YYYY-MM-DDTHH:MM:SSZ`). Defaults to the current time.",
    }),
    day: attr.int64({ computed: true, description: "Number day of offset timestamp." }),
    hour: attr.int64({ computed: true, description: "Number hour of offset timestamp." }),
    triggers: attr.map(t.string, {
      optional: true,
      description: `Arbitrary map of values that, when changed, will trigger a new base timestamp value to be saved. ${SEE_INDEX}`,
      planModifiers: [requiresReplace()],
    }),
    minute: attr.int64({ computed: true, description: "Number minute of offset timestamp." }),
    month: attr.int64({ computed: true, description: "Number month of offset timestamp." }),
    offset_days: attr.int64({ optional: true, description: offsetDescription("days") }),
    // Upstream's description starts with a space; kept, since the wire schema is compared.
    offset_hours: attr.int64({ optional: true, description: offsetDescription("hours", " ") }),
    offset_minutes: attr.int64({ optional: true, description: offsetDescription("minutes") }),
    offset_months: attr.int64({ optional: true, description: offsetDescription("months") }),
    offset_seconds: attr.int64({ optional: true, description: offsetDescription("seconds") }),
    offset_years: attr.int64({ optional: true, description: offsetDescription("years") }),
    rfc3339: attr.of(semanticTypes.rfc3339, {
      computed: true,
      description: "RFC3339 format of the offset timestamp, e.g. `2020-02-12T06:36:13Z`.",
    }),
    second: attr.int64({ computed: true, description: "Number second of offset timestamp." }),
    unix: attr.int64({
      computed: true,
      description: "Number of seconds since epoch time, e.g. `1581489373`.",
    }),
    year: attr.int64({ computed: true, description: "Number year of offset timestamp." }),
    id: attr.of(semanticTypes.rfc3339, {
      computed: true,
      description: "RFC3339 format of the offset timestamp, e.g. `2020-02-12T06:36:13Z`.",
    }),
  },
  configValidators: [
    configValidator.atLeastOneOf(
      "offset_seconds",
      "offset_minutes",
      "offset_hours",
      "offset_days",
      "offset_months",
      "offset_years",
    ),
  ],
});

const OFFSETS = [
  "offset_years",
  "offset_months",
  "offset_days",
  "offset_hours",
  "offset_minutes",
  "offset_seconds",
] as const;

type Offsets = { readonly [K in (typeof OFFSETS)[number]]: unknown };

/** Upstream's `setOffsetValues`: the computed attributes of `base` moved by the offsets, in upstream's order. */
export function offsetValues(offsets: Offsets, base: GoTime) {
  let ts = base;
  // The order matters (months after days); it is upstream's.
  if (int64Of(offsets.offset_days) !== 0) ts = addDate(ts, 0, 0, int64Of(offsets.offset_days));
  if (int64Of(offsets.offset_hours) !== 0) ts = addSeconds(ts, int64Of(offsets.offset_hours) * 3600);
  if (int64Of(offsets.offset_minutes) !== 0) ts = addSeconds(ts, int64Of(offsets.offset_minutes) * 60);
  if (int64Of(offsets.offset_months) !== 0) ts = addDate(ts, 0, int64Of(offsets.offset_months), 0);
  if (int64Of(offsets.offset_seconds) !== 0) ts = addSeconds(ts, int64Of(offsets.offset_seconds));
  if (int64Of(offsets.offset_years) !== 0) ts = addDate(ts, int64Of(offsets.offset_years), 0, 0);
  return { base_rfc3339: rfc3339Of(base), ...calendarOf(ts), rfc3339: rfc3339Of(ts), id: rfc3339Of(base) };
}

/** `time_offset`: a base timestamp and that timestamp moved by the configured offsets. */
export const timeOffset = defineResource({
  typeName: "time_offset",
  schema: offsetSchema,
  // On update, show the new offset timestamp in the plan (on create the base may be "now").
  modifyPlan: ({ action, prior, planned }) => {
    if (action !== "update" || prior === null || planned === null) return undefined;
    if (OFFSETS.every((k) => prior[k] === planned[k])) return undefined;
    const base = isUnknown(planned.base_rfc3339) ? prior.base_rfc3339 : planned.base_rfc3339;
    const ts = mustParse(base, "base_rfc3339", "Plan time offset error");
    return { ...planned, ...offsetValues(planned, ts) };
  },
  create: (plan, ctx) => {
    const configured = isUnknown(plan.base_rfc3339) ? "" : plan.base_rfc3339;
    const base =
      configured !== ""
        ? mustParse(configured, "base_rfc3339", "Create time offset error")
        : ctx.client.now();
    return { ...plan, ...offsetValues(plan, base) };
  },
  read: (state) => state,
  update: (plan, prior) => {
    const base = mustParse(
      isUnknown(plan.base_rfc3339) ? prior.base_rfc3339 : plan.base_rfc3339,
      "base_rfc3339",
      "Update time offset error",
    );
    return { ...plan, ...offsetValues(plan, base) };
  },
  delete: () => undefined,
  importState: (id) => {
    const parts = id.split(",");
    const expected = "BASETIMESTAMP,YEARS,MONTHS,DAYS,HOURS,MINUTES,SECONDS";
    if (parts.length !== 7) {
      throw new ProviderError("Unexpected Format of ID", {
        detail: `Unexpected format of ID (${JSON.stringify(id)}), expected ${expected}`,
      });
    }
    if (parts[0] === "" || parts.slice(1).every((p) => p === "")) {
      throw new ProviderError("Unexpected Format of ID", {
        detail: `Unexpected format of ID (${JSON.stringify(id)}), expected ${expected} where at least one offset value is non-empty`,
      });
    }
    const offsets: Record<string, number | null> = {};
    OFFSETS.forEach((name, i) => {
      const n = importInt(parts[i + 1] ?? "", "offset");
      if (typeof n === "string") {
        throw new ProviderError("Import time offset error", {
          detail: `The ${name} parameter that was supplied could not be parsed as Int64.\n\n+Original Error: ${n}`,
        });
      }
      offsets[name] = n;
    });
    const base = parseRfc3339(parts[0] ?? "");
    if (typeof base === "string") {
      throw new ProviderError("Create time offset error", {
        detail: `The base_rfc3339 timestamp that was supplied could not be parsed as RFC3339.\n\n+Original Error: ${base}`,
      });
    }
    const typed = offsets as Offsets & Record<(typeof OFFSETS)[number], number | null>;
    return { ...typed, ...offsetValues(typed, base), triggers: {} };
  },
});
