import { CtyError } from "../errors.js";
import { length } from "../refinement.js";
import { indexStep, type Path } from "../path.js";
import {
  compareUtf8,
  listType,
  type MapType,
  type ObjectType,
  type TupleType,
  type Type,
  typeEquals,
} from "../type.js";
import { setVal } from "../set.js";
import {
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  setValEmpty,
  stringVal,
  unknownVal,
  type Value,
} from "../value.js";
import { mismatchMessageFor } from "./mismatch.js";
import type { FindConversion, PathConversion } from "./path-conversion.js";
import { goQuote } from "../internal/go-quote.js";
import {
  attributeType,
  collectionElementType,
  haveConsistentTypes,
  withoutOptionalAttributesDeep,
} from "./type-util.js";
import { unifyTypes } from "./unify.js";

function fail(message: string, path: Path): never {
  throw new CtyError("conversion", message, { path });
}

/** Nulls placed into a collection lose their optional-attribute markers. */
function stripNull(value: Value): Value {
  return value.isNull() ? nullVal(withoutOptionalAttributesDeep(value.type)) : value;
}

/**
 * list/set → list: elements converted one by one, in set iteration order for a set.
 *
 * @remarks go-cty `conversionCollectionToList`. A set of unknown length gives a wholly unknown
 * list whose element type is the *source* element type, as go-cty does.
 * @internal
 */
export function conversionCollectionToList(
  elementType: Type,
  conversion: PathConversion | undefined,
): PathConversion {
  return (value, path) => {
    const sourceElementType = collectionElementType(value.type);
    if (!length(value).isKnown()) return unknownVal(listType(sourceElementType));
    const elements = value.elements().map((element, i) => {
      const converted = conversion ? conversion(element, [...path, indexStep(numberVal(i))]) : element;
      return stripNull(converted);
    });
    if (elements.length === 0) {
      // Prefer a concrete element type over the dynamic one.
      return listValEmpty(
        elementType.kind === "dynamic" ? sourceElementType : withoutOptionalAttributesDeep(elementType),
      );
    }
    if (!haveConsistentTypes(elements)) fail("element types must all match for conversion to list", path);
    return listVal(elements);
  };
}

/**
 * list/set → set: elements converted one by one, then deduplicated by the set.
 *
 * @remarks go-cty `conversionCollectionToSet`.
 * @internal
 */
export function conversionCollectionToSet(
  elementType: Type,
  conversion: PathConversion | undefined,
): PathConversion {
  return (value, path) => {
    const elements = value.elements().map((element, i) => {
      const converted = conversion ? conversion(element, [...path, indexStep(numberVal(i))]) : element;
      return stripNull(converted);
    });
    if (elements.length === 0) {
      return setValEmpty(
        elementType.kind === "dynamic"
          ? collectionElementType(value.type)
          : withoutOptionalAttributesDeep(elementType),
      );
    }
    if (!haveConsistentTypes(elements)) fail("element types must all match for conversion to set", path);
    return setVal(elements);
  };
}

/**
 * map → map: elements converted one by one; collection or object elements are then unified.
 *
 * @remarks go-cty `conversionCollectionToMap`; the unification step is always safe there.
 * @internal
 */
export function conversionCollectionToMap(
  elementType: Type,
  conversion: PathConversion,
  find: FindConversion,
): PathConversion {
  return (value, path) => {
    let elements = new Map<string, Value>();
    for (const [key, element] of value.entries()) {
      elements.set(key, conversion(element, [...path, indexStep(stringVal(key))]));
    }
    if (elements.size === 0) {
      return mapValEmpty(elementType.kind === "dynamic" ? collectionElementType(value.type) : elementType);
    }
    if (isCollectionOrObject(elementType)) elements = unifyCollectionElements(elements, path, false, find);
    if (!haveConsistentTypes(elements.values()))
      fail("element types must all match for conversion to map", path);
    return mapVal(elements);
  };
}

function isCollectionOrObject(t: Type): boolean {
  return t.kind === "list" || t.kind === "set" || t.kind === "map" || t.kind === "object";
}

/**
 * Element conversions from a tuple's element types to one element type, or undefined when one
 * of them is impossible. A dynamic element type is first replaced by the unified tuple types.
 */
