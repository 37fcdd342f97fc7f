import { listType, mapType, objectType, setType, type Type, tupleType } from "../type.js";
import { attributeType } from "./type-util.js";
import type { FindConversion } from "./path-conversion.js";
import { unifyTypes } from "./unify.js";

/**
 * The target type with every dynamic part replaced by the matching part of the source type.
 *
 * @remarks go-cty `dynamicReplace`, used to type the null or unknown result of a conversion.
 * An undefined source (no unification possible) keeps the target as it is. Where go-cty would
 * build a type around a missing element type, the target's own element type is kept instead.
 * @internal
 */
export function dynamicReplace(from: Type | undefined, to: Type, find: FindConversion): Type {
  if (from === undefined || from.kind === "dynamic") return to;
  switch (to.kind) {
    case "dynamic":
      return from;
    case "string":
    case "number":
    case "bool":
      return to;
    case "map": {
      if (from.kind === "map") return mapType(dynamicReplace(from.elementType, to.elementType, find));
      if (from.kind === "object") {
        const unified = unifyTypes(Object.values(from.attributeTypes), true, find)?.type;
        return mapType(dynamicReplace(unified, to.elementType, find));
      }
      return to;
    }
    case "object": {
      const attrs: Record<string, Type> = {};
      for (const [name, attrType] of Object.entries(to.attributeTypes)) {
        if (from.kind === "map") {
          attrs[name] = dynamicReplace(from.elementType, attrType, find);
        } else if (from.kind === "object") {
          const fromAttr = attributeType(from, name);
          // An attribute missing from the source is an optional one: nothing to fill in.
          attrs[name] = fromAttr === undefined ? attrType : dynamicReplace(fromAttr, attrType, find);
        } else {
          attrs[name] = attrType;
        }
      }
      return objectType(attrs);
    }
    case "set":
    case "list": {
      let elementType = to.elementType;
      if (from.kind === "set" || from.kind === "list") {
        elementType = dynamicReplace(from.elementType, to.elementType, find);
      } else if (from.kind === "tuple") {
        elementType = dynamicReplace(unifyTypes(from.elementTypes, true, find)?.type, to.elementType, find);
      }
      return to.kind === "set" ? setType(elementType) : listType(elementType);
    }
    case "tuple": {
      if (from.kind !== "tuple") return to;
      return tupleType(to.elementTypes.map((t, i) => dynamicReplace(from.elementTypes[i], t, find)));
    }
  }
}
