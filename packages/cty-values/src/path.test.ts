import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawEquals } from "./equality.js";
import { CtyError, isCtyError } from "./errors.js";
import { CtyNumber } from "./number.js";
import { pathEquals, getPath, applyPath, setPath } from "./path-ops.js";
import { attributeStep, formatPath, indexStep, type Path } from "./path.js";
import { valueGoString, pathToString } from "./type-format.js";
import { listType, mapType, numberType, objectType, stringType } from "./type.js";
import { setVal } from "./set.js";
import {
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
} from "./value.js";

function pathError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isCtyError(e) && e.code === "path") return e.message;
    throw e;
  }
  throw new Error("expected a path error");
}

describe("formatPath (Terraform format.CtyPath) [cty] (§1.9)", () => {
  it("renders attributes and indexes", () => {
    expect(
      formatPath([attributeStep("network_interface"), indexStep(numberVal(0)), attributeStep("ip")]),
    ).toBe(".network_interface[0].ip");
    expect(formatPath([attributeStep("tags"), indexStep(stringVal('k"1'))])).toBe('.tags["k\\"1"]');
    expect(formatPath([])).toBe("");
  });

  it("renders special keys", () => {
    expect(formatPath([indexStep(nullVal(stringType))])).toBe("[null]");
    expect(formatPath([indexStep(unknownVal(numberType))])).toBe("[(not yet known)]");
    expect(formatPath([indexStep(objectVal({ a: stringVal("x") }))])).toBe("[...]");
    expect(formatPath([indexStep(True)])).toBe("[...]");
  });

  it("renders numbers with Go Text('g', -1)", () => {
    expect(formatPath([indexStep(numberVal(1e21))])).toBe("[1e+21]");
    expect(formatPath([indexStep(numberVal(1.5))])).toBe("[1.5]");
    expect(formatPath([indexStep(numberVal(100000))])).toBe("[100000]");
  });

  it("is used for CtyError messages", () => {
    const e = new CtyError("conversion", "string required", {
      path: [attributeStep("a"), indexStep(numberVal(2))],
    });
    expect(e.message).toBe(".a[2]: string required");
  });
});

describe("pathEquals and pathToString", () => {
  it("compares keys with rawEquals", () => {
    expect(pathEquals([indexStep(numberVal(1))], [indexStep(numberVal("1.0"))])).toBe(true);
    expect(pathEquals([indexStep(numberVal(1))], [indexStep(stringVal("1"))])).toBe(false);
    expect(pathEquals([attributeStep("a")], [indexStep(stringVal("a"))])).toBe(false);
    expect(pathEquals([attributeStep("a")], [attributeStep("a"), attributeStep("b")])).toBe(false);
  });
  it("renders Go syntax", () => {
    expect(pathToString([attributeStep("a"), indexStep(numberVal(0))])).toBe(
      'cty.GetAttrPath("a").Index(cty.NumberIntVal(0))',
    );
    expect(pathToString([])).toBe("cty.Path{}");
  });
});

describe("getPath (go-cty Path.Apply)", () => {
  const v = objectVal({
    list: listVal([stringVal("a"), stringVal("b")]),
    map: mapVal({ k: numberVal(1) }),
    tuple: tupleVal([True]),
    unk: unknownVal(listType(stringType)),
    obj: unknownVal(objectType({ x: numberType })),
  });

  it("follows attributes, list indexes and map keys", () => {
    expect(getPath(v, [attributeStep("list"), indexStep(numberVal(1))])).toEqual(stringVal("b"));
    expect(getPath(v, [attributeStep("map"), indexStep(stringVal("k"))])).toEqual(numberVal(1));
    expect(getPath(v, [])).toBe(v);
  });

  it("indexes tuples and finds set elements by value", () => {
    expect(getPath(v, [attributeStep("tuple"), indexStep(numberVal(0))])).toBe(True);
    const s = mark(setVal([stringVal("p"), stringVal("q")]), "sensitive");
    expect(valueGoString(getPath(s, [indexStep(stringVal("q"))]))).toBe(
      'cty.StringVal("q").Mark("sensitive")',
    );
    expect(pathError(() => getPath(s, [indexStep(stringVal("z"))]))).toBe(
      "at step 0: set does not contain the requested element",
    );
    const partial = setVal([stringVal("p"), unknownVal(stringType)]);
    expect(valueGoString(getPath(partial, [indexStep(stringVal("z"))]))).toBe("cty.UnknownVal(cty.String)");
  });

  it("yields unknowns for unknown collections, keys and objects", () => {
    expect(valueGoString(getPath(v, [attributeStep("unk"), indexStep(numberVal(5))]))).toBe(
      "cty.UnknownVal(cty.String)",
    );
    expect(valueGoString(getPath(v, [attributeStep("list"), indexStep(unknownVal(numberType))]))).toBe(
      "cty.UnknownVal(cty.String)",
    );
    expect(valueGoString(getPath(v, [attributeStep("obj"), attributeStep("x")]))).toBe(
      "cty.UnknownVal(cty.Number)",
    );
  });

  it("fails with go-cty's messages", () => {
    expect(pathError(() => getPath(v, [attributeStep("nope")]))).toBe(
      'at step 0: object has no attribute "nope"',
    );
    expect(pathError(() => getPath(v, [attributeStep("list"), attributeStep("x")]))).toBe(
      "at step 1: not an object type",
    );
    expect(pathError(() => getPath(v, [attributeStep("map"), indexStep(numberVal(0))]))).toBe(
      "at step 1: not a list type",
    );
    expect(pathError(() => getPath(v, [attributeStep("list"), indexStep(stringVal("a"))]))).toBe(
      "at step 1: not a map type",
    );
    expect(pathError(() => getPath(v, [attributeStep("list"), indexStep(True)]))).toBe(
      "at step 1: key value not number or string",
    );
    expect(pathError(() => getPath(v, [attributeStep("list"), indexStep(numberVal(2))]))).toBe(
      "at step 1: value does not have given index key",
    );
    expect(pathError(() => getPath(v, [attributeStep("list"), indexStep(numberVal(0.5))]))).toBe(
      "at step 1: value does not have given index key",
    );
    expect(pathError(() => getPath(v, [attributeStep("map"), indexStep(stringVal("z"))]))).toBe(
      "at step 1: value does not have given index key",
    );
    expect(pathError(() => getPath(v, [attributeStep("tuple"), indexStep(numberVal(1))]))).toBe(
      "at step 1: value does not have given index key",
    );
    expect(pathError(() => getPath(v, [attributeStep("tuple"), indexStep(stringVal("0"))]))).toBe(
      "at step 1: not a map type",
    );
    expect(pathError(() => getPath(nullVal(listType(stringType)), [indexStep(numberVal(0))]))).toBe(
      "at step 0: cannot index a null value",
    );
    expect(pathError(() => getPath(nullVal(objectType({ a: stringType })), [attributeStep("a")]))).toBe(
      "at step 0: cannot access attributes on a null value",
    );
  });

  it("carries container marks to the result", () => {
    const m = mark(listVal([stringVal("a")]), "sensitive");
    expect(getPath(m, [indexStep(numberVal(0))]).hasMark("sensitive")).toBe(true);
  });
});

