/**
 * Runs the go-cty conformance vectors (@tfkit/conformance) against the public API of
 * @tfkit/cty-values. Vectors listed in packages/conformance/expected-failures.txt must still fail.
 */
import {
  isNumberEqualityVector,
  loadVectors,
  runVector,
  type TypeJson,
  type VectorFile,
} from "@tfkit/conformance";
import { describe, expect, it } from "vitest";
import {
  convert,
  equals,
  friendlyName,
  friendlyNameForConstraint,
  fromJson,
  fromMsgpack,
  getConversion,
  getConversionUnsafe,
  numberVal,
  rawEquals,
  setVal,
  testConformance,
  toJson,
  toMsgpack,
  typeFromJson,
  typeGoString,
  typeToJson,
  unify,
  unifyUnsafe,
  unmark,
  valueGoString,
} from "../src/index.js";
import { goCtyMsgpackPathAsTfkit, msgpackDecodeErrorAsTfkit } from "./go-cty-decode-path.js";
import {
  buildRecipe,
  buildType,
  buildValue,
  expectCtyError,
  fromHex,
  normalizeDesc,
  toHex,
  typeToTj,
  valueToDesc,
} from "./vector-values.js";

function check<V extends { name: string }>(file: VectorFile, vectors: readonly V[], fn: (v: V) => void) {
  it.each(vectors)("$name", (v) => runVector(file, v.name, () => fn(v)));
}

describe("msgpack (go-cty cty/msgpack)", () => {
  check("msgpack", loadVectors("msgpack"), (v) => {
    const type = buildType(v.type);
    if (v.value) {
      const value = buildValue(v.value);
      if (v.encodeError) expectCtyError(() => toMsgpack(value, type), v.encodeError);
      else if (v.hex !== undefined) expect(toHex(toMsgpack(value, type))).toBe(v.hex);
    }
    if (v.hex !== undefined) {
      const bytes = fromHex(v.hex);
      // Deliberate deviation: tfkit names object attributes `.name` where go-cty's decoder says
      // `["name"]` (see fromMsgpack); only that step kind is rewritten, guided by the type.
      if (v.decodeError)
        expectCtyError(() => fromMsgpack(bytes, type), msgpackDecodeErrorAsTfkit(v.decodeError, v.type));
      else if (v.decoded) expect(valueToDesc(fromMsgpack(bytes, type))).toEqual(normalizeDesc(v.decoded));
    }
  });
});

describe("msgpack decode-error path normalisation (object-key index steps → attribute steps)", () => {
  it("rewrites only string steps that land on an object attribute", () => {
    const t = ["object", { network_interface: ["list", ["object", { ip: "string" }]] }];
    expect(goCtyMsgpackPathAsTfkit('["network_interface"][0]["ip"]', t)).toBe(".network_interface[0].ip");
    expect(goCtyMsgpackPathAsTfkit('["z"]', ["object", { a: "string" }])).toBe(".z");
    expect(goCtyMsgpackPathAsTfkit("", ["object", { a: "string" }])).toBe("");
  });

  it("keeps map keys and list, set and tuple indices as go-cty rendered them", () => {
    const t = ["map", ["object", { tags: ["map", "string"], xs: ["tuple", ["string", ["set", "number"]]] }]];
    expect(goCtyMsgpackPathAsTfkit('["k"]["tags"]["a\\"b"]', t)).toBe('["k"].tags["a\\"b"]');
    expect(goCtyMsgpackPathAsTfkit('["k"]["xs"][1][0]', t)).toBe('["k"].xs[1][0]');
  });

  it("refuses paths it cannot follow rather than guessing", () => {
    expect(() => goCtyMsgpackPathAsTfkit('["a"]["b"]', ["object", { a: "dynamic" }])).toThrow(/dynamic/);
    expect(() => goCtyMsgpackPathAsTfkit("[0]", ["object", { a: "string" }])).toThrow();
    expect(() => goCtyMsgpackPathAsTfkit('["a"]', ["list", "string"])).toThrow(/indexes a list/);
    expect(() => goCtyMsgpackPathAsTfkit("[0]", ["map", "string"])).toThrow(/indexes a map/);
    expect(() => goCtyMsgpackPathAsTfkit('["a"]', "string")).toThrow(/primitive/);
  });
});

describe("value JSON (go-cty cty/json)", () => {
  check("json", loadVectors("json"), (v) => {
    const type = buildType(v.type);
    if (v.value) {
      const value = buildValue(v.value);
      if (v.encodeError) expectCtyError(() => toJson(value, type), v.encodeError);
      else if (v.json !== undefined) expect(toJson(value, type)).toBe(v.json);
    }
    if (v.json !== undefined) {
      const text = v.json;
      if (v.decodeError) expectCtyError(() => fromJson(text, type), v.decodeError);
      else if (v.decoded) expect(valueToDesc(fromJson(text, type))).toEqual(normalizeDesc(v.decoded));
    }
  });
});

describe("type JSON (go-cty cty/json.go)", () => {
  check("type-json", loadVectors("type-json"), (v) => {
    if (v.decodeError) {
      expectCtyError(() => typeFromJson(v.input), v.decodeError);
      return;
    }
    if (v.json === undefined) throw new Error("vector has neither json nor decodeError");
    const canonical = JSON.parse(v.json) as TypeJson;
    const decoded = typeFromJson(v.input);
    expect(typeToTj(decoded)).toEqual(canonical);
    expect(typeToJson(decoded)).toBe(v.json);
    expect(typeToJson(buildType(canonical))).toBe(v.json);
  });
});

