import { describe, expect, it } from "vitest";
import { rawEquals } from "../equality.js";
import { type CtyError, isCtyError } from "../errors.js";
import { pathEquals } from "../path-ops.js";
import { attributeStep, formatPath, indexStep } from "../path.js";
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
  boolVal,
  DynamicVal,
  EmptyObjectVal,
  EmptyTupleVal,
  listVal,
  listValEmpty,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  unknownVal,
  type Value,
} from "../value.js";
import { fromMsgpack, MAX_COLLAPSED_LIST } from "./decode.js";
import { toMsgpack } from "./encode.js";
import { asciiHex, fromHex, toHex } from "./test-util.js";

function decodeError(hex: string | Uint8Array, t: Type): { message: string; path: string; raw: string } {
  try {
    const v = fromMsgpack(typeof hex === "string" ? fromHex(hex) : hex, t);
    return expect.fail(`decoded ${valueGoString(v)}; want an error`);
  } catch (err) {
    if (!isCtyError(err)) throw err;
    expect(err.code).toBe("decode");
    return { message: err.message, path: formatPath(err.path ?? []), raw: err.rawMessage };
  }
}

function expectDecodes(hex: string, t: Type, want: Value): void {
  const got = fromMsgpack(fromHex(hex), t);
  if (!rawEquals(got, want)) expect.fail(`decoded ${valueGoString(got)}, want ${valueGoString(want)}`);
}

const nic = objectType({ network_interface: listType(objectType({ ip: stringType })) });

describe("fromMsgpack string sets", () => {
  const strings = (v: Value) => v.elements().map((e) => e.asString());

  it("keeps go-cty's written order and puts any other order into it", () => {
    const canonical = setVal([stringVal("sg-b"), stringVal("sg-a"), stringVal("sg-c")]);
    const bytes = toMsgpack(canonical, setType(stringType));
    expect(strings(fromMsgpack(bytes, setType(stringType)))).toEqual(strings(canonical));
    // ["sg-c", "sg-a", "sg-b", "sg-a"]: out of order with a duplicate.
    const shuffled = fromHex(
      `94a4${asciiHex("sg-c")}a4${asciiHex("sg-a")}a4${asciiHex("sg-b")}a4${asciiHex("sg-a")}`,
    );
    const decoded = fromMsgpack(shuffled, setType(stringType));
    expect(strings(decoded)).toEqual(strings(canonical));
    expect(rawEquals(decoded, canonical)).toBe(true);
  });

  it("merges strings that are equal once NFC-normalized", () => {
    // ["e\u0301", "\u00e9"]
    const decoded = fromMsgpack(fromHex("92a365cc81a2c3a9"), setType(stringType));
    expect(strings(decoded)).toEqual(["\u00e9"]);
  });

  it("orders null and unknown elements as go-cty does", () => {
    const withNull = fromMsgpack(fromHex(`93c0a1${asciiHex("b")}a1${asciiHex("a")}`), setType(stringType));
    expect(rawEquals(withNull, setVal([stringVal("a"), stringVal("b"), nullVal(stringType)]))).toBe(true);
    expect(withNull.elements().map((e) => (e.isNull() ? null : e.asString()))).toEqual(["a", "b", null]);
  });
});

