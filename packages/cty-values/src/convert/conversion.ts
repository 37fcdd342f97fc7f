import { CtyError } from "../errors.js";
import { refine, refineNotNull, valueRange } from "../refinement.js";
import { isCollectionType, type Type, typeEquals } from "../type.js";
import { mark, nullVal, unknownVal, unmark, type Value } from "../value.js";
import {
  conversionCollectionToList,
  conversionCollectionToMap,
  conversionCollectionToSet,
  conversionMapToObject,
  conversionObjectToMap,
  conversionTupleToList,
  conversionTupleToSet,
} from "./collection.js";
import { dynamicReplace } from "./dynamic.js";
import { mismatchMessageFor } from "./mismatch.js";
import type { PathConversion } from "./path-conversion.js";
import { primitiveConversion } from "./primitive.js";
import { conversionObjectToObject, conversionTupleToTuple } from "./structural.js";
import { withoutOptionalAttributesDeep } from "./type-util.js";

/**
 * Finds the conversion from one type to another, safe only or also unsafe.
 *
 * @remarks go-cty `getConversion`: the type-specific conversion wrapped in the checks every
 * conversion shares (marks, dynamic target, unknown and null input). Returns undefined when no
 * conversion exists. As in go-cty, a primitive type has no conversion to itself.
 * @internal
 */
export function getPathConversion(from: Type, to: Type, unsafe: boolean): PathConversion | undefined {
  const known = getKnownConversion(from, to, unsafe);
  if (known === undefined) return undefined;
  const wrapped: PathConversion = (value, path) => {
    if (value.isMarked()) {
      // Convert the unmarked value, then put the same marks on the result.
      const [plain, marks] = unmark(value);
      return mark(wrapped(plain, path), ...marks);
    }
    if (to.kind === "dynamic") return value;
    const isKnown = value.isKnown();
    if (!isKnown || value.isNull()) {
      // Unknowns and nulls never carry optional-attribute markers, so that a homogeneous
      // collection keeps a single element type.
      const target = dynamicReplace(value.type, withoutOptionalAttributesDeep(to), getPathConversion);
      return isKnown ? nullVal(target) : prepareUnknownResult(value, target);
    }
    return known(value, path);
  };
  return wrapped;
}

function getKnownConversion(from: Type, to: Type, unsafe: boolean): PathConversion | undefined {
  if (to.kind === "dynamic") return dynamicPassthrough;
  if (unsafe && from.kind === "dynamic") return dynamicFixup(to);
  switch (to.kind) {
    case "string":
    case "number":
    case "bool":
      return primitiveConversion(from, to, unsafe);
    case "object":
      if (from.kind === "object") return conversionObjectToObject(from, to, unsafe, getPathConversion);
      if (from.kind === "map") {
        // Unsafe: nothing guarantees the map has a key for every attribute.
        return unsafe ? conversionMapToObject(from, to, unsafe, getPathConversion) : undefined;
      }
      return undefined;
    case "tuple":
      return from.kind === "tuple" ? conversionTupleToTuple(from, to, unsafe, getPathConversion) : undefined;
    case "list": {
      if (from.kind === "list" || from.kind === "set") {
        if (typeEquals(from.elementType, to.elementType))
          return conversionCollectionToList(to.elementType, undefined);
        const elementConversion = getPathConversion(from.elementType, to.elementType, unsafe);
        return elementConversion && conversionCollectionToList(to.elementType, elementConversion);
      }
      if (from.kind === "tuple")
        return conversionTupleToList(from, to.elementType, unsafe, getPathConversion);
      return undefined;
    }
    case "set": {
      if (from.kind === "list" || from.kind === "set") {
        // A list loses its order and its duplicates on the way to a set, so that is unsafe.
        if (from.kind === "list" && !unsafe) return undefined;
        if (typeEquals(from.elementType, to.elementType))
          return conversionCollectionToSet(to.elementType, undefined);
        const elementConversion = getPathConversion(from.elementType, to.elementType, unsafe);
        return elementConversion && conversionCollectionToSet(to.elementType, elementConversion);
      }
      if (from.kind === "tuple") return conversionTupleToSet(from, to.elementType, unsafe, getPathConversion);
      return undefined;
    }
    case "map": {
      if (from.kind === "map") {
        // No equal-type shortcut here, as in go-cty.
        const elementConversion = getPathConversion(from.elementType, to.elementType, unsafe);
        return (
          elementConversion && conversionCollectionToMap(to.elementType, elementConversion, getPathConversion)
        );
      }
      if (from.kind === "object")
        return conversionObjectToMap(from, to.elementType, unsafe, getPathConversion);
      return undefined;
    }
  }
}

/** Conversion to the dynamic pseudo-type: the value passes through unchanged. */
const dynamicPassthrough: PathConversion = (value) => value;

/**
 * Conversion from a value whose type was not known when the conversion was chosen: convert it
 * now, reporting failures under the caller's path.
 */
function dynamicFixup(to: Type): PathConversion {
  return (value, path) => {
    try {
      return convertValue(value, to);
    } catch (e) {
      if (e instanceof CtyError && e.code === "conversion") {
        throw new CtyError("conversion", e.rawMessage, { path: [...path, ...(e.path ?? [])] });
      }
      throw e;
    }
  };
}

/**
 * Converts a value to a type with any safe or unsafe conversion (go-cty `convert.Convert`).
 * @internal
 */
export function convertValue(value: Value, to: Type): Value {
  if (typeEquals(value.type, withoutOptionalAttributesDeep(to))) return value;
  const conversion = getPathConversion(value.type, to, true);
  if (conversion === undefined)
    throw new CtyError("conversion", mismatchMessageFor(value.type, to, getPathConversion));
  return conversion(value, []);
}

/**
 * The unknown result of converting an unknown value: not-null carries over, and the length
 * of a collection result is bounded by what the source type or refinement says.
 *
 * @remarks go-cty `prepareUnknownResult`.
 */
function prepareUnknownResult(source: Value, target: Type): Value {
  const range = valueRange(source);
  const sourceType = range.typeConstraint;
  let result = unknownVal(target);
  if (range.definitelyNotNull()) result = refineNotNull(result);

  if (sourceType.kind === "object" && target.kind === "map") {
    // A map built from an object has exactly one element per attribute.
    return refine(result).collectionLength(Object.keys(sourceType.attributeTypes).length).newValue();
  }
  if (sourceType.kind === "tuple" && target.kind === "list") {
    return refine(result).collectionLength(sourceType.elementTypes.length).newValue();
  }
  if (sourceType.kind === "tuple" && target.kind === "set") {
    // Elements may coalesce, so only bounds are certain: at least one unless empty.
    const n = sourceType.elementTypes.length;
    if (n <= 1) return refine(result).collectionLength(n).newValue();
    return refine(result).collectionLengthLowerBound(1).collectionLengthUpperBound(n).newValue();
  }
  if (isCollectionType(sourceType) && isCollectionType(target)) {
    // Conversion keeps the length, except that set elements may coalesce (never to zero).
    let builder = refine(result);
    if (target.kind === "set") {
      if (range.lengthLowerBound() > 0) builder = builder.collectionLengthLowerBound(1);
    } else {
      builder = builder.collectionLengthLowerBound(range.lengthLowerBound());
    }
    return builder.collectionLengthUpperBound(range.lengthUpperBound()).newValue();
  }
  return result;
}
