import { CtyError } from "./errors.js";
import type { CtyNumber } from "./number.js";
import { numberFrom } from "./number.js";
import {
  boolType,
  compareUtf8,
  dynamicType,
  emptyObjectType,
  emptyTupleType,
  listType,
  mapType,
  numberType,
  setType,
  sortedObjectType,
  stringType,
  type Type,
  tupleType,
  typeEquals,
} from "./type.js";

const VALUE_BRAND = Symbol.for("@tfkit/cty-values/Value");

/**
 * What is known about an unknown value (go-cty `cty.RefinementBuilder` results).
 *
 * @remarks Absent fields mean "nothing known". Infinite number bounds are never stored.
 * A definitely-null refinement is never stored either: such an unknown collapses to a null.
 * @category models
 */
export interface Refinement {
  /** The eventual value is definitely not null. */
  readonly notNull?: boolean;
  /** A string's known prefix. */
  readonly stringPrefix?: string;
  /** A number's lower bound. */
  readonly numberLowerBound?: NumberBound;
  /** A number's upper bound. */
  readonly numberUpperBound?: NumberBound;
  /** A collection's minimum length (default 0). */
  readonly lengthLowerBound?: number;
  /** A collection's maximum length (default unbounded). */
  readonly lengthUpperBound?: number;
}

/** One end of a number range. @category models */
export interface NumberBound {
  /** The bound itself: a known, finite number. */
  readonly value: CtyNumber;
  /** Whether the bound itself is in range. */
  readonly inclusive: boolean;
}

/** @internal Payload of a null value. */
export const NULL_PAYLOAD: unique symbol = Symbol("cty.null");

/** @internal Payload of an unknown value; `refinement` undefined means a plain unknown. */
export interface UnknownPayload {
  readonly unknown: true;
  readonly refinement: Refinement | undefined;
}

/** @internal Representation of a value's content. */
export type Payload =
  | typeof NULL_PAYLOAD
  | UnknownPayload
  | string
  | boolean
  | CtyNumber
  | readonly Value[]
  | ReadonlyMap<string, Value>;

const NO_MARKS: ReadonlySet<string> = Object.freeze(new Set<string>());
/**
 * Also empty, but says more: no mark here nor at any depth below. Only {@link markFreeDeep} sets
 * it; the constructor turns it back into {@link NO_MARKS}, so a value built from another one's
 * `marks` never inherits a promise about children it does not share.
 */
const NO_MARKS_DEEP: ReadonlySet<string> = Object.freeze(new Set<string>());
/** {@link NO_MARKS_DEEP}, and no unknown at any depth either (a decoded state or config). */
const NO_MARKS_DEEP_KNOWN: ReadonlySet<string> = Object.freeze(new Set<string>());
const PLAIN_UNKNOWN: UnknownPayload = Object.freeze({ unknown: true, refinement: undefined });

/**
 * A cty value: a type plus known content, null, or unknown; optionally marked.
 *
 * @remarks Values are immutable. Build them with the constructors ({@link stringVal},
 * {@link listVal}, {@link objectVal}, …), never with `new`. Lists, sets and tuples hold their
 * elements as an array (sets deduplicated, in go-cty's iteration order); maps and objects hold a
 * `Map` in ascending byte-wise key order.
 * @category models
 */
export class Value {
  /** The value's type. Always concrete except for `DynamicVal` and `nullVal(dynamicType)`. */
  readonly type: Type;
  /** @internal content; see {@link Payload}. */
  readonly payload: Payload;
  /** Marks carried by this value itself (not its elements), e.g. `"sensitive"`. */
  readonly marks: ReadonlySet<string>;
  /** @internal Use the constructors instead. */
  constructor(type: Type, payload: Payload, marks: ReadonlySet<string> = NO_MARKS) {
    this.type = type;
    this.payload = payload;
    this.marks = marks === NO_MARKS_DEEP || marks === NO_MARKS_DEEP_KNOWN ? NO_MARKS : marks;
  }

  /** Is the value null? Unknown values are not null (yet). */
  isNull(): boolean {
    return this.payload === NULL_PAYLOAD;
  }

  /** Is the value itself known? Its elements may still be unknown (see {@link Value.isWhollyKnown}). */
  isKnown(): boolean {
    return !isUnknownPayload(this.payload);
  }

