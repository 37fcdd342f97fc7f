import { describe, expect, it } from "vitest";
import { isCtyError } from "../errors.js";
import { CtyNumber } from "../number.js";
import { formatPath } from "../path.js";
import { refine } from "../refinement.js";
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
import {
  DynamicVal,
  listVal,
  mapVal,
  mark,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  True,
  tupleVal,
  unknownVal,
} from "../value.js";
import { fromMsgpack } from "./decode.js";
import { toMsgpack } from "./encode.js";
import { asciiHex, fromHex, toHex } from "./test-util.js";

function encodeError(f: () => unknown): { code: string; message: string; path: string } {
  try {
    f();
  } catch (err) {
    if (!isCtyError(err)) throw err;
    return { code: err.code, message: err.message, path: formatPath(err.path ?? []) };
  }
  return expect.fail("no error thrown");
}

describe("toMsgpack", () => {
  it("refuses marked values with their path", () => {
    expect(encodeError(() => toMsgpack(mark(stringVal("s"), "sensitive"), stringType))).toEqual({
      code: "encode",
      message: "value has marks, so it cannot be serialized",
      path: "",
    });
    const e = encodeError(() =>
      toMsgpack(objectVal({ a: mark(stringVal("s"), "sensitive") }), objectType({ a: stringType })),
    );
    expect(e.message).toBe(".a: value has marks, so it cannot be serialized");
    const l = encodeError(() =>
      toMsgpack(listVal([stringVal("a"), mark(stringVal("b"), "x")]), listType(stringType)),
    );
    expect(l.message).toBe("[1]: value has marks, so it cannot be serialized");
    const m = encodeError(() => toMsgpack(mapVal({ k: mark(stringVal("b"), "x") }), mapType(stringType)));
    expect(m.message).toBe('["k"]: value has marks, so it cannot be serialized');
  });

  it("refuses a set whose element marks moved onto the set", () => {
    const s = setVal([mark(stringVal("a"), "sensitive")]);
    expect(encodeError(() => toMsgpack(s, setType(stringType))).message).toBe(
      "value has marks, so it cannot be serialized",
    );
  });

  it("converts values whose type does not conform (§2.2)", () => {
    // A list marshalled as a set loses duplicates.
    expect(
      toHex(toMsgpack(listVal([stringVal("a"), stringVal("b"), stringVal("a")]), setType(stringType))),
    ).toBe("92a161a162");
    // A tuple marshalled as list(string) converts each element.
    expect(toHex(toMsgpack(tupleVal([stringVal("a"), numberVal(1), True]), listType(stringType)))).toBe(
      "93a161a131a474727565",
    );
    // Extra attributes are dropped by the conversion.
    expect(
      toHex(toMsgpack(objectVal({ a: stringVal("x"), extra: True }), objectType({ a: stringType }))),
    ).toBe("81a161a178");
    // DynamicVal and NullVal(dynamic) convert to any type.
    expect(toHex(toMsgpack(DynamicVal, stringType))).toBe("d40000");
    expect(toHex(toMsgpack(nullVal(dynamicType), objectType({ a: stringType })))).toBe("c0");
  });

  it("reports conversion failures as conversion errors", () => {
    const e = encodeError(() => toMsgpack(listVal([stringVal("x")]), listType(numberType)));
    expect(e).toEqual({ code: "conversion", message: "[0]: a number is required", path: "[0]" });
    const o = encodeError(() =>
      toMsgpack(objectVal({ a: stringVal("x") }), objectType({ a: stringType, b: stringType })),
    );
    expect(o.message).toBe('attribute "b" is required');
  });

  it("writes every attribute of the target type, nulls included", () => {
    const t = objectType({ a: stringType, b: listType(stringType), c: boolType });
    const v = objectVal({ c: True, a: nullVal(stringType), b: nullVal(listType(stringType)) });
    expect(toHex(toMsgpack(v, t))).toBe("83a161c0a162c0a163c3");
  });

  it("accepts a target with optional attributes (conformance ignores the markers)", () => {
    const t = objectType({ a: stringType, b: numberType }, ["b"]);
    const v = objectVal({ a: stringVal("x"), b: nullVal(numberType) });
    expect(toHex(toMsgpack(v, t))).toBe("82a161a178a162c0");
  });

  it("wraps every element of a dynamic collection and each dynamic attribute", () => {
    const t = objectType({ d: dynamicType, s: stringType });
    expect(toHex(toMsgpack(objectVal({ d: numberVal(1), s: stringVal("x") }), t))).toBe(
      "82a16492c408226e756d6265722201a173a178",
    );
    expect(
      toHex(toMsgpack(tupleVal([stringVal("a"), numberVal(2)]), tupleType([stringType, dynamicType]))),
    ).toBe("92a16192c408226e756d6265722202");
  });

  it("keeps a refined unknown's refinement inside a dynamic wrapper", () => {
    const v = refine(unknownVal(stringType)).notNull().newValue();
    expect(toHex(toMsgpack(v, dynamicType))).toBe("92c40822737472696e6722c7030c8101c2");
  });

  it("writes a plain unknown when a refinement records nothing encodable", () => {
    const empty = refine(unknownVal(stringType)).newValue();
    expect(toHex(toMsgpack(empty, stringType))).toBe("d40000");
    const anyLength = refine(unknownVal(listType(stringType)))
      .collectionLengthLowerBound(0)
      .newValue();
    expect(toHex(toMsgpack(anyLength, listType(stringType)))).toBe("d40000");
  });

  it("cuts a string prefix over 256 bytes to at most 255 safe bytes", () => {
    const long = `${"a-".repeat(200)}`;
    const bytes = toMsgpack(refine(unknownVal(stringType)).stringPrefixFull(long).newValue(), stringType);
    // The payload (map header, key, str8 header, 254 bytes) needs an ext16 header.
    expect(toHex(bytes.subarray(0, 4))).toBe(`c8${(bytes.length - 4).toString(16).padStart(4, "0")}0c`);
    expect(bytes.length - 4).toBe(258);
    const back = fromMsgpack(bytes, stringType).refinement?.stringPrefix ?? "";
    expect(back.length).toBeLessThanOrEqual(255);
    expect(long.startsWith(back)).toBe(true);
    // The cut ends on "-", which can end a safe prefix, so nothing more is dropped.
    expect(back.endsWith("-")).toBe(true);
    expect(back.length).toBe(254);
  });

  it("sends float64 integers beyond int64 as their shortest text, as go-cty does", () => {
    // 2^63 as a float64: the shortest digits are padded with zeros, so the wire value differs
    // from the float's exact value; decoding yields a different (512-bit) integer.
    const f = numberVal(CtyNumber.fromFloat64(2 ** 63));
    const bytes = toMsgpack(f, numberType);
    expect(toHex(bytes)).toBe(`b3${asciiHex("9223372036854776000")}`);
    expect(fromMsgpack(bytes, numberType).asNumber().toBigInt()).toBe(9223372036854776000n);
  });

  it("encodes negative zero as 0 and non-minimal-looking parsed integers compactly", () => {
    expect(toHex(toMsgpack(numberVal(CtyNumber.fromFloat64(-0)), numberType))).toBe("00");
    expect(toHex(toMsgpack(numberVal(CtyNumber.parse("1p3")), numberType))).toBe("08");
    expect(toHex(toMsgpack(numberVal(CtyNumber.parse("3.0")), numberType))).toBe("03");
  });

  it("orders integer-like attribute names byte-wise, not as JavaScript lists them", () => {
    const t = objectType({ a: numberType, "9": numberType, "10": numberType });
    const v = objectVal({ a: numberVal(3), "9": numberVal(2), "10": numberVal(1) });
    const hex = "83a2313001a13902a16103";
    expect(toHex(toMsgpack(v, t))).toBe(hex);
    expect(toHex(toMsgpack(fromMsgpack(fromHex(hex), t), t))).toBe(hex);
  });

  it("writes a lone surrogate as U+FFFD", () => {
    expect(toHex(toMsgpack(stringVal("a\ud800"), stringType))).toBe("a461efbfbd");
  });

  it("uses 16- and 32-bit headers for large collections", () => {
    const many = listVal(Array.from({ length: 70000 }, () => True));
    const bytes = toMsgpack(many, listType(boolType));
    expect(toHex(bytes.subarray(0, 5))).toBe("dd00011170");
    const entries: Record<string, ReturnType<typeof numberVal>> = {};
    for (let i = 0; i < 16; i++) entries[`k${i.toString().padStart(2, "0")}`] = numberVal(i);
    expect(toHex(toMsgpack(mapVal(entries), mapType(numberType)).subarray(0, 3))).toBe("de0010");
  });

  it("writes large type JSON in the dynamic wrapper with bin16", () => {
    const attrs: Record<string, ReturnType<typeof stringVal>> = {};
    for (let i = 0; i < 30; i++) attrs[`attribute_${i}`] = stringVal("v");
    const bytes = toMsgpack(objectVal(attrs), dynamicType);
    expect(toHex(bytes.subarray(0, 2))).toBe("92c5");
    expect(fromMsgpack(bytes, dynamicType).getAttr("attribute_7").asString()).toBe("v");
  });
});
