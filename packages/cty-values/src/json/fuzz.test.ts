/**
 * Fuzzing fromJson and typeFromJson at the scale issue #2 asks for: tens of thousands of random
 * and mutated texts never make them throw anything but a decode CtyError, and whatever they
 * accept re-encodes to a fixed point.
 *
 * Reproduce a failure with the seed fast-check prints, e.g. `CTY_FUZZ_SEED=123 npx vitest run
 * src/json/fuzz.test.ts`.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { testConformance } from "../conformance.js";
import { isCtyError } from "../errors.js";
import { arbConcreteType, arbType, arbTypedValue } from "../msgpack/test-arbitraries.js";
import { arbMutations, mutate } from "../msgpack/test-mutate.js";
import { CtyNumber } from "../number.js";
import type { Type } from "../type.js";
import { typeFromJson, typeToJson } from "../type-json.js";
import { valueGoString } from "../type-format.js";
import type { Value } from "../value.js";
import { fromJson } from "./decode.js";
import { toJson } from "./encode.js";

const SEED = Number(process.env.CTY_FUZZ_SEED ?? 20_261_121);
const RUNS = 20_000;

const utf8 = new TextEncoder();
const lossyText = new TextDecoder("utf-8", { fatal: false });

const typePool: readonly Type[] = fc.sample(arbType(3), { seed: SEED, numRuns: 200 });
const valuePool: readonly { type: Type; json: Uint8Array }[] = fc
  .sample(arbTypedValue({ unknowns: false, infinities: false, maxFloat: 2 ** 53 }), {
    seed: SEED + 1,
    numRuns: 400,
  })
  .map(([type, value]) => ({ type, json: utf8.encode(toJson(value, type)) }));
const typeJsonPool: readonly Uint8Array[] = fc
  .sample(arbConcreteType(4), { seed: SEED + 2, numRuns: 300 })
  .map((t) => utf8.encode(typeToJson(t)));

/** Pieces of JSON (and of type JSON) that random texts are assembled from. */
const PIECES = [
  "[",
  "]",
  "{",
  "}",
  ",",
  ":",
  " ",
  '"',
  "\\",
  "\\u00e9",
  "\\ud800",
  '"a"',
  '"value"',
  '"type"',
  '"string"',
  '"number"',
  '"bool"',
  '"dynamic"',
  '"list"',
  '"set"',
  '"map"',
  '"object"',
  '"tuple"',
  "null",
  "true",
  "false",
  "0",
  "-1",
  "1.5e3",
  "1e999999",
  "-0",
  "01",
  "tr",
  "\u00e9",
  "\ud83d",
];
const arbText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((p) => p.join("")),
);

function expectDecodeError(err: unknown, input: string | Uint8Array): void {
  const shown =
    typeof input === "string" ? JSON.stringify(input) : `bytes ${Buffer.from(input).toString("hex")}`;
  if (!isCtyError(err)) throw new Error(`non-CtyError for ${shown}: ${String(err)}`, { cause: err });
  if (err.code !== "decode") throw new Error(`CtyError code ${err.code} for ${shown}: ${err.message}`);
}

const counts = new Map<string, { cases: number; decoded: number }>();
function count(label: string, decoded: boolean): void {
  const c = counts.get(label) ?? { cases: 0, decoded: 0 };
  c.cases++;
  if (decoded) c.decoded++;
  counts.set(label, c);
}

/** fromJson must fail with a decode CtyError or give a value whose JSON is a fixed point. */
function valueSafely(label: string, input: string | Uint8Array, t: Type): void {
  let v: Value;
  try {
    v = fromJson(input, t);
  } catch (err) {
    expectDecodeError(err, input);
    count(label, false);
    return;
  }
  count(label, true);
  // An empty JSON object decodes to the empty object whatever object type was expected, as in
  // go-cty; such a value re-encodes under its own type.
  const wire = testConformance(v.type, t).length === 0 ? t : v.type;
  let again: string;
  try {
    again = toJson(v, wire);
  } catch (err) {
    // Like Go's big.ParseFloat, a decimal exponent far beyond the range (1e999999999) parses as
    // ±Inf, which go-cty's JSON encoder refuses in turn; nothing else may fail here.
    if (isCtyError(err) && err.rawMessage === "cannot serialize infinity as JSON" && hasInfinity(v)) return;
    throw err;
  }
  const third = toJson(fromJson(again, wire), wire);
  if (third !== again) {
    throw new Error(`${String(input)} decoded to ${valueGoString(v)}, encoded as ${again}, then as ${third}`);
  }
}

