import { attributeNames } from "../msgpack/attribute-names.js";
import { conformingValue } from "../msgpack/conform.js";
import { PathTracker, rebase } from "../msgpack/path-tracker.js";
import type { CtyNumber } from "../number.js";
import type { Type } from "../type.js";
import { typeToJson } from "../type-json.js";
import { isUnknownPayload, NULL_PAYLOAD, type Value } from "../value.js";
import { goJsonString } from "./quote.js";

/**
 * Encodes a value as cty JSON for the given type, byte for byte as go-cty's `json.Marshal`.
 *
 * @remarks Used for state `attributes`, `RawState.json` and `DynamicValue.json`. If the value's
 * type does not conform to `t` it is converted first (unsafe conversions allowed).
 * - null → `null`; numbers in canonical decimal, never with an exponent (`1e21` →
 *   `1000000000000000000000`, negative zero → `-0`); strings escaped as Go's `encoding/json`
 *   (`<` → `\u003c`, `&` → `\u0026`, U+2028 → `\u2028`).
 * - Objects list every attribute of `t` (nulls included) and maps every key, sorted byte-wise;
 *   sets in cty order.
 * - Where `t` is `dynamic`, a concrete value is wrapped as `{"value":…,"type":…}`.
 * @example
 * ```ts
 * toJson(objectVal({ a: listVal([True]) }), dynamicType)
 * // '{"value":{"a":[true]},"type":["object",{"a":["list","bool"]}]}'
 * ```
 * @throws {@link CtyError} with code `"encode"` and a path for unknown values ("value is not
 * known"), infinities ("cannot serialize infinity as JSON") and marked values ("value has marks,
 * so it cannot be serialized as JSON"); code `"conversion"` when the value cannot be converted.
 * @category encoding
 */
export function toJson(v: Value, t: Type): string {
  return marshal(conformingValue(v, t), t, new PathTracker());
}

function marshal(v: Value, t: Type, path: PathTracker): string {
  if (v.marks.size > 0) throw path.error("encode", "value has marks, so it cannot be serialized as JSON");
  if (t.kind === "dynamic" && v.type.kind !== "dynamic") {
    return `{"value":${marshal(v, v.type, path)},"type":${typeToJson(v.type)}}`;
  }
  const p = v.payload;
  if (p === NULL_PAYLOAD) return "null";
  if (isUnknownPayload(p)) throw path.error("encode", "value is not known");
  switch (t.kind) {
    case "string":
      return goJsonString(p as string);
    case "number": {
      const n = p as CtyNumber;
      if (n.isInfinite()) throw path.error("encode", "cannot serialize infinity as JSON");
      try {
        return n.text();
      } catch (err) {
        // Only a number too large to print in decimal can fail here.
        throw rebase(err, path, "encode");
      }
    }
    case "bool":
      return p ? "true" : "false";
    case "list":
    case "set": {
      const elems = p as readonly Value[];
      const et = t.elementType;
      const isSet = t.kind === "set";
      let out = "[";
      for (let i = 0; i < elems.length; i++) {
        const e = elems[i] as Value;
        if (i > 0) out += ",";
        if (isSet) path.value(e);
        else path.index(i);
        out += marshal(e, et, path);
        path.pop();
      }
      return `${out}]`;
    }
    case "tuple": {
      const elems = p as readonly Value[];
      const ets = t.elementTypes;
      let out = "[";
      for (let i = 0; i < ets.length; i++) {
        if (i > 0) out += ",";
        path.index(i);
        out += marshal(elems[i] as Value, ets[i] as Type, path);
        path.pop();
      }
      return `${out}]`;
    }
    case "map": {
      const m = p as ReadonlyMap<string, Value>;
      const et = t.elementType;
      let out = "{";
      let first = true;
      // Map payloads are kept in ascending byte-wise key order, the order go-cty writes.
      for (const [k, e] of m) {
        if (!first) out += ",";
        first = false;
        path.key(k);
        out += `${goJsonString(k)}:${marshal(e, et, path)}`;
        path.pop();
      }
      return `${out}}`;
    }
    case "object": {
      const m = p as ReadonlyMap<string, Value>;
      let out = "{";
      let first = true;
      for (const name of attributeNames(t)) {
        if (!first) out += ",";
        first = false;
        path.attr(name);
        const av = m.get(name);
        out += `${goJsonString(name)}:${av === undefined ? "null" : marshal(av, t.attributeTypes[name] as Type, path)}`;
        path.pop();
      }
      return `${out}}`;
    }
    case "dynamic":
      // Only DynamicVal/NullVal(dynamic) reach here, and both returned above.
      return "null";
  }
}
