import { CtyError, isCtyError } from "./errors.js";
import { goQuote } from "./internal/go-quote.js";
import { type JsonNode, parseJsonPrefix, skipJsonSpace } from "./json/parse.js";
import { goJsonString } from "./json/quote.js";
import { attributeNames } from "./msgpack/attribute-names.js";
import {
  boolType,
  compareUtf8,
  dynamicType,
  listType,
  mapType,
  numberType,
  objectType,
  setType,
  stringType,
  type Type,
  tupleType,
} from "./type.js";

/**
 * Serializes a type as cty's compact type JSON (go-cty `Type.MarshalJSON`).
 *
 * @remarks The form used in schema `type` bytes, the msgpack dynamic wrapper, state `"type"` and
 * the `{"value","type"}` JSON wrapper: `"string"`, `["list","number"]`,
 * `["object",{"a":"bool"}]`, `["object",{"a":"bool","b":"string"},["b"]]` (third element: sorted
 * optional attribute names, omitted when there are none), `["tuple",[]]`, `"dynamic"`. Attribute
 * names are sorted byte-wise and escaped as Go's `encoding/json` does (`<` → `\u003c`).
 * @example
 * ```ts
 * typeToJson(objectType({ a: listType(stringType) })) // '["object",{"a":["list","string"]}]'
 * ```
 * @category encoding
 */
export function typeToJson(t: Type): string {
  switch (t.kind) {
    case "string":
      return '"string"';
    case "number":
      return '"number"';
    case "bool":
      return '"bool"';
    case "dynamic":
      return '"dynamic"';
    case "list":
    case "set":
    case "map":
      return `["${t.kind}",${typeToJson(t.elementType)}]`;
    case "tuple":
      return `["tuple",[${t.elementTypes.map(typeToJson).join(",")}]]`;
    case "object": {
      const names = attributeNames(t);
      let out = '["object",{';
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        if (i > 0) out += ",";
        out += `${goJsonString(name)}:${typeToJson(t.attributeTypes[name] as Type)}`;
      }
      out += "}";
      if (t.optional.size > 0) {
        out += `,[${[...t.optional].sort(compareUtf8).map(goJsonString).join(",")}]`;
      }
      return `${out}]`;
    }
  }
}

/**
 * Parses cty type JSON (go-cty `Type.UnmarshalJSON`).
 *
 * @remarks Accepts exactly what go-cty accepts, with its error messages: unknown primitive names
 * (`invalid primitive type name "strin"`), unknown kinds (`invalid complex type kind name`),
 * extra elements (`unexpected extra data in type description`), data after a primitive name
 * (`extraneous data after type description`). A third element of an `"object"` description lists
 * optional attributes. Attribute names are NFC-normalized.
 * @example
 * ```ts
 * typeFromJson('["map","number"]') // mapType(numberType)
 * ```
 * @throws {@link CtyError} with code `"decode"` on malformed or unsupported input.
 * @category decoding
 */
export function typeFromJson(input: string | Uint8Array): Type {
  const { node, end, text } = parseJsonPrefix(input);
  const t = typeFromJsonNode(node);
  // go-cty checks `dec.More()` after the top-level description: more data is rejected unless
  // it starts with a closing bracket.
  const at = skipJsonSpace(text, end);
  const next = at < text.length ? text.charCodeAt(at) : -1;
  if (next >= 0 && next !== 0x5d && next !== 0x7d) {
    throw new CtyError(
      "decode",
      node.kind === "string"
        ? "extraneous data after type description"
        : "unexpected extra data in type description",
    );
  }
  return t;
}

/**
 * Interprets an already-parsed JSON value as a type description.
 * @throws CtyError with code `"decode"`.
 * @internal
 */
export function typeFromJsonNode(node: JsonNode): Type {
  switch (node.kind) {
    case "string":
      switch (node.value) {
        case "string":
          return stringType;
        case "number":
          return numberType;
        case "bool":
          return boolType;
        case "dynamic":
          return dynamicType;
        default:
          throw new CtyError("decode", `invalid primitive type name ${goQuote(node.value)}`);
      }
    case "object":
      throw new CtyError("decode", "invalid complex type description");
    case "array":
      return complexType(node.items);
    default:
      throw new CtyError("decode", "invalid type description");
  }
}

function complexType(items: readonly JsonNode[]): Type {
  const kindNode = items[0];
  if (kindNode === undefined || kindNode.kind !== "string") {
    throw new CtyError("decode", "invalid complex type kind name");
  }
  const arg = items[1];
  let t: Type;
  let used = 2;
  switch (kindNode.value) {
    case "list":
      t = listType(typeFromJsonNode(required(arg)));
      break;
    case "set":
      t = setType(typeFromJsonNode(required(arg)));
      break;
    case "map":
      t = mapType(typeFromJsonNode(required(arg)));
      break;
    case "tuple": {
      const a = required(arg);
      if (a.kind === "null") t = tupleType([]);
      else if (a.kind === "array") t = tupleType(a.items.map(typeFromJsonNode));
      else throw cannotUnmarshal(a, "[]cty.Type");
      break;
    }
    case "object": {
      const a = required(arg);
      const attrs: Record<string, Type> = {};
      if (a.kind === "object") {
        // Later duplicates win, as decoding into a Go map does.
        for (const [k, v] of a.entries) attrs[k] = typeFromJsonNode(v);
      } else if (a.kind !== "null") {
        throw cannotUnmarshal(a, "map[string]cty.Type");
      }
      let optional: string[] = [];
      const third = items[2];
      if (third !== undefined) {
        used = 3;
        if (third.kind === "array") {
          optional = third.items.map((n) => {
            if (n.kind !== "string") throw cannotUnmarshal(n, "string");
            return n.value;
          });
        } else if (third.kind !== "null") {
          throw cannotUnmarshal(third, "[]string");
        }
      }
      try {
        t = objectType(attrs, optional);
      } catch (err) {
        if (isCtyError(err)) throw new CtyError("decode", err.rawMessage, { cause: err });
        throw err;
      }
      break;
    }
    default:
      throw new CtyError("decode", "invalid complex type kind name");
  }
  if (items.length > used) throw new CtyError("decode", "unexpected extra data in type description");
  return t;
}

function required(n: JsonNode | undefined): JsonNode {
  // go-cty decodes the next element with json.Decoder.Decode in token mode, which finds the
  // closing bracket where it wants a comma.
  if (n === undefined) throw new CtyError("decode", "expected comma after array element");
  return n;
}

function cannotUnmarshal(n: JsonNode, goType: string): CtyError {
  return new CtyError("decode", `json: cannot unmarshal ${n.kind} into Go value of type ${goType}`);
}
