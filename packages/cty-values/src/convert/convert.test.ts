import { describe, expect, it } from "vitest";
import { rawEquals } from "../equality.js";
import { isCtyError } from "../errors.js";
import { CtyNumber } from "../number.js";
import { refine, refineNotNull } from "../refinement.js";
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
import { setVal } from "../set.js";
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
  type Value,
} from "../value.js";
import { convert } from "./public.js";
import { expectConversionError, expectConverts } from "./test-helpers.js";

const str = stringVal;
const num = numberVal;

interface Case {
  name: string;
  value: () => Value;
  type: () => Type;
  want?: () => Value;
  error?: string;
}

function runCases(cases: Case[]): void {
  for (const c of cases) {
    it(c.name, () => {
      if (c.error !== undefined) expectConversionError(c.value(), c.type(), c.error);
      else expectConverts(c.value(), c.type(), (c.want as () => Value)());
    });
  }
}

// Re-expressed from go-cty's cty/convert/public_test.go (TestConvert) and semantics.md §4, §7.
describe("primitive conversions", () => {
  runCases([
    {
      name: "string to string is identity",
      value: () => str("hello"),
      type: () => stringType,
      want: () => str("hello"),
    },
    { name: '"1" → number', value: () => str("1"), type: () => numberType, want: () => num(1) },
    { name: '"1.5" → number', value: () => str("1.5"), type: () => numberType, want: () => num(1.5) },
    {
      name: '"hello" → number fails',
      value: () => str("hello"),
      type: () => numberType,
      error: "a number is required",
    },
    { name: '"true" → bool', value: () => str("true"), type: () => boolType, want: () => True },
    { name: '"1" → bool', value: () => str("1"), type: () => boolType, want: () => True },
    { name: '"false" → bool', value: () => str("false"), type: () => boolType, want: () => False },
    { name: '"0" → bool', value: () => str("0"), type: () => boolType, want: () => False },
    {
      name: '"hello" → bool fails',
      value: () => str("hello"),
      type: () => boolType,
      error: "a bool is required",
    },
    {
      name: '"yes" → bool fails (§7.12)',
      value: () => str("yes"),
      type: () => boolType,
      error: "a bool is required",
    },
    {
      name: '"True" → bool asks for lowercase (§7.12)',
      value: () => str("True"),
      type: () => boolType,
      error: 'a bool is required; to convert from string, use lowercase "true"',
    },
    {
      name: '"FALSE" → bool asks for lowercase',
      value: () => str("FALSE"),
      type: () => boolType,
      error: 'a bool is required; to convert from string, use lowercase "false"',
    },
    { name: "4 → string", value: () => num(4), type: () => stringType, want: () => str("4") },
    {
      name: "float 3.14159265359 → string",
      // biome-ignore lint/suspicious/noApproximativeNumericConstant: go-cty test input, not π
      value: () => num(3.14159265359),
      type: () => stringType,
      want: () => str("3.14159265359"),
    },
    {
      name: "parsed 1.50 → string (§4.3)",
      value: () => num("1.50"),
      type: () => stringType,
      want: () => str("1.5"),
    },
    {
      name: "parsed 1e21 → string (§4.3)",
      value: () => num("1e21"),
      type: () => stringType,
      want: () => str("1000000000000000000000"),
    },
    {
      name: "float 1/3 → string (§4.3)",
      value: () => num(1 / 3),
      type: () => stringType,
      want: () => str("0.3333333333333333"),
    },
    { name: "parsed -0 → string", value: () => num("-0"), type: () => stringType, want: () => str("-0") },
    { name: "true → string", value: () => True, type: () => stringType, want: () => str("true") },
    { name: "false → string", value: () => False, type: () => stringType, want: () => str("false") },
    {
      name: "bool → number is impossible",
      value: () => True,
      type: () => numberType,
      error: "number required",
    },
    {
      name: "number → bool is impossible",
      value: () => num(1),
      type: () => boolType,
      error: "bool required",
    },
    {
      name: '"NaN" → number fails (§7.11)',
      value: () => str("NaN"),
      type: () => numberType,
      error: "a number is required",
    },
    {
      name: '" 1" → number fails (§7.11)',
      value: () => str(" 1"),
      type: () => numberType,
      error: "a number is required",
    },
    {
      name: '"1_000" → number fails (§7.11)',
      value: () => str("1_000"),
      type: () => numberType,
      error: "a number is required",
    },
    {
      name: '"" → number fails',
      value: () => str(""),
      type: () => numberType,
      error: "a number is required",
    },
    {
      name: "unknown string → number",
      value: () => unknownVal(stringType),
      type: () => numberType,
      want: () => unknownVal(numberType),
    },
    {
      name: "unknown number → string",
      value: () => unknownVal(numberType),
      type: () => stringType,
      want: () => unknownVal(stringType),
    },
    {
      name: "DynamicVal → string",
      value: () => DynamicVal,
      type: () => stringType,
      want: () => unknownVal(stringType),
    },
    {
      name: "null number → string",
      value: () => nullVal(numberType),
      type: () => stringType,
      want: () => nullVal(stringType),
    },
    {
      name: "string → dynamic passes through",
      value: () => str("hello"),
      type: () => dynamicType,
      want: () => str("hello"),
    },
    {
      name: "null string → dynamic",
      value: () => nullVal(stringType),
      type: () => dynamicType,
      want: () => nullVal(stringType),
    },
    {
      name: "unknown string → dynamic",
      value: () => unknownVal(stringType),
      type: () => dynamicType,
      want: () => unknownVal(stringType),
    },
    {
      name: "string → list is impossible",
      value: () => str("a"),
      type: () => listType(stringType),
      error: "list of string required",
    },
  ]);

  it('"Inf" → number gives positive infinity (§7.11)', () => {
    const n = convert(str("Inf"), numberType).asNumber();
    expect(n.isInfinite()).toBe(true);
    expect(n.sign()).toBe(1);
    expect(convert(str("-inf"), numberType).asNumber().sign()).toBe(-1);
  });

  it("infinities convert to Go's +Inf / -Inf text and back", () => {
    expectConverts(numberVal(CtyNumber.positiveInfinity), stringType, str("+Inf"));
    expectConverts(numberVal(CtyNumber.negativeInfinity), stringType, str("-Inf"));
    expect(convert(str("+Inf"), numberType).asNumber().isInfinite()).toBe(true);
  });

  it('"1p3" parses with a binary exponent (Go ParseFloat syntax)', () => {
    expectConverts(str("1p3"), numberType, num(8));
  });
});

