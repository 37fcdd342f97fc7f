import { describe, expect, it } from "vitest";
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
  type Type,
  tupleType,
} from "../type.js";
import { mismatchMessage } from "./public.js";

// Re-expressed from go-cty's cty/convert/mismatch_msg_test.go, plus semantics.md §4.
const cases: [string, Type, Type, string][] = [
  ["bool → number", boolType, numberType, "number required"],
  ["number → bool", numberType, boolType, "bool required"],
  ["string → list", stringType, listType(stringType), "list of string required"],
  ["empty object → object", emptyObjectType, objectType({ foo: stringType }), 'attribute "foo" is required'],
  [
    "two missing attributes",
    emptyObjectType,
    objectType({ foo: stringType, bar: stringType }),
    'attributes "bar" and "foo" are required',
  ],
  [
    "three missing attributes",
    emptyObjectType,
    objectType({ foo: stringType, bar: stringType, baz: stringType }),
    'attributes "bar", "baz", and "foo" are required',
  ],
  [
    "optional attributes are not required",
    emptyObjectType,
    objectType({ foo: stringType, bar: stringType }, ["foo"]),
    'attribute "bar" is required',
  ],
  [
    "object → list of objects",
    emptyObjectType,
    listType(objectType({ foo: stringType, bar: stringType, baz: stringType })),
    "list of object required",
  ],
  [
    "list element type",
    listType(stringType),
    listType(objectType({ foo: stringType })),
    "incorrect list element type: object required",
  ],
  [
    "list element attribute",
    listType(emptyObjectType),
    listType(objectType({ foo: stringType })),
    'incorrect list element type: attribute "foo" is required',
  ],
  [
    "tuple element",
    tupleType([emptyObjectType]),
    listType(objectType({ foo: stringType })),
    'element 0: attribute "foo" is required',
  ],
  [
    "set element type",
    listType(emptyObjectType),
    setType(objectType({ foo: stringType })),
    'incorrect set element type: attribute "foo" is required',
  ],
  [
    "tuple element → set",
    tupleType([emptyObjectType]),
    setType(objectType({ foo: stringType })),
    'element 0: attribute "foo" is required',
  ],
  [
    "map element type",
    mapType(emptyObjectType),
    mapType(objectType({ foo: stringType })),
    'incorrect map element type: attribute "foo" is required',
  ],
  [
    "object attribute → map element",
    objectType({ boop: emptyObjectType }),
    mapType(objectType({ foo: stringType })),
    'element "boop": attribute "foo" is required',
  ],
  [
    "tuple → list(any)",
    tupleType([emptyObjectType, emptyTupleType]),
    listType(dynamicType),
    "all list elements must have the same type",
  ],
  [
    "tuple → set(any)",
    tupleType([stringType, listType(stringType)]),
    setType(dynamicType),
    "all set elements must have the same type",
  ],
  [
    "object → map(any)",
    objectType({ a: boolType, b: numberType }),
    mapType(dynamicType),
    "all map elements must have the same type",
  ],
  [
    "nested attribute",
    objectType({ foo: boolType, bar: stringType, baz: objectType({ boop: numberType }) }),
    objectType({ foo: boolType, bar: stringType, baz: objectType({ boop: numberType, beep: boolType }) }),
    'attribute "baz": attribute "beep" is required',
  ],
  ["map → list", mapType(stringType), listType(stringType), "list of string required"],
  ["list → map", listType(stringType), mapType(stringType), "map of string required"],
  ["tuple → map", tupleType([stringType]), mapType(stringType), "map of string required"],
  ["object → set", objectType({ a: stringType }), setType(stringType), "set of string required"],
  ["tuple → tuple", tupleType([boolType]), emptyTupleType, "tuple required"],
  ["map → object", mapType(stringType), objectType({ a: listType(stringType) }), "object required"],
  [
    "attribute names are quoted the Go way",
    emptyObjectType,
    objectType({ 'a"b': stringType }),
    'attribute "a\\"b" is required',
  ],
];

describe("mismatchMessage", () => {
  for (const [name, got, want, message] of cases) {
    it(name, () => {
      expect(mismatchMessage(got, want)).toBe(message);
    });
  }

  it("prefers an attribute with no unsafe conversion over one with only an unsafe one", () => {
    // "a" converts unsafely (string → number), "b" not at all (bool → number).
    const got = objectType({ a: stringType, b: boolType });
    const want = objectType({ a: numberType, b: numberType });
    expect(mismatchMessage(got, want)).toBe('attribute "b": number required');
  });
});