function hasInfinity(v: Value): boolean {
  if (v.isNull() || !v.isKnown()) return false;
  const p = v.payload;
  if (p instanceof CtyNumber) return p.isInfinite();
  if (Array.isArray(p)) return (p as readonly Value[]).some(hasInfinity);
  if (p instanceof Map) return [...(p as ReadonlyMap<string, Value>).values()].some(hasInfinity);
  return false;
}

/** typeFromJson must fail with a decode CtyError or give a type whose JSON round-trips. */
function typeSafely(label: string, input: string | Uint8Array): void {
  let t: Type;
  try {
    t = typeFromJson(input);
  } catch (err) {
    expectDecodeError(err, input);
    count(label, false);
    return;
  }
  count(label, true);
  const json = typeToJson(t);
  expect(typeToJson(typeFromJson(json))).toBe(json);
}

/** Half the mutated inputs go in as bytes (invalid UTF-8 included), half as lossily decoded text. */
const arbAsText = fc.boolean();

describe("JSON fuzzing", () => {
  afterAll(() => {
    const lines = [...counts].map(([label, c]) => `${label}: ${c.cases} cases, ${c.decoded} decoded`);
    console.info(`JSON fuzz (seed ${SEED}): ${lines.join("; ")}`);
  });

  it(`fromJson: ${RUNS} random texts throw nothing but decode CtyErrors`, () => {
    fc.assert(
      fc.property(arbText, fc.nat(typePool.length - 1), (s, ti) =>
        valueSafely("fromJson random", s, typePool[ti] as Type),
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(counts.get("fromJson random")?.cases).toBe(RUNS);
  });

  it(`fromJson: ${RUNS} mutated valid encodings throw nothing but decode CtyErrors`, () => {
    const last = valuePool.length - 1;
    fc.assert(
      fc.property(
        fc.nat(last),
        fc.nat(last),
        arbMutations,
        fc.option(fc.nat(typePool.length - 1), { freq: 6 }),
        arbAsText,
        (vi, di, mutations, otherType, asText) => {
          const { type, json } = valuePool[vi] as (typeof valuePool)[number];
          const bytes = mutate(json, mutations, (valuePool[di] as (typeof valuePool)[number]).json);
          const t = otherType === null ? type : (typePool[otherType] as Type);
          valueSafely("fromJson mutated", asText ? lossyText.decode(bytes) : bytes, t);
        },
      ),
      { seed: SEED + 3, numRuns: RUNS },
    );
    expect(counts.get("fromJson mutated")?.cases).toBe(RUNS);
  });

  it(`typeFromJson: ${RUNS} random texts throw nothing but decode CtyErrors`, () => {
    fc.assert(
      fc.property(arbText, (s) => typeSafely("typeFromJson random", s)),
      { seed: SEED + 4, numRuns: RUNS },
    );
    expect(counts.get("typeFromJson random")?.cases).toBe(RUNS);
  });

  it(`typeFromJson: ${RUNS} mutated valid type JSON texts throw nothing but decode CtyErrors`, () => {
    const last = typeJsonPool.length - 1;
    fc.assert(
      fc.property(fc.nat(last), fc.nat(last), arbMutations, arbAsText, (ti, di, mutations, asText) => {
        const bytes = mutate(typeJsonPool[ti] as Uint8Array, mutations, typeJsonPool[di] as Uint8Array);
        typeSafely("typeFromJson mutated", asText ? lossyText.decode(bytes) : bytes);
      }),
      { seed: SEED + 5, numRuns: RUNS },
    );
    expect(counts.get("typeFromJson mutated")?.cases).toBe(RUNS);
  });
});
