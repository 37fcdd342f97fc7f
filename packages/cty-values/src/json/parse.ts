import { CtyError } from "../errors.js";
import { goQuote } from "../internal/go-quote.js";
import { decodeUtf8 } from "../msgpack/utf8.js";

/**
 * A parsed JSON value, as {@link parseJson} and {@link parseJsonPrefix} give it.
 *
 * @remarks Numbers keep their source text, so nothing is lost to float64 (`JSON.parse` would
 * round `9007199254740993`); read one exactly with `CtyNumber.parse`. Objects keep their members
 * in source order, duplicates included: Go's decoder lets the last one win, so consumers building
 * a map should too.
 */
export type JsonNode =
  | {
      /** `null`. */
      readonly kind: "null";
    }
  | {
      /** `true` or `false`. */
      readonly kind: "bool";
      /** Which one. */
      readonly value: boolean;
    }
  | {
      /** A number. */
      readonly kind: "number";
      /** Its text as written in the input (`1.50`, `-0`, `1e400` stay as they are). */
      readonly text: string;
    }
  | {
      /** A string. */
      readonly kind: "string";
      /** Its value, escapes decoded. */
      readonly value: string;
    }
  | {
      /** An array. */
      readonly kind: "array";
      /** Its elements in order. */
      readonly items: readonly JsonNode[];
    }
  | {
      /** An object. */
      readonly kind: "object";
      /** Its members in source order, a repeated name as often as it appears. */
      readonly entries: readonly (readonly [string, JsonNode])[];
    };

/** How deep arrays and objects may nest before parsing gives up. @internal */
export const MAX_JSON_DEPTH = 1000;

const NULL_NODE: JsonNode = Object.freeze({ kind: "null" });
const TRUE_NODE: JsonNode = Object.freeze({ kind: "bool", value: true });
const FALSE_NODE: JsonNode = Object.freeze({ kind: "bool", value: false });

/** Result of {@link parseJsonPrefix}. */
export interface JsonParseResult {
  /** The first JSON value in the input. */
  readonly node: JsonNode;
  /** Offset (in UTF-16 units of `text`) just past that value. */
  readonly end: number;
  /** The input as text (what `end` indexes). */
  readonly text: string;
}

/**
 * The input as text. Bytes are decoded as UTF-8 with every invalid byte becoming U+FFFD, which
 * is what Go's decoder does inside string literals (outside them such a byte is a syntax error
 * either way).
 * @internal
 */
export function jsonInputText(input: string | Uint8Array): string {
  return typeof input === "string" ? input : (decodeUtf8(input, 0, input.length, false) as string);
}

/**
 * Parses the first JSON value of the input, as Go's `json.Decoder` reads one value: leading
 * whitespace skipped, anything after the value left unread (`end` says where it stops).
 *
 * @remarks Errors use Go's scanner wording (`invalid character 'x' looking for beginning of
 * value`, `unexpected EOF`, `EOF` for empty input). Lone surrogates in string literals (raw or
 * escaped) become U+FFFD, as in Go; so do invalid UTF-8 bytes of a `Uint8Array` input. Nesting
 * deeper than 1,000 levels is refused.
 * @throws CtyError with code `"decode"` and an empty path.
 * @example
 * ```ts
 * parseJsonPrefix('{"a": 1} trailing').end; // 8
 * ```
 */
export function parseJsonPrefix(input: string | Uint8Array): JsonParseResult {
  const text = jsonInputText(input);
  const p = new Parser(text);
  p.skipSpace();
  if (p.pos >= text.length) throw new CtyError("decode", "EOF");
  const node = p.value("looking for beginning of value", 0);
  return { node, end: p.pos, text };
}

/**
 * Parses a whole JSON document exactly, as Go's `json.Unmarshal` reads one: the value of
 * {@link parseJsonPrefix}, then nothing but whitespace.
 *
 * @remarks Text after the value is refused with Go's wording (`invalid character 'x' after
 * top-level value`). This is the one exact JSON reader of tfkit: the packages that read state,
 * plans or `terraform show -json` output build on it.
 * @throws CtyError with code `"decode"` and an empty path.
 * @example
 * ```ts
 * const node = parseJson('{"big": 9007199254740993}');
 * // node.kind === "object"; node.entries[0][1] is { kind: "number", text: "9007199254740993" }
 * ```
 */
export function parseJson(input: string | Uint8Array): JsonNode {
  const { node, end, text } = parseJsonPrefix(input);
  const rest = skipJsonSpace(text, end);
  if (rest < text.length) {
    throw new CtyError(
      "decode",
      `invalid character ${quoteChar(text.charCodeAt(rest))} after top-level value`,
    );
  }
  return node;
}

