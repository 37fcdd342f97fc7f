import {
  compareUtf8,
  dynamicType,
  listType,
  mapType,
  objectType,
  setType,
  type Type,
  tupleType,
  typeEquals,
} from "../type.js";
import { DynamicVal, type Value } from "../value.js";
import { type Conversion, type FindConversion, toConversion } from "./path-conversion.js";
import { sortTypes } from "./sort-types.js";
import { attributeType, hasOptionalAttributes } from "./type-util.js";

/**
 * The result of unifying types: the common type, and for each input type the conversion to it
 * (undefined where the input already is that type).
 * @category conversion
 */
export interface Unification {
  /** The type every input type converts to. */
  readonly type: Type;
  /** One entry per input type, in input order; undefined when no conversion is needed. */
  readonly conversions: readonly (Conversion | undefined)[];
}

function conversionFor(from: Type, to: Type, unsafe: boolean, find: FindConversion): Conversion | undefined {
  return toConversion(find(from, to, unsafe));
}

/**
 * Finds a type all the given types convert to (go-cty `unify`).
 *
 * @remarks Types all of one structural kind (± dynamic) are unified element- or attribute-wise
 * first, because a plain preference search would pick a useless subset object type in unsafe
 * mode. Otherwise the first type in {@link sortTypes} order that every type converts to wins.
 * @internal
 */
export function unifyTypes(
  types: readonly Type[],
  unsafe: boolean,
  find: FindConversion,
): Unification | undefined {
  if (types.length === 0) return undefined;

  // Fast path (go-cty's unify is quadratic in the number of types): identical types unify to
  // themselves with no conversions, exactly as the general algorithm would conclude, unless
  // they carry optional-attribute markers, which unification strips.
  const first = types[0] as Type;
  if (!hasOptionalAttributes(first) && types.every((t) => t === first || typeEquals(t, first))) {
    return { type: first, conversions: types.map(() => undefined) };
  }

  let maps = 0;
  let lists = 0;
  let sets = 0;
  let objects = 0;
  let tuples = 0;
  let dynamics = 0;
  for (const t of types) {
    if (t.kind === "map") maps++;
    else if (t.kind === "list") lists++;
    else if (t.kind === "set") sets++;
    else if (t.kind === "object") objects++;
    else if (t.kind === "tuple") tuples++;
    else if (t.kind === "dynamic") dynamics++;
  }
  const n = types.length;
  if (maps > 0 && maps + dynamics === n)
    return unifyCollectionTypes(mapType, types, unsafe, find, dynamics > 0);
  if (maps > 0 && maps + objects + dynamics === n) {
    // Objects often hold map data: try them as maps before the general search.
    const asMaps = unifyObjectsAsMaps(types, unsafe, find);
    if (asMaps !== undefined) return asMaps;
  } else if (lists > 0 && lists + dynamics === n) {
    return unifyCollectionTypes(listType, types, unsafe, find, dynamics > 0);
  } else if (lists > 0 && lists + tuples + dynamics === n) {
    // Tuples are often lists in disguise.
    const asLists = unifyTuplesAsLists(types, unsafe, find);
    if (asLists !== undefined) return asLists;
  } else if (sets > 0 && sets + dynamics === n) {
    return unifyCollectionTypes(setType, types, unsafe, find, dynamics > 0);
  } else if (objects > 0 && objects + dynamics === n) {
    return unifyObjectTypes(types, unsafe, find, dynamics > 0);
  } else if (tuples > 0 && tuples + dynamics === n) {
    return unifyTupleTypes(types, unsafe, find, dynamics > 0);
  } else if (objects > 0 && tuples > 0) {
    return undefined;
  }

  const conversions: (Conversion | undefined)[] = new Array(n).fill(undefined);
  preferences: for (const wantIndex of sortTypes(types)) {
    const want = types[wantIndex] as Type;
    for (const [i, t] of types.entries()) {
      if (i === wantIndex || typeEquals(t, want)) {
        conversions[i] = undefined;
        continue;
      }
      const conversion = conversionFor(t, want, unsafe, find);
      if (conversion === undefined) continue preferences;
      conversions[i] = conversion;
    }
    return { type: want, conversions };
  }
  return undefined;
}

function conversionsTo(
  types: readonly Type[],
  target: Type,
  unsafe: boolean,
  find: FindConversion,
): (Conversion | undefined)[] | undefined {
  const conversions: (Conversion | undefined)[] = [];
  for (const t of types) {
    if (typeEquals(t, target)) {
      conversions.push(undefined);
      continue;
    }
    const conversion = conversionFor(t, target, unsafe, find);
    if (conversion === undefined) return undefined;
    conversions.push(conversion);
  }
  return conversions;
}

/** Unifies the tuples as a list, then everything with that list in the tuples' places. */
function unifyTuplesAsLists(
  types: readonly Type[],
  unsafe: boolean,
  find: FindConversion,
): Unification | undefined {
  const tupleIndices = types.flatMap((t, i) => (t.kind === "tuple" ? [i] : []));
  const tuplesAsList = unifyTupleTypesToList(
    tupleIndices.map((i) => types[i] as Type),
    unsafe,
    find,
  );
  if (tuplesAsList === undefined) return undefined;
  const replaced = types.map((t) => (t.kind === "tuple" ? tuplesAsList.type : t));
  const overall = unifyTypes(replaced, unsafe, find);
  if (overall === undefined || overall.type.kind !== "list") return undefined;
  return {
    type: overall.type,
    conversions: chain(overall.conversions, tupleIndices, tuplesAsList.conversions),
  };
}

