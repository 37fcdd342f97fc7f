import { CtyError } from "../errors.js";
import { decodeUtf8, encodeUtf8 } from "../msgpack/utf8.js";
import { goQuote } from "./quote.js";

/**
 * A parsed JSON value. Numbers keep their source text so nothing is lost to float64.
 * @internal
 */
export type JsonNode =
  | { readonly kind: "null" }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "number"; readonly text: string }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "array"; readonly items: readonly JsonNode[] }
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, JsonNode])[] };

/** How deep arrays and objects may nest before parsing gives up. @internal */
export const MAX_JSON_DEPTH = 1000;

const NULL_NODE: JsonNode = Object.freeze({ kind: "null" });
const TRUE_NODE: JsonNode = Object.freeze({ kind: "bool", value: true });
const FALSE_NODE: JsonNode = Object.freeze({ kind: "bool", value: false });

/** Result of {@link parseJsonPrefix}. @internal */
export interface JsonParseResult {
  /** The first JSON value in the input. */
  readonly node: JsonNode;
  /** Byte offset just past that value. */
  readonly end: number;
  /** The input as UTF-8 bytes (what `end` indexes). */
  readonly bytes: Uint8Array;
}

/** The input as UTF-8 bytes (strings: lone surrogates become U+FFFD). @internal */
export function jsonInputBytes(input: string | Uint8Array): Uint8Array {
  return typeof input === "string" ? encodeUtf8(input) : input;
}

/**
 * Parses the first JSON value of the input, as Go's `json.Decoder` reads one value: leading
 * whitespace skipped, anything after the value left unread. Errors use Go's scanner wording
 * (`invalid character 'x' looking for beginning of value`, `unexpected EOF`, `EOF` for empty
 * input). Invalid UTF-8 inside strings becomes U+FFFD per bad byte, as in Go.
 * @throws CtyError with code `"decode"` and an empty path.
 * @internal
 */
export function parseJsonPrefix(input: string | Uint8Array): JsonParseResult {
  const bytes = jsonInputBytes(input);
  const p = new Parser(bytes);
  p.skipSpace();
  if (p.pos >= bytes.length) throw new CtyError("decode", "EOF");
  const node = p.value("looking for beginning of value", 0);
  return { node, end: p.pos, bytes };
}

/** Index of the first non-whitespace byte at or after `pos` (JSON whitespace). @internal */
export function skipJsonSpace(bytes: Uint8Array, pos: number): number {
  let p = pos;
  while (p < bytes.length) {
    const c = bytes[p] as number;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    p++;
  }
  return p;
}

function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  const q = goQuote(String.fromCharCode(c));
  return `'${q.slice(1, -1)}'`;
}

class Parser {
  readonly b: Uint8Array;
  pos = 0;

  constructor(b: Uint8Array) {
    this.b = b;
  }

  fail(c: number | undefined, context: string): never {
    if (c === undefined) throw new CtyError("decode", "unexpected EOF");
    throw new CtyError("decode", `invalid character ${quoteChar(c)} ${context}`);
  }

  skipSpace(): void {
    this.pos = skipJsonSpace(this.b, this.pos);
  }

