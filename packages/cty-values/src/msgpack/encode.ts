import type { CtyNumber } from "../number.js";
import { refine } from "../refinement.js";
import { stringType, type Type } from "../type.js";
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
  const w = new MsgpackWriter(1024);
  encodeValue(w, val, t, new PathTracker());
  return w.finish();
}

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
  if (p === NULL_PAYLOAD) {
    w.nil();
    return;
  }
  if (isUnknownPayload(p)) {
    encodeUnknown(w, v.type, p.refinement);
    return;
  }

  switch (t.kind) {
    case "string":
      w.string(p as string);
      return;
    case "number":
      try {
        writeNumber(w, p as CtyNumber);
        return;
      } catch (err) {
        // Only a number too large to print in decimal can fail here.
        throw rebase(err, path, "encode");
      }
    case "bool":
      w.bool(p as boolean);
      return;
    case "list":
    case "set": {
      const elems = p as readonly Value[];
      w.arrayHeader(elems.length);
      const et = t.elementType;
      const isSet = t.kind === "set";
      for (let i = 0; i < elems.length; i++) {
        const e = elems[i] as Value;
        if (isSet) path.value(e);
        else path.index(i);
        encodeValue(w, e, et, path);
        path.pop();
      }
      return;
    }
    case "tuple": {
      const elems = p as readonly Value[];
      const ets = t.elementTypes;
      w.arrayHeader(ets.length);
      for (let i = 0; i < ets.length; i++) {
        path.index(i);
        encodeValue(w, elems[i] as Value, ets[i] as Type, path);
        path.pop();
      }
      return;
    }
    case "map": {
      const m = p as ReadonlyMap<string, Value>;
      w.mapHeader(m.size);
      const et = t.elementType;
      // Map payloads are kept in ascending byte-wise key order, the order go-cty writes.
      for (const [k, e] of m) {
        path.key(k);
        w.string(k);
        encodeValue(w, e, et, path);
        path.pop();
      }
      return;
    }
    case "object": {
      const m = p as ReadonlyMap<string, Value>;
      const names = attributeNames(t);
      w.mapHeader(names.length);
      for (const name of names) {
        path.attr(name);
        const av = m.get(name);
        w.string(name);
        if (av === undefined) w.nil();
        else encodeValue(w, av, t.attributeTypes[name] as Type, path);
        path.pop();
      }
      return;
    }
    case "dynamic":
      // Only DynamicVal/NullVal(dynamic) reach here, and both returned above.
      w.nil();
      return;
  }
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
