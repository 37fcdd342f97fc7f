import { testConformance } from "./conformance.js";
import { CtyError } from "./errors.js";
import { withMarks } from "./internal/marks.js";
import {
  isFalse,
  isTrue,
  numberGreaterOrEqual,
  numberGreaterThan,
  numberLessOrEqual,
  numberLessThan,
  unknownBool,
} from "./internal/number-compare.js";
import { safeKnownPrefix } from "./internal/safe-prefix.js";
import { CtyNumber, isCtyNumber } from "./number.js";
import { numberType, setType, type Type } from "./type.js";
import { typeGoString, valueGoString } from "./type-format.js";
import {
  decodedWhollyKnown,
  False,
  listVal,
  listValEmpty,
  mapValEmpty,
  type NumberBound,
  nullVal,
  numberVal,
  prefixOf,
  type Refinement,
  refinedUnknownVal,
  setValEmpty,
  True,
  unknownVal,
  unmark,
  unmarkDeep,
  Value,
} from "./value.js";

/** go-cty's `math.MaxInt` default upper bound for collection lengths, as a cty number. */
const MAX_INT = 2n ** 63n - 1n;

/** @internal Which refinement fields apply to a type. */
export type WipKind = "string" | "number" | "collection" | "nullable";

/** @internal Work-in-progress refinement (go-cty `unknownValRefinement`). */
export interface Wip {
  /** Which fields apply. */
  readonly kind: WipKind;
  /** `true` definitely null, `false` definitely not null, undefined unknown. */
  isNull: boolean | undefined;
  /** Known string prefix. */
  prefix: string;
  /** Number lower bound. */
  min: NumberBound | undefined;
  /** Number upper bound. */
  max: NumberBound | undefined;
  /** Collection minimum length. */
  minLen: number;
  /** `Infinity` stands for go-cty's `math.MaxInt` (no upper bound). */
  maxLen: number;
}

function wipKind(t: Type): WipKind | undefined {
  switch (t.kind) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "list":
    case "set":
    case "map":
      return "collection";
    case "bool":
    case "object":
    case "tuple":
      return "nullable";
    default:
      return undefined;
  }
}

function emptyWip(kind: WipKind): Wip {
  return {
    kind,
    isNull: undefined,
    prefix: "",
    min: undefined,
    max: undefined,
    minLen: 0,
    maxLen: Number.POSITIVE_INFINITY,
  };
}

function wipFromRefinement(kind: WipKind, r: Refinement): Wip {
  const w = emptyWip(kind);
  if (r.notNull === true) w.isNull = false;
  if (r.stringPrefix !== undefined) w.prefix = r.stringPrefix;
  w.min = r.numberLowerBound;
  w.max = r.numberUpperBound;
  if (r.lengthLowerBound !== undefined) w.minLen = r.lengthLowerBound;
  if (r.lengthUpperBound !== undefined) w.maxLen = r.lengthUpperBound;
  return w;
}

function wipToRefinement(w: Wip): Refinement {
  const r: {
    notNull?: boolean;
    stringPrefix?: string;
    numberLowerBound?: NumberBound;
    numberUpperBound?: NumberBound;
    lengthLowerBound?: number;
    lengthUpperBound?: number;
  } = {};
  if (w.isNull === false) r.notNull = true;
  if (w.kind === "string" && w.prefix !== "") r.stringPrefix = w.prefix;
  if (w.kind === "number") {
    if (w.min !== undefined) r.numberLowerBound = Object.freeze({ ...w.min });
    if (w.max !== undefined) r.numberUpperBound = Object.freeze({ ...w.max });
  }
  if (w.kind === "collection") {
    if (w.minLen !== 0) r.lengthLowerBound = w.minLen;
    if (w.maxLen !== Number.POSITIVE_INFINITY) r.lengthUpperBound = w.maxLen;
  }
  return r;
}

function refinementError(message: string): CtyError {
  return new CtyError("refinement", message);
}

