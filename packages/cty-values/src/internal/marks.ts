import { Value } from "../value.js";

/**
 * Mark helpers shared by the core files.
 * @internal
 */

/** @internal Does the value or anything inside it carry a mark (go-cty `ContainsMarked`)? */
export function containsMarked(v: Value): boolean {
  if (v.marks.size > 0) return true;
  const p = v.payload;
  if (Array.isArray(p)) return (p as readonly Value[]).some(containsMarked);
  if (p instanceof Map) {
    for (const e of (p as ReadonlyMap<string, Value>).values()) if (containsMarked(e)) return true;
  }
  return false;
}

/** @internal The value with the union of its own marks and the given mark sets (go-cty `WithMarks`). */
export function withMarks(v: Value, ...markSets: ReadonlySet<string>[]): Value {
  let extra = false;
  for (const s of markSets) {
    for (const m of s) {
      if (!v.marks.has(m)) {
        extra = true;
        break;
      }
    }
    if (extra) break;
  }
  if (!extra) return v;
  const all = new Set(v.marks);
  for (const s of markSets) for (const m of s) all.add(m);
  return new Value(v.type, v.payload, Object.freeze(all));
}

/** @internal The value without its own marks (shallow), keeping the payload. */
export function shallowUnmark(v: Value): Value {
  return v.marks.size === 0 ? v : new Value(v.type, v.payload);
}

/** @internal Do two mark sets hold the same marks? */
export function sameMarks(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const m of a) if (!b.has(m)) return false;
  return true;
}
