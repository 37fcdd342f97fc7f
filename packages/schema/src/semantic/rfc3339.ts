import { timeQuote } from "../internal/time-quote.js";

// Go's `time.Parse(time.RFC3339, s)`, which `timetypes.RFC3339` uses: the strict fast path
// (`2006-01-02T15:04:05[.fraction](Z|±hh:mm)`) plus what Go's general layout parser also lets
// through for this layout (a one-digit hour, `,` before the fraction, offsets up to ±24:60), and
// Go's error messages.

const LAYOUT = "2006-01-02T15:04:05Z07:00";

/**
 * An RFC 3339 timestamp, parsed: the instant it names and the wall clock it was written in
 * (Go's `time.Time` in a fixed zone, what `timetypes.RFC3339.ValueRFC3339Time()` gives).
 * @category models
 */
export interface RFC3339Time {
  /** The instant, in nanoseconds since 1970-01-01T00:00:00Z (Go `t.UnixNano()`, exact). */
  readonly epochNanoseconds: bigint;
  /** Whole seconds since the epoch, rounded down (Go `t.Unix()`). */
  readonly epochSeconds: number;
  /** Milliseconds since the epoch, rounded down: `new Date(time.epochMilliseconds)` is the instant as a `Date`. */
  readonly epochMilliseconds: number;
  /** Seconds east of UTC the timestamp was written in: `+02:00` is 7200, `Z` is 0 (Go `t.Zone()`). */
  readonly offsetSeconds: number;
  /** The year as written, 0–9999 (Go `t.Year()` in the timestamp's own zone, as are the fields below). */
  readonly year: number;
  /** The month, 1–12. */
  readonly month: number;
  /** The day of the month, 1–31. */
  readonly day: number;
  /** The hour, 0–23. */
  readonly hour: number;
  /** The minute, 0–59. */
  readonly minute: number;
  /** The second, 0–59 (RFC 3339 allows a leap second 60; Go, and so Terraform providers, reject it). */
  readonly second: number;
  /** The fraction of the second in nanoseconds, 0–999999999 (digits past the ninth are cut, as Go does). */
  readonly nanosecond: number;
  /** The day of the week, 0 = Sunday … 6 = Saturday (Go `t.Weekday()`). */
  readonly weekday: number;
}

/**
 * What {@link parseRFC3339} returns: the time, or Go's error message.
 * @category models
 */
