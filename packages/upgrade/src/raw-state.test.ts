import {
  boolType,
  dynamicType,
  formatPath,
  fromJson,
  isCtyError,
  listType,
  mapType,
  numberType,
  objectType,
  rawEquals,
  setType,
  stringType,
  toJson,
  tupleType,
  type Type,
} from "@tfkit/cty-values";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeRawState, decodeStateJson } from "./raw-state.js";

function roundTrip(json: string, t: Type): string {
  return toJson(decodeStateJson(json, t), t);
}

describe("decodeStateJson ignores undefined attributes like the Go framework", () => {
  it("at the top level, missing ones become null", () => {
    expect(roundTrip('{"a":"x","gone":[1,2]}', objectType({ a: stringType, b: numberType }))).toBe(
      '{"a":"x","b":null}',
    );
  });

  it("inside lists, sets, maps, tuples and nested objects", () => {
    const inner = objectType({ k: stringType });
    const t = objectType({
      l: listType(inner),
      s: setType(inner),
      m: mapType(inner),
      tu: tupleType([inner, stringType]),
      o: objectType({ deep: inner }),
    });
    const json =
      '{"l":[{"k":"1","x":1}],"s":[{"k":"2","x":{}}],"m":{"e":{"k":"3","x":null}},' +
      '"tu":[{"k":"4","x":true},"s"],"o":{"deep":{"k":"5","x":[]},"y":1}}';
    expect(roundTrip(json, t)).toBe(
      '{"l":[{"k":"1"}],"m":{"e":{"k":"3"}},"o":{"deep":{"k":"5"}},"s":[{"k":"2"}],"tu":[{"k":"4"},"s"]}',
    );
  });

  it("inside dynamic values, using the wrapper's type", () => {
    const t = objectType({ d: dynamicType });
    const json = '{"d":{"type":["object",{"k":"string"}],"value":{"k":"v","x":1}}}';
    // The wrapper's type has no "x", so it is dropped; terraform-plugin-go recurses the same way.
    expect(roundTrip(json, t)).toBe('{"d":{"value":{"k":"v"},"type":["object",{"k":"string"}]}}');
  });

  it("keeps go-cty's errors, with paths, for what is really wrong", () => {
    const t = objectType({ l: listType(objectType({ n: numberType })) });
    try {
      decodeStateJson('{"l":[{"n":"x"}]}', t);
      expect.unreachable();
    } catch (err) {
      expect(isCtyError(err) && formatPath(err.path ?? [])).toBe(".l[0].n");
    }
  });

  it("lets go-cty word syntax errors", () => {
    expect(() => decodeStateJson('{"a":', objectType({ a: stringType }))).toThrow();
  });

  it("decodes bytes and leaves numbers exact", () => {
    const bytes = new TextEncoder().encode('{"n":-0.000000000000000000012345678901234567890,"b":"1"}');
    expect(
      toJson(
        decodeStateJson(bytes, objectType({ n: numberType, b: boolType })),
        objectType({ n: numberType, b: boolType }),
      ),
    ).toBe('{"b":true,"n":-0.00000000000000000001234567890123456789}');
  });

  it("property: decoding with the exact type is the same as go-cty's plain decode", () => {
    const t = objectType({ a: stringType, n: numberType, l: listType(stringType) });
    fc.assert(
      fc.property(
        fc.record({
          a: fc.string(),
          n: fc.double({ noNaN: true, noDefaultInfinity: true }),
          l: fc.array(fc.string(), { maxLength: 3 }),
        }),
        (rec) => {
          const json = JSON.stringify(rec);
          expect(rawEquals(decodeStateJson(json, t), fromJson(json, t))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("property: extra attributes at any depth never change the decoded value", () => {
    const t = objectType({ a: stringType, o: listType(objectType({ b: numberType })) });
    const extras = fc.dictionary(
      fc.string().filter((k) => k !== "a" && k !== "o" && k !== "b"),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(fc.string(), fc.integer(), extras, extras, (a, b, top, inner) => {
        const clean = JSON.stringify({ a, o: [{ b }] });
        const noisy = JSON.stringify({ ...top, a, o: [{ ...inner, b }] });
        expect(rawEquals(decodeStateJson(noisy, t), fromJson(clean, t))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("decodeRawState", () => {
  const t = objectType({ a: stringType });

  it("prefers JSON, falls back to flatmap, refuses neither", () => {
    expect(toJson(decodeRawState({ json: '{"a":"j"}', flatmap: { a: "f" } }, t), t)).toBe('{"a":"j"}');
    expect(toJson(decodeRawState({ json: new Uint8Array(), flatmap: { a: "f" } }, t), t)).toBe('{"a":"f"}');
    expect(() => decodeRawState({}, t)).toThrow("the raw state holds neither JSON nor flatmap data");
  });
});
