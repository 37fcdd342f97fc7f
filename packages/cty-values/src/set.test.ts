import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { equals, rawEquals } from "./equality.js";
import { crc32String } from "./internal/crc32.js";
import { length } from "./refinement.js";
import { setHashString } from "./set-hash.js";
import { canonicalSetElements, hasElement, setVal } from "./set.js";
import { valueGoString } from "./type-format.js";
import { boolType, numberType, stringType } from "./type.js";
import {
  False,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  True,
  tupleVal,
  unknownVal,
  type Value,
  mapVal,
  listVal,
  mark,
} from "./value.js";

const strings = (v: Value): (string | null)[] =>
  v.elements().map((e) => (e.isNull() ? null : e.isKnown() ? e.asString() : UNKNOWN));

/** Stands for an unknown element in `strings` output; longer than any generated string. */
const UNKNOWN = "<unknown element>";

describe("crc32", () => {
  it("matches the IEEE check value", () => {
    // Standard CRC-32/ISO-HDLC check value for "123456789".
    expect(crc32String("123456789")).toBe(0xcbf43926);
    expect(crc32String("")).toBe(0);
  });
});

describe("setHashString", () => {
  it("renders primitives like go-cty appendSetHashBytes", () => {
    expect(setHashString(stringVal('a"b'))).toBe('"a\\"b"');
    expect(setHashString(True)).toBe("T");
    expect(setHashString(False)).toBe("F");
    expect(setHashString(nullVal(stringType))).toBe("~");
    expect(setHashString(unknownVal(stringType))).toBe("?");
    expect(setHashString(numberVal(100))).toBe("100");
    expect(setHashString(numberVal("0.1"))).toBe("0.1");
    expect(setHashString(numberVal(1e10))).toBe("1e+10");
    expect(setHashString(numberVal(1234567890123))).toBe("1.23456789e+12");
  });

  it("renders structures with their delimiters", () => {
    expect(setHashString(objectVal({ s: stringVal("b"), n: numberVal(10) }))).toBe('<10;"b";>');
    expect(setHashString(tupleVal([stringVal("a"), True]))).toBe('<"a";T;>');
    expect(setHashString(listVal([stringVal("a"), stringVal("b")]))).toBe('["a";"b";]');
    expect(setHashString(mapVal({ k: numberVal(1) }))).toBe('{"k":1;}');
  });
});

describe("set order [cty]", () => {
  it("orders strings byte-wise (spec §7 #20)", () => {
    const s = setVal(["b", "B", "é", "a", "aa", ""].map(stringVal));
    expect(strings(s)).toEqual(["", "B", "a", "aa", "b", "é"]);
  });

  it("puts unknowns before null, after known values (spec §7 #21)", () => {
    const s = setVal([stringVal("b"), nullVal(stringType), stringVal("a")]);
    expect(strings(s)).toEqual(["a", "b", null]);
    const u = setVal([nullVal(stringType), unknownVal(stringType), stringVal("z")]);
    expect(strings(u)).toEqual(["z", UNKNOWN, null]);
  });

  it("orders U+FF01 before U+1F600 (UTF-8 byte order, spec §7 #36)", () => {
    const s = setVal([stringVal("\u{1F600}"), stringVal("\uFF01")]);
    expect(strings(s)).toEqual(["\uFF01", "\u{1F600}"]);
  });

  it("orders numbers by value and bools false first", () => {
    const n = setVal([numberVal(10), numberVal(-1), numberVal("2.5"), numberVal(9)]);
    expect(n.elements().map((e) => e.asNumber().text())).toEqual(["-1", "2.5", "9", "10"]);
    expect(setVal([True, False]).elements()).toEqual([False, True]);
  });

  it("orders objects by hash string (spec §1.6, §7 #22)", () => {
    const obj = (n: number, s: string) => objectVal({ n: numberVal(n), s: stringVal(s) });
    const set = setVal([obj(10, "b"), obj(9, "a"), obj(2, "a")]);
    expect(set.elements().map((e) => e.getAttr("n").asNumber().text())).toEqual(["10", "2", "9"]);
  });

  it("keeps insertion order for numbers sharing a 10-digit hash string (spec §1.6 quirk)", () => {
    const a = objectVal({ n: numberVal(1234567890123) });
    const b = objectVal({ n: numberVal(1234567890124) });
    const ab = setVal([a, b]);
    const ba = setVal([b, a]);
    expect(ab.elements()[0]).toBe(a);
    expect(ba.elements()[0]).toBe(b);
    expect(equals(ab, ba)).toBe(True);
    expect(rawEquals(ab, ba)).toBe(false);
  });
});

describe("set order of the msgpack vectors [cty] (§2.8 #22, #23)", () => {
  it("orders strings, numbers, bools and unknowns", () => {
    expect(strings(setVal(["b", "a", "c"].map(stringVal)))).toEqual(["a", "b", "c"]);
    const nums = setVal([3, 1, 2, 10].map((n) => numberVal(n)));
    expect(nums.elements().map((e) => e.asNumber().text())).toEqual(["1", "2", "3", "10"]);
    expect(setVal([True, False]).elements()).toEqual([False, True]);
    expect(strings(setVal([unknownVal(stringType), stringVal("a"), unknownVal(stringType)]))).toEqual([
      "a",
      UNKNOWN,
      UNKNOWN,
    ]);
  });
});

