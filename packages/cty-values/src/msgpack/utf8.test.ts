import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeUtf8, decodeUtf8Loop } from "./utf8.js";

/** Bytes biased towards UTF-8 lead and continuation bytes and the edges of the valid ranges. */
const arbUtf8ish = fc
  .array(
    fc.oneof(
      fc.nat(0x7f),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.constantFrom(
        0xc0,
        0xc1,
        0xc2,
        0xdf,
        0xe0,
        0xed,
        0xef,
        0xf0,
        0xf4,
        0xf5,
        0xff,
        0x9f,
        0xa0,
        0x8f,
        0x90,
      ),
      fc.integer({ min: 0xc2, max: 0xf4 }),
    ),
    { maxLength: 48 },
  )
  .map((a) => Uint8Array.from(a));

describe("decodeUtf8", () => {
  it("agrees with the JS reference in strict and lenient mode (native TextDecoder path included)", () => {
    fc.assert(
      fc.property(arbUtf8ish, fc.nat(8), (bytes, skip) => {
        const start = Math.min(skip, bytes.length);
        expect(decodeUtf8(bytes, start, bytes.length, true)).toBe(
          decodeUtf8Loop(bytes, start, bytes.length, true),
        );
        expect(decodeUtf8(bytes, start, bytes.length, false)).toBe(
          decodeUtf8Loop(bytes, start, bytes.length, false),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps a leading byte order mark and refuses invalid input past the native threshold", () => {
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("0123456789abcdef")]);
    expect(decodeUtf8(bom, 0, bom.length, true)).toBe("\ufeff0123456789abcdef");
    const surrogate = Uint8Array.from([...new TextEncoder().encode("0123456789abcdef"), 0xed, 0xa0, 0x80]);
    expect(decodeUtf8(surrogate, 0, surrogate.length, true)).toBeUndefined();
    expect(decodeUtf8(surrogate, 0, surrogate.length, false)).toBe("0123456789abcdef\ufffd\ufffd\ufffd");
  });
});
