import { CtyError, isCtyError } from "../errors.js";
import { CtyNumber } from "../number.js";
import { refine } from "../refinement.js";
import {
  boolType,
  compareUtf8,
  dynamicType,
  type ListType,
  type MapType,
  type ObjectType,
  numberType,
  type SetType,
  stringType,
  type TupleType,
  type Type,
} from "../type.js";
import { typeFromJson } from "../type-json.js";
import {
  DynamicVal,
  EmptyObjectVal,
  EmptyTupleVal,
  False,
  listValEmpty,
  mapValEmpty,
  nullVal,
  objectVal,
  refinedUnknownVal,
  markFreeDeep,
  setValEmpty,
  stringVal,
  True,
  unknownVal,
  Value,
} from "../value.js";
import { attributeNames } from "./attribute-names.js";
import { buildList, buildMap, buildSet, buildTuple } from "./build.js";
import { REFINED_UNKNOWN_EXT } from "./encode.js";
import { isOutOfRange, parseCodecNumber } from "./parse-number.js";
import { PathTracker, rebase } from "./path-tracker.js";
import { decodeUtf8, encodeUtf8 } from "./utf8.js";

/** Deepest nesting of collections and dynamic wrappers the decoder follows. @internal */
export const MAX_MSGPACK_DEPTH = 1000;

/** Longest known list of unknowns a length refinement may collapse into. @internal */
export const MAX_COLLAPSED_LIST = 100_000;

/** Largest refinement payload accepted (go-cty rejects anything over 1 KiB). */
const MAX_REFINEMENT_BYTES = 1024;

/**
 * Decodes msgpack produced by go-cty (or tfkit, or terraform-plugin-go) as a value of the given
 * type, with go-cty's `msgpack.Unmarshal` semantics.
 *
 * @remarks
 * - Every msgpack extension is an unknown: a payload of at most one byte is a plain unknown
 *   (whatever the extension type); a longer one must be ext 12 holding refinements, at most
 *   1 KiB. Refinements on a `dynamic` target are ignored; unknown refinement keys are skipped.
 * - Where `t` is `dynamic`, the input is `[type JSON, value]`, a bare unknown, or nil.
 * - Integers decode exactly (int64/uint64), floats at 53 bits, string-encoded numbers at 512
 *   bits. Strings and map keys are NFC-normalized; string data may also come as msgpack binary.
 * - An empty map decodes to the empty object whatever object type was expected, and an empty
 *   array to the empty tuple, as go-cty does; conformance is the caller's check.
 * - Stricter than go-cty: trailing bytes after the value, invalid UTF-8 in strings or keys, a
 *   non-string map key, a repeated object attribute, nesting deeper than 1000, and a number
 *   string beyond what tfkit can write back as decimal text (about 1e300000 or 1e-130000) are
 *   errors.
 * @example
 * ```ts
 * fromMsgpack(new Uint8Array([0xa2, 0x68, 0x69]), stringType) // stringVal("hi")
 * ```
 * - Error paths deliberately differ from go-cty's decoder in one respect: object attributes are
 *   attribute steps (`.ip`), as in `fromJson`, the encoders and Terraform's own diagnostics,
 *   whereas go-cty's `msgpack.Unmarshal` records them as string index steps (`["ip"]`). Map
 *   keys, and list, set and tuple positions, stay index steps. Messages are go-cty's words.
 * @throws {@link CtyError} with code `"decode"`, go-cty's message, and a structured `path` to
 * the offending item (`.network_interface[0].ip: string is required`; `.z: unsupported
 * attribute`; `["k"]: string is required` for a map element; `an object with 2 attributes is
 * required (1 given)`; `unsupported extension type 0x07 with len 3`).
 * @category decoding
 */
export function fromMsgpack(bytes: Uint8Array, t: Type): Value {
  const d = new Decoder(bytes, 0, bytes.length, new PathTracker());
  let v: Value;
  try {
    v = decodeValue(d, t);
  } catch (err) {
    if (isCtyError(err)) throw err;
    // Only a runaway stack or a bug can land here; never let it escape as another kind.
    throw new CtyError("decode", err instanceof Error ? err.message : String(err), { cause: err });
  }
  if (d.pos !== bytes.length) {
    throw new CtyError("decode", `unexpected data after the msgpack value (${bytes.length - d.pos} bytes)`);
  }
  return markFreeDeep(v, !d.sawUnknown);
}

class Decoder {
  readonly b: Uint8Array;
  readonly view: DataView;
  pos: number;
  readonly end: number;
  readonly path: PathTracker;
  depth = 0;
  /** Whether an unknown was read (else the result is wholly known, which is worth saying). */
  sawUnknown = false;
  /** Start and length of the last string/binary read by {@link Decoder.span}. */
  spanStart = 0;
  spanLen = 0;

