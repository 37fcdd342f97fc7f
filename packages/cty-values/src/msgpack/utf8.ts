/**
 * UTF-8 helpers shared by the msgpack and JSON codecs.
 *
 * The library compiles without DOM or Node typings, so `TextEncoder`/`TextDecoder` are not
 * available; these loops are also where the codecs decide what invalid input means (Go's
 * per-byte U+FFFD for JSON, rejection for msgpack).
 * @internal
 */

/**
 * Number of bytes `s` takes as UTF-8; lone surrogates count as U+FFFD (3 bytes), as Go does.
 * @internal
 */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      n += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        // A pair: two UTF-16 units become four bytes.
        n += 2;
        i++;
      } else {
        n += 2;
      }
    } else {
      n += 2;
    }
  }
  return n;
}

/**
 * Writes `s` as UTF-8 into `out` at `pos` (room must already exist); returns the new position.
 * Lone surrogates become U+FFFD.
 * @internal
 */
export function writeUtf8(s: string, out: Uint8Array, pos: number): number {
  let p = pos;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out[p++] = c;
      continue;
    }
    if (c < 0x800) {
      out[p++] = 0xc0 | (c >> 6);
      out[p++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        out[p++] = 0xf0 | (cp >> 18);
        out[p++] = 0x80 | ((cp >> 12) & 0x3f);
        out[p++] = 0x80 | ((cp >> 6) & 0x3f);
        out[p++] = 0x80 | (cp & 0x3f);
        i++;
        continue;
      }
      c = 0xfffd;
    }
    out[p++] = 0xe0 | (c >> 12);
    out[p++] = 0x80 | ((c >> 6) & 0x3f);
    out[p++] = 0x80 | (c & 0x3f);
  }
  return p;
}

/** UTF-8 bytes of a string (lone surrogates as U+FFFD). @internal */
export function encodeUtf8(s: string): Uint8Array {
  const out = new Uint8Array(utf8Length(s));
  writeUtf8(s, out, 0);
  return out;
}

const CHUNK = 4096;

/** Code units to a string; `apply` takes typed arrays directly, in chunks to bound the stack. */
function unitsToString(units: Uint8Array | Uint16Array, n: number): string {
  if (n <= CHUNK) return String.fromCharCode.apply(null, units.subarray(0, n) as unknown as number[]);
  let s = "";
  for (let i = 0; i < n; i += CHUNK) {
    s += String.fromCharCode.apply(null, units.subarray(i, Math.min(n, i + CHUNK)) as unknown as number[]);
  }
  return s;
}

/** The slice of the WHATWG `TextDecoder` used here (the library compiles without DOM typings). */
interface NativeUtf8Decoder {
  decode(input: Uint8Array): string;
}
type NativeUtf8DecoderClass = new (
  label: string,
  options: { fatal: boolean; ignoreBOM: boolean },
) => NativeUtf8Decoder;

const NativeDecoder = (globalThis as { TextDecoder?: NativeUtf8DecoderClass }).TextDecoder;
/**
 * A fatal decoder accepts exactly Go's valid UTF-8 (no overlong forms, surrogates, code points
 * above U+10FFFF or truncated sequences); `ignoreBOM` keeps a leading U+FEFF as content.
 */
const strictNative = NativeDecoder && new NativeDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenientNative = NativeDecoder && new NativeDecoder("utf-8", { fatal: false, ignoreBOM: true });
/** Below this many bytes the JS loop beats the native decoder's call overhead. */
const NATIVE_MIN_BYTES = 16;

/**
 * Decodes `bytes[start, end)` as UTF-8.
 *
 * With `strict`, returns `undefined` on any invalid sequence (overlong forms, surrogates, code
 * points above U+10FFFF, truncation). Without it, every byte that does not start a valid sequence
 * becomes one U+FFFD, exactly as Go's `utf8.DecodeRune` loop (and so `encoding/json`) does.
 * Strings of 16 bytes or more go through the platform's `TextDecoder` when there is one (strict
 * mode, or pure ASCII), which gives the same answers faster.
 * @internal
 */
