import { describe, expect, it } from "vitest";
import { rawEquals } from "./equality.js";
import { isCtyError } from "./errors.js";
import { refine, refineNotNull, unrefined, unrefinedDeep, valueRange } from "./refinement.js";
import { valueGoString } from "./type-format.js";
import { boolType, listType, mapType, numberType, objectType, setType, stringType } from "./type.js";
import {
  DynamicVal,
  False,
  listVal,
  listValEmpty,
  mapValEmpty,
  mark,
  nullVal,
  numberVal,
  setValEmpty,
  stringVal,
  True,
  unknownVal,
} from "./value.js";

const show = valueGoString;

function refinementError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isCtyError(e) && e.code === "refinement") return e.message;
    throw e;
  }
  throw new Error("expected a refinement error");
}

describe("refine: NewValue collapse rules [cty] (§1.4)", () => {
  it("definitely null collapses to a null", () => {
    const v = refine(unknownVal(stringType)).null().newValue();
    expect(rawEquals(v, nullVal(stringType))).toBe(true);
  });

  it("equal inclusive number bounds with not-null collapse to that number", () => {
    const v = refine(unknownVal(numberType)).notNull().numberRangeInclusive(3, 3).newValue();
    expect(show(v)).toBe("cty.NumberIntVal(3)");
  });

  it("equal number bounds without not-null stay unknown", () => {
    const v = refine(unknownVal(numberType)).numberRangeInclusive(3, 3).newValue();
    expect(show(v)).toBe(
      "cty.UnknownVal(cty.Number).Refine().NumberLowerBound(cty.NumberIntVal(3), true).NumberUpperBound(cty.NumberIntVal(3), true).NewValue()",
    );
  });

  it("length 0 with not-null gives empty collections", () => {
    expect(
      rawEquals(
        refine(unknownVal(listType(stringType)))
          .notNull()
          .collectionLength(0)
          .newValue(),
        listValEmpty(stringType),
      ),
    ).toBe(true);
    expect(
      rawEquals(
        refine(unknownVal(setType(stringType)))
          .notNull()
          .collectionLength(0)
          .newValue(),
        setValEmpty(stringType),
      ),
    ).toBe(true);
    expect(
      rawEquals(
        refine(unknownVal(mapType(stringType)))
          .notNull()
          .collectionLength(0)
          .newValue(),
        mapValEmpty(stringType),
      ),
    ).toBe(true);
  });

  it("a list of known length n becomes a known list of n unknowns", () => {
    const v = refine(unknownVal(listType(stringType)))
      .notNull()
      .collectionLength(2)
      .newValue();
    expect(show(v)).toBe("cty.ListVal([]cty.Value{cty.UnknownVal(cty.String), cty.UnknownVal(cty.String)})");
  });

  it("a set of length 1 becomes a known set of one unknown; length 2 stays unknown", () => {
    expect(
      show(
        refine(unknownVal(setType(stringType)))
          .notNull()
          .collectionLength(1)
          .newValue(),
      ),
    ).toBe("cty.SetVal([]cty.Value{cty.UnknownVal(cty.String)})");
    expect(
      show(
        refine(unknownVal(setType(stringType)))
          .notNull()
          .collectionLength(2)
          .newValue(),
      ),
    ).toBe(
      "cty.UnknownVal(cty.Set(cty.String)).Refine().NotNull().CollectionLengthLowerBound(2).CollectionLengthUpperBound(2).NewValue()",
    );
  });

  it("CollectionLength(0) without NotNull stays unknown with upper bound 0", () => {
    const v = refine(unknownVal(listType(stringType)))
      .collectionLength(0)
      .newValue();
    expect(show(v)).toBe(
      "cty.UnknownVal(cty.List(cty.String)).Refine().CollectionLengthUpperBound(0).NewValue()",
    );
  });

  it("DynamicVal is never refined", () => {
    expect(refine(DynamicVal).notNull().newValue()).toBe(DynamicVal);
    expect(refineNotNull(DynamicVal)).toBe(DynamicVal);
  });

  it("known values pass through unchanged", () => {
    const v = stringVal("abc");
    expect(refine(v).notNull().stringPrefixFull("ab").newValue()).toBe(v);
  });

  it("keeps marks", () => {
    const v = refineNotNull(mark(unknownVal(stringType), "sensitive"));
    expect(show(v)).toBe('cty.UnknownVal(cty.String).RefineNotNull().Mark("sensitive")');
  });
});

