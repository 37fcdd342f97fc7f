import { compareUtf8, type ObjectType } from "../type.js";

const cache = new WeakMap<ObjectType, readonly string[]>();

/**
 * An object type's attribute names in ascending byte-wise order: the order go-cty writes them.
 *
 * @remarks `Object.keys` is not enough: JavaScript lists integer-like keys (`"9"`, `"10"`) first
 * and in numeric order, while Go sorts `"10"` before `"9"`. Cached per type object.
 * @internal
 */
export function attributeNames(t: ObjectType): readonly string[] {
  let names = cache.get(t);
  if (names === undefined) {
    names = Object.freeze(Object.keys(t.attributeTypes).sort(compareUtf8));
    cache.set(t, names);
  }
  return names;
}
