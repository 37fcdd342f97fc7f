import { describe, expect, it } from "vitest";
import { CtyNumber } from "./number.js";
import { refine, refineNotNull, length } from "./refinement.js";
import {
  friendlyName,
  friendlyNameForConstraint,
  goFloat64V,
  typeGoString,
  valueGoString,
} from "./type-format.js";
import {
  boolType,
  dynamicType,
  emptyObjectType,
  emptyTupleType,
  listType,
  mapType,
  numberType,
  objectType,
  setType,
  stringType,
  tupleType,
} from "./type.js";
import { setVal } from "./set.js";
import {
  DynamicVal,
  EmptyObjectVal,
  EmptyTupleVal,
  False,
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
  True,
  tupleVal,
  unknownVal,
} from "./value.js";

describe("friendly names [cty] (§1.1)", () => {
  it("names types", () => {
    expect(friendlyName(stringType)).toBe("string");
    expect(friendlyName(numberType)).toBe("number");
    expect(friendlyName(boolType)).toBe("bool");
    expect(friendlyName(listType(stringType))).toBe("list of string");
    expect(friendlyName(setType(mapType(numberType)))).toBe("set of map of number");
    expect(friendlyName(objectType({ a: stringType }))).toBe("object");
    expect(friendlyName(tupleType([stringType]))).toBe("tuple");
    expect(friendlyName(dynamicType)).toBe("dynamic");
    expect(friendlyName(listType(dynamicType))).toBe("list of dynamic");
  });
  it("names constraints", () => {
    expect(friendlyNameForConstraint(dynamicType)).toBe("any type");
    expect(friendlyNameForConstraint(listType(dynamicType))).toBe("list of any single type");
    expect(friendlyNameForConstraint(mapType(listType(dynamicType)))).toBe("map of list of any single type");
    expect(friendlyNameForConstraint(setType(stringType))).toBe("set of string");
  });
});

describe("typeGoString [cty] (§1.1)", () => {
  it.each([
    [stringType, "cty.String"],
    [listType(stringType), "cty.List(cty.String)"],
    [mapType(setType(tupleType([stringType]))), "cty.Map(cty.Set(cty.Tuple([]cty.Type{cty.String})))"],
    [
      objectType({ b: boolType, a: listType(stringType) }),
      'cty.Object(map[string]cty.Type{"a":cty.List(cty.String), "b":cty.Bool})',
    ],
    [
      objectType({ b: boolType, a: listType(stringType) }, ["a"]),
      'cty.ObjectWithOptionalAttrs(map[string]cty.Type{"a":cty.List(cty.String), "b":cty.Bool}, []string{"a"})',
    ],
    [emptyObjectType, "cty.EmptyObject"],
    [emptyTupleType, "cty.EmptyTuple"],
    [dynamicType, "cty.DynamicPseudoType"],
    [tupleType([stringType, numberType]), "cty.Tuple([]cty.Type{cty.String, cty.Number})"],
  ])("renders %j", (t, want) => {
    expect(typeGoString(t)).toBe(want);
  });
});

