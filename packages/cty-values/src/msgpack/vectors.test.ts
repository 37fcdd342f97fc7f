import { describe, expect, it } from "vitest";
import { rawEquals } from "../equality.js";
import { CtyNumber } from "../number.js";
import { refine } from "../refinement.js";
import { valueGoString } from "../type-format.js";
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
  DynamicVal,
  EmptyObjectVal,
  False,
  listVal,
  listValEmpty,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  True,
  tupleVal,
  unknownVal,
  type Value,
} from "../value.js";
import { fromMsgpack } from "./decode.js";
import { toMsgpack } from "./encode.js";
import { asciiHex, fromHex, toHex } from "./test-util.js";

const int = (n: number | bigint) => numberVal(CtyNumber.fromInt(n));
const float = (x: number) => numberVal(CtyNumber.fromFloat64(x));
const parsed = (s: string) => numberVal(CtyNumber.parse(s));
const xs = (n: number) => "x".repeat(n);

interface Vector {
  readonly name: string;
  readonly value: Value;
  readonly type: Type;
  readonly hex: string;
}

// Every example of spec §2.8 (all [cty]), plus the §7 edge cases that concern msgpack.
const vectors: Vector[] = [
  { name: "#1 string hi", value: stringVal("hi"), type: stringType, hex: "a26869" },
  { name: "#2 empty string", value: stringVal(""), type: stringType, hex: "a0" },
  { name: "#3 null string", value: nullVal(stringType), type: stringType, hex: "c0" },
  { name: "#3 null list", value: nullVal(listType(numberType)), type: listType(numberType), hex: "c0" },
  {
    name: "#3 null object",
    value: nullVal(objectType({ a: stringType })),
    type: objectType({ a: stringType }),
    hex: "c0",
  },
  { name: "#4 unknown string", value: unknownVal(stringType), type: stringType, hex: "d40000" },
  {
    name: "#5 unknown string, not null",
    value: refine(unknownVal(stringType)).notNull().newValue(),
    type: stringType,
    hex: "c7030c8101c2",
  },
  {
    name: "#6 unknown string with prefix a (fixext4)",
    value: refine(unknownVal(stringType)).stringPrefixFull("a").newValue(),
    type: stringType,
    hex: "d60c8102a161",
  },
  {
    name: "#7 / §7.31 not null, StringPrefixFull(ab)",
    value: refine(unknownVal(stringType)).notNull().stringPrefixFull("ab").newValue(),
    type: stringType,
    hex: "c7070c8201c202a26162",
  },
  {
    name: "#8 number not null in [0,10]",
    value: refine(unknownVal(numberType))
      .notNull()
      .numberLowerBound(0, true)
      .numberUpperBound(10, true)
      .newValue(),
    type: numberType,
    hex: "c70b0c8301c2039200c304920ac3",
  },
  {
    name: "#9 number > 1.5",
    value: refine(unknownVal(numberType)).numberLowerBound(CtyNumber.fromFloat64(1.5), false).newValue(),
    type: numberType,
    hex: "c70d0c810392cb3ff8000000000000c2",
  },
  {
    name: "#10 list(string) length in [1,3]",
    value: refine(unknownVal(listType(stringType)))
      .collectionLengthLowerBound(1)
      .collectionLengthUpperBound(3)
      .newValue(),
    type: listType(stringType),
    hex: "c7050c8205010603",
  },
  {
    name: "#11 map(string) length 2, not collapsed",
    value: refine(unknownVal(mapType(stringType)))
      .collectionLength(2)
      .newValue(),
    type: mapType(stringType),
    hex: "c7050c8205020602",
  },
  {
    name: "#12 unknown bool not null",
    value: refine(unknownVal(boolType)).notNull().newValue(),
    type: boolType,
    hex: "c7030c8101c2",
  },
  {
    name: "#12 unknown object not null",
    value: refine(unknownVal(objectType({ a: stringType })))
      .notNull()
      .newValue(),
    type: objectType({ a: stringType }),
    hex: "c7030c8101c2",
  },
  {
    name: "§7.32 8-byte payload uses fixext8",
    value: refine(unknownVal(stringType)).stringPrefixFull("abcde").newValue(),
    type: stringType,
    hex: "d70c8102a56162636465",
  },
  { name: "#13 0", value: int(0), type: numberType, hex: "00" },
  { name: "#13 127", value: int(127), type: numberType, hex: "7f" },
  { name: "#13 128", value: int(128), type: numberType, hex: "cc80" },
  { name: "#13 255", value: int(255), type: numberType, hex: "ccff" },
  { name: "#13 256", value: int(256), type: numberType, hex: "cd0100" },
  { name: "#13 65536", value: int(65536), type: numberType, hex: "ce00010000" },
  { name: "#14 -1", value: int(-1), type: numberType, hex: "ff" },
  { name: "#14 -32", value: int(-32), type: numberType, hex: "e0" },
  { name: "#14 -33", value: int(-33), type: numberType, hex: "d0df" },
  { name: "#14 -129", value: int(-129), type: numberType, hex: "d1ff7f" },
  { name: "#14 -32769", value: int(-32769), type: numberType, hex: "d2ffff7fff" },
  { name: "#14 -2147483649", value: int(-2147483649), type: numberType, hex: "d3ffffffff7fffffff" },
  { name: "-2^63", value: int(-(2n ** 63n)), type: numberType, hex: "d38000000000000000" },
  { name: "#15 4294967296", value: int(4294967296), type: numberType, hex: "cf0000000100000000" },
  {
    name: "#15 / §7.1 2^53+1 (int64)",
    value: int(2n ** 53n + 1n),
    type: numberType,
    hex: "cf0020000000000001",
  },
  { name: "#15 2^63-1", value: int(2n ** 63n - 1n), type: numberType, hex: "cf7fffffffffffffff" },
  {
    name: "#16 / §7.8 2^64-1 as a string, not cf",
    value: int(2n ** 64n - 1n),
    type: numberType,
    hex: `b4${asciiHex("18446744073709551615")}`,
  },
  {
    name: "§7.2 float64 literal 2^53+1 is 2^53",
    value: float(2 ** 53 + 1),
    type: numberType,
    hex: "cf0020000000000000",
  },
  {
    name: "§7.3 parsed 0.1 + parsed 0.2 is 0.3",
    value: numberVal(CtyNumber.parse("0.1").add(CtyNumber.parse("0.2"))),
    type: numberType,
    hex: "a3302e33",
  },
  { name: "§7.4 float 0.1 + 0.2", value: float(0.1 + 0.2), type: numberType, hex: "cb3fd3333333333334" },
  { name: "#17 1.5 float", value: float(1.5), type: numberType, hex: "cb3ff8000000000000" },
  { name: "#17 1.5 parsed", value: parsed("1.5"), type: numberType, hex: "cb3ff8000000000000" },
  { name: "#17 -0.5", value: float(-0.5), type: numberType, hex: "cbbfe0000000000000" },
  { name: "#18 0.1 from float64", value: float(0.1), type: numberType, hex: "cb3fb999999999999a" },
  { name: "#18 0.1 parsed", value: parsed("0.1"), type: numberType, hex: "a3302e31" },
  {
    name: "#19 / §7.9 parsed 1e20",
    value: parsed("1e20"),
    type: numberType,
    hex: `b5${asciiHex("100000000000000000000")}`,
  },
  { name: "#19 / §7.6 parsed 1.0", value: parsed("1.0"), type: numberType, hex: "01" },
  { name: "#19 / §7.7 parsed -0", value: parsed("-0"), type: numberType, hex: "00" },
  {
    name: "#20 +Inf",
    value: numberVal(CtyNumber.positiveInfinity),
    type: numberType,
    hex: "cb7ff0000000000000",
  },
  {
    name: "#20 -Inf",
    value: numberVal(CtyNumber.negativeInfinity),
    type: numberType,
    hex: "cbfff0000000000000",
  },
  {
    name: "§7.10 parsed 1e-400 as a string",
    value: parsed("1e-400"),
    type: numberType,
    hex: `da0192${asciiHex(`0.${"0".repeat(399)}1`)}`,
  },
  {
    name: "#21 list [a, null, unknown]",
    value: listVal([stringVal("a"), nullVal(stringType), unknownVal(stringType)]),
    type: listType(stringType),
    hex: "93a161c0d40000",
  },
  {
    name: "#22 set {b,a,c}",
    value: setVal([stringVal("b"), stringVal("a"), stringVal("c")]),
    type: setType(stringType),
    hex: "93a161a162a163",
  },
  {
    name: "#22 set {3,1,2,10}",
    value: setVal([int(3), int(1), int(2), int(10)]),
    type: setType(numberType),
    hex: "940102030a",
  },
  { name: "#22 set {true,false}", value: setVal([True, False]), type: setType(boolType), hex: "92c2c3" },
  {
    name: "#23 set {unk, a, unk}",
    value: setVal([unknownVal(stringType), stringVal("a"), unknownVal(stringType)]),
    type: setType(stringType),
    hex: "93a161d40000d40000",
  },
  {
    name: "§7.23 two equal objects with unknowns stay two set elements",
    value: setVal([
      objectVal({ a: stringVal("x"), id: unknownVal(stringType) }),
      objectVal({ a: stringVal("x"), id: unknownVal(stringType) }),
    ]),
    type: setType(objectType({ a: stringType, id: stringType })),
    hex: "9282a161a178a26964d4000082a161a178a26964d40000",
  },
  {
    name: "#24 map {b:1,a:2}",
    value: mapVal({ b: int(1), a: int(2) }),
    type: mapType(numberType),
    hex: "82a16102a16201",
  },
  {
    name: "§7.36 map keys U+FF01 before U+1F600 (byte order)",
    value: mapVal({ "\u{1f600}": int(2), "\uff01": int(1) }),
    type: mapType(numberType),
    hex: "82a3efbc8101a4f09f988002",
  },
  {
    name: "#25 object {b:x, a:null}",
    value: objectVal({ b: stringVal("x"), a: nullVal(numberType) }),
    type: objectType({ a: numberType, b: stringType }),
    hex: "82a161c0a162a178",
  },
  {
    name: "#26 tuple [a,1,true]",
    value: tupleVal([stringVal("a"), int(1), True]),
    type: tupleType([stringType, numberType, boolType]),
    hex: "93a16101c3",
  },
  {
    name: "#27 hi as dynamic",
    value: stringVal("hi"),
    type: dynamicType,
    hex: "92c40822737472696e6722a26869",
  },
  {
    name: "#28 unknown string as dynamic",
    value: unknownVal(stringType),
    type: dynamicType,
    hex: "92c40822737472696e6722d40000",
  },
  { name: "#28 DynamicVal", value: DynamicVal, type: dynamicType, hex: "d40000" },
  { name: "#28 / §7.35 NullVal(dynamic)", value: nullVal(dynamicType), type: dynamicType, hex: "c0" },
  {
    name: "§7.35 typed null in a dynamic slot",
    value: nullVal(stringType),
    type: dynamicType,
    hex: "92c40822737472696e6722c0",
  },
  { name: "#29 300 as dynamic", value: int(300), type: dynamicType, hex: "92c408226e756d62657222cd012c" },
  {
    name: "#30 {a:true} as dynamic",
    value: objectVal({ a: True }),
    type: dynamicType,
    hex: "92c4175b226f626a656374222c7b2261223a22626f6f6c227d5d81a161c3",
  },
  {
    name: "#31 [a] as list(dynamic)",
    value: listVal([stringVal("a")]),
    type: listType(dynamicType),
    hex: "9192c40822737472696e6722a161",
  },
  {
    name: "#32 resource object",
    value: objectVal({
      enabled: True,
      id: unknownVal(stringType),
      name: stringVal("web"),
      port: int(8080),
      tags: mapVal({ env: stringVal("prod") }),
    }),
    type: objectType({
      enabled: boolType,
      id: stringType,
      name: stringType,
      port: numberType,
      tags: mapType(stringType),
    }),
    hex: "85a7656e61626c6564c3a26964d40000a46e616d65a3776562a4706f7274cd1f90a47461677381a3656e76a470726f64",
  },
  {
    name: "#33 list of 16 numbers",
    value: listVal(Array.from({ length: 16 }, (_, i) => int(i))),
    type: listType(numberType),
    hex: "dc0010000102030405060708090a0b0c0d0e0f",
  },
  {
    name: "15-element list uses fixarray",
    value: listVal(Array.from({ length: 15 }, (_, i) => int(i))),
    type: listType(numberType),
    hex: "9f000102030405060708090a0b0c0d0e",
  },
  { name: "#34 31-byte string", value: stringVal(xs(31)), type: stringType, hex: `bf${asciiHex(xs(31))}` },
  { name: "#34 32-byte string", value: stringVal(xs(32)), type: stringType, hex: `d920${asciiHex(xs(32))}` },
  {
    name: "#34 255-byte string",
    value: stringVal(xs(255)),
    type: stringType,
    hex: `d9ff${asciiHex(xs(255))}`,
  },
  {
    name: "#34 256-byte string",
    value: stringVal(xs(256)),
    type: stringType,
    hex: `da0100${asciiHex(xs(256))}`,
  },
  {
    name: "65536-byte string uses str32",
    value: stringVal(xs(65536)),
    type: stringType,
    hex: `db00010000${asciiHex(xs(65536))}`,
  },
  { name: "#35 empty list", value: listValEmpty(stringType), type: listType(stringType), hex: "90" },
  { name: "#35 empty object", value: EmptyObjectVal, type: objectType({}), hex: "80" },
  { name: "§7.13 empty string vs null", value: stringVal(""), type: stringType, hex: "a0" },
  { name: "§7.38 e+U+0301 is NFC on the wire", value: stringVal("e\u0301"), type: stringType, hex: "a2c3a9" },
  { name: "astral string", value: stringVal("\u{1f600}"), type: stringType, hex: "a4f09f9880" },
];

function describeValue(v: Value): string {
  try {
    return valueGoString(v);
  } catch {
    return String(v.type.kind);
  }
}

describe("msgpack spec vectors (§2.8, §7)", () => {
  it.each(vectors)("encodes $name", ({ value, type, hex }) => {
    expect(toHex(toMsgpack(value, type))).toBe(hex);
  });

  it.each(vectors)("decodes $name and re-encodes the same bytes", ({ value, type, hex }) => {
    const decoded = fromMsgpack(fromHex(hex), type);
    if (!rawEquals(decoded, value)) {
      expect.fail(`decoded ${describeValue(decoded)}, want ${describeValue(value)}`);
    }
    expect(toHex(toMsgpack(decoded, type))).toBe(hex);
  });
});
