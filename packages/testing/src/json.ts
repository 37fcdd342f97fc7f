import { CtyNumber, isCtyError, isCtyNumber, type JsonNode, parseJson } from "@tfkit/cty-values";

/**
 * A JSON value as read from `terraform show -json`, with numbers kept exact.
 *
 * @remarks Terraform writes cty numbers with every digit (go-cty `ctyjson` uses
 * `big.Float.Text('f', -1)`), which `JSON.parse` would round to a float64. Numbers are therefore
 * `CtyNumber`s (from `@tfkit/cty-values`) here, compared exactly by the number matchers.
 * @category models
 */
export type JsonValue = null | boolean | string | CtyNumber | readonly JsonValue[] | JsonObject;

/**
 * A JSON object whose numbers are exact `CtyNumber`s (from `@tfkit/cty-values`).
 *
 * @remarks See {@link JsonValue}.
 * @category models
 */
export interface JsonObject {
  /** The members of the object. */
  readonly [key: string]: JsonValue;
}

/**
 * Parses JSON text, keeping numbers exact as `CtyNumber`.
 *
 * @remarks One JSON document, as Terraform writes it, read with `@tfkit/cty-values`' exact reader
 * (`parseJson`): text after the value, malformed input and empty input throw a `SyntaxError`
 * worded as Go's decoder words it. A member repeated in an object keeps its last value, as Go's.
 * @internal
 */
export function parseExactJson(text: string): JsonValue {
  let node: JsonNode;
  try {
    node = parseJson(text);
  } catch (err) {
    if (isCtyError(err)) throw new SyntaxError(`invalid JSON: ${err.message}`);
    throw err;
  }
  return fromNode(node);
}

function fromNode(node: JsonNode): JsonValue {
  switch (node.kind) {
    case "null":
      return null;
    case "bool":
    case "string":
      return node.value;
    case "number":
      return CtyNumber.parse(node.text);
    case "array":
      return node.items.map(fromNode);
    case "object": {
      const out: Record<string, JsonValue> = {};
      for (const [key, value] of node.entries) {
        // A member named "__proto__" is data here, not the object's prototype.
        Object.defineProperty(out, key, {
          value: fromNode(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
  }
}

/**
 * Renders a {@link JsonValue} for failure messages: JSON with exact numbers.
 *
 * @internal
 */
export function renderJson(value: JsonValue | undefined): string {
  if (value === undefined) return "(absent)";
  if (isCtyNumber(value)) return value.text();
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => renderJson(v)).join(", ")}]`;
  const entries = Object.entries(value as JsonObject);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${renderJson(v)}`).join(", ")}}`;
}

/**
 * Whether a {@link JsonValue} is a JSON object (not an array, number or null).
 *
 * @internal
 */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isCtyNumber(value);
}

/**
 * Leaf differences between two JSON values, with dotted paths (`a.0.b`), as import verification
 * reports them (shared by the real-CLI runner and the fake core).
 *
 * @remarks As terraform-plugin-testing's `ImportStateVerify` compares flatmapped attributes:
 * null, absent and empty lists, sets and maps are the same (a flatmap holds no empty
 * container), and the top-level `timeouts` is not compared (it is only sometimes in state).
 * @internal
 */
export function diffValues(
  expected: JsonValue | undefined,
  actual: JsonValue | undefined,
  path: string,
): { path: string; expected: string; actual: string }[] {
  const join2 = (k: string | number) => (path === "" ? String(k) : `${path}.${k}`);
  if (isEmptyOrNull(expected) && isEmptyOrNull(actual)) return [];
  if (isJsonObject(expected) && isJsonObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    if (path === "") keys.delete("timeouts");
    return [...keys].sort().flatMap((k) => diffValues(expected[k], actual[k], join2(k)));
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    return expected.flatMap((e, i) =>
      diffValues(e as JsonValue, (actual as readonly JsonValue[])[i], join2(i)),
    );
  }
  const e = renderJson(expected);
  const a = renderJson(actual);
  return e === a ? [] : [{ path: path === "" ? "(the whole object)" : path, expected: e, actual: a }];
}

function isEmptyOrNull(v: JsonValue | undefined): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isJsonObject(v) && Object.keys(v).length === 0;
}
