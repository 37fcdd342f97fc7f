import { isCtyNumber, isValue, objectVal, rawEquals, type Value } from "@tfkit/cty-values";
import { isUnknown, type SchemaBody } from "@tfkit/schema";

/**
 * @internal Structural equality of models (Unknown, CtyNumber, cty Values, arrays, records).
 * `Unknown` equals itself: a hook that left an unknown alone keeps the original value, with its
 * refinements and partly known contents.
 */
export function modelEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isUnknown(a) || isUnknown(b)) return false;
  if (isCtyNumber(a) && isCtyNumber(b)) return a.equals(b) && a.isNegativeZero() === b.isNegativeZero();
  if (isValue(a) || isValue(b)) return isValue(a) && isValue(b) && rawEquals(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => modelEquals(x, b[i]));
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    const rb = b as Record<string, unknown>;
    const ra = a as Record<string, unknown>;
    return ka.every((k) => Object.hasOwn(rb, k) && modelEquals(ra[k], rb[k]));
  }
  return false;
}

/**
 * @internal Takes each top-level attribute and block from `base` when the handler left its model
 * untouched, else from `produced`. Keeps what models cannot carry exactly (a 512-bit number read
 * as a JS number, a partly unknown list) when the handler did not change it.
 */
export function keepUnchanged(
  body: SchemaBody,
  base: Value,
  baseModel: Readonly<Record<string, unknown>>,
  producedModel: Readonly<Record<string, unknown>>,
  produced: Value,
): Value {
  if (base.isNull() || !base.isKnown() || produced.isNull() || !produced.isKnown()) return produced;
  const out = new Map<string, Value>();
  let changed = false;
  for (const name of [...Object.keys(body.attributes), ...Object.keys(body.blocks)]) {
    const producedAttr = produced.getAttr(name);
    if (
      Object.hasOwn(baseModel, name) &&
      Object.hasOwn(producedModel, name) &&
      modelEquals(baseModel[name], producedModel[name])
    ) {
      const baseAttr = base.getAttr(name);
      out.set(name, baseAttr);
      if (!rawEquals(baseAttr, producedAttr)) changed = true;
    } else {
      out.set(name, producedAttr);
    }
  }
  return changed ? objectVal(out) : produced;
}
