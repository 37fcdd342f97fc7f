/**
 * Just enough msgpack for the e2e test provider's flat object values: nil, bool, int, float64,
 * str, map with string keys, and ext (unknown, including refined unknown ext 12).
 *
 * Deliberately independent of @tfkit/cty-values, so this end-to-end test judges the transport
 * alone; the encoding rules are go-cty's (objects carry every attribute, keys sorted, unknown is
 * `d4 00 00`).
 */

/** The marker for an unknown value (any msgpack ext). */
export const UNKNOWN: unique symbol = Symbol("unknown");

/** A decoded value of the shapes this provider uses. */
export type Plain = null | typeof UNKNOWN | string | number | boolean | PlainObject;

/** A decoded msgpack map. */
export interface PlainObject {
  [key: string]: Plain;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Encodes a value; object keys are written in byte-wise sorted order as go-cty does. */
export function encode(value: Plain): Uint8Array {
  const out: number[] = [];
  write(value, out);
  return Uint8Array.from(out);
}

function writeUint(n: number, bytes: number, out: number[]): void {
  for (let i = bytes - 1; i >= 0; i--) out.push(Math.floor(n / 2 ** (8 * i)) & 0xff);
}

function write(value: Plain, out: number[]): void {
  if (value === null) out.push(0xc0);
  else if (value === UNKNOWN) out.push(0xd4, 0x00, 0x00);
  else if (value === true) out.push(0xc3);
  else if (value === false) out.push(0xc2);
  else if (typeof value === "number") writeNumber(value, out);
  else if (typeof value === "string") {
    const bytes = utf8.encode(value);
    if (bytes.length < 32) out.push(0xa0 | bytes.length);
    else if (bytes.length < 0x100) out.push(0xd9, bytes.length);
    else if (bytes.length < 0x10000) out.push(0xda, bytes.length >> 8, bytes.length & 0xff);
    else {
      out.push(0xdb);
      writeUint(bytes.length, 4, out);
    }
    for (const b of bytes) out.push(b);
  } else {
    const keys = Object.keys(value).sort((a, b) => Buffer.compare(utf8.encode(a), utf8.encode(b)));
    if (keys.length < 16) out.push(0x80 | keys.length);
    else out.push(0xde, keys.length >> 8, keys.length & 0xff);
    for (const k of keys) {
      write(k, out);
      write(value[k]!, out);
    }
  }
}

function writeNumber(n: number, out: number[]): void {
  if (Number.isSafeInteger(n)) {
    if (n >= 0 && n < 0x80) out.push(n);
    else if (n < 0 && n >= -32) out.push(n & 0xff);
    else if (n >= 0) {
      out.push(0xcf);
      writeUint(n, 8, out);
    } else {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigInt64(0, BigInt(n));
      out.push(0xd3, ...b);
    }
    return;
  }
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, n);
  out.push(0xcb, ...b);
}

/** Decodes one value and checks that nothing follows it. */
export function decode(bytes: Uint8Array): Plain {
  const reader = { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), pos: 0 };
  const value = read(reader);
  if (reader.pos !== bytes.length) throw new Error(`msgpack: ${bytes.length - reader.pos} trailing bytes`);
  return value;
}

interface Reader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  pos: number;
}

function take(r: Reader, n: number): number {
  const at = r.pos;
  if (at + n > r.bytes.length) throw new Error("msgpack: unexpected end of input");
  r.pos += n;
  return at;
}

function readStr(r: Reader, n: number): string {
  const at = take(r, n);
  return fromUtf8.decode(r.bytes.subarray(at, at + n));
}

function readMap(r: Reader, n: number): PlainObject {
  const obj: PlainObject = {};
  for (let i = 0; i < n; i++) {
    const key = read(r);
    if (typeof key !== "string") throw new Error("msgpack: map key is not a string");
    obj[key] = read(r);
  }
  return obj;
}

function skipExt(r: Reader, n: number): typeof UNKNOWN {
  take(r, 1 + n); // type byte + payload (refinements are ignored: still unknown)
  return UNKNOWN;
}

function read(r: Reader): Plain {
  const b = r.bytes[take(r, 1)]!;
  if (b < 0x80) return b;
  if (b >= 0xe0) return b - 0x100;
  if ((b & 0xf0) === 0x80) return readMap(r, b & 0x0f);
  if ((b & 0xe0) === 0xa0) return readStr(r, b & 0x1f);
  switch (b) {
    case 0xc0:
      return null;
    case 0xc2:
      return false;
    case 0xc3:
      return true;
    case 0xca:
      return r.view.getFloat32(take(r, 4));
    case 0xcb:
      return r.view.getFloat64(take(r, 8));
    case 0xcc:
      return r.view.getUint8(take(r, 1));
    case 0xcd:
      return r.view.getUint16(take(r, 2));
    case 0xce:
      return r.view.getUint32(take(r, 4));
    case 0xcf:
      return Number(r.view.getBigUint64(take(r, 8)));
    case 0xd0:
      return r.view.getInt8(take(r, 1));
    case 0xd1:
      return r.view.getInt16(take(r, 2));
    case 0xd2:
      return r.view.getInt32(take(r, 4));
    case 0xd3:
      return Number(r.view.getBigInt64(take(r, 8)));
    case 0xd9:
      return readStr(r, r.view.getUint8(take(r, 1)));
    case 0xda:
      return readStr(r, r.view.getUint16(take(r, 2)));
    case 0xdb:
      return readStr(r, r.view.getUint32(take(r, 4)));
    case 0xde:
      return readMap(r, r.view.getUint16(take(r, 2)));
    case 0xdf:
      return readMap(r, r.view.getUint32(take(r, 4)));
    case 0xd4:
      return skipExt(r, 1);
    case 0xd5:
      return skipExt(r, 2);
    case 0xd6:
      return skipExt(r, 4);
    case 0xd7:
      return skipExt(r, 8);
    case 0xd8:
      return skipExt(r, 16);
    case 0xc7:
      return skipExt(r, r.view.getUint8(take(r, 1)));
    case 0xc8:
      return skipExt(r, r.view.getUint16(take(r, 2)));
    case 0xc9:
      return skipExt(r, r.view.getUint32(take(r, 4)));
    default:
      throw new Error(`msgpack: unsupported type byte 0x${b.toString(16)}`);
  }
}