export type RFC3339Result =
  | {
      /** Parsed. */
      readonly ok: true;
      /** The time. */
      readonly time: RFC3339Time;
    }
  | {
      /** Not an RFC 3339 timestamp. */
      readonly ok: false;
      /**
       * Go's `time.Parse` error, e.g. `parsing time "2023-02-29T00:00:00Z": day out of range` or
       * `parsing time "2023-07-25" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"`.
       */
      readonly error: string;
    };

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function daysIn(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

/** A mismatch, as Go's `ParseError` words it: the rest of the value and the layout element. */
class Mismatch {
  readonly rest: string;
  readonly element: string;
  constructor(rest: string, element: string) {
    this.rest = rest;
    this.element = element;
  }
}

/**
 * Parses an RFC 3339 timestamp exactly as Go's `time.Parse(time.RFC3339, text)` does, which is
 * what terraform-plugin-framework's `timetypes.RFC3339` (and so {@link semanticTypes}.rfc3339)
 * accepts: `2023-07-25T20:43:16Z`, `2023-07-25T22:43:16.5+02:00`.
 *
 * @remarks Fractions of a second may have any number of digits; past nanoseconds they are cut.
 * Like Go, it rejects a leap second (`:60`), a lowercase `t` or `z` and a space for `T`, and
 * accepts a one-digit hour, `,` before the fraction and offsets up to `±24:60` (Go's lenient
 * fallback parser; see golang/go#54580). Error messages are Go's, so users can search them.
 * @example
 * ```ts
 * const parsed = parseRFC3339("2023-07-25T22:43:16+02:00");
 * if (parsed.ok) {
 *   parsed.time.epochSeconds; // 1690317796, the same instant as 2023-07-25T20:43:16Z
 *   parsed.time.hour; // 22, as written
 *   parsed.time.offsetSeconds; // 7200
 * }
 * parseRFC3339("2023-02-29T00:00:00Z"); // { ok: false, error: 'parsing time "2023-02-29T00:00:00Z": day out of range' }
 * ```
 * @category validation
 */
export function parseRFC3339(text: string): RFC3339Result {
  try {
    return { ok: true, time: scan(text) };
  } catch (e) {
    if (e instanceof Mismatch) {
      return {
        ok: false,
        error: `parsing time ${timeQuote(text)} as ${timeQuote(LAYOUT)}: cannot parse ${timeQuote(e.rest)} as ${timeQuote(e.element)}`,
      };
    }
    if (e instanceof OutOfRange) return { ok: false, error: `parsing time ${timeQuote(text)}: ${e.message}` };
    throw e;
  }
}

class OutOfRange extends Error {}

/** Reads the layout element by element, as Go's `time.parse` walks `2006-01-02T15:04:05Z07:00`. */
function scan(text: string): RFC3339Time {
  let rest = text;
  // Exactly `width` digits, or (for the hour) one or two.
  const num = (element: string, width: number, fixed: boolean): number => {
    let n = 0;
    while (n < width && isDigit(rest[n])) n++;
    if (n === 0 || (fixed && n < width)) throw new Mismatch(rest, element);
    const value = Number(rest.slice(0, n));
    rest = rest.slice(n);
    return value;
  };
  const literal = (c: string): void => {
    if (rest[0] !== c) throw new Mismatch(rest, c);
    rest = rest.slice(1);
  };
  // Go checks a field's range as soon as it is read, but the day only once the date is complete.
  const range = (what: string, bad: boolean): void => {
    if (bad) throw new OutOfRange(`${what} out of range`);
  };

  const year = num("2006", 4, true);
  literal("-");
  const month = num("01", 2, true);
  range("month", month < 1 || month > 12);
  literal("-");
  const day = num("02", 2, true);
  literal("T");
  const hour = num("15", 2, false);
  range("hour", hour > 23);
  literal(":");
  const minute = num("04", 2, true);
  range("minute", minute > 59);
  literal(":");
  const second = num("05", 2, true);
  range("second", second > 59);
  let nanosecond = 0;
  if ((rest[0] === "." || rest[0] === ",") && isDigit(rest[1])) {
    let n = 1;
    while (isDigit(rest[n])) n++;
    nanosecond = Number(`${rest.slice(1, n)}000000000`.slice(0, 9));
    rest = rest.slice(n);
  }
  let offsetSeconds = 0;
  if (rest[0] === "Z") {
    rest = rest.slice(1);
  } else {
    const zone = rest;
    if (zone.length < 6 || zone[3] !== ":" || ![1, 2, 4, 5].every((i) => isDigit(zone[i]))) {
      throw new Mismatch(zone, "Z07:00");
    }
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    // Go's general parser, unlike its fast path, lets 24 hours and 60 minutes through; when both
    // are out of range it names the minute, and it checks the sign last.
    range("time zone offset minute", om > 60);
    range("time zone offset hour", oh > 24);
    if (zone[0] !== "+" && zone[0] !== "-") throw new Mismatch(zone, "Z07:00");
    const east = oh * 3600 + om * 60;
    offsetSeconds = zone[0] === "-" ? -east || 0 : east; // -00:00 is UTC, not -0
    rest = zone.slice(6);
  }
  if (rest !== "") throw new OutOfRange(`extra text: ${timeQuote(rest)}`);
  range("day", day < 1 || day > daysIn(year, month));

  const days = daysFromCivil(year, month, day);
  const epochSeconds = days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds;
  return {
    epochNanoseconds: BigInt(epochSeconds) * 1_000_000_000n + BigInt(nanosecond),
    epochSeconds,
    epochMilliseconds: epochSeconds * 1000 + Math.floor(nanosecond / 1_000_000),
    offsetSeconds,
    year,
    month,
    day,
    hour,
    minute,
    second,
    nanosecond,
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}