  constructor(b: Uint8Array, pos: number, end: number, path: PathTracker) {
    this.b = b;
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    this.pos = pos;
    this.end = end;
    this.path = path;
  }

  fail(message: string): never {
    throw this.path.error("decode", message);
  }

  /** Fails at the container whose element step is `step` (opened, not yet pointing anywhere). */
  failAt(step: number, message: string): never {
    throw this.path.error("decode", message, step);
  }

  enter(): void {
    if (++this.depth > MAX_MSGPACK_DEPTH) this.fail("exceeded max depth");
  }

  /** Big-endian unsigned integer of 1, 2 or 4 bytes at `at`, or -1 past the end. */
  uint(at: number, size: number): number {
    if (at + size > this.end) return -1;
    const b = this.b;
    if (size === 1) return b[at] as number;
    if (size === 2) return ((b[at] as number) << 8) | (b[at + 1] as number);
    return this.view.getUint32(at);
  }

  /** Reads an array header; the length, or -1 when the next item is not an array (or is cut). */
  arrayLen(): number {
    const c = this.b[this.pos];
    if (c === undefined || this.pos >= this.end) return -1;
    if (c >= 0x90 && c <= 0x9f) {
      this.pos++;
      return c & 0x0f;
    }
    return this.header(c, 0xdc, 0xdd);
  }

  /** Reads a map header; the entry count, or -1. */
  mapLen(): number {
    const c = this.b[this.pos];
    if (c === undefined || this.pos >= this.end) return -1;
    if (c >= 0x80 && c <= 0x8f) {
      this.pos++;
      return c & 0x0f;
    }
    return this.header(c, 0xde, 0xdf);
  }

  private header(c: number, code16: number, code32: number): number {
    const size = c === code16 ? 2 : c === code32 ? 4 : 0;
    if (size === 0) return -1;
    const n = this.uint(this.pos + 1, size);
    if (n < 0) return -1;
    this.pos += 1 + size;
    return n;
  }

  /**
   * Reads a string or binary item (msgpack `str` or `bin`, as vmihailenco's DecodeString
   * accepts either) into {@link Decoder.spanStart}/{@link Decoder.spanLen}; false if the next
   * item is neither or is cut short.
   */
  span(): boolean {
    const c = this.b[this.pos];
    if (c === undefined || this.pos >= this.end) return false;
    let len: number;
    let head: number;
    if (c >= 0xa0 && c <= 0xbf) {
      len = c & 0x1f;
      head = 1;
    } else if (c === 0xd9 || c === 0xc4) {
      len = this.uint(this.pos + 1, 1);
      head = 2;
    } else if (c === 0xda || c === 0xc5) {
      len = this.uint(this.pos + 1, 2);
      head = 3;
    } else if (c === 0xdb || c === 0xc6) {
      len = this.uint(this.pos + 1, 4);
      head = 5;
    } else {
      return false;
    }
    if (len < 0 || this.pos + head + len > this.end) return false;
    this.spanStart = this.pos + head;
    this.spanLen = len;
    this.pos += head + len;
    return true;
  }

  /** The last span as a string, or undefined when it is not valid UTF-8. */
  spanString(): string | undefined {
    return decodeUtf8(this.b, this.spanStart, this.spanStart + this.spanLen, true);
  }

  /** Bytes left before the end of this decoder's window. */
  remaining(): number {
    return this.end - this.pos;
  }

  /** Skips one complete item of any kind; false if the input ends first. */
  skip(): boolean {
    if (this.pos >= this.end) return false;
    const c = this.b[this.pos] as number;
    if (c <= 0x7f || c >= 0xe0 || c === 0xc0 || c === 0xc2 || c === 0xc3) {
      this.pos++;
      return true;
    }
    if ((c >= 0xa0 && c <= 0xbf) || (c >= 0xc4 && c <= 0xc6) || (c >= 0xd9 && c <= 0xdb)) return this.span();
    const f = FIXED_BODY[c] as number;
    if (f > 0) {
      if (this.pos + 1 + f > this.end) return false;
      this.pos += 1 + f;
      return true;
    }
    if (c >= 0xc7 && c <= 0xc9) {
      const size = c === 0xc7 ? 1 : c === 0xc8 ? 2 : 4;
      const len = this.uint(this.pos + 1, size);
      if (len < 0 || this.pos + 2 + size + len > this.end) return false;
      this.pos += 2 + size + len;
      return true;
    }
    let items: number;
    if ((c >= 0x90 && c <= 0x9f) || c === 0xdc || c === 0xdd) items = this.arrayLen();
    else if ((c >= 0x80 && c <= 0x8f) || c === 0xde || c === 0xdf) items = this.mapLen() * 2;
    else return false; // 0xc1 is never used
    if (items < 0 || items > this.remaining()) return false;
    if (++this.depth > MAX_MSGPACK_DEPTH) return false;
    for (let i = 0; i < items; i++) if (!this.skip()) return false;
    this.depth--;
    return true;
  }
}

