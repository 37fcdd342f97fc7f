import { isUnknown } from "@tfkit/schema";
import { ProviderError, withClient } from "@tfkit/provider";
import type { Clock } from "../clock.js";
import { type GoTime, parseRfc3339, rfc3339Of, wallClock } from "../time.js";

/** `defineResource` for resources whose client is the provider's clock. */
export const { defineResource } = withClient<Clock>();

/** Shared description of the `triggers` map's documentation link. */
export const SEE_INDEX = "See [the main provider documentation](../index.md) for more information.";

/** The link every RFC 3339 description carries upstream. */
export const RFC3339_LINK = "[RFC3339](https://datatracker.ietf.org/doc/html/rfc3339#section-5.8)";

/** Parses an RFC 3339 value the schema's semantic type already validated; a diagnostic otherwise. */
export function mustParse(value: string | null, attribute: string, summary: string): GoTime {
  const t = parseRfc3339(value ?? "");
  if (typeof t === "string") {
    throw new ProviderError(summary, {
      detail: `The ${attribute} timestamp that was supplied could not be parsed as RFC3339.\n\nOriginal Error: ${t}`,
      path: [attribute],
    });
  }
  return t;
}

/** The computed calendar attributes of a timestamp (year … second, unix), as upstream sets them. */
export function calendarOf(t: GoTime): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  unix: number;
} {
  const w = wallClock(t);
  return {
    year: w.year,
    month: w.month,
    day: w.day,
    hour: w.hour,
    minute: w.minute,
    second: w.second,
    unix: t.unix,
  };
}

/** `timetypes.NewRFC3339TimeValue(t)`. */
export { rfc3339Of };

/** Go's `types.Int64.ValueInt64()`: null and unknown read as 0. */
export function int64Of(v: unknown): number {
  if (v === null || isUnknown(v)) return 0;
  return Number(v);
}

/** Parses one optional int64 part of a composite import ID (`""` is null), as upstream's `offsetToInt64`. */
export function importInt(part: string, what: string): number | null | string {
  if (part === "") return null;
  if (!/^[+-]?\d+$/.test(part))
    return `could not parse ${what} (${JSON.stringify(part)}) as int: strconv.ParseInt: parsing ${JSON.stringify(part)}: invalid syntax`;
  const n = Number(part);
  if (!Number.isSafeInteger(n))
    return `could not parse ${what} (${JSON.stringify(part)}) as int: value out of range`;
  return n;
}
