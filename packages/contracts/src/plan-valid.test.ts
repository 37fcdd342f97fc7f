import {
  DynamicVal,
  dynamicType,
  EmptyObjectVal,
  listType,
  listVal,
  listValEmpty,
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
  type Type,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr, blk, body, nested } from "./internal/fixtures.js";
import { assertPlanValid } from "./plan-valid.js";
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
const optCmp = { optional: true, computed: true } as const;

interface Case {
  readonly name: string;
  readonly schema: BodyShape;
  readonly prior: Value;
  readonly config: Value;
  readonly planned: Value;
  readonly want: readonly string[];
}

const abSchema = body({
  attributes: { a: attr(str, opt) },
  blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }) },
});
const abType = O({ a: str, b: listType(O({ c: str })) });
const ab = (a: string, c: string) => obj({ a: S(a), b: listVal([obj({ c: S(c) })]) });

// terraform internal/plans/objchange/plan_valid_test.go (TestAssertPlanValid), re-expressed.
const terraformCases: Case[] = [
  {
    name: "all empty",
    schema: body({}),
    prior: EmptyObjectVal,
    config: EmptyObjectVal,
    planned: EmptyObjectVal,
    want: [],
  },
  {
    name: "no computed, all match",
    schema: abSchema,
    prior: ab("a value", "c value"),
    config: ab("a value", "c value"),
    planned: ab("a value", "c value"),
    want: [],
  },
  {
    name: "no computed, plan matches, no prior",
    schema: abSchema,
    prior: N(abType),
    config: ab("a value", "c value"),
    planned: ab("a value", "c value"),
    want: [],
  },
  {
    name: "no computed, invalid change in plan",
    schema: abSchema,
    prior: N(abType),
    config: ab("a value", "c value"),
    planned: ab("a value", "new c value"),
    want: [
      '.b[0].c: planned value cty.StringVal("new c value") does not match config value cty.StringVal("c value")',
    ],
  },
  {
    name: "no computed, invalid change in plan sensitive",
    schema: body({
      attributes: { a: attr(str, opt) },
      blocks: { b: blk("list", { attributes: { c: attr(str, { optional: true, sensitive: true }) } }) },
    }),
    prior: N(abType),
    config: ab("a value", "c value"),
    planned: ab("a value", "new c value"),
    want: [".b[0].c: sensitive planned value does not match config value"],
  },
  {
    name: "no computed, diff suppression in plan",
    schema: abSchema,
    prior: ab("a value", "c value"),
    config: ab("a value", "new c value"),
    planned: ab("a value", "c value"),
    want: [],
  },
  {
    name: "no computed, all null",
    schema: abSchema,
    prior: obj({ a: N(str), b: listVal([obj({ c: N(str) })]) }),
    config: obj({ a: N(str), b: listVal([obj({ c: N(str) })]) }),
    planned: obj({ a: N(str), b: listVal([obj({ c: N(str) })]) }),
    want: [],
  },
  {
    name: "nested map, normal update",
    schema: body({ blocks: { b: blk("map", { attributes: { c: attr(str, opt) } }) } }),
    prior: obj({ b: mapVal({ boop: obj({ c: S("hello") }) }) }),
    config: obj({ b: mapVal({ boop: obj({ c: S("howdy") }) }) }),
    planned: obj({ b: mapVal({ boop: obj({ c: S("howdy") }) }) }),
    want: [],
  },
  {
    name: "nested list, null in plan",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: listType(O({ c: str })) })),
    config: obj({ b: listValEmpty(O({ c: str })) }),
    planned: obj({ b: N(listType(O({ c: str }))) }),
    want: [
      ".b: attribute representing a list of nested blocks must be empty to indicate no blocks, not null",
    ],
  },
  {
    name: "nested list, null in config",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }) } }),
    prior: obj({ b: listValEmpty(O({ c: str })) }),
    config: obj({ b: N(listType(O({ c: str }))) }),
    planned: obj({ b: listValEmpty(O({ c: str })) }),
    want: [],
  },
  {
    name: "nested list, unknown nested dynamic",
    schema: body({
      blocks: {
        a: blk("list", {
          blocks: { b: blk("list", { attributes: { c: attr(str, opt), computed: attr(str, cmp) } }) },
        }),
      },
    }),
    prior: obj({ a: listVal([obj({ computed: N(str), b: listVal([obj({ c: S("x") })]) })]) }),
    config: obj({ a: listVal([obj({ b: U(listType(O({ c: str, computed: str }))) })]) }),
    planned: obj({ a: listVal([obj({ b: U(listType(O({ c: str, computed: str }))) })]) }),
    want: [],
  },
  {
    name: "nested set, unknown dynamic cannot be planned",
    schema: body({
      attributes: { computed: attr(str, cmp) },
      blocks: { b: blk("set", { attributes: { c: attr(str, opt) } }) },
    }),
    prior: obj({ computed: N(str), b: setVal([obj({ c: S("x") })]) }),
    config: obj({ computed: N(str), b: U(setType(O({ c: str }))) }),
    planned: obj({ computed: S("default"), b: setVal([obj({ c: S("oops") })]) }),
    want: [
      '.b: planned value cty.SetVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"c":cty.StringVal("oops")})}) for unknown dynamic block',
    ],
  },
  {
    name: "nested set, null in plan",
    schema: body({ blocks: { b: blk("set", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: setType(O({ c: str })) })),
    config: obj({ b: setValEmpty(O({ c: str })) }),
    planned: obj({ b: N(setType(O({ c: str }))) }),
    want: [".b: attribute representing a set of nested blocks must be empty to indicate no blocks, not null"],
  },
  {
    name: "nested map, null in plan",
    schema: body({ blocks: { b: blk("map", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: mapType(O({ c: str })) })),
    config: obj({ b: mapValEmpty(O({ c: str })) }),
    planned: obj({ b: N(mapType(O({ c: str }))) }),
    want: [".b: attribute representing a map of nested blocks must be empty to indicate no blocks, not null"],
  },
  {
    name: "nested set, no computed, no changes",
    schema: body({ blocks: { b: blk("set", { attributes: { c: attr(str, opt) } }) } }),
    prior: obj({ b: setVal([obj({ c: S("c value") })]) }),
    config: obj({ b: setVal([obj({ c: S("c value") })]) }),
    planned: obj({ b: setVal([obj({ c: S("c value") })]) }),
    want: [],
  },
  {
    name: "nested set, no computed, invalid change in plan (sets are trusted)",
    schema: body({ blocks: { b: blk("set", { attributes: { c: attr(str, opt) } }) } }),
    prior: obj({ b: setVal([obj({ c: S("c value") })]) }),
    config: obj({ b: setVal([obj({ c: S("c value") })]) }),
    planned: obj({ b: setVal([obj({ c: S("new c value") })]) }),
    want: [],
  },
  {
    name: "nested set, no computed, diff suppressed",
    schema: body({ blocks: { b: blk("set", { attributes: { c: attr(str, opt) } }) } }),
    prior: obj({ b: setVal([obj({ c: S("c value") })]) }),
    config: obj({ b: setVal([obj({ c: S("new c value") })]) }),
    planned: obj({ b: setVal([obj({ c: S("c value") })]) }),
    want: [],
  },
  {
    name: "NestedType attr, no computed, all match",
    schema: body({ attributes: { a: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: obj({ a: listVal([obj({ b: S("b value") })]) }),
    config: obj({ a: listVal([obj({ b: S("b value") })]) }),
    planned: obj({ a: listVal([obj({ b: S("b value") })]) }),
    want: [],
  },
  {
    name: "NestedType attr, no computed, plan matches, no prior",
    schema: body({ attributes: { a: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ a: listType(O({ b: str })) })),
    config: obj({ a: listVal([obj({ b: S("c value") })]) }),
    planned: obj({ a: listVal([obj({ b: S("c value") })]) }),
    want: [],
  },
  {
    name: "NestedType, no computed, invalid change in plan",
    schema: body({ attributes: { a: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ a: listType(O({ b: str })) })),
    config: obj({ a: listVal([obj({ b: S("c value") })]) }),
    planned: obj({ a: listVal([obj({ b: S("new c value") })]) }),
    want: [
      '.a[0].b: planned value cty.StringVal("new c value") does not match config value cty.StringVal("c value")',
    ],
  },
  {
    name: "NestedType attr, no computed, invalid change in plan sensitive",
    schema: body({
      attributes: { a: nested("list", { b: attr(str, { optional: true, sensitive: true }) }, opt) },
    }),
    prior: N(O({ a: listType(O({ b: str })) })),
    config: obj({ a: listVal([obj({ b: S("b value") })]) }),
    planned: obj({ a: listVal([obj({ b: S("new b value") })]) }),
    want: [".a[0].b: sensitive planned value does not match config value"],
  },
  {
    name: "NestedType attr, no computed, diff suppression in plan",
    schema: body({ attributes: { a: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: obj({ a: listVal([obj({ b: S("b value") })]) }),
    config: obj({ a: listVal([obj({ b: S("new b value") })]) }),
    planned: obj({ a: listVal([obj({ b: S("b value") })]) }),
    want: [],
  },
  {
    name: "NestedType attr, no computed, all null",
    schema: body({ attributes: { a: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: obj({ a: N(dynamicType) }),
    config: obj({ a: N(dynamicType) }),
    planned: obj({ a: N(dynamicType) }),
    want: [],
  },
  {
    name: "NestedType attr, no computed, all zero value",
    schema: body({ attributes: { a: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: obj({ a: N(listType(O({ b: str }))) }),
    config: obj({ a: N(listType(O({ b: str }))) }),
    planned: obj({ a: N(listType(O({ b: str }))) }),
    want: [],
  },
  {
    name: "NestedType NestingSet attribute to null",
    schema: body({ attributes: { bloop: nested("set", { blop: attr(str, { required: true }) }, opt) } }),
    prior: obj({ bloop: setVal([obj({ blop: S("ok") })]) }),
    config: obj({ bloop: N(setType(O({ blop: str }))) }),
    planned: obj({ bloop: N(setType(O({ blop: str }))) }),
    want: [],
  },
  {
    name: "NestedType deep nested optional set attribute to null",
    schema: body({
      attributes: { bleep: nested("list", { bloop: nested("set", { blome: attr(str, opt) }, opt) }, opt) },
    }),
    prior: obj({ bleep: listVal([obj({ bloop: setVal([obj({ blome: S("ok") })]) })]) }),
    config: obj({ bleep: listVal([obj({ bloop: N(setType(O({ blome: str }))) })]) }),
    planned: obj({ bleep: listVal([obj({ bloop: N(listType(O({ blome: str }))) })]) }),
    want: [],
  },
  {
    name: "NestedType deep nested set",
    schema: body({
      attributes: { bleep: nested("list", { bloop: nested("set", { blome: attr(str, opt) }, opt) }, opt) },
    }),
    prior: obj({ bleep: listVal([obj({ bloop: setVal([obj({ blome: S("ok") })]) })]) }),
    config: obj({ bleep: listVal([obj({ bloop: N(setType(O({ blome: str }))) })]) }),
    planned: obj({ bleep: listVal([obj({ bloop: setVal([obj({ blome: S("ok") })]) })]) }),
    want: [],
  },
  {
    name: "NestedType nested computed list attribute",
    schema: body({ attributes: { bloop: nested("list", { blop: attr(str, opt) }, cmp) } }),
    prior: obj({ bloop: listVal([obj({ blop: S("ok") })]) }),
    config: obj({ bloop: N(listType(O({ blop: str }))) }),
    planned: obj({ bloop: listVal([obj({ blop: S("ok") })]) }),
    want: [],
  },
  {
    name: "NestedType nested list attribute to null",
    schema: body({ attributes: { bloop: nested("list", { blop: attr(str, opt) }, opt) } }),
    prior: obj({ bloop: listVal([obj({ blop: S("ok") })]) }),
    config: obj({ bloop: N(listType(O({ blop: str }))) }),
    planned: obj({ bloop: listVal([obj({ blop: S("ok") })]) }),
    want: [
      '.bloop: planned value cty.ListVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"blop":cty.StringVal("ok")})}) for a non-computed attribute',
    ],
  },
  {
    name: "NestedType nested set attribute to null",
    schema: body({ attributes: { bloop: nested("set", { blop: attr(str, opt) }, opt) } }),
    prior: obj({ bloop: setVal([obj({ blop: S("ok") })]) }),
    config: obj({ bloop: N(setType(O({ blop: str }))) }),
    planned: obj({ bloop: listVal([obj({ blop: S("ok") })]) }),
    want: [
      '.bloop: planned value cty.ListVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"blop":cty.StringVal("ok")})}) for a non-computed attribute',
    ],
  },
  {
    name: "computed within nested objects",
    schema: body({
      attributes: {
        map: nested("map", { name: attr(str, cmp) }),
        map_as_obj: nested("map", { name: attr(str, cmp) }),
        list: nested("list", { name: attr(str, cmp) }),
        set: nested("set", { name: attr(str, cmp) }),
        single: nested("single", { name: attr(dynamicType, cmp) }),
      },
    }),
    prior: N(
      O({
        map: mapType(O({ name: str })),
        map_as_obj: mapType(O({ name: dynamicType })),
        list: listType(O({ name: str })),
        set: setType(O({ name: str })),
        single: O({ name: str }),
      }),
    ),
    config: obj({
      map: mapVal({ one: obj({ name: N(str) }) }),
      map_as_obj: mapVal({ one: obj({ name: N(dynamicType) }) }),
      list: listVal([obj({ name: N(str) })]),
      set: setVal([obj({ name: N(str) })]),
      single: obj({ name: N(str) }),
    }),
    planned: obj({
      map: mapVal({ one: obj({ name: N(str) }) }),
      map_as_obj: obj({ one: obj({ name: S("computed") }) }),
      list: listVal([obj({ name: N(str) })]),
      set: setVal([obj({ name: N(str) })]),
      single: obj({ name: N(str) }),
    }),
    want: [],
  },
  {
    name: "computed nested objects",
    schema: body({
      attributes: {
        map: nested("map", { name: attr(str) }, cmp),
        list: nested("list", { name: attr(str) }, cmp),
        set: nested("set", { name: attr(str) }, optCmp),
        single: nested("single", { name: attr(dynamicType) }, cmp),
      },
    }),
    prior: N(
      O({
        map: mapType(O({ name: str })),
        list: listType(O({ name: str })),
        set: setType(O({ name: str })),
        single: O({ name: str }),
      }),
    ),
    config: obj({
      map: N(mapType(O({ name: str }))),
      list: N(listType(O({ name: str }))),
      set: setVal([obj({ name: S("from_config") })]),
      single: N(O({ name: str })),
    }),
    planned: obj({
      map: mapVal({ one: U(O({ name: str })) }),
      list: listVal([obj({ name: S("computed") })]),
      set: setVal([obj({ name: S("from_config") })]),
      single: U(O({ name: str })),
    }),
    want: [],
  },
  {
    name: "optional computed within nested objects",
    schema: body({
      attributes: {
        map: nested("map", { name: attr(str, cmp) }),
        map_as_obj: nested("map", { name: attr(str, optCmp) }, opt),
        list: nested("list", { name: attr(str, optCmp) }, opt),
        set: nested("set", { name: attr(str, optCmp) }),
        single: nested("single", { name: attr(dynamicType, optCmp) }),
      },
    }),
    prior: N(
      O({
        map: mapType(O({ name: str })),
        map_as_obj: mapType(O({ name: dynamicType })),
        list: listType(O({ name: str })),
        set: setType(O({ name: str })),
        single: O({ name: str }),
      }),
    ),
    config: obj({
      map: mapVal({ one: obj({ name: S("from_config") }) }),
      map_as_obj: mapVal({
        one: obj({ name: N(dynamicType) }),
        two: N(O({ name: dynamicType })),
        three: N(O({ name: dynamicType })),
      }),
      list: listVal([obj({ name: N(str) }), N(O({ name: str })), N(O({ name: str }))]),
      set: setVal([obj({ name: N(str) })]),
      single: obj({ name: S("from_config") }),
    }),
    planned: obj({
      map: mapVal({ one: obj({ name: S("from_config") }) }),
      map_as_obj: obj({
        one: obj({ name: S("computed") }),
        // Config null, provider returns a non-null object: accepted for compatibility.
        two: obj({ name: N(str) }),
        three: N(O({ name: dynamicType })),
      }),
      list: listVal([obj({ name: S("computed") }), obj({ name: N(str) }), N(O({ name: str }))]),
      set: setVal([obj({ name: N(str) })]),
      single: obj({ name: S("from_config") }),
    }),
    want: [],
  },
  {
    name: "cannot replace config nested attr",
    schema: body({ attributes: { map: nested("map", { name: attr(str, optCmp) }) } }),
    prior: N(O({ map: mapType(O({ name: str })) })),
    config: obj({ map: mapVal({ one: obj({ name: S("from_config") }) }) }),
    planned: obj({ map: mapVal({ one: obj({ name: S("from_provider") }) }) }),
    want: [
      '.map.one.name: planned value cty.StringVal("from_provider") does not match config value cty.StringVal("from_config")',
    ],
  },
  {
    name: "computed only value with config",
    schema: body({ attributes: { a: attr(str, cmp) } }),
    prior: obj({ a: S("old") }),
    config: obj({ a: S("old") }),
    planned: obj({ a: U(str) }),
    want: [],
  },
  {
    name: "nested collection attrs planned unknown",
    schema: body({
      attributes: {
        set: nested("set", { name: attr(str, optCmp) }, optCmp),
        list: nested("list", { name: attr(str, optCmp) }, optCmp),
        map: nested("map", { name: attr(str, optCmp) }, optCmp),
      },
    }),
    prior: obj({
      set: setVal([obj({ name: S("from_config") })]),
      list: setVal([obj({ name: S("from_config") })]),
      map: mapVal({ key: obj({ name: S("from_config") }) }),
    }),
    config: obj({
      set: setVal([obj({ name: S("from_config") })]),
      list: setVal([obj({ name: S("from_config") })]),
      map: mapVal({ key: obj({ name: S("from_config") }) }),
    }),
    planned: obj({
      set: U(setType(O({ name: str }))),
      list: U(setType(O({ name: str }))),
      map: U(mapType(O({ name: str }))),
    }),
    want: [
      ".set: planned unknown for configured value",
      ".list: planned unknown for configured value",
      ".map: planned unknown for configured value",
    ],
  },
  {
    name: "refined unknown values can become less refined",
    schema: body({ attributes: { a: attr(str, { required: true }) } }),
    prior: obj({ a: S("old") }),
    config: obj({ a: refineNotNull(U(str)) }),
    planned: obj({ a: U(str) }),
    want: [],
  },
  {
    name: "refined unknown values in collection elements can become less refined",
    schema: body({ attributes: { m: attr(mapType(str)) } }),
    prior: N(O({ m: mapType(str) })),
    config: obj({ m: mapVal({ key: refineNotNull(U(str)) }) }),
    planned: obj({ m: mapVal({ key: U(str) }) }),
    want: [],
  },
  {
    name: "nested set values can contain computed unknown",
    schema: body({
      attributes: { set: nested("set", { input: attr(str, opt), computed: attr(str, optCmp) }, opt) },
    }),
    prior: obj({
      set: setVal([obj({ input: S("a"), computed: N(str) }), obj({ input: S("b"), computed: N(str) })]),
    }),
    config: obj({
      set: setVal([obj({ input: S("a"), computed: N(str) }), obj({ input: S("b"), computed: N(str) })]),
    }),
    planned: obj({
      set: setVal([obj({ input: S("a"), computed: U(str) }), obj({ input: S("b"), computed: U(str) })]),
    }),
    want: [],
  },
  {
    name: "write-only attributes",
    schema: body({ attributes: { foo: attr(str, { writeOnly: true }) } }),
    prior: obj({ foo: N(str) }),
    config: obj({ foo: mark(S("write-only"), "ephemeral") }),
    planned: obj({ foo: N(str) }),
    want: [],
  },
  {
    name: "nested write-only attributes",
    schema: body({
      blocks: { nested: blk("list", { attributes: { foo: attr(str, { writeOnly: true }) } }) },
    }),
    prior: obj({ nested: listVal([obj({ foo: N(str) })]) }),
    config: obj({ nested: listVal([obj({ foo: mark(S("write-only"), "ephemeral") })]) }),
    planned: obj({ nested: listVal([obj({ foo: N(str) })]) }),
    want: [],
  },
];

// Further cases for every message AssertPlanValid can produce (semantics.md §5.4, §7 44–47).
const more: Case[] = [
  {
    name: "non-computed attribute planned from nothing (§7 47)",
    schema: body({ attributes: { name: attr(str, opt) } }),
    prior: N(O({ name: str })),
    config: obj({ name: N(str) }),
    planned: obj({ name: S("x") }),
    want: ['.name: planned value cty.StringVal("x") for a non-computed attribute'],
  },
  {
    name: "sensitive non-computed attribute planned from nothing (§7 47)",
    schema: body({ attributes: { name: attr(str, { optional: true, sensitive: true }) } }),
    prior: N(O({ name: str })),
    config: obj({ name: N(str) }),
    planned: obj({ name: S("x") }),
    want: [".name: sensitive planned value for a non-computed attribute"],
  },
  {
    name: "diff suppression with prior (§7 46)",
    schema: body({ attributes: { name: attr(str, { required: true }) } }),
    prior: obj({ name: S("b") }),
    config: obj({ name: S("a") }),
    planned: obj({ name: S("b") }),
    want: [],
  },
  {
    name: "no prior, planned differs from config (§7 46)",
    schema: body({ attributes: { name: attr(str, { required: true }) } }),
    prior: N(O({ name: str })),
    config: obj({ name: S("a") }),
    planned: obj({ name: S("b") }),
    want: ['.name: planned value cty.StringVal("b") does not match config value cty.StringVal("a")'],
  },
  {
    name: "planned differs from config and prior",
    schema: body({ attributes: { name: attr(str, { required: true }) } }),
    prior: obj({ name: S("p") }),
    config: obj({ name: S("a") }),
    planned: obj({ name: S("b") }),
    want: [
      '.name: planned value cty.StringVal("b") does not match config value cty.StringVal("a") nor prior value cty.StringVal("p")',
    ],
  },
  {
    name: "sensitive: planned differs from config and prior",
    schema: body({ attributes: { name: attr(str, { required: true, sensitive: true }) } }),
    prior: obj({ name: S("p") }),
    config: obj({ name: S("a") }),
    planned: obj({ name: S("b") }),
    want: [".name: sensitive planned value does not match config value nor prior value"],
  },
  {
    name: "diff suppression needs a non-null config",
    schema: body({ attributes: { name: attr(str, opt) } }),
    prior: obj({ name: S("p") }),
    config: obj({ name: N(str) }),
    planned: obj({ name: S("p") }),
    want: ['.name: planned value cty.StringVal("p") for a non-computed attribute'],
  },
  {
    name: "optional+computed with config null: anything goes",
    schema: body({ attributes: { port: attr(numberType, optCmp) } }),
    prior: N(O({ port: numberType })),
    config: obj({ port: N(numberType) }),
    planned: obj({ port: numberVal(8080) }),
    want: [],
  },
  {
    name: "optional+computed with config set must keep it",
    schema: body({ attributes: { port: attr(numberType, optCmp) } }),
    prior: N(O({ port: numberType })),
    config: obj({ port: numberVal(80) }),
    planned: obj({ port: U(numberType) }),
    want: [
      ".port: planned value cty.UnknownVal(cty.Number) does not match config value cty.NumberIntVal(80)",
    ],
  },
  {
    name: "config unknown refined not-null, plan plain unknown (§7 45)",
    schema: body({ attributes: { name: attr(str, { required: true }) } }),
    prior: N(O({ name: str })),
    config: obj({ name: refine(U(str)).notNull().stringPrefixFull("ab").newValue() }),
    planned: obj({ name: U(str) }),
    want: [],
  },
  {
    name: "write-only attribute planned non-null",
    schema: body({ attributes: { password: attr(str, { optional: true, writeOnly: true }) } }),
    prior: N(O({ password: str })),
    config: obj({ password: S("hunter2") }),
    planned: obj({ password: S("hunter3") }),
    want: [".password: planned value for write-only attribute is not null"],
  },
  {
    name: "root planned null for a configured object",
    schema: body({ attributes: { name: attr(str, opt) } }),
    prior: N(O({ name: str })),
    config: obj({ name: S("a") }),
    planned: N(O({ name: str })),
    want: ["planned for absence but config wants existence"],
  },
  {
    name: "root planned for a null config",
    schema: body({ attributes: { name: attr(str, opt) } }),
    prior: N(O({ name: str })),
    config: N(O({ name: str })),
    planned: obj({ name: S("a") }),
    want: ["planned for existence but config wants absence"],
  },
  {
    name: "list block count changed (§7 44 sibling)",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: listType(O({ c: str })) })),
    config: obj({ b: listVal([obj({ c: S("x") })]) }),
    planned: obj({ b: listVal([obj({ c: S("x") }), obj({ c: S("y") })]) }),
    want: [".b: block count in plan (2) disagrees with count in config (1)"],
  },
  {
    name: "list block element unknown",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: listType(O({ c: str })) })),
    config: obj({ b: listVal([obj({ c: S("x") })]) }),
    planned: obj({ b: listVal([U(O({ c: str }))]) }),
    want: [
      ".b[0]: element representing nested block must not be unknown itself; set nested attribute values to unknown instead",
    ],
  },
  {
    name: "set block element unknown",
    schema: body({ blocks: { b: blk("set", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: setType(O({ c: str })) })),
    config: obj({ b: setVal([obj({ c: S("x") })]) }),
    planned: obj({ b: setVal([U(O({ c: str }))]) }),
    want: [
      ".b[(not yet known)]: element representing nested block must not be unknown itself; set nested attribute values to unknown instead",
    ],
  },
  {
    name: "configured block planned wholly unknown",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: listType(O({ c: str })) })),
    config: obj({ b: listVal([obj({ c: S("x") })]) }),
    planned: obj({ b: U(listType(O({ c: str }))) }),
    want: [".b: planned unknown value for non-computed block"],
  },
  {
    name: "computed block configured, planned wholly unknown",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }, { computed: true }) } }),
    prior: N(O({ b: listType(O({ c: str })) })),
    config: obj({ b: listVal([obj({ c: S("x") })]) }),
    planned: obj({ b: U(listType(O({ c: str }))) }),
    want: [".b: planned unknown value for configured block"],
  },
  {
    name: "computed block not configured: anything goes",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }, { computed: true }) } }),
    prior: N(O({ b: listType(O({ c: str })) })),
    config: obj({ b: N(listType(O({ c: str }))) }),
    planned: obj({ b: listVal([obj({ c: S("default") })]) }),
    want: [],
  },
  {
    name: "map block keys differ",
    schema: body({ blocks: { b: blk("map", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: mapType(O({ c: str })) })),
    config: obj({ b: mapVal({ x: obj({ c: S("1") }), y: obj({ c: S("2") }) }) }),
    planned: obj({ b: mapVal({ x: obj({ c: S("1") }), z: obj({ c: S("2") }) }) }),
    want: [
      '.b["z"]: block key "z" from plan is not present in config',
      '.b: block key "y" from config is not present in plan',
    ],
  },
  {
    name: "map block count differs",
    schema: body({ blocks: { b: blk("map", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: mapType(O({ c: str })) })),
    config: obj({ b: mapVal({ x: obj({ c: S("1") }) }) }),
    planned: obj({ b: mapValEmpty(O({ c: str })) }),
    want: [".b: block count in plan (0) disagrees with count in config (1)"],
  },
  {
    name: "map block with dynamic attribute (object-typed) keys differ",
    schema: body({ blocks: { b: blk("map", { attributes: { c: attr(dynamicType, opt) } }) } }),
    prior: N(O({ b: dynamicType })),
    config: obj({ b: obj({ x: obj({ c: S("1") }) }) }),
    planned: obj({ b: obj({ w: obj({ c: S("1") }) }) }),
    want: [
      '.b: block key "w" from plan is not present in config',
      '.b: block key "x" from config is not present in plan',
    ],
  },
  {
    name: "single block planned absent",
    schema: body({ blocks: { b: blk("single", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: O({ c: str }) })),
    config: obj({ b: obj({ c: S("x") }) }),
    planned: obj({ b: N(O({ c: str })) }),
    want: [".b: planned for absence but config wants existence"],
  },
  {
    name: "group block planned null",
    schema: body({ blocks: { b: blk("group", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: O({ c: str }) })),
    config: obj({ b: obj({ c: N(str) }) }),
    planned: obj({ b: N(O({ c: str })) }),
    want: [
      ".b: attribute representing a group of nested blocks must be empty to indicate no blocks, not null",
    ],
  },
  {
    name: "nested list attribute count differs",
    schema: body({ attributes: { a: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ a: listType(O({ b: str })) })),
    config: obj({ a: listVal([obj({ b: S("x") })]) }),
    planned: obj({ a: listVal([obj({ b: S("x") }), obj({ b: S("y") })]) }),
    want: [".a: count in plan (cty.NumberIntVal(2)) disagrees with count in config (cty.NumberIntVal(1))"],
  },
  {
    name: "nested list attribute: config unknown, plan known",
    schema: body({ attributes: { a: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ a: listType(O({ b: str })) })),
    config: obj({ a: U(listType(O({ b: str }))) }),
    planned: obj({ a: listVal([obj({ b: S("x") })]) }),
    want: [
      ".a: count in plan (cty.NumberIntVal(1)) disagrees with count in config (cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(0), true).NumberUpperBound(cty.NumberIntVal(9.223372036854775807e+18), true).NewValue())",
    ],
  },
  {
    name: "nested map attribute keys differ",
    schema: body({ attributes: { m: nested("map", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ m: mapType(O({ b: str })) })),
    config: obj({ m: mapVal({ x: obj({ b: S("1") }) }) }),
    planned: obj({ m: mapVal({ y: obj({ b: S("1") }) }) }),
    want: [
      '.m: map key "y" from plan is not present in config',
      '.m: map key "x" from config is not present in plan',
    ],
  },
  {
    name: "nested set attribute cannot shrink below config",
    schema: body({ attributes: { s: nested("set", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ s: setType(O({ b: str })) })),
    config: obj({ s: setVal([obj({ b: S("1") }), obj({ b: S("2") })]) }),
    planned: obj({ s: setVal([obj({ b: S("1") })]) }),
    want: [".s: count in plan (cty.NumberIntVal(1)) disagrees with count in config (cty.NumberIntVal(2))"],
  },
  {
    name: "nested single attribute planned for existence",
    schema: body({ attributes: { s: nested("single", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ s: O({ b: str }) })),
    config: obj({ s: N(O({ b: str })) }),
    planned: obj({ s: obj({ b: N(str) }) }),
    want: [
      '.s: planned value cty.ObjectVal(map[string]cty.Value{"b":cty.NullVal(cty.String)}) for a non-computed attribute',
    ],
  },
  {
    name: "nested single attribute: a child planned differently from config is reported inside",
    schema: body({ attributes: { s: nested("single", { b: attr(str, opt), c: attr(str, optCmp) }, opt) } }),
    prior: N(O({ s: O({ b: str, c: str }) })),
    config: obj({ s: obj({ b: S("x"), c: N(str) }) }),
    planned: obj({ s: obj({ b: S("y"), c: U(str) }) }),
    want: ['.s.b: planned value cty.StringVal("y") does not match config value cty.StringVal("x")'],
  },
  {
    name: "nested single attribute: a non-computed child null in config planned non-null",
    schema: body({ attributes: { s: nested("single", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ s: O({ b: str }) })),
    config: obj({ s: obj({ b: N(str) }) }),
    planned: obj({ s: obj({ b: S("y") }) }),
    want: ['.s.b: planned value cty.StringVal("y") for a non-computed attribute'],
  },
  {
    name: "nested single attribute: children kept from prior (diff suppression) are fine",
    schema: body({ attributes: { s: nested("single", { b: attr(str, opt) }, opt) } }),
    prior: obj({ s: obj({ b: S("old") }) }),
    config: obj({ s: obj({ b: S("new") }) }),
    planned: obj({ s: obj({ b: S("old") }) }),
    want: [],
  },
  {
    name: "nested single attribute configured but planned null",
    schema: body({ attributes: { s: nested("single", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ s: O({ b: str }) })),
    config: obj({ s: obj({ b: S("x") }) }),
    planned: obj({ s: N(O({ b: str })) }),
    want: [".s: planned for absence but config wants existence"],
  },
  {
    name: "nested list attribute configured but planned null",
    schema: body({ attributes: { l: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ l: listType(O({ b: str })) })),
    config: obj({ l: listVal([obj({ b: S("x") })]) }),
    planned: obj({ l: N(listType(O({ b: str }))) }),
    want: [".l: planned for absence but config wants existence"],
  },
  {
    name: "nested attribute (optional+computed) configured but planned unknown",
    schema: body({ attributes: { s: nested("single", { b: attr(str, opt) }, optCmp) } }),
    prior: N(O({ s: O({ b: str }) })),
    config: obj({ s: obj({ b: S("x") }) }),
    planned: obj({ s: U(O({ b: str })) }),
    want: [".s: planned unknown for configured value"],
  },
  {
    name: "nested list attribute: elements compared with config and prior by index",
    schema: body({ attributes: { l: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: obj({ l: listVal([obj({ b: S("p0") }), obj({ b: S("p1") })]) }),
    config: obj({ l: listVal([obj({ b: S("c0") }), obj({ b: S("c1") })]) }),
    planned: obj({ l: listVal([obj({ b: S("p0") }), obj({ b: S("zz") })]) }),
    want: [
      '.l[1].b: planned value cty.StringVal("zz") does not match config value cty.StringVal("c1") nor prior value cty.StringVal("p1")',
    ],
  },
  {
    name: "nested map attribute: elements compared with config and prior by key (GetAttr step)",
    schema: body({ attributes: { m: nested("map", { b: attr(str, opt) }, opt) } }),
    prior: obj({ m: mapVal({ k: obj({ b: S("p") }) }) }),
    config: obj({ m: mapVal({ k: obj({ b: S("c") }) }) }),
    planned: obj({ m: mapVal({ k: obj({ b: S("zz") }) }) }),
    want: [
      '.m.k.b: planned value cty.StringVal("zz") does not match config value cty.StringVal("c") nor prior value cty.StringVal("p")',
    ],
  },
  {
    name: "nested list attribute: both counts unknown is fine",
    schema: body({ attributes: { l: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ l: listType(O({ b: str })) })),
    config: obj({ l: U(listType(O({ b: str }))) }),
    planned: obj({ l: U(listType(O({ b: str }))) }),
    want: [],
  },
  {
    name: "nested set attribute: a planned count that may include the config's is fine",
    schema: body({ attributes: { s: nested("set", { b: attr(str, opt) }, optCmp) } }),
    prior: N(O({ s: setType(O({ b: str })) })),
    config: obj({ s: setVal([obj({ b: S("1") }), obj({ b: S("2") })]) }),
    planned: obj({ s: setVal([obj({ b: S("1") }), obj({ b: U(str) })]) }),
    want: [],
  },
  {
    name: "group block: attributes inside are checked against config",
    schema: body({
      blocks: { g: blk("group", { attributes: { c: attr(str, opt), d: attr(str, optCmp) } }) },
    }),
    prior: N(O({ g: O({ c: str, d: str }) })),
    config: obj({ g: obj({ c: S("x"), d: N(str) }) }),
    planned: obj({ g: obj({ c: S("y"), d: U(str) }) }),
    want: ['.g.c: planned value cty.StringVal("y") does not match config value cty.StringVal("x")'],
  },
  {
    name: "group block: prior values may be kept (diff suppression)",
    schema: body({ blocks: { g: blk("group", { attributes: { c: attr(str, opt) } }) } }),
    prior: obj({ g: obj({ c: S("old") }) }),
    config: obj({ g: obj({ c: S("new") }) }),
    planned: obj({ g: obj({ c: S("old") }) }),
    want: [],
  },
  {
    name: "group block planned unknown",
    schema: body({ blocks: { g: blk("group", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ g: O({ c: str }) })),
    config: obj({ g: obj({ c: N(str) }) }),
    planned: obj({ g: U(O({ c: str })) }),
    want: [".g: planned unknown value for non-computed block"],
  },
  {
    name: "list block: elements compared with prior by index",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }) } }),
    prior: obj({ b: listVal([obj({ c: S("p0") }), obj({ c: S("p1") })]) }),
    config: obj({ b: listVal([obj({ c: S("c0") }), obj({ c: S("c1") })]) }),
    planned: obj({ b: listVal([obj({ c: S("p0") }), obj({ c: S("p0") })]) }),
    want: [
      '.b[1].c: planned value cty.StringVal("p0") does not match config value cty.StringVal("c1") nor prior value cty.StringVal("p1")',
    ],
  },
  {
    name: "list block: an element planned unknown",
    schema: body({ blocks: { b: blk("list", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ b: listType(O({ c: str })) })),
    config: obj({ b: listVal([obj({ c: S("x") }), obj({ c: S("y") })]) }),
    planned: obj({ b: listVal([obj({ c: S("x") }), U(O({ c: str }))]) }),
    want: [
      ".b[1]: element representing nested block must not be unknown itself; set nested attribute values to unknown instead",
    ],
  },
  {
    name: "map block: elements compared with prior by key",
    schema: body({ blocks: { m: blk("map", { attributes: { c: attr(str, opt) } }) } }),
    prior: obj({ m: mapVal({ k: obj({ c: S("p") }) }) }),
    config: obj({ m: mapVal({ k: obj({ c: S("c") }) }) }),
    planned: obj({ m: mapVal({ k: obj({ c: S("zz") }) }) }),
    want: [
      '.m["k"].c: planned value cty.StringVal("zz") does not match config value cty.StringVal("c") nor prior value cty.StringVal("p")',
    ],
  },
  {
    name: "map block with dynamic attribute (object-typed): same keys, an element's value changed",
    schema: body({ blocks: { b: blk("map", { attributes: { c: attr(dynamicType, opt) } }) } }),
    prior: N(O({ b: O({ x: O({ c: dynamicType }), y: O({ c: dynamicType }) }) })),
    config: obj({ b: obj({ x: obj({ c: S("1") }), y: obj({ c: S("2") }) }) }),
    planned: obj({ b: obj({ x: obj({ c: S("1") }), y: obj({ c: S("3") }) }) }),
    want: ['.b.y.c: planned value cty.StringVal("3") does not match config value cty.StringVal("2")'],
  },
  {
    name: "map block with dynamic attribute (object-typed): an element planned unknown",
    schema: body({ blocks: { b: blk("map", { attributes: { c: attr(dynamicType, opt) } }) } }),
    prior: N(O({ b: O({ x: O({ c: dynamicType }) }) })),
    config: obj({ b: obj({ x: obj({ c: S("1") }) }) }),
    planned: obj({ b: obj({ x: U(O({ c: dynamicType })) }) }),
    want: [
      ".b.x: element representing nested block must not be unknown itself; set nested attribute values to unknown instead",
    ],
  },
  {
    name: "map block: an element planned unknown",
    schema: body({ blocks: { m: blk("map", { attributes: { c: attr(str, opt) } }) } }),
    prior: N(O({ m: mapType(O({ c: str })) })),
    config: obj({ m: mapVal({ k: obj({ c: S("x") }) }) }),
    planned: obj({ m: mapVal({ k: U(O({ c: str })) }) }),
    want: [
      '.m["k"]: element representing nested block must not be unknown itself; set nested attribute values to unknown instead',
    ],
  },
  {
    name: "a plain object-typed attribute is compared whole, not stepped into",
    schema: body({ attributes: { o: attr(O({ a: str, b: str }), opt) } }),
    prior: N(O({ o: O({ a: str, b: str }) })),
    config: obj({ o: obj({ a: S("x"), b: N(str) }) }),
    planned: obj({ o: obj({ a: S("x"), b: S("y") }) }),
    want: [
      '.o: planned value cty.ObjectVal(map[string]cty.Value{"a":cty.StringVal("x"), "b":cty.StringVal("y")}) does not match config value cty.ObjectVal(map[string]cty.Value{"a":cty.StringVal("x"), "b":cty.NullVal(cty.String)})',
    ],
  },
  {
    name: "nested map attribute: a count mismatch is reported alone",
    schema: body({ attributes: { m: nested("map", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ m: mapType(O({ b: str })) })),
    config: obj({ m: mapVal({ x: obj({ b: S("1") }) }) }),
    planned: obj({ m: mapVal({ x: obj({ b: S("2") }), y: obj({ b: S("1") }) }) }),
    want: [".m: count in plan (cty.NumberIntVal(2)) disagrees with count in config (cty.NumberIntVal(1))"],
  },
  {
    name: "nested list attribute: a count mismatch is reported alone",
    schema: body({ attributes: { l: nested("list", { b: attr(str, opt) }, opt) } }),
    prior: N(O({ l: listType(O({ b: str })) })),
    config: obj({ l: listVal([obj({ b: S("1") })]) }),
    planned: obj({ l: listVal([obj({ b: S("2") }), obj({ b: S("1") })]) }),
    want: [".l: count in plan (cty.NumberIntVal(2)) disagrees with count in config (cty.NumberIntVal(1))"],
  },
  {
    name: "a single block absent in config and plan: nothing inside is checked",
    schema: body({
      blocks: { s: blk("single", { blocks: { l: blk("list", { attributes: { c: attr(str, opt) } }) } }) },
    }),
    prior: N(O({ s: O({ l: listType(O({ c: str })) }) })),
    config: obj({ s: N(O({ l: listType(O({ c: str })) })) }),
    planned: obj({ s: N(O({ l: listType(O({ c: str })) })) }),
    want: [],
  },
  {
    name: "dynamic attribute value change",
    schema: body({ attributes: { d: attr(dynamicType, opt) } }),
    prior: N(O({ d: dynamicType })),
    config: obj({ d: S("a") }),
    planned: obj({ d: DynamicVal }),
    want: ['.d: planned value cty.DynamicVal does not match config value cty.StringVal("a")'],
  },
];

const sorted = (xs: readonly string[]) => [...xs].sort();

describe("assertPlanValid", () => {
  it.each(terraformCases)("terraform: $name", (c) => {
    expect(sorted(assertPlanValid(c.schema, c.prior, c.config, c.planned).map(formatViolation))).toEqual(
      sorted(c.want),
    );
  });

  it.each(more)("$name", (c) => {
    expect(sorted(assertPlanValid(c.schema, c.prior, c.config, c.planned).map(formatViolation))).toEqual(
      sorted(c.want),
    );
  });

  it("names the rule and stage, and keeps the path as data", () => {
    const schema = body({ attributes: { name: attr(str, opt) } });
    const [v, ...rest] = assertPlanValid(
      schema,
      N(O({ name: str })),
      obj({ name: N(str) }),
      obj({ name: S("b") }),
    );
    expect(rest).toEqual([]);
    expect(v?.rule).toBe(ContractRule.nonComputedValue);
    expect(v?.stage).toBe("plan");
    expect(v?.path).toEqual([{ kind: "attribute", name: "name" }]);
    expect(v?.message).toBe('planned value cty.StringVal("b") for a non-computed attribute');
  });

  it("a null prior, config and plan (nothing to create) is valid; blocks inside are not looked at", () => {
    const schema = body({
      attributes: { a: attr(str, opt) },
      blocks: { l: blk("list", { attributes: { c: attr(str, opt) } }) },
    });
    const t = O({ a: str, l: listType(O({ c: str })) });
    expect(assertPlanValid(schema, N(t), N(t), N(t))).toEqual([]);
  });

  it("a check that fails is reported as internal_error on the plan stage, not thrown", () => {
    const broken = { attributes: { a: undefined }, blocks: {} } as unknown as BodyShape;
    const v = assertPlanValid(broken, EmptyObjectVal, EmptyObjectVal, EmptyObjectVal);
    expect(v.map((x) => [x.stage, x.rule])).toEqual([["plan", ContractRule.internalError]]);
  });

  it("never throws on values of the wrong shape; reports or tolerates them", () => {
    const schema = body({
      attributes: { name: attr(str, opt), n: nested("list", { b: attr(str, opt) }, opt) },
      blocks: {
        b: blk("list", { attributes: { c: attr(str, opt) } }),
        m: blk("map", { attributes: { c: attr(str, opt) } }),
      },
    });
    const odd = [
      S("x"),
      EmptyObjectVal,
      DynamicVal,
      N(dynamicType),
      obj({ b: S("x"), m: listValEmpty(str), n: S("?") }),
    ];
    for (const a of odd) {
      for (const b of odd) {
        // A check that threw is reported as internal_error (guarded()); odd values must not cause it.
        const rules = [
          ...assertPlanValid(schema, a, b, odd[4] as Value),
          ...assertPlanValid(schema, N(dynamicType), a, b),
        ].map((v) => v.rule);
        expect(rules).not.toContain(ContractRule.internalError);
      }
    }
  });
});
