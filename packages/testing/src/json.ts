import { CtyNumber, isCtyNumber } from "@tfkit/cty-values";

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
 * @remarks Strict RFC 8259 JSON, as Terraform writes it. A syntax error throws a `SyntaxError`
 * naming the offset.
 * @internal
 */
export function parseExactJson(text: string): JsonValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`invalid JSON at offset ${i}: ${what}`);
  };
  const skip = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const value = (): JsonValue => {
    skip();
    const c = text[i];
    if (c === "{") {
      i++;
      const out: Record<string, JsonValue> = {};
      skip();
      if (text[i] === "}") {
        i++;
        return out;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail("expected a member name");
        const key = string();
        skip();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        out[key] = value();
        skip();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          return out;
        } else fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const out: JsonValue[] = [];
      skip();
      if (text[i] === "]") {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        skip();
        if (text[i] === ",") i++;
        else if (text[i] === "]") {
          i++;
          return out;
        } else fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    if (text.startsWith("true", i)) {
      i += 4;
      return true;
    }
    if (text.startsWith("false", i)) {
      i += 5;
      return false;
    }
    if (text.startsWith("null", i)) {
      i += 4;
      return null;
    }
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 4096));
    if (!match) return fail("unexpected character");
    i += match[0].length;
    return CtyNumber.parse(match[0]);
  };
  const string = (): string => {
    // Find the closing quote, honouring escapes, then let JSON.parse decode the escapes.
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) fail("unterminated string");
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const result = value();
  skip();
  if (i !== text.length) fail("trailing characters");
  return result;
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