describe("applyPath / setPath", () => {
  const v = objectVal({
    list: listVal([stringVal("a"), stringVal("b")]),
    map: mapVal({ k: numberVal(1) }),
    set: setVal([stringVal("x"), stringVal("y")]),
    tuple: tupleVal([True, stringVal("t")]),
  });

  it("replaces values at every kind of step", () => {
    const a = setPath(v, [attributeStep("list"), indexStep(numberVal(0))], stringVal("z"));
    expect(valueGoString(a.getAttr("list"))).toBe(
      'cty.ListVal([]cty.Value{cty.StringVal("z"), cty.StringVal("b")})',
    );
    const b = setPath(v, [attributeStep("map"), indexStep(stringVal("new"))], numberVal(2));
    expect(valueGoString(b.getAttr("map"))).toBe(
      'cty.MapVal(map[string]cty.Value{"k":cty.NumberIntVal(1), "new":cty.NumberIntVal(2)})',
    );
    const c = setPath(v, [attributeStep("set"), indexStep(stringVal("x"))], stringVal("y"));
    expect(valueGoString(c.getAttr("set"))).toBe('cty.SetVal([]cty.Value{cty.StringVal("y")})');
    const d = applyPath(v, [attributeStep("tuple"), indexStep(numberVal(1))], (old) =>
      stringVal(`${old.asString()}!`),
    );
    expect(d.getAttr("tuple").elements()[1]).toEqual(stringVal("t!"));
    const e = setPath(v, [attributeStep("list")], nullVal(listType(stringType)));
    expect(e.getAttr("list").isNull()).toBe(true);
    expect(rawEquals(v.getAttr("list"), listVal([stringVal("a"), stringVal("b")]))).toBe(true); // original untouched
  });

  it("keeps marks on containers along the path", () => {
    const m = objectVal({ l: mark(listVal([stringVal("a")]), "sensitive") });
    const out = setPath(m, [attributeStep("l"), indexStep(numberVal(0))], stringVal("b"));
    expect(valueGoString(out)).toBe(
      'cty.ObjectVal(map[string]cty.Value{"l":cty.ListVal([]cty.Value{cty.StringVal("b")}).Mark("sensitive")})',
    );
  });

  it("rejects steps that do not apply", () => {
    expect(pathError(() => setPath(v, [attributeStep("nope"), attributeStep("x")], True))).toBe(
      'object has no attribute "nope"',
    );
    expect(pathError(() => setPath(v, [attributeStep("list"), indexStep(numberVal(9))], True))).toBe(
      ".list: value does not have given index key",
    );
    expect(pathError(() => setPath(unknownVal(mapType(stringType)), [indexStep(stringVal("a"))], True))).toBe(
      "cannot apply a path step to an unknown value",
    );
  });
});

describe("path properties", () => {
  it("getPath after setPath returns the new value for list elements", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.string(),
        (xs, i, s) => {
          const list = listVal(xs.map(stringVal));
          const p: Path = [indexStep(numberVal(i % xs.length))];
          const out = setPath(list, p, stringVal(s));
          expect(getPath(out, p)).toEqual(stringVal(s));
        },
      ),
    );
  });
  it("formatPath renders indexes below 1e6 as decimal digits (Go 'g' switches to exponents at 1e6)", () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999 }), (n) => {
        expect(formatPath([indexStep(numberVal(CtyNumber.fromInt(n)))])).toBe(`[${n}]`);
      }),
    );
    expect(formatPath([indexStep(numberVal(1_000_000))])).toBe("[1e+06]");
  });
});
