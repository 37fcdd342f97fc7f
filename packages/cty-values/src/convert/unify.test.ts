import { describe, expect, it } from "vitest";
import { rawEquals } from "../equality.js";
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
  typeEquals,
} from "../type.js";
import { DynamicVal, numberVal, objectVal, stringVal, True, tupleVal } from "../value.js";
import { compareTypes } from "./compare-types.js";
import { unify, unifyUnsafe } from "./public.js";
import { sortTypes } from "./sort-types.js";

const obj = (attrs: Record<string, Type>) => objectType(attrs);

interface UnifyCase {
  name: string;
  input: Type[];
  /** undefined: no unification. */
  want?: Type;
  /** Which inputs need a conversion. */
  conversions?: boolean[];
}

// Re-expressed from go-cty's cty/convert/unify_test.go (TestUnify).
const cases: UnifyCase[] = [
  { name: "no types", input: [] },
  { name: "one string", input: [stringType], want: stringType, conversions: [false] },
  { name: "one number", input: [numberType], want: numberType, conversions: [false] },
  { name: "two numbers", input: [numberType, numberType], want: numberType, conversions: [false, false] },
  {
    name: "number, string → string",
    input: [numberType, stringType],
    want: stringType,
    conversions: [true, false],
  },
  {
    name: "string, number → string",
    input: [stringType, numberType],
    want: stringType,
    conversions: [false, true],
  },
  {
    name: "bool, string, number → string",
    input: [boolType, stringType, numberType],
    want: stringType,
    conversions: [true, false, true],
  },
  { name: "bool, number → none", input: [boolType, numberType] },
  {
    name: "equal objects",
    input: [obj({ foo: stringType }), obj({ foo: stringType })],
    want: obj({ foo: stringType }),
    conversions: [false, false],
  },
  {
    name: "objects with convertible attributes",
    input: [obj({ foo: stringType }), obj({ foo: numberType })],
    want: obj({ foo: stringType }),
    conversions: [false, true],
  },
  {
    name: "objects with different names → map (§4.5)",
    input: [obj({ foo: stringType }), obj({ bar: numberType })],
    want: mapType(stringType),
    conversions: [true, true],
  },
  {
    name: "object and empty object → map",
    input: [obj({ foo: stringType }), emptyObjectType],
    want: mapType(stringType),
    conversions: [true, true],
  },
  {
    name: "objects {a:bool} + {b:number} → none (§4.5)",
    input: [obj({ foo: boolType }), obj({ bar: numberType })],
  },
  {
    name: "objects with unconvertible attributes",
    input: [obj({ foo: boolType }), obj({ foo: numberType })],
  },
  {
    name: "equal tuples",
    input: [tupleType([stringType]), tupleType([stringType])],
    want: tupleType([stringType]),
    conversions: [false, false],
  },
  {
    name: "tuples with convertible elements",
    input: [tupleType([stringType]), tupleType([numberType])],
    want: tupleType([stringType]),
    conversions: [false, true],
  },
  {
    name: "tuples of different lengths → list",
    input: [tupleType([stringType]), tupleType([stringType, numberType])],
    want: listType(stringType),
    conversions: [true, true],
  },
  {
    name: "tuple and empty tuple → list",
    input: [tupleType([stringType]), emptyTupleType],
    want: listType(stringType),
    conversions: [true, true],
  },
  { name: "tuples with unconvertible elements", input: [tupleType([boolType]), tupleType([numberType])] },
  {
    name: "objects unify as map(string) within tuples",
    input: [
      tupleType([obj({ a: stringType }), obj({ a: stringType })]),
      tupleType([obj({ a: stringType, b: stringType })]),
    ],
    want: listType(mapType(stringType)),
    conversions: [true, true],
  },
  {
    name: "a list beside the tuples unifies the same way",
    input: [
      listType(obj({ a: stringType })),
      tupleType([obj({ a: stringType, b: stringType })]),
      tupleType([obj({ a: stringType, b: stringType }), obj({ c: stringType, d: stringType })]),
    ],
    want: listType(mapType(stringType)),
    conversions: [true, true, true],
  },
  {
    name: "a map element does not change the unification",
    input: [
      listType(obj({ a: stringType })),
      listType(mapType(stringType)),
      tupleType([mapType(stringType), obj({ a: stringType, b: stringType })]),
    ],
    want: listType(mapType(stringType)),
    conversions: [true, false, true],
  },
  {
    name: "different tuple lengths unify as a list of maps",
    input: [
      tupleType([obj({ a: stringType, b: numberType }), obj({ a: stringType, b: numberType })]),
      tupleType([obj({ a: stringType })]),
    ],
    want: listType(mapType(stringType)),
    conversions: [true, true],
  },
  {
    name: "equal tuple lengths stay a tuple of maps",
    input: [tupleType([obj({ a: stringType, b: numberType })]), tupleType([obj({ a: stringType })])],
    want: tupleType([mapType(stringType)]),
    conversions: [true, true],
  },
  {
    name: "list of objects and tuple of objects → list of maps",
    input: [listType(obj({ a: numberType, b: stringType })), tupleType([obj({ a: stringType })])],
    want: listType(mapType(stringType)),
    conversions: [true, true],
  },
  {
    name: "lists of different objects → list of maps",
    input: [listType(obj({ a: numberType, b: stringType })), listType(obj({ a: stringType }))],
    want: listType(mapType(stringType)),
    conversions: [true, true],
  },
  {
    name: "objects and maps unify inside lists",
    input: [
      listType(obj({ a: obj({ a: stringType }), b: obj({ a: stringType, b: stringType }) })),
      listType(mapType(obj({ a: stringType, b: stringType }))),
    ],
    want: listType(mapType(mapType(stringType))),
    conversions: [true, true],
  },
  {
    name: "objects unify as maps within objects",
    input: [obj({ a: obj({ a: stringType }) }), obj({ a: obj({ a: stringType, b: stringType }) })],
    want: obj({ a: mapType(stringType) }),
    conversions: [true, true],
  },
  {
    name: "nested objects unify as maps",
    input: [
      obj({ a: obj({ a: stringType }), b: obj({ a: stringType, b: stringType }) }),
      mapType(obj({ a: stringType, b: stringType })),
    ],
    want: mapType(mapType(stringType)),
    conversions: [true, true],
  },
  {
    name: "nested tuples and lists unify with the surrounding objects and maps",
    input: [
      obj({
        a: obj({ a: listType(stringType) }),
        b: obj({ a: tupleType([stringType]), b: listType(stringType) }),
      }),
      mapType(obj({ a: listType(stringType), b: listType(stringType) })),
    ],
    want: mapType(mapType(listType(stringType))),
    conversions: [true, true],
  },
  {
    name: "objects unify as maps of objects when all attributes match",
    input: [obj({ a: obj({ a: stringType }), b: obj({ a: stringType }) }), mapType(obj({ a: stringType }))],
    want: mapType(obj({ a: stringType })),
    conversions: [true, false],
  },
  {
    name: "a map(dynamic) makes the result dynamic",
    input: [
      obj({ a: obj({ a: stringType }), b: obj({ a: stringType }) }),
      mapType(dynamicType),
      mapType(obj({ a: stringType })),
    ],
    want: mapType(dynamicType),
    conversions: [true, false, true],
  },
  {
    name: "deeply nested objects and maps",
    input: [
      obj({ a: obj({ a: obj({ a: stringType }) }), b: obj({ c: obj({ d: stringType }) }) }),
      mapType(mapType(mapType(stringType))),
    ],
    want: mapType(mapType(mapType(stringType))),
    conversions: [true, false],
  },
  {
    name: "deeply nested objects holding maps",
    input: [
      mapType(mapType(mapType(stringType))),
      obj({ a: obj({ a: obj({ a: stringType }), b: mapType(stringType) }), b: mapType(mapType(stringType)) }),
    ],
    want: mapType(mapType(mapType(stringType))),
    conversions: [false, true],
  },
  {
    name: "dynamic and tuple → dynamic",
    input: [dynamicType, tupleType([numberType])],
    want: dynamicType,
    conversions: [true, true],
  },
  {
    name: "dynamic and object → dynamic",
    input: [dynamicType, obj({ num: numberType })],
    want: dynamicType,
    conversions: [true, true],
  },
  {
    name: "tuple, dynamic, object → none",
    input: [tupleType([numberType]), dynamicType, obj({ num: numberType })],
  },
  // semantics.md §4.5
  {
    name: "list(string), tuple([number]) → list(string)",
    input: [listType(stringType), tupleType([numberType])],
    want: listType(stringType),
    conversions: [false, true],
  },
  {
    name: "set(string), list(string) → list(string)",
    input: [setType(stringType), listType(stringType)],
    want: listType(stringType),
    conversions: [true, false],
  },
  {
    name: "string, dynamic → dynamic (safe)",
    input: [stringType, dynamicType],
    want: dynamicType,
    conversions: [true, false],
  },
];