  /** Is the value known all the way down? */
  isWhollyKnown(): boolean {
    if (this.marks === NO_MARKS_DEEP_KNOWN) return true;
    const p = this.payload;
    if (isUnknownPayload(p)) return false;
    if (Array.isArray(p)) return (p as readonly Value[]).every((v) => v.isWhollyKnown());
    if (p instanceof Map) {
      for (const v of p.values()) if (!v.isWhollyKnown()) return false;
    }
    return true;
  }

  /** The refinement of an unknown value (undefined for known values and plain unknowns). */
  get refinement(): Refinement | undefined {
    const p = this.payload;
    return isUnknownPayload(p) ? p.refinement : undefined;
  }

  /** Does this value itself carry any mark? */
  isMarked(): boolean {
    return this.marks.size > 0;
  }

  /** Does this value itself carry the given mark? */
  hasMark(mark: string): boolean {
    return this.marks.has(mark);
  }

  /**
   * The string content.
   * @throws {@link CtyError} when the value is not a known, non-null, unmarked string.
   */
  asString(): string {
    return this.#known("string") as string;
  }

  /**
   * The number content.
   * @throws {@link CtyError} when the value is not a known, non-null number.
   */
  asNumber(): CtyNumber {
    return this.#known("number") as CtyNumber;
  }

  /**
   * The bool content.
   * @throws {@link CtyError} when the value is not a known, non-null bool.
   */
  asBool(): boolean {
    return this.#known("bool") as boolean;
  }

  /**
   * The elements of a known list, set or tuple (sets in go-cty iteration order).
   * @throws {@link CtyError} for other kinds, nulls and unknowns.
   */
  elements(): readonly Value[] {
    const k = this.type.kind;
    if (k !== "list" && k !== "set" && k !== "tuple") {
      throw new CtyError("invalid_value", `elements() called on ${k} value`);
    }
    return this.#known(k) as readonly Value[];
  }

  /**
   * The entries of a known map or object, in ascending byte-wise key order.
   * @throws {@link CtyError} for other kinds, nulls and unknowns.
   */
  entries(): ReadonlyMap<string, Value> {
    const k = this.type.kind;
    if (k !== "map" && k !== "object") throw new CtyError("invalid_value", `entries() called on ${k} value`);
    return this.#known(k) as ReadonlyMap<string, Value>;
  }

  /**
   * An attribute of a known object value.
   * @throws {@link CtyError} when the value is not an object or has no such attribute.
   */
  getAttr(name: string): Value {
    if (this.type.kind !== "object")
      throw new CtyError("invalid_value", `getAttr() called on ${this.type.kind} value`);
    const v = (this.#known("object") as ReadonlyMap<string, Value>).get(name);
    if (v === undefined) throw new CtyError("invalid_value", `object has no attribute "${name}"`);
    return v;
  }

  /** Number of stored elements of a known collection or tuple (go-cty `LengthInt`). */
  lengthInt(): number {
    const p = this.#known(this.type.kind);
    if (Array.isArray(p)) return p.length;
    if (p instanceof Map) return p.size;
    throw new CtyError("invalid_value", `lengthInt() called on ${this.type.kind} value`);
  }

  #known(kind: string): Payload {
    if (this.type.kind !== kind)
      throw new CtyError("invalid_value", `${kind} value required, got ${this.type.kind}`);
    if (this.payload === NULL_PAYLOAD) throw new CtyError("invalid_value", `value is null`);
    if (isUnknownPayload(this.payload)) throw new CtyError("invalid_value", `value is unknown`);
    return this.payload;
  }
}

// The brand lives on the prototype, not on each instance: values are allocated by the million when
// decoding large states, and a per-instance field costs memory and GC time.
Object.defineProperty(Value.prototype, VALUE_BRAND, { value: true });

/** @internal */
export function isUnknownPayload(p: Payload): p is UnknownPayload {
  return typeof p === "object" && p !== null && (p as UnknownPayload).unknown === true && !(p instanceof Map);
}

/** Reports whether something is a cty {@link Value} (brand check, safe across module copies). @category guards */
export function isValue(u: unknown): u is Value {
  return typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[VALUE_BRAND] === true;
}

// ---------------------------------------------------------------------------------------------
// Constructors

/** A known string, NFC-normalized (go-cty `StringVal`). @category constructors */
export function stringVal(s: string): Value {
  return new Value(stringType, s.normalize("NFC"));
}

