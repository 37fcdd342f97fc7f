import { defineFunction, FunctionArgumentError } from "@tfkit/provider";
import { parseGoDuration, t } from "@tfkit/schema";
import {
  type GoTime,
  isoWeek,
  MONTH_NAMES,
  parseRfc3339,
  rfc3339Of,
  wallClock,
  WEEKDAY_NAMES,
  yearDay,
} from "./time.js";

/** The calendar fields both parse functions return (Go's Year(), YearDay(), …, ISOWeek()). */
function calendarObject(ts: GoTime) {
  const w = wallClock(ts);
  const iso = isoWeek(ts);
  return {
    year: w.year,
    year_day: yearDay(ts),
    day: w.day,
    month: w.month,
    month_name: MONTH_NAMES[w.month - 1] ?? "",
    weekday: w.weekday,
    weekday_name: WEEKDAY_NAMES[w.weekday] ?? "",
    hour: w.hour,
    minute: w.minute,
    second: w.second,
    iso_year: iso.year,
    iso_week: iso.week,
  };
}

const calendarTypes = {
  year: t.int64,
  year_day: t.int64,
  day: t.int64,
  month: t.int64,
  month_name: t.string,
  weekday: t.int64,
  weekday_name: t.string,
  hour: t.int64,
  minute: t.int64,
  second: t.int64,
  iso_year: t.int64,
  iso_week: t.int64,
};

/** `provider::time::duration_parse(duration)`. */
export const durationParse = defineFunction({
  name: "duration_parse",
  summary: "Parse a [Go duration string](https://pkg.go.dev/time#ParseDuration) into an object",
  description:
    "Given a [Go duration string](https://pkg.go.dev/time#ParseDuration), will parse and return an object representation of that duration.",
  parameters: [{ name: "duration", type: t.string, description: "Go time package duration string to parse" }],
  returns: t.object({
    hours: t.float64,
    minutes: t.float64,
    seconds: t.float64,
    milliseconds: t.int64,
    microseconds: t.int64,
    nanoseconds: t.int64,
  }),
  run: ([input], _variadic, ctx) => {
    const parsed = parseGoDuration(input);
    if (!parsed.ok) {
      // As upstream: Go's own message is logged, not shown (it names Go-specific details).
      ctx.logger.error(`failed to parse duration string, underlying time.Duration error: ${parsed.error}`);
      throw new FunctionArgumentError(
        0,
        `Error parsing duration string: ${JSON.stringify(input)} is not a valid duration string`,
      );
    }
    const ns = parsed.duration.nanoseconds;
    // Go's Duration.Hours() etc.: whole units plus the remainder as a fraction.
    const fractional = (unit: bigint) => Number(ns / unit) + Number(ns % unit) / Number(unit);
    const whole = (unit: bigint) => {
      const n = ns / unit;
      return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
    };
    return {
      hours: fractional(3_600_000_000_000n),
      minutes: fractional(60_000_000_000n),
      seconds: fractional(1_000_000_000n),
      milliseconds: whole(1_000_000n),
      microseconds: whole(1_000n),
      nanoseconds: whole(1n),
    };
  },
});

/** `provider::time::rfc3339_parse(timestamp)`. */
export const rfc3339Parse = defineFunction({
  name: "rfc3339_parse",
  summary: "Parse an RFC3339 timestamp string into an object",
  description:
    "Given an RFC3339 timestamp string, will parse and return an object representation of that date and time.",
  parameters: [{ name: "timestamp", type: t.string, description: "RFC3339 timestamp string to parse" }],
  returns: t.object({ ...calendarTypes, unix: t.int64 }),
  run: ([timestamp], _variadic, ctx) => {
    const ts = parseRfc3339(timestamp);
    if (typeof ts === "string") {
      ctx.logger.error(`failed to parse RFC3339 timestamp, underlying time.Time error: ${ts}`);
      throw new FunctionArgumentError(
        0,
        `Error parsing RFC3339 timestamp: ${JSON.stringify(timestamp)} is not a valid RFC3339 timestamp`,
      );
    }
    return { ...calendarObject(ts), unix: ts.unix };
  },
});

/** `provider::time::unix_timestamp_parse(unix_timestamp)`. */
export const unixTimestampParse = defineFunction({
  name: "unix_timestamp_parse",
  summary: "Parse a unix timestamp integer into an object",
  markdownDescription:
    "Given a unix timestamp integer, will parse and return an object representation of that date and time. A unix timestamp is the number of seconds elapsed since January 1, 1970 UTC.",
  parameters: [
    { name: "unix_timestamp", type: t.int64, markdownDescription: "Unix Timestamp integer to parse" },
  ],
  returns: t.object({ ...calendarTypes, rfc3339: t.string }),
  run: ([unix]) => {
    const ts: GoTime = { unix: Number(unix), nanos: 0, offset: 0 };
    return { ...calendarObject(ts), rfc3339: rfc3339Of(ts) };
  },
});
