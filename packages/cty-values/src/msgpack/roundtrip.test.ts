import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawEquals } from "../equality.js";
import { isCtyError } from "../errors.js";
import { valueGoString } from "../type-format.js";
import { fromMsgpack } from "./decode.js";
import { toMsgpack } from "./encode.js";
import { arbType, arbTypedValue } from "./test-arbitraries.js";
import { toHex } from "./test-util.js";

function onlyCtyErrors(f: () => unknown): void {
  try {
    f();
  } catch (err) {
    if (!isCtyError(err)) throw err;
    expect(err.code).toBe("decode");
  }
}

describe("msgpack properties", () => {
  it("decode(encode(v)) rawEquals v, and re-encoding gives the same bytes", () => {
    fc.assert(
      fc.property(arbTypedValue({ unknowns: true, infinities: true, maxFloat: 9.2e18 }), ([t, v]) => {
        const bytes = toMsgpack(v, t);
        const back = fromMsgpack(bytes, t);
        if (!rawEquals(back, v)) {
          throw new Error(
            `round trip changed ${valueGoString(v)} into ${valueGoString(back)} (${toHex(bytes)})`,
          );
        }
        expect(toHex(toMsgpack(back, t))).toBe(toHex(bytes));
      }),
      { numRuns: 400 },
    );
  });

  it("random bytes decode or throw a decode CtyError, never anything else", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), arbType(3), (bytes, t) => {
        onlyCtyErrors(() => fromMsgpack(bytes, t));
      }),
      { numRuns: 2000 },
    );
  });

  it("truncated or corrupted encodings decode or throw a decode CtyError", () => {
    fc.assert(
      fc.property(
        arbTypedValue({ unknowns: true, infinities: true, maxFloat: 9.2e18 }),
        fc.nat(),
        fc.nat(255),
        fc.boolean(),
        ([t, v], at, byte, truncate) => {
          const bytes = toMsgpack(v, t);
          if (bytes.length === 0) return;
          const i = at % bytes.length;
          const damaged = truncate ? bytes.subarray(0, i) : bytes.slice();
          if (!truncate) damaged[i] = byte;
          onlyCtyErrors(() => fromMsgpack(damaged, t));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
