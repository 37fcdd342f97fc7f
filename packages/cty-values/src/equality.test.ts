import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { equals, rawEquals } from "./equality.js";
import { refine, refineNotNull } from "./refinement.js";
import { valueGoString } from "./type-format.js";
import { dynamicType, listType, numberType, objectType, stringType } from "./type.js";
import { setVal } from "./set.js";
import {
  DynamicVal,
  EmptyObjectVal,
  False,
  listVal,
  mapVal,
  mark,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  True,
  tupleVal,
  unknownVal,
  type Value,
} from "./value.js";
import { CtyNumber } from "./number.js";

const UNKNOWN_BOOL_NOT_NULL = "cty.UnknownVal(cty.Bool).RefineNotNull()";
const show = (v: Value) => valueGoString(v);

describe("equals: nulls and unknowns [cty]", () => {
  it("nulls of any types are equal, but not rawEquals (§7 #14)", () => {
    expect(equals(nullVal(stringType), nullVal(numberType))).toBe(True);
    expect(rawEquals(nullVal(stringType), nullVal(numberType))).toBe(false);
  });

  it('"" is not null (§7 #13)', () => {
    expect(equals(stringVal(""), nullVal(stringType))).toBe(False);
  });

  it("two unknowns compare as an unknown bool refined not-null (§7 #15)", () => {
    expect(show(equals(unknownVal(stringType), unknownVal(stringType)))).toBe(UNKNOWN_BOOL_NOT_NULL);
  });

  it("null vs an unknown refined not-null is False (§7 #16)", () => {
    expect(equals(nullVal(stringType), refineNotNull(unknownVal(stringType)))).toBe(False);
    expect(equals(refineNotNull(unknownVal(stringType)), nullVal(stringType))).toBe(False);
  });

  it("null vs a plain unknown stays unknown", () => {
    expect(show(equals(nullVal(stringType), unknownVal(stringType)))).toBe(UNKNOWN_BOOL_NOT_NULL);
  });

  it('"a" vs an unknown with prefix "b" is False (§7 #17)', () => {
    const u = refine(unknownVal(stringType)).stringPrefixFull("b").newValue();
    expect(equals(stringVal("a"), u)).toBe(False);
    const v = refine(unknownVal(stringType)).stringPrefixFull("a").newValue();
    expect(show(equals(stringVal("abc"), v))).toBe(UNKNOWN_BOOL_NOT_NULL);
  });

  it("a number outside an unknown's bounds is False", () => {
    const u = refine(unknownVal(numberType)).numberRangeInclusive(0, 5).newValue();
    expect(equals(numberVal(7), u)).toBe(False);
    expect(show(equals(numberVal(5), u))).toBe(UNKNOWN_BOOL_NOT_NULL);
    const excl = refine(unknownVal(numberType)).numberUpperBound(5, false).newValue();
    expect(equals(numberVal(5), excl)).toBe(False);
  });

  it("a collection of the wrong length vs a length-refined unknown is False", () => {
    const u = refine(unknownVal(listType(stringType)))
      .collectionLengthUpperBound(1)
      .newValue();
    expect(equals(listVal([stringVal("a"), stringVal("b")]), u)).toBe(False);
  });

  it("known non-null vs unknown of another type is False; vs dynamic is unknown", () => {
    expect(equals(stringVal("a"), unknownVal(numberType))).toBe(False);
    expect(show(equals(stringVal("a"), DynamicVal))).toBe(UNKNOWN_BOOL_NOT_NULL);
    expect(show(equals(stringVal("a"), unknownVal(listType(dynamicType))))).toBe("cty.False");
  });

  it("different known types are False", () => {
    expect(equals(stringVal("1"), numberVal(1))).toBe(False);
  });
});

