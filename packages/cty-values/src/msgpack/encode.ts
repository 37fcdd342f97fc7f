import { CtyNumber } from "../number.js";
import { refine } from "../refinement.js";
import { type ObjectType, stringType, type Type } from "../type.js";
import { typeToJson } from "../type-json.js";
import { isUnknownPayload, NULL_PAYLOAD, type Refinement, unknownVal, type Value } from "../value.js";
import { attributeNames } from "./attribute-names.js";
import { conformingValue } from "./conform.js";
import { PathTracker, rebase } from "./path-tracker.js";
import { encodeUtf8, utf8Length } from "./utf8.js";
import { MsgpackWriter } from "./writer.js";

/** Extension type of a refined unknown (go-cty `unknownWithRefinementsExt`). @internal */
export const REFINED_UNKNOWN_EXT = 0x0c;

/** Longest string prefix refinement written, in bytes (go-cty truncates longer ones). */
const MAX_PREFIX_BYTES = 256;

/**
 * Encodes a value as msgpack for the given type, byte for byte as go-cty's `msgpack.Marshal`.
 *
 * @remarks This is `DynamicValue.msgpack` on the Terraform plugin protocol. Encode with the
 * schema's implied type. If the value's type does not conform to `t`, it is first converted
 * (unsafe conversions allowed, as go-cty does: a list encoded as a set loses duplicates).
 * - Unknowns: `d4 00 00`, or ext 12 carrying the refinements (not-null, string prefix, number
 *   bounds, collection length bounds).
 * - Where `t` is `dynamic`, a value of a concrete type is wrapped as `[type JSON, value]`.
 * - Numbers: int64 → compact int; exact non-integral float64 → `cb`; anything else → the decimal
 *   text as a msgpack string; ±Infinity → float64 infinities.
 * - Objects always carry every attribute of `t`, sorted byte-wise; maps sorted byte-wise; sets in
 *   cty order.
 * @example
 * ```ts
 * toMsgpack(stringVal("hi"), stringType) // Uint8Array [0xa2, 0x68, 0x69]
 * ```
 * @throws {@link CtyError} with code `"encode"` and the path of a marked value ("value has marks,
 * so it cannot be serialized"); code `"conversion"` when the value cannot be converted to `t`.
 * @category encoding
 */
export function toMsgpack(v: Value, t: Type): Uint8Array {
  const val = conformingValue(v, t);
  // One writer is reused across calls (its buffer, not its bytes: finish() copies them out);
  // a call made while it is in use, or one that throws half-way, simply gets a fresh writer.
  const w = spareWriter ?? new MsgpackWriter(1024);
  spareWriter = undefined;
  w.pos = 0;
  encodeValue(w, val, t, new PathTracker());
  const bytes = w.finish();
  if (w.buf.length <= MAX_SPARE_BYTES) spareWriter = w;
  return bytes;
}

/** The writer {@link toMsgpack} reuses when it is free; allocating one per call was a third of a small encode. */
let spareWriter: MsgpackWriter | undefined;
/** A writer grown past this for a large value is not kept (the memory goes back with it). */
const MAX_SPARE_BYTES = 256 * 1024;

function encodeValue(w: MsgpackWriter, v: Value, t: Type, path: PathTracker): void {
  if (v.marks.size > 0) throw path.error("encode", "value has marks, so it cannot be serialized");
  if (t.kind === "dynamic" && v.type.kind !== "dynamic") {
    // The dynamic wrapper: [bin(type JSON), value encoded with its own type].
    w.arrayHeader(2);
    w.binary(encodeUtf8(typeToJson(v.type)));
    encodeValue(w, v, v.type, path);
    return;
  }
  const p = v.payload;
  // Known payloads are told apart by cheap checks on the payload itself; only the rest is asked
  // whether it is null or unknown (a property lookup across many object shapes).
  let known: boolean;
  switch (t.kind) {
    case "string":
      known = typeof p === "string";
      break;
    case "bool":
      known = typeof p === "boolean";
      break;
    case "number":
      known = p instanceof CtyNumber; // a CtyNumber from another copy of this package: below
      break;
    case "list":
    case "set":
    case "tuple":
      known = Array.isArray(p);
      break;
    case "map":
    case "object":
      known = p instanceof Map;
      break;
    default:
      known = false;
  }
  if (!known) {
    if (p === NULL_PAYLOAD) {
      w.nil();
      return;
    }
    if (isUnknownPayload(p)) {
      encodeUnknown(w, v.type, p.refinement);
      return;
    }
  }

  switch (t.kind) {
    case "string":
      w.string(p as string);
      return;
    case "number":
      encodeNumber(w, p as CtyNumber, path);
      return;
    case "bool":
      w.bool(p as boolean);
      return;
    case "list":
    case "set": {
      const elems = p as readonly Value[];
      w.arrayHeader(elems.length);
      const et = t.elementType;
      const isSet = t.kind === "set";
      const step = path.open();
      for (let i = 0; i < elems.length; i++) {
        const e = elems[i] as Value;
        if (isSet) path.setValue(step, e);
        else path.setIndex(step, i);
        encodeValue(w, e, et, path);
      }
      path.pop();
      return;
    }
    case "tuple": {
      const elems = p as readonly Value[];
      const ets = t.elementTypes;
      w.arrayHeader(ets.length);
      const step = path.open();
      for (let i = 0; i < ets.length; i++) {
        path.setIndex(step, i);
        encodeValue(w, elems[i] as Value, ets[i] as Type, path);
      }
      path.pop();
      return;
    }
    case "map": {
      const m = p as ReadonlyMap<string, Value>;
      w.mapHeader(m.size);
      const et = t.elementType;
      // Map payloads are kept in ascending byte-wise key order, the order go-cty writes.
      const step = path.open();
      for (const [k, e] of m) {
        path.setKey(step, k);
        w.string(k);
        encodeValue(w, e, et, path);
      }
      path.pop();
      return;
    }
    case "object": {
      const m = p as ReadonlyMap<string, Value>;
      const { names, types, keys } = keyLayoutOf(t);
      w.mapHeader(names.length);
      const step = path.open();
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        path.setAttr(step, name);
        w.raw(keys[i] as Uint8Array);
        const av = m.get(name);
        if (av === undefined) w.nil();
        else encodeValue(w, av, types[i] as Type, path);
      }
      path.pop();
      return;
    }
    case "dynamic":
      // Only DynamicVal/NullVal(dynamic) reach here, and both returned above.
      w.nil();
      return;
  }
}

