import type { Type } from "../type.js";
import { attributeType } from "./type-util.js";

/**
 * The preference order between two types for unification: -1 when `a` is preferred (more
 * general), 1 when `b` is, 0 when neither.
 *
 * @remarks go-cty `compareTypes`. It is optimistic: the caller must still check that the
 * suggested conversions exist. Dynamic has the lowest preference; string is preferred over
 * the other primitives; list over tuple; map over object; list and tuple over set; objects and
 * tuples of the same shape compare attribute by attribute.
 * @internal
 */
export function compareTypes(a: Type, b: Type): -1 | 0 | 1 {
  if (a.kind === "dynamic" || b.kind === "dynamic") {
    if (a.kind !== "dynamic") return -1;
    if (b.kind !== "dynamic") return 1;
    return 0;
  }
  if (isPrimitive(a) && isPrimitive(b) && (a.kind === "string" || b.kind === "string")) {
    if (a.kind !== "string") return 1;
    if (b.kind !== "string") return -1;
    return 0;
  }
  if (
    (a.kind === "list" && b.kind === "list") ||
    (a.kind === "set" && b.kind === "set") ||
    (a.kind === "map" && b.kind === "map")
  ) {
    return compareTypes(a.elementType, b.elementType);
  }

  // Put the pair in a canonical order; `swap` undoes that for the answer.
  let swap: 1 | -1 = 1;
  let x = a;
  let y = b;
  if (
    (a.kind === "tuple" && b.kind === "list") ||
    (a.kind === "object" && b.kind === "map") ||
    (a.kind === "set" && b.kind === "tuple") ||
    (a.kind === "set" && b.kind === "list")
  ) {
    x = b;
    y = a;
    swap = -1;
  }
  if (y.kind === "set" && (x.kind === "tuple" || x.kind === "list")) return neg(swap);
  if (x.kind === "list" && y.kind === "tuple") return neg(swap);
  if (x.kind === "map" && y.kind === "object") return neg(swap);

  if (x.kind === "object" && y.kind === "object") {
    const xNames = Object.keys(x.attributeTypes);
    if (xNames.length !== Object.keys(y.attributeTypes).length) return 0;
    let xSuper = false;
    let ySuper = false;
    for (const name of xNames) {
      const yAttr = attributeType(y, name);
      if (yAttr === undefined) return 0;
      const c = compareTypes(x.attributeTypes[name] as Type, yAttr);
      if (c < 0) xSuper = true;
      else if (c > 0) ySuper = true;
    }
    return verdict(xSuper, ySuper, swap);
  }
  if (x.kind === "tuple" && y.kind === "tuple") {
    if (x.elementTypes.length !== y.elementTypes.length) return 0;
    let xSuper = false;
    let ySuper = false;
    for (const [i, t] of x.elementTypes.entries()) {
      const c = compareTypes(t, y.elementTypes[i] as Type);
      if (c < 0) xSuper = true;
      else if (c > 0) ySuper = true;
    }
    return verdict(xSuper, ySuper, swap);
  }
  return 0;
}

function isPrimitive(t: Type): boolean {
  return t.kind === "string" || t.kind === "number" || t.kind === "bool";
}

function neg(swap: 1 | -1): -1 | 1 {
  return swap === 1 ? -1 : 1;
}

function verdict(xSuper: boolean, ySuper: boolean, swap: 1 | -1): -1 | 0 | 1 {
  if (xSuper === ySuper) return 0;
  return xSuper ? neg(swap) : swap;
}