describe("collection conversions", () => {
  runCases([
    {
      name: "list of numbers → list(string)",
      value: () => listVal([num(5), num(10)]),
      type: () => listType(stringType),
      want: () => listVal([str("5"), str("10")]),
    },
    {
      name: "list of numbers → list(dynamic) unchanged",
      value: () => listVal([num(5), num(10)]),
      type: () => listType(dynamicType),
      want: () => listVal([num(5), num(10)]),
    },
    {
      name: "tuple of dissimilar objects → list(dynamic) fails",
      value: () =>
        tupleVal([
          objectVal({
            type: str("ingress"),
            from_port: num(-1),
            to_port: num(-1),
            protocol: str("icmp"),
            description: str("ICMP in"),
            cidr: tupleVal([str("0.0.0.0/0")]),
          }),
          objectVal({
            type: str("ingress"),
            from_port: num(22),
            to_port: num(22),
            protocol: str("tcp"),
            description: str("SSH from Bastion"),
            source_sg: str("sg-abc123"),
          }),
        ]),
      type: () => listType(dynamicType),
      error: "all list elements must have the same type",
    },
    {
      name: "set with an unknown → set(number)",
      value: () => setVal([str("5"), unknownVal(stringType)]),
      type: () => setType(numberType),
      want: () => setVal([num(5), unknownVal(numberType)]),
    },
    {
      name: "set of strings → list(string) in set order",
      value: () => setVal([str("5"), str("10")]),
      type: () => listType(stringType),
      want: () => listVal([str("10"), str("5")]),
    },
    {
      name: "set of strings → list(dynamic) in set order",
      value: () => setVal([str("5"), str("10")]),
      type: () => listType(dynamicType),
      want: () => listVal([str("10"), str("5")]),
    },
    {
      name: "set of numbers → list(string) in numeric order",
      value: () => setVal([num(10), num(5)]),
      type: () => listType(stringType),
      want: () => listVal([str("5"), str("10")]),
    },
    {
      name: "set {b, a} → list gives [a, b] (§4.4)",
      value: () => setVal([str("b"), str("a")]),
      type: () => listType(stringType),
      want: () => listVal([str("a"), str("b")]),
    },
    {
      name: "set of unknown length → list is wholly unknown",
      value: () => setVal([str("5"), unknownVal(stringType)]),
      type: () => listType(stringType),
      want: () => unknownVal(listType(stringType)),
    },
    {
      name: 'set {"a", unk, unk} → unrefined unknown list (§7.24)',
      value: () => setVal([str("a"), unknownVal(stringType), unknownVal(stringType)]),
      type: () => listType(stringType),
      want: () => unknownVal(listType(stringType)),
    },
    {
      name: "set holding one unknown → known list of one unknown",
      value: () => setVal([unknownVal(stringType)]),
      type: () => listType(stringType),
      want: () => listVal([unknownVal(stringType)]),
    },
    {
      name: "list with duplicates → set merges them",
      value: () => listVal([num(5), num(10), num(10)]),
      type: () => setType(stringType),
      want: () => setVal([str("5"), str("10")]),
    },
    {
      name: 'list ["a","a"] → set {"a"} (§4.4)',
      value: () => listVal([str("a"), str("a")]),
      type: () => setType(stringType),
      want: () => setVal([str("a")]),
    },
    {
      name: "tuple → list(string)",
      value: () => tupleVal([num(5), str("hello")]),
      type: () => listType(stringType),
      want: () => listVal([str("5"), str("hello")]),
    },
    {
      name: "tuple → list(number)",
      value: () => tupleVal([num(5), str("12")]),
      type: () => listType(numberType),
      want: () => listVal([num(5), num(12)]),
    },
    {
      name: "tuple of numbers → list(dynamic)",
      value: () => tupleVal([num(5), num(10)]),
      type: () => listType(dynamicType),
      want: () => listVal([num(5), num(10)]),
    },
    {
      name: "mixed tuple → list(dynamic) unifies to string",
      value: () => tupleVal([num(5), str("hello")]),
      type: () => listType(dynamicType),
      want: () => listVal([str("5"), str("hello")]),
    },
    {
      name: '["a", 1, true] → list(string) (§4.4)',
      value: () => tupleVal([str("a"), num(1), True]),
      type: () => listType(stringType),
      want: () => listVal([str("a"), str("1"), str("true")]),
    },
    {
      name: "[1, true] → list(any) fails (§4.4)",
      value: () => tupleVal([num(1), True]),
      type: () => listType(dynamicType),
      error: "all list elements must have the same type",
    },
    {
      name: "mixed tuple → set(dynamic)",
      value: () => tupleVal([num(5), str("hello")]),
      type: () => setType(dynamicType),
      want: () => setVal([str("5"), str("hello")]),
    },
    {
      name: "empty list(string) → set(dynamic) keeps string",
      value: () => listValEmpty(stringType),
      type: () => setType(dynamicType),
      want: () => setValEmpty(stringType),
    },
    {
      name: "empty set(string) → list(dynamic) keeps string",
      value: () => setValEmpty(stringType),
      type: () => listType(dynamicType),
      want: () => listValEmpty(stringType),
    },
    {
      name: "object → map(string)",
      value: () => objectVal({ num: num(5), str: str("hello") }),
      type: () => mapType(stringType),
      want: () => mapVal({ num: str("5"), str: str("hello") }),
    },
    {
      name: "object → map(number)",
      value: () => objectVal({ num: num(5), str: str("12") }),
      type: () => mapType(numberType),
      want: () => mapVal({ num: num(5), str: num(12) }),
    },
    {
      name: "object of numbers → map(dynamic)",
      value: () => objectVal({ num1: num(5), num2: num(10) }),
      type: () => mapType(dynamicType),
      want: () => mapVal({ num1: num(5), num2: num(10) }),
    },
    {
      name: "mixed object → map(dynamic) unifies to string",
      value: () => objectVal({ num: num(5), str: str("hello") }),
      type: () => mapType(dynamicType),
      want: () => mapVal({ num: str("5"), str: str("hello") }),
    },
    {
      name: '{a:"x", b:1} → map(any) (§4.4)',
      value: () => objectVal({ a: str("x"), b: num(1) }),
      type: () => mapType(dynamicType),
      want: () => mapVal({ a: str("x"), b: str("1") }),
    },
    {
      name: "object with empty list and empty tuple → map(dynamic)",
      value: () => objectVal({ list: listValEmpty(boolType), tuple: EmptyTupleVal }),
      type: () => mapType(dynamicType),
      want: () => mapVal({ list: listValEmpty(boolType), tuple: listValEmpty(boolType) }),
    },
    {
      name: "object with empty map and empty object → map(dynamic)",
      value: () => objectVal({ map: mapValEmpty(stringType), obj: EmptyObjectVal }),
      type: () => mapType(dynamicType),
      want: () => mapVal({ map: mapValEmpty(stringType), obj: mapValEmpty(stringType) }),
    },
    {
      name: "object of number and bool → map(dynamic) fails",
      value: () => objectVal({ num: num(5), bool: True }),
      type: () => mapType(dynamicType),
      error: "all map elements must have the same type",
    },
    {
      name: "map of strings → map(dynamic)",
      value: () => mapVal({ greeting: str("Hello"), name: str("John") }),
      type: () => mapType(dynamicType),
      want: () => mapVal({ greeting: str("Hello"), name: str("John") }),
    },
    {
      name: "map of numbers → map(string)",
      value: () => mapVal({ a: num(2), b: num(5) }),
      type: () => mapType(stringType),
      want: () => mapVal({ a: str("2"), b: str("5") }),
    },
    {
      name: "empty tuple → set(string)",
      value: () => EmptyTupleVal,
      type: () => setType(stringType),
      want: () => setValEmpty(stringType),
    },
  ]);
});

