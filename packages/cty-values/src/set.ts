import { equals } from "./equality.js";
import { CtyError } from "./errors.js";
import { crc32String } from "./internal/crc32.js";
import { goQuote } from "./internal/go-quote.js";
import { withMarks } from "./internal/marks.js";
import { unknownBool } from "./internal/number-compare.js";
import type { CtyNumber } from "./number.js";
import { compareUtf8, type Type, typeEquals } from "./type.js";
import { False, True, unmark, type Value } from "./value.js";

/**
 * The string go-cty hashes to bucket a value inside a set (go-cty `appendSetHashBytes`).
 *
 * @remarks Unknown → `?`, null → `~`, number → `big.Float.String()` (10 significant digits),
 * bool → `T`/`F`, string → Go `%q`, list/set → `[e;…]`, map → `{"k":v;…}`, object → `<v;…>` in
 * attribute-name order, tuple → `<e;…>`. Marks are ignored. Elements whose hash strings differ
 * land in different buckets; the CRC-32 of this string decides the bucket order.
 * @example
 * ```ts
 * setHashString(objectVal({ n: numberVal(10), s: stringVal("b") })) // '<10;"b";>'
 * ```
 * @category combinators
 */
export function setHashString(v: Value): string {
  // Values are immutable, so a value's hash string can be remembered.
  let h = hashCache.get(v);
  if (h === undefined) {
    const parts: string[] = [];
    appendHash(v, parts);
    h = parts.join("");
    hashCache.set(v, h);
  }
  return h;
}

const hashCache = new WeakMap<Value, string>();
const indexCache = new WeakMap<readonly Value[], ReadonlyMap<string, readonly Value[]>>();

function appendHash(v: Value, out: string[]): void {
  if (!v.isKnown()) {
    out.push("?");
    return;
  }
  if (v.isNull()) {
    out.push("~");
    return;
  }
  const p = v.payload;
  switch (v.type.kind) {
    case "number":
      out.push((p as CtyNumber).hashString());
      return;
    case "bool":
      out.push(p === true ? "T" : "F");
      return;
    case "string":
      out.push(goQuote(p as string));
      return;
    case "map":
      out.push("{");
      for (const [k, e] of p as ReadonlyMap<string, Value>) {
        out.push(goQuote(k), ":");
        appendHash(e, out);
        out.push(";");
      }
      out.push("}");
      return;
    case "list":
    case "set":
      out.push("[");
      for (const e of p as readonly Value[]) {
        appendHash(e, out);
        out.push(";");
      }
      out.push("]");
      return;
    case "object":
      out.push("<");
      for (const e of (p as ReadonlyMap<string, Value>).values()) {
        appendHash(e, out);
        out.push(";");
      }
      out.push(">");
      return;
    case "tuple":
      out.push("<");
      for (const e of p as readonly Value[]) {
        appendHash(e, out);
        out.push(";");
      }
      out.push(">");
      return;
    case "dynamic":
      // A known value never has the dynamic type; only DynamicVal and null-of-dynamic do.
      out.push("?");
      return;
  }
}

/** Go `Equivalent`: same only when `Equals` is a known `true`. */
function equivalent(a: Value, b: Value): boolean {
  const r = equals(a, b);
  return r.isKnown() && !r.isNull() && r.payload === true;
}

interface Hashed {
  readonly value: Value;
  readonly hash: string;
}

/**
 * Deduplicates set elements and puts them in go-cty's iteration order.
 *
 * @remarks Elements are grouped into buckets by the CRC-32 (IEEE) of {@link setHashString};
 * an element joins its bucket only when no member there is known-`true` `Equals` to it (so
 * unknowns, and elements containing unknowns, never merge). Buckets are concatenated in ascending
 * checksum order, insertion order within each, and the result is stable-sorted with go-cty's
 * `setRules.Less`.
 * @internal
 */
