/**
 * RFC 3339 timestamps as Go's `time.Parse(time.RFC3339, s)` reads them, reduced to the instant
 * they name so that `2023-07-25T20:43:16Z` and `2023-07-25T22:43:16+02:00` compare equal.
 */

const LAYOUT = "2006-01-02T15:04:05Z07:00";
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/** @internal Thrown with a message in Go's words (`parsing time "…" as "…": …`). */
export class TimeParseError extends Error {}

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
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/**
 * @internal The instant an RFC 3339 timestamp names, in nanoseconds since the Unix epoch
 * (fractions past nanoseconds are cut, as Go does); throws {@link TimeParseError}.
 */
export function parseRFC3339(s: string): bigint {
  const fail = (why: string): never => {
    throw new TimeParseError(`parsing time ${JSON.stringify(s)} as ${JSON.stringify(LAYOUT)}: ${why}`);
  };
  const m = PATTERN.exec(s);
  if (m === null) return fail("does not match the layout");
  const [y, mo, d, h, mi, se] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (mo === undefined || mo < 1 || mo > 12) fail("month out of range");
  if (d === undefined || d < 1 || d > daysIn(y as number, mo as number)) fail("day out of range");
  if (h === undefined || h > 23) fail("hour out of range");
  if (mi === undefined || mi > 59) fail("minute out of range");
  if (se === undefined || se > 59) fail("second out of range");
  let offsetMinutes = 0;
  if (m[8] === undefined) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23) fail("time zone offset hour out of range");
    if (om > 59) fail("time zone offset minute out of range");
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const days = daysFromCivil(y as number, mo as number, d as number);
  const seconds =
    BigInt(days) * 86400n +
    BigInt((h as number) * 3600 + (mi as number) * 60 + (se as number)) -
    BigInt(offsetMinutes * 60);
  const nanos = BigInt(((m[7] ?? "") + "000000000").slice(0, 9));
  return seconds * 1_000_000_000n + nanos;
}