/** Unifies the objects as a map, then everything with that map in the objects' places. */
function unifyObjectsAsMaps(
  types: readonly Type[],
  unsafe: boolean,
  find: FindConversion,
): Unification | undefined {
  const objectIndices = types.flatMap((t, i) => (t.kind === "object" ? [i] : []));
  const objectsAsMap = unifyObjectTypesToMap(
    objectIndices.map((i) => types[i] as Type),
    unsafe,
    find,
  );
  if (objectsAsMap === undefined) return undefined;
  const replaced = types.map((t) => (t.kind === "object" ? objectsAsMap.type : t));
  const overall = unifyTypes(replaced, unsafe, find);
  if (overall === undefined || overall.type.kind !== "map") return undefined;
  return {
    type: overall.type,
    conversions: chain(overall.conversions, objectIndices, objectsAsMap.conversions),
  };
}

/** Composes the structural → collection step with the collection → result step. */
function chain(
  outer: readonly (Conversion | undefined)[],
  indices: readonly number[],
  inner: readonly (Conversion | undefined)[],
): (Conversion | undefined)[] {
  const result = [...outer];
  for (const [k, index] of indices.entries()) {
    const first = inner[k];
    const second = outer[index];
    // go-cty applies the second step to the original input; applying it to the first step's
    // output is what the composition means, and what its callers rely on.
    result[index] = first && second ? (v: Value) => second(first(v)) : (first ?? second);
  }
  return result;
}

function unifyAllAsDynamic(types: readonly Type[]): Unification {
  // The eventual types are unknown, so every input becomes an unknown of unknown type.
  return { type: dynamicType, conversions: types.map(() => () => DynamicVal) };
}

function unifyCollectionTypes(
  collection: (elementType: Type) => Type,
  types: readonly Type[],
  unsafe: boolean,
  find: FindConversion,
  hasDynamic: boolean,
): Unification | undefined {
  if (hasDynamic) return unifyAllAsDynamic(types);
  const elements = unifyTypes(
    types.map((t) => (t as { elementType: Type }).elementType),
    unsafe,
    find,
  );
  if (elements === undefined) return undefined;
  const type = collection(elements.type);
  const conversions = conversionsTo(types, type, unsafe, find);
  return conversions && { type, conversions };
}

function unifyObjectTypes(
  types: readonly Type[],
  unsafe: boolean,
  find: FindConversion,
  hasDynamic: boolean,
): Unification | undefined {
  if (hasDynamic) return unifyAllAsDynamic(types);
  // Same attribute names everywhere: unify attribute by attribute. Otherwise (or if that
  // conversion fails) try a map of all attribute types. Never a subset object type.
  const first = types[0] as Type & { kind: "object" };
  const names = Object.keys(first.attributeTypes).sort(compareUtf8);
  for (const t of types.slice(1)) {
    const attrs = (t as typeof first).attributeTypes;
    const other = Object.keys(attrs);
    if (other.length !== names.length || other.some((name) => attributeType(first, name) === undefined)) {
      return unifyObjectTypesToMap(types, unsafe, find);
    }
  }
  const attrs: Record<string, Type> = {};
  for (const name of names) {
    const across = unifyTypes(
      types.map((t) => (t as typeof first).attributeTypes[name] as Type),
      unsafe,
      find,
    );
    if (across === undefined) return undefined;
    attrs[name] = across.type;
  }
  const type = objectType(attrs);
  const conversions = conversionsTo(types, type, unsafe, find);
  return conversions ? { type, conversions } : unifyObjectTypesToMap(types, unsafe, find);
}

function unifyObjectTypesToMap(
  types: readonly Type[],
  unsafe: boolean,
  find: FindConversion,
): Unification | undefined {
  const attrTypes = types.flatMap((t) => {
    const attrs = (t as Type & { kind: "object" }).attributeTypes;
    return Object.keys(attrs)
      .sort(compareUtf8)
      .map((name) => attrs[name] as Type);
  });
  const element = unifyTypes(attrTypes, unsafe, find);
  if (element === undefined) return undefined;
  const type = mapType(element.type);
  const conversions = conversionsTo(types, type, unsafe, find);
  return conversions && { type, conversions };
}

function unifyTupleTypes(
  types: readonly Type[],
  unsafe: boolean,
  find: FindConversion,
  hasDynamic: boolean,
): Unification | undefined {
  if (hasDynamic) return unifyAllAsDynamic(types);
  const first = types[0] as Type & { kind: "tuple" };
  const length = first.elementTypes.length;
  if (types.some((t) => (t as typeof first).elementTypes.length !== length))
    return unifyTupleTypesToList(types, unsafe, find);
  const elementTypes: Type[] = [];
  for (let i = 0; i < length; i++) {
    const across = unifyTypes(
      types.map((t) => (t as typeof first).elementTypes[i] as Type),
      unsafe,
      find,
    );
    if (across === undefined) return undefined;
    elementTypes.push(across.type);
  }
  const type = tupleType(elementTypes);
  const conversions = conversionsTo(types, type, unsafe, find);
  return conversions ? { type, conversions } : unifyTupleTypesToList(types, unsafe, find);
}

function unifyTupleTypesToList(
  types: readonly Type[],
  unsafe: boolean,
  find: FindConversion,
): Unification | undefined {
  const elementTypes = types.flatMap((t) => (t as Type & { kind: "tuple" }).elementTypes);
  const element = unifyTypes(elementTypes, unsafe, find);
  if (element === undefined) return undefined;
  const type = listType(element.type);
  const conversions = conversionsTo(types, type, unsafe, find);
  return conversions && { type, conversions };
}