describe("equals: numbers [cty]", () => {
  it("float64 0.1 equals parsed 0.1, even rawEquals (§7 #5)", () => {
    expect(equals(numberVal(0.1), numberVal("0.1"))).toBe(True);
    expect(rawEquals(numberVal(0.1), numberVal("0.1"))).toBe(true);
  });
  it("1 equals parsed 1.0, even rawEquals (§7 #6)", () => {
    expect(rawEquals(numberVal(1), numberVal("1.0"))).toBe(true);
  });
  it("-0 equals 0 (§7 #7)", () => {
    expect(equals(numberVal("-0"), numberVal(0))).toBe(True);
  });
  it("float64 0.1+0.2 is not parsed 0.3 (§7 #4)", () => {
    const sum = numberVal(CtyNumber.fromFloat64(0.1).add(CtyNumber.fromFloat64(0.2)));
    expect(equals(sum, numberVal("0.3"))).toBe(False);
    expect(rawEquals(sum, numberVal("0.30000000000000004"))).toBe(true);
  });
  it("int64 2^53 differs from 2^53+1", () => {
    expect(equals(numberVal(2n ** 53n), numberVal(2n ** 53n + 1n))).toBe(False);
  });
});

describe("equals: strings", () => {
  it("compares NFC-normalized text", () => {
    expect(equals(stringVal("e\u0301"), stringVal("\u00e9"))).toBe(True);
  });
});

describe("equals: collections [cty]", () => {
  const withUnknownId = () => objectVal({ a: stringVal("x"), id: unknownVal(stringType) });

  it("sets whose elements contain unknowns are False even against a copy; rawEquals true (§7 #23)", () => {
    const s1 = setVal([withUnknownId()]);
    const s2 = setVal([withUnknownId()]);
    expect(equals(s1, s2)).toBe(False);
    expect(rawEquals(s1, s2)).toBe(true);
  });

  it("a list of the same objects compares as unknown (§1.6)", () => {
    expect(show(equals(listVal([withUnknownId()]), listVal([withUnknownId()])))).toBe(UNKNOWN_BOOL_NOT_NULL);
  });

  it("a set with a top-level unknown compares as unknown (§7 #23)", () => {
    expect(show(equals(setVal([unknownVal(stringType)]), setVal([stringVal("a")])))).toBe(
      UNKNOWN_BOOL_NOT_NULL,
    );
  });

  it("sets compare by membership, independent of order", () => {
    const a = setVal([stringVal("a"), stringVal("b")]);
    const b = setVal([stringVal("b"), stringVal("a")]);
    expect(equals(a, b)).toBe(True);
    expect(equals(a, setVal([stringVal("a")]))).toBe(False);
  });

  it("lists and maps of different lengths are False even with unknowns", () => {
    expect(equals(listVal([unknownVal(stringType)]), listVal([stringVal("a"), stringVal("b")]))).toBe(False);
    expect(
      equals(mapVal({ a: unknownVal(stringType) }), mapVal({ a: stringVal("a"), b: stringVal("b") })),
    ).toBe(False);
    expect(equals(mapVal({ a: stringVal("a") }), mapVal({ b: stringVal("a") }))).toBe(False);
  });

  it("a known false element wins over a later unknown one in a list", () => {
    expect(
      equals(listVal([stringVal("a"), unknownVal(stringType)]), listVal([stringVal("b"), stringVal("c")])),
    ).toBe(False);
  });

  it("objects and tuples compare attribute by attribute", () => {
    expect(equals(objectVal({ a: numberVal(1) }), objectVal({ a: numberVal("1.0") }))).toBe(True);
    expect(equals(tupleVal([stringVal("a")]), tupleVal([stringVal("b")]))).toBe(False);
    expect(equals(EmptyObjectVal, EmptyObjectVal)).toBe(True);
  });

  it("nested dynamic values give unknown unless the types can never conform", () => {
    const a = listVal([DynamicVal]);
    expect(show(equals(a, listVal([stringVal("x")])))).toBe(UNKNOWN_BOOL_NOT_NULL);
    expect(equals(a, setVal([stringVal("x")]))).toBe(False); // a list can never become a set
    // Tuple conformance is checked element by element: a dynamic element may still become a string…
    expect(show(equals(tupleVal([DynamicVal]), tupleVal([stringVal("x")])))).toBe(UNKNOWN_BOOL_NOT_NULL);
    // …but a tuple of a different length never conforms.
    expect(equals(tupleVal([DynamicVal]), tupleVal([stringVal("x"), stringVal("y")]))).toBe(False);
  });
});