function toNumberValue(n: Value | CtyNumber | number | bigint): Value {
  if (typeof n === "number" || typeof n === "bigint" || isCtyNumber(n))
    return numberVal(n as number | bigint | CtyNumber);
  return n;
}

/**
 * Builds a refined value: narrows what an unknown value may turn into (go-cty `RefinementBuilder`).
 *
 * @remarks Obtained from {@link refine}. Every method only narrows: a looser refinement than the
 * current one is ignored, a contradictory one throws `CtyError("refinement")` (go-cty panics).
 * On a known value the methods are assertions and {@link RefinementBuilder.newValue} returns the
 * value unchanged. On `DynamicVal` everything is silently ignored. Marks on the original value are
 * kept.
 * @category constructors
 */
export class RefinementBuilder {
  readonly #orig: Value;
  readonly #marks: ReadonlySet<string>;
  readonly #wip: Wip | undefined;

  /** @internal Use {@link refine}. */
  constructor(v: Value) {
    const [orig, marks] = unmark(v);
    this.#orig = orig;
    this.#marks = marks;
    const kind = wipKind(orig.type);
    const existing = orig.refinement;
    if (!orig.isKnown() && orig.type.kind === "dynamic") {
      this.#wip = undefined; // DynamicVal: never refined
    } else if (existing !== undefined && kind !== undefined) {
      this.#wip = wipFromRefinement(kind, existing);
    } else if (kind !== undefined) {
      this.#wip = emptyWip(kind);
    } else if (orig.type.kind === "dynamic" && orig.isNull()) {
      const w = emptyWip("nullable");
      w.isNull = true;
      this.#wip = w;
    } else {
      throw refinementError(`cannot refine a ${typeGoString(orig.type)} value`);
    }
  }