describe("conversion (go-cty cty/convert)", () => {
  check("convert", loadVectors("convert"), (v) => {
    const value = buildValue(v.value);
    const want = buildType(v.want);
    expect(getConversion(value.type, want) != null, "safe conversion exists").toBe(v.safe);
    expect(getConversionUnsafe(value.type, want) != null, "unsafe conversion exists").toBe(v.unsafe);
    if (v.error) expectCtyError(() => convert(value, want), v.error);
    else if (v.result) expect(valueToDesc(convert(value, want))).toEqual(normalizeDesc(v.result));
  });
});

describe("unification (go-cty convert.Unify)", () => {
  check("unify", loadVectors("unify"), (v) => {
    const types = v.types.map(buildType);
    const safe = unify(types);
    const unsafe = unifyUnsafe(types);
    expect(safe === undefined ? null : typeToTj(safe.type), "safe").toEqual(v.safe);
    expect(unsafe === undefined ? null : typeToTj(unsafe.type), "unsafe").toEqual(v.unsafe);
    if (v.safeConversions) {
      expect(
        safe?.conversions.map((c) => c !== undefined),
        "safe conversions",
      ).toEqual(v.safeConversions);
    }
    if (v.unsafeConversions) {
      expect(
        unsafe?.conversions.map((c) => c !== undefined),
        "unsafe conversions",
      ).toEqual(v.unsafeConversions);
    }
  });
});

describe("Equals and RawEquals (go-cty Value.Equals, Value.RawEquals)", () => {
  check("equality", loadVectors("equality"), (v) => {
    const a = buildValue(v.a);
    const b = buildValue(v.b);
    expect(valueToDesc(equals(a, b)), "equals").toEqual(normalizeDesc(v.equals));
    expect(rawEquals(a, b), "rawEquals").toBe(v.rawEquals);
  });
});

describe("set deduplication and iteration order (go-cty SetVal)", () => {
  check("set-order", loadVectors("set-order"), (v) => {
    const set = setVal(v.input.map(buildValue));
    const [bare] = unmark(set);
    expect(bare.elements().map(valueToDesc)).toEqual(v.expected.map(normalizeDesc));
    expect(bare.lengthInt()).toBe(v.length);
    if (v.set) expect(valueToDesc(set)).toEqual(normalizeDesc(v.set));
  });
});

describe("numbers (go-cty big.Float text, hash string, %v, GoString, equality)", () => {
  check("numbers", loadVectors("numbers"), (v) => {
    if (isNumberEqualityVector(v)) {
      const a = buildRecipe(v.a);
      const b = buildRecipe(v.b);
      expect(a.equals(b), "equals").toBe(v.equal);
      expect(b.equals(a), "equals (swapped)").toBe(v.equal);
      expect(a.cmp(b), "cmp").toBe(v.cmp);
      return;
    }
    if (v.error) {
      expectCtyError(() => buildRecipe(v.input), v.error);
      return;
    }
    const n = buildRecipe(v.input);
    const got: Record<string, unknown> = {
      sign: n.sign(),
      text: n.text(),
      textG: n.textG(),
      hashString: n.hashString(),
      formatV: n.formatV(),
      isInteger: n.isInteger(),
    };
    const want: Record<string, unknown> = {
      sign: v.sign,
      text: v.text,
      textG: v.textG,
      hashString: v.hashString,
      formatV: v.formatV,
      isInteger: v.isInteger,
    };
    if (!n.isInfinite()) {
      got.precision = n.precision;
      want.precision = v.precision;
    }
    const optional = n as unknown as Partial<
      Record<"isInt64" | "isExactFloat64" | "toFloat64", () => unknown>
    >;
    got.isInt64 = optional.isInt64?.call(n);
    want.isInt64 = v.isInt64;
    got.isExactFloat64 = optional.isExactFloat64?.call(n);
    want.isExactFloat64 = v.isExactFloat64;
    if (v.float64 !== undefined) {
      got.float64 = optional.toFloat64?.call(n);
      want.float64 = Number(v.float64);
    }
    got.goString = valueGoString(numberVal(n));
    want.goString = v.goString;
    expect(got).toEqual(want);
  });
});

describe("GoString and friendly names (go-cty %#v, FriendlyName)", () => {
  check("go-string", loadVectors("go-string"), (v) => {
    if (v.value) expect(valueGoString(buildValue(v.value))).toBe(v.goString);
    if (v.type !== undefined) {
      const type = buildType(v.type);
      expect(typeGoString(type)).toBe(v.goString);
      expect(friendlyName(type)).toBe(v.friendlyName);
      expect(friendlyNameForConstraint(type)).toBe(v.friendlyNameForConstraint);
    }
  });
});

describe("type conformance (go-cty Type.TestConformance)", () => {
  check("type-conformance", loadVectors("type-conformance"), (v) => {
    const errors = testConformance(buildType(v.given), buildType(v.want)).map((e) => e.message);
    expect([...errors].sort()).toEqual(v.errors);
  });
});
