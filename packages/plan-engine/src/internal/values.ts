import type { AnyAttributeSpec, Attributes, SchemaBody } from "@tfkit/schema";
import type { Path, Type, Value } from "@tfkit/cty-values";
import { getPath, nullVal, unknownVal } from "@tfkit/cty-values";

/** @internal The schema of one nested object: a block body (attributes and blocks) or a nested attribute's object. */
export type NestedSchema =
  | { readonly kind: "block"; readonly body: SchemaBody; readonly keyBy: readonly string[] }
  | { readonly kind: "object"; readonly attributes: Attributes; readonly keyBy: readonly string[] };

/** @internal Type of the attribute `name` of an object type (dynamic when the type is not an object). */
export function attributeType(t: Type, name: string): Type {
  if (t.kind !== "object") return { kind: "dynamic" };
  return t.attributeTypes[name] ?? { kind: "dynamic" };
}

/** @internal Element type of a collection type (tuple: element `i`). */
export function elementType(t: Type, i = 0): Type {
  if (t.kind === "list" || t.kind === "set" || t.kind === "map") return t.elementType;
  if (t.kind === "tuple") return t.elementTypes[i] ?? { kind: "dynamic" };
  if (t.kind === "object") return Object.values(t.attributeTypes)[i] ?? { kind: "dynamic" };
  return { kind: "dynamic" };
}

/**
 * An attribute of an object value the way go-cty `GetAttr` reads it: unknown objects yield an
 * unknown of the attribute's type, null objects a null of it.
 * @internal
 */
export function attrOf(v: Value, name: string): Value {
  const t = attributeType(v.type, name);
  if (!v.isKnown()) return unknownVal(t);
  if (v.isNull()) return nullVal(t);
  return v.getAttr(name);
}

/** @internal Value at a path, or `undefined` when the path does not apply (go-cty `Path.Apply` error). */
export function tryGetPath(v: Value, path: Path): Value | undefined {
  try {
    return getPath(v, path);
  } catch {
    return undefined;
  }
}

/**
 * Terraform's `AttributeByPath`: the attribute a value path points to inside a nested schema,
 * skipping index steps; `undefined` at blocks, nested objects and paths that lead nowhere.
 * @internal
 */
export function attributeByPath(schema: NestedSchema, path: Path): AnyAttributeSpec | undefined {
  if (schema.kind === "object") return objectAttributeByPath(schema.attributes, path);
  let body: SchemaBody = schema.body;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    if (step === undefined || step.kind !== "attribute") continue;
    const attr = Object.hasOwn(body.attributes, step.name) ? body.attributes[step.name] : undefined;
    if (attr !== undefined) {
      if (attr.kind === "nested_attribute" && i < path.length - 1) {
        return objectAttributeByPath(attr.attributes, path.slice(i + 1));
      }
      return i < path.length - 1 ? undefined : attr;
    }
    const blk = Object.hasOwn(body.blocks, step.name) ? body.blocks[step.name] : undefined;
    if (blk !== undefined) {
      body = blk;
      continue;
    }
    return undefined;
  }
  return undefined;
}

function objectAttributeByPath(attributes: Attributes, path: Path): AnyAttributeSpec | undefined {
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    if (step === undefined || step.kind !== "attribute") continue;
    const attr = Object.hasOwn(attributes, step.name) ? attributes[step.name] : undefined;
    if (attr === undefined) continue; // configschema.Object ignores unknown names
    if (attr.kind === "nested_attribute" && i < path.length - 1) {
      return objectAttributeByPath(attr.attributes, path.slice(i + 1));
    }
    return i < path.length - 1 ? undefined : attr;
  }
  return undefined;
}
