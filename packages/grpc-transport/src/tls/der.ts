/**
 * A minimal DER (ASN.1 Distinguished Encoding Rules) writer: just the types an X.509 certificate
 * needs. Hand-written because certificate libraries cost 70 ms of start-up (see README).
 *
 * @internal
 * @packageDocumentation
 */

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function lengthBytes(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

/** A TLV with the given tag byte. @internal */
export function tlv(tag: number, ...content: Uint8Array[]): Uint8Array {
  const body = concat(content);
  return concat([Uint8Array.of(tag), lengthBytes(body.length), body]);
}

/** SEQUENCE. @internal */
export const sequence = (...items: Uint8Array[]): Uint8Array => tlv(0x30, ...items);
/** SET. @internal */
export const set = (...items: Uint8Array[]): Uint8Array => tlv(0x31, ...items);
/** Context-specific constructed tag `[n]` (EXPLICIT). @internal */
export const explicit = (n: number, ...items: Uint8Array[]): Uint8Array => tlv(0xa0 | n, ...items);
/** BOOLEAN. @internal */
export const boolean = (b: boolean): Uint8Array => tlv(0x01, Uint8Array.of(b ? 0xff : 0x00));
/** OCTET STRING. @internal */
export const octetString = (bytes: Uint8Array): Uint8Array => tlv(0x04, bytes);
/** PrintableString (ASCII subset). @internal */
export const printableString = (s: string): Uint8Array => tlv(0x13, new TextEncoder().encode(s));

/** BIT STRING with the given count of unused trailing bits in the last byte. @internal */
export function bitString(bytes: Uint8Array, unusedBits = 0): Uint8Array {
  return tlv(0x03, Uint8Array.of(unusedBits), bytes);
}

/** INTEGER from unsigned big-endian bytes (minimal two's-complement encoding). @internal */
export function unsignedInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  const needsPad = ((trimmed[0] ?? 0) & 0x80) !== 0;
  return tlv(0x02, needsPad ? concat([Uint8Array.of(0), trimmed]) : trimmed);
}

/** Small non-negative INTEGER. @internal */
export function smallInteger(n: number): Uint8Array {
  return unsignedInteger(Uint8Array.of(n));
}

/** OBJECT IDENTIFIER from dotted text. @internal */
export function oid(dotted: string): Uint8Array {
  const arcs = dotted.split(".").map(Number);
  const first = arcs[0] ?? 0;
  const second = arcs[1] ?? 0;
  const out: number[] = [first * 40 + second];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift((n & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(out));
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

/** UTCTime (`YYMMDDHHMMSSZ`), valid for years 1950–2049. @internal */
export function utcTime(date: Date): Uint8Array {
  const year = date.getUTCFullYear();
  if (year < 1950 || year > 2049) throw new RangeError(`UTCTime cannot hold year ${year}`);
  const text = `${pad2(year % 100)}${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}${pad2(date.getUTCHours())}${pad2(
    date.getUTCMinutes(),
  )}${pad2(date.getUTCSeconds())}Z`;
  return tlv(0x17, new TextEncoder().encode(text));
}

/** GeneralizedTime (`YYYYMMDDHHMMSSZ`). @internal */
export function generalizedTime(date: Date): Uint8Array {
  const text = `${String(date.getUTCFullYear()).padStart(4, "0")}${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}${pad2(
    date.getUTCHours(),
  )}${pad2(date.getUTCMinutes())}${pad2(date.getUTCSeconds())}Z`;
  return tlv(0x18, new TextEncoder().encode(text));
}

/** An X.509 validity time: UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5). @internal */
export function x509Time(date: Date): Uint8Array {
  const year = date.getUTCFullYear();
  return year >= 1950 && year <= 2049 ? utcTime(date) : generalizedTime(date);
}
