import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawEquals } from "../equality.js";
import { isCtyError } from "../errors.js";
import { arbType, arbTypedValue } from "../msgpack/test-arbitraries.js";
import { CtyNumber } from "../number.js";
import { formatPath } from "../path.js";
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
  stringVal,
  True,
  tupleVal,
  unknownVal,
  type Value,
} from "../value.js";
import { fromJson } from "./decode.js";
import { toJson } from "./encode.js";

const int = (n: number | bigint) => numberVal(CtyNumber.fromInt(n));
const float = (x: number) => numberVal(CtyNumber.fromFloat64(x));
const parsed = (s: string) => numberVal(CtyNumber.parse(s));

function expectSame(got: Value, want: Value): void {
  if (!rawEquals(got, want)) expect.fail(`got ${valueGoString(got)}, want ${valueGoString(want)}`);
}

function error(f: () => unknown, code: string): { message: string; path: string; raw: string } {
  try {
    f();
  } catch (err) {
    if (!isCtyError(err)) throw err;
    expect(err.code).toBe(code);
    return { message: err.message, path: formatPath(err.path ?? []), raw: err.rawMessage };
  }
  return expect.fail("no error thrown");
}

// Spec §3.2 and §7 examples, and go-cty's own outputs: encoded, then decoded back unchanged.
const vectors: { name: string; value: Value; type: Type; json: string }[] = [
  { name: "string", value: stringVal("hi"), type: stringType, json: '"hi"' },
  {
    name: "short escapes",
    value: stringVal('a"b\\c\nd\re\tf'),
    type: stringType,
    json: '"a\\"b\\\\c\\nd\\re\\tf"',
  },
  { name: "§7.37 \\b \\f (Go ≥ 1.22)", value: stringVal("\b\f"), type: stringType, json: '"\\b\\f"' },
  {
    name: "§7.37 HTML characters",
    value: stringVal("<&>"),
    type: stringType,
    json: '"\\u003c\\u0026\\u003e"',
  },
  {
    name: "controls lowercase hex",
    value: stringVal("\u0000\u0001\u001f\u007f"),
    type: stringType,
    json: '"\\u0000\\u0001\\u001f\u007f"',
  },
  { name: "U+2028 U+2029", value: stringVal("\u2028\u2029"), type: stringType, json: '"\\u2028\\u2029"' },
  { name: "slash and non-ASCII as is", value: stringVal("a/é😀"), type: stringType, json: '"a/é😀"' },
  { name: "§7.38 NFC", value: stringVal("e\u0301"), type: stringType, json: '"\u00e9"' },
  { name: "null", value: nullVal(stringType), type: stringType, json: "null" },
  { name: "true", value: True, type: boolType, json: "true" },
  { name: "false", value: False, type: boolType, json: "false" },
  { name: "§7.1 2^53+1", value: int(2n ** 53n + 1n), type: numberType, json: "9007199254740993" },
  { name: "§7.6 parsed 1.0", value: parsed("1.0"), type: numberType, json: "1" },
  { name: "§7.7 parsed -0", value: parsed("-0"), type: numberType, json: "-0" },
  { name: "1e21 without exponent", value: parsed("1e21"), type: numberType, json: "1000000000000000000000" },
  { name: "§7.10 1e-400", value: parsed("1e-400"), type: numberType, json: `0.${"0".repeat(399)}1` },
  { name: "float 0.1", value: float(0.1), type: numberType, json: "0.1" },
  {
    name: "§7.3 parsed 0.1 + parsed 0.2",
    value: numberVal(CtyNumber.parse("0.1").add(CtyNumber.parse("0.2"))),
    type: numberType,
    json: "0.3",
  },
  { name: "§7.4 float 0.1+0.2", value: float(0.1 + 0.2), type: numberType, json: "0.30000000000000004" },
  {
    name: "list",
    value: listVal([stringVal("a"), nullVal(stringType), stringVal("c")]),
    type: listType(stringType),
    json: '["a",null,"c"]',
  },
  { name: "empty list", value: listValEmpty(stringType), type: listType(stringType), json: "[]" },
  {
    name: "§7.20 set byte order",
    value: setVal(["b", "B", "é", "a", "aa", ""].map(stringVal)),
    type: setType(stringType),
    json: '["","B","a","aa","b","é"]',
  },
  {
    name: "§7.21 set with null",
    value: setVal([stringVal("b"), nullVal(stringType), stringVal("a")]),
    type: setType(stringType),
    json: '["a","b",null]',
  },
  {
    name: "§7.22 set of objects in hash order",
    value: setVal([objectVal({ n: int(10) }), objectVal({ n: int(9) }), objectVal({ n: int(2) })]),
    type: setType(objectType({ n: numberType })),
    json: '[{"n":10},{"n":2},{"n":9}]',
  },
  {
    name: "§7.36 map key byte order",
    value: mapVal({ "\u{1f600}": int(2), "\uff01": int(1), a: int(3) }),
    type: mapType(numberType),
    json: '{"a":3,"\uff01":1,"\u{1f600}":2}',
  },
  {
    name: "map HTML key",
    value: mapVal({ "<k>": stringVal("&") }),
    type: mapType(stringType),
    json: '{"\\u003ck\\u003e":"\\u0026"}',
  },
  { name: "empty map", value: mapValEmpty(numberType), type: mapType(numberType), json: "{}" },
  {
    name: "object: every attribute, sorted, nulls",
    value: objectVal({ c: listVal([True]), b: stringVal("x"), a: nullVal(numberType) }),
    type: objectType({ a: numberType, b: stringType, c: listType(boolType) }),
    json: '{"a":null,"b":"x","c":[true]}',
  },
  { name: "empty object", value: EmptyObjectVal, type: objectType({}), json: "{}" },
  {
    name: "tuple",
    value: tupleVal([stringVal("a"), int(1), True, nullVal(stringType)]),
    type: tupleType([stringType, numberType, boolType, stringType]),
    json: '["a",1,true,null]',
  },
  { name: "empty tuple", value: EmptyTupleVal, type: tupleType([]), json: "[]" },
  {
    name: "§3.2 dynamic object",
    value: objectVal({ a: listVal([True]) }),
    type: dynamicType,
    json: '{"value":{"a":[true]},"type":["object",{"a":["list","bool"]}]}',
  },
  {
    name: "§7.35 typed null in dynamic",
    value: nullVal(stringType),
    type: dynamicType,
    json: '{"value":null,"type":"string"}',
  },
  { name: "§7.35 NullVal(dynamic)", value: nullVal(dynamicType), type: dynamicType, json: "null" },
  {
    name: "dynamic parsed number",
    value: parsed("0.1"),
    type: dynamicType,
    json: '{"value":0.1,"type":"number"}',
  },
  {
    name: "dynamic HTML name",
    value: objectVal({ "<x>": stringVal("v") }),
    type: dynamicType,
    json: '{"value":{"\\u003cx\\u003e":"v"},"type":["object",{"\\u003cx\\u003e":"string"}]}',
  },
  {
    name: "list(dynamic)",
    value: listVal([stringVal("a")]),
    type: listType(dynamicType),
    json: '[{"value":"a","type":"string"}]',
  },
  {
    name: "dynamic attribute",
    value: objectVal({ d: int(1) }),
    type: objectType({ d: dynamicType }),
    json: '{"d":{"value":1,"type":"number"}}',
  },
  {
    name: "dynamic tuple with a set",
    value: tupleVal([stringVal("a"), setVal([int(1)])]),
    type: dynamicType,
    json: '{"value":["a",[1]],"type":["tuple",["string",["set","number"]]]}',
  },
];