function encodeNumber(w: MsgpackWriter, n: CtyNumber, path: PathTracker): void {
  try {
    writeNumber(w, n);
  } catch (err) {
    // Only a number too large to print in decimal can fail here.
    throw rebase(err, path, "encode");
  }
}

/** An object type's attributes in wire order, with each name already encoded as a msgpack key. */
interface KeyLayout {
  readonly names: readonly string[];
  readonly types: readonly Type[];
  readonly keys: readonly Uint8Array[];
}

const keyLayouts = new WeakMap<ObjectType, KeyLayout>();

function keyLayoutOf(t: ObjectType): KeyLayout {
  let l = keyLayouts.get(t);
  if (l === undefined) {
    const names = attributeNames(t);
    l = {
      names,
      types: names.map((n) => t.attributeTypes[n] as Type),
      keys: names.map((n) => {
        const w = new MsgpackWriter(8 + n.length * 3);
        w.string(n);
        return w.finish();
      }),
    };
    keyLayouts.set(t, l);
  }
  return l;
}

/**
 * Writes a number as go-cty chooses: ±Inf as float64, int64 as a compact int, an exact
 * non-integral float64 as `cb`, anything else as its canonical decimal text.
 * @internal
 */
export function writeNumber(w: MsgpackWriter, n: CtyNumber): void {
  if (n.isInfinite()) {
    w.float64(n.sign() < 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY);
    return;
  }
  if (n.isSafeInteger()) {
    // Exact as a JS number: skips the bigint round trip for the common case.
    w.int(n.toFloat64());
    return;
  }
  if (n.isInt64()) {
    w.int(n.toBigInt());
    return;
  }
  if (!n.isInteger() && n.isExactFloat64()) {
    w.float64(n.toFloat64());
    return;
  }
  w.string(n.text());
}

/** `d4 00 00`: an unknown with nothing refined. */
function writePlainUnknown(w: MsgpackWriter): void {
  w.ensure(3);
  w.buf[w.pos] = 0xd4;
  w.buf[w.pos + 1] = 0;
  w.buf[w.pos + 2] = 0;
  w.pos += 3;
}

function encodeUnknown(w: MsgpackWriter, type: Type, r: Refinement | undefined): void {
  if (r === undefined || type.kind === "dynamic") {
    writePlainUnknown(w);
    return;
  }
  const body = new MsgpackWriter(32);
  let count = 0;
  if (r.notNull === true) {
    count++;
    body.int(1);
    body.bool(false);
  }
  switch (type.kind) {
    case "number":
      if (r.numberLowerBound !== undefined) {
        count++;
        body.int(3);
        body.arrayHeader(2);
        writeNumber(body, r.numberLowerBound.value);
        body.bool(r.numberLowerBound.inclusive);
      }
      if (r.numberUpperBound !== undefined) {
        count++;
        body.int(4);
        body.arrayHeader(2);
        writeNumber(body, r.numberUpperBound.value);
        body.bool(r.numberUpperBound.inclusive);
      }
      break;
    case "string": {
      const prefix = r.stringPrefix === undefined ? "" : wirePrefix(r.stringPrefix);
      if (prefix !== "") {
        count++;
        body.int(2);
        body.string(prefix);
      }
      break;
    }
    case "list":
    case "set":
    case "map":
      if (r.lengthLowerBound !== undefined && r.lengthLowerBound !== 0) {
        count++;
        body.int(5);
        body.int(r.lengthLowerBound);
      }
      if (r.lengthUpperBound !== undefined && Number.isFinite(r.lengthUpperBound)) {
        count++;
        body.int(6);
        body.int(r.lengthUpperBound);
      }
      break;
    default:
      break;
  }
  if (count === 0) {
    writePlainUnknown(w);
    return;
  }
  // The payload is the map header (count ≤ 6, so one byte) followed by the entries.
  w.extHeader(REFINED_UNKNOWN_EXT, 1 + body.pos);
  w.byte(0x80 | count);
  w.raw(body.buf.subarray(0, body.pos));
}

/**
 * The prefix as go-cty writes it: one longer than 256 bytes is cut to 255 bytes and made safe
 * again (`ctystrings.SafeKnownPrefix`), so a refinement always fits the decoder's 1 KiB limit.
 */
function wirePrefix(prefix: string): string {
  if (utf8Length(prefix) <= MAX_PREFIX_BYTES) return prefix;
  // Cut at the last whole character within 255 bytes (go-cty cuts bytes; a partial trailing
  // character would be discarded by SafeKnownPrefix anyway).
  let bytes = 0;
  let cut = 0;
  for (const ch of prefix) {
    const n = utf8Length(ch);
    if (bytes + n > MAX_PREFIX_BYTES - 1) break;
    bytes += n;
    cut += ch.length;
  }
  const safe = refine(unknownVal(stringType)).stringPrefix(prefix.slice(0, cut)).newValue();
  return safe.refinement?.stringPrefix ?? "";
}
