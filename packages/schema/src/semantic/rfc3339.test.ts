import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRFC3339, type RFC3339Time } from "../index.js";

const LAYOUT = '"2006-01-02T15:04:05Z07:00"';

function time(text: string): RFC3339Time {
  const parsed = parseRFC3339(text);
  if (!parsed.ok) throw new Error(`expected ${text} to parse: ${parsed.error}`);
  return parsed.time;
}

function error(text: string): string {
  const parsed = parseRFC3339(text);
  if (parsed.ok) throw new Error(`expected ${text} not to parse`);
  return parsed.error;
}

describe("parseRFC3339", () => {
  it("gives the instant and the wall clock as written", () => {
    expect(time("2023-07-25T22:43:16+02:00")).toEqual({
      epochNanoseconds: 1_690_317_796_000_000_000n,
      epochSeconds: 1_690_317_796,
      epochMilliseconds: 1_690_317_796_000,
      offsetSeconds: 7200,
      year: 2023,
      month: 7,
      day: 25,
      hour: 22,
      minute: 43,
      second: 16,
      nanosecond: 0,
      weekday: 2,
    });
    expect(time("2023-07-25T20:43:16Z").epochNanoseconds).toBe(
      time("2023-07-25T22:43:16+02:00").epochNanoseconds,
    );
    expect(new Date(time("2023-07-25T22:43:16.789+02:00").epochMilliseconds).toISOString()).toBe(
      "2023-07-25T20:43:16.789Z",
    );
  });

  it("reads offsets east and west of UTC, to the minute", () => {
    expect(time("2023-07-25T20:43:16-07:30")).toMatchObject({ offsetSeconds: -27000, hour: 20 });
    expect(time("2023-07-25T20:43:16-07:30").epochSeconds).toBe(Date.UTC(2023, 6, 26, 4, 13, 16) / 1000);
    expect(time("2023-07-25T20:43:16+05:45").epochSeconds).toBe(Date.UTC(2023, 6, 25, 14, 58, 16) / 1000);
    expect(time("2023-07-25T20:43:16-00:00").offsetSeconds).toBe(0);
    // Across a date line the wall-clock date is the written one, not UTC's.
    expect(time("2024-01-01T00:30:00+01:00")).toMatchObject({ year: 2024, month: 1, day: 1, weekday: 1 });
    expect(time("2024-01-01T00:30:00+01:00").epochSeconds).toBe(Date.UTC(2023, 11, 31, 23, 30) / 1000);
  });

  it("keeps fractions of a second to the nanosecond and cuts the rest, as Go does", () => {
    expect(time("2023-07-25T20:43:16.5Z").nanosecond).toBe(500_000_000);
    expect(time("2023-07-25T20:43:16.000000001Z").nanosecond).toBe(1);
    expect(time("2023-07-25T20:43:16.123456789Z").epochNanoseconds).toBe(1_690_317_796_123_456_789n);
    expect(time("2023-07-25T20:43:16.123456789999Z").nanosecond).toBe(123_456_789);
    expect(time("2023-07-25T20:43:16,25Z").nanosecond).toBe(250_000_000);
    expect(time("2023-07-25T20:43:16.999Z").epochMilliseconds).toBe(1_690_317_796_999);
  });

  it("counts instants before the epoch downwards", () => {
    expect(time("1969-12-31T23:59:59.5Z")).toMatchObject({
      epochSeconds: -1,
      nanosecond: 500_000_000,
      epochNanoseconds: -500_000_000n,
      epochMilliseconds: -500,
      weekday: 3,
    });
    expect(time("0000-01-01T00:00:00Z")).toMatchObject({
      year: 0,
      epochSeconds: -62_167_219_200,
      weekday: 6,
    });
    expect(time("9999-12-31T23:59:59Z")).toMatchObject({ epochSeconds: 253_402_300_799, weekday: 5 });
  });

  it("knows leap years and the length of each month", () => {
    expect(time("2024-02-29T00:00:00Z").day).toBe(29);
    expect(time("2000-02-29T00:00:00Z").day).toBe(29);
    expect(error("1900-02-29T00:00:00Z")).toBe('parsing time "1900-02-29T00:00:00Z": day out of range');
    expect(error("2023-02-29T00:00:00Z")).toBe('parsing time "2023-02-29T00:00:00Z": day out of range');
    expect(error("2023-04-31T00:00:00Z")).toBe('parsing time "2023-04-31T00:00:00Z": day out of range');
    expect(time("2023-05-31T00:00:00Z").day).toBe(31);
    expect(error("2023-05-00T00:00:00Z")).toBe('parsing time "2023-05-00T00:00:00Z": day out of range');
  });

  it("refuses out-of-range fields in Go's words, a leap second included", () => {
    expect(error("2023-13-01T00:00:00Z")).toBe('parsing time "2023-13-01T00:00:00Z": month out of range');
    expect(error("2023-00-01T00:00:00Z")).toBe('parsing time "2023-00-01T00:00:00Z": month out of range');
    expect(error("2023-07-25T24:00:00Z")).toBe('parsing time "2023-07-25T24:00:00Z": hour out of range');
    expect(error("2023-07-25T23:60:00Z")).toBe('parsing time "2023-07-25T23:60:00Z": minute out of range');
    expect(error("2016-12-31T23:59:60Z")).toBe('parsing time "2016-12-31T23:59:60Z": second out of range');
    expect(error("2023-07-25T20:43:16+25:00")).toBe(
      'parsing time "2023-07-25T20:43:16+25:00": time zone offset hour out of range',
    );
    expect(error("2023-07-25T20:43:16+00:61")).toBe(
      'parsing time "2023-07-25T20:43:16+00:61": time zone offset minute out of range',
    );
  });

  it("accepts what Go's lenient fallback accepts for this layout", () => {
    expect(time("2023-07-25T20:43:16+24:00").offsetSeconds).toBe(86_400);
    expect(time("2023-07-25T20:43:16-00:60").offsetSeconds).toBe(-3600);
    expect(time("2023-07-25T1:02:03Z")).toMatchObject({ hour: 1, minute: 2, second: 3 });
  });

  it("names the part that does not match the layout, in Go's words", () => {
    expect(error("x")).toBe(`parsing time "x" as ${LAYOUT}: cannot parse "x" as "2006"`);
    expect(error("")).toBe(`parsing time "" as ${LAYOUT}: cannot parse "" as "2006"`);
    expect(error("23-07-25T20:43:16Z")).toBe(
      `parsing time "23-07-25T20:43:16Z" as ${LAYOUT}: cannot parse "23-07-25T20:43:16Z" as "2006"`,
    );
    expect(error("2023/07/25")).toBe(`parsing time "2023/07/25" as ${LAYOUT}: cannot parse "/07/25" as "-"`);
    expect(error("2023-7-25T20:43:16Z")).toBe(
      `parsing time "2023-7-25T20:43:16Z" as ${LAYOUT}: cannot parse "7-25T20:43:16Z" as "01"`,
    );
    expect(error("2023-07-5T20:43:16Z")).toBe(
      `parsing time "2023-07-5T20:43:16Z" as ${LAYOUT}: cannot parse "5T20:43:16Z" as "02"`,
    );
    expect(error("2023-07-25")).toBe(`parsing time "2023-07-25" as ${LAYOUT}: cannot parse "" as "T"`);
    expect(error("2023-07-25 20:43:16Z")).toBe(
      `parsing time "2023-07-25 20:43:16Z" as ${LAYOUT}: cannot parse " 20:43:16Z" as "T"`,
    );
    expect(error("2023-07-25t20:43:16Z")).toBe(
      `parsing time "2023-07-25t20:43:16Z" as ${LAYOUT}: cannot parse "t20:43:16Z" as "T"`,
    );
    expect(error("2023-07-25Tx")).toBe(`parsing time "2023-07-25Tx" as ${LAYOUT}: cannot parse "x" as "15"`);
    expect(error("2023-07-25T20-43")).toBe(
      `parsing time "2023-07-25T20-43" as ${LAYOUT}: cannot parse "-43" as ":"`,
    );
    expect(error("2023-07-25T20:4:16Z")).toBe(
      `parsing time "2023-07-25T20:4:16Z" as ${LAYOUT}: cannot parse "4:16Z" as "04"`,
    );
    expect(error("2023-07-25T20:43:1Z")).toBe(
      `parsing time "2023-07-25T20:43:1Z" as ${LAYOUT}: cannot parse "1Z" as "05"`,
    );
    expect(error("2023-07-25T20:43:16")).toBe(
      `parsing time "2023-07-25T20:43:16" as ${LAYOUT}: cannot parse "" as "Z07:00"`,
    );
    expect(error("2023-07-25T20:43:16z")).toBe(
      `parsing time "2023-07-25T20:43:16z" as ${LAYOUT}: cannot parse "z" as "Z07:00"`,
    );
    expect(error("2023-07-25T20:43:16+0200")).toBe(
      `parsing time "2023-07-25T20:43:16+0200" as ${LAYOUT}: cannot parse "+0200" as "Z07:00"`,
    );
    expect(error("2023-07-25T20:43:16*02:00")).toBe(
      `parsing time "2023-07-25T20:43:16*02:00" as ${LAYOUT}: cannot parse "*02:00" as "Z07:00"`,
    );
    expect(error("2023-07-25T20:43:16+0x:00")).toBe(
      `parsing time "2023-07-25T20:43:16+0x:00" as ${LAYOUT}: cannot parse "+0x:00" as "Z07:00"`,
    );
    // A dot with no digit is not a fraction: the zone does not match it.
    expect(error("2023-07-25T20:43:16.Z")).toBe(
      `parsing time "2023-07-25T20:43:16.Z" as ${LAYOUT}: cannot parse ".Z" as "Z07:00"`,
    );
  });

  it("reports text after the zone, quoting non-ASCII bytes as Go does", () => {
    expect(error("2023-07-25T20:43:16Zabc")).toBe(
      'parsing time "2023-07-25T20:43:16Zabc": extra text: "abc"',
    );
    expect(error("2023-07-25T20:43:16+02:00 ")).toBe(
      'parsing time "2023-07-25T20:43:16+02:00 ": extra text: " "',
    );
    expect(error("2023-07-25T20:43:16Zé")).toBe(
      'parsing time "2023-07-25T20:43:16Z\\xc3\\xa9": extra text: "\\xc3\\xa9"',
    );
  });

  it("agrees with Date on every millisecond-precision UTC timestamp from year 1000 on", () => {
    const instant = fc.date({
      min: new Date("1000-01-01T00:00:00Z"),
      max: new Date("9999-12-31T23:59:59.999Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, fc.integer({ min: -1439, max: 1439 }), (date, offsetMinutes) => {
        const iso = date.toISOString();
        expect(time(iso).epochMilliseconds).toBe(date.getTime());
        expect(time(iso).weekday).toBe(date.getUTCDay());
        // The same instant written in another zone: same epoch, wall clock moved by the offset.
        const wall = new Date(date.getTime() + offsetMinutes * 60_000);
        if (wall.getUTCFullYear() > 9999 || wall.getUTCFullYear() < 1000) return;
        const abs = Math.abs(offsetMinutes);
        const zone = `${offsetMinutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
        const shifted = time(wall.toISOString().replace("Z", zone));
        expect(shifted.epochMilliseconds).toBe(date.getTime());
        expect(shifted.offsetSeconds).toBe(offsetMinutes * 60);
        expect(shifted.day).toBe(wall.getUTCDate());
        expect(shifted.weekday).toBe(wall.getUTCDay());
      }),
    );
  });
});