describe("toJson / fromJson vectors (spec §3, §7)", () => {
  it.each(vectors)("encodes $name", ({ value, type, json }) => {
    expect(toJson(value, type)).toBe(json);
  });

  it.each(vectors)("decodes $name and re-encodes the same text", ({ value, type, json }) => {
    const back = fromJson(json, type);
    expectSame(back, value);
    expect(toJson(back, type)).toBe(json);
  });
});

describe("toJson strings", () => {
  it("writes a lone surrogate as \\ufffd, as Go writes invalid UTF-8", () => {
    expect(toJson(stringVal("a\ud800b"), stringType)).toBe('"a\\ufffdb"');
    expect(toJson(stringVal("\udc00"), stringType)).toBe('"\\ufffd"');
  });
});

describe("toJson errors", () => {
  it("refuses unknowns with their path", () => {
    const e = error(
      () => toJson(listVal([stringVal("a"), unknownVal(stringType)]), listType(stringType)),
      "encode",
    );
    expect(e.message).toBe("[1]: value is not known");
    expect(error(() => toJson(DynamicVal, dynamicType), "encode").message).toBe("value is not known");
    expect(
      error(
        () =>
          toJson(
            objectVal({ a: objectVal({ b: unknownVal(stringType) }) }),
            objectType({ a: objectType({ b: stringType }) }),
          ),
        "encode",
      ).message,
    ).toBe(".a.b: value is not known");
    // An unknown inside a dynamic wrapper is an error too (go-cty < 1.14.4 wrote broken JSON).
    expect(error(() => toJson(unknownVal(stringType), dynamicType), "encode").message).toBe(
      "value is not known",
    );
  });

  it("refuses infinity (§7.11)", () => {
    expect(error(() => toJson(numberVal(CtyNumber.positiveInfinity), numberType), "encode").message).toBe(
      "cannot serialize infinity as JSON",
    );
    expect(error(() => toJson(listVal([parsed("-Inf")]), listType(numberType)), "encode").message).toBe(
      "[0]: cannot serialize infinity as JSON",
    );
  });

  it("refuses marks", () => {
    expect(error(() => toJson(mark(stringVal("s"), "sensitive"), stringType), "encode").message).toBe(
      "value has marks, so it cannot be serialized as JSON",
    );
    expect(
      error(
        () => toJson(objectVal({ a: mark(stringVal("s"), "sensitive") }), objectType({ a: stringType })),
        "encode",
      ).message,
    ).toBe(".a: value has marks, so it cannot be serialized as JSON");
  });

  it("converts non-conforming values first", () => {
    expect(toJson(listVal([stringVal("a"), stringVal("a")]), setType(stringType))).toBe('["a"]');
    expect(toJson(tupleVal([stringVal("a"), int(1), True]), listType(stringType))).toBe('["a","1","true"]');
    expect(toJson(objectVal({ a: stringVal("x"), extra: True }), objectType({ a: stringType }))).toBe(
      '{"a":"x"}',
    );
    expect(
      error(
        () => toJson(objectVal({ a: stringVal("x") }), objectType({ a: stringType, b: stringType })),
        "conversion",
      ).message,
    ).toBe('attribute "b" is required');
  });
});