describe("fromMsgpack errors, worded and addressed as go-cty", () => {
  it.each([
    ["truncated string", "a268", stringType, "string is required"],
    ["int where string expected", "01", stringType, "string is required"],
    ["bool where string expected", "c3", stringType, "string is required"],
    ["string where bool expected", "a474727565", boolType, "bool is required"],
    ["int where bool expected", "01", boolType, "bool is required"],
    ["non-numeric string", "a3616263", numberType, "number is required"],
    ["empty string as number", "a0", numberType, "number is required"],
    ["bool as number", "c3", numberType, "number is required"],
    ["truncated float64", "cb3ff8", numberType, "number is required"],
    ["string where list expected", "a161", listType(stringType), "a list is required"],
    ["map where set expected", "80", setType(stringType), "a set is required"],
    ["array where map expected", "90", mapType(stringType), "a map is required"],
    ["array where object expected", "90", objectType({ a: stringType }), "an object is required"],
    ["string where tuple expected", "a0", tupleType([stringType]), "a tuple is required"],
    ["tuple length", "92a161a162", tupleType([stringType]), "a tuple of length 1 is required"],
    [
      "object with too few attributes",
      "81a161a178",
      objectType({ a: stringType, b: stringType }),
      "an object with 2 attributes is required (1 given)",
    ],
    [
      "dynamic wrapper of 1",
      "91c40822737472696e6722",
      dynamicType,
      "dynamic value array must have exactly two elements",
    ],
    ["dynamic not an array", "a26869", dynamicType, "msgpack: invalid code=a2 decoding array length"],
    ["dynamic bad type JSON", "92c40522666f6f22a26869", dynamicType, 'invalid primitive type name "foo"'],
    ["dynamic type not bytes", "920101", dynamicType, "msgpack: invalid code=1 decoding bytes length"],
    ["other ext type with payload", "c703070102c3", stringType, "unsupported extension type 0x07 with len 3"],
    ["negative ext type", "c70bff0102c3", stringType, "unsupported extension type 0x-01 with len 11"],
    ["cut ext header", "c7", stringType, "extension code is required for unknown value"],
    ["cut ext body", "c7050c8205", stringType, "failed to read msgpack extension body: unexpected EOF"],
    ["refinement not a map", "d50c9000", stringType, "failed to decode msgpack extension body: not a map"],
    [
      "non-integer refinement key",
      "d50c81a0",
      stringType,
      "failed to decode msgpack extension body: non-integer key in map",
    ],
    ["empty input", "", stringType, "unexpected EOF"],
    ["invalid UTF-8", "a2c328", stringType, "string is not valid UTF-8"],
    ["non-string map key", "8101a0", mapType(stringType), "non-string key in map"],
    ["non-string object key", "8101a0", objectType({ a: stringType }), "all keys must be strings"],
    ["trailing bytes", "a000", stringType, "unexpected data after the msgpack value (1 bytes)"],
    ["reserved code c1", "c1", stringType, "string is required"],
  ])("%s", (_name, hex, t, message) => {
    expect(decodeError(hex, t).message).toBe(message);
  });

  it("reports nested paths with attribute steps for object attributes (go-cty: index steps)", () => {
    // {network_interface: [{ip: 1}]}
    const bytes = fromHex(`81b1${asciiHex("network_interface")}9181a2${asciiHex("ip")}01`);
    const e = decodeError(bytes, nic);
    expect(e.message).toBe(".network_interface[0].ip: string is required");
    expect(e.raw).toBe("string is required");
  });

  it("names the path of a bad attribute in a realistic resource: .network_interface[0].ip", () => {
    // A compute instance as a provider sees it; the wire value is the same resource written
    // with `ip` as a number (as a buggy or hostile peer might send it).
    const shape = (ip: Type) =>
      objectType({
        id: stringType,
        name: stringType,
        machine_type: stringType,
        cpu_count: numberType,
        deletion_protection: boolType,
        tags: mapType(stringType),
        network_interface: listType(
          objectType({ ip: ip, subnet_id: stringType, nat: boolType, alias_ranges: listType(stringType) }),
        ),
        boot_disk: listType(objectType({ size_gb: numberType, image: stringType })),
      });
    const wireType = shape(numberType);
    const wire = toMsgpack(
      objectVal({
        id: stringVal("i-0abc123"),
        name: stringVal("web-1"),
        machine_type: stringVal("e2-medium"),
        cpu_count: numberVal(2),
        deletion_protection: boolVal(false),
        tags: mapVal({ env: stringVal("prod"), team: stringVal("edge") }),
        network_interface: listVal([
          objectVal({
            ip: numberVal(167772165),
            subnet_id: stringVal("subnet-1"),
            nat: boolVal(true),
            alias_ranges: listVal([stringVal("10.1.0.0/24")]),
          }),
        ]),
        boot_disk: listVal([objectVal({ size_gb: numberVal(20), image: stringVal("debian-12") })]),
      }),
      wireType,
    );
    let thrown: unknown;
    try {
      fromMsgpack(wire, shape(stringType));
    } catch (err) {
      thrown = err;
    }
    expect(isCtyError(thrown)).toBe(true);
    const e = thrown as CtyError;
    expect(e.code).toBe("decode");
    expect(e.message).toBe(".network_interface[0].ip: string is required");
    expect(e.rawMessage).toBe("string is required");
    const path = e.path ?? [];
    expect(path.map((step) => step.kind)).toEqual(["attribute", "index", "attribute"]);
    expect(
      pathEquals(path, [attributeStep("network_interface"), indexStep(numberVal(0)), attributeStep("ip")]),
    ).toBe(true);
    // Map keys inside the same resource stay index steps.
    const tagsWire = toMsgpack(
      objectVal({ tags: mapVal({ env: boolVal(true) }) }),
      objectType({ tags: mapType(boolType) }),
    );
    const tagsError = decodeError(tagsWire, objectType({ tags: mapType(stringType) }));
    expect(tagsError.message).toBe('.tags["env"]: string is required');
  });

  it("names an unsupported attribute by its key", () => {
    expect(decodeError("81a17aa178", objectType({ a: stringType })).message).toBe(
      ".z: unsupported attribute",
    );
  });

  it("rejects a repeated object attribute", () => {
    expect(decodeError("82a161a178a161a179", objectType({ a: stringType, b: stringType })).message).toBe(
      ".a: duplicate attribute",
    );
  });

  it("reports a bad key at its container, not at a neighbouring element", () => {
    // [{"a": "x", 1: ""}]: the second key of the first map is not a string.
    expect(decodeError("9182a161a178 01a0", listType(mapType(stringType))).message).toBe(
      "[0]: non-string key in map",
    );
    expect(decodeError("81a16181 01a0", objectType({ a: objectType({ b: stringType }) })).message).toBe(
      ".a: all keys must be strings",
    );
    // Out-of-order attributes keep their own names in paths: {b: "x", a: 1}.
    expect(decodeError("82a162a178a16101", objectType({ a: stringType, b: stringType })).message).toBe(
      ".a: string is required",
    );
  });

  it("addresses list, map and tuple elements", () => {
    expect(decodeError("92a16101", listType(stringType)).message).toBe("[1]: string is required");
    expect(decodeError("81a16bc3", mapType(stringType)).message).toBe('["k"]: string is required');
    expect(decodeError("92a161a162", tupleType([stringType, numberType])).message).toBe(
      "[1]: number is required",
    );
  });

  it("refuses a number string it could not write back (beyond about 1e300000)", () => {
    const e = decodeError(`81a16e91a8${asciiHex("1e999999")}`, objectType({ n: listType(numberType) }));
    expect(e.message).toBe(
      ".n[0]: number is too large or too small to format as decimal text (beyond about 1e300000 or 1e-130000)",
    );
    expect(toHex(toMsgpack(fromMsgpack(fromHex(`a5${asciiHex("1e300")}`), numberType), numberType))).toBe(
      `da012d31${"30".repeat(300)}`, // str16 of 301 bytes
    );
  });

  it("refuses refinement payloads over 1 KiB", () => {
    const body = `8102da03fc${"70".repeat(1020)}`; // 1025 bytes
    expect(decodeError(`c804010c${body}`, stringType).message).toBe("oversize unknown value refinement");
  });

  it("refuses refinements that do not apply to the type", () => {
    expect(decodeError("d60c8102a161", numberType).raw).toBe(
      "failed to decode msgpack extension body: string prefix refinement for non-string type",
    );
    expect(decodeError("c70b0c8301c2039200c304920ac3", stringType).raw).toBe(
      "failed to decode msgpack extension body: numeric bound refinement for non-number type",
    );
    expect(decodeError("c7050c8205010603", stringType).raw).toBe(
      "failed to decode msgpack extension body: length lower bound refinement for non-collection type",
    );
  });

  it("refuses malformed refinement values", () => {
    expect(decodeError("d50c8101a0", stringType).raw).toBe(
      "failed to decode msgpack extension body: null refinement is not boolean",
    );
    expect(decodeError("d60c810201c3", stringType).raw).toBe(
      "failed to decode msgpack extension body: string prefix refinement is not string",
    );
    expect(decodeError("d60c8103a0c3", numberType).raw).toBe(
      "failed to decode msgpack extension body: length bound refinement must be [number, bool] array",
    );
    expect(decodeError("d50c8105a0", listType(stringType)).raw).toBe(
      "failed to decode msgpack extension body: length bound refinement must be integer or [integer, bool] array",
    );
  });

  it("turns contradictory refinements into decode errors", () => {
    // lower bound 5 > upper bound 1
    const e = decodeError("c7050c8205050601", listType(stringType));
    expect(e.raw).toMatch(/^failed to decode msgpack extension body: /);
  });

  it("refuses a length refinement that would collapse into a huge known list", () => {
    const n = MAX_COLLAPSED_LIST + 1;
    const hexN = n.toString(16).padStart(8, "0");
    const e = decodeError(`c70f0c8301c205ce${hexN}06ce${hexN}`, listType(stringType));
    expect(e.raw).toBe(`failed to decode msgpack extension body: refined list length ${n} is too large`);
  });

  it("refuses absurd element counts without allocating", () => {
    expect(decodeError("ddffffffff", listType(stringType)).message).toBe("unexpected EOF");
    expect(decodeError("dfffffffff", mapType(stringType)).message).toBe("unexpected EOF");
  });

  it("refuses nesting deeper than 1000 dynamic wrappers", () => {
    const wrapper = `92c409${asciiHex('"dynamic"')}`;
    const e = decodeError(`${wrapper.repeat(1100)}c0`, dynamicType);
    expect(e.raw).toBe("exceeded max depth");
  });

  it("refuses NaN floats", () => {
    expect(decodeError("cb7ff8000000000000", numberType).message).toBe("NaN is not a valid number");
  });
});

