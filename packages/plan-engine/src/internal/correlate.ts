import type { PathStep, Value } from "@tfkit/cty-values";
import { indexStep, numberVal, rawEquals, setHashString, stringVal, unrefinedDeep } from "@tfkit/cty-values";

/** @internal One element of a known, non-null planned collection, with the path step that reaches it. */
export interface PlannedElement {
  /** Position in iteration order (lists, sets, tuples) or in key order (maps). */
  readonly index: number;
  /** Map key, for maps and objects. */
  readonly key: string | undefined;
  /** The element. */
  readonly value: Value;
  /** `[i]`, `["k"]` or the set element itself. */
  readonly step: PathStep;
}

/** @internal Elements of a known, non-null collection (list, set, tuple, map or object-as-map). */
export function elementsOf(collection: Value): PlannedElement[] {
  const k = collection.type.kind;
  if (k === "map" || k === "object") {
    return [...collection.entries()].map(([key, value], index) => ({
      index,
      key,
      value,
      step: indexStep(stringVal(key)),
    }));
  }
  return collection.elements().map((value, index) => ({
    index,
    key: undefined,
    value,
    step: k === "set" ? indexStep(value) : indexStep(numberVal(index)),
  }));
}

/**
 * How a set element finds its counterpart in another set: by value (tftypes `ElementKeyValue`,
 * what the Go framework's defaults and unknown marking do) or by position (what its plan
 * modifiers do, `setElemObject`).
 * @internal
 */
export type SetMatching = "value" | "position";

/** The key values of an element, or `undefined` when the element or any key value is not known. */
function keyOf(element: Value, keyBy: readonly string[]): Value[] | undefined {
  if (element.isNull() || !element.isKnown() || element.type.kind !== "object") return undefined;
  const out: Value[] = [];
  for (const name of keyBy) {
    if (!Object.hasOwn(element.type.attributeTypes, name)) return undefined;
    const v = element.getAttr(name);
    if (!v.isWhollyKnown()) return undefined;
    out.push(unrefinedDeep(v));
  }
  return out;
}

function sameKey(a: readonly Value[], b: readonly Value[]): boolean {
  return a.length === b.length && a.every((v, i) => rawEquals(v, b[i] as Value));
}

/** Elements of a collection bucketed by a hash, so lookups are not quadratic on large sets. */
interface Index {
  readonly buckets: Map<string, number[]>;
  readonly values: readonly (readonly Value[] | Value | undefined)[];
}

// Memoized per collection value (values are immutable); a WeakMap keeps no value alive.
const valueIndexes = new WeakMap<Value, Index>();
const keyIndexes = new WeakMap<Value, Map<string, Index>>();

function hashOf(parts: readonly Value[]): string {
  return parts.map((v) => setHashString(v)).join("\u0000");
}

function valueIndex(collection: Value): Index {
  let idx = valueIndexes.get(collection);
  if (idx === undefined) {
    const values = collection.elements().map((e) => unrefinedDeep(e));
    const buckets = new Map<string, number[]>();
    values.forEach((v, i) => {
      const h = hashOf([v]);
      const b = buckets.get(h);
      if (b === undefined) buckets.set(h, [i]);
      else b.push(i);
    });
    idx = { buckets, values };
    valueIndexes.set(collection, idx);
  }
  return idx;
}

function keyIndex(collection: Value, keyBy: readonly string[]): Index {
  const name = keyBy.join("\u0000");
  let perKey = keyIndexes.get(collection);
  if (perKey === undefined) {
    perKey = new Map();
    keyIndexes.set(collection, perKey);
  }
  let idx = perKey.get(name);
  if (idx === undefined) {
    const values = collection.elements().map((e) => keyOf(e, keyBy));
    const buckets = new Map<string, number[]>();
    values.forEach((k, i) => {
      if (k === undefined) return;
      const h = hashOf(k);
      const b = buckets.get(h);
      if (b === undefined) buckets.set(h, [i]);
      else b.push(i);
    });
    idx = { buckets, values };
    perKey.set(name, idx);
  }
  return idx;
}

/**
 * Finds the element of `other` (known, non-null) that corresponds to a planned element:
 * by key attributes when `keyBy` is non-empty, else by index (lists, tuples), map key, or for
 * sets by value or position. `used` (keyed matching) keeps one other element from matching twice.
 * @internal
 */
export function findCounterpart(
  other: Value,
  planned: PlannedElement,
  keyBy: readonly string[],
  setMatching: SetMatching,
  used?: Set<number>,
): Value | undefined {
  const k = other.type.kind;
  if (keyBy.length > 0 && (k === "list" || k === "set" || k === "tuple")) {
    const key = keyOf(planned.value, keyBy);
    if (key === undefined) return undefined;
    const idx = keyIndex(other, keyBy);
    const els = other.elements();
    for (const i of idx.buckets.get(hashOf(key)) ?? []) {
      if (used?.has(i) === true) continue;
      if (sameKey(key, idx.values[i] as readonly Value[])) {
        used?.add(i);
        return els[i];
      }
    }
    return undefined;
  }
  if (k === "map" || k === "object") {
    return planned.key === undefined ? undefined : other.entries().get(planned.key);
  }
  const els = other.elements();
  if (k === "set" && setMatching === "value") {
    const want = unrefinedDeep(planned.value);
    const idx = valueIndex(other);
    for (const i of idx.buckets.get(hashOf([want])) ?? []) {
      if (rawEquals(idx.values[i] as Value, want)) return els[i];
    }
    return undefined;
  }
  return els[planned.index];
}
