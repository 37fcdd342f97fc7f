/**
 * fast-check arbitraries for cty types and values, used by the codec property tests.
 * @internal
 */
import fc from "fast-check";
import { CtyNumber } from "../number.js";
import { refine } from "../refinement.js";
import {
  boolType,
  dynamicType,
  listType,
  mapType,
  numberType,
  objectType,
  setType,
  stringType,
  type Type,
  tupleType,
} from "../type.js";
import { setVal } from "../set.js";
import {
  boolVal,
  DynamicVal,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  setValEmpty,
  stringVal,
  tupleVal,
  unknownVal,
  type Value,
} from "../value.js";

/** What the value arbitrary may produce. @internal */
export interface ArbValueOptions {
  /** Unknown values (plain and refined); JSON cannot carry them. */
  readonly unknowns: boolean;
  /** ±Infinity; JSON cannot carry them. */
  readonly infinities: boolean;
  /**
   * Largest float64 magnitude generated. Float64 integers are written as their shortest text
   * ("26559154855871150"), which reads back as a different integer once they pass 2^53 (JSON)
   * or leave int64 (msgpack); go-cty does the same, so the round-trip properties stay below.
   */
  readonly maxFloat: number;
}

const attrName = fc.oneof(
  fc.constantFrom("a", "b", "id", "name", "tags", "<x>", "é", "\u{1f600}", "\uff01", ""),
  fc.string({ unit: "binary", maxLength: 6 }),
);

/**
 * Concrete types (no `dynamic`), nested up to `depth`.
 * @internal
 */
export function arbConcreteType(depth = 3): fc.Arbitrary<Type> {
  const prim = fc.constantFrom<Type>(stringType, numberType, boolType);
  if (depth <= 0) return prim;
  const inner = arbConcreteType(depth - 1);
  return fc.oneof(
    { weight: 4, arbitrary: prim },
    { weight: 1, arbitrary: inner.map(listType) },
    { weight: 1, arbitrary: inner.map(setType) },
    { weight: 1, arbitrary: inner.map(mapType) },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 3 }).map(tupleType) },
    { weight: 1, arbitrary: fc.dictionary(attrName, inner, { maxKeys: 4 }).map((a) => objectType(a)) },
  );
}

/**
 * Types that may contain `dynamic` where go-cty allows mixed element types to survive: at the top,
 * as object attributes and as tuple elements (collections of dynamic are covered by unit tests).
 * @internal
 */
export function arbType(depth = 3): fc.Arbitrary<Type> {
  if (depth <= 0) return fc.constantFrom<Type>(stringType, numberType, boolType, dynamicType);
  const inner = arbType(depth - 1);
  const concrete = arbConcreteType(depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<Type>(stringType, numberType, boolType, dynamicType) },
    { weight: 1, arbitrary: concrete.map(listType) },
    { weight: 1, arbitrary: concrete.map(setType) },
    { weight: 1, arbitrary: concrete.map(mapType) },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 3 }).map(tupleType) },
    { weight: 1, arbitrary: fc.dictionary(attrName, inner, { maxKeys: 4 }).map((a) => objectType(a)) },
  );
}

function arbNumber(opts: ArbValueOptions): fc.Arbitrary<Value> {
  const choices: fc.Arbitrary<Value>[] = [
    fc.integer().map((n) => numberVal(n)),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => numberVal(n)),
    fc
      .double({ noNaN: true, min: -opts.maxFloat, max: opts.maxFloat })
      // Negative zero: a set may hold both 0 and -0 (their hashes differ) but both are sent as
      // 00, so a round trip merges them; covered by unit tests instead.
      .map((x) => numberVal(CtyNumber.fromFloat64(x === 0 ? 0 : x))),
    fc
      .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }))
      .map(([m, scale]) => {
        const digits = (m < 0n ? -m : m).toString().padStart(scale + 1, "0");
        const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
        return numberVal(`${m < 0n ? "-" : ""}${text}`);
      }),
    fc.constantFrom("0.1", "1e20", "1.0", "1e-7", "18446744073709551615").map((s) => numberVal(s)),
  ];
  if (opts.infinities) {
    choices.push(
      fc.constantFrom(numberVal(CtyNumber.positiveInfinity), numberVal(CtyNumber.negativeInfinity)),
    );
  }
  return fc.oneof(...choices);
}

