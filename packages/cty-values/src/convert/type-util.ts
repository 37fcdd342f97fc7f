import {
  listType,
  type ObjectType,
  mapType,
  objectType,
  setType,
  type Type,
  tupleType,
  typeEquals,
} from "../type.js";
import type { Value } from "../value.js";

/**
 * The type with every optional-attribute marker removed, at every depth.
 *
 * @remarks go-cty `Type.WithoutOptionalAttributesDeep`. Conversions never build values whose
 * types carry optional markers (except where go-cty itself does, see map → object).
 * @internal
 */
export function withoutOptionalAttributesDeep(t: Type): Type {
  switch (t.kind) {
    case "list":
      return listType(withoutOptionalAttributesDeep(t.elementType));
    case "set":
      return setType(withoutOptionalAttributesDeep(t.elementType));
    case "map":
      return mapType(withoutOptionalAttributesDeep(t.elementType));
    case "tuple":
      return tupleType(t.elementTypes.map(withoutOptionalAttributesDeep));
    case "object": {
      const attrs: Record<string, Type> = {};
      for (const [name, at] of Object.entries(t.attributeTypes))
        attrs[name] = withoutOptionalAttributesDeep(at);
      return objectType(attrs);
    }
    default:
      return t;
  }
}

/**
 * Whether values could share one collection: every non-dynamic type equals the first
 * non-dynamic type (go-cty `CanListVal`/`CanSetVal`/`CanMapVal`).
 * @internal
 */
export function haveConsistentTypes(values: Iterable<Value>): boolean {
  let first: Type | undefined;
  for (const v of values) {
    if (first === undefined || first.kind === "dynamic") {
      first = v.type;
    } else if (v.type.kind !== "dynamic" && !typeEquals(first, v.type)) {
      return false;
    }
  }
  return true;
}

/** The element type of a list, set or map type. @internal */
export function collectionElementType(t: Type): Type {
  if (t.kind === "list" || t.kind === "set" || t.kind === "map") return t.elementType;
  throw new TypeError(`${t.kind} is not a collection type`);
}

/**
 * An object type's attribute type, or undefined when it has no such attribute (own
 * properties only, so names like `constructor` are safe).
 * @internal
 */
export function attributeType(t: ObjectType, name: string): Type | undefined {
  return Object.hasOwn(t.attributeTypes, name) ? t.attributeTypes[name] : undefined;
}

/** Whether the type has optional-attribute markers anywhere. @internal */
export function hasOptionalAttributes(t: Type): boolean {
  switch (t.kind) {
    case "list":
    case "set":
    case "map":
      return hasOptionalAttributes(t.elementType);
    case "tuple":
      return t.elementTypes.some(hasOptionalAttributes);
    case "object":
      return t.optional.size > 0 || Object.values(t.attributeTypes).some(hasOptionalAttributes);
    default:
      return false;
  }
}