describe("fromJson (spec §3.3)", () => {
  it("converts primitives as go-cty does", () => {
    expectSame(fromJson("12.50", stringType), stringVal("12.50"));
    expectSame(fromJson("true", stringType), stringVal("true"));
    expectSame(fromJson('"12.50"', numberType), parsed("12.5"));
    expect(fromJson('"12.50"', numberType).asNumber().precision).toBe(512);
    expectSame(fromJson("1e3", numberType), int(1000));
    expect(fromJson("123456789012345678901234567890", numberType).asNumber().text()).toBe(
      "123456789012345678901234567890",
    );
    expect(fromJson("0.1", numberType).asNumber().precision).toBe(512);
    expectSame(fromJson('"1"', boolType), True);
    expectSame(fromJson('"0"', boolType), False);
    expectSame(fromJson('"false"', boolType), False);
    expect(fromJson('"Inf"', numberType).asNumber().isInfinite()).toBe(true);
  });

  it("decodes null as a null of the requested type", () => {
    expectSame(fromJson("null", stringType), nullVal(stringType));
    expectSame(fromJson("null", dynamicType), nullVal(dynamicType));
    expectSame(fromJson("null", listType(stringType)), nullVal(listType(stringType)));
  });

  it("fills missing object attributes with nulls", () => {
    const t = objectType({ a: stringType, b: numberType });
    expectSame(fromJson('{"a":"x"}', t), objectVal({ a: stringVal("x"), b: nullVal(numberType) }));
    expectSame(fromJson("{}", t), objectVal({ a: nullVal(stringType), b: nullVal(numberType) }));
  });

  it("removes set duplicates (§7.19) and orders sets", () => {
    expectSame(fromJson('["a","a","b"]', setType(stringType)), setVal([stringVal("a"), stringVal("b")]));
    expect(toJson(fromJson('["c","a","b"]', setType(stringType)), setType(stringType))).toBe('["a","b","c"]');
  });

  it("orders integer-like attribute names byte-wise", () => {
    const t = objectType({ a: numberType, "9": numberType, "10": numberType });
    const json = '{"10":1,"9":2,"a":3}';
    expect(toJson(objectVal({ a: int(3), "9": int(2), "10": int(1) }), t)).toBe(json);
    expect(toJson(fromJson('{"a":3,"9":2,"10":1}', t), t)).toBe(json);
  });

  it("sorts map keys byte-wise whatever their order in the text", () => {
    const t = mapType(numberType);
    expect(toJson(fromJson('{"\u{1f600}":2,"b":1,"a":0,"\uff01":3}', t), t)).toBe(
      '{"a":0,"b":1,"\uff01":3,"\u{1f600}":2}',
    );
  });

  it("reads a dynamic value with type first", () => {
    expectSame(fromJson('{"type":"number","value":"42"}', dynamicType), int(42));
    expectSame(fromJson('{"value":null,"type":"string"}', dynamicType), nullVal(stringType));
  });

  it("ignores data after the first value, as go-cty", () => {
    expectSame(fromJson('"a" "b"', stringType), stringVal("a"));
    expectSame(fromJson("[1] garbage", listType(numberType)), listVal([int(1)]));
  });

  it("reads whitespace, escapes, surrogate pairs and bytes", () => {
    expectSame(fromJson(' [ "a" , "b" ] ', listType(stringType)), listVal([stringVal("a"), stringVal("b")]));
    expectSame(fromJson('"\\u00e9\\n\\u003c\\ud83d\\ude00\\/"', stringType), stringVal("é\n<😀/"));
    expectSame(fromJson('"e\\u0301"', stringType), stringVal("\u00e9"));
    expectSame(fromJson(new Uint8Array([0x22, 0xc3, 0xa9, 0x22]), stringType), stringVal("é"));
  });

  it("replaces invalid UTF-8 and lone surrogate escapes with U+FFFD, as Go", () => {
    expectSame(
      fromJson(new Uint8Array([0x22, 0x61, 0xff, 0xc3, 0x22]), stringType),
      stringVal("a\ufffd\ufffd"),
    );
    expectSame(fromJson('"\\ud800x"', stringType), stringVal("\ufffdx"));
    expectSame(fromJson('"\\udc00"', stringType), stringVal("\ufffd"));
    expectSame(fromJson('"\\ud800\\u0041"', stringType), stringVal("\ufffdA"));
  });

  it.each<[string, string, Type, string]>([
    ["string from object", "{}", stringType, "string is required"],
    ["number from bad string", '"abc"', numberType, "a number is required"],
    ["number from bool", "true", numberType, "number is required"],
    ["§7.11 number from NaN string", '"NaN"', numberType, "a number is required"],
    ["§7.11 number with space", '" 1"', numberType, "a number is required"],
    [
      "§7.12 bool from True",
      '"True"',
      boolType,
      'a bool is required; to convert from string, use lowercase "true"',
    ],
    ["§7.12 bool from yes", '"yes"', boolType, "a bool is required"],
    ["bool from number", "1", boolType, "bool is required"],
    ["list from object", '{"a":1}', listType(numberType), "missing expected ["],
    ["map from array", "[]", mapType(numberType), "missing expected {"],
    ["object from string", '"x"', objectType({ a: stringType }), "missing expected {"],
    ["unsupported attribute", '{"a":"x","z":1}', objectType({ a: stringType }), 'unsupported attribute "z"'],
    ["too many tuple elements", '["a","b"]', tupleType([stringType]), "too many tuple elements (need 1)"],
    ["dynamic missing type", '{"value":1}', dynamicType, "missing type in dynamically-typed value"],
    ["dynamic missing value", '{"type":"string"}', dynamicType, "missing value in dynamically-typed value"],
    [
      "dynamic invalid key",
      '{"type":"string","value":"x","extra":1}',
      dynamicType,
      'invalid key "extra" in dynamically-typed value',
    ],
    [
      "dynamic bad type",
      '{"type":"strin","value":"x"}',
      dynamicType,
      'failed to decode type for dynamic value: invalid primitive type name "strin"',
    ],
    ["dynamic not an object", "[]", dynamicType, "missing expected {"],
    ["empty input", "", stringType, "EOF"],
    ["truncated", '["a",', listType(stringType), "unexpected EOF"],
    ["bad literal", "nul", stringType, "unexpected EOF"],
    ["bad character", "[1,]", listType(numberType), "invalid character ']' looking for beginning of value"],
    ["control character in string", '"a\nb"', stringType, "invalid character '\\n' in string literal"],
    ["leading zero", "[01]", listType(numberType), "invalid character '1' after array element"],
    ["bad number", "-x", numberType, "invalid character 'x' in numeric literal"],
    ["bad fraction", "1.x", numberType, "invalid character 'x' after decimal point in numeric literal"],
    ["bad exponent", "1ex", numberType, "invalid character 'x' in exponent of numeric literal"],
  ])("%s", (_name, json, t, message) => {
    expect(error(() => fromJson(json, t), "decode").message).toBe(message);
  });

  it("addresses errors by attribute and index paths", () => {
    const t = objectType({ a: objectType({ b: listType(stringType) }) });
    expect(error(() => fromJson('{"a":{"b":[1,{}]}}', t), "decode").message).toBe(
      ".a.b[1]: string is required",
    );
    expect(error(() => fromJson('{"k":[]}', mapType(stringType)), "decode").message).toBe(
      '["k"]: string is required',
    );
    expect(
      error(() => fromJson('{"a":{"z":1}}', objectType({ a: objectType({ b: stringType }) })), "decode")
        .message,
    ).toBe('.a: unsupported attribute "z"');
    expect(error(() => fromJson("[[{}]]", listType(listType(stringType))), "decode").message).toBe(
      "[0][0]: string is required",
    );
    expect(error(() => fromJson("[{}]", setType(stringType)), "decode").message).toBe(
      "[(not yet known)]: string is required",
    );
  });

  it("reports a short tuple at its parent's path, as go-cty does", () => {
    const t = objectType({ t: tupleType([stringType, stringType]) });
    expect(error(() => fromJson('{"t":["a"]}', t), "decode").message).toBe(
      "not enough tuple elements (need 2)",
    );
  });

  it("refuses numbers it could not write back (beyond about 1e300000), with the path", () => {
    const outOfRange =
      "number is too large or too small to format as decimal text (beyond about 1e300000 or 1e-130000)";
    expect(error(() => fromJson("1e999999", numberType), "decode").message).toBe(outOfRange);
    expect(
      error(() => fromJson('{"n":["1e-2000000"]}', objectType({ n: setType(numberType) })), "decode").message,
      // go-cty addresses JSON set elements by an unknown key.
    ).toBe(`.n[(not yet known)]: ${outOfRange}`);
    // Large but writable numbers still decode, and encode back.
    expect(toJson(fromJson("1e300", numberType), numberType)).toBe(`1${"0".repeat(300)}`);
  });

  it("refuses nesting deeper than 1000", () => {
    expect(
      error(() => fromJson(`${"[".repeat(1100)}${"]".repeat(1100)}`, dynamicType), "decode").message,
    ).toBe("exceeded max depth");
  });
});