/** An unknown whose refinement records nothing goes on the wire as a plain unknown. */
function plainIfEmpty(v: Value): Value {
  const r = v.refinement;
  return !v.isKnown() && r !== undefined && Object.keys(r).length === 0 ? unknownVal(v.type) : v;
}

function arbUnknown(t: Type): fc.Arbitrary<Value> {
  return arbRefinedUnknown(t).map(plainIfEmpty);
}

function arbRefinedUnknown(t: Type): fc.Arbitrary<Value> {
  const plain = fc.constant(unknownVal(t));
  switch (t.kind) {
    case "string":
      return fc.oneof(
        plain,
        fc.tuple(fc.boolean(), fc.string({ unit: "binary", maxLength: 8 })).map(([nn, p]) => {
          const b = refine(unknownVal(t)).stringPrefixFull(p.normalize("NFC"));
          return (nn ? b.notNull() : b).newValue();
        }),
      );
    case "number":
      return fc.oneof(
        plain,
        fc
          .tuple(
            fc.boolean(),
            fc.integer({ min: -1000, max: 1000 }),
            fc.integer({ min: 1, max: 1000 }),
            fc.boolean(),
          )
          .map(([nn, lo, span, inc]) => {
            const b = refine(unknownVal(t))
              .numberLowerBound(lo, inc)
              .numberUpperBound(lo + span, true);
            return (nn ? b.notNull() : b).newValue();
          }),
      );
    case "list":
    case "set":
    case "map":
      return fc.oneof(
        plain,
        fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })).map(([lo, extra]) =>
          refine(unknownVal(t))
            .collectionLengthLowerBound(lo)
            .collectionLengthUpperBound(lo + extra)
            .newValue(),
        ),
      );
    case "dynamic":
      return fc.constant(DynamicVal);
    default:
      return fc.oneof(plain, fc.constant(refine(unknownVal(t)).notNull().newValue()));
  }
}

/**
 * Values conforming to `t`: nulls and (optionally) unknowns at any depth, every number shape
 * (int64, big integers, float64, 512-bit decimals), sets with duplicates.
 * @internal
 */
export function arbValueOf(t: Type, opts: ArbValueOptions, depth = 0): fc.Arbitrary<Value> {
  const known = arbKnown(t, opts, depth);
  const special: { weight: number; arbitrary: fc.Arbitrary<Value> }[] = [
    { weight: 1, arbitrary: fc.constant(nullVal(t)) },
  ];
  if (opts.unknowns) special.push({ weight: 1, arbitrary: arbUnknown(t) });
  return fc.oneof({ weight: 6, arbitrary: known }, ...special);
}

function arbKnown(t: Type, opts: ArbValueOptions, depth: number): fc.Arbitrary<Value> {
  switch (t.kind) {
    case "string":
      return fc.string({ unit: "binary", maxLength: 40 }).map(stringVal);
    case "number":
      return arbNumber(opts);
    case "bool":
      return fc.boolean().map(boolVal);
    case "dynamic":
      return arbConcreteType(2).chain((ct) => arbValueOf(ct, opts, depth + 1));
    case "list":
      return fc
        .array(arbValueOf(t.elementType, opts, depth + 1), { maxLength: 4 })
        .map((vs) => (vs.length === 0 ? listValEmpty(t.elementType) : listVal(vs)));
    case "set":
      return fc
        .array(arbValueOf(t.elementType, opts, depth + 1), { maxLength: 4 })
        .map((vs) => (vs.length === 0 ? setValEmpty(t.elementType) : setVal(vs)));
    case "map":
      return fc
        .dictionary(attrName, arbValueOf(t.elementType, opts, depth + 1), { maxKeys: 4 })
        .map((d) => (Object.keys(d).length === 0 ? mapValEmpty(t.elementType) : mapVal(d)));
    case "tuple":
      return fc
        .tuple(...t.elementTypes.map((et) => arbValueOf(et, opts, depth + 1)))
        .map((vs) => tupleVal(vs));
    case "object": {
      const names = Object.keys(t.attributeTypes);
      return fc
        .tuple(...names.map((n) => arbValueOf(t.attributeTypes[n] as Type, opts, depth + 1)))
        .map((vs) => objectVal(new Map(names.map((n, i) => [n, vs[i] as Value]))));
    }
  }
}

/** A type together with a conforming value. @internal */
export function arbTypedValue(opts: ArbValueOptions): fc.Arbitrary<[Type, Value]> {
  return arbType(3).chain((t) => arbValueOf(t, opts).map((v) => [t, v] as [Type, Value]));
}