/**
 * A known number (go-cty `NumberIntVal`/`NumberFloatVal`/`ParseNumberVal`).
 *
 * @remarks A JS safe integer or a `bigint` is exact (integer precision); any other JS number
 * is a float64 (53-bit precision); a string is parsed at 512 bits as HCL and JSON do.
 * @example
 * ```ts
 * numberVal(42); numberVal(1.5); numberVal("0.1"); numberVal(2n ** 70n)
 * ```
 * @throws {@link CtyError} with code `"number"` for NaN or an unparsable string.
 * @category constructors
 */
export function numberVal(n: number | bigint | string | CtyNumber): Value {
  return new Value(numberType, numberFrom(n));
}

/** The bool `true`. @category constructors */
export const True: Value = new Value(boolType, true);
/** The bool `false`. @category constructors */
export const False: Value = new Value(boolType, false);

/** A known bool. @category constructors */
export function boolVal(b: boolean): Value {
  return b ? True : False;
}

/** A null of the given type (go-cty `NullVal`). @category constructors */
export function nullVal(type: Type): Value {
  return new Value(type, NULL_PAYLOAD);
}

/** A plain (unrefined) unknown of the given type (go-cty `UnknownVal`). @category constructors */
export function unknownVal(type: Type): Value {
  return new Value(type, PLAIN_UNKNOWN);
}

/** @internal An unknown carrying an already-validated refinement. */
export function refinedUnknownVal(type: Type, refinement: Refinement | undefined): Value {
  if (refinement === undefined) return unknownVal(type);
  return new Value(type, Object.freeze({ unknown: true, refinement: Object.freeze({ ...refinement }) }));
}

/** The unknown value of unknown type (go-cty `DynamicVal`); never refined. @category constructors */
export const DynamicVal: Value = unknownVal(dynamicType);

/** @internal The one type a collection's elements share (`dynamic` when none is concrete). */
export function commonElementType(elements: readonly Value[], what: string): Type {
  let t: Type | undefined;
  for (const e of elements) {
    if (e.type.kind === "dynamic") continue;
    if (t === undefined) t = e.type;
    else if (!typeEquals(t, e.type))
      throw new CtyError("invalid_value", `inconsistent ${what} element types`);
  }
  return t ?? dynamicType;
}

/**
 * A `DynamicVal` or `nullVal(dynamicType)` element takes the collection's element type, as go-cty
 * stores only the raw unknown/null and reads it back with the collection's element type.
 * @internal
 */
export function asElementType(e: Value, t: Type): Value {
  if (e.type.kind !== "dynamic" || t.kind === "dynamic") return e;
  return new Value(t, e.payload, e.marks);
}

/**
 * A known list of one or more elements sharing one type (go-cty `ListVal`).
 * @throws {@link CtyError} when empty (use {@link listValEmpty}) or element types differ.
 * @category constructors
 */
export function listVal(elements: readonly Value[]): Value {
  if (elements.length === 0) throw new CtyError("invalid_value", "must not call listVal with empty slice");
  const t = commonElementType(elements, "list");
  return new Value(listType(t), Object.freeze(elements.map((e) => asElementType(e, t))));
}

/** An empty list of the given element type. @category constructors */
export function listValEmpty(elementType: Type): Value {
  return new Value(listType(elementType), EMPTY_ARRAY);
}

// setVal is in set.ts: removing duplicates needs set rules and equality, which build on values.

/** An empty set of the given element type. @category constructors */
export function setValEmpty(elementType: Type): Value {
  return new Value(setType(elementType), EMPTY_ARRAY);
}

/**
 * A known map of one or more entries sharing one type (go-cty `MapVal`). Keys are NFC-normalized.
 * @throws {@link CtyError} when empty (use {@link mapValEmpty}) or element types differ.
 * @category constructors
 */
export function mapVal(entries: Readonly<Record<string, Value>> | ReadonlyMap<string, Value>): Value {
  const m = sortedEntries(entries);
  if (m.size === 0) throw new CtyError("invalid_value", "must not call mapVal with empty map");
  const t = commonElementType([...m.values()], "map");
  let typed = m;
  if (t.kind !== "dynamic" && [...m.values()].some((e) => e.type.kind === "dynamic")) {
    typed = new Map([...m].map(([k, e]) => [k, asElementType(e, t)] as const));
  }
  return new Value(mapType(t), typed);
}