/** Index of the first non-whitespace character at or after `pos` (JSON whitespace). @internal */
export function skipJsonSpace(text: string, pos: number): number {
  let p = pos;
  while (p < text.length) {
    const c = text.charCodeAt(p);
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

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Replaces lone surrogates with U+FFFD (Go strings cannot hold them). */
function wellFormed(s: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    out += `${s.slice(start, i)}\ufffd`;
    start = i + 1;
  }
  return start === 0 ? s : out + s.slice(start);
}

class Parser {
  readonly s: string;
  pos = 0;

  constructor(s: string) {
    this.s = s;
  }

  /** The code unit at `i`, or -1 past the end. */
  at(i: number): number {
    return i < this.s.length ? this.s.charCodeAt(i) : -1;
  }

  fail(c: number, context: string): never {
    if (c < 0) throw new CtyError("decode", "unexpected EOF");
    throw new CtyError("decode", `invalid character ${quoteChar(c)} ${context}`);
  }

  skipSpace(): void {
    this.pos = skipJsonSpace(this.s, this.pos);
  }

  /** Parses a value at `pos` (whitespace already skipped); `context` words a bad first char. */
  value(context: string, depth: number): JsonNode {
    const c = this.at(this.pos);
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
        if (c === 0x2d || isDigit(c)) return { kind: "number", text: this.number() };
        return this.fail(c, context);
    }
  }

  literal(word: string): void {
    for (let i = 1; i < word.length; i++) {
      const c = this.at(this.pos + i);
      if (c !== word.charCodeAt(i)) this.fail(c, `in literal ${word} (expecting '${word[i]}')`);
    }
    this.pos += word.length;
  }

  number(): string {
    const start = this.pos;
    let p = this.pos;
    if (this.at(p) === 0x2d) {
      p++;
      if (!isDigit(this.at(p))) {
        this.pos = p;
        this.fail(this.at(p), "in numeric literal");
      }
    }
    if (this.at(p) === 0x30) p++;
    else while (isDigit(this.at(p))) p++;
    if (this.at(p) === 0x2e) {
      p++;
      if (!isDigit(this.at(p))) {
        this.pos = p;
        this.fail(this.at(p), "after decimal point in numeric literal");
      }
      while (isDigit(this.at(p))) p++;
    }
    const e = this.at(p);
    if (e === 0x65 || e === 0x45) {
      p++;
      const sign = this.at(p);
      if (sign === 0x2b || sign === 0x2d) p++;
      if (!isDigit(this.at(p))) {
        this.pos = p;
        this.fail(this.at(p), "in exponent of numeric literal");
      }
      while (isDigit(this.at(p))) p++;
    }
    this.pos = p;
    return this.s.slice(start, p);
  }

  string(): string {
    const s = this.s;
    const start = this.pos + 1;
    let p = start;
    let surrogates = false;
    // Fast scan: no escapes, no controls.
    for (;;) {
      if (p >= s.length) return this.fail(-1, "");
      const c = s.charCodeAt(p);
      if (c === 0x22) {
        this.pos = p + 1;
        const raw = s.slice(start, p);
        return surrogates ? wellFormed(raw) : raw;
      }
      if (c === 0x5c) break;
      if (c < 0x20) {
        this.pos = p;
        this.fail(c, "in string literal");
      }
      if (c >= 0xd800 && c <= 0xdfff) surrogates = true;
      p++;
    }
    // Slow path with escapes.
    let out = s.slice(start, p);
    for (;;) {
      if (p >= s.length) return this.fail(-1, "");
      const c = s.charCodeAt(p);
      if (c === 0x22) {
        this.pos = p + 1;
        return surrogates ? wellFormed(out) : out;
      }
      if (c < 0x20) {
        this.pos = p;
        this.fail(c, "in string literal");
      }
      if (c !== 0x5c) {
        const segStart = p;
        while (p < s.length) {
          const d = s.charCodeAt(p);
          if (d === 0x22 || d === 0x5c || d < 0x20) break;
          if (d >= 0xd800 && d <= 0xdfff) surrogates = true;
          p++;
        }
        out += s.slice(segStart, p);
        continue;
      }
      const e = this.at(p + 1);
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
            if (this.at(p) === 0x5c && this.at(p + 1) === 0x75) {
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
      const c = this.at(at + i);
      let d: number;
      if (c >= 0x30 && c <= 0x39) d = c - 0x30;
      else if (c >= 0x61 && c <= 0x66) d = c - 0x57;
      else if (c >= 0x41 && c <= 0x46) d = c - 0x37;
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
    if (this.at(this.pos) === 0x5d) {
      this.pos++;
      return { kind: "array", items };
    }
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.s.length) this.fail(-1, "");
      items.push(this.value("looking for beginning of value", depth));
      this.skipSpace();
      const c = this.at(this.pos);
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
    if (this.at(this.pos) === 0x7d) {
      this.pos++;
      return { kind: "object", entries };
    }
    for (;;) {
      this.skipSpace();
      const k = this.at(this.pos);
      if (k !== 0x22) this.fail(k, "looking for beginning of object key string");
      const key = this.string();
      this.skipSpace();
      const colon = this.at(this.pos);
      if (colon !== 0x3a) this.fail(colon, "after object key");
      this.pos++;
      this.skipSpace();
      if (this.pos >= this.s.length) this.fail(-1, "");
      entries.push([key, this.value("looking for beginning of value", depth)]);
      this.skipSpace();
      const c = this.at(this.pos);
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