describe("map → object", () => {
  runCases([
    {
      name: "map → object with the same names",
      value: () => mapVal({ greeting: str("Hello"), name: str("John") }),
      type: () => objectType({ greeting: stringType, name: stringType }),
      want: () => objectVal({ greeting: str("Hello"), name: str("John") }),
    },
    {
      name: "map → object with an attribute the element type cannot become",
      value: () => mapVal({ greeting: str("Hello"), name: str("John") }),
      type: () => objectType({ greeting: listType(stringType), name: stringType }),
      error: "object required",
    },
    {
      name: "map keys that are not attributes are dropped",
      value: () => mapVal({ greeting: str("Hello"), name: str("John") }),
      type: () => objectType({ name: stringType }),
      want: () => objectVal({ name: str("John") }),
    },
    {
      name: "map missing a required attribute",
      value: () => mapVal({ name: str("John") }),
      type: () => objectType({ name: stringType, greeting: stringType }),
      error: 'map has no element for required attribute "greeting"',
    },
    {
      name: "map missing an optional attribute",
      value: () => mapVal({ name: str("John") }),
      type: () => objectType({ name: stringType, greeting: stringType }, ["greeting"]),
      want: () => objectVal({ greeting: nullVal(stringType), name: str("John") }),
    },
    {
      name: "map {a, c} → object({a, b?}) (§7.29)",
      value: () => mapVal({ a: str("x"), c: str("z") }),
      type: () => objectType({ a: stringType, b: stringType }, ["b"]),
      want: () => objectVal({ a: str("x"), b: nullVal(stringType) }),
    },
    {
      name: "map without the optional attributes it could not fill",
      value: () => mapVal({ a: str("boop") }),
      type: () => objectType({ a: stringType, b: stringType, c: objectType({ d: stringType }) }, ["b", "c"]),
      want: () =>
        objectVal({ a: str("boop"), b: nullVal(stringType), c: nullVal(objectType({ d: stringType })) }),
    },
    {
      name: "map → optional object attribute with a dynamic inside",
      value: () => mapVal({ a: str("boop") }),
      type: () => objectType({ a: stringType, b: stringType, c: objectType({ d: dynamicType }) }, ["b", "c"]),
      want: () =>
        objectVal({ a: str("boop"), b: nullVal(stringType), c: nullVal(objectType({ d: dynamicType })) }),
    },
    {
      name: "map → optional dynamic attribute",
      value: () => mapVal({ a: str("boop") }),
      type: () => objectType({ a: stringType, b: stringType, c: dynamicType }, ["b", "c"]),
      want: () => objectVal({ a: str("boop"), b: nullVal(stringType), c: nullVal(dynamicType) }),
    },
    {
      name: "map with a key for an optional attribute it cannot convert to",
      value: () => mapVal({ a: str("boop"), c: str("foobar") }),
      type: () => objectType({ a: stringType, b: stringType, c: objectType({ d: stringType }) }, ["b", "c"]),
      error: 'map element type is incompatible with attribute "c": object required',
    },
    {
      name: "empty map → object with one optional attribute",
      value: () => mapValEmpty(stringType),
      type: () => objectType({ a: stringType }, ["a"]),
      want: () => objectVal({ a: nullVal(stringType) }),
    },
    {
      name: "map key named like an Object.prototype member is not an attribute",
      value: () => mapVal({ constructor: str("x"), a: str("y") }),
      type: () => objectType({ a: stringType }),
      want: () => objectVal({ a: str("y") }),
    },
  ]);
});

