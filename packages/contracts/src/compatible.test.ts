import {
  DynamicVal,
  dynamicType,
  EmptyObjectVal,
  emptyObjectType,
  listType,
  listVal,
  mapType,
  mapVal,
  mapValEmpty,
  mark,
  nullVal,
  numberType,
  numberVal,
  objectType,
  objectVal,
  refine,
  refineNotNull,
  setType,
  setVal,
  setValEmpty,
  stringType,
  stringVal,
  True,
  tupleVal,
  type Type,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { assertObjectCompatible, assertValueCompatible, wrongTypeMessage } from "./compatible.js";
import { attr, blk, body, nested } from "./internal/fixtures.js";
import type { BodyShape } from "./shape.js";
import { ContractRule, formatViolation } from "./violation.js";

const S = stringVal;
const O = objectType;
const obj = (r: Record<string, Value>) => objectVal(r);
const N = (t: Type) => nullVal(t);
const U = (t: Type) => unknownVal(t);
const str = stringType;
const opt = { optional: true } as const;
const cmp = { computed: true } as const;
const req = { required: true } as const;

interface Case {
  readonly name: string;
  readonly schema: BodyShape;
  readonly planned: Value;
  readonly actual: Value;
  readonly want: readonly string[];
}

const idName = body({ attributes: { id: attr(str, cmp), name: attr(str, req) } });
const idStuff = body({ attributes: { id: attr(str, cmp), stuff: attr(dynamicType, req) } });
const idTags = body({ attributes: { id: attr(str, cmp), tags: attr(mapType(str), opt) } });
const idZones = body({ attributes: { id: attr(str, cmp), zones: attr(setType(str), opt) } });
const idNames = body({ attributes: { id: attr(str, cmp), names: attr(listType(str), opt) } });
const withFoo = { attributes: { foo: attr(str, opt) } };
const withFooBar = { attributes: { foo: attr(str, opt), bar: attr(str, opt) } };
const fooBlock = obj({ foo: S("bar") });
const fooBarBlock = obj({ foo: S("bar"), bar: N(str) });
const foo = (s: string) => obj({ foo: S(s) });
const fooT = O({ foo: str });
const uid = { id: U(str) };

// terraform internal/plans/objchange/compatible_test.go (TestAssertObjectCompatible), re-expressed.
const terraformCases: Case[] = [
  { name: "00 empty", schema: body({}), planned: EmptyObjectVal, actual: EmptyObjectVal, want: [] },
  {
    name: "01 unknown id stays unknown",
    schema: idName,
    planned: obj({ ...uid, name: S("thingy") }),
    actual: obj({ ...uid, name: S("thingy") }),
    want: [],
  },
  {
    name: "02 unknown becomes known",
    schema: idName,
    planned: obj({ ...uid, name: U(str) }),
    actual: obj({ ...uid, name: S("thingy") }),
    want: [],
  },
  {
    name: "03 known value changed",
    schema: idName,
    planned: obj({ ...uid, name: S("wotsit") }),
    actual: obj({ ...uid, name: S("thingy") }),
    want: ['.name: was cty.StringVal("wotsit"), but now cty.StringVal("thingy")'],
  },
  {
    name: "04 wrong final type",
    schema: body({ attributes: { name: attr(str, req) } }),
    planned: obj({ name: U(str) }),
    actual: obj({ name: numberVal(0) }),
    want: [".name: wrong final value type: string required, but have number"],
  },
  {
    name: "05 not-null placeholder became null",
    schema: body({ attributes: { name: attr(str, req) } }),
    planned: obj({ name: refineNotNull(U(str)) }),
    actual: obj({ name: N(str) }),
    want: [
      ".name: final value cty.NullVal(cty.String) does not conform to planning placeholder cty.UnknownVal(cty.String).RefineNotNull()",
    ],
  },
  {
    name: "06 string prefix placeholder",
    schema: body({ attributes: { name: attr(str, req) } }),
    planned: obj({ name: refine(U(str)).stringPrefix("boop:").newValue() }),
    actual: obj({ name: S("thingy") }),
    want: [
      '.name: final value cty.StringVal("thingy") does not conform to planning placeholder cty.UnknownVal(cty.String).Refine().StringPrefixFull("boop:").NewValue()',
    ],
  },
  {
    name: "07 sensitive attribute",
    schema: body({
      attributes: { id: attr(str, cmp), name: attr(str, { required: true, sensitive: true }) },
    }),
    planned: obj({ ...uid, name: S("wotsit") }),
    actual: obj({ ...uid, name: S("thingy") }),
    want: [".name: inconsistent values for sensitive attribute"],
  },
  {
    name: "08 sensitive-marked planned value",
    schema: idName,
    planned: obj({ ...uid, name: mark(S("wotsit"), "sensitive") }),
    actual: obj({ ...uid, name: S("thingy") }),
    want: [".name: inconsistent values for sensitive attribute"],
  },
  {
    name: "09 sensitive-marked actual value",
    schema: idName,
    planned: obj({ ...uid, name: S("wotsit") }),
    actual: obj({ ...uid, name: mark(S("thingy"), "sensitive") }),
    want: [".name: inconsistent values for sensitive attribute"],
  },
  {
    name: "10 marked set inside a list block (tuple-valued)",
    schema: body({
      blocks: { configuration: blk("list", { blocks: { sensitive_fields: blk("set", withFoo) } }) },
    }),
    planned: obj({
      configuration: tupleVal([obj({ sensitive_fields: mark(setVal([foo("secret")]), "sensitive") })]),
    }),
    actual: obj({
      configuration: tupleVal([obj({ sensitive_fields: mark(setVal([foo("secret")]), "sensitive") })]),
    }),
    want: [],
  },
  {
    name: "11 dynamic unknown",
    schema: idStuff,
    planned: obj({ ...uid, stuff: DynamicVal }),
    actual: obj({ ...uid, stuff: S("thingy") }),
    want: [],
  },
  {
    name: "12 dynamic inside an object type",
    schema: body({ attributes: { obj: attr(O({ stuff: dynamicType })) } }),
    planned: obj({ obj: obj({ stuff: DynamicVal }) }),
    actual: obj({ obj: obj({ stuff: numberVal(3) }) }),
    want: [],
  },
  {
    name: "13 dynamic known value changed",
    schema: idStuff,
    planned: obj({ ...uid, stuff: S("wotsit") }),
    actual: obj({ ...uid, stuff: S("thingy") }),
    want: ['.stuff: was cty.StringVal("wotsit"), but now cty.StringVal("thingy")'],
  },
  {
    name: "14 dynamic known value changed type",
    schema: idStuff,
    planned: obj({ ...uid, stuff: S("true") }),
    actual: obj({ ...uid, stuff: True }),
    want: [".stuff: wrong final value type: string required, but have bool"],
  },
  {
    name: "15 dynamic unknown to object",
    schema: idStuff,
    planned: obj({ ...uid, stuff: DynamicVal }),
    actual: obj({ ...uid, stuff: EmptyObjectVal }),
    want: [],
  },
  {
    name: "16 object lost an attribute",
    schema: idStuff,
    planned: obj({ ...uid, stuff: obj({ nonsense: S("yup") }) }),
    actual: obj({ ...uid, stuff: EmptyObjectVal }),
    want: ['.stuff: wrong final value type: attribute "nonsense" is required'],
  },
  {
    name: "17 map unchanged",
    schema: idTags,
    planned: obj({ ...uid, tags: mapVal({ Name: S("thingy") }) }),
    actual: obj({ ...uid, tags: mapVal({ Name: S("thingy") }) }),
    want: [],
  },
  {
    name: "18 map element unknown becomes known",
    schema: idTags,
    planned: obj({ ...uid, tags: mapVal({ Name: U(str) }) }),
    actual: obj({ ...uid, tags: mapVal({ Name: S("thingy") }) }),
    want: [],
  },
  {
    name: "19 map element changed",
    schema: idTags,
    planned: obj({ ...uid, tags: mapVal({ Name: S("wotsit") }) }),
    actual: obj({ ...uid, tags: mapVal({ Name: S("thingy") }) }),
    want: ['.tags["Name"]: was cty.StringVal("wotsit"), but now cty.StringVal("thingy")'],
  },
  {
    name: "20 map element appeared",
    schema: idTags,
    planned: obj({ ...uid, tags: mapVal({ Name: S("thingy") }) }),
    actual: obj({ ...uid, tags: mapVal({ Name: S("thingy"), Env: S("production") }) }),
    want: ['.tags: new element "Env" has appeared'],
  },
  {
    name: "21 map element vanished",
    schema: idTags,
    planned: obj({ ...uid, tags: mapVal({ Name: S("thingy") }) }),
    actual: obj({ ...uid, tags: mapValEmpty(str) }),
    want: ['.tags: element "Name" has vanished'],
  },
  {
    name: "22 map element unknown becomes null",
    schema: idTags,
    planned: obj({ ...uid, tags: mapVal({ Name: U(str) }) }),
    actual: obj({ ...uid, tags: mapVal({ Name: N(str) }) }),
    want: [],
  },
  {
    name: "23 set unchanged",
    schema: idZones,
    planned: obj({ ...uid, zones: setVal([S("thingy")]) }),
    actual: obj({ ...uid, zones: setVal([S("thingy")]) }),
    want: [],
  },
  {
    name: "24 set grew",
    schema: idZones,
    planned: obj({ ...uid, zones: setVal([S("thingy")]) }),
    actual: obj({ ...uid, zones: setVal([S("thingy"), S("wotsit")]) }),
    want: [
      '.zones: actual set element cty.StringVal("wotsit") does not correlate with any element in plan',
      ".zones: length changed from 1 to 2",
    ],
  },
  {
    name: "25 set unknowns merged",
    schema: idZones,
    planned: obj({ ...uid, zones: setVal([U(str), U(str)]) }),
    actual: obj({ ...uid, zones: setVal([S("thingy")]) }),
    want: [],
  },
  {
    name: "26 list unchanged",
    schema: idNames,
    planned: obj({ ...uid, names: listVal([S("thingy")]) }),
    actual: obj({ ...uid, names: listVal([S("thingy")]) }),
    want: [],
  },
  {
    name: "27 unknown list becomes known",
    schema: idNames,
    planned: obj({ ...uid, names: U(listType(str)) }),
    actual: obj({ ...uid, names: listVal([S("thingy")]) }),
    want: [],
  },
  {
    name: "28 list element unknown becomes known",
    schema: idNames,
    planned: obj({ ...uid, names: listVal([U(str)]) }),
    actual: obj({ ...uid, names: listVal([S("thingy")]) }),
    want: [],
  },
  {
    name: "29 second list element unknown becomes known",
    schema: idNames,
    planned: obj({ ...uid, names: listVal([S("thingy"), U(str)]) }),
    actual: obj({ ...uid, names: listVal([S("thingy"), S("wotsit")]) }),
    want: [],
  },
  {
    name: "30 list element changed",
    schema: idNames,
    planned: obj({ ...uid, names: listVal([U(str), S("thingy")]) }),
    actual: obj({ ...uid, names: listVal([S("thingy"), S("wotsit")]) }),
    want: ['.names[1]: was cty.StringVal("thingy"), but now cty.StringVal("wotsit")'],
  },
  {
    name: "31 list element appeared",
    schema: idNames,
    planned: obj({ ...uid, names: listVal([U(str)]) }),
    actual: obj({ ...uid, names: listVal([S("thingy"), S("wotsit")]) }),
    want: [".names: new element 1 has appeared"],
  },
  {
    name: "32 single block empty",
    schema: body({ blocks: { key: blk("single") } }),
    planned: obj({ key: EmptyObjectVal }),
    actual: obj({ key: EmptyObjectVal }),
    want: [],
  },
  {
    name: "33 single block unknown becomes known",
    schema: body({ blocks: { key: blk("single") } }),
    planned: obj({ key: U(emptyObjectType) }),
    actual: obj({ key: EmptyObjectVal }),
    want: [],
  },
  {
    name: "34 single block appeared",
    schema: body({ blocks: { key: blk("single", withFoo) } }),
    planned: obj({ key: N(fooT) }),
    actual: obj({ key: foo("hello") }),
    want: [".key: was absent, but now present"],
  },
  {
    name: "35 single block vanished",
    schema: body({ blocks: { key: blk("single", withFoo) } }),
    planned: obj({ key: foo("hello") }),
    actual: obj({ key: N(fooT) }),
    want: [".key: was present, but now absent"],
  },
  {
    name: "36 whole object unknown",
    schema: body({ blocks: { key: blk("single", withFoo) } }),
    planned: U(O({ key: fooT })),
    actual: obj({ key: N(fooT) }),
    want: [],
  },
  {
    name: "37 list block unchanged",
    schema: body({ blocks: { key: blk("list", withFoo) } }),
    planned: obj({ key: listVal([fooBlock]) }),
    actual: obj({ key: listVal([fooBlock]) }),
    want: [],
  },
  {
    name: "38 list block shrank",
    schema: body({ blocks: { key: blk("list", withFoo) } }),
    planned: obj({ key: tupleVal([fooBlock, fooBlock]) }),
    actual: obj({ key: tupleVal([fooBlock]) }),
    want: [".key: block count changed from 2 to 1"],
  },
  {
    name: "39 list block grew",
    schema: body({ blocks: { key: blk("list", withFoo) } }),
    planned: obj({ key: tupleVal([]) }),
    actual: obj({ key: tupleVal([fooBlock, fooBlock]) }),
    want: [".key: block count changed from 0 to 2"],
  },
  {
    name: "40 unknown object may expand into several blocks (dynamic block)",
    schema: body({ blocks: { key: blk("list", withFooBar) } }),
    planned: U(O({ key: listType(O({ foo: str, bar: str })) })),
    actual: obj({ key: listVal([foo("hello"), foo("world")]) }),
    want: [],
  },
  {
    name: "41 list block with unknown attribute is not a placeholder",
    schema: body({ blocks: { key: blk("list", withFooBar) } }),
    planned: obj({ key: listVal([fooBarBlock, obj({ foo: U(str), bar: S("") })]) }),
    actual: obj({ key: listVal([fooBlock, foo("hello"), foo("world")]) }),
    want: [".key: block count changed from 2 to 3"],
  },
  {
    name: "42 set block unchanged",
    schema: body({ blocks: { block: blk("set", withFoo) } }),
    planned: obj({ block: setVal([foo("hello"), foo("world")]) }),
    actual: obj({ block: setVal([foo("hello"), foo("world")]) }),
    want: [],
  },
  {
    name: "43 set block unknowns coalesced",
    schema: body({ blocks: { block: blk("set", withFoo) } }),
    planned: obj({ block: setVal([obj({ foo: U(str) }), obj({ foo: U(str) })]) }),
    actual: obj({ block: setVal([foo("hello")]) }),
    want: [],
  },
  {
    name: "44 set block unknowns resolved",
    schema: body({ blocks: { block: blk("set", withFoo) } }),
    planned: obj({ block: setVal([obj({ foo: U(str) }), obj({ foo: U(str) })]) }),
    actual: obj({ block: setVal([foo("hello"), foo("world")]) }),
    want: [],
  },
  {
    name: "45 unknown set block may expand",
    schema: body({ blocks: { block: blk("set", withFoo) } }),
    planned: obj({ block: U(setType(fooT)) }),
    actual: obj({ block: setVal([foo("hello"), foo("world"), foo("nope")]) }),
    want: [],
  },
  {
    name: "46 set block element changed",
    schema: body({ blocks: { block: blk("set", withFoo) } }),
    planned: obj({ block: setVal([foo("hello"), foo("world")]) }),
    actual: obj({ block: setVal([foo("howdy"), foo("world")]) }),
    want: [
      '.block: planned set element cty.ObjectVal(map[string]cty.Value{"foo":cty.StringVal("hello")}) does not correlate with any element in actual',
    ],
  },
  {
    name: "47 set block actual unknown (legacy SDK)",
    schema: body({ blocks: { block: blk("set", withFoo) } }),
    planned: obj({ block: setVal([obj({ foo: U(str) }), obj({ foo: U(str) })]) }),
    actual: obj({ block: U(setType(fooT)) }),
    want: [],
  },
  {
    name: "48 unknown set block to two",
    schema: body({ blocks: { block: blk("set", withFoo) } }),
    planned: obj({ block: U(setType(fooT)) }),
    actual: obj({ block: setVal([foo("a"), foo("b")]) }),
    want: [],
  },
  {
    name: "49 unknown set block to none",
    schema: body({ blocks: { block2: blk("set", withFoo) } }),
    planned: obj({ block2: U(setType(fooT)) }),
    actual: obj({ block2: setValEmpty(fooT) }),
    want: [],
  },
  {
    name: "50 partially known set block shrank",
    schema: body({ blocks: { block3: blk("set", withFoo) } }),
    planned: obj({ block3: setVal([foo("a"), obj({ foo: U(str) })]) }),
    actual: obj({ block3: setVal([foo("a")]) }),
    want: [],
  },
  {
    name: "51 odd planned block value, unknown actual",
    schema: body({ blocks: { block: blk("list", { attributes: { foo: attr(str, req) } }) } }),
    planned: obj({ block: EmptyObjectVal }),
    actual: obj({ block: U(listType(fooT)) }),
    want: [],
  },
];

// Every message AssertObjectCompatible can produce, and the edge cases of semantics.md §7 48–50.
const more: Case[] = [
  {
    name: "list block: an element's attribute changed after apply (each element is compared)",
    schema: body({ blocks: { b: blk("list", withFoo) } }),
    planned: obj({ b: listVal([foo("1"), foo("2")]) }),
    actual: obj({ b: listVal([foo("1"), foo("3")]) }),
    want: ['.b[1].foo: was cty.StringVal("2"), but now cty.StringVal("3")'],
  },
  {
    name: "list block: elements compared by index, nested blocks too",
    schema: body({ blocks: { b: blk("list", { blocks: { i: blk("list", withFoo) } }) } }),
    planned: obj({ b: listVal([obj({ i: listVal([foo("a")]) }), obj({ i: listVal([foo("b")]) })]) }),
    actual: obj({ b: listVal([obj({ i: listVal([foo("a")]) }), obj({ i: listVal([foo("c")]) })]) }),
    want: ['.b[1].i[0].foo: was cty.StringVal("b"), but now cty.StringVal("c")'],
  },
  {
    name: "list block planned unknown: any count after apply",
    schema: body({ blocks: { b: blk("list", withFoo) } }),
    planned: obj({ b: U(listType(fooT)) }),
    actual: obj({ b: listVal([foo("1"), foo("2")]) }),
    want: [],
  },
  {
    name: "list block null on one side (legacy): skipped",
    schema: body({ blocks: { b: blk("list", withFoo) } }),
    planned: obj({ b: N(listType(fooT)) }),
    actual: obj({ b: listVal([foo("1")]) }),
    want: [],
  },
  {
    name: "group block: attributes inside are compared",
    schema: body({ blocks: { g: blk("group", withFoo) } }),
    planned: obj({ g: foo("a") }),
    actual: obj({ g: foo("b") }),
    want: ['.g.foo: was cty.StringVal("a"), but now cty.StringVal("b")'],
  },
  {
    name: "group block planned unknown may come back null",
    schema: body({ blocks: { g: blk("group", withFoo) } }),
    planned: obj({ g: U(fooT) }),
    actual: obj({ g: N(fooT) }),
    want: [],
  },
  {
    name: "group block planned known, null after apply",
    schema: body({ blocks: { g: blk("group", withFoo) } }),
    planned: obj({ g: foo("a") }),
    actual: obj({ g: N(fooT) }),
    want: [".g: was present, but now absent"],
  },
  {
    name: "set block: an element changed does not correlate",
    schema: body({ blocks: { s: blk("set", withFoo) } }),
    planned: obj({ s: setVal([foo("a")]) }),
    actual: obj({ s: setVal([foo("b")]) }),
    want: [
      '.s: planned set element cty.ObjectVal(map[string]cty.Value{"foo":cty.StringVal("a")}) does not correlate with any element in actual',
    ],
  },
  {
    name: "set block: unknown planned element correlates with any, and may merge",
    schema: body({ blocks: { s: blk("set", withFoo) } }),
    planned: obj({ s: setVal([obj({ foo: U(str) }), foo("a")]) }),
    actual: obj({ s: setVal([foo("a")]) }),
    want: [],
  },
  {
    name: "set block null or unknown on either side: skipped",
    schema: body({ blocks: { s: blk("set", withFoo) } }),
    planned: obj({ s: U(setType(fooT)) }),
    actual: obj({ s: setVal([foo("a"), foo("b")]) }),
    want: [],
  },
  {
    name: "set block shrank (unknowns merged): fine",
    schema: body({ blocks: { s: blk("set", withFoo) } }),
    planned: obj({ s: setVal([obj({ foo: U(str) }), obj({ foo: refineNotNull(U(str)) })]) }),
    actual: obj({ s: setVal([foo("a")]) }),
    want: [],
  },
  {
    name: "root object appeared",
    schema: idName,
    planned: N(O({ id: str, name: str })),
    actual: obj({ id: S("x"), name: S("y") }),
    want: ["Root object was absent, but now present"],
  },
  {
    name: "root object vanished",
    schema: idName,
    planned: obj({ id: S("x"), name: S("y") }),
    actual: N(O({ id: str, name: str })),
    want: ["Root object was present, but now absent"],
  },
  {
    name: "number range placeholder (§7 48)",
    schema: body({ attributes: { n: attr(numberType, cmp) } }),
    planned: obj({ n: refine(U(numberType)).notNull().numberRangeInclusive(0, 5).newValue() }),
    actual: obj({ n: numberVal(7) }),
    want: [
      ".n: final value cty.NumberIntVal(7) does not conform to planning placeholder cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(0), true).NumberUpperBound(cty.NumberIntVal(5), true).NewValue()",
    ],
  },
  {
    name: "number range placeholder honoured",
    schema: body({ attributes: { n: attr(numberType, cmp) } }),
    planned: obj({ n: refine(U(numberType)).notNull().numberRangeInclusive(0, 5).newValue() }),
    actual: obj({ n: numberVal(5) }),
    want: [],
  },
  {
    name: "collection length placeholder",
    schema: body({ attributes: { l: attr(listType(str), cmp) } }),
    planned: obj({
      l: refine(U(listType(str)))
        .collectionLengthUpperBound(1)
        .newValue(),
    }),
    actual: obj({ l: listVal([S("a"), S("b")]) }),
    want: [
      '.l: final value cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")}) does not conform to planning placeholder cty.UnknownVal(cty.List(cty.String)).Refine().CollectionLengthUpperBound(1).NewValue()',
    ],
  },
  {
    name: "set of 2 unknown-bearing elements merged to 1 (§7 49)",
    schema: body({ attributes: { s: attr(setType(O({ a: str })), cmp) } }),
    planned: obj({ s: setVal([obj({ a: U(str) }), obj({ a: U(str) })]) }),
    actual: obj({ s: setVal([obj({ a: S("x") })]) }),
    want: [],
  },
  {
    name: "set of 2 unknown-bearing elements grew to 3 (§7 49)",
    schema: body({ attributes: { s: attr(setType(O({ a: str })), cmp) } }),
    planned: obj({ s: setVal([obj({ a: U(str) }), obj({ a: U(str) })]) }),
    actual: obj({ s: setVal([obj({ a: S("x") }), obj({ a: S("y") }), obj({ a: S("z") })]) }),
    want: [".s: length changed from 2 to 3"],
  },
  {
    name: "float64 0.1 vs parsed 0.1 are equal (§7 50)",
    schema: body({ attributes: { n: attr(numberType, opt) } }),
    planned: obj({ n: numberVal(0.1) }),
    actual: obj({ n: numberVal("0.1") }),
    want: [],
  },
  {
    name: "1 and 1.0 are equal",
    schema: body({ attributes: { n: attr(numberType, opt) } }),
    planned: obj({ n: numberVal(1) }),
    actual: obj({ n: numberVal("1.0") }),
    want: [],
  },
  {
    name: "number changed",
    schema: body({ attributes: { port: attr(numberType, opt) } }),
    planned: obj({ port: numberVal(80) }),
    actual: obj({ port: numberVal(81) }),
    want: [".port: was cty.NumberIntVal(80), but now cty.NumberIntVal(81)"],
  },
  {
    name: "known became null",
    schema: body({ attributes: { b: attr(str, opt) } }),
    planned: obj({ b: S("x") }),
    actual: obj({ b: N(str) }),
    want: ['.b: was cty.StringVal("x"), but now null'],
  },
  {
    name: "null became known",
    schema: body({ attributes: { b: attr(str, opt) } }),
    planned: obj({ b: N(str) }),
    actual: obj({ b: S("y") }),
    want: ['.b: was null, but now cty.StringVal("y")'],
  },
  {
    name: "known became unknown",
    schema: body({ attributes: { b: attr(str, opt) } }),
    planned: obj({ b: S("x") }),
    actual: obj({ b: U(str) }),
    want: [".b: was known, but now unknown"],
  },
  {
    name: "list element vanished",
    schema: body({ attributes: { l: attr(listType(str), opt) } }),
    planned: obj({ l: listVal([S("a"), S("b")]) }),
    actual: obj({ l: listVal([S("a")]) }),
    want: [".l: element 1 has vanished"],
  },
  {
    name: "nested attribute element changed",
    schema: body({ attributes: { nics: nested("list", { ip: attr(str, cmp), name: attr(str, opt) }, opt) } }),
    planned: obj({ nics: listVal([obj({ ip: U(str), name: S("eth0") })]) }),
    actual: obj({ nics: listVal([obj({ ip: S("10.0.0.1"), name: S("eth1") })]) }),
    want: ['.nics[0].name: was cty.StringVal("eth0"), but now cty.StringVal("eth1")'],
  },
  {
    name: "map block key vanished (object-typed)",
    schema: body({ blocks: { m: blk("map", { attributes: { d: attr(dynamicType, opt) } }) } }),
    planned: obj({ m: obj({ a: obj({ d: S("1") }), b: obj({ d: S("2") }) }) }),
    actual: obj({ m: obj({ a: obj({ d: S("1") }), c: obj({ d: S("2") }) }) }),
    want: ['.m: block key "b" has vanished', '.m: new block key "c" has appeared'],
  },
  {
    name: "map block count changed",
    schema: body({ blocks: { m: blk("map", withFoo) } }),
    planned: obj({ m: mapVal({ a: foo("1") }) }),
    actual: obj({ m: mapVal({ a: foo("1"), b: foo("2") }) }),
    want: [".m: block count changed from 1 to 2"],
  },
  {
    name: "map block element changed",
    schema: body({ blocks: { m: blk("map", withFoo) } }),
    planned: obj({ m: mapVal({ a: foo("1") }) }),
    actual: obj({ m: mapVal({ a: foo("2") }) }),
    want: ['.m["a"].foo: was cty.StringVal("1"), but now cty.StringVal("2")'],
  },
  {
    name: "set block grew",
    schema: body({ blocks: { s: blk("set", withFoo) } }),
    planned: obj({ s: setVal([obj({ foo: U(str) })]) }),
    actual: obj({ s: setVal([foo("a"), foo("b")]) }),
    want: [".s: block set length changed from 1 to 2"],
  },
  {
    name: "computed block null after apply (reported on the parent path)",
    schema: body({ blocks: { b: blk("list", withFoo, { computed: true }) } }),
    planned: obj({ b: listVal([foo("x")]) }),
    actual: obj({ b: N(listType(fooT)) }),
    want: ["null block value after apply"],
  },
  {
    name: "computed block planned unknown is compared as a whole",
    schema: body({ blocks: { b: blk("list", withFoo, { computed: true }) } }),
    planned: obj({ b: U(listType(fooT)) }),
    actual: obj({ b: listVal([foo("x"), foo("y")]) }),
    want: [],
  },
  {
    name: "dynamic attribute planned known string, actual number",
    schema: body({ attributes: { d: attr(dynamicType, opt) } }),
    planned: obj({ d: S("1") }),
    actual: obj({ d: numberVal(1) }),
    want: [".d: wrong final value type: string required, but have number"],
  },
];

const sorted = (xs: readonly string[]) => [...xs].sort();

describe("assertObjectCompatible", () => {
  it.each(terraformCases)("terraform: $name", (c) => {
    expect(sorted(assertObjectCompatible(c.schema, c.planned, c.actual).map(formatViolation))).toEqual(
      sorted(c.want),
    );
  });

  it.each(more)("$name", (c) => {
    expect(sorted(assertObjectCompatible(c.schema, c.planned, c.actual).map(formatViolation))).toEqual(
      sorted(c.want),
    );
  });

  it("reports the planned-side set mismatch alone, before the actual side", () => {
    const v = assertObjectCompatible(
      idZones,
      obj({ ...uid, zones: setVal([S("a")]) }),
      obj({ ...uid, zones: setVal([S("b")]) }),
    );
    expect(v.map(formatViolation)).toEqual([
      '.zones: planned set element cty.StringVal("a") does not correlate with any element in actual',
    ]);
    expect(v[0]?.rule).toBe(ContractRule.setUncorrelated);
  });

  it("tags violations with the stage it is used for", () => {
    const v = assertObjectCompatible(
      idName,
      obj({ ...uid, name: S("a") }),
      obj({ ...uid, name: S("b") }),
      "final_plan",
    );
    expect(v.map((x) => [x.stage, x.rule])).toEqual([["final_plan", ContractRule.valueChanged]]);
  });

  it("tuples are compared element by element, and their lengths are part of the type", () => {
    const n = numberVal;
    expect(
      assertValueCompatible(tupleVal([S("a"), n(1), S("c")]), tupleVal([S("a"), n(2), S("d")])).map(
        formatViolation,
      ),
    ).toEqual([
      "[1]: was cty.NumberIntVal(1), but now cty.NumberIntVal(2)",
      '[2]: was cty.StringVal("c"), but now cty.StringVal("d")',
    ]);
    expect(assertValueCompatible(tupleVal([U(str), n(1)]), tupleVal([S("x"), n(1)]))).toEqual([]);
    expect(
      assertValueCompatible(tupleVal([S("a")]), tupleVal([S("a"), S("b")])).map(formatViolation),
    ).toEqual(["wrong final value type: tuple required"]);
  });

  it("lists and maps report vanished and new elements with core's index wording", () => {
    expect(assertValueCompatible(listVal([S("a"), S("b")]), listVal([S("a")])).map(formatViolation)).toEqual([
      "element 1 has vanished",
    ]);
    expect(
      assertValueCompatible(listVal([S("a")]), listVal([S("a"), S("b"), S("c")])).map(formatViolation),
    ).toEqual(["new element 1 has appeared", "new element 2 has appeared"]);
    expect(
      assertValueCompatible(mapVal({ a: S("1"), b: S("2") }), mapVal({ a: S("1"), c: S("2") })).map(
        formatViolation,
      ),
    ).toEqual(['element "b" has vanished', 'new element "c" has appeared']);
    expect(assertValueCompatible(mapVal({ a: S("1") }), mapVal({ a: S("2") })).map(formatViolation)).toEqual([
      '["a"]: was cty.StringVal("1"), but now cty.StringVal("2")',
    ]);
  });

  it("sets: a grown set is reported after correlation; a known set may not become unknown", () => {
    expect(assertValueCompatible(setVal([U(str)]), setVal([S("a"), S("b")])).map(formatViolation)).toEqual([
      "length changed from 1 to 2",
    ]);
    expect(assertValueCompatible(setVal([S("a")]), U(setType(str))).map(formatViolation)).toEqual([
      "was known, but now unknown",
    ]);
    expect(assertValueCompatible(setVal([S("a")]), N(setType(str))).map(formatViolation)).toEqual([
      'was cty.SetVal([]cty.Value{cty.StringVal("a")}), but now null',
    ]);
    expect(assertValueCompatible(N(setType(str)), setVal([S("a")])).map(formatViolation)).toEqual([
      'was null, but now cty.SetVal([]cty.Value{cty.StringVal("a")})',
    ]);
  });

  // go-cty v1.18 MismatchMessage (convert/mismatch_msg.go): "X required, but have Y" unless the
  // two types are likely to confuse (typesAreLikelyToCauseConfusion), else core's older wording.
  it.each([
    ["number where a string is wanted", numberVal(1), S("a"), "string required, but have number"],
    ["bool where a string is wanted", True, S("a"), "string required, but have bool"],
    [
      "string where a number is wanted (confusing: conversion rules)",
      S("1"),
      numberVal(1),
      "number required",
    ],
    ["string where a bool is wanted (confusing)", S("true"), True, "bool required"],
    ["number where a bool is wanted", numberVal(1), True, "bool required, but have number"],
    ["bool where a number is wanted", True, numberVal(1), "number required, but have bool"],
    [
      "a list where a string is wanted",
      listVal([S("a")]),
      S("a"),
      "string required, but have list of string",
    ],
    [
      "a string where a list is wanted",
      S("a"),
      listVal([S("a")]),
      "list of string required, but have string",
    ],
    [
      "a tuple where an object is wanted",
      tupleVal([S("a")]),
      obj({ a: S("a") }),
      "object required, but have tuple",
    ],
    [
      "an object where a tuple is wanted (confusing)",
      obj({ a: S("a") }),
      tupleVal([S("a")]),
      "tuple required",
    ],
    [
      "an object missing an attribute",
      obj({ a: S("a") }),
      obj({ a: S("a"), b: S("b") }),
      'attribute "b" is required',
    ],
    ["a map where a list is wanted", mapVal({ a: S("a") }), listVal([S("a")]), "list of string required"],
    ["an object where a list is wanted", obj({ a: S("a") }), listVal([S("a")]), "list of string required"],
  ] as const)("wrong final value type: %s", (_, actual, planned, want) => {
    expect(assertValueCompatible(planned, actual).map(formatViolation)).toEqual([
      `wrong final value type: ${want}`,
    ]);
    expect(wrongTypeMessage(actual.type, planned.type)).toBe(want);
  });

  it("uses the apply stage unless told otherwise", () => {
    expect(assertValueCompatible(S("a"), S("b"))[0]?.stage).toBe("apply");
    expect(assertValueCompatible(S("a"), S("b"), "final_plan")[0]?.stage).toBe("final_plan");
    expect(
      assertObjectCompatible(idName, obj({ ...uid, name: S("a") }), obj({ ...uid, name: S("b") }))[0]?.stage,
    ).toBe("apply");
  });

  it("a dynamic-typed plan accepts anything, even a null that became a value", () => {
    expect(assertValueCompatible(N(dynamicType), S("x"))).toEqual([]);
    expect(assertValueCompatible(N(dynamicType), listVal([numberVal(1)]))).toEqual([]);
  });

  it("two null roots are compatible, computed block types and all", () => {
    const schema = body({
      attributes: { a: attr(str, opt) },
      blocks: { b: blk("list", withFoo, { computed: true }) },
    });
    const t = O({ a: str, b: listType(fooT) });
    expect(assertObjectCompatible(schema, N(t), N(t))).toEqual([]);
  });

  it("a computed single block may come back null; a computed list block may not", () => {
    const single = body({ blocks: { b: blk("single", withFoo, { computed: true }) } });
    expect(assertObjectCompatible(single, obj({ b: U(fooT) }), obj({ b: N(fooT) }))).toEqual([]);
    const list = body({
      attributes: { a: attr(str, opt) },
      blocks: { b: blk("list", withFoo, { computed: true }) },
    });
    // The error sits on the parent's path and ends the check of the object (core's quirk).
    expect(
      assertObjectCompatible(
        body({ blocks: { p: blk("single", { blocks: { b: list.blocks.b as never } }) } }),
        obj({ p: obj({ b: listVal([foo("x")]) }) }),
        obj({ p: obj({ b: N(listType(fooT)) }) }),
      ).map(formatViolation),
    ).toEqual([".p: null block value after apply"]);
  });

  it("a computed block planned unknown is compared as a whole, at the root path (core's quirk)", () => {
    const schema = body({ blocks: { b: blk("list", withFoo, { computed: true }) } });
    const planned = obj({
      b: refine(U(listType(fooT)))
        .collectionLengthUpperBound(1)
        .newValue(),
    });
    const v = assertObjectCompatible(schema, planned, obj({ b: listVal([foo("x"), foo("y")]) }));
    expect(v.map((x) => [x.rule, x.path])).toEqual([[ContractRule.refinementViolated, []]]);
    expect(formatViolation(v[0] as (typeof v)[number]).startsWith("final value cty.ListVal(")).toBe(true);
    // Known planned: compared element by element.
    expect(
      assertObjectCompatible(schema, obj({ b: listVal([foo("x")]) }), obj({ b: listVal([foo("y")]) })).map(
        formatViolation,
      ),
    ).toEqual(['.b[0].foo: was cty.StringVal("x"), but now cty.StringVal("y")']);
  });

  it("map blocks: equal counts with different keys pass (core only compares keys both have)", () => {
    const schema = body({ blocks: { m: blk("map", withFoo) } });
    expect(
      assertObjectCompatible(
        schema,
        obj({ m: mapVal({ a: foo("1") }) }),
        obj({ m: mapVal({ b: foo("1") }) }),
      ),
    ).toEqual([]);
    // Unknown or null on either side: skipped.
    expect(
      assertObjectCompatible(schema, obj({ m: U(mapType(fooT)) }), obj({ m: mapVal({ b: foo("1") }) })),
    ).toEqual([]);
    expect(
      assertObjectCompatible(schema, obj({ m: mapVal({ a: foo("1") }) }), obj({ m: U(mapType(fooT)) })),
    ).toEqual([]);
    expect(
      assertObjectCompatible(schema, obj({ m: N(mapType(fooT)) }), obj({ m: mapVal({ b: foo("1") }) })),
    ).toEqual([]);
    expect(
      assertObjectCompatible(schema, obj({ m: mapVal({ a: foo("1") }) }), obj({ m: N(mapType(fooT)) })),
    ).toEqual([]);
  });

  it("object-typed map block whose actual value is not an object: every planned key vanished", () => {
    const schema = body({ blocks: { m: blk("map", { attributes: { d: attr(dynamicType, opt) } }) } });
    expect(
      assertObjectCompatible(
        schema,
        obj({ m: obj({ a: obj({ d: S("1") }) }) }),
        obj({ m: N(dynamicType) }),
      ).map(formatViolation),
    ).toEqual(['.m: block key "a" has vanished']);
  });

  it("set blocks large enough to be indexed: a planned element nobody matches is reported", () => {
    const schema = body({ blocks: { s: blk("set", withFooBar) } });
    const el = (f: string, b: Value = N(str)) => obj({ foo: S(f), bar: b });
    const names = [..."abcdefghij"];
    const planned = setVal([...names.map((n) => el(n, U(str))), el("zzz", U(str))]);
    const actual = setVal(names.map((n) => el(n, S("x"))));
    expect(
      assertObjectCompatible(schema, obj({ s: planned }), obj({ s: actual })).map(formatViolation),
    ).toEqual([
      '.s: planned set element cty.ObjectVal(map[string]cty.Value{"bar":cty.UnknownVal(cty.String), "foo":cty.StringVal("zzz")}) does not correlate with any element in actual',
    ]);
  });

  it("object-typed map blocks planned unknown may gain keys", () => {
    const schema = body({ blocks: { m: blk("map", { attributes: { d: attr(dynamicType, opt) } }) } });
    const mt = O({ a: O({ d: dynamicType }) });
    expect(
      assertObjectCompatible(
        schema,
        obj({ m: U(mt) }),
        obj({ m: obj({ a: obj({ d: S("1") }), b: obj({ d: S("2") }) }) }),
      ).map(formatViolation),
    ).toEqual([]);
  });

  it("assertValueCompatible strips marks and needs no schema", () => {
    expect(assertValueCompatible(mark(S("a"), "sensitive"), S("b")).map(formatViolation)).toEqual([
      'was cty.StringVal("a"), but now cty.StringVal("b")',
    ]);
    expect(assertValueCompatible(U(str), S("b"))).toEqual([]);
  });

  it("never throws on values of the wrong shape", () => {
    const schema = body({
      attributes: { name: attr(str, opt), n: nested("map", { b: attr(str, opt) }, opt) },
      blocks: {
        b: blk("list", withFoo),
        m: blk("map", withFoo),
        s: blk("set", withFoo),
        g: blk("group", withFoo),
      },
    });
    const odd = [
      S("x"),
      EmptyObjectVal,
      DynamicVal,
      N(dynamicType),
      obj({ b: S("x"), m: listVal([S("a")]), s: True, n: S("?") }),
    ];
    // guarded() turns anything thrown into a violation: a check that failed shows up as
    // internal_error, which odd values must never cause (malformed_input is the verdict).
    for (const a of odd)
      for (const b of odd)
        expect(assertObjectCompatible(schema, a, b).map((v) => v.rule)).not.toContain(
          ContractRule.internalError,
        );
  });
});
