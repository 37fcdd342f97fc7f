import type { AttributeShape, BodyShape } from "@tfkit/contracts";
import type { Value } from "@tfkit/cty-values";
import type { JsonValue } from "../json.js";

/**
 * A known cty value as `terraform show -json` writes it (exact numbers as `CtyNumber`).
 *
 * @remarks go-cty `ctyjson.Marshal` of the unmarked value; unknown values are left out of
 * objects and written as null in sequences, as Terraform's `jsonplan.omitUnknowns` does.
 * @internal
 */
export function valueToJson(v: Value): JsonValue | undefined {
  if (v.isNull()) return null;
  if (!v.isKnown()) return undefined;
  const t = v.type;
  switch (t.kind) {
    case "string":
      return v.asString();
    case "bool":
      return v.asBool();
    case "number":
      return v.asNumber();
    case "list":
    case "set":
    case "tuple":
      return v.elements().map((e) => valueToJson(e) ?? null);
    case "map":
    case "object": {
      const out: Record<string, JsonValue> = {};
      for (const [k, e] of v.entries()) {
        const j = valueToJson(e);
        if (j !== undefined) out[k] = j;
      }
      return out;
    }
    default:
      return null;
  }
}

/**
 * Where a value is unknown: `true` there, in the value's shape (Terraform `jsonplan.unknownAsBool`):
 * known leaves are `false`, left out of objects and maps; a known sequence keeps its elements
 * (`[false]`, `[{}]`, `[]` when empty), as terraform prints them. Callers print `{}` (resource
 * changes) or `false` (outputs) for a wholly known value, as jsonplan does.
 *
 * @internal
 */
export function unknownAsBool(v: Value): JsonValue {
  if (v.isNull()) return false;
  if (!v.isKnown()) return true;
  const t = v.type;
  switch (t.kind) {
    case "list":
    case "set":
    case "tuple":
      return v.elements().map((e) => unknownAsBool(e));
    case "map":
    case "object": {
      const out: Record<string, JsonValue> = {};
      for (const [k, e] of v.entries()) {
        const b = unknownAsBool(e);
        if (b !== false) out[k] = b;
      }
      return out;
    }
    default:
      return false;
  }
}

function nestedBody(attr: AttributeShape): BodyShape {
  return { attributes: attr.attributes ?? {}, blocks: {} };
}

/** Sensitivity of the value of a body's object (`{ a: …, b: … }`). */
function bodySensitive(schema: BodyShape, v: Value): JsonValue {
  if (v.isNull() || !v.isKnown()) return false;
  const out: Record<string, JsonValue> = {};
  for (const [name, e] of v.entries()) {
    const key = name;
    const attr = schema.attributes[key];
    const blk = schema.blocks[key];
    let b: JsonValue = false;
    if (attr) {
      if (attr.sensitive) b = true;
      else if (attr.kind === "nested_attribute")
        b = collection(e, attr.nesting ?? "single", nestedBody(attr));
      else b = plain(e);
    } else if (blk) b = collection(e, blk.nesting, blk);
    else b = plain(e);
    if (b !== false) out[key] = b;
  }
  return out;
}

function collection(v: Value, nesting: string, body: BodyShape): JsonValue {
  if (v.isNull() || !v.isKnown()) return false;
  if (nesting === "single" || nesting === "group") return bodySensitive(body, v);
  if (nesting === "map") {
    const out: Record<string, JsonValue> = {};
    for (const [k, e] of v.entries()) {
      const b = bodySensitive(body, e);
      if (b !== false) out[k] = b;
    }
    return out;
  }
  return v.elements().map((e) => bodySensitive(body, e));
}

/** A value with no sensitive parts: Terraform's `sensitiveAsBool` of an unmarked value. */
function plain(v: Value): JsonValue {
  if (v.isNull() || !v.isKnown()) return false;
  switch (v.type.kind) {
    case "list":
    case "set":
    case "tuple":
      return v.elements().map(plain);
    case "map":
    case "object": {
      const out: Record<string, JsonValue> = {};
      for (const [k, e] of v.entries()) {
        const b = plain(e);
        if (b !== false) out[k] = b;
      }
      return out;
    }
    default:
      return false;
  }
}

/**
 * Where a resource object is sensitive by its schema: `true` there, in the value's shape
 * (Terraform `jsonplan.sensitiveAsBool` of the value marked with the schema's sensitive paths).
 *
 * @internal
 */
export function sensitiveAsBool(schema: BodyShape, v: Value): JsonValue {
  if (v.isNull()) return false;
  return bodySensitive(schema, v);
}