describe("JSON properties", () => {
  it("fromJson(toJson(v)) rawEquals v, and re-encoding gives the same text", () => {
    fc.assert(
      fc.property(arbTypedValue({ unknowns: false, infinities: false, maxFloat: 2 ** 53 }), ([t, v]) => {
        const json = toJson(v, t);
        const back = fromJson(json, t);
        if (!rawEquals(back, v))
          throw new Error(`round trip changed ${valueGoString(v)} into ${valueGoString(back)} via ${json}`);
        expect(toJson(back, t)).toBe(json);
      }),
      { numRuns: 400 },
    );
  });

  it("matches JSON.parse on what it writes (valid JSON, same strings)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (s) => {
        const json = toJson(stringVal(s), stringType);
        expect(JSON.parse(json)).toBe(s.normalize("NFC"));
      }),
      { numRuns: 500 },
    );
  });

  it("throws only decode CtyErrors on random text", () => {
    const pieces = fc.constantFrom(
      "[",
      "]",
      "{",
      "}",
      ",",
      ":",
      '"a"',
      '"value"',
      '"type"',
      '"string"',
      "null",
      "1",
      "-",
      "tr",
      "\\",
      '"',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.array(pieces, { maxLength: 14 }).map((p) => p.join("")),
        ),
        arbType(3),
        (s, t) => {
          try {
            fromJson(s, t);
          } catch (err) {
            if (!isCtyError(err)) throw err;
            expect(err.code).toBe("decode");
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
