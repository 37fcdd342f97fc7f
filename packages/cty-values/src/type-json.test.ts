import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCtyError } from "./errors.js";
import { arbConcreteType, arbType } from "./msgpack/test-arbitraries.js";
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
  typeEquals,
} from "./type.js";
import { typeFromJson, typeToJson } from "./type-json.js";

function decodeError(input: string | Uint8Array): string {
  try {
    typeFromJson(input);
  } catch (err) {
    if (!isCtyError(err)) throw err;
    expect(err.code).toBe("decode");
    return err.message;
  }
  return expect.fail(`${String(input)} decoded without error`);
}

describe("typeToJson (spec §3.1)", () => {
  it.each<[string, Type, string]>([
    ["string", stringType, '"string"'],
    ["number", numberType, '"number"'],
    ["bool", boolType, '"bool"'],
    ["dynamic", dynamicType, '"dynamic"'],
    ["list", listType(stringType), '["list","string"]'],
    ["set", setType(numberType), '["set","number"]'],
    ["map", mapType(boolType), '["map","bool"]'],
    ["object sorted", objectType({ b: stringType, a: numberType }), '["object",{"a":"number","b":"string"}]'],
    [
      "object with optional attributes",
      objectType({ c: boolType, b: numberType, a: stringType }, ["b", "a"]),
      '["object",{"a":"string","b":"number","c":"bool"},["a","b"]]',
    ],
    [
      "nested optional",
      objectType({ x: objectType({ y: stringType }, ["y"]) }),
      '["object",{"x":["object",{"y":"string"},["y"]]}]',
    ],
    ["empty tuple", tupleType([]), '["tuple",[]]'],
    [
      "tuple",
      tupleType([stringType, numberType, boolType, dynamicType, listType(stringType)]),
      '["tuple",["string","number","bool","dynamic",["list","string"]]]',
    ],
    ["empty object", objectType({}), '["object",{}]'],
    [
      "integer-like names sorted byte-wise",
      objectType({ a: stringType, "9": stringType, "10": stringType }, ["9", "10"]),
      '["object",{"10":"string","9":"string","a":"string"},["10","9"]]',
    ],
    ["HTML characters escaped", objectType({ "<x>": stringType }), '["object",{"\\u003cx\\u003e":"string"}]'],
    ["quote and backslash", objectType({ 'a"b\\c': stringType }), '["object",{"a\\"b\\\\c":"string"}]'],
    [
      "byte-wise name order (U+FF01 before U+1F600)",
      objectType({ "\u{1f600}": stringType, "\uff01": stringType }),
      '["object",{"\uff01":"string","\u{1f600}":"string"}]',
    ],
  ])("%s", (_name, t, json) => {
    expect(typeToJson(t)).toBe(json);
    expect(typeEquals(typeFromJson(json), t)).toBe(true);
  });
});

describe("typeFromJson", () => {
  it("accepts whitespace, any key order and unsorted optional names", () => {
    expect(typeEquals(typeFromJson(' [ "list" , "string" ] '), listType(stringType))).toBe(true);
    expect(typeEquals(typeFromJson('[\n"map",\n"number"\n]'), mapType(numberType))).toBe(true);
    expect(typeToJson(typeFromJson('["object",{"b":"string","a":"number"}]'))).toBe(
      '["object",{"a":"number","b":"string"}]',
    );
    expect(typeToJson(typeFromJson('["object",{"a":"string","b":"number"},["b","a"]]'))).toBe(
      '["object",{"a":"string","b":"number"},["a","b"]]',
    );
    expect(typeToJson(typeFromJson('["object",{"a":"string"},[]]'))).toBe('["object",{"a":"string"}]');
    expect(typeToJson(typeFromJson('["object",{"\\u003cx\\u003e":"string"}]'))).toBe(
      '["object",{"\\u003cx\\u003e":"string"}]',
    );
  });

  it("accepts bytes", () => {
    expect(typeEquals(typeFromJson(new Uint8Array([0x22, 0x62, 0x6f, 0x6f, 0x6c, 0x22])), boolType)).toBe(
      true,
    );
  });

  it("NFC-normalizes attribute names", () => {
    const t = typeFromJson('["object",{"e\\u0301":"string"}]');
    expect(Object.keys((t as { attributeTypes: object }).attributeTypes)).toEqual(["\u00e9"]);
  });

  it("accepts what go-cty's More() lets through after the description", () => {
    expect(typeEquals(typeFromJson('"string"]'), stringType)).toBe(true);
    expect(typeEquals(typeFromJson('["list","string"]}'), listType(stringType))).toBe(true);
  });

  it.each([
    ['"text"', 'invalid primitive type name "text"'],
    ['"String"', 'invalid primitive type name "String"'],
    ['"string" "number"', "extraneous data after type description"],
    ['["list","string"] 1', "unexpected extra data in type description"],
    ['["array","string"]', "invalid complex type kind name"],
    ['["list"]', "expected comma after array element"],
    ['["list","string","number"]', "unexpected extra data in type description"],
    ['["object","string"]', "json: cannot unmarshal string into Go value of type map[string]cty.Type"],
    ['["tuple","string"]', "json: cannot unmarshal string into Go value of type []cty.Type"],
    ['["object",{"a":"string"},"a"]', "json: cannot unmarshal string into Go value of type []string"],
    ['["object",{"a":"string"},[1]]', "json: cannot unmarshal number into Go value of type string"],
    ["1", "invalid type description"],
    ["null", "invalid type description"],
    ["{}", "invalid complex type description"],
    ["", "EOF"],
    ["   ", "EOF"],
    ["[]", "invalid complex type kind name"],
    ['[1,"string"]', "invalid complex type kind name"],
    ['["object",{"a":"string"},["a"],1]', "unexpected extra data in type description"],
    ['["list","strin"]', 'invalid primitive type name "strin"'],
    ['["list",', "unexpected EOF"],
    ["[x", "invalid character 'x' looking for beginning of value"],
    ['["list" "string"]', "invalid character '\"' after array element"],
    ['["object",{"a" "string"}]', "invalid character '\"' after object key"],
    ['["object",{a:"string"}]', "invalid character 'a' looking for beginning of object key string"],
    ['"str\\xing"', "invalid character 'x' in string escape code"],
    ["tru", "unexpected EOF"],
    ["trux", "invalid character 'x' in literal true (expecting 'e')"],
  ])("rejects %s", (input, message) => {
    expect(decodeError(input)).toBe(message);
  });

  it("rejects an optional name that is not an attribute", () => {
    expect(decodeError('["object",{"a":"string"},["b"]]')).toMatch(/"b"/);
  });

  it("round-trips random types", () => {
    fc.assert(
      fc.property(fc.oneof(arbType(4), arbConcreteType(4)), (t) => {
        const json = typeToJson(t);
        const back = typeFromJson(json);
        expect(typeEquals(back, t)).toBe(true);
        expect(typeToJson(back)).toBe(json);
      }),
      { numRuns: 300 },
    );
  });

  it("throws only decode CtyErrors on random text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc
            .array(
              fc.constantFrom(
                '"list"',
                '"object"',
                "[",
                "]",
                "{",
                "}",
                ",",
                ":",
                '"a"',
                '"string"',
                "null",
                "1",
              ),
              {
                maxLength: 12,
              },
            )
            .map((parts) => parts.join("")),
        ),
        (s) => {
          try {
            typeFromJson(s);
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