/** Payload sizes of the fixed-width number codes (ints, uints, floats); 0 elsewhere. */
const NUMBER_BODY = new Uint8Array(256);
/** Bytes after the code byte of every fixed-size item that is not a single byte; 0 elsewhere. */
const FIXED_BODY = new Uint8Array(256);
for (const [code, size] of [
  [0xcc, 1],
  [0xcd, 2],
  [0xce, 4],
  [0xcf, 8],
  [0xd0, 1],
  [0xd1, 2],
  [0xd2, 4],
  [0xd3, 8],
  [0xca, 4],
  [0xcb, 8],
] as const) {
  NUMBER_BODY[code] = size;
  FIXED_BODY[code] = size;
}
// fixext 1/2/4/8/16: type byte plus payload.
for (const [code, size] of [
  [0xd4, 2],
  [0xd5, 3],
  [0xd6, 5],
  [0xd7, 9],
  [0xd8, 17],
] as const)
  FIXED_BODY[code] = size;

function isExt(c: number): boolean {
  return (c >= 0xd4 && c <= 0xd8) || (c >= 0xc7 && c <= 0xc9);
}

/** Nulls of the primitive types, shared as the interned numbers and strings are. */
const NULL_STRING = nullVal(stringType);
const NULL_NUMBER = nullVal(numberType);
const NULL_BOOL = nullVal(boolType);

function nullOf(t: Type): Value {
  return t === stringType
    ? NULL_STRING
    : t === numberType
      ? NULL_NUMBER
      : t === boolType
        ? NULL_BOOL
        : nullVal(t);
}

function decodeValue(d: Decoder, t: Type): Value {
  const pos = d.pos;
  if (pos >= d.end) d.fail("unexpected EOF");
  const c = d.b[pos] as number;
  // The commonest items first, without the general dispatch: a fixstr for a string (ASCII,
  // interned), a positive fixint for a number, true or false for a bool.
  if (t === stringType) {
    if (c >= 0xa0 && c <= 0xbf) {
      const len = c & 0x1f;
      if (pos + 1 + len <= d.end) {
        const v = shortAsciiString(d.b, pos + 1, len);
        if (v !== undefined) {
          d.pos = pos + 1 + len;
          return v;
        }
      }
    }
  } else if (t === numberType) {
    if (c <= 0x7f) {
      d.pos = pos + 1;
      return intValue(c);
    }
  } else if (t === boolType) {
    if (c === 0xc3 || c === 0xc2) {
      d.pos = pos + 1;
      return c === 0xc3 ? True : False;
    }
  }
  // Extensions come first: every extension is an unknown, whatever the type.
  if (isExt(c)) return decodeUnknown(d, t);
  if (t.kind === "dynamic") return decodeDynamic(d);
  if (c === 0xc0) {
    d.pos++;
    return nullOf(t);
  }
  switch (t.kind) {
    case "string":
      return decodeString(d);
    case "number":
      return decodeNumber(d);
    case "bool":
      if (c === 0xc3 || c === 0xc2) {
        d.pos++;
        return c === 0xc3 ? True : False;
      }
      return d.fail("bool is required");
    case "list":
    case "set":
      return decodeSequence(d, t);
    case "tuple":
      return decodeTuple(d, t);
    case "map":
      return decodeMap(d, t);
    case "object":
      return decodeObject(d, t);
  }
}

/*
 * Short ASCII strings are interned the same way as numbers (below): payloads repeat the same
 * zones, types, enum values and tag values, and a decoded string is two allocations (Value and
 * string). The slot is chosen by a hash of the bytes, computed in the same pass that checks they
 * are ASCII (ASCII is NFC already); a hit is confirmed by comparing the cached string with the
 * bytes, so a collision only costs a miss. A cached string stays referenced until another takes
 * its slot (at most 2048 strings of ≤ 32 bytes, about 200 KB): the wire carries no sensitivity
 * marks, so a short secret seen twice may outlive its request that way, within the process.
 */
const STRING_SLOTS = 2048;
/** Longest string (in bytes) looked up in the cache. */
const STRING_CACHE_MAX = 32;
const stringCache = new Array<Value | undefined>(STRING_SLOTS).fill(undefined);
/** The hash last seen in each slot (admission: see {@link shortAsciiString}). */
const stringSeen = new Int32Array(STRING_SLOTS);

