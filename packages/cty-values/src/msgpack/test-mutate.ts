/**
 * Byte mutations for the codec fuzz tests (not part of the package API).
 * @internal
 */
import fc from "fast-check";

/**
 * One mutation: `[kind, position, argument, byte]`; positions and arguments are reduced modulo
 * the input's size when applied, so any natural number is valid.
 * @internal
 */
export type Mutation = readonly [kind: number, at: number, arg: number, byte: number];

/** Number of mutation kinds understood by {@link mutate}. */
const KINDS = 8;

/** Byte values that sit on msgpack/UTF-8 boundaries; a "set byte" mutation prefers them. */
const BOUNDARY_BYTES = [
  0x00, 0x01, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc7, 0xd4, 0xd8, 0xdc, 0xde, 0xdf, 0xff,
];

const arbMutation: fc.Arbitrary<Mutation> = fc.tuple(fc.nat(KINDS - 1), fc.nat(), fc.nat(), fc.nat(255));

/** One to three random mutations, mostly one (so that more damaged inputs still decode). @internal */
export const arbMutations: fc.Arbitrary<readonly Mutation[]> = fc.oneof(
  { arbitrary: arbMutation.map((m) => [m]), weight: 3 },
  { arbitrary: fc.array(arbMutation, { minLength: 2, maxLength: 3 }), weight: 1 },
);

function concat(...parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Applies mutations to a copy of `input`: bit flips, byte overwrites (often with boundary
 * values), truncation, insertion, deletion, splicing a slice of `donor` (another valid encoding)
 * over a range, and duplicating a range elsewhere.
 * @internal
 */
export function mutate(input: Uint8Array, mutations: readonly Mutation[], donor: Uint8Array): Uint8Array {
  let b: Uint8Array = input.slice();
  for (const [kind, at, arg, byte] of mutations) {
    const len = b.length;
    const pos = len === 0 ? 0 : at % len;
    switch (kind) {
      case 0: // flip one bit
        if (len > 0) b[pos] = (b[pos] as number) ^ (1 << (arg & 7));
        break;
      case 1: // overwrite one byte, half the time with a boundary value
        if (len > 0) b[pos] = arg & 1 ? byte : (BOUNDARY_BYTES[byte % BOUNDARY_BYTES.length] as number);
        break;
      case 2: // truncate
        b = b.subarray(0, at % (len + 1)).slice();
        break;
      case 3: {
        // insert 1–4 bytes
        const at2 = at % (len + 1);
        const ins = new Uint8Array(1 + (arg % 4)).fill(byte);
        b = concat(b.subarray(0, at2), ins, b.subarray(at2));
        break;
      }
      case 4: {
        // delete 1–8 bytes
        const end = Math.min(len, pos + 1 + (arg % 8));
        b = concat(b.subarray(0, pos), b.subarray(end));
        break;
      }
      case 5: {
        // replace a range with a slice of another valid encoding
        const from = donor.length === 0 ? 0 : arg % donor.length;
        const take = donor.subarray(from, from + 1 + (byte % 24));
        const end = Math.min(len, pos + (arg % 17));
        b = concat(b.subarray(0, pos), take, b.subarray(end));
        break;
      }
      case 6: {
        // duplicate a range somewhere else
        const piece = b.slice(pos, pos + 1 + (arg % 16));
        const to = (arg >>> 4) % (len + 1);
        b = concat(b.subarray(0, to), piece, b.subarray(to));
        break;
      }
      default: {
        // append another encoding (trailing data) or prepend a container header
        b = byte & 1 ? concat(b, donor.subarray(0, 1 + (arg % 32))) : concat(new Uint8Array([byte]), b);
      }
    }
  }
  return b;
}