describe("set membership [cty]", () => {
  it("deduplicates known-equal elements (spec §7 #19)", () => {
    expect(setVal([stringVal("a"), stringVal("a")]).lengthInt()).toBe(1);
    expect(setVal([stringVal("e\u0301"), stringVal("\u00e9")]).lengthInt()).toBe(1);
    expect(setVal([numberVal(1), numberVal("1.0")]).lengthInt()).toBe(1);
  });

  it("never merges unknowns (spec §7 #18)", () => {
    const s = setVal([unknownVal(stringType), unknownVal(stringType)]);
    expect(s.lengthInt()).toBe(2);
    expect(valueGoString(length(s))).toBe(
      "cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(1), true).NumberUpperBound(cty.NumberIntVal(2), true).NewValue()",
    );
  });

  it("keeps elements that only contain unknowns separate (spec §1.6)", () => {
    const withUnk = () => objectVal({ a: stringVal("x"), id: unknownVal(stringType) });
    const s = setVal([withUnk(), withUnk(), objectVal({ a: stringVal("x"), id: stringVal("1") })]);
    expect(s.lengthInt()).toBe(3);
  });

  it("moves element marks onto the set", () => {
    const s = setVal([mark(stringVal("a"), "sensitive"), stringVal("b")]);
    expect(s.hasMark("sensitive")).toBe(true);
    expect(s.elements().every((e) => !e.isMarked())).toBe(true);
  });
});

describe("set properties", () => {
  const primitive = fc.oneof(
    fc.string().map(stringVal),
    fc.integer({ min: -1000, max: 1000 }).map((n) => numberVal(n)),
  );
  it("orders string sets independently of insertion order", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 12 }), fc.integer(), (xs, seed) => {
        const vals = xs.map(stringVal);
        const shuffled = [...vals].sort((a, b) => (hash(a.asString(), seed) - hash(b.asString(), seed)) | 0);
        const s1 = setVal(vals)
          .elements()
          .map((e) => e.asString());
        const s2 = setVal(shuffled)
          .elements()
          .map((e) => e.asString());
        expect(s1).toEqual(s2);
      }),
    );
  });
  it("orders number sets independently of insertion order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 12 }), (xs) => {
        const vals = xs.map((n) => numberVal(n));
        const s1 = setVal(vals)
          .elements()
          .map((e) => e.asNumber().text());
        const s2 = setVal([...vals].reverse())
          .elements()
          .map((e) => e.asNumber().text());
        expect(s1).toEqual(s2);
        expect(new Set(s1).size).toBe(s1.length);
      }),
    );
  });
  it("orders string sets with nulls and unknowns independently of insertion order", () => {
    const elem = fc.oneof(
      { weight: 4, arbitrary: fc.string({ maxLength: 4 }).map(stringVal) },
      { weight: 1, arbitrary: fc.constant(nullVal(stringType)) },
      { weight: 1, arbitrary: fc.constant(unknownVal(stringType)) },
    );
    fc.assert(
      fc.property(fc.array(elem, { minLength: 1, maxLength: 10 }), (xs) => {
        const a = strings(setVal(xs));
        const b = strings(setVal([...xs].reverse()));
        expect(a).toEqual(b);
        const firstUnknown = a.indexOf(UNKNOWN);
        const firstNull = a.indexOf(null);
        if (firstNull >= 0) expect(firstNull).toBe(a.length - 1);
        if (firstUnknown >= 0)
          expect(
            a.slice(firstUnknown, firstNull >= 0 ? firstNull : undefined).every((x) => x === UNKNOWN),
          ).toBe(true);
      }),
    );
  });

  it("known-equal elements always merge", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        expect(setVal([numberVal(n), numberVal(String(n)), numberVal(BigInt(n))]).lengthInt()).toBe(1);
      }),
    );
  });

  it("canonicalSetElements is idempotent", () => {
    fc.assert(
      fc.property(fc.array(primitive, { minLength: 1, maxLength: 10 }), (xs) => {
        const homogeneous = xs.filter((x) => x.type === xs[0]?.type);
        const once = canonicalSetElements(homogeneous);
        expect(canonicalSetElements(once)).toEqual(once);
      }),
    );
  });
  it("bool sets hold at most two elements", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1 }), (bs) => {
        const s = setVal(bs.map((b) => (b ? True : False)));
        expect(s.lengthInt()).toBe(new Set(bs).size);
        expect(s.type.kind === "set" && s.type.elementType).toBe(boolType);
      }),
    );
  });
  void numberType;
});

function hash(s: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h;
}

describe("hasElement (go-cty HasElement) [cty] (§1.6)", () => {
  it("finds known members", () => {
    expect(hasElement(setVal([stringVal("a"), stringVal("b")]), stringVal("a"))).toBe(True);
    expect(hasElement(setVal([stringVal("a")]), stringVal("z"))).toBe(False);
    expect(hasElement(setVal([stringVal("a")]), numberVal(1))).toBe(False);
  });
  it("is unknown when no known member matches but the set is not wholly known", () => {
    const s = setVal([stringVal("a"), unknownVal(stringType)]);
    expect(hasElement(s, stringVal("a"))).toBe(True);
    expect(valueGoString(hasElement(s, stringVal("z")))).toBe("cty.UnknownVal(cty.Bool).RefineNotNull()");
    expect(valueGoString(hasElement(s, unknownVal(stringType)))).toBe(
      "cty.UnknownVal(cty.Bool).RefineNotNull()",
    );
  });
  it("moves marks to the result", () => {
    expect(hasElement(mark(setVal([stringVal("a")]), "s"), stringVal("a")).hasMark("s")).toBe(true);
  });
});
