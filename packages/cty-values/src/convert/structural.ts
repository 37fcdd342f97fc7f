import { attributeStep, indexStep } from "../path.js";
import { compareUtf8, type ObjectType, type TupleType, type Type, typeEquals } from "../type.js";
import { nullVal, numberVal, objectVal, tupleVal, type Value } from "../value.js";
import type { FindConversion, PathConversion } from "./path-conversion.js";
import { attributeType, withoutOptionalAttributesDeep } from "./type-util.js";

/**
 * object → object: each wanted attribute comes from the same-named source attribute, converted.
 *
 * @remarks go-cty `conversionObjectToObject`. Extra source attributes are dropped. A wanted
 * attribute missing from the source makes the conversion impossible unless it is optional, in
 * which case the result holds a null there. Null attributes lose their optional markers.
 * Works the same safe or unsafe; the flag only reaches the attribute conversions.
 * @internal
 */
export function conversionObjectToObject(
  from: ObjectType,
  to: ObjectType,
  unsafe: boolean,
  find: FindConversion,
): PathConversion | undefined {
  // undefined value = present in both with equal types, no conversion needed.
  const attributeConversions = new Map<string, PathConversion | undefined>();
  for (const name of Object.keys(to.attributeTypes).sort(compareUtf8)) {
    const toAttr = to.attributeTypes[name] as Type;
    const fromAttr = attributeType(from, name);
    if (fromAttr === undefined) {
      if (to.optional.has(name)) continue;
      return undefined;
    }
    if (typeEquals(fromAttr, toAttr)) {
      attributeConversions.set(name, undefined);
      continue;
    }
    const conversion = find(fromAttr, toAttr, unsafe);
    if (conversion === undefined) return undefined;
    attributeConversions.set(name, conversion);
  }

  return (value, path) => {
    const attrs = new Map<string, Value>();
    for (const [name, attrValue] of value.entries()) {
      if (!attributeConversions.has(name)) continue;
      const conversion = attributeConversions.get(name);
      let converted = conversion ? conversion(attrValue, [...path, attributeStep(name)]) : attrValue;
      // As in go-cty, the replacement null carries no marks.
      if (converted.isNull()) converted = nullVal(withoutOptionalAttributesDeep(converted.type));
      attrs.set(name, converted);
    }
    for (const name of to.optional) {
      if (!attrs.has(name)) {
        attrs.set(name, nullVal(withoutOptionalAttributesDeep(to.attributeTypes[name] as Type)));
      }
    }
    return objectVal(attrs);
  };
}

/**
 * tuple → tuple: same length, element by element.
 *
 * @remarks go-cty `conversionTupleToTuple`.
 * @internal
 */
export function conversionTupleToTuple(
  from: TupleType,
  to: TupleType,
  unsafe: boolean,
  find: FindConversion,
): PathConversion | undefined {
  if (from.elementTypes.length !== to.elementTypes.length) return undefined;
  const elementConversions: (PathConversion | undefined)[] = [];
  for (const [i, toElement] of to.elementTypes.entries()) {
    const fromElement = from.elementTypes[i] as Type;
    if (typeEquals(fromElement, toElement)) {
      elementConversions.push(undefined);
      continue;
    }
    const conversion = find(fromElement, toElement, unsafe);
    if (conversion === undefined) return undefined;
    elementConversions.push(conversion);
  }
  return (value, path) =>
    tupleVal(
      value.elements().map((element, i) => {
        const conversion = elementConversions[i];
        return conversion ? conversion(element, [...path, indexStep(numberVal(i))]) : element;
      }),
    );
}