export function decodeUtf8(
  bytes: Uint8Array,
  start: number,
  end: number,
  strict: boolean,
): string | undefined {
  if (end - start >= NATIVE_MIN_BYTES) {
    if (strict && strictNative !== undefined) {
      try {
        return strictNative.decode(bytes.subarray(start, end));
      } catch {
        return undefined;
      }
    }
    // WHATWG replacement differs from Go's per-byte U+FFFD, so lenient mode only for ASCII.
    if (lenientNative !== undefined && isAsciiBytes(bytes, start, end)) {
      return lenientNative.decode(bytes.subarray(start, end));
    }
  }
  return decodeUtf8Loop(bytes, start, end, strict);
}

function isAsciiBytes(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}

/**
 * {@link decodeUtf8} in plain JS, whatever the platform offers (the reference the native path is
 * tested against).
 * @internal
 */
export function decodeUtf8Loop(
  bytes: Uint8Array,
  start: number,
  end: number,
  strict: boolean,
): string | undefined {
  // Fast path: short ASCII runs are the overwhelming majority of cty strings.
  let ascii = true;
  for (let i = start; i < end; i++) {
    if ((bytes[i] as number) >= 0x80) {
      ascii = false;
      break;
    }
  }
  const len = end - start;
  if (ascii) {
    if (len <= 24) {
      // Four code units per call: fewer intermediate strings than one at a time.
      let s = "";
      let i = start;
      for (; i + 3 < end; i += 4) {
        s += String.fromCharCode(
          bytes[i] as number,
          bytes[i + 1] as number,
          bytes[i + 2] as number,
          bytes[i + 3] as number,
        );
      }
      for (; i < end; i++) s += String.fromCharCode(bytes[i] as number);
      return s;
    }
    return unitsToString(bytes.subarray(start, end), len);
  }
  const units = new Uint16Array(len);
  let n = 0;
  let i = start;
  while (i < end) {
    const b0 = bytes[i] as number;
    if (b0 < 0x80) {
      units[n++] = b0;
      i++;
      continue;
    }
    let cp = -1;
    let size = 1;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      const b1 = i + 1 < end ? (bytes[i + 1] as number) : 0;
      if ((b1 & 0xc0) === 0x80) {
        cp = ((b0 & 0x1f) << 6) | (b1 & 0x3f);
        size = 2;
      }
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      const b1 = i + 1 < end ? (bytes[i + 1] as number) : 0;
      const b2 = i + 2 < end ? (bytes[i + 2] as number) : 0;
      // Second-byte ranges exclude overlong forms (E0) and UTF-16 surrogates (ED).
      const lo = b0 === 0xe0 ? 0xa0 : 0x80;
      const hi = b0 === 0xed ? 0x9f : 0xbf;
      if (b1 >= lo && b1 <= hi && (b2 & 0xc0) === 0x80) {
        cp = ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
        size = 3;
      }
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      const b1 = i + 1 < end ? (bytes[i + 1] as number) : 0;
      const b2 = i + 2 < end ? (bytes[i + 2] as number) : 0;
      const b3 = i + 3 < end ? (bytes[i + 3] as number) : 0;
      const lo = b0 === 0xf0 ? 0x90 : 0x80;
      const hi = b0 === 0xf4 ? 0x8f : 0xbf;
      if (b1 >= lo && b1 <= hi && (b2 & 0xc0) === 0x80 && (b3 & 0xc0) === 0x80) {
        cp = ((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
        size = 4;
      }
    }
    if (cp < 0) {
      if (strict) return undefined;
      units[n++] = 0xfffd;
      i++;
      continue;
    }
    if (cp >= 0x10000) {
      const v = cp - 0x10000;
      units[n++] = 0xd800 | (v >> 10);
      units[n++] = 0xdc00 | (v & 0x3ff);
    } else {
      units[n++] = cp;
    }
    i += size;
  }
  return unitsToString(units, n);
}

/** Is the string pure ASCII (so NFC normalization cannot change it)? @internal */
export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}
