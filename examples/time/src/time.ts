/**
 * The slice of Go's `time` package the provider needs: an instant with the fixed zone offset it
 * was written with (`time.Parse(time.RFC3339, s)` keeps it), calendar arithmetic that normalises
 * like `Time.AddDate`, and `Format(time.RFC3339)`. Parsing is `@tfkit/schema`'s `parseRFC3339`
 * (Go's `timetypes.RFC3339.ValueRFC3339Time()`); the calendar helpers are the port's own.
 */

import { parseRFC3339 } from "@tfkit/schema";

/** An instant plus the zone offset its wall clock is read in (Go's `time.Time` in a fixed zone). */
export interface GoTime {
  /** Whole seconds since the Unix epoch (floor, as `Time.Unix()`). */
  readonly unix: number;
  /** Nanoseconds within the second, 0 ≤ n < 1e9 (kept from the input; never formatted). */
  readonly nanos: number;
  /** Seconds east of UTC; 0 formats as `Z`. */
  readonly offset: number;
}

/** Seconds since the epoch of a wall-clock date, normalising overflow as Go's `time.Date` does. */
function wallSeconds(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as written.
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  return date.getTime() / 1000;
}

/** `time.Parse(time.RFC3339, s)`, by @tfkit/schema's parser: the time, or Go's error text. */
export function parseRfc3339(s: string): GoTime | string {
  const parsed = parseRFC3339(s);
  if (!parsed.ok) return parsed.error;
  const { epochSeconds, nanosecond, offsetSeconds } = parsed.time;
  return { unix: epochSeconds, nanos: nanosecond, offset: offsetSeconds };
}

/** The current time from a millisecond clock, in UTC (Go's `time.Now().UTC()`). */
export function fromMillis(ms: number): GoTime {
  const unix = Math.floor(ms / 1000);
  return { unix, nanos: Math.round((ms - unix * 1000) * 1e6), offset: 0 };
}

/** Go's zero `time.Time` (0001-01-01T00:00:00Z), what an unset rotation yields upstream. */
export const ZERO_TIME: GoTime = { unix: wallSeconds(1, 1, 1, 0, 0, 0), nanos: 0, offset: 0 };

/** The wall-clock fields of a time in its own zone. */
export interface WallClock {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Sunday, as Go's `time.Weekday`. */
  readonly weekday: number;
}

/** The fields `Year()`, `Month()`, … of a Go time. */
export function wallClock(t: GoTime): WallClock {
  const d = new Date((t.unix + t.offset) * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** `t.AddDate(years, months, days)`: wall-clock arithmetic, overflow normalised (Jan 31 + 1 month = Mar 3). */
export function addDate(t: GoTime, years: number, months: number, days: number): GoTime {
  const w = wallClock(t);
  const wall = wallSeconds(w.year + years, w.month + months, w.day + days, w.hour, w.minute, w.second);
  return { ...t, unix: wall - t.offset };
}

/** `t.Add(seconds * time.Second)`. */
export function addSeconds(t: GoTime, seconds: number): GoTime {
  return { ...t, unix: t.unix + seconds };
}

/** `t.After(u)`. */
export function isAfter(t: GoTime, u: GoTime): boolean {
  return t.unix > u.unix || (t.unix === u.unix && t.nanos > u.nanos);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** `t.Format(time.RFC3339)`: no fractional seconds, `Z` for UTC, else `±hh:mm`. */
export function rfc3339Of(t: GoTime): string {
  const w = wallClock(t);
  const zone =
    t.offset === 0
      ? "Z"
      : `${t.offset < 0 ? "-" : "+"}${pad(Math.trunc(Math.abs(t.offset) / 3600))}:${pad(Math.trunc((Math.abs(t.offset) % 3600) / 60))}`;
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${zone}`;
}

/** `t.YearDay()`: 1-366. */
export function yearDay(t: GoTime): number {
  const w = wallClock(t);
  return (
    Math.round((wallSeconds(w.year, w.month, w.day, 0, 0, 0) - wallSeconds(w.year, 1, 1, 0, 0, 0)) / 86400) +
    1
  );
}

/** `t.ISOWeek()`: the ISO 8601 year and week (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeek(t: GoTime): { year: number; week: number } {
  const w = wallClock(t);
  // Move to the Thursday of this ISO week: its year is the ISO year.
  const shift = 4 - (w.weekday === 0 ? 7 : w.weekday);
  const thursday = addDate(
    { unix: wallSeconds(w.year, w.month, w.day, 0, 0, 0), nanos: 0, offset: 0 },
    0,
    0,
    shift,
  );
  const year = wallClock(thursday).year;
  return { year, week: Math.floor((yearDay(thursday) - 1) / 7) + 1 };
}

/** English month names, as Go's `time.Month.String()`. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** English weekday names, as Go's `time.Weekday.String()`. */
export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