export function canonicalSetElements(elements: readonly Value[]): Value[] {
  const buckets = new Map<number, Hashed[]>();
  for (const value of elements) {
    const hash = setHashString(value);
    const id = crc32String(hash);
    let bucket = buckets.get(id);
    if (bucket === undefined) {
      bucket = [];
      buckets.set(id, bucket);
    }
    if (bucket.some((h) => equivalent(value, h.value))) continue;
    bucket.push({ value, hash });
  }
  const ids = [...buckets.keys()].sort((a, b) => a - b);
  const ordered: Hashed[] = [];
  for (const id of ids) ordered.push(...(buckets.get(id) as Hashed[]));
  const kind = elementKind(elements);
  // Array.prototype.sort is stable (ES2019), like Go's sort.SliceStable.
  ordered.sort((a, b) => (setLess(kind, a, b) ? -1 : setLess(kind, b, a) ? 1 : 0));
  return ordered.map((h) => h.value);
}

/** @internal Does a known set (given as its stored elements) hold an element equivalent to `v` (go-cty `set.Has`)? */
export function setHas(elements: readonly Value[], v: Value): boolean {
  let index = indexCache.get(elements);
  if (index === undefined) {
    const m = new Map<string, Value[]>();
    for (const e of elements) {
      const h = setHashString(e);
      const bucket = m.get(h);
      if (bucket === undefined) m.set(h, [e]);
      else bucket.push(e);
    }
    index = m;
    indexCache.set(elements, m);
  }
  return index.get(setHashString(v))?.some((e) => equivalent(v, e)) === true;
}

function elementKind(elements: readonly Value[]): Type["kind"] {
  for (const e of elements) if (e.type.kind !== "dynamic") return e.type.kind;
  return "dynamic";
}

/**
 * go-cty `setRules.Less`.
 *
 * go-cty first returns false for `RawEquals` elements; that check is left out because it never
 * changes the answer here: two elements of one set are never both known-equal primitives, and
 * `RawEquals` composites have equal hash strings, unknowns never sort before anything, and a set
 * holds at most one null.
 */
function setLess(kind: Type["kind"], a: Hashed, b: Hashed): boolean {
  const v1 = a.value;
  const v2 = b.value;
  // Nulls sort after everything else, then unknowns after known values.
  if (v2.isNull() && !v1.isNull()) return true;
  if (v1.isNull()) return false;
  if (v1.isKnown() && !v2.isKnown()) return true;
  if (!v1.isKnown()) return false;
  switch (kind) {
    case "string":
      return compareUtf8(v1.payload as string, v2.payload as string) < 0;
    case "bool":
      return v1.payload !== true && v2.payload === true;
    case "number":
      return (v1.payload as CtyNumber).cmp(v2.payload as CtyNumber) < 0;
    default:
      return compareUtf8(a.hash, b.hash) < 0;
  }
}

/**
 * Whether a set contains an element (go-cty `Value.HasElement`), as a cty bool.
 *
 * @remarks Unknown when the set or the element is unknown, or when no known member matches but
 * the set is not wholly known (an unknown member may turn out equal); `False` when the element's
 * type cannot be in the set. Marks on either operand move to the result.
 * @example
 * ```ts
 * hasElement(setVal([stringVal("a")]), stringVal("a")) // True
 * ```
 * @throws {@link CtyError} with code `"invalid_value"` for a null or non-set value.
 * @category combinators
 */
export function hasElement(set: Value, elem: Value): Value {
  if (set.marks.size > 0 || elem.marks.size > 0) {
    const [s, sm] = unmark(set);
    const [e, em] = unmark(elem);
    return withMarks(hasElement(s, e), sm, em);
  }
  const t = set.type;
  if (set.isNull()) throw new CtyError("invalid_value", "cannot HasElement on null value");
  if (!set.isKnown()) return unknownBool();
  if (t.kind !== "set") throw new CtyError("invalid_value", "not a set type");
  if (
    elem.type.kind !== "dynamic" &&
    t.elementType.kind !== "dynamic" &&
    !typeEquals(elem.type, t.elementType)
  ) {
    return False;
  }
  if (!elem.isKnown()) return unknownBool();
  const noMatch = set.isWhollyKnown() ? False : unknownBool();
  if (!typeEquals(t.elementType, elem.type)) return False;
  return setHas(set.payload as readonly Value[], elem) ? True : noMatch;
}