/** The string value of a short ASCII span; undefined when a byte is not ASCII. */
function shortAsciiString(b: Uint8Array, start: number, len: number): Value | undefined {
  const end = start + len;
  let h = len;
  for (let i = start; i < end; i++) {
    const c = b[i] as number;
    if (c >= 0x80) return undefined;
    h = Math.imul(h ^ c, 0x01000193);
  }
  const slot = (h ^ (h >>> 15)) & (STRING_SLOTS - 1);
  const hit = stringCache[slot];
  if (hit !== undefined) {
    const s = hit.payload as string;
    if (s.length === len) {
      let same = true;
      for (let i = 0; i < len; i++) {
        if (s.charCodeAt(i) !== b[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return hit;
    }
  }
  const v = new Value(stringType, asciiString(b, start, end));
  // A string is cached the second time its hash is seen in this slot: storing every unique id
  // into the (old-generation) cache would cost more than the hits save.
  if (stringSeen[slot] === h) stringCache[slot] = v;
  else stringSeen[slot] = h;
  return v;
}

/**
 * ASCII bytes (already checked) as a string. Up to 12 characters, concatenating a few
 * `fromCharCode` results yields a flat string (V8 copies instead of making a rope below 13);
 * longer ones go through {@link decodeUtf8} (the native decoder where there is one).
 */
function asciiString(b: Uint8Array, i: number, end: number): string {
  if (end - i > 12) return decodeUtf8(b, i, end, true) as string;
  let s = "";
  for (; i + 3 < end; i += 4) {
    s += String.fromCharCode(b[i] as number, b[i + 1] as number, b[i + 2] as number, b[i + 3] as number);
  }
  for (; i < end; i++) s += String.fromCharCode(b[i] as number);
  return s;
}

function decodeString(d: Decoder): Value {
  if (!d.span()) d.fail("string is required");
  if (d.spanLen <= STRING_CACHE_MAX) {
    const v = shortAsciiString(d.b, d.spanStart, d.spanLen);
    if (v !== undefined) return v;
  }
  const s = d.spanString();
  if (s === undefined) d.fail("string is not valid UTF-8");
  // Pure ASCII (UTF-16 length equals byte length) is already NFC.
  return s.length === d.spanLen ? new Value(stringType, s) : stringVal(s);
}

function numberValue(n: CtyNumber): Value {
  return new Value(numberType, n);
}

/*
 * Decoded numbers are interned in small direct-mapped caches: real payloads repeat the same
 * ports, sizes, counts and prices over and over, and a cty number is three allocations (Value,
 * CtyNumber, bigint mantissa). Values and CtyNumbers are immutable, so sharing one instance is
 * invisible to callers (marks always make a new Value). A slot holds the last number that hashed
 * to it; a miss just overwrites it.
 */
const CACHE_BITS = 10;
const CACHE_SLOTS = 1 << CACHE_BITS;
/** Integers in [-SMALL_INT_OFFSET, CACHE_SLOTS - SMALL_INT_OFFSET) are interned once each. */
const SMALL_INT_OFFSET = 128;
const smallInts = new Array<Value | undefined>(CACHE_SLOTS).fill(undefined);
const floatKeys = new Float64Array(CACHE_SLOTS).fill(Number.NaN);
const floatValues = new Array<Value | undefined>(CACHE_SLOTS).fill(undefined);
const floatSeen = new Float64Array(CACHE_SLOTS).fill(Number.NaN);
const intKeys = new Float64Array(CACHE_SLOTS).fill(Number.NaN);
const intValues = new Array<Value | undefined>(CACHE_SLOTS).fill(undefined);
const intSeen = new Float64Array(CACHE_SLOTS).fill(Number.NaN);

/** The number value of a safe integer, as go-cty's decoder builds it (an int64, precision 64). */
function intValue(n: number): Value {
  const slot = n + SMALL_INT_OFFSET;
  if (slot >= 0 && slot < CACHE_SLOTS) {
    let v = smallInts[slot];
    if (v === undefined) {
      v = new Value(numberType, CtyNumber.fromInt(n));
      smallInts[slot] = v;
    }
    return v;
  }
  // Larger integers go through a hashed cache of their own (ints and floats differ in
  // precision, so they never share a slot): the same sizes, ports and ids repeat in a payload.
  const h = Math.imul(n | 0, 0x9e3779b1) ^ ((n / 4294967296) | 0);
  const hashed = (h ^ (h >>> 16)) & (CACHE_SLOTS - 1);
  if (intKeys[hashed] === n) return intValues[hashed] as Value;
  const v = new Value(numberType, CtyNumber.fromInt(n));
  // Cached on the second sighting, as strings are (see shortAsciiString).
  if (intSeen[hashed] === n) {
    intKeys[hashed] = n;
    intValues[hashed] = v;
  } else intSeen[hashed] = n;
  return v;
}

/** The number value of a float64 (precision 53); `hash` is any mix of its bits. */
function floatValue(x: number, hash: number): Value {
  // ±0 compare equal but differ (negative zero is kept): never cache zeros.
  if (x === 0) return new Value(numberType, CtyNumber.fromFloat64(x));
  // Multiplicative hashing: the raw bits of nearby prices and sizes share their low bits.
  const slot = Math.imul(hash, 0x9e3779b1) >>> (32 - CACHE_BITS);
  if (floatKeys[slot] === x) return floatValues[slot] as Value;
  const v = new Value(numberType, CtyNumber.fromFloat64(x));
  // Cached on the second sighting, as integers and strings are.
  if (floatSeen[slot] === x) {
    floatKeys[slot] = x;
    floatValues[slot] = v;
  } else floatSeen[slot] = x;
  return v;
}

function decodeNumber(d: Decoder): Value {
  const c = d.b[d.pos] as number;
  const at = d.pos + 1;
  if (c <= 0x7f || c >= 0xe0) {
    d.pos++;
    return intValue(c <= 0x7f ? c : c - 0x100);
  }
  const size = NUMBER_BODY[c] as number;
  if (size > 0) {
    if (at + size > d.end) d.fail("number is required");
    d.pos = at + size;
    const v = d.view;
    switch (c) {
      case 0xcc:
        return intValue(d.b[at] as number);
      case 0xcd:
        return intValue(v.getUint16(at));
      case 0xce:
        return intValue(v.getUint32(at));
      case 0xcf:
        return numberValue(CtyNumber.fromInt(v.getBigUint64(at)));
      case 0xd0:
        return intValue(v.getInt8(at));
      case 0xd1:
        return intValue(v.getInt16(at));
      case 0xd2:
        return intValue(v.getInt32(at));
      case 0xd3:
        return numberValue(CtyNumber.fromInt(v.getBigInt64(at)));
      default: {
        const single = c === 0xca;
        const x = single ? v.getFloat32(at) : v.getFloat64(at);
        // go-cty would panic on NaN (big.Float has none); refuse it instead.
        if (Number.isNaN(x)) d.fail("NaN is not a valid number");
        return floatValue(x, single ? v.getInt32(at) : v.getInt32(at + 4) ^ v.getInt32(at));
      }
    }
  }
  // Anything else must be the decimal text of a number (msgpack str, or bin).
  if (!d.span()) d.fail("number is required");
  const text = decodeUtf8(d.b, d.spanStart, d.spanStart + d.spanLen, false) as string;
  const n = parseCodecNumber(text);
  if (n instanceof CtyNumber) return numberValue(n);
  return d.fail(isOutOfRange(n) ? n.rawMessage : "number is required");
}

function decodeSequence(d: Decoder, t: ListType | SetType): Value {
  const kind = t.kind;
  const et = t.elementType;
  const n = d.arrayLen();
  if (n < 0) d.fail(kind === "list" ? "a list is required" : "a set is required");
  if (n === 0) return kind === "list" ? listValEmpty(et) : setValEmpty(et);
  // Every element takes at least one byte: refuse absurd counts before allocating.
  if (n > d.remaining()) d.fail("unexpected EOF");
  d.enter();
  const vals = new Array<Value>(n);
  const step = d.path.open();
  for (let i = 0; i < n; i++) {
    d.path.setIndex(step, i);
    vals[i] = decodeValue(d, et);
  }
  d.path.pop();
  d.depth--;
  try {
    return t.kind === "list" ? buildList(t, vals) : buildSet(t, vals);
  } catch (err) {
    // Possible only under a dynamic element type (go-cty would panic here).
    throw rebase(err, d.path, "decode");
  }
}

function decodeTuple(d: Decoder, t: TupleType): Value {
  const ets = t.elementTypes;
  const n = d.arrayLen();
  if (n < 0) d.fail("a tuple is required");
  if (n === 0) return EmptyTupleVal;
  if (n !== ets.length) d.fail(`a tuple of length ${ets.length} is required`);
  d.enter();
  const vals = new Array<Value>(n);
  const step = d.path.open();
  for (let i = 0; i < n; i++) {
    d.path.setIndex(step, i);
    vals[i] = decodeValue(d, ets[i] as Type);
  }
  d.path.pop();
  d.depth--;
  return buildTuple(t, vals);
}

function decodeMap(d: Decoder, t: MapType): Value {
  const et = t.elementType;
  const n = d.mapLen();
  if (n < 0) d.fail("a map is required");
  if (n === 0) return mapValEmpty(et);
  if (n * 2 > d.remaining()) d.fail("unexpected EOF");
  d.enter();
  const vals = new Map<string, Value>();
  // go-cty writes keys distinct, byte-sorted and NFC: then the map needs no re-sorting.
  let keysReady = true;
  let prev: string | undefined;
  const step = d.path.open();
  for (let i = 0; i < n; i++) {
    if (!d.span()) d.failAt(step, "non-string key in map");
    // Keys repeat across the maps of a payload (tag names): short ASCII ones come from the cache.
    const interned =
      d.spanLen <= STRING_CACHE_MAX ? shortAsciiString(d.b, d.spanStart, d.spanLen) : undefined;
    const k = interned !== undefined ? (interned.payload as string) : d.spanString();
    if (k === undefined) d.failAt(step, "map key is not valid UTF-8");
    if (keysReady && (k.length !== d.spanLen || (prev !== undefined && compareUtf8(prev, k) >= 0)))
      keysReady = false;
    prev = k;
    d.path.setKey(step, k);
    // A repeated key overwrites the earlier one, as go-cty's map assignment does.
    vals.set(k, decodeValue(d, et));
  }
  d.path.pop();
  d.depth--;
  try {
    return buildMap(t, vals, keysReady);
  } catch (err) {
    throw rebase(err, d.path, "decode");
  }
}

/** An object type's attributes in payload order, with their UTF-8 names for fast key matching. */
interface ObjectLayout {
  readonly names: readonly string[];
  readonly types: readonly Type[];
  readonly nameBytes: readonly Uint8Array[];
  readonly index: ReadonlyMap<string, number>;
}

const layouts = new WeakMap<ObjectType, ObjectLayout>();

function layoutOf(t: ObjectType): ObjectLayout {
  let l = layouts.get(t);
  if (l === undefined) {
    const names = attributeNames(t);
    l = {
      names,
      types: names.map((n) => t.attributeTypes[n] as Type),
      nameBytes: names.map(encodeUtf8),
      index: new Map(names.map((n, i) => [n, i])),
    };
    layouts.set(t, l);
  }
  return l;
}

function decodeObject(d: Decoder, t: ObjectType): Value {
  const n = d.mapLen();
  if (n < 0) d.fail("an object is required");
  // go-cty returns the empty object for an empty map whatever the expected attributes.
  if (n === 0) return EmptyObjectVal;
  const layout = layoutOf(t);
  const { names, types, nameBytes } = layout;
  if (n !== names.length) d.fail(`an object with ${names.length} attributes is required (${n} given)`);
  d.enter();
  const step = d.path.open();
  const b = d.b;
  // go-cty writes attributes in the type's (byte-wise) order, which is also the payload's order:
  // while they keep coming in order, each goes straight into the payload map. The first key out
  // of order switches to per-attribute slots, rebuilt into an ordered map at the end.
  let attributes = new Map<string, Value>();
  let slots: (Value | undefined)[] | undefined;
  let exact = t.optional.size === 0;
  for (let i = 0; i < n; i++) {
    if (!d.span()) d.failAt(step, "all keys must be strings");
    let idx = -1;
    const want = nameBytes[i] as Uint8Array;
    if (want.length === d.spanLen) {
      idx = i;
      for (let j = 0, at = d.spanStart; j < want.length; j++, at++) {
        if (b[at] !== want[j]) {
          idx = -1;
          break;
        }
      }
    }
    if (idx === i && slots === undefined) {
      const name = names[i] as string;
      d.path.setAttr(step, name);
      const v = decodeValue(d, types[i] as Type);
      if (v.type !== types[i]) exact = false;
      attributes.set(name, v);
      continue;
    }
    if (idx < 0) {
      const k = d.spanString();
      if (k === undefined) d.failAt(step, "all keys must be strings");
      idx = layout.index.get(k) ?? -1;
      if (idx < 0) {
        // go-cty's decoder would say `["name"]` here; tfkit uses attribute steps (see above).
        d.path.setAttr(step, k);
        d.fail("unsupported attribute");
      }
    }
    if (slots === undefined) {
      // The first i attributes arrived in order: they fill slots 0..i-1.
      slots = [...attributes.values()];
      slots.length = n;
    }
    d.path.setAttr(step, names[idx] as string);
    if (slots[idx] !== undefined) d.fail("duplicate attribute");
    const v = decodeValue(d, types[idx] as Type);
    if (v.type !== types[idx]) exact = false;
    slots[idx] = v;
  }
  d.path.pop();
  d.depth--;
  if (slots !== undefined) {
    attributes = new Map<string, Value>();
    for (let i = 0; i < n; i++) attributes.set(names[i] as string, slots[i] as Value);
  }
  // Every attribute already has its expected type: reuse the type, skip objectVal's inference.
  return exact ? new Value(t, attributes) : objectVal(attributes);
}

function decodeDynamic(d: Decoder): Value {
  const c = d.b[d.pos] as number;
  if (c === 0xc0) {
    d.pos++;
    return nullVal(dynamicType);
  }
  const n = d.arrayLen();
  if (n < 0) d.fail(`msgpack: invalid code=${c.toString(16)} decoding array length`);
  if (n !== 2) d.fail("dynamic value array must have exactly two elements");
  d.enter();
  let typeBytes: Uint8Array;
  const tc = d.b[d.pos];
  if (tc === 0xc0) {
    d.pos++;
    typeBytes = new Uint8Array(0);
  } else if (d.span()) {
    typeBytes = d.b.subarray(d.spanStart, d.spanStart + d.spanLen);
  } else if (tc === undefined || d.pos >= d.end) {
    return d.fail("unexpected EOF");
  } else {
    return d.fail(`msgpack: invalid code=${tc.toString(16)} decoding bytes length`);
  }
  let ty: Type;
  try {
    ty = typeFromJson(typeBytes);
  } catch (err) {
    throw rebase(err, d.path, "decode");
  }
  const v = decodeValue(d, ty);
  d.depth--;
  return v;
}

function goExtType(code: number): string {
  // go-cty formats the int8 type code with %02x.
  const s = Math.abs(code).toString(16).padStart(2, "0");
  return code < 0 ? `-${s}` : s;
}

function decodeUnknown(d: Decoder, t: Type): Value {
  d.sawUnknown = true;
  const c = d.b[d.pos] as number;
  let len: number;
  let head: number;
  if (c >= 0xd4 && c <= 0xd8) {
    len = 1 << (c - 0xd4);
    head = 1;
  } else {
    const size = c === 0xc7 ? 1 : c === 0xc8 ? 2 : 4;
    len = d.uint(d.pos + 1, size);
    head = 1 + size;
  }
  if (len < 0 || d.pos + head + 1 > d.end) d.fail("extension code is required for unknown value");
  const typeCode = d.view.getInt8(d.pos + head);
  const bodyStart = d.pos + head + 1;
  const available = d.end - bodyStart;

  if (len <= 1) {
    if (available < len) d.fail("failed to read msgpack extension body: EOF");
    d.pos = bodyStart + len;
    return t.kind === "dynamic" ? DynamicVal : unknownVal(t);
  }
  if (typeCode !== REFINED_UNKNOWN_EXT)
    d.fail(`unsupported extension type 0x${goExtType(typeCode)} with len ${len}`);
  if (len > MAX_REFINEMENT_BYTES) d.fail("oversize unknown value refinement");
  if (available < len)
    d.fail(`failed to read msgpack extension body: ${available === 0 ? "EOF" : "unexpected EOF"}`);
  d.pos = bodyStart + len;

  // The body is decoded in its own window; bytes after the refinement map are ignored, as
  // go-cty leaves room for later additions.
  const body = new Decoder(d.b, bodyStart, bodyStart + len, new PathTracker());
  const entries = body.mapLen();
  if (entries < 0) d.fail("failed to decode msgpack extension body: not a map");
  if (t.kind === "dynamic") return DynamicVal;
  return decodeRefinements(d, body, entries, t);
}

function bodyError(d: Decoder, what: string): never {
  return d.fail(`failed to decode msgpack extension body: ${what}`);
}

/** Reads a msgpack integer of any width from the body; undefined if the item is not one. */
function readBodyInt(body: Decoder): bigint | undefined {
  const c = body.b[body.pos];
  if (c === undefined || body.pos >= body.end) return undefined;
  if (c <= 0x7f || c >= 0xe0) {
    body.pos++;
    return BigInt(c <= 0x7f ? c : c - 0x100);
  }
  if (c === 0xc0) {
    // vmihailenco reads nil as 0 when an integer is asked for.
    body.pos++;
    return 0n;
  }
  const size = c === 0xca || c === 0xcb ? 0 : (NUMBER_BODY[c] as number);
  if (size === 0 || body.pos + 1 + size > body.end) return undefined;
  const at = body.pos + 1;
  body.pos = at + size;
  const v = body.view;
  switch (c) {
    case 0xcc:
      return BigInt(body.b[at] as number);
    case 0xcd:
      return BigInt(v.getUint16(at));
    case 0xce:
      return BigInt(v.getUint32(at));
    case 0xd0:
      return BigInt(v.getInt8(at));
    case 0xd1:
      return BigInt(v.getInt16(at));
    case 0xd2:
      return BigInt(v.getInt32(at));
    default:
      // uint64 and int64 both land in an int64, as vmihailenco's DecodeInt64 does.
      return v.getBigInt64(at);
  }
}

function decodeRefinements(d: Decoder, body: Decoder, entries: number, t: Type): Value {
  const isCollection = t.kind === "list" || t.kind === "set" || t.kind === "map";
  let builder = refine(unknownVal(t));
  let notNull = false;
  let minLen = 0;
  let maxLen = Number.POSITIVE_INFINITY;
  try {
    for (let i = 0; i < entries; i++) {
      const key = readBodyInt(body);
      if (key === undefined) bodyError(d, "non-integer key in map");
      switch (key) {
        case 1n: {
          const b = body.b[body.pos];
          if (body.pos >= body.end || (b !== 0xc2 && b !== 0xc3 && b !== 0xc0)) {
            bodyError(d, "null refinement is not boolean");
          }
          body.pos++;
          // The value says whether the unknown is definitely null (nil reads as false).
          builder = b === 0xc3 ? builder.null() : builder.notNull();
          notNull ||= b !== 0xc3;
          break;
        }
        case 2n: {
          if (t.kind !== "string") bodyError(d, "string prefix refinement for non-string type");
          let prefix = "";
          if (body.b[body.pos] === 0xc0 && body.pos < body.end) body.pos++;
          else if (body.span()) {
            const s = body.spanString();
            if (s === undefined) bodyError(d, "string prefix refinement is not valid UTF-8");
            prefix = s;
          } else bodyError(d, "string prefix refinement is not string");
          // The writer already made the prefix safe; take it as is (go-cty StringPrefixFull).
          builder = builder.stringPrefixFull(prefix);
          break;
        }
        case 3n:
        case 4n: {
          if (t.kind !== "number") bodyError(d, "numeric bound refinement for non-number type");
          const bound = readNumberBound(body);
          if (bound === undefined) bodyError(d, "length bound refinement must be [number, bool] array");
          builder =
            key === 3n
              ? builder.numberLowerBound(bound.value, bound.inclusive)
              : builder.numberUpperBound(bound.value, bound.inclusive);
          break;
        }
        case 5n:
        case 6n: {
          if (!isCollection) bodyError(d, "length lower bound refinement for non-collection type");
          const n = readBodyInt(body);
          if (n === undefined)
            bodyError(d, "length bound refinement must be integer or [integer, bool] array");
          if (key === 5n) {
            minLen = Math.max(minLen, Number(n));
            builder = builder.collectionLengthLowerBound(Number(n));
          } else if (n < BigInt(Number.MAX_SAFE_INTEGER)) {
            // Larger upper bounds (go-cty's MaxInt included) mean "unbounded".
            maxLen = Math.min(maxLen, Number(n));
            builder = builder.collectionLengthUpperBound(Number(n));
          }
          break;
        }
        default:
          // A key from a later go-cty: skip its value (go-cty would misread the stream here).
          if (!body.skip()) i = entries;
      }
    }
  } catch (err) {
    if (isCtyError(err) && err.code === "decode") throw err;
    // The refinement builder refuses contradictions (go-cty panics on them).
    throw rebase(err, d.path, "decode", "failed to decode msgpack extension body: ");
  }
  // A not-null list whose length bounds meet collapses into a known list of that many unknowns:
  // refuse to let a few payload bytes demand millions of them.
  if (t.kind === "list" && notNull && minLen === maxLen && minLen > MAX_COLLAPSED_LIST) {
    bodyError(d, `refined list length ${minLen} is too large`);
  }
  const v = builder.newValue();
  // An entry-less (or all-unknown-keys) map still yields a refined unknown whose refinement is
  // empty: go-cty's builder always attaches one, and RawEquals tells the two apart.
  if (!v.isKnown() && v.refinement === undefined) return refinedUnknownVal(t, {});
  return v;
}

function readNumberBound(body: Decoder): { value: CtyNumber; inclusive: boolean } | undefined {
  if (body.arrayLen() !== 2) return undefined;
  const start = body.pos;
  const nv = (() => {
    try {
      return decodeValue(body, numberType);
    } catch {
      return undefined;
    }
  })();
  if (nv === undefined || !nv.isKnown() || nv.isNull()) return undefined;
  const b = body.b[body.pos];
  if (body.pos >= body.end || (b !== 0xc2 && b !== 0xc3) || body.pos === start) return undefined;
  body.pos++;
  return { value: nv.asNumber(), inclusive: b === 0xc3 };
}
