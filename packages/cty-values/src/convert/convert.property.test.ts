import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { equals, rawEquals } from "../equality.js";
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
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  mark,
  nullVal,
  numberVal,
  objectVal,
  setValEmpty,
  stringVal,
  tupleVal,
  unknownVal,
  type Value,
} from "../value.js";
import { isCtyError } from "../errors.js";
import { convert, getConversionUnsafe, unify } from "./public.js";
import { withoutOptionalAttributesDeep } from "./type-util.js";

const primitiveType = fc.constantFrom<Type>(stringType, numberType, boolType);
const attrName = fc.constantFrom("a", "b", "c", "id", "name", "10", "9", "é");

const typeArb: fc.Arbitrary<Type> = fc.letrec<{ type: Type }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    primitiveType,
    tie("type").map(listType),
    tie("type").map(setType),
    tie("type").map(mapType),
    fc.dictionary(attrName, tie("type"), { maxKeys: 3 }).map((attrs) => objectType(attrs)),
    fc.array(tie("type"), { maxLength: 3 }).map(tupleType),
  ),
})).type;

function knownPrimitive(t: Type): fc.Arbitrary<Value> {
  switch (t.kind) {
    case "string":
      return fc.string({ maxLength: 4 }).map(stringVal);
    case "number":
      return fc.oneof(
        fc.integer({ min: -1000, max: 1000 }).map((n) => numberVal(n)),
        // Beyond 2^53 a float's shortest decimal text is not the float itself, so number → string
        // → number would (correctly, as in go-cty) give a different integer.
        fc.double({ min: -1e15, max: 1e15, noNaN: true }).map((n) => numberVal(n)),
      );
    default:
      return fc.boolean().map(boolVal);
  }
}

/** Values of a type: known, null or unknown, nested likewise. */
function arbValue(t: Type, depth = 0, wholly = false): fc.Arbitrary<Value> {
  const known = knownValueOf(t, depth, wholly);
  if (depth > 3) return known;
  const extra = wholly ? [fc.constant(nullVal(t))] : [fc.constant(nullVal(t)), fc.constant(unknownVal(t))];
  return fc.oneof({ weight: 4, arbitrary: known }, ...extra.map((arbitrary) => ({ weight: 1, arbitrary })));
}

function knownValueOf(t: Type, depth: number, wholly: boolean): fc.Arbitrary<Value> {
  switch (t.kind) {
    case "string":
    case "number":
    case "bool":
      return knownPrimitive(t);
    case "list":
      return fc
        .array(arbValue(t.elementType, depth + 1, wholly), { maxLength: 3 })
        .map((es) => (es.length === 0 ? listValEmpty(t.elementType) : listVal(es)));
    case "set":
      return fc
        .array(arbValue(t.elementType, depth + 1, wholly), { maxLength: 3 })
        .map((es) => (es.length === 0 ? setValEmpty(t.elementType) : setVal(es)));
    case "map":
      return fc
        .dictionary(attrName, arbValue(t.elementType, depth + 1, wholly), { maxKeys: 3 })
        .map((entries) => (Object.keys(entries).length === 0 ? mapValEmpty(t.elementType) : mapVal(entries)));
    case "object": {
      const names = Object.keys(t.attributeTypes);
      return fc
        .tuple(...names.map((n) => arbValue(t.attributeTypes[n] as Type, depth + 1, wholly)))
        .map((vals) => objectVal(Object.fromEntries(names.map((n, i) => [n, vals[i] as Value]))));
    }
    case "tuple":
      return fc
        .tuple(...t.elementTypes.map((et) => arbValue(et, depth + 1, wholly)))
        .map((vals) => tupleVal(vals));
    default:
      return fc.constant(nullVal(t));
  }
}

/** The same type shape with each primitive leaf replaced by an arbitrary primitive. */
function samePrimitivesShape(t: Type): fc.Arbitrary<Type> {
  switch (t.kind) {
    case "string":
    case "number":
    case "bool":
      return primitiveType;
    case "list":
      return samePrimitivesShape(t.elementType).map(listType);
    case "set":
      return samePrimitivesShape(t.elementType).map(setType);
    case "map":
      return samePrimitivesShape(t.elementType).map(mapType);
    case "object": {
      const names = Object.keys(t.attributeTypes);
      return fc
        .tuple(...names.map((n) => samePrimitivesShape(t.attributeTypes[n] as Type)))
        .map((ts) => objectType(Object.fromEntries(names.map((n, i) => [n, ts[i] as Type]))));
    }
    case "tuple":
      return fc.tuple(...t.elementTypes.map(samePrimitivesShape)).map((ts) => tupleType(ts));
    default:
      return fc.constant(t);
  }
}

