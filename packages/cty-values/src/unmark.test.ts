import { describe, expect, it } from "vitest";
import { fromJson } from "./json/decode.js";
import { fromMsgpack } from "./msgpack/decode.js";
import { toMsgpack } from "./msgpack/encode.js";
import { unrefinedDeep } from "./refinement.js";
import { listType, objectType, stringType } from "./type.js";
import {
  listVal,
  mark,
  objectVal,
  refinedUnknownVal,
  stringVal,
  unknownVal,
  unmarkDeep,
  unmarkDeepCollect,
  Value,
} from "./value.js";

const type = objectType({ name: stringType, tags: listType(stringType) });
const plain = objectVal({ name: stringVal("a"), tags: listVal([stringVal("x")]) });

describe("unmarkDeep of decoded values", () => {
  it("returns what the decoders built as it is (the wire carries no marks)", () => {
    const fromWire = fromMsgpack(toMsgpack(plain, type), type);
    expect(unmarkDeep(fromWire)).toBe(fromWire);
    expect(unmarkDeepCollect(fromWire)[1].size).toBe(0);
    const fromText = fromJson('{"name":"a","tags":["x"]}', type);
    expect(unmarkDeep(fromText)).toBe(fromText);
  });

  it("still removes marks from a value made from a decoded one", () => {
    const fromWire = fromMsgpack(toMsgpack(plain, type), type);
    const marked = mark(fromWire, "sensitive");
    expect(unmarkDeep(marked).isMarked()).toBe(false);
    expect([...unmarkDeepCollect(marked)[1]]).toEqual(["sensitive"]);
    const deep = objectVal({ name: mark(stringVal("a"), "sensitive"), tags: fromWire.getAttr("tags") });
    expect(unmarkDeep(deep).getAttr("name").isMarked()).toBe(false);
  });

  it("does not pass the decoded value's promise on to a value built with its marks", () => {
    const fromWire = fromMsgpack(toMsgpack(plain, type), type);
    // A new payload with marked children, given the decoded value's (empty) mark set.
    const rebuilt = new Value(
      type,
      new Map([
        ["name", mark(stringVal("a"), "sensitive")],
        ["tags", fromWire.getAttr("tags")],
      ]),
      fromWire.marks,
    );
    expect(unmarkDeep(rebuilt).getAttr("name").isMarked()).toBe(false);
    expect([...unmarkDeepCollect(rebuilt)[1]]).toEqual(["sensitive"]);
  });

  it("keeps a decoded value equal to what was encoded, leaves as they are", () => {
    const fromWire = fromMsgpack(toMsgpack(plain, type), type);
    expect(fromWire.isMarked()).toBe(false);
    expect(fromWire.getAttr("name").asString()).toBe("a");
    const leaf = fromMsgpack(toMsgpack(stringVal("x"), stringType), stringType);
    expect(unmarkDeep(leaf)).toBe(leaf);
  });

  it("says a decoded value is wholly known only when the decoder met no unknown", () => {
    const known = fromMsgpack(toMsgpack(plain, type), type);
    expect(known.isWhollyKnown()).toBe(true);
    const withUnknown = objectVal({ name: stringVal("a"), tags: listVal([unknownVal(stringType)]) });
    const decoded = fromMsgpack(toMsgpack(withUnknown, type), type);
    expect(decoded.isWhollyKnown()).toBe(false);
    expect(decoded.getAttr("tags").isWhollyKnown()).toBe(false);
    // A value rebuilt with the decoded value's mark set but an unknown inside is not wholly known.
    const rebuilt = new Value(
      type,
      new Map([
        ["name", unknownVal(stringType)],
        ["tags", known.getAttr("tags")],
      ]),
      known.marks,
    );
    expect(rebuilt.isWhollyKnown()).toBe(false);
    expect(fromJson('{"name":"a","tags":["x"]}', type).isWhollyKnown()).toBe(true);
  });

  it("unrefinedDeep returns a decoded wholly known value as it is, and still unrefines decoded unknowns", () => {
    const known = fromMsgpack(toMsgpack(plain, type), type);
    expect(unrefinedDeep(known)).toBe(known);
    const refined = objectVal({
      name: refinedUnknownVal(stringType, { notNull: true }),
      tags: listVal([stringVal("x")]),
    });
    const decoded = fromMsgpack(toMsgpack(refined, type), type);
    expect(decoded.getAttr("name").refinement).toBeDefined();
    expect(unrefinedDeep(decoded).getAttr("name").refinement).toBeUndefined();
  });
});
