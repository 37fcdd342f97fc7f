import { convert } from "../convert/index.js";
import type { Type } from "../type.js";
import type { Value } from "../value.js";

/**
 * Reports whether a value of type `given` can be encoded as `want` without conversion
 * (go-cty `Type.TestConformance`: `dynamic` in `want` accepts any type; object attribute names
 * must match exactly; optional-attribute markers are ignored).
 * @internal
 */
export function conformsTo(given: Type, want: Type): boolean {
  if (given === want || want.kind === "dynamic") return true;
  switch (want.kind) {
    case "string":
    case "number":
    case "bool":
      return given.kind === want.kind;
    case "list":
    case "set":
    case "map":
      return given.kind === want.kind && conformsTo(given.elementType, want.elementType);
    case "tuple": {
      if (given.kind !== "tuple" || given.elementTypes.length !== want.elementTypes.length) return false;
      for (let i = 0; i < want.elementTypes.length; i++) {
        if (!conformsTo(given.elementTypes[i] as Type, want.elementTypes[i] as Type)) return false;
      }
      return true;
    }
    case "object": {
      if (given.kind !== "object") return false;
      const wantNames = Object.keys(want.attributeTypes);
      if (Object.keys(given.attributeTypes).length !== wantNames.length) return false;
      for (const name of wantNames) {
        const g = given.attributeTypes[name];
        if (g === undefined || !conformsTo(g, want.attributeTypes[name] as Type)) return false;
      }
      return true;
    }
  }
}

/**
 * The value to encode for target type `t`: the value itself when its type conforms, else the
 * result of cty's (unsafe-permitting) conversion, as go-cty's `Marshal` does.
 * @throws CtyError with code `"conversion"` when no conversion applies.
 * @internal
 */
export function conformingValue(v: Value, t: Type): Value {
  return conformsTo(v.type, t) ? v : convert(v, t);
}
