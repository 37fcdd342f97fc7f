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

/** @internal CRC-32 IEEE of a string's UTF-8 encoding (lone surrogates as U+FFFD, as Go sees them). */
export function crc32String(s: string): number {
  let c = 0xffffffff;
  const feed = (byte: number): void => {
    c = (TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  };
  for (const ch of s) {
    let cp = ch.codePointAt(0) as number;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) feed(cp);
    else if (cp < 0x800) {
      feed(0xc0 | (cp >> 6));
      feed(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      feed(0xe0 | (cp >> 12));
      feed(0x80 | ((cp >> 6) & 0x3f));
      feed(0x80 | (cp & 0x3f));
    } else {
      feed(0xf0 | (cp >> 18));
      feed(0x80 | ((cp >> 12) & 0x3f));
      feed(0x80 | ((cp >> 6) & 0x3f));
      feed(0x80 | (cp & 0x3f));
    }
  }
  return (c ^ 0xffffffff) >>> 0;
}
