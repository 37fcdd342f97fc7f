/**
 * A decoded JSON value as Go's `encoding/json` decoder with `UseNumber` gives it: numbers keep
 * their text, objects are maps (later duplicate keys win).
 * @internal
 */
export type JsonValue =
  | null
  | boolean
  | string
  | { readonly number: string }
  | readonly JsonValue[]
  | ReadonlyMap<string, JsonValue>;

/** @internal The JSON kind of a decoded value (terraform jsondiff `GetType`). */
export type JsonKind = "null" | "bool" | "string" | "number" | "array" | "object";

/** @internal The kind of a JSON value; `undefined` (missing) counts as null. */
export function jsonKind(v: JsonValue | undefined): JsonKind {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "string") return "string";
  if (Array.isArray(v)) return "array";
  if (v instanceof Map) return "object";
  return "number";
}

/** @internal Go `reflect.DeepEqual` on decoded JSON values (numbers compared by text). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  const ka = jsonKind(a);
  if (ka !== jsonKind(b)) return false;
  switch (ka) {
    case "number":
      return (a as { number: string }).number === (b as { number: string }).number;
    case "array": {
      const x = a as readonly JsonValue[];
      const y = b as readonly JsonValue[];
      return x.length === y.length && x.every((e, i) => jsonEqual(e, y[i]));
    }
    case "object": {
      const x = a as ReadonlyMap<string, JsonValue>;
      const y = b as ReadonlyMap<string, JsonValue>;
      if (x.size !== y.size) return false;
      for (const [k, v] of x) if (!y.has(k) || !jsonEqual(v, y.get(k))) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * Decodes the first JSON value of a string the way terraform's plan renderer does for strings
 * starting with `{` or `[` (a `json.Decoder` reads one value; text after it is ignored).
 * Returns `undefined` when the text does not start with a valid JSON value.
 * @internal
 */
export function decodeJsonPrefix(text: string): JsonValue | undefined {
  const p = { s: text, i: 0 };
  try {
    return parseValue(p);
  } catch {
    return undefined;
  }
}

interface Cursor {
  readonly s: string;
  i: number;
}

const FAIL = new Error("invalid JSON");

function skipWs(p: Cursor): void {
  while (p.i < p.s.length && " \t\n\r".includes(p.s[p.i] as string)) p.i++;
}

function parseValue(p: Cursor): JsonValue {
  skipWs(p);
  const c = p.s[p.i];
  if (c === "{") return parseObject(p);
  if (c === "[") return parseArray(p);
  if (c === '"') return parseString(p);
  if (p.s.startsWith("true", p.i)) {
    p.i += 4;
    return true;
  }
  if (p.s.startsWith("false", p.i)) {
    p.i += 5;
    return false;
  }
  if (p.s.startsWith("null", p.i)) {
    p.i += 4;
    return null;
  }
  const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(p.s.slice(p.i));
  if (m === null) throw FAIL;
  p.i += m[0].length;
  return { number: m[0] };
}

function parseObject(p: Cursor): JsonValue {
  p.i++;
  const out = new Map<string, JsonValue>();
  skipWs(p);
  if (p.s[p.i] === "}") {
    p.i++;
    return out;
  }
  for (;;) {
    skipWs(p);
    if (p.s[p.i] !== '"') throw FAIL;
    const key = parseString(p);
    skipWs(p);
    if (p.s[p.i] !== ":") throw FAIL;
    p.i++;
    out.set(key, parseValue(p));
    skipWs(p);
    const c = p.s[p.i++];
    if (c === "}") return out;
    if (c !== ",") throw FAIL;
  }
}

function parseArray(p: Cursor): JsonValue {
  p.i++;
  const out: JsonValue[] = [];
  skipWs(p);
  if (p.s[p.i] === "]") {
    p.i++;
    return out;
  }
  for (;;) {
    out.push(parseValue(p));
    skipWs(p);
    const c = p.s[p.i++];
    if (c === "]") return out;
    if (c !== ",") throw FAIL;
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

function parseString(p: Cursor): string {
  p.i++;
  let out = "";
  for (;;) {
    const c = p.s[p.i++];
    if (c === undefined) throw FAIL;
    if (c === '"') return out;
    if (c < " ") throw FAIL;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = p.s[p.i++];
    if (e === "u") {
      const hex = p.s.slice(p.i, p.i + 4);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw FAIL;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      p.i += 4;
      continue;
    }
    const r = e === undefined ? undefined : ESCAPES[e];
    if (r === undefined) throw FAIL;
    out += r;
  }
}
