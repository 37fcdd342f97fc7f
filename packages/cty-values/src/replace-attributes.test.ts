import { describe, expect, it } from "vitest";
import { rawEquals } from "./equality.js";
import { numberType, objectType, stringType } from "./type.js";
import { nullVal, numberVal, objectVal, replaceAttributes, stringVal, unknownVal } from "./value.js";

describe("replaceAttributes", () => {
  const obj = objectVal({ a: stringVal("x"), b: numberVal(1), c: nullVal(stringType) });

  it("keeps the object's type and order when each replacement has its attribute's type", () => {
    const r = replaceAttributes(
      obj,
      new Map([
        ["c", stringVal("z")],
        ["a", unknownVal(stringType)],
      ]),
    );
    expect(r.type).toBe(obj.type);
    expect([...r.entries().keys()]).toEqual(["a", "b", "c"]);
    expect(rawEquals(r, objectVal({ a: unknownVal(stringType), b: numberVal(1), c: stringVal("z") }))).toBe(
      true,
    );
  });

  it("builds the type anew when a replacement changes an attribute's type", () => {
    const r = replaceAttributes(obj, new Map([["c", numberVal(2)]]));
    expect(r.type).toEqual(objectType({ a: stringType, b: numberType, c: numberType }));
  });

  it("returns the object itself for no replacements, and refuses unknown names and non-objects", () => {
    expect(replaceAttributes(obj, new Map())).toBe(obj);
    expect(() => replaceAttributes(obj, new Map([["d", stringVal("?")]]))).toThrow(
      'the object has no attribute "d"',
    );
    expect(() => replaceAttributes(stringVal("s"), new Map())).toThrow("known object");
  });
});