  #refinable(): Wip | undefined {
    return this.#wip;
  }

  #need(kind: WipKind, what: string): Wip | undefined {
    const w = this.#refinable();
    if (w === undefined) return undefined;
    if (w.kind !== kind)
      throw refinementError(`cannot refine ${what} for a ${typeGoString(this.#orig.type)} value`);
    return w;
  }

  /** The eventual value is definitely not null. */
  notNull(): this {
    const w = this.#refinable();
    if (w === undefined) return this;
    if ((this.#orig.isKnown() && this.#orig.isNull()) || w.isNull === true) {
      throw refinementError("refining null value as non-null");
    }
    w.isNull = false;
    return this;
  }

  /** The eventual value is definitely null (the result collapses to a known null). */
  null(): this {
    const w = this.#refinable();
    if (w === undefined) return this;
    if ((this.#orig.isKnown() && !this.#orig.isNull()) || w.isNull === false) {
      throw refinementError("refining non-null value as null");
    }
    w.isNull = true;
    return this;
  }

  /**
   * The eventual string starts with `prefix`, minus any trailing characters later text could
   * combine with (go-cty `StringPrefix`, using `ctystrings.SafeKnownPrefix`).
   */
  stringPrefix(prefix: string): this {
    return this.stringPrefixFull(safeKnownPrefix(prefix));
  }

  /** The eventual string starts with exactly `prefix` (NFC-normalized; go-cty `StringPrefixFull`). */
  stringPrefixFull(prefix: string): this {
    const w = this.#need("string", "string prefix");
    if (w === undefined) return this;
    const p = prefix.normalize("NFC");
    const o = this.#orig;
    if (o.isKnown() && !o.isNull()) {
      const have = o.payload as string;
      if (!(have.startsWith(p) || p.startsWith(have))) {
        throw refinementError("refined prefix is inconsistent with known value");
      }
    }
    if (!(w.prefix.startsWith(p) || p.startsWith(w.prefix))) {
      throw refinementError("refined prefix is inconsistent with previous refined prefix");
    }
    if (p.length > w.prefix.length) w.prefix = p;
    return this;
  }

  /**
   * The eventual number is at least (or, exclusive, greater than) `min`. An unknown `min` is
   * ignored; `-Infinity` means unbounded.
   */
  numberLowerBound(min: Value | CtyNumber | number | bigint, inclusive: boolean): this {
    const w = this.#need("number", "numeric bounds");
    if (w === undefined) return this;
    const mv = unmark(toNumberValue(min))[0];
    if (!mv.isKnown()) return this;
    if (mv.isNull()) throw refinementError("number range lower bound must not be null");
    const o = this.#orig;
    if (!o.isNull()) {
      const bad = inclusive ? numberGreaterThan(mv, o) : numberGreaterOrEqual(mv, o);
      if (isTrue(bad)) {
        throw refinementError(
          `refining ${valueGoString(o)} to be ${inclusive ? ">=" : ">"} ${valueGoString(mv)}`,
        );
      }
    }
    if (w.min !== undefined) {
      const cur = numberVal(w.min.value);
      const ok = inclusive && !w.min.inclusive ? numberGreaterThan(mv, cur) : numberGreaterOrEqual(mv, cur);
      if (isFalse(ok)) return this; // the existing bound is tighter
    }
    const n = mv.payload as CtyNumber;
    if (!(n.isInfinite() && n.sign() < 0)) w.min = { value: n, inclusive };
    this.#assertConsistentBounds(w);
    return this;
  }

  /**
   * The eventual number is at most (or, exclusive, less than) `max`. An unknown `max` is
   * ignored; `+Infinity` means unbounded.
   */
  numberUpperBound(max: Value | CtyNumber | number | bigint, inclusive: boolean): this {
    const w = this.#need("number", "numeric bounds");
    if (w === undefined) return this;
    const mv = unmark(toNumberValue(max))[0];
    if (!mv.isKnown()) return this;
    if (mv.isNull()) throw refinementError("number range upper bound must not be null");
    const o = this.#orig;
    if (!o.isNull()) {
      const bad = inclusive ? numberLessThan(mv, o) : numberLessOrEqual(mv, o);
      if (isTrue(bad)) {
        throw refinementError(
          `refining ${valueGoString(o)} to be ${inclusive ? "<=" : "<"} ${valueGoString(mv)}`,
        );
      }
    }
    if (w.max !== undefined) {
      const cur = numberVal(w.max.value);
      const ok = inclusive && !w.max.inclusive ? numberLessThan(mv, cur) : numberLessOrEqual(mv, cur);
      if (isFalse(ok)) return this; // the existing bound is tighter
    }
    const n = mv.payload as CtyNumber;
    if (!(n.isInfinite() && n.sign() > 0)) w.max = { value: n, inclusive };
    this.#assertConsistentBounds(w);
    return this;
  }

  /** Both bounds, inclusive (go-cty `NumberRangeInclusive`). */
  numberRangeInclusive(
    min: Value | CtyNumber | number | bigint,
    max: Value | CtyNumber | number | bigint,
  ): this {
    return this.numberLowerBound(min, true).numberUpperBound(max, true);
  }

  #assertConsistentBounds(w: Wip): void {
    if (w.min === undefined || w.max === undefined) return;
    const lo = numberVal(w.min.value);
    const hi = numberVal(w.max.value);
    const ok = w.min.inclusive !== w.max.inclusive ? numberLessThan(lo, hi) : numberLessOrEqual(lo, hi);
    if (isFalse(ok)) {
      throw refinementError(
        `number lower bound ${valueGoString(lo)} is greater than upper bound ${valueGoString(hi)}`,
      );
    }
  }

  /** The eventual collection has at least `min` elements. */
  collectionLengthLowerBound(min: number): this {
    const w = this.#need("collection", "collection length bounds");
    if (w === undefined) return this;
    const o = this.#orig;
    if (o.isKnown() && !o.isNull()) {
      const realLen = length(o);
      if (isTrue(numberGreaterThan(numberVal(min), realLen))) {
        throw refinementError(
          `refining collection of length ${valueGoString(realLen)} with lower bound ${min}`,
        );
      }
    }
    if (w.minLen > min) return this;
    w.minLen = min;
    this.#assertConsistentLengths(w);
    return this;
  }

  /** The eventual collection has at most `max` elements. */
  collectionLengthUpperBound(max: number): this {
    const w = this.#need("collection", "collection length bounds");
    if (w === undefined) return this;
    const o = this.#orig;
    if (o.isKnown() && !o.isNull()) {
      const realLen = length(o);
      if (isTrue(numberLessThan(numberVal(max), realLen))) {
        throw refinementError(
          `refining collection of length ${valueGoString(realLen)} with upper bound ${max}`,
        );
      }
    }
    if (w.maxLen < max) return this;
    w.maxLen = max;
    this.#assertConsistentLengths(w);
    return this;
  }

  /** The eventual collection has exactly `n` elements (for sets: `n` distinct elements). */
  collectionLength(n: number): this {
    return this.collectionLengthLowerBound(n).collectionLengthUpperBound(n);
  }

  #assertConsistentLengths(w: Wip): void {
    if (w.maxLen < w.minLen) {
      throw refinementError(`collection length upper bound ${w.maxLen} is less than lower bound ${w.minLen}`);
    }
  }

  /**
   * The refined value (go-cty `NewValue`).
   *
   * @remarks An unknown collapses to a known value when the refinements leave one possibility:
   * definitely null → `nullVal(T)`; not null with equal inclusive number bounds → that number;
   * not null with equal length bounds → the empty collection for 0, a known list of `n`
   * unknown elements, or a known set of one unknown element. Otherwise the result is unknown with
   * the refinement (possibly empty, which is not `rawEquals` to a plain unknown).
   */
  newValue(): Value {
    const o = this.#orig;
    const w = this.#wip;
    if (o.isKnown() || w === undefined) return withMarks(o, this.#marks);
    return withMarks(this.#collapse(o, w), this.#marks);
  }

  #collapse(o: Value, w: Wip): Value {
    const t = o.type;
    if (w.isNull === true) return nullVal(t);
    if (w.isNull === false) {
      if (
        w.kind === "number" &&
        w.min !== undefined &&
        w.max !== undefined &&
        w.min.inclusive &&
        w.max.inclusive
      ) {
        if (w.min.value.equals(w.max.value)) return numberVal(w.min.value);
      }
      if (
        w.kind === "collection" &&
        w.minLen === w.maxLen &&
        (t.kind === "list" || t.kind === "set" || t.kind === "map")
      ) {
        const n = w.minLen;
        if (n === 0) {
          if (t.kind === "list") return listValEmpty(t.elementType);
          if (t.kind === "set") return setValEmpty(t.elementType);
          return mapValEmpty(t.elementType);
        }
        if (t.kind === "list") return listVal(Array.from({ length: n }, () => unknownVal(t.elementType)));
        // One unknown element is a set already in canonical order: no set rules needed.
        if (t.kind === "set" && n === 1)
          return new Value(setType(t.elementType), Object.freeze([unknownVal(t.elementType)]));
      }
    }
    return refinedUnknownVal(t, wipToRefinement(w));
  }
}

