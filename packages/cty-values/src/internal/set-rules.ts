import { crc32String } from "./crc32.js";

/**
 * What a set needs to know about its elements (go-cty `set.Rules`).
 *
 * @remarks The set algorithms here know elements only through these rules, never as cty values,
 * so that equality (which compares sets) can use them without the set code importing equality.
 * @internal
 */
export interface SetRules<T> {
  /** The text whose CRC-32 picks an element's bucket (go-cty `Rules.Hash`). */
  hash(element: T): string;
  /** Whether two elements count as the same member (go-cty `Rules.Equivalent`). */
  equivalent(a: T, b: T): boolean;
}

/** An element with its hash text, as the ordering rule sees it. @internal */
export interface Hashed<T> {
  /** The element. */
  readonly value: T;
  /** Its {@link SetRules.hash} text. */
  readonly hash: string;
}

/** Set rules that also order the elements (go-cty `set.OrderedRules`). @internal */
export interface OrderedSetRules<T> extends SetRules<T> {
  /** Whether `a` sorts before `b` (go-cty `OrderedRules.Less`). */
  less(a: Hashed<T>, b: Hashed<T>): boolean;
}

const indexCache = new WeakMap<
  SetRules<never>,
  WeakMap<readonly unknown[], ReadonlyMap<string, unknown[]>>
>();

/**
 * The distinct elements in go-cty's iteration order (go-cty `set.NewSetFromSlice` then `Values`).
 *
 * @remarks Elements are grouped into buckets by the CRC-32 (IEEE) of their hash text; an element
 * joins its bucket only when no member there is equivalent to it. Buckets are concatenated in
 * ascending checksum order, insertion order within each, and the result is stable-sorted by
 * `less`.
 * @internal
 */
export function orderedSet<T>(rules: OrderedSetRules<T>, elements: readonly T[]): T[] {
  const buckets = new Map<number, Hashed<T>[]>();
  for (const value of elements) {
    const hash = rules.hash(value);
    const id = crc32String(hash);
    let bucket = buckets.get(id);
    if (bucket === undefined) {
      bucket = [];
      buckets.set(id, bucket);
    }
    if (bucket.some((h) => rules.equivalent(value, h.value))) continue;
    bucket.push({ value, hash });
  }
  const ids = [...buckets.keys()].sort((a, b) => a - b);
  const ordered: Hashed<T>[] = [];
  for (const id of ids) ordered.push(...(buckets.get(id) as Hashed<T>[]));
  // Array.prototype.sort is stable (ES2019), like Go's sort.SliceStable.
  ordered.sort((a, b) => (rules.less(a, b) ? -1 : rules.less(b, a) ? 1 : 0));
  return ordered.map((h) => h.value);
}

/**
 * Whether a set's stored elements hold one equivalent to `element` (go-cty `set.Has`).
 *
 * @remarks The elements are indexed by hash text once per array (arrays of stored elements are
 * frozen, so the index stays right).
 * @internal
 */
export function setHas<T>(rules: SetRules<T>, elements: readonly T[], element: T): boolean {
  let byRules = indexCache.get(rules as SetRules<never>);
  if (byRules === undefined) {
    byRules = new WeakMap();
    indexCache.set(rules as SetRules<never>, byRules);
  }
  let index = byRules.get(elements) as ReadonlyMap<string, T[]> | undefined;
  if (index === undefined) {
    const m = new Map<string, T[]>();
    for (const e of elements) {
      const h = rules.hash(e);
      const bucket = m.get(h);
      if (bucket === undefined) m.set(h, [e]);
      else bucket.push(e);
    }
    index = m;
    byRules.set(elements, m);
  }
  return index.get(rules.hash(element))?.some((e) => rules.equivalent(element, e)) === true;
}
