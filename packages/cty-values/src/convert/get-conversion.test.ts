import { describe, expect, it } from "vitest";
import { rawEquals } from "../equality.js";
import { isCtyError } from "../errors.js";
import {
  boolType,
  dynamicType,
  listType,
  mapType,
  numberType,
  objectType,
  setType,
  stringType,
  tupleType,
} from "../type.js";
import { setVal } from "../set.js";
import { listVal, mapVal, numberVal, objectVal, stringVal, True, tupleVal, unknownVal } from "../value.js";
import { convert, getConversion, getConversionUnsafe, unifyUnsafe } from "./public.js";

describe("getConversion / getConversionUnsafe", () => {
  it("safe conversions exist for number → string and bool → string only among primitives", () => {
    expect(getConversion(numberType, stringType)).toBeDefined();
    expect(getConversion(boolType, stringType)).toBeDefined();
    expect(getConversion(stringType, numberType)).toBeUndefined();
    expect(getConversion(stringType, boolType)).toBeUndefined();
    expect(getConversionUnsafe(stringType, numberType)).toBeDefined();
    expect(getConversionUnsafe(stringType, boolType)).toBeDefined();
    expect(getConversionUnsafe(numberType, boolType)).toBeUndefined();
    expect(getConversionUnsafe(boolType, numberType)).toBeUndefined();
  });

  it("like go-cty, there is no conversion from a primitive type to itself (callers check equality)", () => {
    expect(getConversion(stringType, stringType)).toBeUndefined();
    expect(getConversionUnsafe(numberType, numberType)).toBeUndefined();
    // …nor between maps of the same primitive element type, which has no equality shortcut.
    expect(getConversionUnsafe(mapType(stringType), mapType(stringType))).toBeUndefined();
    // Lists, sets, objects and tuples of the same type do have one.
    expect(getConversion(listType(stringType), listType(stringType))).toBeDefined();
    expect(getConversion(objectType({ a: stringType }), objectType({ a: stringType }))).toBeDefined();
    expect(getConversion(tupleType([stringType]), tupleType([stringType]))).toBeDefined();
  });

  it("list → set, map → object and dynamic → T are unsafe only", () => {
    expect(getConversion(listType(stringType), setType(stringType))).toBeUndefined();
    expect(getConversionUnsafe(listType(stringType), setType(stringType))).toBeDefined();
    expect(getConversion(setType(stringType), listType(stringType))).toBeDefined();
    expect(getConversion(mapType(stringType), objectType({ a: stringType }))).toBeUndefined();
    expect(getConversionUnsafe(mapType(stringType), objectType({ a: stringType }))).toBeDefined();
    expect(getConversion(dynamicType, stringType)).toBeUndefined();
    expect(getConversionUnsafe(dynamicType, stringType)).toBeDefined();
    expect(getConversion(stringType, dynamicType)).toBeDefined();
  });

  it("a safe conversion that exists always succeeds, an unsafe one may throw", () => {
    const safe = getConversion(tupleType([numberType, boolType]), listType(stringType));
    expect(safe).toBeDefined();
    expect(
      rawEquals(
        safe?.(tupleVal([numberVal(1), True])) as never,
        listVal([stringVal("1"), stringVal("true")]),
      ),
    ).toBe(true);
    const unsafe = getConversionUnsafe(listType(stringType), listType(numberType));
    expect(() => unsafe?.(listVal([stringVal("1"), stringVal("x")]))).toThrowError(
      "[1]: a number is required",
    );
  });

  it("primitives never convert to collections or structures", () => {
    expect(getConversionUnsafe(stringType, listType(stringType))).toBeUndefined();
    expect(getConversionUnsafe(stringType, objectType({}))).toBeUndefined();
    expect(getConversionUnsafe(objectType({}), tupleType([]))).toBeUndefined();
    expect(getConversionUnsafe(tupleType([stringType]), tupleType([stringType, stringType]))).toBeUndefined();
  });

  it("a late (dynamic) conversion reports the failure of the value it finally sees", () => {
    const unified = unifyUnsafe([stringType, dynamicType]);
    const late = unified?.conversions[1];
    expect(late).toBeDefined();
    expect(rawEquals(late?.(True) as never, stringVal("true"))).toBe(true);
    try {
      late?.(listVal([stringVal("a")]));
      expect.fail("expected a conversion error");
    } catch (e) {
      expect(isCtyError(e) && e.code === "conversion" && e.message === "string required").toBe(true);
    }
  });
});

describe("go-cty quirks kept on purpose", () => {
  it("a set of unknown length → list(number) is an unknown list of the *source* element type", () => {
    // conversionCollectionToList returns UnknownVal(List(val.Type().ElementType())).
    const got = convert(setVal([stringVal("5"), unknownVal(stringType)]), listType(numberType));
    expect(rawEquals(got, unknownVal(listType(stringType)))).toBe(true);
  });

  it("map → object keeps optional markers on the null of a missing optional attribute", () => {
    const inner = objectType({ x: stringType }, ["x"]);
    const got = convert(mapVal({ a: stringVal("v") }), objectType({ a: stringType, b: inner }, ["b"]));
    const b = got.getAttr("b");
    expect(b.isNull()).toBe(true);
    expect(b.type.kind === "object" && b.type.optional.has("x")).toBe(true);
  });

  it("object → map(any) with no common attribute type is impossible, even for empty-looking values", () => {
    expect(() => convert(objectVal({ a: True, b: numberVal(1) }), mapType(dynamicType))).toThrowError(
      "all map elements must have the same type",
    );
  });
});