/**
 * Starts refining a value (go-cty `Value.Refine`).
 *
 * @example
 * ```ts
 * refine(unknownVal(stringType)).notNull().stringPrefixFull("ami-").newValue()
 * refine(unknownVal(numberType)).notNull().numberRangeInclusive(0, 5).newValue()
 * ```
 * @throws {@link CtyError} with code `"refinement"` when a refinement contradicts the value or an
 * earlier refinement, or does not apply to the value's type.
 * @category constructors
 */
export function refine(v: Value): RefinementBuilder {
  return new RefinementBuilder(v);
}

/**
 * The value refined as definitely not null (go-cty `RefineNotNull`).
 * @throws {@link CtyError} with code `"refinement"` on a null value.
 * @category constructors
 */
export function refineNotNull(v: Value): Value {
  return refine(v).notNull().newValue();
}

/**
 * The value with its own refinements removed: a refined unknown becomes a plain unknown of the
 * same type, keeping its marks; anything else (including unknowns nested inside) is unchanged.
 *
 * @remarks Shallow. Terraform core's `unrefinedValue` (internal/plans/objchange), used before
 * comparing a plan with config or prior state, works at every depth: use {@link unrefinedDeep}.
 * @category combinators
 */
export function unrefined(v: Value): Value {
  if (v.isKnown() || v.refinement === undefined) return v;
  return withMarks(unknownVal(v.type), v.marks);
}

