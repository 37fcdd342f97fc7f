import type { PathStep, Value } from "@tfkit/cty-values";
import { indexStep, numberVal, rawEquals, stringVal, unrefinedDeep } from "@tfkit/cty-values";

/** One element of a known, non-null planned collection, with the path step that reaches it. */
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

/** Elements of a known, non-null collection (list, set, tuple, map or object-as-map). */
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
 */
export type SetMatching = "value" | "position";

/** The key values of an element, or `undefined` when the element or any key value is not known. */
export function keyOf(element: Value, keyBy: readonly string[]): Value[] | undefined {
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

/**
 * Finds the element of `other` (known, non-null) that corresponds to a planned element:
 * by key attributes when `keyBy` is non-empty, else by index (lists, tuples), map key, or for
 * sets by value or position. `used` (keyed matching) keeps one other element from matching twice.
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
    const els = other.elements();
    for (let i = 0; i < els.length; i++) {
      if (used?.has(i) === true) continue;
      const candidate = keyOf(els[i] as Value, keyBy);
      if (candidate !== undefined && sameKey(key, candidate)) {
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
    return els.find((e) => rawEquals(unrefinedDeep(e), want));
  }
  return els[planned.index];
}
