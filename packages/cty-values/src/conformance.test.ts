import { describe, expect, it } from "vitest";
import { testConformance } from "./conformance.js";
import { formatPath } from "./path.js";
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
  type Type,
} from "./type.js";

const messages = (given: Type, want: Type) => testConformance(given, want).map((e) => e.message);

describe("testConformance (go-cty TestConformance) [cty] (§1.8)", () => {
  it("accepts equal types and anything against dynamic", () => {
    expect(testConformance(stringType, stringType)).toEqual([]);
    expect(testConformance(listType(objectType({ a: stringType })), dynamicType)).toEqual([]);
    expect(testConformance(listType(stringType), listType(dynamicType))).toEqual([]);
    expect(testConformance(objectType({ a: numberType }), objectType({ a: dynamicType }))).toEqual([]);
  });

  it("reports primitive mismatches with friendly names", () => {
    expect(messages(stringType, numberType)).toEqual(["number required, but received string"]);
    expect(messages(listType(stringType), setType(stringType))).toEqual([
      "set of string required, but received list of string",
    ]);
    expect(messages(dynamicType, stringType)).toEqual(["string required, but received dynamic"]);
  });

  it("reports unsupported and missing attributes at the object's path", () => {
    expect(messages(objectType({ a: stringType, x: stringType }), objectType({ a: stringType }))).toEqual([
      'unsupported attribute "x"',
    ]);
    expect(messages(objectType({ a: stringType }), objectType({ a: stringType, b: boolType }))).toEqual([
      'missing required attribute "b"',
    ]);
  });

  it("recurses into attributes, list and map elements with paths", () => {
    const errs = testConformance(
      objectType({ a: stringType, l: listType(objectType({ ip: numberType })), m: mapType(boolType) }),
      objectType({ a: numberType, l: listType(objectType({ ip: stringType })), m: mapType(stringType) }),
    );
    expect(errs.map((e) => e.message)).toEqual([
      ".a: number required, but received string",
      ".l[(not yet known)].ip: string required, but received number",
      ".m[(not yet known)]: string required, but received bool",
    ]);
    expect(errs.every((e) => e.code === "conversion")).toBe(true);
    expect(errs.map((e) => e.rawMessage)[0]).toBe("number required, but received string");
    expect(formatPath(errs[1]?.path ?? [])).toBe(".l[(not yet known)].ip");
  });

  it("steps into set elements with an unknown key", () => {
    expect(messages(setType(objectType({ a: stringType })), setType(objectType({ a: boolType })))).toEqual([
      "[(not yet known)].a: bool required, but received string",
    ]);
  });

  it("compares tuples element by element, and by length first", () => {
    expect(messages(tupleType([stringType]), tupleType([numberType]))).toEqual([
      "[0]: number required, but received string",
    ]);
    expect(messages(tupleType([stringType]), tupleType([stringType, stringType]))).toEqual([
      "2 elements are required, but got 1",
    ]);
  });

  it("reports unsupported and missing attributes even when the counts match", () => {
    expect(messages(objectType({ x: stringType }), objectType({ a: stringType }))).toEqual([
      'unsupported attribute "x"',
      'missing required attribute "a"',
    ]);
  });

  it("treats optional-attribute markers as part of the type but reports nothing for them", () => {
    expect(testConformance(objectType({ a: stringType }, ["a"]), objectType({ a: stringType }))).toEqual([]);
  });
});