describe("equals and rawEquals: marks", () => {
  it("equals ignores marks and marks the result", () => {
    const r = equals(mark(stringVal("a"), "sensitive"), stringVal("a"));
    expect(r.hasMark("sensitive")).toBe(true);
    expect(rawEquals(r, mark(True, "sensitive"))).toBe(true);
  });
  it("equals sees through nested marks", () => {
    const r = equals(listVal([mark(stringVal("a"), "m")]), listVal([stringVal("a")]));
    expect(valueGoString(r)).toBe('cty.True.Mark("m")');
  });
  it("rawEquals requires identical marks", () => {
    expect(rawEquals(mark(stringVal("a"), "sensitive"), stringVal("a"))).toBe(false);
    expect(rawEquals(mark(stringVal("a"), "x", "y"), mark(stringVal("a"), "y", "x"))).toBe(true);
  });
});

describe("rawEquals: refinements [cty]", () => {
  it("a plain unknown is not rawEquals to Refine().NewValue() (§1.4)", () => {
    expect(rawEquals(unknownVal(stringType), refine(unknownVal(stringType)).newValue())).toBe(false);
    expect(rawEquals(unknownVal(stringType), unknownVal(stringType))).toBe(true);
  });
  it("compares refinements exactly", () => {
    const a = refine(unknownVal(numberType)).numberLowerBound(1, true).newValue();
    const b = refine(unknownVal(numberType)).numberLowerBound(1, false).newValue();
    expect(rawEquals(a, b)).toBe(false);
    expect(
      rawEquals(a, refine(unknownVal(numberType)).numberLowerBound(numberVal("1.0"), true).newValue()),
    ).toBe(true);
  });
  it("distinguishes known from unknown and unequal types", () => {
    expect(rawEquals(stringVal("a"), unknownVal(stringType))).toBe(false);
    expect(rawEquals(listVal([stringVal("a")]), setVal([stringVal("a")]))).toBe(false);
    expect(rawEquals(DynamicVal, DynamicVal)).toBe(true);
    expect(rawEquals(nullVal(objectType({})), nullVal(objectType({})))).toBe(true);
  });
});

describe("equality properties", () => {
  const leaf = fc.oneof(
    fc.string().map(stringVal),
    fc.integer().map((n) => numberVal(n)),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => numberVal(n)),
    fc.constant(unknownVal(stringType)),
    fc.constant(nullVal(stringType)),
    fc.constant(True),
    fc.constant(DynamicVal),
  );
  const value: fc.Arbitrary<Value> = fc.oneof(
    leaf,
    fc.array(leaf, { maxLength: 4 }).map((xs) => tupleVal(xs)),
    fc.dictionary(fc.string({ maxLength: 3 }), leaf, { maxKeys: 3 }).map((d) => objectVal(d)),
  );

  it("equals is symmetric", () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(valueGoString(equals(a, b))).toBe(valueGoString(equals(b, a)));
      }),
    );
  });

  it("rawEquals is reflexive and symmetric", () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(rawEquals(a, a)).toBe(true);
        expect(rawEquals(a, b)).toBe(rawEquals(b, a));
      }),
    );
  });

  it("wholly known values equal themselves", () => {
    fc.assert(
      fc.property(value, (a) => {
        fc.pre(a.isWhollyKnown() && !containsDynamic(a));
        expect(equals(a, a)).toBe(True);
      }),
    );
  });
});

function containsDynamic(v: Value): boolean {
  if (v.type.kind === "dynamic") return true;
  if (!v.isKnown() || v.isNull()) return false;
  const p = v.payload;
  if (Array.isArray(p)) return (p as Value[]).some(containsDynamic);
  if (p instanceof Map) return [...(p as Map<string, Value>).values()].some(containsDynamic);
  return false;
}
