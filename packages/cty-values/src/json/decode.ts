import { CtyError, isCtyError } from "../errors.js";
import { goQuote } from "../internal/go-quote.js";
import { attributeNames } from "../msgpack/attribute-names.js";
import { buildList, buildMap, buildObject, buildSet, buildTuple } from "../msgpack/build.js";
import { PathTracker, rebase } from "../msgpack/path-tracker.js";
import { isOutOfRange, parseCodecNumber } from "../msgpack/parse-number.js";
import { isAscii } from "../msgpack/utf8.js";
import { CtyNumber } from "../number.js";
import { compareUtf8, numberType, stringType, type Type } from "../type.js";
import { typeFromJsonNode } from "../type-json.js";
import {
  EmptyObjectVal,
  EmptyTupleVal,
  False,
  listValEmpty,
  mapValEmpty,
  markFreeDeep,
  nullVal,
  setValEmpty,
  stringVal,
  True,
  Value,
} from "../value.js";
import { type JsonNode, parseJsonPrefix } from "./parse.js";

/**
 * Decodes cty JSON as a value of the given type, with go-cty's `json.Unmarshal` semantics and
 * no loss of number precision.
 *
 * @remarks
 * - `null` is a null of the requested type (`NullVal(dynamic)` included).
 * - string accepts a JSON string, a number (its text as written: `12.50` → `"12.50"`) or a bool;
 *   number accepts a number or a numeric string (parsed at 512 bits); bool accepts `true`/`false`
 *   or a string that converts (`"1"`, `"false"`).
 * - Objects: missing attributes become null; unknown ones are an error. Sets drop duplicates.
 * - `dynamic` expects `{"value":…,"type":…}` in either order.
 * - Like go-cty, anything after the first JSON value is ignored. Invalid UTF-8 in strings
 *   becomes U+FFFD, as Go's decoder does; nesting deeper than 1000 is refused, and so is a
 *   number beyond what tfkit can write back as decimal text (about 1e300000 or 1e-130000),
 *   which go-cty would accept.
 * @example
 * ```ts
 * fromJson('{"a":"x"}', objectType({ a: stringType, b: numberType })) // {a: "x", b: null}
 * ```
 * @throws {@link CtyError} with code `"decode"` and a path, worded as go-cty does
 * (`.tags: unsupported attribute "z"`, `[2]: number is required`, `missing type in
 * dynamically-typed value`) or as Go's JSON scanner does for malformed text.
 * @category decoding
 */
export function fromJson(input: string | Uint8Array, t: Type): Value {
  const { node } = parseJsonPrefix(input);
  try {
    return markFreeDeep(unmarshal(node, t, new PathTracker()), true); // JSON has no unknowns
  } catch (err) {
    if (isCtyError(err)) throw err;
    throw new CtyError("decode", err instanceof Error ? err.message : String(err), { cause: err });
  }
}