describe("object → object and tuple → tuple", () => {
  runCases([
    {
      name: "extra attributes are dropped (§7.26)",
      value: () => objectVal({ foo: str("foo value"), bar: str("bar value") }),
      type: () => objectType({ foo: stringType }),
      want: () => objectVal({ foo: str("foo value") }),
    },
    {
      name: "attribute converted",
      value: () => objectVal({ foo: True }),
      type: () => objectType({ foo: stringType }),
      want: () => objectVal({ foo: str("true") }),
    },
    {
      name: "DynamicVal attribute becomes an unknown of the attribute type",
      value: () => objectVal({ foo: DynamicVal }),
      type: () => objectType({ foo: stringType }),
      want: () => objectVal({ foo: unknownVal(stringType) }),
    },
    {
      name: "null attribute of the right type",
      value: () => objectVal({ foo: nullVal(stringType) }),
      type: () => objectType({ foo: stringType }),
      want: () => objectVal({ foo: nullVal(stringType) }),
    },
    {
      name: "dynamic attribute type accepts anything",
      value: () => objectVal({ foo: True }),
      type: () => objectType({ foo: dynamicType }),
      want: () => objectVal({ foo: True }),
    },
    {
      name: "missing attribute",
      value: () => objectVal({ bar: str("bar value") }),
      type: () => objectType({ foo: stringType }),
      error: 'attribute "foo" is required',
    },
    {
      name: "two missing attributes",
      value: () => objectVal({ bar: str("bar value") }),
      type: () => objectType({ foo: stringType, baz: stringType }),
      error: 'attributes "baz" and "foo" are required',
    },
    {
      name: "three missing attributes",
      value: () => EmptyObjectVal,
      type: () => objectType({ foo: stringType, bar: stringType, baz: stringType }),
      error: 'attributes "bar", "baz", and "foo" are required',
    },
    {
      name: "missing optional attribute becomes null (§7.27)",
      value: () => objectVal({ bar: str("bar value") }),
      type: () => objectType({ foo: stringType, bar: stringType }, ["foo"]),
      want: () => objectVal({ foo: nullVal(stringType), bar: str("bar value") }),
    },
    {
      name: "present optional attribute is kept",
      value: () => objectVal({ foo: str("foo value"), bar: str("bar value") }),
      type: () => objectType({ foo: stringType, bar: stringType }, ["foo"]),
      want: () => objectVal({ foo: str("foo value"), bar: str("bar value") }),
    },
    {
      name: "required attribute still required beside an optional one",
      value: () => EmptyObjectVal,
      type: () => objectType({ foo: stringType, bar: stringType }, ["foo"]),
      error: 'attribute "bar" is required',
    },
    {
      name: "{a:x} → object({a, b}) without optional (§7.27)",
      value: () => objectVal({ a: str("x") }),
      type: () => objectType({ a: stringType, b: stringType }),
      error: 'attribute "b" is required',
    },
    {
      name: "null(dynamic) → object with optional attributes (§7.28)",
      value: () => nullVal(dynamicType),
      type: () => objectType({ foo: stringType, bar: stringType }, ["foo"]),
      want: () => nullVal(objectType({ foo: stringType, bar: stringType })),
    },
    {
      name: "list holding null(dynamic) and an object → list of objects with optional attributes",
      value: () => listVal([nullVal(dynamicType), objectVal({ bar: str("bar value") })]),
      type: () => listType(objectType({ foo: stringType, bar: stringType }, ["foo"])),
      want: () =>
        listVal([
          nullVal(objectType({ foo: stringType, bar: stringType })),
          objectVal({ foo: nullVal(stringType), bar: str("bar value") }),
        ]),
    },
    {
      name: "attribute bool → number",
      value: () => objectVal({ foo: True }),
      type: () => objectType({ foo: numberType }),
      error: 'attribute "foo": number required',
    },
    {
      name: "unknown attribute bool → number still fails (no conversion for the type)",
      value: () => objectVal({ foo: unknownVal(boolType) }),
      type: () => objectType({ foo: numberType }),
      error: 'attribute "foo": number required',
    },
    {
      name: "tuple → same tuple type",
      value: () => tupleVal([str("hello")]),
      type: () => tupleType([stringType]),
      want: () => tupleVal([str("hello")]),
    },
    {
      name: "tuple element converted",
      value: () => tupleVal([True]),
      type: () => tupleType([stringType]),
      want: () => tupleVal([str("true")]),
    },
    {
      name: "tuple of one → empty tuple",
      value: () => tupleVal([True]),
      type: () => emptyTupleType,
      error: "tuple required",
    },
    {
      name: "empty tuple → tuple of one",
      value: () => EmptyTupleVal,
      type: () => tupleType([stringType]),
      error: "tuple required",
    },
  ]);
});

describe("marks", () => {
  runCases([
    {
      name: "same type keeps the mark",
      value: () => mark(str("hello"), "m1"),
      type: () => stringType,
      want: () => mark(str("hello"), "m1"),
    },
    {
      name: "converted primitive keeps the mark",
      value: () => mark(str("true"), "m1"),
      type: () => boolType,
      want: () => mark(True, "m1"),
    },
    {
      name: "marked element in a tuple → list",
      value: () => tupleVal([mark(str("hello"), "m1")]),
      type: () => listType(stringType),
      want: () => listVal([mark(str("hello"), "m1")]),
    },
    {
      name: "marked elements of a set end up on the set",
      value: () => setVal([mark(str("hello"), "m1"), mark(str("hello"), "m2")]),
      type: () => setType(stringType),
      want: () => mark(setVal([str("hello")]), "m1", "m2"),
    },
    {
      name: "marked attribute → map element",
      value: () => objectVal({ foo: mark(str("hello"), "m1") }),
      type: () => mapType(stringType),
      want: () => mapVal({ foo: mark(str("hello"), "m1") }),
    },
    {
      name: "marked attributes, one dropped",
      value: () => objectVal({ foo: mark(str("hello"), "m1"), bar: mark(str("world"), "m1") }),
      type: () => objectType({ foo: stringType }),
      want: () => objectVal({ foo: mark(str("hello"), "m1") }),
    },
    {
      name: "dropped attribute takes its mark with it",
      value: () => objectVal({ foo: str("hello"), bar: mark(str("world"), "m1") }),
      type: () => objectType({ foo: stringType }),
      want: () => objectVal({ foo: str("hello") }),
    },
    {
      name: "marked list → set keeps the mark",
      value: () => mark(listVal([num(1), num(1)]), "sensitive"),
      type: () => setType(stringType),
      want: () => mark(setVal([str("1")]), "sensitive"),
    },
    {
      name: "marked unknown stays marked",
      value: () => mark(unknownVal(numberType), "sensitive"),
      type: () => stringType,
      want: () => mark(unknownVal(stringType), "sensitive"),
    },
    {
      name: "marked null stays marked",
      value: () => mark(nullVal(numberType), "sensitive"),
      type: () => stringType,
      want: () => mark(nullVal(stringType), "sensitive"),
    },
  ]);

  it("a failing conversion of a marked value still throws", () => {
    expectConversionError(mark(str("x"), "sensitive"), numberType, "a number is required");
  });
});