/**
 * The value with every unknown, at any depth, replaced by a plain unknown of its type (marks kept).
 *
 * @remarks Terraform core's `unrefinedValue` (internal/plans/objchange), which AssertPlanValid and
 * ProposedNew apply before `RawEquals` so that refinements in config or prior state are ignored.
 * @category combinators
 */
export function unrefinedDeep(v: Value): Value {
  // A decoded value without unknowns has no refinement to drop.
  if (decodedWhollyKnown(v)) return v;
  if (!v.isKnown()) return unrefined(v);
  const p = v.payload;
  // Nothing is allocated until something changes: most values carry no refinement at all.
  if (Array.isArray(p)) {
    const els = p as readonly Value[];
    let out: Value[] | undefined;
    for (let i = 0; i < els.length; i++) {
      const e = els[i] as Value;
      const u = unrefinedDeep(e);
      if (out === undefined && u !== e) out = els.slice(0, i);
      out?.push(u);
    }
    return out === undefined ? v : rebuildSequence(v, out);
  }
  if (p instanceof Map) {
    const m = p as ReadonlyMap<string, Value>;
    let out: Map<string, Value> | undefined;
    for (const [k, e] of m) {
      const u = unrefinedDeep(e);
      if (out === undefined && u !== e) out = prefixOf(m, k);
      out?.set(k, u);
    }
    return out === undefined ? v : new Value(v.type, out, v.marks);
  }
  return v;
}

function rebuildSequence(v: Value, elements: Value[]): Value {
  // Types are unchanged (refinements never change a type), so the payload can be swapped directly;
  // sets stay in the same order because unknown elements hash and sort alike with or without refinements.
  return new Value(v.type, Object.freeze(elements), v.marks);
}

// ---------------------------------------------------------------------------------------------
// Length (go-cty Value.Length). Here because it and refinements need each other: the length of
// an unknown collection is a refined number, and refining a known collection checks its length.

/**
 * The length of a collection or tuple as a cty number (go-cty `Value.Length`).
 *
 * @remarks
 * - tuple: its type's length, even when the tuple is unknown or null;
 * - unknown collection: an unknown number refined not-null within the collection's length
 *   bounds (`[0, 9223372036854775807]` when unrefined);
 * - known set: exact when wholly known or holding exactly one stored element, otherwise unknown
 *   refined not-null within `[1, stored]` (unknown elements may merge once known);
 * - list, map: the element count; known (even null) object: its type's attribute count.
 *
 * Marks on the value move to the result. Unlike {@link Value.lengthInt} this never counts
 * possibly-merging set elements as distinct.
 * @example
 * ```ts
 * length(setVal([unknownVal(stringType), unknownVal(stringType)]))
 * // cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(1), true).NumberUpperBound(cty.NumberIntVal(2), true).NewValue()
 * ```
 * @throws {@link CtyError} with code `"invalid_value"` for null collections and for types that
 * have no length (primitives, unknown objects).
 * @category combinators
 */