  /** Parses a value at `pos` (whitespace already skipped); `context` words a bad first byte. */
  value(context: string, depth: number): JsonNode {
    const c = this.b[this.pos];
    switch (c) {
      case 0x7b:
        return this.object(depth + 1);
      case 0x5b:
        return this.array(depth + 1);
      case 0x22:
        return { kind: "string", value: this.string() };
      case 0x74:
        this.literal("true");
        return TRUE_NODE;
      case 0x66:
        this.literal("false");
        return FALSE_NODE;
      case 0x6e:
        this.literal("null");
        return NULL_NODE;
      default:
        if (c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39))
          return { kind: "number", text: this.number() };
        return this.fail(c, context);
    }
  }

  literal(word: string): void {
    const b = this.b;
    for (let i = 1; i < word.length; i++) {
      const c = b[this.pos + i];
      if (c !== word.charCodeAt(i)) this.fail(c, `in literal ${word} (expecting '${word[i]}')`);
    }
    this.pos += word.length;
  }

  number(): string {
    const b = this.b;
    const start = this.pos;
    let p = this.pos;
    if (b[p] === 0x2d) {
      p++;
      const c = b[p];
      if (c === undefined || c < 0x30 || c > 0x39) {
        this.pos = p;
        this.fail(c, "in numeric literal");
      }
    }
    if (b[p] === 0x30) p++;
    else while (isDigit(b[p])) p++;
    if (b[p] === 0x2e) {
      p++;
      if (!isDigit(b[p])) {
        this.pos = p;
        this.fail(b[p], "after decimal point in numeric literal");
      }
      while (isDigit(b[p])) p++;
    }
    if (b[p] === 0x65 || b[p] === 0x45) {
      p++;
      if (b[p] === 0x2b || b[p] === 0x2d) p++;
      if (!isDigit(b[p])) {
        this.pos = p;
        this.fail(b[p], "in exponent of numeric literal");
      }
      while (isDigit(b[p])) p++;
    }
    this.pos = p;
    let s = "";
    for (let i = start; i < p; i++) s += String.fromCharCode(b[i] as number);
    return s;
  }

  string(): string {
    const b = this.b;
    const start = this.pos + 1;
    let p = start;
    // Fast scan: no escapes, no controls.
    for (;;) {
      const c = b[p];
      if (c === undefined) return this.fail(undefined, "");
      if (c === 0x22) {
        this.pos = p + 1;
        return decodeUtf8(b, start, p, false) as string;
      }
      if (c === 0x5c) break;
      if (c < 0x20) {
        this.pos = p;
        this.fail(c, "in string literal");
      }
      p++;
    }
    // Slow path with escapes: decode segment by segment.
    let out = decodeUtf8(b, start, p, false) as string;
    for (;;) {
      const c = b[p];
      if (c === undefined) return this.fail(undefined, "");
      if (c === 0x22) {
        this.pos = p + 1;
        return out;
      }
      if (c < 0x20) {
        this.pos = p;
        this.fail(c, "in string literal");
      }
      if (c !== 0x5c) {
        const segStart = p;
        while (p < b.length && b[p] !== 0x22 && b[p] !== 0x5c && (b[p] as number) >= 0x20) p++;
        out += decodeUtf8(b, segStart, p, false) as string;
        continue;
      }
      const e = b[p + 1];
      p += 2;
      switch (e) {
        case 0x22:
          out += '"';
          break;
        case 0x5c:
          out += "\\";
          break;
        case 0x2f:
          out += "/";
          break;
        case 0x62:
          out += "\b";
          break;
        case 0x66:
          out += "\f";
          break;
        case 0x6e:
          out += "\n";
          break;
        case 0x72:
          out += "\r";
          break;
        case 0x74:
          out += "\t";
          break;
        case 0x75: {
          const u = this.hex4(p);
          p += 4;
          if (u >= 0xd800 && u <= 0xdbff) {
            // A high surrogate must be followed by an escaped low one, else it is U+FFFD and
            // the next escape is read on its own (Go's unquote).
            if (b[p] === 0x5c && b[p + 1] === 0x75) {
              const v = this.hex4(p + 2);
              if (v >= 0xdc00 && v <= 0xdfff) {
                out += String.fromCharCode(u, v);
                p += 6;
                break;
              }
            }
            out += "\ufffd";
          } else if (u >= 0xdc00 && u <= 0xdfff) {
            out += "\ufffd";
          } else {
            out += String.fromCharCode(u);
          }
          break;
        }
        default:
          this.pos = p - 1;
          this.fail(e, "in string escape code");
      }
    }
  }

  hex4(at: number): number {
    let v = 0;
    for (let i = 0; i < 4; i++) {
      const c = this.b[at + i];
      let d: number;
      if (c !== undefined && c >= 0x30 && c <= 0x39) d = c - 0x30;
      else if (c !== undefined && c >= 0x61 && c <= 0x66) d = c - 0x57;
      else if (c !== undefined && c >= 0x41 && c <= 0x46) d = c - 0x37;
      else {
        this.pos = at + i;
        return this.fail(c, "in \\u hexadecimal character escape");
      }
      v = (v << 4) | d;
    }
    return v;
  }

  array(depth: number): JsonNode {
    if (depth > MAX_JSON_DEPTH) throw new CtyError("decode", "exceeded max depth");
    this.pos++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.b[this.pos] === 0x5d) {
      this.pos++;
      return { kind: "array", items };
    }
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.b.length) this.fail(undefined, "");
      items.push(this.value("looking for beginning of value", depth));
      this.skipSpace();
      const c = this.b[this.pos];
      if (c === 0x2c) {
        this.pos++;
        continue;
      }
      if (c === 0x5d) {
        this.pos++;
        return { kind: "array", items };
      }
      this.fail(c, "after array element");
    }
  }

  object(depth: number): JsonNode {
    if (depth > MAX_JSON_DEPTH) throw new CtyError("decode", "exceeded max depth");
    this.pos++;
    const entries: (readonly [string, JsonNode])[] = [];
    this.skipSpace();
    if (this.b[this.pos] === 0x7d) {
      this.pos++;
      return { kind: "object", entries };
    }
    for (;;) {
      this.skipSpace();
      const k = this.b[this.pos];
      if (k !== 0x22) this.fail(k, "looking for beginning of object key string");
      const key = this.string();
      this.skipSpace();
      const colon = this.b[this.pos];
      if (colon !== 0x3a) this.fail(colon, "after object key");
      this.pos++;
      this.skipSpace();
      if (this.pos >= this.b.length) this.fail(undefined, "");
      entries.push([key, this.value("looking for beginning of value", depth)]);
      this.skipSpace();
      const c = this.b[this.pos];
      if (c === 0x2c) {
        this.pos++;
        continue;
      }
      if (c === 0x7d) {
        this.pos++;
        return { kind: "object", entries };
      }
      this.fail(c, "after object key:value pair");
    }
  }
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}