function tupleElementConversions(
  tuple: TupleType,
  elementType: Type,
  unsafe: boolean,
  find: FindConversion,
): { elementType: Type; conversions: (PathConversion | undefined)[] } | undefined {
  let target = elementType;
  if (target.kind === "dynamic") {
    const unified = unifyTypes(tuple.elementTypes, unsafe, find);
    if (unified === undefined) return undefined;
    target = unified.type;
    // Still dynamic: only valid when every element is dynamic too.
    if (target.kind === "dynamic" && tuple.elementTypes.some((t) => t.kind !== "dynamic")) return undefined;
  }
  const conversions: (PathConversion | undefined)[] = [];
  // Long tuples usually repeat a few element types: build each distinct conversion once.
  const seen: { type: Type; conversion: PathConversion | undefined }[] = [];
  for (const t of tuple.elementTypes) {
    const known = seen.find((s) => s.type === t || typeEquals(s.type, t));
    if (known !== undefined) {
      conversions.push(known.conversion);
      continue;
    }
    let conversion: PathConversion | undefined;
    if (!typeEquals(t, target)) {
      conversion = find(t, target, unsafe);
      if (conversion === undefined) return undefined;
    }
    if (seen.length < 16) seen.push({ type: t, conversion });
    conversions.push(conversion);
  }
  return { elementType: target, conversions };
}

/**
 * tuple → set.
 *
 * @remarks go-cty `conversionTupleToSet`.
 * @internal
 */
export function conversionTupleToSet(
  tuple: TupleType,
  elementType: Type,
  unsafe: boolean,
  find: FindConversion,
): PathConversion | undefined {
  if (tuple.elementTypes.length === 0) {
    const empty = setValEmpty(withoutOptionalAttributesDeep(elementType));
    return () => empty;
  }
  const plan = tupleElementConversions(tuple, elementType, unsafe, find);
  if (plan === undefined) return undefined;
  return (value, path) => {
    const elements = value.elements().map((element, i) => {
      const conversion = plan.conversions[i];
      return stripNull(conversion ? conversion(element, [...path, indexStep(numberVal(i))]) : element);
    });
    if (!haveConsistentTypes(elements)) fail("element types must all match for conversion to set", path);
    return setVal(elements);
  };
}

/**
 * tuple → list: elements converted, then unified to one type.
 *
 * @remarks go-cty `conversionTupleToList`. As in go-cty, a failure while unifying reports a
 * path that ends with the last element's index followed by the failing element's index.
 * @internal
 */
export function conversionTupleToList(
  tuple: TupleType,
  elementType: Type,
  unsafe: boolean,
  find: FindConversion,
): PathConversion | undefined {
  if (tuple.elementTypes.length === 0) {
    const empty = listValEmpty(withoutOptionalAttributesDeep(elementType));
    return () => empty;
  }
  const plan = tupleElementConversions(tuple, elementType, unsafe, find);
  if (plan === undefined) return undefined;
  return (value, path) => {
    const source = value.elements();
    let elements = source.map((element, i) => {
      const conversion = plan.conversions[i];
      return conversion ? conversion(element, [...path, indexStep(numberVal(i))]) : element;
    });
    const lastElementPath = [...path, indexStep(numberVal(source.length - 1))];
    elements = unifyListElements(elements, lastElementPath, unsafe, find);
    if (!haveConsistentTypes(elements)) fail("element types must all match for conversion to list", path);
    return listVal(elements);
  };
}

/**
 * object → map: attribute values converted to one element type.
 *
 * @remarks go-cty `conversionObjectToMap`. A dynamic element type is replaced by the unified
 * attribute types.
 * @internal
 */
export function conversionObjectToMap(
  object: ObjectType,
  elementType: Type,
  unsafe: boolean,
  find: FindConversion,
): PathConversion | undefined {
  const names = Object.keys(object.attributeTypes).sort(compareUtf8);
  if (names.length === 0) {
    const empty = mapValEmpty(withoutOptionalAttributesDeep(elementType));
    return () => empty;
  }
  let target = elementType;
  if (target.kind === "dynamic") {
    const unified = unifyTypes(
      names.map((n) => object.attributeTypes[n] as Type),
      unsafe,
      find,
    );
    if (unified === undefined) return undefined;
    target = unified.type;
  }
  const conversions = new Map<string, PathConversion>();
  for (const name of names) {
    const attrType = object.attributeTypes[name] as Type;
    if (typeEquals(attrType, target)) continue;
    const conversion = find(attrType, target, unsafe);
    if (conversion === undefined) return undefined;
    conversions.set(name, conversion);
  }
  return (value, path) => {
    let elements = new Map<string, Value>();
    for (const [name, attr] of value.entries()) {
      const conversion = conversions.get(name);
      elements.set(name, conversion ? conversion(attr, [...path, indexStep(stringVal(name))]) : attr);
    }
    if (isCollectionOrObject(target)) elements = unifyCollectionElements(elements, path, unsafe, find);
    if (!haveConsistentTypes(elements.values()))
      fail("attribute types must all match for conversion to map", path);
    return mapVal(elements);
  };
}