describe("Terraform issue reductions", () => {
  runCases([
    {
      name: "hashicorp/terraform#23804: map(map(any)) from nested objects with tuples",
      value: () =>
        objectVal({
          a: objectVal({ x: tupleVal([str("foo")]) }),
          b: objectVal({ x: tupleVal([str("bar")]) }),
          c: objectVal({ x: tupleVal([str("foo"), str("bar")]) }),
        }),
      type: () => mapType(mapType(dynamicType)),
      want: () =>
        mapVal({
          a: mapVal({ x: listVal([str("foo")]) }),
          b: mapVal({ x: listVal([str("bar")]) }),
          c: mapVal({ x: listVal([str("foo"), str("bar")]) }),
        }),
    },
    {
      name: "hashicorp/terraform#24167: nested missing attribute message",
      value: () =>
        objectVal({
          a: objectVal({ x: nullVal(dynamicType) }),
          b: objectVal({ x: objectVal({ c: num(1), d: num(2) }) }),
        }),
      type: () => mapType(mapType(objectType({ x: mapType(dynamicType) }))),
      error: 'element "b": element "x": attribute "x" is required',
    },
    {
      name: "hashicorp/terraform#23431: empty map(dynamic) gets the unified element type",
      value: () => objectVal({ a: objectVal({ x: str("foo") }), b: mapValEmpty(dynamicType) }),
      type: () => mapType(mapType(dynamicType)),
      want: () => mapVal({ a: mapVal({ x: str("foo") }), b: mapValEmpty(stringType) }),
    },
    {
      name: "hashicorp/terraform#27269: null(dynamic) attribute beside nested optional attributes",
      value: () =>
        tupleVal([
          objectVal({ a: nullVal(dynamicType) }),
          objectVal({ a: objectVal({ b: listVal([objectVal({ c: str("d") })]) }) }),
        ]),
      type: () =>
        listType(
          objectType({
            a: objectType({ b: listType(objectType({ c: stringType, d: stringType }, ["d"])) }),
          }),
        ),
      want: () =>
        listVal([
          objectVal({
            a: nullVal(objectType({ b: listType(objectType({ c: stringType, d: stringType })) })),
          }),
          objectVal({
            a: objectVal({ b: listVal([objectVal({ c: str("d"), d: nullVal(stringType) })]) }),
          }),
        ]),
    },
    {
      name: "null(dynamic) → nested optional attributes are stripped",
      value: () => nullVal(dynamicType),
      type: () => objectType({ foo: objectType({ bar: stringType }, ["bar"]) }),
      want: () => nullVal(objectType({ foo: objectType({ bar: stringType }) })),
    },
    {
      name: "DynamicVal → nested optional attributes are stripped",
      value: () => DynamicVal,
      type: () => objectType({ foo: objectType({ bar: stringType }, ["bar"]) }),
      want: () => unknownVal(objectType({ foo: objectType({ bar: stringType }) })),
    },
    {
      name: "hashicorp/terraform#21588: dynamic attribute unified across list elements",
      value: () =>
        tupleVal([
          objectVal({ a: EmptyObjectVal, b: num(2) }),
          objectVal({ a: objectVal({ var1: str("val1") }), b: str("2") }),
        ]),
      type: () => listType(objectType({ a: dynamicType, b: stringType })),
      want: () =>
        listVal([
          objectVal({ a: mapValEmpty(stringType), b: str("2") }),
          objectVal({ a: mapVal({ var1: str("val1") }), b: str("2") }),
        ]),
    },
    {
      name: "hashicorp/terraform#24377: list, string, null → set(dynamic) fails",
      value: () => tupleVal([listVal([str("a")]), str("b"), nullVal(dynamicType)]),
      type: () => setType(dynamicType),
      error: "all set elements must have the same type",
    },
    {
      name: "hashicorp/terraform#24377: list, string, null → list(dynamic) fails",
      value: () => tupleVal([listVal([str("a")]), str("b"), nullVal(dynamicType)]),
      type: () => listType(dynamicType),
      error: "all list elements must have the same type",
    },
    {
      name: "list and string → set(dynamic) fails",
      value: () => tupleVal([listVal([str("a")]), str("b")]),
      type: () => setType(dynamicType),
      error: "all set elements must have the same type",
    },
    {
      name: "string, number, null(dynamic) → set(dynamic) unifies to string",
      value: () => tupleVal([str("a"), num(9), nullVal(dynamicType)]),
      type: () => setType(dynamicType),
      want: () => setVal([str("a"), str("9"), nullVal(stringType)]),
    },
    {
      name: "string, number, null(dynamic) → list(dynamic) unifies to string",
      value: () => tupleVal([str("a"), num(9), nullVal(dynamicType)]),
      type: () => listType(dynamicType),
      want: () => listVal([str("a"), str("9"), nullVal(stringType)]),
    },
    {
      name: "three null(dynamic) → set(dynamic) keeps one",
      value: () => tupleVal([nullVal(dynamicType), nullVal(dynamicType), nullVal(dynamicType)]),
      type: () => setType(dynamicType),
      want: () => setVal([nullVal(dynamicType)]),
    },
    {
      name: "three null(dynamic) → list(dynamic)",
      value: () => tupleVal([nullVal(dynamicType), nullVal(dynamicType), nullVal(dynamicType)]),
      type: () => listType(dynamicType),
      want: () => listVal([nullVal(dynamicType), nullVal(dynamicType), nullVal(dynamicType)]),
    },
    {
      name: "tuple of objects (one with a null optional-typed attribute) → set of objects",
      value: () =>
        tupleVal([
          objectVal({ d: num(10), c: objectVal({ a: str("foo"), b: True }) }),
          objectVal({ d: num(5), c: nullVal(objectType({ a: stringType, b: boolType }, ["b"])) }),
        ]),
      type: () =>
        setType(objectType({ c: objectType({ a: stringType, b: boolType }, ["b"]), d: numberType }, ["c"])),
      want: () =>
        setVal([
          objectVal({ d: num(10), c: objectVal({ a: str("foo"), b: True }) }),
          objectVal({ d: num(5), c: nullVal(objectType({ a: stringType, b: boolType })) }),
        ]),
    },
    {
      name: "tuple of objects (one missing the optional attribute) → set of objects",
      value: () =>
        tupleVal([
          objectVal({ d: num(10), c: objectVal({ a: str("foo"), b: True }) }),
          objectVal({ d: num(5) }),
        ]),
      type: () =>
        setType(objectType({ c: objectType({ a: stringType, b: boolType }, ["b"]), d: numberType }, ["c"])),
      want: () =>
        setVal([
          objectVal({ d: num(10), c: objectVal({ a: str("foo"), b: True }) }),
          objectVal({ d: num(5), c: nullVal(objectType({ a: stringType, b: boolType })) }),
        ]),
    },
    {
      name: "list of objects with a nested empty list → nested optional attributes",
      value: () =>
        listVal([
          objectVal({ xs: listVal([objectVal({ x: num(1234) })]) }),
          objectVal({ xs: listValEmpty(objectType({ x: numberType })) }),
        ]),
      type: () => listType(objectType({ xs: listType(objectType({ x: numberType }, ["x"])) })),
      want: () =>
        listVal([
          objectVal({ xs: listVal([objectVal({ x: num(1234) })]) }),
          objectVal({ xs: listValEmpty(objectType({ x: numberType })) }),
        ]),
    },
    {
      name: "set of objects with a nested empty set → nested optional attributes",
      value: () =>
        setVal([
          objectVal({ xs: setVal([objectVal({ x: num(1234) })]) }),
          objectVal({ xs: setValEmpty(objectType({ x: numberType })) }),
        ]),
      type: () => setType(objectType({ xs: setType(objectType({ x: numberType }, ["x"])) })),
      want: () =>
        setVal([
          objectVal({ xs: setVal([objectVal({ x: num(1234) })]) }),
          objectVal({ xs: setValEmpty(objectType({ x: numberType })) }),
        ]),
    },
    {
      name: "map of objects with a nested empty map → nested optional attributes",
      value: () =>
        mapVal({
          foo: objectVal({ xs: mapVal({ nested_foo: objectVal({ x: num(1234) }) }) }),
          bar: objectVal({ xs: mapValEmpty(objectType({ x: numberType })) }),
        }),
      type: () => mapType(objectType({ xs: mapType(objectType({ x: numberType }, ["x"])) })),
      want: () =>
        mapVal({
          foo: objectVal({ xs: mapVal({ nested_foo: objectVal({ x: num(1234) }) }) }),
          bar: objectVal({ xs: mapValEmpty(objectType({ x: numberType })) }),
        }),
    },
    {
      name: "tuple [{a}, {a,b}] → list(any) gives a list of maps (§7.30)",
      value: () => tupleVal([objectVal({ a: str("x") }), objectVal({ a: str("y"), b: str("z") })]),
      type: () => listType(dynamicType),
      want: () => listVal([mapVal({ a: str("x") }), mapVal({ a: str("y"), b: str("z") })]),
    },
  ]);
});