describe("fromMsgpack leniency (go-cty compatible)", () => {
  it("decodes an empty map as the empty object whatever the object type (§7.34)", () => {
    expectDecodes("80", objectType({ a: stringType }), EmptyObjectVal);
  });

  it("decodes an empty array as the empty tuple", () => {
    expectDecodes("90", tupleType([stringType]), EmptyTupleVal);
  });

  it("treats any one-byte extension as a plain unknown (§7.33)", () => {
    expectDecodes("d40501", stringType, unknownVal(stringType));
    expectDecodes("d40000", objectType({ a: stringType }), unknownVal(objectType({ a: stringType })));
    expectDecodes("d40c80", stringType, unknownVal(stringType));
  });

  it("decodes any unknown into a dynamic target as DynamicVal, ignoring refinements", () => {
    expectDecodes("d40000", dynamicType, DynamicVal);
    expectDecodes("c7030c8101c2", dynamicType, DynamicVal);
  });

  it("keeps an empty but present refinement when only unknown keys are sent", () => {
    const v = fromMsgpack(fromHex("c7030c8163c0"), stringType);
    expect(v.isKnown()).toBe(false);
    expect(v.refinement).toEqual({});
    expect(rawEquals(v, unknownVal(stringType))).toBe(false);
  });

  it("skips the values of unknown refinement keys and reads the rest", () => {
    // {9: [1,2], 1: false}
    const v = fromMsgpack(fromHex("c7070c82099201020 1c2".replace(" ", "")), stringType);
    expect(rawEquals(v, refine(unknownVal(stringType)).notNull().newValue())).toBe(true);
  });

  it("ignores bytes after the refinement map inside the payload", () => {
    const v = fromMsgpack(fromHex("d60c8101c2ff"), stringType);
    expect(rawEquals(v, refine(unknownVal(stringType)).notNull().newValue())).toBe(true);
  });

  it("collapses a not-null list refinement with equal length bounds to a known list of unknowns", () => {
    const v = fromMsgpack(fromHex("c7070c8301c205020602"), listType(stringType));
    expect(rawEquals(v, listVal([unknownVal(stringType), unknownVal(stringType)]))).toBe(true);
  });

  it("accepts non-minimal integer forms and binary strings", () => {
    expectDecodes("cd0005", numberType, numberVal(5));
    expectDecodes("d005", numberType, numberVal(5));
    expectDecodes("d9026869", stringType, stringVal("hi"));
    expectDecodes("c4026869", stringType, stringVal("hi"));
    expectDecodes("dc0001a161", listType(stringType), listVal([stringVal("a")]));
    expectDecodes("92a822737472696e6722a26869", dynamicType, stringVal("hi"));
  });

  it("decodes uint64 beyond int64 exactly (§7.8)", () => {
    const v = fromMsgpack(fromHex("cfffffffffffffffff"), numberType);
    expect(v.asNumber().toBigInt()).toBe(2n ** 64n - 1n);
  });

  it("decodes floats at 53 bits and strings at 512 bits", () => {
    expect(fromMsgpack(fromHex("ca3dcccccd"), numberType).asNumber().text()).toBe("0.10000000149011612");
    expect(fromMsgpack(fromHex("ca3dcccccd"), numberType).asNumber().precision).toBe(53);
    const s = fromMsgpack(fromHex("a3302e31"), numberType).asNumber();
    expect(s.precision).toBe(512);
    expect(s.text()).toBe("0.1");
    expect(fromMsgpack(fromHex("a3316533"), numberType).asNumber().text()).toBe("1000");
  });

  it("keeps float64 infinities", () => {
    expect(fromMsgpack(fromHex("cbfff0000000000000"), numberType).asNumber().isInfinite()).toBe(true);
  });

  it("normalizes strings and map keys to NFC (§7.38)", () => {
    expectDecodes("a365cc81", stringType, stringVal("\u00e9"));
    const m = fromMsgpack(fromHex("81a365cc81a176"), mapType(stringType));
    expect([...m.entries().keys()]).toEqual(["\u00e9"]);
  });

  it("removes set duplicates and orders sets canonically", () => {
    expectDecodes("93a163a161a163", setType(stringType), setVal([stringVal("a"), stringVal("c")]));
    // float64 0.1 and parsed 0.1 are equal: one element survives.
    expect(fromMsgpack(fromHex("92cb3fb999999999999aa3302e31"), setType(numberType)).lengthInt()).toBe(1);
  });

  it("lets a repeated map key overwrite the earlier one", () => {
    expectDecodes("82a161a178a161a179", mapType(stringType), mapVal({ a: stringVal("y") }));
  });

  it("accepts map entries in any order (terraform-plugin-go writes Go map order)", () => {
    const t = mapType(stringType);
    const v = fromMsgpack(fromHex("83a163a178a161a179a2c3a9a17a"), t);
    expect([...v.entries().keys()]).toEqual(["a", "c", "\u00e9"]);
    expect(toHex(toMsgpack(v, t))).toBe("83a161a179a163a178a2c3a9a17a");
  });

  it("accepts object attributes in any order", () => {
    const t = objectType({ a: stringType, b: stringType });
    const v = fromMsgpack(fromHex("82a162a179a161a178"), t);
    expect(toHex(toMsgpack(v, t))).toBe("82a161a178a162a179");
  });

  it("decodes list(dynamic) elements with their wrapped types", () => {
    expectDecodes("9192c40822737472696e6722a161", listType(dynamicType), listVal([stringVal("a")]));
    expectDecodes("90", listType(dynamicType), listValEmpty(dynamicType));
  });

  it("refuses mixed element types under list(dynamic) instead of crashing", () => {
    const e = decodeError("9292c40822737472696e6722a16192c408226e756d6265722201", listType(dynamicType));
    expect(e.raw).toBe("inconsistent list element types");
  });

  it("decodes number bounds given in any number form", () => {
    // lower bound as the string "0.5", exclusive
    const v = fromMsgpack(fromHex("c7080c810392a3302e35c2"), numberType);
    expect(v.refinement?.numberLowerBound?.value.text()).toBe("0.5");
    expect(v.refinement?.numberLowerBound?.inclusive).toBe(false);
  });

  it("round-trips a long string prefix through the 256-byte cut", () => {
    const long = `${"ab/".repeat(100)}`;
    const v = refine(unknownVal(stringType)).stringPrefixFull(long).newValue();
    const bytes = toMsgpack(v, stringType);
    expect(bytes.length).toBeLessThanOrEqual(1024 + 5);
    const back = fromMsgpack(bytes, stringType);
    const prefix = back.refinement?.stringPrefix ?? "";
    expect(long.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThanOrEqual(255);
    expect(prefix.length).toBeGreaterThan(200);
  });

  it("returns the same CtyNumber kinds go-cty builds", () => {
    expect(fromMsgpack(fromHex("05"), numberType).asNumber().precision).toBe(64);
    expect(
      fromMsgpack(fromHex("cb3ff8000000000000"), numberType).asNumber().equals(CtyNumber.fromFloat64(1.5)),
    ).toBe(true);
  });
});

/** msgpack str bytes of a JS string (its UTF-8, with the shortest header). */
function strItem(s: string): Uint8Array {
  const body = new TextEncoder().encode(s);
  const head = body.length < 32 ? [0xa0 | body.length] : [0xd9, body.length];
  return new Uint8Array([...head, ...body]);
}

describe("fromMsgpack interning of short strings and integers", () => {
  it("decodes every short ASCII string to itself, repeated or not, whatever shares its slot", () => {
    // 6,000 distinct strings of 0–33 bytes (more than the cache's slots), each decoded three
    // times in a row and again after all the others: every answer must be its own string.
    const strings = Array.from({ length: 6000 }, (_, i) =>
      `${i.toString(36)}-${"x".repeat(i % 31)}`.slice(0, 34),
    );
    strings.push("", "a", "abcdefghijkl", "abcdefghijklm", "a".repeat(32), "a".repeat(33));
    for (const s of strings) {
      for (let k = 0; k < 3; k++) expect(fromMsgpack(strItem(s), stringType).asString()).toBe(s);
    }
    for (const s of strings) expect(fromMsgpack(strItem(s), stringType).asString()).toBe(s);
  });

  it("tells apart strings of the same length and bytes in another order", () => {
    for (const s of ["ab", "ba", "ab", "ba", "abc", "acb", "bac", "abc"]) {
      expect(fromMsgpack(strItem(s), stringType).asString()).toBe(s);
    }
  });

  it("still normalizes short non-ASCII strings to NFC and refuses invalid UTF-8", () => {
    for (let k = 0; k < 3; k++) {
      expect(fromMsgpack(strItem("cafe\u0301"), stringType).asString()).toBe("caf\u00e9");
      expect(fromMsgpack(strItem("\u00e9t\u00e9"), stringType).asString()).toBe("\u00e9t\u00e9");
      expect(fromMsgpack(strItem("\u{1f600}"), stringType).asString()).toBe("\u{1f600}");
    }
    // A lone surrogate (ED A0 80) and a truncated sequence are not valid UTF-8: go-cty's decoder
    // would keep them, tfkit refuses them (documented on fromMsgpack).
    expect(() => fromMsgpack(fromHex("a3eda080"), stringType)).toThrow(/string is not valid UTF-8/);
    expect(() => fromMsgpack(fromHex("a261c3"), stringType)).toThrow(/string is not valid UTF-8/);
  });

  it("keeps strings inside values intact when the same strings repeat", () => {
    const t = listType(objectType({ id: stringType, zone: stringType }));
    const v = listVal(
      Array.from({ length: 50 }, (_, i) =>
        objectVal({ id: stringVal(`i-${i % 7}`), zone: stringVal(`eu-west-1${"abc"[i % 3]}`) }),
      ),
    );
    const back = fromMsgpack(toMsgpack(v, t), t);
    expect(rawEquals(back, v)).toBe(true);
  });

  it("interns integers exactly: widths, signs, int64 limits, and never as the float of the same value", () => {
    const ints = [1024, 2048, 65535, 65536, -129, -4096, 2 ** 31, -(2 ** 31), 2 ** 53 - 1, -(2 ** 53 - 1)];
    for (let k = 0; k < 3; k++) {
      for (const n of ints) {
        const v = fromMsgpack(toMsgpack(numberVal(n), numberType), numberType).asNumber();
        expect(v.equals(CtyNumber.fromInt(n))).toBe(true);
        expect(v.precision).toBe(64);
      }
      // 1024.5 and 1024 as float64 (cb) keep precision 53 even after 1024 was cached as an int.
      const f = fromMsgpack(fromHex("cb4090000000000000"), numberType).asNumber();
      expect(f.precision).toBe(53);
      expect(f.toFloat64()).toBe(1024);
      expect(fromMsgpack(fromHex("cb4090020000000000"), numberType).asNumber().toFloat64()).toBe(1024.5);
    }
    // int64/uint64 extremes (not safe integers) stay exact.
    expect(
      fromMsgpack(fromHex("d38000000000000000"), numberType)
        .asNumber()
        .equals(CtyNumber.fromInt(-(2n ** 63n))),
    ).toBe(true);
    expect(
      fromMsgpack(fromHex("cfffffffffffffffff"), numberType)
        .asNumber()
        .equals(CtyNumber.fromInt(2n ** 64n - 1n)),
    ).toBe(true);
  });

  it("decodes many distinct integers, each to itself, across cache slots", () => {
    for (let k = 0; k < 2; k++) {
      for (let n = 1000; n < 40_000; n += 7) {
        expect(
          fromMsgpack(toMsgpack(numberVal(n), numberType), numberType)
            .asNumber()
            .toFloat64(),
        ).toBe(n);
      }
    }
  });
});

describe("fromMsgpack fast paths for primitives", () => {
  it("decodes fixstr, fixint and bools through the fast path exactly as through the general one", () => {
    expect(fromMsgpack(fromHex("a0"), stringType).asString()).toBe("");
    expect(fromMsgpack(fromHex("7f"), numberType).asNumber().equals(CtyNumber.fromInt(127))).toBe(true);
    expect(fromMsgpack(fromHex("7f"), numberType).asNumber().precision).toBe(64);
    expect(fromMsgpack(fromHex("ff"), numberType).asNumber().equals(CtyNumber.fromInt(-1))).toBe(true);
    expect(fromMsgpack(fromHex("c3"), boolType).asBool()).toBe(true);
    expect(fromMsgpack(fromHex("c2"), boolType).asBool()).toBe(false);
  });

  it("refuses a cut fixstr and items of the wrong kind", () => {
    expect(() => fromMsgpack(fromHex("a56162"), stringType)).toThrow(/string is required/);
    expect(() => fromMsgpack(fromHex("05"), stringType)).toThrow(/string is required/);
    expect(() => fromMsgpack(fromHex("a161"), numberType)).toThrow(/number is required/);
    expect(() => fromMsgpack(fromHex("05"), boolType)).toThrow(/bool is required/);
  });

  it("decodes nil as the null of the expected type, primitive or not", () => {
    for (const t of [stringType, numberType, boolType, listType(stringType), objectType({ a: stringType })]) {
      const v = fromMsgpack(fromHex("c0"), t);
      expect(v.isNull()).toBe(true);
      expect(rawEquals(v, nullVal(t))).toBe(true);
    }
    const obj = objectType({ a: stringType, b: numberType, c: boolType });
    const v = fromMsgpack(fromHex(`83a161c0a162c0a163c0`), obj);
    expect(
      rawEquals(v, objectVal({ a: nullVal(stringType), b: nullVal(numberType), c: nullVal(boolType) })),
    ).toBe(true);
  });
});

describe("fromMsgpack map keys through the string cache", () => {
  it("keeps keys exact, ordered and NFC whether they repeat or not", () => {
    const t = mapType(stringType);
    const m = mapVal({
      Environment: stringVal("production"),
      Name: stringVal("web-1"),
      Team: stringVal("platform"),
    });
    for (let k = 0; k < 3; k++) expect(rawEquals(fromMsgpack(toMsgpack(m, t), t), m)).toBe(true);
    // Unsorted, non-ASCII and repeated keys still go through mapVal's normalisation.
    const unsorted = fromMsgpack(fromHex(`83a162a131a4${asciiHex("ab")}cc81a132a161a133`), t);
    expect([...unsorted.entries().keys()]).toEqual(["a", "ab\u0301", "b"]);
    expect(unsorted.entries().get("b")?.asString()).toBe("1");
    const nfc = fromMsgpack(fromHex(`81a4${asciiHex("cafe")}a131`), t);
    expect(rawEquals(nfc, mapVal({ cafe: stringVal("1") }))).toBe(true);
    const composed = fromMsgpack(fromHex(`81a6${asciiHex("cafe")}cc81a131`), t);
    expect([...composed.entries().keys()]).toEqual(["caf\u00e9"]);
  });
});

describe("fromMsgpack interning of floats", () => {
  /** msgpack float64 bytes of x. */
  function f64(x: number): Uint8Array {
    const out = new Uint8Array(9);
    out[0] = 0xcb;
    new DataView(out.buffer).setFloat64(1, x);
    return out;
  }

  it("decodes every float to itself at precision 53, repeated or not, whatever shares its slot", () => {
    const xs = [
      ...Array.from({ length: 10 }, (_, k) => 0.0416 + k * 0.0125),
      ...Array.from({ length: 3000 }, (_, k) => (k * 7919.123) / 13 + 0.5),
      Number.MIN_VALUE,
      -Number.MAX_VALUE,
      2 ** 60,
    ];
    for (let round = 0; round < 3; round++) {
      for (const x of xs) {
        const n = fromMsgpack(f64(x), numberType).asNumber();
        expect(n.toFloat64()).toBe(x);
        expect(n.precision).toBe(53);
      }
    }
  });

  it("keeps negative zero apart from zero", () => {
    for (let round = 0; round < 3; round++) {
      expect(Object.is(fromMsgpack(f64(-0), numberType).asNumber().toFloat64(), -0)).toBe(true);
      expect(Object.is(fromMsgpack(f64(0), numberType).asNumber().toFloat64(), 0)).toBe(true);
    }
  });
});