/**
 * map → object (unsafe only): keys that are not attributes are dropped; a missing optional
 * attribute becomes null.
 *
 * @remarks go-cty `conversionMapToObject`. An optional attribute the map element type cannot
 * convert to only fails when the map actually has that key. As in go-cty, the null for a missing
 * optional attribute keeps the attribute type as written (optional markers included).
 * @internal
 */
export function conversionMapToObject(
  map: MapType,
  object: ObjectType,
  unsafe: boolean,
  find: FindConversion,
): PathConversion | undefined {
  const mapElementType = map.elementType;
  // Present with undefined: the key needs a conversion that does not exist (optional only).
  const conversions = new Map<string, PathConversion | undefined>();
  for (const name of Object.keys(object.attributeTypes).sort(compareUtf8)) {
    const attrType = object.attributeTypes[name] as Type;
    if (typeEquals(attrType, mapElementType)) continue;
    const conversion = find(mapElementType, attrType, unsafe);
    if (conversion === undefined) {
      if (object.optional.has(name) && unsafe) {
        conversions.set(name, undefined);
        continue;
      }
      return undefined;
    }
    conversions.set(name, conversion);
  }
  return (value, path) => {
    const attrs = new Map<string, Value>();
    for (const [name, element] of value.entries()) {
      const attrType = attributeType(object, name);
      if (attrType === undefined) continue;
      let converted = element;
      if (conversions.has(name)) {
        const conversion = conversions.get(name);
        if (conversion === undefined) {
          fail(
            `map element type is incompatible with attribute ${goQuote(name)}: ${mismatchMessageFor(element.type, attrType, find)}`,
            path,
          );
        }
        converted = conversion(element, [...path, indexStep(stringVal(name))]);
      }
      attrs.set(name, stripNull(converted));
    }
    for (const name of Object.keys(object.attributeTypes).sort(compareUtf8)) {
      if (attrs.has(name)) continue;
      if (!object.optional.has(name))
        fail(`map has no element for required attribute ${goQuote(name)}`, path);
      attrs.set(name, nullVal(object.attributeTypes[name] as Type));
    }
    return objectVal(attrs);
  };
}

/**
 * Converts every element of a map-to-be to the unified type of all of them.
 *
 * @remarks go-cty `conversionUnifyCollectionElements`; elements are visited in key order.
 */
function unifyCollectionElements(
  elements: Map<string, Value>,
  path: Path,
  unsafe: boolean,
  find: FindConversion,
): Map<string, Value> {
  const unified = unifyTypes(
    [...elements.values()].map((v) => v.type),
    unsafe,
    find,
  );
  if (unified === undefined) fail("cannot find a common base type for all elements", path);
  const result = new Map<string, Value>();
  for (const [name, element] of elements) {
    result.set(
      name,
      convertElementTo(element, unified.type, [...path, indexStep(stringVal(name))], unsafe, find),
    );
  }
  return result;
}

/** go-cty `conversionUnifyListElements`. */
function unifyListElements(elements: Value[], path: Path, unsafe: boolean, find: FindConversion): Value[] {
  const unified = unifyTypes(
    elements.map((v) => v.type),
    unsafe,
    find,
  );
  if (unified === undefined) fail("cannot find a common base type for all elements", path);
  return elements.map((element, i) =>
    convertElementTo(element, unified.type, [...path, indexStep(numberVal(i))], unsafe, find),
  );
}

function convertElementTo(
  element: Value,
  to: Type,
  path: Path,
  unsafe: boolean,
  find: FindConversion,
): Value {
  if (typeEquals(element.type, to)) return element;
  const conversion = find(element.type, to, unsafe);
  // Unification found the type, so a conversion exists; guard anyway instead of crashing.
  if (conversion === undefined) fail(mismatchMessageFor(element.type, to, find), path);
  return conversion(element, path);
}
