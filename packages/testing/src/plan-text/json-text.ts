import { isCtyError, type JsonNode, parseJsonPrefix } from "@tfkit/cty-values";

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
 * starting with `{` or `[` (a `json.Decoder` reads one value; text after it is ignored), with
 * `@tfkit/cty-values`' exact reader. Returns `undefined` when the text does not start with a
 * valid JSON value.
 * @internal
 */
export function decodeJsonPrefix(text: string): JsonValue | undefined {
  let node: JsonNode;
  try {
    node = parseJsonPrefix(text).node;
  } catch (err) {
    if (isCtyError(err)) return undefined;
    throw err;
  }
  return fromNode(node);
}

/** Go's `UseNumber` view of a parsed node: numbers as text, objects as maps (the last duplicate wins). */
function fromNode(node: JsonNode): JsonValue {
  switch (node.kind) {
    case "null":
      return null;
    case "bool":
    case "string":
      return node.value;
    case "number":
      return { number: node.text };
    case "array":
      return node.items.map(fromNode);
    case "object":
      return new Map(node.entries.map(([key, value]) => [key, fromNode(value)]));
  }
}
