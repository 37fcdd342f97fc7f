/**
 * CRC-32 (IEEE 802.3 polynomial, reflected), as Go's `hash/crc32.ChecksumIEEE`.
 *
 * @remarks go-cty buckets set elements by this checksum of their hash string, so set iteration
 * order depends on it. `node:zlib` only gained `crc32` in Node 20.15, so a table version lives here.
 * @internal
 */

const TABLE: Uint32Array = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** @internal CRC-32 IEEE of the bytes, as an unsigned 32-bit integer. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    c = (TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

const encoder = new TextEncoder();

/** @internal CRC-32 IEEE of a string's UTF-8 encoding. */
export function crc32String(s: string): number {
  return crc32(encoder.encode(s));
}