/** A target type: dynamic leaves and optional attributes sprinkled into a type. */
function loosened(t: Type): fc.Arbitrary<Type> {
  const inner: fc.Arbitrary<Type> = (() => {
    switch (t.kind) {
      case "list":
        return loosened(t.elementType).map(listType);
      case "set":
        return loosened(t.elementType).map(setType);
      case "map":
        return loosened(t.elementType).map(mapType);
      case "object": {
        const names = Object.keys(t.attributeTypes);
        return fc
          .tuple(fc.subarray(names), ...names.map((n) => loosened(t.attributeTypes[n] as Type)))
          .map(([optional, ...ts]) =>
            objectType(Object.fromEntries(names.map((n, i) => [n, ts[i] as Type])), optional as string[]),
          );
      }
      case "tuple":
        return fc.tuple(...t.elementTypes.map(loosened)).map((ts) => tupleType(ts));
      default:
        return fc.constant(t);
    }
  })();
  return fc.oneof({ weight: 1, arbitrary: fc.constant<Type>(dynamicType) }, { weight: 4, arbitrary: inner });
}

/**
 * Test oracle, independent of conformance.ts: does `given` fit `want`, with dynamic matching
 * anything (go-cty `TestConformance` returning no errors)?
 */
function conforms(given: Type, want: Type): boolean {
  if (want.kind === "dynamic") return true;
  switch (want.kind) {
    case "list":
    case "set":
    case "map":
      return given.kind === want.kind && conforms(given.elementType, want.elementType);
    case "tuple":
      return (
        given.kind === "tuple" &&
        given.elementTypes.length === want.elementTypes.length &&
        want.elementTypes.every((t, i) => conforms(given.elementTypes[i] as Type, t))
      );
    case "object": {
      if (given.kind !== "object") return false;
      const names = Object.keys(want.attributeTypes);
      return (
        names.length === Object.keys(given.attributeTypes).length &&
        names.every(
          (n) =>
            Object.hasOwn(given.attributeTypes, n) &&
            conforms(given.attributeTypes[n] as Type, want.attributeTypes[n] as Type),
        )
      );
    }
    default:
      return given.kind === want.kind;
  }
}

const typedValue = typeArb.chain((t) => arbValue(t).map((v) => ({ t, v })));