describe("unify", () => {
  for (const c of cases) {
    it(c.name, () => {
      const got = unify(c.input);
      if (c.want === undefined) {
        expect(got).toBeUndefined();
        return;
      }
      expect(got).toBeDefined();
      if (got === undefined) return;
      expect(typeEquals(got.type, c.want), `got ${JSON.stringify(got.type)}`).toBe(true);
      expect(got.conversions.map((f) => f !== undefined)).toEqual(c.conversions);
    });
  }

  it("string, dynamic → string when unsafe (§4.5)", () => {
    const got = unifyUnsafe([stringType, dynamicType]);
    expect(got && typeEquals(got.type, stringType)).toBe(true);
    expect(got?.conversions.map((f) => f !== undefined)).toEqual([false, true]);
  });

  it("the returned conversions convert values to the unified type", () => {
    const got = unify([numberType, stringType, boolType]);
    expect(got).toBeDefined();
    const [fromNumber, , fromBool] = got?.conversions ?? [];
    expect(rawEquals((fromNumber as (v: unknown) => never)(numberVal(5)), stringVal("5"))).toBe(true);
    expect(rawEquals((fromBool as (v: unknown) => never)(True), stringVal("true"))).toBe(true);
  });

  it("chained tuple → list → list conversions apply both steps", () => {
    const got = unify([listType(mapType(stringType)), tupleType([objectType({ a: numberType })])]);
    expect(got && typeEquals(got.type, listType(mapType(stringType)))).toBe(true);
    const conversion = got?.conversions[1];
    expect(conversion).toBeDefined();
    const converted = conversion?.(tupleVal([objectVal({ a: numberVal(1) })]));
    expect(converted?.type.kind).toBe("list");
    expect(converted && typeEquals(converted.type, listType(mapType(stringType)))).toBe(true);
  });

  it("the all-dynamic conversions give DynamicVal", () => {
    const got = unify([dynamicType, tupleType([numberType])]);
    expect(got?.conversions[1]?.(tupleVal([numberVal(1)]))).toBe(DynamicVal);
  });
});