export function length(v: Value): Value {
  if (v.marks.size > 0) {
    const [u, marks] = unmark(v);
    return withMarks(length(u), marks);
  }
  const t = v.type;
  if (t.kind === "tuple") return numberVal(t.elementTypes.length);
  // go-cty LengthInt counts an object's attributes from its type, known or not.
  if (t.kind === "object" && v.isKnown()) return numberVal(Object.keys(t.attributeTypes).length);
  if (!v.isKnown()) {
    if (t.kind !== "list" && t.kind !== "set" && t.kind !== "map" && t.kind !== "dynamic") {
      throw new CtyError("invalid_value", `LengthLowerBound for ${t.kind} value`);
    }
    const rng = valueRange(v);
    return refine(unknownVal(numberType))
      .notNull()
      .numberRangeInclusive(rng.lengthLowerBound(), lengthBoundInt(rng.lengthUpperBound()))
      .newValue();
  }
  if (v.isNull()) throw new CtyError("invalid_value", "value is null");
  if (t.kind === "set") {
    const stored = v.payload as readonly Value[];
    if (stored.length === 1 || v.isWhollyKnown()) return numberVal(stored.length);
    return refine(unknownVal(numberType)).notNull().numberRangeInclusive(1, stored.length).newValue();
  }
  if (t.kind === "list" || t.kind === "map") return numberVal(v.lengthInt());
  throw new CtyError("invalid_value", `value of type ${t.kind} has no length`);
}

// ---------------------------------------------------------------------------------------------
// Ranges (go-cty cty/value_range.go)

/**
 * Partial knowledge of a value's range (go-cty `ValueRange`), mostly interesting for unknowns.
 *
 * @remarks Built by {@link valueRange}. Known values get a synthetic exact range; a plain unknown
 * has an unconstrained one.
 * @category models
 */
export class ValueRange {
  /** The type constraint every value in the range conforms to. */
  readonly typeConstraint: Type;
  readonly #wip: Wip;

  /** @internal Use {@link valueRange}. */
  constructor(typeConstraint: Type, wip: Wip) {
    this.typeConstraint = typeConstraint;
    this.#wip = wip;
  }

  /** True unless the value is known to be non-null. */
  couldBeNull(): boolean {
    return this.#wip.isNull !== false;
  }

  /** True when null is excluded from the range. */
  definitelyNotNull(): boolean {
    return this.#wip.isNull === false;
  }

  /** True when the value is known to be null. */
  definitelyNull(): boolean {
    return this.#wip.isNull === true;
  }

  /** The known prefix of a string range (`""` when none). */
  stringPrefix(): string {
    this.#require("string", "StringPrefix");
    return this.#wip.kind === "string" ? this.#wip.prefix : "";
  }

  /** The lower bound of a number range: `-Infinity` (exclusive) when unbounded. */
  numberLowerBound(): NumberBound {
    this.#require("number", "NumberLowerBound");
    const b = this.#wip.kind === "number" ? this.#wip.min : undefined;
    return b ?? { value: CtyNumber.negativeInfinity, inclusive: false };
  }

  /** The upper bound of a number range: `+Infinity` (exclusive) when unbounded. */
  numberUpperBound(): NumberBound {
    this.#require("number", "NumberUpperBound");
    const b = this.#wip.kind === "number" ? this.#wip.max : undefined;
    return b ?? { value: CtyNumber.positiveInfinity, inclusive: false };
  }

  /** The minimum length of a collection range (0 when unconstrained). */
  lengthLowerBound(): number {
    this.#require("collection", "LengthLowerBound");
    return this.#wip.kind === "collection" ? this.#wip.minLen : 0;
  }

  /** The maximum length of a collection range; `Infinity` stands for go-cty's `math.MaxInt`. */
  lengthUpperBound(): number {
    this.#require("collection", "LengthUpperBound");
    return this.#wip.kind === "collection" ? this.#wip.maxLen : Number.POSITIVE_INFINITY;
  }