describe("valueGoString [cty] (§1.9)", () => {
  it("renders primitives, nulls and unknowns", () => {
    expect(valueGoString(stringVal('a"b\n'))).toBe('cty.StringVal("a\\"b\\n")');
    expect(valueGoString(True)).toBe("cty.True");
    expect(valueGoString(False)).toBe("cty.False");
    expect(valueGoString(nullVal(stringType))).toBe("cty.NullVal(cty.String)");
    expect(valueGoString(nullVal(dynamicType))).toBe("cty.NullVal(cty.DynamicPseudoType)");
    expect(valueGoString(DynamicVal)).toBe("cty.DynamicVal");
    expect(valueGoString(unknownVal(stringType))).toBe("cty.UnknownVal(cty.String)");
  });

  it("renders refinement suffixes", () => {
    expect(valueGoString(refineNotNull(unknownVal(stringType)))).toBe(
      "cty.UnknownVal(cty.String).RefineNotNull()",
    );
    expect(
      valueGoString(refine(unknownVal(numberType)).notNull().numberRangeInclusive(0, 5).newValue()),
    ).toBe(
      "cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(0), true).NumberUpperBound(cty.NumberIntVal(5), true).NewValue()",
    );
    expect(valueGoString(refine(unknownVal(stringType)).stringPrefixFull("a").newValue())).toBe(
      'cty.UnknownVal(cty.String).Refine().StringPrefixFull("a").NewValue()',
    );
    expect(
      valueGoString(
        refine(unknownVal(listType(stringType)))
          .collectionLengthLowerBound(2)
          .newValue(),
      ),
    ).toBe("cty.UnknownVal(cty.List(cty.String)).Refine().CollectionLengthLowerBound(2).NewValue()");
    expect(valueGoString(refine(unknownVal(boolType)).newValue())).toBe(
      "cty.UnknownVal(cty.Bool).Refine().NewValue()",
    );
  });

  it("renders numbers as NumberIntVal, NumberFloatVal or MustParseNumberVal", () => {
    expect(valueGoString(numberVal(21))).toBe("cty.NumberIntVal(21)");
    expect(valueGoString(numberVal(1000000))).toBe("cty.NumberIntVal(1e+06)");
    expect(valueGoString(numberVal(1234567890123))).toBe("cty.NumberIntVal(1.234567890123e+12)");
    expect(valueGoString(numberVal(1.5))).toBe("cty.NumberFloatVal(1.5)");
    expect(valueGoString(numberVal("0.1"))).toBe('cty.MustParseNumberVal("0.1")');
    expect(valueGoString(numberVal(0.1))).toBe("cty.NumberFloatVal(0.1)");
    expect(valueGoString(numberVal(CtyNumber.positiveInfinity))).toBe("cty.NumberFloatVal(+Inf)");
    expect(valueGoString(numberVal(CtyNumber.negativeInfinity))).toBe("cty.NumberFloatVal(-Inf)");
  });

  it("renders collections and structures", () => {
    expect(valueGoString(listVal([stringVal("a"), stringVal("b")]))).toBe(
      'cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})',
    );
    expect(valueGoString(listValEmpty(stringType))).toBe("cty.ListValEmpty(cty.String)");
    expect(valueGoString(setVal([stringVal("b"), stringVal("a")]))).toBe(
      'cty.SetVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})',
    );
    expect(valueGoString(setValEmpty(numberType))).toBe("cty.SetValEmpty(cty.Number)");
    expect(valueGoString(mapVal({ b: True, a: False }))).toBe(
      'cty.MapVal(map[string]cty.Value{"a":cty.False, "b":cty.True})',
    );
    expect(valueGoString(mapValEmpty(boolType))).toBe("cty.MapValEmpty(cty.Bool)");
    expect(valueGoString(objectVal({ n: numberVal(1), s: stringVal("x") }))).toBe(
      'cty.ObjectVal(map[string]cty.Value{"n":cty.NumberIntVal(1), "s":cty.StringVal("x")})',
    );
    expect(valueGoString(tupleVal([stringVal("x"), True]))).toBe(
      'cty.TupleVal([]cty.Value{cty.StringVal("x"), cty.True})',
    );
    expect(valueGoString(EmptyObjectVal)).toBe("cty.EmptyObjectVal");
    expect(valueGoString(EmptyTupleVal)).toBe("cty.EmptyTupleVal");
  });

  it("renders marks", () => {
    expect(valueGoString(mark(stringVal("secret"), "sensitive"))).toBe(
      'cty.StringVal("secret").Mark("sensitive")',
    );
    expect(valueGoString(mark(stringVal("x"), "sensitive", "ephemeral"))).toBe(
      'cty.StringVal("x").WithMarks(cty.NewValueMarks("ephemeral", "sensitive"))',
    );
    expect(valueGoString(listVal([mark(True, "m")]))).toBe('cty.ListVal([]cty.Value{cty.True.Mark("m")})');
  });

  it("renders the length of an unrefined unknown list with go-cty's MaxInt bound", () => {
    expect(valueGoString(length(unknownVal(listType(stringType))))).toBe(
      "cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(0), true).NumberUpperBound(cty.NumberIntVal(9.223372036854775807e+18), true).NewValue()",
    );
  });
});

describe("goFloat64V (Go %v of float64)", () => {
  // Expected strings produced by Go 1.19 fmt.Sprintf("%#v", f).
  it.each([
    [1.5, "1.5"],
    [0.1, "0.1"],
    [1e6, "1e+06"],
    [123456, "123456"],
    [1234567, "1.234567e+06"],
    [1e-4, "0.0001"],
    [1.5e-5, "1.5e-05"],
    [0.30000000000000004, "0.30000000000000004"],
    [1e21, "1e+21"],
    [1e20, "1e+20"],
    [-2.5, "-2.5"],
    [5e-324, "5e-324"],
    [1.7976931348623157e308, "1.7976931348623157e+308"],
    [100, "100"],
    [0.000123, "0.000123"],
  ])("formats %d", (x, want) => {
    expect(goFloat64V(x)).toBe(want);
  });
});

describe("valueGoString of collections built with dynamic elements (go-cty 1.12.1 output)", () => {
  it("gives DynamicVal and null-of-dynamic elements the collection's element type", () => {
    expect(valueGoString(listVal([stringVal("a"), DynamicVal]))).toBe(
      'cty.ListVal([]cty.Value{cty.StringVal("a"), cty.UnknownVal(cty.String)})',
    );
    expect(valueGoString(setVal([stringVal("a"), DynamicVal]))).toBe(
      'cty.SetVal([]cty.Value{cty.StringVal("a"), cty.UnknownVal(cty.String)})',
    );
    expect(valueGoString(mapVal({ x: nullVal(dynamicType), y: stringVal("a") }))).toBe(
      'cty.MapVal(map[string]cty.Value{"x":cty.NullVal(cty.String), "y":cty.StringVal("a")})',
    );
    expect(valueGoString(listVal([DynamicVal]))).toBe("cty.ListVal([]cty.Value{cty.DynamicVal})");
    expect(valueGoString(listVal([mark(stringVal("a"), "m"), mark(DynamicVal, "n")]))).toBe(
      'cty.ListVal([]cty.Value{cty.StringVal("a").Mark("m"), cty.UnknownVal(cty.String).Mark("n")})',
    );
  });
});