describe("compareTypes and sortTypes", () => {
  it("prefers string over other primitives and concrete over dynamic", () => {
    expect(compareTypes(stringType, numberType)).toBe(-1);
    expect(compareTypes(numberType, stringType)).toBe(1);
    expect(compareTypes(numberType, boolType)).toBe(0);
    expect(compareTypes(dynamicType, stringType)).toBe(1);
    expect(compareTypes(stringType, dynamicType)).toBe(-1);
    expect(compareTypes(dynamicType, dynamicType)).toBe(0);
  });

  it("prefers list over tuple, map over object, list and tuple over set", () => {
    // go-cty compare_types.go swaps (set, list) and (set, tuple) and answers -1 * swap, so the
    // list or tuple is the preferred (more general) one.
    expect(compareTypes(listType(stringType), tupleType([stringType]))).toBe(-1);
    expect(compareTypes(tupleType([stringType]), listType(stringType))).toBe(1);
    expect(compareTypes(mapType(stringType), objectType({ a: stringType }))).toBe(-1);
    expect(compareTypes(objectType({ a: stringType }), mapType(stringType))).toBe(1);
    expect(compareTypes(setType(stringType), listType(stringType))).toBe(1);
    expect(compareTypes(listType(stringType), setType(stringType))).toBe(-1);
    expect(compareTypes(setType(stringType), tupleType([]))).toBe(1);
    expect(compareTypes(tupleType([]), setType(stringType))).toBe(-1);
  });

  it("compares collections by element type and structures by their parts", () => {
    expect(compareTypes(listType(stringType), listType(numberType))).toBe(-1);
    expect(compareTypes(objectType({ a: numberType }), objectType({ a: stringType }))).toBe(1);
    expect(
      compareTypes(
        objectType({ a: stringType, b: numberType }),
        objectType({ a: numberType, b: stringType }),
      ),
    ).toBe(0);
    expect(compareTypes(objectType({ a: stringType }), objectType({ b: stringType }))).toBe(0);
    expect(compareTypes(tupleType([numberType, stringType]), tupleType([stringType, stringType]))).toBe(1);
  });

  it("sorts the most general first, ties in input order", () => {
    expect(sortTypes([numberType, stringType, boolType])).toEqual([1, 0, 2]);
    expect(sortTypes([dynamicType, numberType])).toEqual([1, 0]);
    expect(sortTypes([boolType, numberType])).toEqual([0, 1]);
    expect(sortTypes([])).toEqual([]);
    // Re-expressed from go-cty's sort_types_test.go.
    expect(sortTypes([numberType, stringType, numberType])).toEqual([1, 0, 2]);
    expect(sortTypes([boolType, listType(stringType), stringType])).toEqual([1, 2, 0]);
    expect(sortTypes([listType(stringType), stringType])).toEqual([0, 1]);
  });
});