describe("refine: narrowing only", () => {
  it("keeps the longer compatible prefix", () => {
    const v = refine(unknownVal(stringType)).stringPrefixFull("abc").stringPrefixFull("ab").newValue();
    expect(v.refinement?.stringPrefix).toBe("abc");
  });

  it("StringPrefix trims; StringPrefixFull keeps (§7 #31)", () => {
    expect(refine(unknownVal(stringType)).stringPrefix("ab").newValue().refinement?.stringPrefix).toBe("a");
    expect(refine(unknownVal(stringType)).stringPrefixFull("ab").newValue().refinement?.stringPrefix).toBe(
      "ab",
    );
    // An empty safe prefix stores nothing.
    expect(show(refine(unknownVal(stringType)).notNull().stringPrefix("a").newValue())).toBe(
      "cty.UnknownVal(cty.String).RefineNotNull()",
    );
  });

  it("ignores looser number bounds", () => {
    const v = refine(unknownVal(numberType))
      .numberLowerBound(5, true)
      .numberLowerBound(1, true)
      .numberUpperBound(10, false)
      .numberUpperBound(20, true)
      .newValue();
    expect(show(v)).toBe(
      "cty.UnknownVal(cty.Number).Refine().NumberLowerBound(cty.NumberIntVal(5), true).NumberUpperBound(cty.NumberIntVal(10), false).NewValue()",
    );
  });

  it("an exclusive bound at the same number is tighter than an inclusive one", () => {
    const v = refine(unknownVal(numberType)).numberLowerBound(5, true).numberLowerBound(5, false).newValue();
    expect(v.refinement?.numberLowerBound?.inclusive).toBe(false);
    const w = refine(unknownVal(numberType)).numberLowerBound(5, false).numberLowerBound(5, true).newValue();
    expect(w.refinement?.numberLowerBound?.inclusive).toBe(false);
  });

  it("never stores infinite bounds and ignores unknown ones", () => {
    const v = refine(unknownVal(numberType))
      .numberLowerBound(numberVal("-Inf"), true)
      .numberUpperBound(unknownVal(numberType), true)
      .newValue();
    expect(show(v)).toBe("cty.UnknownVal(cty.Number).Refine().NewValue()");
  });

  it("ignores looser length bounds", () => {
    const v = refine(unknownVal(listType(stringType)))
      .collectionLengthLowerBound(2)
      .collectionLengthLowerBound(1)
      .collectionLengthUpperBound(4)
      .collectionLengthUpperBound(9)
      .newValue();
    expect(v.refinement).toEqual({ lengthLowerBound: 2, lengthUpperBound: 4 });
  });

  it("refines an already-refined unknown further", () => {
    const a = refine(unknownVal(numberType)).numberLowerBound(0, true).newValue();
    const b = refine(a).notNull().numberUpperBound(5, true).newValue();
    expect(show(b)).toBe(
      "cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(0), true).NumberUpperBound(cty.NumberIntVal(5), true).NewValue()",
    );
  });
});