function unmarshal(node: JsonNode, t: Type, path: PathTracker): Value {
  if (node.kind === "null") return nullVal(t);
  switch (t.kind) {
    case "dynamic":
      return unmarshalDynamic(node, path);
    case "string":
      switch (node.kind) {
        case "string":
          return isAscii(node.value) ? new Value(stringType, node.value) : stringVal(node.value);
        case "number":
          return new Value(stringType, node.text);
        case "bool":
          return new Value(stringType, node.value ? "true" : "false");
        default:
          throw path.error("decode", "string is required");
      }
    case "number": {
      let text: string;
      if (node.kind === "number") text = node.text;
      else if (node.kind === "string") text = node.value;
      else throw path.error("decode", "number is required");
      const n = parseCodecNumber(text);
      if (!(n instanceof CtyNumber)) {
        throw path.error("decode", isOutOfRange(n) ? n.rawMessage : "a number is required");
      }
      return new Value(numberType, n);
    }
    case "bool":
      if (node.kind === "bool") return node.value ? True : False;
      if (node.kind === "string") return stringToBool(node.value.normalize("NFC"), path);
      throw path.error("decode", "bool is required");
    case "list":
    case "set": {
      if (node.kind !== "array") throw path.error("decode", "missing expected [");
      const et = t.elementType;
      if (node.items.length === 0) return t.kind === "list" ? listValEmpty(et) : setValEmpty(et);
      const vals = new Array<Value>(node.items.length);
      for (let i = 0; i < node.items.length; i++) {
        // go-cty names set elements by an unknown key: they have no index.
        if (t.kind === "list") path.index(i);
        else path.unknownKey(et);
        vals[i] = unmarshal(node.items[i] as JsonNode, et, path);
        path.pop();
      }
      try {
        return t.kind === "list" ? buildList(t, vals) : buildSet(t, vals);
      } catch (err) {
        throw rebase(err, path, "decode");
      }
    }
    case "tuple": {
      if (node.kind !== "array") throw path.error("decode", "missing expected [");
      const ets = t.elementTypes;
      if (node.items.length > ets.length)
        throw path.error("decode", `too many tuple elements (need ${ets.length})`);
      const vals = new Array<Value>(node.items.length);
      for (let i = 0; i < node.items.length; i++) {
        path.index(i);
        vals[i] = unmarshal(node.items[i] as JsonNode, ets[i] as Type, path);
        path.pop();
      }
      if (vals.length !== ets.length) {
        // go-cty reports this one at the tuple's parent (its path slice drops one step too many).
        throw path.error(
          "decode",
          `not enough tuple elements (need ${ets.length})`,
          Math.max(0, path.depth - 1),
        );
      }
      return vals.length === 0 ? EmptyTupleVal : buildTuple(t, vals);
    }
    case "map": {
      if (node.kind !== "object") throw path.error("decode", "missing expected {");
      const et = t.elementType;
      if (node.entries.length === 0) return mapValEmpty(et);
      const vals = new Map<string, Value>();
      // Distinct ASCII keys in byte order need no re-sorting (the common case: go-cty's output).
      let keysReady = true;
      let prev: string | undefined;
      for (const [k, item] of node.entries) {
        if (keysReady && (!isAscii(k) || (prev !== undefined && compareUtf8(prev, k) >= 0)))
          keysReady = false;
        prev = k;
        path.key(k);
        // Later duplicates win, as go-cty's map assignment does.
        vals.set(k, unmarshal(item, et, path));
        path.pop();
      }
      try {
        return buildMap(t, vals, keysReady);
      } catch (err) {
        throw rebase(err, path, "decode");
      }
    }
    case "object": {
      if (node.kind !== "object") throw path.error("decode", "missing expected {");
      const attrTypes = t.attributeTypes;
      const vals = new Map<string, Value>();
      for (const [k, item] of node.entries) {
        if (!Object.hasOwn(attrTypes, k)) throw path.error("decode", `unsupported attribute ${goQuote(k)}`);
        path.attr(k);
        vals.set(k, unmarshal(item, attrTypes[k] as Type, path));
        path.pop();
      }
      // Absent attributes are null (lenient, as go-cty).
      for (const name of attributeNames(t)) {
        if (!vals.has(name)) vals.set(name, nullVal(attrTypes[name] as Type));
      }
      return vals.size === 0 ? EmptyObjectVal : buildObject(t, vals);
    }
  }
}

/** String → bool as cty's conversion does it. */
function stringToBool(s: string, path: PathTracker): Value {
  switch (s) {
    case "true":
    case "1":
      return True;
    case "false":
    case "0":
      return False;
  }
  const lower = s.toLowerCase();
  if (lower === "true" || lower === "false") {
    throw path.error("decode", `a bool is required; to convert from string, use lowercase "${lower}"`);
  }
  throw path.error("decode", "a bool is required");
}

function unmarshalDynamic(node: JsonNode, path: PathTracker): Value {
  if (node.kind !== "object") throw path.error("decode", "missing expected {");
  let type: Type | undefined;
  let body: JsonNode | undefined;
  for (const [k, item] of node.entries) {
    switch (k) {
      case "type":
        try {
          type = typeFromJsonNode(item);
        } catch (err) {
          throw rebase(err, path, "decode", "failed to decode type for dynamic value: ");
        }
        break;
      case "value":
        body = item;
        break;
      default:
        throw path.error("decode", `invalid key ${goQuote(k)} in dynamically-typed value`);
    }
  }
  if (type === undefined) throw path.error("decode", "missing type in dynamically-typed value");
  if (body === undefined) throw path.error("decode", "missing value in dynamically-typed value");
  return unmarshal(body, type, path);
}
