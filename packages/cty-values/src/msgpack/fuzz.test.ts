/**
 * Fuzzing fromMsgpack at the scale issue #2 asks for: tens of thousands of random and mutated
 * inputs never make the decoder throw anything but a decode CtyError, and whatever it accepts
 * re-encodes (and decodes back to the same value).
 *
 * Reproduce a failure with the seed fast-check prints, e.g. `CTY_FUZZ_SEED=123 npx vitest run
 * src/msgpack/fuzz.test.ts`.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { testConformance } from "../conformance.js";
import { isCtyError } from "../errors.js";
import { valueGoString } from "../type-format.js";
import type { Type } from "../type.js";
import { fromMsgpack } from "./decode.js";
import { toMsgpack } from "./encode.js";
import { arbType, arbTypedValue } from "./test-arbitraries.js";
import { arbMutations, mutate } from "./test-mutate.js";
import { toHex } from "./test-util.js";

const SEED = Number(process.env.CTY_FUZZ_SEED ?? 20_261_121);
const RANDOM_RUNS = 30_000;
const MUTATED_RUNS = 50_000;

/** Types and valid encodings to fuzz against, drawn once (fixed seed) to keep each case cheap. */
const typePool: readonly Type[] = fc.sample(arbType(3), { seed: SEED, numRuns: 200 });
const encodingPool: readonly { type: Type; bytes: Uint8Array }[] = fc
  .sample(arbTypedValue({ unknowns: true, infinities: true, maxFloat: 9.2e18 }), {
    seed: SEED + 1,
    numRuns: 400,
  })
  .map(([type, value]) => ({ type, bytes: toMsgpack(value, type) }));

const outcomes = { decoded: 0, rejected: 0 };
const report: string[] = [];

function tally(label: string, run: () => void): void {
  outcomes.decoded = 0;
  outcomes.rejected = 0;
  run();
  report.push(`${label}: ${outcomes.decoded + outcomes.rejected} cases, ${outcomes.decoded} decoded`);
}

/** Decodes; the only acceptable failure is a decode CtyError, and a success must round-trip. */
function decodeSafely(bytes: Uint8Array, t: Type): void {
  let v: ReturnType<typeof fromMsgpack>;
  try {
    v = fromMsgpack(bytes, t);
  } catch (err) {
    if (!isCtyError(err)) throw new Error(`non-CtyError for ${toHex(bytes)}: ${String(err)}`, { cause: err });
    if (err.code !== "decode")
      throw new Error(`CtyError code ${err.code} for ${toHex(bytes)}: ${err.message}`);
    outcomes.rejected++;
    return;
  }
  outcomes.decoded++;
  // go-cty decodes an empty map/array to the empty object/tuple whatever object/tuple type was
  // expected (conformance is the caller's check); such a value re-encodes under its own type.
  const wire = testConformance(v.type, t).length === 0 ? t : v.type;
  const again = toMsgpack(v, wire);
  // Not rawEquals: like go-cty, a legacy float64 whole number beyond int64 comes back as a
  // 512-bit parsed number and an empty refinement as a plain unknown. What must hold is that the
  // canonical bytes are a fixed point: decoding and re-encoding them changes nothing.
  const third = toMsgpack(fromMsgpack(again, wire), wire);
  if (toHex(third) !== toHex(again)) {
    throw new Error(
      `${toHex(bytes)} decoded to ${valueGoString(v)}, encoded as ${toHex(again)}, then as ${toHex(third)}`,
    );
  }
}

/** Bytes that open msgpack items (containers, strings, numbers, nil/bool, extensions). */
const TOKENS = [
  0x00, 0x01, 0x0c, 0x7f, 0x80, 0x81, 0x82, 0x8f, 0x90, 0x91, 0x92, 0x9f, 0xa0, 0xa1, 0xa2, 0xbf, 0xc0, 0xc1,
  0xc2, 0xc3, 0xc4, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcf, 0xd0, 0xd3, 0xd4, 0xd5, 0xd7, 0xd8, 0xd9, 0xda,
  0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xff, 0x61, 0x22,
];

describe("fromMsgpack fuzzing", () => {
  afterAll(() => {
    // Visible in the test log: how many inputs were accepted vs rejected.
    console.info(`msgpack fuzz (seed ${SEED}): ${report.join("; ")}`);
  });

  it(`${RANDOM_RUNS} random byte strings throw nothing but decode CtyErrors`, () => {
    let cases = 0;
    const arbBytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc
        .array(fc.oneof(fc.constantFrom(...TOKENS), fc.nat(255)), { maxLength: 40 })
        .map((a) => Uint8Array.from(a)),
    );
    tally("random", () =>
      fc.assert(
        fc.property(arbBytes, fc.nat(typePool.length - 1), (bytes, ti) => {
          cases++;
          decodeSafely(bytes, typePool[ti] as Type);
        }),
        { seed: SEED, numRuns: RANDOM_RUNS },
      ),
    );
    expect(cases).toBe(RANDOM_RUNS);
  });

  it(`${MUTATED_RUNS} mutated valid encodings throw nothing but decode CtyErrors`, () => {
    let cases = 0;
    const last = encodingPool.length - 1;
    tally("mutated", () =>
      fc.assert(
        fc.property(
          fc.nat(last),
          fc.nat(last),
          arbMutations,
          fc.option(fc.nat(typePool.length - 1), { freq: 6 }),
          (ei, di, mutations, otherType) => {
            cases++;
            const { type, bytes } = encodingPool[ei] as (typeof encodingPool)[number];
            const damaged = mutate(
              bytes,
              mutations,
              (encodingPool[di] as (typeof encodingPool)[number]).bytes,
            );
            decodeSafely(damaged, otherType === null ? type : (typePool[otherType] as Type));
          },
        ),
        { seed: SEED + 2, numRuns: MUTATED_RUNS },
      ),
    );
    expect(cases).toBe(MUTATED_RUNS);
  });
});