  #require(kind: WipKind, method: string): void {
    const t = this.typeConstraint;
    if (t.kind === "dynamic") return;
    if (wipKind(t) !== kind) throw new CtyError("invalid_value", `${method} for ${typeGoString(t)}`);
  }

  /**
   * Whether the range includes `v` (go-cty `ValueRange.Includes`): `True`, `False`, or an unknown
   * bool when undecided. Rules mainly prove exclusion: nullness, type conformance, string prefix,
   * collection length bounds and number bounds.
   */
  includes(v: Value): Value {
    const w = this.#wip;
    const val = unmarkDeep(v);
    if (w.isNull === true) return val.isNull() ? True : False;
    if (w.isNull === false && val.isNull()) return False;
    if (val.isNull()) return True;
    if (testConformance(val.type, this.typeConstraint).length !== 0) return False;
    if (val.type.kind === "dynamic") return unknownBool();
    switch (w.kind) {
      case "string":
        if (val.isKnown() && !(val.payload as string).startsWith(w.prefix)) return False;
        break;
      case "collection": {
        const len = length(val);
        const minOk = numberGreaterOrEqual(len, numberVal(w.minLen));
        if (isFalse(minOk)) return False;
        const maxOk = numberLessOrEqual(len, numberVal(lengthBoundInt(w.maxLen)));
        if (isFalse(maxOk)) return False;
        break;
      }
      case "number": {
        const lo = w.min ?? { value: CtyNumber.negativeInfinity, inclusive: false };
        const hi = w.max ?? { value: CtyNumber.positiveInfinity, inclusive: false };
        const minOk = lo.inclusive
          ? numberGreaterOrEqual(val, numberVal(lo.value))
          : numberGreaterThan(val, numberVal(lo.value));
        const maxOk = hi.inclusive
          ? numberLessOrEqual(val, numberVal(hi.value))
          : numberLessThan(val, numberVal(hi.value));
        if (isFalse(minOk) || isFalse(maxOk)) return False;
        break;
      }
      default:
        break;
    }
    return unknownBool();
  }
}

/** @internal A length bound as a cty integer (`Infinity` → go-cty's `math.MaxInt`). */
export function lengthBoundInt(n: number): bigint | number {
  return n === Number.POSITIVE_INFINITY ? MAX_INT : n;
}

/**
 * What is known about the range of a value (go-cty `Value.Range`).
 *
 * @remarks For a refined unknown the range is its refinement; a plain unknown is unconstrained;
 * a known value gets an exact synthetic range (string prefix = the whole string, number bounds =
 * the number, collection length = its length); null is "definitely null". Marks are ignored.
 * @example
 * ```ts
 * valueRange(refineNotNull(unknownVal(stringType))).includes(nullVal(stringType)) // False
 * ```
 * @category combinators
 */
export function valueRange(v: Value): ValueRange {
  const val = unmark(v)[0];
  const t = val.type;
  if (!val.isKnown()) {
    const kind = wipKind(t);
    const r = val.refinement;
    if (r === undefined || kind === undefined) return new ValueRange(t, emptyWip("nullable"));
    return new ValueRange(t, wipFromRefinement(kind, r));
  }
  if (val.isNull()) {
    const w = emptyWip("nullable");
    w.isNull = true;
    return new ValueRange(t, w);
  }
  let w: Wip;
  switch (t.kind) {
    case "string":
      w = emptyWip("string");
      w.prefix = val.payload as string;
      break;
    case "number": {
      w = emptyWip("number");
      const n = val.payload as CtyNumber;
      w.min = { value: n, inclusive: true };
      w.max = { value: n, inclusive: true };
      break;
    }
    case "list":
    case "set":
    case "map": {
      w = emptyWip("collection");
      const len = length(val);
      if (len.isKnown()) {
        const n = Number((len.payload as CtyNumber).toBigInt());
        w.minLen = n;
        w.maxLen = n;
      }
      break;
    }
    default:
      w = emptyWip("nullable");
  }
  w.isNull = false;
  return new ValueRange(t, w);
}

/** @internal go-cty `definitelyNotNull`: known non-null, or unknown refined not-null. */
export function definitelyNotNull(v: Value): boolean {
  if (v.isKnown()) return !v.isNull();
  return v.refinement?.notNull === true;
}