/** An empty map of the given element type. @category constructors */
export function mapValEmpty(elementType: Type): Value {
  return new Value(mapType(elementType), EMPTY_MAP);
}

/**
 * A known object; its type is the plain object type of the attribute values (go-cty `ObjectVal`).
 * @category constructors
 */
export function objectVal(attributes: Readonly<Record<string, Value>> | ReadonlyMap<string, Value>): Value {
  const m = sortedEntries(attributes);
  if (m.size === 0) return new Value(emptyObjectType, m);
  // The names are sorted and NFC already: build the type without sorting them again.
  const attrTypes: Record<string, Type> = Object.create(null);
  for (const [k, v] of m) attrTypes[k] = v.type;
  return new Value(sortedObjectType(attrTypes), m);
}

/**
 * The known object `object` with some attributes replaced; every other attribute is kept.
 *
 * @remarks Cheaper than building the object anew with {@link objectVal}: when each replacement
 * has exactly the type of the attribute it replaces (a value turned unknown or null of its type,
 * a default filled in), the result keeps `object`'s type and its attribute order, with no
 * sorting and no new type. Otherwise it is `objectVal` of the merged attributes. Marks on
 * `object` itself are not carried over.
 * @throws {@link CtyError} with code `"invalid_value"` when `object` is not a known object or a
 * replacement names an attribute it does not have.
 * @example
 * ```ts
 * const planned = replaceAttributes(proposed, new Map([["id", unknownVal(stringType)]]));
 * ```
 * @category combinators
 */
export function replaceAttributes(object: Value, replacements: ReadonlyMap<string, Value>): Value {
  if (object.type.kind !== "object" || object.isNull() || !object.isKnown()) {
    throw new CtyError("invalid_value", "replaceAttributes needs a known object value");
  }
  if (replacements.size === 0) return object;
  const attrs = object.entries();
  if (replacements.size === attrs.size) {
    // Every attribute given (a whole object rebuilt): one pass in the object's own order.
    const all = new Map<string, Value>();
    let same = true;
    for (const [name, old] of attrs) {
      const v = replacements.get(name);
      if (v === undefined) {
        same = false;
        break;
      }
      if (v.type !== old.type && !typeEquals(v.type, old.type)) same = false;
      all.set(name, v);
    }
    if (same) return new Value(object.type, all);
  }
  const out = new Map(attrs);
  let sameType = true;
  for (const [name, v] of replacements) {
    const old = attrs.get(name);
    if (old === undefined) throw new CtyError("invalid_value", `the object has no attribute "${name}"`);
    if (v.type !== old.type && !typeEquals(v.type, old.type)) sameType = false;
    out.set(name, v);
  }
  return sameType ? new Value(object.type, out) : objectVal(out);
}

/** The empty object value (go-cty `EmptyObjectVal`). @category constructors */
export const EmptyObjectVal: Value = objectVal({});

/** A known tuple (go-cty `TupleVal`). @category constructors */
export function tupleVal(elements: readonly Value[]): Value {
  if (elements.length === 0) return EmptyTupleVal;
  return new Value(tupleType(elements.map((e) => e.type)), Object.freeze([...elements]));
}

/** The empty tuple value (go-cty `EmptyTupleVal`). @category constructors */
export const EmptyTupleVal: Value = new Value(emptyTupleType, Object.freeze([]));

const EMPTY_ARRAY: readonly Value[] = Object.freeze([]);
const EMPTY_MAP: ReadonlyMap<string, Value> = new Map();