describe("optional attributes are stripped from empty, null and nested null values", () => {
  const optA = () => objectType({ a: stringType }, ["a"]);
  const plainA = () => objectType({ a: stringType });
  runCases([
    {
      name: "empty list → set",
      value: () => listValEmpty(optA()),
      type: () => setType(optA()),
      want: () => setValEmpty(plainA()),
    },
    {
      name: "empty tuple → set",
      value: () => EmptyTupleVal,
      type: () => setType(optA()),
      want: () => setValEmpty(plainA()),
    },
    {
      name: "empty set → list",
      value: () => setValEmpty(optA()),
      type: () => listType(optA()),
      want: () => listValEmpty(plainA()),
    },
    {
      name: "empty tuple → list",
      value: () => EmptyTupleVal,
      type: () => listType(optA()),
      want: () => listValEmpty(plainA()),
    },
    {
      name: "empty object → map",
      value: () => EmptyObjectVal,
      type: () => mapType(optA()),
      want: () => mapValEmpty(plainA()),
    },
    {
      name: "null list → set",
      value: () => nullVal(listType(optA())),
      type: () => setType(optA()),
      want: () => nullVal(setType(plainA())),
    },
    {
      name: "null empty tuple → set",
      value: () => nullVal(emptyTupleType),
      type: () => setType(optA()),
      want: () => nullVal(setType(plainA())),
    },
    {
      name: "null set → list",
      value: () => nullVal(setType(optA())),
      type: () => listType(optA()),
      want: () => nullVal(listType(plainA())),
    },
    {
      name: "null empty tuple → list",
      value: () => nullVal(emptyTupleType),
      type: () => listType(optA()),
      want: () => nullVal(listType(plainA())),
    },
    {
      name: "null empty object → map",
      value: () => nullVal(emptyObjectType),
      type: () => mapType(optA()),
      want: () => nullVal(mapType(plainA())),
    },
    {
      name: "null map → object",
      value: () => nullVal(mapType(stringType)),
      type: () => optA(),
      want: () => nullVal(plainA()),
    },
    {
      name: "null element: list → set",
      value: () => listVal([nullVal(optA())]),
      type: () => setType(optA()),
      want: () => setVal([nullVal(plainA())]),
    },
    {
      name: "null element: tuple → set",
      value: () => tupleVal([nullVal(optA())]),
      type: () => setType(optA()),
      want: () => setVal([nullVal(plainA())]),
    },
    {
      name: "null element: set → list",
      value: () => setVal([nullVal(optA())]),
      type: () => listType(optA()),
      want: () => listVal([nullVal(plainA())]),
    },
    {
      name: "null element: tuple → list",
      value: () => tupleVal([nullVal(optA())]),
      type: () => listType(optA()),
      want: () => listVal([nullVal(plainA())]),
    },
    {
      name: "null attribute: object → map",
      value: () => objectVal({ object: nullVal(optA()) }),
      type: () => mapType(optA()),
      want: () => mapVal({ object: nullVal(plainA()) }),
    },
    {
      name: "null element: map → object",
      value: () => mapVal({ object: nullVal(optA()) }),
      type: () => objectType({ object: optA() }),
      want: () => objectVal({ object: nullVal(plainA()) }),
    },
    {
      name: "null element of another object type: map → map",
      value: () => mapVal({ object: nullVal(objectType({ a: numberType }, ["a"])) }),
      type: () => mapType(optA()),
      want: () => mapVal({ object: nullVal(plainA()) }),
    },
    {
      name: "null element of another object type: tuple → tuple",
      value: () => tupleVal([nullVal(objectType({ a: numberType }, ["a"]))]),
      type: () => tupleType([optA()]),
      want: () => tupleVal([nullVal(plainA())]),
    },
    {
      name: "even when the types already match",
      value: () => mapVal({ object: nullVal(optA()) }),
      type: () => mapType(optA()),
      want: () => mapVal({ object: nullVal(plainA()) }),
    },
  ]);
});

