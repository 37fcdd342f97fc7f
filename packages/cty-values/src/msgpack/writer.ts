import { utf8Length, writeUtf8 } from "./utf8.js";

/**
 * A growing byte buffer that writes msgpack items in vmihailenco/msgpack's compact forms
 * (the format table of go-cty's encoder: `UseCompactInts(true)`, `UseCompactFloats(false)`).
 * @internal
 */
export class MsgpackWriter {
  /** Backing storage; only `[0, pos)` is written. */
  buf: Uint8Array;
  /** View over {@link MsgpackWriter.buf} for multi-byte big-endian numbers. */
  view: DataView;
  /** Number of bytes written so far. */
  pos = 0;

  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(initialCapacity);
    this.view = new DataView(this.buf.buffer);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    const need = this.pos + n;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** The written bytes (a copy sized exactly). */
  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  /** One raw byte. */
  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  /** Raw bytes. */
  raw(bytes: Uint8Array): void {
    const n = bytes.length;
    this.ensure(n);
    if (n < 16) {
      // A loop beats TypedArray.set's call overhead for a few bytes (object keys).
      const b = this.buf;
      let p = this.pos;
      for (let i = 0; i < n; i++) b[p++] = bytes[i] as number;
      this.pos = p;
      return;
    }
    this.buf.set(bytes, this.pos);
    this.pos += n;
  }

  /** A code byte followed by a big-endian unsigned integer of `size` bytes (1, 2 or 4). */
  private codeUint(code: number, size: 1 | 2 | 4, n: number): void {
    this.ensure(1 + size);
    const b = this.buf;
    let p = this.pos;
    b[p++] = code;
    if (size === 1) b[p++] = n;
    else if (size === 2) {
      b[p++] = n >>> 8;
      b[p++] = n & 0xff;
    } else {
      this.view.setUint32(p, n);
      p += 4;
    }
    this.pos = p;
  }

  /** `c0`. */
  nil(): void {
    this.byte(0xc0);
  }

  /** `c2` / `c3`. */
  bool(v: boolean): void {
    this.byte(v ? 0xc3 : 0xc2);
  }

  /**
   * An integer in the smallest form; non-negative values always use the unsigned formats.
   * `n` must fit int64 (go-cty only writes int64 here).
   */
  int(n: bigint | number): void {
    if (typeof n === "number") {
      if (n >= 0 && n <= 0xffffffff) {
        this.uint32(n);
        return;
      }
      if (n < 0 && n >= -0x80000000) {
        this.negInt32(n);
        return;
      }
      n = BigInt(n);
    } else if (n >= 0n && n <= 0xffffffffn) {
      this.uint32(Number(n));
      return;
    } else if (n < 0n && n >= -0x80000000n) {
      this.negInt32(Number(n));
      return;
    }
    this.ensure(9);
    if (n >= 0n) {
      this.buf[this.pos] = 0xcf;
      this.view.setBigUint64(this.pos + 1, n);
    } else {
      this.buf[this.pos] = 0xd3;
      this.view.setBigInt64(this.pos + 1, n);
    }
    this.pos += 9;
  }

  private uint32(n: number): void {
    if (n <= 0x7f) this.byte(n);
    else if (n <= 0xff) this.codeUint(0xcc, 1, n);
    else if (n <= 0xffff) this.codeUint(0xcd, 2, n);
    else this.codeUint(0xce, 4, n);
  }

  private negInt32(n: number): void {
    if (n >= -32) this.byte(n & 0xff);
    else if (n >= -128) this.codeUint(0xd0, 1, n & 0xff);
    else if (n >= -32768) this.codeUint(0xd1, 2, n & 0xffff);
    else this.codeUint(0xd2, 4, n >>> 0);
  }

  /** `cb` + IEEE-754 float64, never compacted. */
  float64(x: number): void {
    this.ensure(9);
    this.buf[this.pos] = 0xcb;
    this.view.setFloat64(this.pos + 1, x);
    this.pos += 9;
  }

  /** A msgpack string (fixstr / str8 / str16 / str32) of the string's UTF-8 bytes. */
  string(s: string): void {
    // One optimistic pass for ASCII (one byte per unit, so the header is known up front); the
    // first non-ASCII unit rewinds and takes the measured UTF-8 path.
    const start = this.pos;
    const n = s.length;
    this.strHeader(n);
    this.ensure(n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        this.pos = start;
        this.utf8String(s);
        return;
      }
      b[p++] = c;
    }
    this.pos = p;
  }

  private utf8String(s: string): void {
    const len = utf8Length(s);
    this.strHeader(len);
    this.ensure(len);
    this.pos = writeUtf8(s, this.buf, this.pos);
  }

  private strHeader(len: number): void {
    if (len < 32) this.byte(0xa0 | len);
    else if (len < 256) this.codeUint(0xd9, 1, len);
    else if (len <= 0xffff) this.codeUint(0xda, 2, len);
    else this.codeUint(0xdb, 4, len);
  }

  /** A msgpack binary (bin8 / bin16 / bin32). */
  binary(bytes: Uint8Array): void {
    const len = bytes.length;
    if (len < 256) this.codeUint(0xc4, 1, len);
    else if (len <= 0xffff) this.codeUint(0xc5, 2, len);
    else this.codeUint(0xc6, 4, len);
    this.raw(bytes);
  }

  /** An array header for `n` items. */
  arrayHeader(n: number): void {
    if (n < 16) this.byte(0x90 | n);
    else if (n <= 0xffff) this.codeUint(0xdc, 2, n);
    else this.codeUint(0xdd, 4, n);
  }

  /** A map header for `n` entries. */
  mapHeader(n: number): void {
    if (n < 16) this.byte(0x80 | n);
    else if (n <= 0xffff) this.codeUint(0xde, 2, n);
    else this.codeUint(0xdf, 4, n);
  }

  /** An extension header: fixext for 1/2/4/8/16-byte payloads, else ext8/16/32. */
  extHeader(type: number, len: number): void {
    switch (len) {
      case 1:
        this.codeUint(0xd4, 1, type & 0xff);
        return;
      case 2:
        this.codeUint(0xd5, 1, type & 0xff);
        return;
      case 4:
        this.codeUint(0xd6, 1, type & 0xff);
        return;
      case 8:
        this.codeUint(0xd7, 1, type & 0xff);
        return;
      case 16:
        this.codeUint(0xd8, 1, type & 0xff);
        return;
    }
    if (len <= 0xff) this.codeUint(0xc7, 1, len);
    else if (len <= 0xffff) this.codeUint(0xc8, 2, len);
    else this.codeUint(0xc9, 4, len);
    this.byte(type & 0xff);
  }
}
