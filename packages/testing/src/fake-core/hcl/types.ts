import {
  boolType,
  dynamicType,
  listType,
  mapType,
  numberType,
  objectType,
  setType,
  stringType,
  tupleType,
  type Type,
} from "@tfkit/cty-values";
import { type Expr, HclEvalError, HclUnsupported } from "./parse.js";

/** A variable's `type` constraint (`string`, `list(number)`, `object({ a = string })`, `any`). */
export function parseTypeConstraint(e: Expr): Type {
  const bad = (): never => {
    throw new HclEvalError("Invalid type specification", "The type constraint is not valid.", e.pos);
  };
  if (e.kind === "variable") {
    switch (e.name) {
      case "string":
        return stringType;
      case "number":
        return numberType;
      case "bool":
        return boolType;
      case "any":
        return dynamicType;
      default:
        return bad();
    }
  }
  if (e.kind !== "call" || e.args.length !== 1) return bad();
  const [arg] = e.args as [Expr];
  switch (e.name) {
    case "list":
      return listType(parseTypeConstraint(arg));
    case "set":
      return setType(parseTypeConstraint(arg));
    case "map":
      return mapType(parseTypeConstraint(arg));
    case "tuple":
      if (arg.kind !== "tuple") return bad();
      return tupleType(arg.items.map(parseTypeConstraint));
    case "object": {
      if (arg.kind !== "object") return bad();
      const attrs: Record<string, Type> = {};
      for (const item of arg.items) {
        if (
          item.key.kind !== "template" ||
          item.key.parts.length !== 1 ||
          typeof item.key.parts[0] !== "string"
        )
          return bad();
        if (item.value.kind === "call" && item.value.name === "optional")
          throw new HclUnsupported("optional() object attributes in variable types", item.value.pos);
        attrs[item.key.parts[0]] = parseTypeConstraint(item.value);
      }
      return objectType(attrs);
    }
    default:
      return bad();
  }
}