describe("concrete types are preferred over dynamic", () => {
  runCases([
    {
      name: "empty list",
      value: () => listValEmpty(numberType),
      type: () => listType(dynamicType),
      want: () => listValEmpty(numberType),
    },
    {
      name: "null list → list(dynamic)",
      value: () => nullVal(listType(numberType)),
      type: () => listType(dynamicType),
      want: () => nullVal(listType(numberType)),
    },
    {
      name: "null list → set(dynamic)",
      value: () => nullVal(listType(numberType)),
      type: () => setType(dynamicType),
      want: () => nullVal(setType(numberType)),
    },
    {
      name: "empty map",
      value: () => mapValEmpty(numberType),
      type: () => mapType(dynamicType),
      want: () => mapValEmpty(numberType),
    },
    {
      name: "null map → map(dynamic)",
      value: () => nullVal(mapType(numberType)),
      type: () => mapType(dynamicType),
      want: () => nullVal(mapType(numberType)),
    },
    {
      name: "null map → object with a dynamic attribute",
      value: () => nullVal(mapType(numberType)),
      type: () => objectType({ a: dynamicType }),
      want: () => nullVal(objectType({ a: numberType })),
    },
    {
      name: "empty set",
      value: () => setValEmpty(numberType),
      type: () => setType(dynamicType),
      want: () => setValEmpty(numberType),
    },
    {
      name: "null set → set(dynamic)",
      value: () => nullVal(setType(numberType)),
      type: () => setType(dynamicType),
      want: () => nullVal(setType(numberType)),
    },
    {
      name: "null set → list(dynamic)",
      value: () => nullVal(setType(numberType)),
      type: () => listType(dynamicType),
      want: () => nullVal(listType(numberType)),
    },
    {
      name: "null object → map(dynamic)",
      value: () => nullVal(objectType({ a: stringType })),
      type: () => mapType(dynamicType),
      want: () => nullVal(mapType(stringType)),
    },
    {
      name: "null nested object → object with a nested dynamic attribute",
      value: () => nullVal(objectType({ a: objectType({ b: stringType }) })),
      type: () => objectType({ a: objectType({ b: dynamicType }) }),
      want: () => nullVal(objectType({ a: objectType({ b: stringType }) })),
    },
    {
      name: "null tuple → tuple with a dynamic element",
      value: () => nullVal(tupleType([stringType])),
      type: () => tupleType([dynamicType]),
      want: () => nullVal(tupleType([stringType])),
    },
  ]);
});

describe("refinements of unknown results", () => {
  runCases([
    {
      name: "unknown empty object → map: length 0",
      value: () => unknownVal(emptyObjectType),
      type: () => mapType(stringType),
      want: () =>
        refine(unknownVal(mapType(stringType)))
          .collectionLength(0)
          .newValue(),
    },
    {
      name: "not-null unknown empty object → map collapses to the empty map",
      value: () => refineNotNull(unknownVal(emptyObjectType)),
      type: () => mapType(stringType),
      want: () => mapValEmpty(stringType),
    },
    {
      name: "unknown object of one attribute → map: length 1",
      value: () => unknownVal(objectType({ a: stringType })),
      type: () => mapType(stringType),
      want: () =>
        refine(unknownVal(mapType(stringType)))
          .collectionLength(1)
          .newValue(),
    },
    {
      name: "not-null unknown object of one attribute → map",
      value: () => refineNotNull(unknownVal(objectType({ a: stringType }))),
      type: () => mapType(stringType),
      want: () =>
        refine(unknownVal(mapType(stringType)))
          .notNull()
          .collectionLength(1)
          .newValue(),
    },
    {
      name: "unknown empty tuple → list: length 0",
      value: () => unknownVal(emptyTupleType),
      type: () => listType(stringType),
      want: () =>
        refine(unknownVal(listType(stringType)))
          .collectionLength(0)
          .newValue(),
    },
    {
      name: "not-null unknown empty tuple → list collapses",
      value: () => refineNotNull(unknownVal(emptyTupleType)),
      type: () => listType(stringType),
      want: () => listValEmpty(stringType),
    },
    {
      name: "unknown tuple of one → list: length 1",
      value: () => unknownVal(tupleType([stringType])),
      type: () => listType(stringType),
      want: () =>
        refine(unknownVal(listType(stringType)))
          .collectionLength(1)
          .newValue(),
    },
    {
      name: "not-null unknown tuple of one → known list of one unknown",
      value: () => refineNotNull(unknownVal(tupleType([stringType]))),
      type: () => listType(stringType),
      want: () => listVal([unknownVal(stringType)]),
    },
    {
      name: "unknown tuple of 3 → list: length 3, not collapsed (§4.2, §7.25)",
      value: () => unknownVal(tupleType([stringType, stringType, stringType])),
      type: () => listType(stringType),
      want: () =>
        refine(unknownVal(listType(stringType)))
          .collectionLengthLowerBound(3)
          .collectionLengthUpperBound(3)
          .newValue(),
    },
    {
      name: "unknown tuple of 3 → set: length [1, 3] (§7.25)",
      value: () => unknownVal(tupleType([stringType, stringType, stringType])),
      type: () => setType(stringType),
      want: () =>
        refine(unknownVal(setType(stringType)))
          .collectionLengthLowerBound(1)
          .collectionLengthUpperBound(3)
          .newValue(),
    },
    {
      name: "unknown empty tuple → set: length 0",
      value: () => unknownVal(emptyTupleType),
      type: () => setType(stringType),
      want: () =>
        refine(unknownVal(setType(stringType)))
          .collectionLength(0)
          .newValue(),
    },
    {
      name: "not-null unknown empty tuple → set collapses",
      value: () => refineNotNull(unknownVal(emptyTupleType)),
      type: () => setType(stringType),
      want: () => setValEmpty(stringType),
    },
    {
      name: "unknown tuple of one → set: length 1",
      value: () => unknownVal(tupleType([stringType])),
      type: () => setType(stringType),
      want: () =>
        refine(unknownVal(setType(stringType)))
          .collectionLength(1)
          .newValue(),
    },
    {
      name: "not-null unknown tuple of one → known set of one unknown",
      value: () => refineNotNull(unknownVal(tupleType([stringType]))),
      type: () => setType(stringType),
      want: () => setVal([unknownVal(stringType)]),
    },
    {
      name: "unknown tuple of two → set: length [1, 2]",
      value: () => unknownVal(tupleType([stringType, stringType])),
      type: () => setType(stringType),
      want: () =>
        refine(unknownVal(setType(stringType)))
          .collectionLengthLowerBound(1)
          .collectionLengthUpperBound(2)
          .newValue(),
    },
    {
      name: "not-null unknown tuple of two → set",
      value: () => refineNotNull(unknownVal(tupleType([stringType, stringType]))),
      type: () => setType(stringType),
      want: () =>
        refine(unknownVal(setType(stringType)))
          .notNull()
          .collectionLengthLowerBound(1)
          .collectionLengthUpperBound(2)
          .newValue(),
    },
    {
      name: "unknown list of length [2, 4] → set: [1, 4]",
      value: () =>
        refine(unknownVal(listType(stringType)))
          .collectionLengthLowerBound(2)
          .collectionLengthUpperBound(4)
          .newValue(),
      type: () => setType(stringType),
      want: () =>
        refine(unknownVal(setType(stringType)))
          .collectionLengthLowerBound(1)
          .collectionLengthUpperBound(4)
          .newValue(),
    },
    {
      name: "not-null unknown list of length [2, 4] → set: [1, 4]",
      value: () =>
        refine(unknownVal(listType(stringType)))
          .notNull()
          .collectionLengthLowerBound(2)
          .collectionLengthUpperBound(4)
          .newValue(),
      type: () => setType(stringType),
      want: () =>
        refine(unknownVal(setType(stringType)))
          .notNull()
          .collectionLengthLowerBound(1)
          .collectionLengthUpperBound(4)
          .newValue(),
    },
    {
      name: "unknown set of length [2, 4] → list keeps both bounds",
      value: () =>
        refine(unknownVal(setType(stringType)))
          .collectionLengthLowerBound(2)
          .collectionLengthUpperBound(4)
          .newValue(),
      type: () => listType(stringType),
      want: () =>
        refine(unknownVal(listType(stringType)))
          .collectionLengthLowerBound(2)
          .collectionLengthUpperBound(4)
          .newValue(),
    },
    {
      name: "not-null unknown set of length [2, 4] → list keeps both bounds",
      value: () =>
        refine(unknownVal(setType(stringType)))
          .notNull()
          .collectionLengthLowerBound(2)
          .collectionLengthUpperBound(4)
          .newValue(),
      type: () => listType(stringType),
      want: () =>
        refine(unknownVal(listType(stringType)))
          .notNull()
          .collectionLengthLowerBound(2)
          .collectionLengthUpperBound(4)
          .newValue(),
    },
    {
      name: "not-null unknown bool → string keeps not-null",
      value: () => refineNotNull(unknownVal(boolType)),
      type: () => stringType,
      want: () => refineNotNull(unknownVal(stringType)),
    },
    {
      name: "a string prefix does not survive string → number",
      value: () => refine(unknownVal(stringType)).notNull().stringPrefixFull("12").newValue(),
      type: () => numberType,
      want: () => refineNotNull(unknownVal(numberType)),
    },
  ]);

  it("unknown tuple(3) → list stays unknown without not-null (§7.25)", () => {
    const got = convert(unknownVal(tupleType([stringType, stringType, stringType])), listType(stringType));
    expect(got.isKnown()).toBe(false);
    expect(got.refinement?.lengthLowerBound).toBe(3);
    expect(got.refinement?.lengthUpperBound).toBe(3);
    expect(got.refinement?.notNull).not.toBe(true);
  });
});

