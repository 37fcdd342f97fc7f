import {
  boolType,
  dynamicType,
  False,
  formatPath,
  isCtyError,
  listType,
  listVal,
  listValEmpty,
  mapType,
  mapVal,
  mapValEmpty,
  nullVal,
  numberType,
  numberVal,
  objectType,
  objectVal,
  rawEquals,
  setType,
  setVal,
  setValEmpty,
  stringType,
  stringVal,
  True,
  tupleType,
  tupleVal,
  type Type,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { FLATMAP_UNKNOWN, fromFlatmap } from "./flatmap.js";

function decodeAttr(flatmap: Record<string, string>, t: Type): Value {
  return fromFlatmap(flatmap, objectType({ a: t })).getAttr("a");
}

function expectSame(actual: Value, expected: Value): void {
  expect(rawEquals(actual, expected), `${actual.type.kind}`).toBe(true);
}

function decodeError(flatmap: Record<string, string>, t: Type): { message: string; path: string } {
  try {
    fromFlatmap(flatmap, t);
  } catch (err) {
    if (!isCtyError(err)) throw err;
    return { message: err.rawMessage, path: formatPath(err.path ?? []) };
  }
  throw new Error("expected a decode error");
}

describe("fromFlatmap primitives", () => {
  it("converts strings to the attribute type; missing keys are null", () => {
    const t = objectType({ s: stringType, n: numberType, b: boolType, missing: stringType });
    const v = fromFlatmap({ s: "x", n: "1.50", b: "true" }, t);
    expectSame(
      v,
      objectVal({ s: stringVal("x"), n: numberVal("1.5"), b: True, missing: nullVal(stringType) }),
    );
  });

  it('reads bool as go-cty\'s string → bool conversion does ("0"/"1" too)', () => {
    expectSame(decodeAttr({ a: "0" }, boolType), False);
    expectSame(decodeAttr({ a: "1" }, boolType), True);
  });

  it("reads the unknown marker as an unknown value", () => {
    expectSame(decodeAttr({ a: FLATMAP_UNKNOWN }, numberType), unknownVal(numberType));
  });

  it("reports an unconvertible value with Terraform's words and the path", () => {
    expect(decodeError({ enabled: "maybe" }, objectType({ enabled: boolType }))).toEqual({
      message: 'invalid value for "enabled" in state: a bool is required',
      path: ".enabled",
    });
    expect(decodeError({ "o.size": "big" }, objectType({ o: objectType({ size: numberType }) }))).toEqual({
      message: 'invalid value for "o.size" in state: a number is required',
      path: ".o.size",
    });
  });

  it("refuses dynamic attributes", () => {
    expect(decodeError({ a: "x" }, objectType({ a: dynamicType }))).toEqual({
      message: "cannot decode dynamic from flatmap",
      path: ".a",
    });
  });

  it("gives a null object for a missing flatmap and refuses non-object types", () => {
    const t = objectType({ a: stringType });
    expectSame(fromFlatmap(undefined, t), nullVal(t));
    expect(() => fromFlatmap({}, stringType)).toThrow(/only be decoded as an object type, not string/);
  });
});

describe("fromFlatmap lists and tuples", () => {
  const list = listType(stringType);

  it("reads `#` counts and indexed elements", () => {
    expectSame(
      decodeAttr({ "a.#": "2", "a.0": "x", "a.1": "y" }, list),
      listVal([stringVal("x"), stringVal("y")]),
    );
  });

  it("null without a count, empty for 0, null elements for missing indexes", () => {
    expectSame(decodeAttr({}, list), nullVal(list));
    expectSame(decodeAttr({ "a.#": "0" }, list), listValEmpty(stringType));
    expectSame(decodeAttr({ "a.#": "2", "a.1": "y" }, list), listVal([nullVal(stringType), stringVal("y")]));
  });

  it("unknown for an unknown count or an unknown container", () => {
    expectSame(decodeAttr({ "a.#": FLATMAP_UNKNOWN }, list), unknownVal(list));
    expectSame(decodeAttr({ a: FLATMAP_UNKNOWN }, list), unknownVal(list));
  });

  it("lists of objects use `name.N.attr`", () => {
    const t = listType(objectType({ port: numberType, proto: stringType }));
    expectSame(
      decodeAttr({ "a.#": "1", "a.0.port": "80", "a.0.proto": "tcp" }, t),
      listVal([objectVal({ port: numberVal(80), proto: stringVal("tcp") })]),
    );
  });

  it("reports a bad count as Go's strconv.Atoi does", () => {
    expect(decodeError({ "ports.#": "two" }, objectType({ ports: list }))).toEqual({
      message: 'invalid count value for "ports." in state: strconv.Atoi: parsing "two": invalid syntax',
      path: ".ports",
    });
  });

  it("tuples need exactly their length", () => {
    const t = tupleType([stringType, numberType]);
    expectSame(
      decodeAttr({ "a.#": "2", "a.0": "x", "a.1": "2" }, t),
      tupleVal([stringVal("x"), numberVal(2)]),
    );
    expect(decodeError({ "pair.#": "1", "pair.0": "x" }, objectType({ pair: t }))).toEqual({
      message: 'wrong number of values for "pair." in state: got 1, but need 2',
      path: ".pair",
    });
  });
});

describe("fromFlatmap maps", () => {
  const map = mapType(stringType);

  it("reads `%` counts; keys keep their dots", () => {
    expectSame(
      decodeAttr({ "a.%": "2", "a.env": "prod", "a.kubernetes.io/name": "web" }, map),
      mapVal({ env: stringVal("prod"), "kubernetes.io/name": stringVal("web") }),
    );
  });

  it("null without a count, empty when the count has no keys, unknown when unknown", () => {
    expectSame(decodeAttr({}, map), nullVal(map));
    expectSame(decodeAttr({ "a.%": "0" }, map), mapValEmpty(stringType));
    expectSame(decodeAttr({ "a.%": FLATMAP_UNKNOWN }, map), unknownVal(map));
  });

  it("does not take keys of a sibling whose name starts the same", () => {
    const t = objectType({ tag: map, tags: map });
    const v = fromFlatmap({ "tags.%": "1", "tags.a": "1", "tag.%": "0" }, t);
    expectSame(v, objectVal({ tag: mapValEmpty(stringType), tags: mapVal({ a: stringVal("1") }) }));
  });

  it("converts map elements to the element type", () => {
    expectSame(decodeAttr({ "a.%": "1", "a.x": "3" }, mapType(numberType)), mapVal({ x: numberVal(3) }));
  });
});

describe("fromFlatmap sets", () => {
  it("reads elements under hash keys, including `~` (computed) hashes", () => {
    const t = setType(objectType({ from: numberType, cidr: stringType }));
    const v = decodeAttr(
      {
        "a.#": "2",
        "a.1234.from": "80",
        "a.1234.cidr": "0.0.0.0/0",
        "a.~5678.from": "443",
        "a.~5678.cidr": "10.0.0.0/8",
      },
      t,
    );
    expectSame(
      v,
      setVal([
        objectVal({ from: numberVal(80), cidr: stringVal("0.0.0.0/0") }),
        objectVal({ from: numberVal(443), cidr: stringVal("10.0.0.0/8") }),
      ]),
    );
  });

  it("sets of primitives use one key per element", () => {
    const t = setType(stringType);
    expectSame(
      decodeAttr({ "a.#": "2", "a.111": "x", "a.222": "y" }, t),
      setVal([stringVal("x"), stringVal("y")]),
    );
  });

  it("a count of 1 without element keys is one empty element", () => {
    const objectElement = objectType({ x: stringType, y: numberType });
    expectSame(
      decodeAttr({ "a.#": "1" }, setType(objectElement)),
      setVal([objectVal({ x: nullVal(stringType), y: nullVal(numberType) })]),
    );
    expectSame(decodeAttr({ "a.#": "1" }, setType(listType(stringType))), setVal([listValEmpty(stringType)]));
    expectSame(decodeAttr({ "a.#": "1" }, setType(stringType)), setVal([nullVal(stringType)]));
  });

  it("null without a count, empty for 0, unknown when unknown", () => {
    const t = setType(stringType);
    expectSame(decodeAttr({}, t), nullVal(t));
    expectSame(decodeAttr({ "a.#": "0" }, t), setValEmpty(stringType));
    expectSame(decodeAttr({ "a.#": FLATMAP_UNKNOWN }, t), unknownVal(t));
  });
});

describe("fromFlatmap on a whole pre-0.12 resource", () => {
  it("decodes an aws_security_group-like state", () => {
    const t = objectType({
      id: stringType,
      name: stringType,
      tags: mapType(stringType),
      ingress: setType(objectType({ from_port: numberType, cidr_blocks: listType(stringType) })),
      revoke_rules_on_delete: boolType,
    });
    const v = fromFlatmap(
      {
        id: "sg-123",
        name: "web",
        "tags.%": "1",
        "tags.Name": "web",
        "ingress.#": "1",
        "ingress.2541437006.from_port": "443",
        "ingress.2541437006.cidr_blocks.#": "1",
        "ingress.2541437006.cidr_blocks.0": "0.0.0.0/0",
        revoke_rules_on_delete: "false",
      },
      t,
    );
    expectSame(
      v,
      objectVal({
        id: stringVal("sg-123"),
        name: stringVal("web"),
        tags: mapVal({ Name: stringVal("web") }),
        ingress: setVal([
          objectVal({ from_port: numberVal(443), cidr_blocks: listVal([stringVal("0.0.0.0/0")]) }),
        ]),
        revoke_rules_on_delete: False,
      }),
    );
  });
});