describe("refine: contradictions throw CtyError('refinement')", () => {
  it("null vs not-null", () => {
    expect(refinementError(() => refine(unknownVal(stringType)).null().notNull())).toBe(
      "refining null value as non-null",
    );
    expect(refinementError(() => refine(unknownVal(stringType)).notNull().null())).toBe(
      "refining non-null value as null",
    );
    expect(refinementError(() => refineNotNull(nullVal(stringType)))).toBe("refining null value as non-null");
    expect(refinementError(() => refine(stringVal("a")).null())).toBe("refining non-null value as null");
  });

  it("inconsistent prefixes", () => {
    expect(
      refinementError(() => refine(unknownVal(stringType)).stringPrefixFull("ab").stringPrefixFull("ac")),
    ).toBe("refined prefix is inconsistent with previous refined prefix");
    expect(refinementError(() => refine(stringVal("abc")).stringPrefixFull("b"))).toBe(
      "refined prefix is inconsistent with known value",
    );
  });

  it("crossed number bounds", () => {
    expect(
      refinementError(() =>
        refine(unknownVal(numberType)).numberLowerBound(5, true).numberUpperBound(4, true),
      ),
    ).toBe("number lower bound cty.NumberIntVal(5) is greater than upper bound cty.NumberIntVal(4)");
    // Checked against the value being refined (with its earlier refinements) first.
    const atLeast5 = refine(unknownVal(numberType)).numberLowerBound(5, true).newValue();
    expect(refinementError(() => refine(atLeast5).numberUpperBound(4, true))).toBe(
      "refining cty.UnknownVal(cty.Number).Refine().NumberLowerBound(cty.NumberIntVal(5), true).NewValue() to be <= cty.NumberIntVal(4)",
    );
    expect(
      refinementError(() =>
        refine(unknownVal(numberType)).numberUpperBound(5, false).numberLowerBound(5, true),
      ),
    ).toBe("number lower bound cty.NumberIntVal(5) is greater than upper bound cty.NumberIntVal(5)");
    expect(refinementError(() => refine(numberVal(3)).numberLowerBound(4, true))).toBe(
      "refining cty.NumberIntVal(3) to be >= cty.NumberIntVal(4)",
    );
  });

  it("crossed or impossible length bounds", () => {
    expect(
      refinementError(() =>
        refine(unknownVal(listType(stringType)))
          .collectionLengthLowerBound(3)
          .collectionLengthUpperBound(2),
      ),
    ).toBe("collection length upper bound 2 is less than lower bound 3");
    expect(refinementError(() => refine(listVal([stringVal("a")])).collectionLengthLowerBound(2))).toBe(
      "refining collection of length cty.NumberIntVal(1) with lower bound 2",
    );
  });

  it("refinements that do not apply to the type", () => {
    expect(refinementError(() => refine(unknownVal(boolType)).stringPrefixFull("a"))).toBe(
      "cannot refine string prefix for a cty.Bool value",
    );
    expect(refinementError(() => refine(unknownVal(stringType)).numberLowerBound(1, true))).toBe(
      "cannot refine numeric bounds for a cty.String value",
    );
    expect(refinementError(() => refine(unknownVal(objectType({}))).collectionLength(1))).toBe(
      "cannot refine collection length bounds for a cty.EmptyObject value",
    );
  });
});

describe("unrefined", () => {
  it("strips refinements and keeps marks", () => {
    const v = mark(refineNotNull(unknownVal(stringType)), "sensitive");
    const u = unrefined(v);
    expect(show(u)).toBe('cty.UnknownVal(cty.String).Mark("sensitive")');
    expect(unrefined(stringVal("a"))).toEqual(stringVal("a"));
  });
  it("unrefinedDeep strips nested refinements", () => {
    const v = listVal([refineNotNull(unknownVal(stringType)), stringVal("x")]);
    expect(show(unrefinedDeep(v))).toBe(
      'cty.ListVal([]cty.Value{cty.UnknownVal(cty.String), cty.StringVal("x")})',
    );
  });
});

describe("valueRange", () => {
  it("answers nullness", () => {
    expect(valueRange(unknownVal(stringType)).couldBeNull()).toBe(true);
    expect(valueRange(refineNotNull(unknownVal(stringType))).definitelyNotNull()).toBe(true);
    expect(valueRange(nullVal(stringType)).definitelyNull()).toBe(true);
    expect(valueRange(stringVal("a")).definitelyNotNull()).toBe(true);
  });

  it("gives exact ranges for known values", () => {
    expect(valueRange(stringVal("abc")).stringPrefix()).toBe("abc");
    expect(valueRange(numberVal(4)).numberLowerBound().value.text()).toBe("4");
    expect(valueRange(listVal([True, False])).lengthUpperBound()).toBe(2);
  });

  it("includes(): True, False or unknown", () => {
    const rng = valueRange(refine(unknownVal(numberType)).notNull().numberRangeInclusive(0, 5).newValue());
    expect(rng.includes(numberVal(7))).toBe(False);
    expect(rng.includes(nullVal(numberType))).toBe(False);
    expect(show(rng.includes(numberVal(3)))).toBe("cty.UnknownVal(cty.Bool).RefineNotNull()");
    expect(valueRange(nullVal(stringType)).includes(nullVal(stringType))).toBe(True);
    expect(valueRange(unknownVal(stringType)).includes(nullVal(stringType))).toBe(True);
    expect(valueRange(unknownVal(stringType)).includes(numberVal(1))).toBe(False);
  });

  it("includes() compares unknown numbers by their bounds", () => {
    const rng = valueRange(refine(unknownVal(numberType)).numberRangeInclusive(0, 5).newValue());
    const above = refine(unknownVal(numberType)).notNull().numberLowerBound(6, true).newValue();
    expect(rng.includes(above)).toBe(False);
  });
});