describe("error paths", () => {
  function thrown(fn: () => unknown) {
    try {
      fn();
    } catch (e) {
      if (isCtyError(e)) return e;
      throw e;
    }
    throw new Error("did not throw");
  }

  it("reports the path of a nested failure: .a[0].b", () => {
    const e = thrown(() =>
      convert(
        objectVal({ a: listVal([objectVal({ b: str("x") })]) }),
        objectType({ a: listType(objectType({ b: numberType })) }),
      ),
    );
    expect(e.code).toBe("conversion");
    expect(e.rawMessage).toBe("a number is required");
    expect(e.message).toBe(".a[0].b: a number is required");
    expect(e.path?.length).toBe(3);
  });

  it("reports map keys as quoted index steps", () => {
    const e = thrown(() => convert(mapVal({ k: str("x") }), mapType(numberType)));
    expect(e.message).toBe('["k"]: a number is required');
  });

  it("reports tuple and list indexes", () => {
    const e = thrown(() => convert(tupleVal([str("1"), str("two")]), tupleType([numberType, numberType])));
    expect(e.message).toBe("[1]: a number is required");
    const l = thrown(() => convert(listVal([str("true"), str("maybe")]), listType(boolType)));
    expect(l.message).toBe("[1]: a bool is required");
  });

  it("reports set elements by their index in set order", () => {
    const e = thrown(() => convert(setVal([str("1"), str("x")]), setType(numberType)));
    expect(e.message).toBe("[1]: a number is required");
  });

  it("has no path when no conversion exists for the types", () => {
    const e = thrown(() => convert(True, numberType));
    expect(e.message).toBe("number required");
    expect(e.path === undefined || e.path.length === 0).toBe(true);
  });

  it("object → map attribute failures are index steps", () => {
    const e = thrown(() => convert(objectVal({ a: str("1"), b: str("x") }), mapType(numberType)));
    expect(e.message).toBe('["b"]: a number is required');
  });

  it("map → object failures are index steps too", () => {
    const e = thrown(() =>
      convert(mapVal({ a: str("1"), b: str("x") }), objectType({ a: numberType, b: numberType })),
    );
    expect(e.message).toBe('["b"]: a number is required');
  });
});

describe("identity and optional markers", () => {
  it("returns the very same value when the type already matches", () => {
    const v = objectVal({ a: str("x") });
    expect(convert(v, objectType({ a: stringType }))).toBe(v);
  });

  it("also when the wanted type only differs by optional markers", () => {
    const v = objectVal({ a: str("x") });
    expect(convert(v, objectType({ a: stringType }, ["a"]))).toBe(v);
  });

  it("a null attribute is rebuilt without optional markers and, as in go-cty, without marks", () => {
    // go-cty's object conversion replaces every null attribute with a fresh NullVal, and its
    // IsNull sees through marks, so the mark is lost.
    const got = convert(objectVal({ a: mark(nullVal(numberType), "s") }), objectType({ a: stringType }));
    expect(rawEquals(got, objectVal({ a: nullVal(stringType) }))).toBe(true);
  });
});
