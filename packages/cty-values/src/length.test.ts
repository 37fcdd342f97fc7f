import { describe, expect, it } from "vitest";
import { isCtyError } from "./errors.js";
import { refine, refineNotNull, length } from "./refinement.js";
import { valueGoString } from "./type-format.js";
import { listType, mapType, numberType, objectType, setType, stringType, tupleType } from "./type.js";
import { setVal } from "./set.js";
import {
  DynamicVal,
  listVal,
  mapVal,
  mark,
  nullVal,
  objectVal,
  stringVal,
  tupleVal,
  unknownVal,
} from "./value.js";

const show = (v: ReturnType<typeof length>) => valueGoString(v);

describe("length (go-cty Value.Length) [cty]", () => {
  it("counts lists, maps and wholly known sets", () => {
    expect(show(length(listVal([stringVal("a"), stringVal("b")])))).toBe("cty.NumberIntVal(2)");
    expect(show(length(mapVal({ a: stringVal("a") })))).toBe("cty.NumberIntVal(1)");
    expect(show(length(setVal([stringVal("a"), stringVal("a")])))).toBe("cty.NumberIntVal(1)");
  });

  it("knows tuple lengths from the type, even when unknown or null", () => {
    expect(show(length(tupleVal([stringVal("a")])))).toBe("cty.NumberIntVal(1)");
    expect(show(length(unknownVal(tupleType([stringType, stringType, stringType]))))).toBe(
      "cty.NumberIntVal(3)",
    );
    expect(show(length(nullVal(tupleType([stringType]))))).toBe("cty.NumberIntVal(1)");
  });

  it("counts a known object's attributes", () => {
    expect(show(length(objectVal({ a: stringVal("x"), b: stringVal("y") })))).toBe("cty.NumberIntVal(2)");
    expect(show(length(nullVal(objectType({ a: stringType }))))).toBe("cty.NumberIntVal(1)");
  });

  it("refines a set's unknown length to [1, stored] (§7 #18)", () => {
    const s = setVal([stringVal("a"), unknownVal(stringType), unknownVal(stringType)]);
    expect(show(length(s))).toBe(
      "cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(1), true).NumberUpperBound(cty.NumberIntVal(3), true).NewValue()",
    );
    expect(s.lengthInt()).toBe(3);
  });

  it("is exact for a set of one unknown element", () => {
    expect(show(length(setVal([unknownVal(stringType)])))).toBe("cty.NumberIntVal(1)");
  });

  it("refines an unknown collection's length from its refinement", () => {
    const u = refine(unknownVal(listType(stringType)))
      .collectionLengthLowerBound(2)
      .collectionLengthUpperBound(4)
      .newValue();
    expect(show(length(u))).toBe(
      "cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(2), true).NumberUpperBound(cty.NumberIntVal(4), true).NewValue()",
    );
    expect(show(length(refineNotNull(unknownVal(mapType(stringType)))))).toBe(
      "cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(0), true).NumberUpperBound(cty.NumberIntVal(9.223372036854775807e+18), true).NewValue()",
    );
    expect(length(DynamicVal).isKnown()).toBe(false);
  });

  it("moves marks to the result", () => {
    expect(show(length(mark(listVal([stringVal("a")]), "sensitive")))).toBe(
      'cty.NumberIntVal(1).Mark("sensitive")',
    );
  });

  it("rejects null collections and types without a length", () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return isCtyError(e) ? e.code : "other";
      }
      return "none";
    };
    expect(code(() => length(nullVal(setType(stringType))))).toBe("invalid_value");
    expect(code(() => length(stringVal("abc")))).toBe("invalid_value");
    expect(code(() => length(unknownVal(numberType)))).toBe("invalid_value");
  });
});
