/**
 * A small lossless JSON reader and writer: numbers keep their source text, so pruning attributes
 * from stored state and writing it back changes nothing else (JSON.parse would round numbers to
 * float64).
 * @internal
 */

/** A parsed JSON value; numbers keep their text. @internal */
export type JsonTree =
  | { readonly kind: "null" }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "number"; readonly text: string }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "array"; readonly items: readonly JsonTree[] }
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, JsonTree])[] };

const MAX_DEPTH = 1000;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Thrown by {@link parseJsonTree} on malformed input. @internal */
export class JsonTreeSyntaxError extends Error {
  override name = "JsonTreeSyntaxError";
}

/**
 * Parses the first JSON value of the text (trailing data is ignored, as go-cty's decoder does).
 * @throws JsonTreeSyntaxError on malformed input.
 * @internal
 */
export function parseJsonTree(text: string): JsonTree {
  let pos = 0;
  const fail = (what: string): never => {
    throw new JsonTreeSyntaxError(`${what} at offset ${pos}`);
  };
  const space = (): void => {
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) pos++;
      else break;
    }
  };
  const str = (): string => {
    // pos is at the opening quote.
    pos++;
    let out = "";
    let start = pos;
    for (;;) {
      if (pos >= text.length) fail("unterminated string");
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        out += text.slice(start, pos);
        pos++;
        return out;
      }
      if (c < 0x20) fail("control character in string");
      if (c !== 0x5c) {
        pos++;
        continue;
      }
      out += text.slice(start, pos);
      const e = text[pos + 1];
      pos += 2;
      switch (e) {
        case '"':
          out += '"';
          break;
        case "\\":
          out += "\\";
          break;
        case "/":
          out += "/";
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "\t";
          break;
        case "u": {
          const hex = text.slice(pos, pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("invalid \\u escape");
          out += String.fromCharCode(Number.parseInt(hex, 16));
          pos += 4;
          break;
        }
        default:
          fail("invalid escape");
      }
      start = pos;
    }
  };
  const value = (depth: number): JsonTree => {
    if (depth > MAX_DEPTH) fail("nesting too deep");
    space();
    const c = text[pos];
    if (c === "{") {
      pos++;
      const entries: (readonly [string, JsonTree])[] = [];
      space();
      if (text[pos] === "}") {
        pos++;
        return { kind: "object", entries };
      }
      for (;;) {
        space();
        if (text[pos] !== '"') fail("expected object key");
        const key = str();
        space();
        if (text[pos] !== ":") fail("expected ':'");
        pos++;
        entries.push([key, value(depth + 1)]);
        space();
        if (text[pos] === ",") {
          pos++;
          continue;
        }
        if (text[pos] === "}") {
          pos++;
          return { kind: "object", entries };
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      pos++;
      const items: JsonTree[] = [];
      space();
      if (text[pos] === "]") {
        pos++;
        return { kind: "array", items };
      }
      for (;;) {
        items.push(value(depth + 1));
        space();
        if (text[pos] === ",") {
          pos++;
          continue;
        }
        if (text[pos] === "]") {
          pos++;
          return { kind: "array", items };
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return { kind: "string", value: str() };
    if (text.startsWith("true", pos)) {
      pos += 4;
      return { kind: "bool", value: true };
    }
    if (text.startsWith("false", pos)) {
      pos += 5;
      return { kind: "bool", value: false };
    }
    if (text.startsWith("null", pos)) {
      pos += 4;
      return { kind: "null" };
    }
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (m !== null) {
      pos += m[0].length;
      return { kind: "number", text: m[0] };
    }
    return fail(pos >= text.length ? "unexpected end of input" : "unexpected character");
  };
  return value(0);
}

/** Writes a tree back as compact JSON (numbers as their original text). @internal */
export function writeJsonTree(tree: JsonTree): string {
  switch (tree.kind) {
    case "null":
      return "null";
    case "bool":
      return tree.value ? "true" : "false";
    case "number":
      return tree.text;
    case "string":
      return JSON.stringify(tree.value);
    case "array":
      return `[${tree.items.map(writeJsonTree).join(",")}]`;
    case "object":
      return `{${tree.entries.map(([k, v]) => `${JSON.stringify(k)}:${writeJsonTree(v)}`).join(",")}}`;
  }
}