function sortedEntries(
  entries: Readonly<Record<string, Value>> | ReadonlyMap<string, Value>,
): ReadonlyMap<string, Value> {
  const src = entries instanceof Map ? entries : new Map(Object.entries(entries));
  // Fast path, the common case (names from a schema, in order): ASCII names (NFC as they are)
  // already in byte order need no normalising and no sort, only a copy.
  let prev: string | undefined;
  let ordered = true;
  for (const k of src.keys()) {
    if (!isAscii(k) || (prev !== undefined && compareUtf8(prev, k) >= 0)) {
      ordered = false;
      break;
    }
    prev = k;
  }
  if (ordered) return new Map(src);
  const pairs: [string, Value][] = [];
  for (const [k, v] of src) pairs.push([k.normalize("NFC"), v]);
  pairs.sort((a, b) => compareUtf8(a[0], b[0]));
  return new Map(pairs);
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Marks (go-cty `Mark`, `Unmark`, `UnmarkDeep`)

/** @internal A frozen copy of a mark set (the shared empty set when there are none). */
export function freezeMarks(m: ReadonlySet<string>): ReadonlySet<string> {
  return m.size === 0 ? NO_MARKS : Object.freeze(new Set(m));
}

/** The value with extra marks on itself (go-cty `Mark`/`WithMarks`). @category combinators */
export function mark(v: Value, ...marks: string[]): Value {
  if (marks.every((m) => v.marks.has(m))) return v;
  return new Value(v.type, v.payload, freezeMarks(new Set([...v.marks, ...marks])));
}

/** The value without its own marks, and those marks (go-cty `Unmark`). @category combinators */
export function unmark(v: Value): [Value, ReadonlySet<string>] {
  if (v.marks.size === 0) return [v, NO_MARKS];
  return [new Value(v.type, v.payload), v.marks];
}

/**
 * @internal The value, known to carry no mark at any depth (decoders call it on their result: the
 * wire has no marks), flagged so that {@link unmarkDeep} answers it without a walk. A collection
 * comes back as a new `Value` with the same payload (values are immutable, so the flag never goes
 * stale); a leaf, whose walk is one check, comes back as it is. `whollyKnown` says the decoder
 * met no unknown either, so {@link Value.isWhollyKnown} answers without a walk too.
 */
export function markFreeDeep(v: Value, whollyKnown = false): Value {
  const p = v.payload;
  if (v.marks.size > 0 || !(Array.isArray(p) || p instanceof Map)) return v;
  const flagged = new Value(v.type, p);
  // The constructor refuses the flags from callers; this is the one place that sets them.
  (flagged as { marks: ReadonlySet<string> }).marks = whollyKnown ? NO_MARKS_DEEP_KNOWN : NO_MARKS_DEEP;
  return flagged;
}

/**
 * @internal Whether the value is flagged as decoded with no mark and no unknown at any depth:
 * a check that costs nothing, for walks that have nothing to do on such a value. `false` says
 * nothing (the value may still be wholly known).
 */
export function decodedWhollyKnown(v: Value): boolean {
  return v.marks === NO_MARKS_DEEP_KNOWN;
}

/** The value with every mark removed at every depth (go-cty `UnmarkDeep`). @category combinators */
export function unmarkDeep(v: Value): Value {
  return v.marks === NO_MARKS_DEEP || v.marks === NO_MARKS_DEEP_KNOWN ? v : strip(v, undefined);
}

/** @internal Unmarks deeply and returns the union of every removed mark. */
export function unmarkDeepCollect(v: Value): [Value, ReadonlySet<string>] {
  if (v.marks === NO_MARKS_DEEP || v.marks === NO_MARKS_DEEP_KNOWN) return [v, NO_MARKS];
  const found = new Set<string>();
  const out = strip(v, found);
  return [out, freezeMarks(found)];
}

/** @internal The entries of a map before the given key (in its order), as a new map. */
export function prefixOf(m: ReadonlyMap<string, Value>, key: string): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const [k, e] of m) {
    if (k === key) break;
    out.set(k, e);
  }
  return out;
}

function strip(v: Value, found: Set<string> | undefined): Value {
  if (found !== undefined) for (const m of v.marks) found.add(m);
  const p = v.payload;
  // Nothing is allocated until something changes: most values carry no mark at all.
  if (Array.isArray(p)) {
    const els = p as readonly Value[];
    let out: Value[] | undefined;
    for (let i = 0; i < els.length; i++) {
      const e = els[i] as Value;
      const s = strip(e, found);
      if (out === undefined && s !== e) out = els.slice(0, i);
      out?.push(s);
    }
    if (out === undefined) return v.marks.size > 0 ? new Value(v.type, p) : v;
    return new Value(v.type, Object.freeze(out));
  }
  if (p instanceof Map) {
    const m = p as ReadonlyMap<string, Value>;
    let out: Map<string, Value> | undefined;
    for (const [k, e] of m) {
      const s = strip(e, found);
      if (out === undefined && s !== e) out = prefixOf(m, k);
      out?.set(k, s);
    }
    if (out === undefined) return v.marks.size > 0 ? new Value(v.type, p) : v;
    return new Value(v.type, out);
  }
  return v.marks.size > 0 ? new Value(v.type, p) : v;
}
