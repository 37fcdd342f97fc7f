import { canonicalSetElements, setVal } from "../set.js";
import { attributeNames } from "./attribute-names.js";
import {
  compareUtf8,
  type ListType,
  type MapType,
  type ObjectType,
  type SetType,
  stringType,
  type TupleType,
  type Type,
} from "../type.js";
import { listVal, mapVal, objectVal, tupleVal, Value } from "../value.js";

/**
 * Collection and structural constructors for the decoders.
 *
 * A decoded value whose every element already carries exactly the expected element type (the
 * same type object: primitives are singletons, and nested values built here reuse the expected
 * type) can reuse the expected type and skip the public constructors' type inference, key
 * normalization and sorting. Anything else (dynamic elements, optional attributes, unsorted or
 * non-ASCII map keys) goes through the public constructors, so the result is identical either
 * way. Decoded values carry no marks.
 * @internal
 */

/** A list of one or more decoded elements. @internal */
export function buildList(t: ListType, elements: Value[]): Value {
  const et = t.elementType;
  for (const e of elements) if (e.type !== et) return listVal(elements);
  return new Value(t, Object.freeze(elements));
}

/** A set of one or more decoded elements (duplicates removed, cty order). @internal */
export function buildSet(t: SetType, elements: Value[]): Value {
  const et = t.elementType;
  for (const e of elements) if (e.type !== et) return setVal(elements);
  if (et === stringType && strictlyAscendingStrings(elements)) return new Value(t, Object.freeze(elements));
  return new Value(t, Object.freeze(canonicalSetElements(elements)));
}

/**
 * Whether every element is a known, non-null string and each sorts byte-wise after the one
 * before. go-cty orders such a set by `setRules.Less`, which for known strings is byte-wise
 * order, and distinct (NFC, as decoded) strings are never equal: the canonical order is then the
 * input order, which is how go-cty writes string sets, so hashing can be skipped.
 */
function strictlyAscendingStrings(elements: readonly Value[]): boolean {
  let prev: string | undefined;
  for (const e of elements) {
    const p = e.payload;
    if (typeof p !== "string" || e.marks.size > 0) return false;
    if (prev !== undefined && compareUtf8(prev, p) >= 0) return false;
    prev = p;
  }
  return true;
}

/** A tuple with one decoded element per element type. @internal */
export function buildTuple(t: TupleType, elements: Value[]): Value {
  const ets = t.elementTypes;
  for (let i = 0; i < elements.length; i++)
    if ((elements[i] as Value).type !== ets[i]) return tupleVal(elements);
  return new Value(t, Object.freeze(elements));
}

/**
 * An object from decoded attributes (every attribute of `t` present, in any order).
 * @internal
 */
export function buildObject(t: ObjectType, attributes: Map<string, Value>): Value {
  if (t.optional.size > 0) return objectVal(attributes);
  const ordered = new Map<string, Value>();
  for (const name of attributeNames(t)) {
    const v = attributes.get(name);
    if (v === undefined || v.type !== t.attributeTypes[name]) return objectVal(attributes);
    ordered.set(name, v);
  }
  if (ordered.size !== attributes.size) return objectVal(attributes);
  return new Value(t, ordered);
}

/**
 * A map of one or more decoded entries. `keysReady` says the keys arrived distinct, ASCII (so
 * already NFC) and in ascending byte order, as go-cty writes them.
 * @internal
 */
export function buildMap(t: MapType, entries: Map<string, Value>, keysReady: boolean): Value {
  if (!keysReady) return mapVal(entries);
  const et: Type = t.elementType;
  for (const v of entries.values()) if (v.type !== et) return mapVal(entries);
  return new Value(t, entries);
}