describe("conversion properties", () => {
  it("converting a value to its own type gives the value back", () => {
    fc.assert(
      fc.property(typedValue, ({ t, v }) => {
        expect(rawEquals(convert(v, t), v)).toBe(true);
      }),
    );
  });

  it("an element-wise identity conversion (list(T) → set(T) → list(T)) keeps the distinct elements", () => {
    fc.assert(
      fc.property(
        typeArb.chain((t) =>
          fc.array(arbValue(t, 1, true), { minLength: 1, maxLength: 4 }).map((es) => ({ t, es })),
        ),
        ({ t, es }) => {
          const list = listVal(es);
          const set = convert(list, setType(t));
          const direct = setVal(es);
          // The set conversion deduplicates exactly as setVal does.
          expect(rawEquals(set, direct)).toBe(true);
          // Back to a list: the set's elements, in set order; and to a set again: unchanged.
          const back = convert(set, listType(t));
          expect(back.elements().length).toBe(set.elements().length);
          for (const [i, e] of back.elements().entries())
            expect(rawEquals(e, set.elements()[i] as Value)).toBe(true);
          expect(rawEquals(convert(back, setType(t)), set)).toBe(true);
          // Every list element is a member of the set.
          for (const e of es) {
            expect(set.elements().some((s) => equals(s, e).isKnown() && equals(s, e).asBool())).toBe(true);
          }
        },
      ),
    );
  });

  it("an object whose attributes share a type survives object → map → object", () => {
    fc.assert(
      fc.property(
        typeArb.chain((t) =>
          fc.dictionary(attrName, arbValue(t, 1), { minKeys: 1, maxKeys: 4 }).map((attrs) => ({ t, attrs })),
        ),
        ({ t, attrs }) => {
          const obj = objectVal(attrs);
          const asMap = convert(obj, mapType(t));
          expect(asMap.lengthInt()).toBe(Object.keys(attrs).length);
          expect(rawEquals(convert(asMap, obj.type), obj)).toBe(true);
        },
      ),
    );
  });

  it("a tuple whose elements share a type survives tuple → list element for element", () => {
    fc.assert(
      fc.property(
        typeArb.chain((t) =>
          fc.array(arbValue(t, 1), { minLength: 1, maxLength: 4 }).map((es) => ({ t, es })),
        ),
        ({ t, es }) => {
          const list = convert(tupleVal(es), listType(t));
          expect(rawEquals(list, listVal(es))).toBe(true);
        },
      ),
    );
  });

  it("number → string → number gives an equal number", () => {
    fc.assert(
      fc.property(knownPrimitive(numberType), (n) => {
        const back = convert(convert(n, stringType), numberType);
        expect(back.asNumber().equals(n.asNumber())).toBe(true);
      }),
    );
  });

  it("marks on the converted value survive every conversion", () => {
    fc.assert(
      fc.property(typedValue, ({ t, v }) => {
        // Converting to a list of the value's type always works through a one-element tuple.
        const wrapped = mark(tupleVal([v]), "sensitive");
        const got = convert(wrapped, listType(t));
        expect(got.hasMark("sensitive")).toBe(true);
      }),
    );
  });

  it("safe conversions never fail for known values of the source type", () => {
    // list(T) → list(string) for primitive T is safe (number/bool → string).
    fc.assert(
      fc.property(
        primitiveType.chain((t) =>
          fc.array(arbValue(t, 1), { minLength: 1, maxLength: 4 }).map((es) => ({ t, es })),
        ),
        ({ t, es }) => {
          const conversion = getConversionUnsafe(listType(t), listType(stringType));
          const got = conversion ? conversion(listVal(es)) : convert(listVal(es), listType(stringType));
          expect(got.lengthInt()).toBe(es.length);
        },
      ),
    );
  });

  it("safe unification: every returned conversion succeeds and lands on the unified type", () => {
    // Wholly known inputs: a set of unknown length converts to a list of its *own* element type
    // (a go-cty quirk), which would not conform.
    const typeLists = fc.oneof(
      fc.array(typeArb, { minLength: 1, maxLength: 3 }),
      // Same shapes with other primitives at the leaves: these usually unify.
      typeArb.chain((t) => fc.array(samePrimitivesShape(t), { minLength: 2, maxLength: 3 })),
    );
    let unifiedCount = 0;
    const typesAndValues = typeLists.chain((types) =>
      fc.tuple(...types.map((t) => arbValue(t, 1, true))).map((values) => ({ types, values })),
    );
    fc.assert(
      fc.property(typesAndValues, ({ types, values }) => {
        const unified = unify(types);
        if (unified === undefined) return;
        unifiedCount++;
        expect(unified.conversions.length).toBe(types.length);
        for (const [i, value] of values.entries()) {
          const conversion = unified.conversions[i];
          const out = conversion ? conversion(value) : value;
          expect(conforms(out.type, unified.type)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    // The generator must actually exercise unification, not only its failures.
    expect(unifiedCount).toBeGreaterThan(50);
  });

  it("unsafe conversion between arbitrary types either conforms or fails with a conversion error", () => {
    const pairs = fc.oneof(
      fc.tuple(typeArb, typeArb),
      typeArb.chain((t) => fc.tuple(fc.constant(t), samePrimitivesShape(t))),
      typeArb.chain((t) => fc.tuple(fc.constant(t), samePrimitivesShape(t).chain(loosened))),
    );
    fc.assert(
      fc.property(
        pairs.chain(([from, to]) => arbValue(from, 1).map((value) => ({ value, to }))),
        ({ value, to }) => {
          let out: Value;
          try {
            out = convert(value, to);
          } catch (e) {
            expect(isCtyError(e) && e.code === "conversion", String(e)).toBe(true);
            return;
          }
          // The one exception to conformance: an unknown-length set → list keeps its own
          // element type (go-cty quirk).
          if (!out.isKnown() && value.type.kind === "set" && to.kind === "list") return;
          expect(conforms(out.type, withoutOptionalAttributesDeep(to))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
