/**
 * The differential cases: crafted provider answers that obey or break each rule terraform core
 * applies. Every scenario says which rule it breaks (if any) and what terraform prints then; the
 * test asserts terraform fails exactly then, and that @tfkit/contracts reports a violation
 * exactly when terraform fails.
 */
import {
  boolVal,
  listType,
  nullVal,
  numberType,
  numberVal,
  objectVal,
  refine,
  setType,
  stringType,
  stringVal,
  tupleVal,
  type Type,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import type { Scenario } from "./scenario.js";
import {
  COMPUTED_BLOCK_THING,
  DATA_THING,
  computedBlockSchema,
  DYNAMIC_THING,
  MAP_BLOCK_THING,
  mapBlockSchema,
  NEST_THING,
  nestSchema,
  thingSchema,
} from "./schema.js";
import { attrs, items, list, map, patch, replaceMsgpackString, set } from "./values.js";

const elementTypeOf = (t: Type | undefined): Type => {
  if (t && (t.kind === "list" || t.kind === "set")) return t.elementType;
  throw new Error("not a collection type");
};
const ruleType = elementTypeOf(thingSchema.type.attributeTypes.rule);
const tagType = elementTypeOf(thingSchema.type.attributeTypes.tag);
const itemType = elementTypeOf(computedBlockSchema.type.attributeTypes.item);
const diskType = elementTypeOf(thingSchema.type.attributeTypes.disks);
const labelType = elementTypeOf(thingSchema.type.attributeTypes.labels);

/** A `disks` element. */
const disk = (size: number, kind: string | null = null): Value =>
  objectVal({ kind: kind === null ? nullVal(stringType) : stringVal(kind), size: numberVal(size) });
const disks = (...d: Value[]) => list(diskType, d);

const entryType = (() => {
  const t = mapBlockSchema.type.attributeTypes.entry;
  if (t?.kind !== "map") throw new Error("entry is not a map block");
  return t.elementType;
})();
/** An `entry` map block element. */
const entry = (v: string, c: Value): Value => objectVal({ c, v: stringVal(v) });
/** The elements of the planned `entry` map block. */
const entries = (planned: Value): Record<string, Value> => attrs(planned.getAttr("entry"));

/** A `rule` block element. */
const rule = (port: number, note: Value = nullVal(stringType)): Value =>
  objectVal({ note, port: numberVal(port) });
/** A `tag` block element. */
const tag = (key: string, value: string | null): Value =>
  objectVal({ key: stringVal(key), value: value === null ? nullVal(stringType) : stringVal(value) });

const rules = (...r: Value[]) => list(ruleType, r);

const nestObjType = (() => {
  const t = nestSchema.type.attributeTypes.grp;
  if (t?.kind !== "object") throw new Error("grp is not a group block");
  return t;
})();
/** A `tfdiff_nest` object (`one`, `grp` or `solo`: all three have `a` optional, `c` computed). */
const nestVal = (a: string | null, c: Value): Value =>
  objectVal({ a: a === null ? nullVal(stringType) : stringVal(a), c });
const tags = (...t: Value[]) => set(tagType, t);

// What terraform 1.11.4 prints for each checkpoint.
const INVALID_PLAN = /Error: Provider produced invalid plan/;
const FINAL_PLAN = /Error: Provider produced inconsistent final plan/;
const INCONSISTENT_APPLY = /Error: Provider produced inconsistent result after apply/;
const INVALID_RESULT = /Error: Provider returned invalid result object after apply/;
const INVALID_OBJECT = /Error: Provider produced invalid object/;
const INVALID_UPGRADE = /Error: Invalid resource state upgrade/;
/** A value of the wrong type does not even decode: terraform reports the decoder's error. */
const UNDECODABLE = /Error: .*(required|msgpack)/;

/** The stored state of the update, refresh and upgrade scenarios (matches {@link PRIOR_CONFIG}). */
const PRIOR = {
  id: "thing-1",
  name: "a",
  size: 1,
  mode: "auto",
  secret: null,
  tags: ["a"],
  rule: [],
  tag: [],
  password: null,
  disks: null,
  labels: null,
};
const PRIOR_CONFIG = `name = "a"\n  size = 1`;

const TWO_RULES = `name = "a"
  rule {
    port = 80
  }
  rule {
    port = 81
  }`;
const TWO_DISKS = `name = "a"\n  disks = [{ size = 1 }, { size = 2 }]`;
const TWO_ENTRIES = `entry "a" {\n    v = "1"\n  }\n  entry "b" {\n    v = "2"\n  }`;
const ONE_TAG = `name = "a"
  tag {
    key   = "k"
    value = "v"
  }`;

/** Every scenario, in the order the test runs them. */
export const scenarios: readonly Scenario[] = [
  // --- PlanResourceChange on create: AssertPlanValid ---
  {
    name: "plan/create: proposed state, unconfigured computed values unknown",
    command: "plan",
    config: `name = "a"\n  size = 3\n  secret = "s"`,
  },
  {
    name: "plan/create: required attribute planned differently from config",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { name: stringVal("b") }) }),
    breaks: "planned value does not match config value",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: optional attribute planned differently from config",
    command: "plan",
    config: `name = "a"\n  size = 1`,
    plan: (c) => ({ planned: patch(c.planned, { size: numberVal(2) }) }),
    breaks: "planned value does not match config value",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: value for a non-computed attribute null in config",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { size: numberVal(5) }) }),
    breaks: "planned value for a non-computed attribute",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: unknown for a non-computed attribute null in config",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { size: unknownVal(numberType) }) }),
    breaks: "planned value (unknown) for a non-computed attribute",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: unknown left in a configured required attribute",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { name: unknownVal(stringType) }) }),
    breaks: "planned unknown does not match config value",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: optional+computed left as configured",
    command: "plan",
    config: `name = "a"\n  mode = "x"`,
  },
  {
    name: "plan/create: optional+computed null in config, provider picks a value",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { mode: stringVal("auto") }) }),
  },
  {
    name: "plan/create: optional+computed configured, provider changes it",
    command: "plan",
    config: `name = "a"\n  mode = "x"`,
    plan: (c) => ({ planned: patch(c.planned, { mode: stringVal("y") }) }),
    breaks: "planned value does not match config value",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: computed attribute known at plan time",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { id: stringVal("thing-1") }) }),
  },
  {
    name: "plan/create: sensitive attribute planned differently from config",
    command: "plan",
    config: `name = "a"\n  secret = "s"`,
    plan: (c) => ({ planned: patch(c.planned, { secret: stringVal("t") }) }),
    breaks: "sensitive planned value does not match config value",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: computed list attribute known",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({
      planned: patch(c.planned, { tags: list(stringType, [stringVal("x"), stringVal("y")]) }),
    }),
  },
  {
    name: "plan/create: computed list attribute refined unknown (not null, length >= 1)",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({
      planned: patch(c.planned, {
        tags: refine(unknownVal(listType(stringType)))
          .notNull()
          .collectionLengthLowerBound(1)
          .newValue(),
      }),
    }),
  },
  {
    name: "plan/create: whole object planned null for a configured resource",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: nullVal(c.planned.type) }),
    breaks: "planned for absence but config wants existence",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: wrong type (string in a number attribute)",
    command: "plan",
    config: `name = "a"\n  size = 1`,
    plan: (c) => ({ planned: patch(c.planned, { size: stringVal("big") }) }),
    breaks: "planned state does not conform to the schema type",
    terraformSays: UNDECODABLE,
  },
  {
    name: "plan/create: wrong type (bool in a string attribute)",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { name: boolVal(true) }) }),
    breaks: "planned state does not conform to the schema type",
    terraformSays: UNDECODABLE,
  },

  // --- blocks in the plan ---
  {
    name: "plan/blocks: computed attribute inside list blocks left unknown",
    command: "plan",
    config: TWO_RULES,
  },
  {
    name: "plan/blocks: computed attribute inside a list block known",
    command: "plan",
    config: TWO_RULES,
    plan: (c) => ({
      planned: patch(c.planned, { rule: rules(rule(80, stringVal("n")), rule(81, stringVal("m"))) }),
    }),
  },
  {
    name: "plan/blocks: list block count changed",
    command: "plan",
    config: TWO_RULES,
    plan: (c) => ({ planned: patch(c.planned, { rule: rules(rule(80, unknownVal(stringType))) }) }),
    breaks: "block count in plan disagrees with count in config",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/blocks: list block added when config has none",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { rule: rules(rule(80)) }) }),
    breaks: "block count in plan disagrees with count in config",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/blocks: list block type planned null instead of empty",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { rule: nullVal(listType(ruleType)) }) }),
    breaks: "a list of nested blocks must be empty to indicate no blocks, not null",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/blocks: list block element planned unknown",
    command: "plan",
    config: TWO_RULES,
    plan: (c) => ({ planned: patch(c.planned, { rule: rules(rule(80), unknownVal(ruleType)) }) }),
    breaks: "element representing nested block must not be unknown itself",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/blocks: whole list block type planned unknown",
    command: "plan",
    config: TWO_RULES,
    plan: (c) => ({ planned: patch(c.planned, { rule: unknownVal(listType(ruleType)) }) }),
    breaks: "planned unknown value for a configured (non-computed) block",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/blocks: required attribute inside a list block changed",
    command: "plan",
    config: TWO_RULES,
    plan: (c) => ({
      planned: patch(c.planned, {
        rule: rules(rule(80, unknownVal(stringType)), rule(82, unknownVal(stringType))),
      }),
    }),
    breaks: "planned value does not match config value (rule[1].port)",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/blocks: set block element changed (sets are only checked for unknown elements)",
    command: "plan",
    config: ONE_TAG,
    plan: (c) => ({ planned: patch(c.planned, { tag: tags(tag("k", "w")) }) }),
  },
  {
    name: "plan/blocks: set block gains an element (not checked either)",
    command: "plan",
    config: ONE_TAG,
    plan: (c) => ({ planned: patch(c.planned, { tag: tags(tag("k", "v"), tag("extra", null)) }) }),
  },
  {
    name: "plan/blocks: set block element planned unknown",
    command: "plan",
    config: ONE_TAG,
    plan: (c) => ({ planned: patch(c.planned, { tag: tags(unknownVal(tagType)) }) }),
    breaks: "element representing nested block must not be unknown itself",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/blocks: set block type planned null",
    command: "plan",
    config: ONE_TAG,
    plan: (c) => ({ planned: patch(c.planned, { tag: nullVal(setType(tagType)) }) }),
    breaks: "a set of nested blocks must be empty to indicate no blocks, not null",
    terraformSays: INVALID_PLAN,
  },

  // --- nested attributes ---
  {
    name: "nested list: computed nested attribute filled at plan time",
    command: "plan",
    config: TWO_DISKS,
    plan: (c) => ({ planned: patch(c.planned, { disks: disks(disk(1, "ssd"), disk(2, "hdd")) }) }),
  },
  {
    name: "nested list: element count changed in plan",
    command: "plan",
    config: TWO_DISKS,
    plan: (c) => ({ planned: patch(c.planned, { disks: disks(disk(1)) }) }),
    breaks: "count in plan disagrees with count in config",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nested list: configured nested attribute planned unknown",
    command: "plan",
    config: TWO_DISKS,
    plan: (c) => ({
      planned: patch(c.planned, {
        disks: disks(disk(1), objectVal({ kind: nullVal(stringType), size: unknownVal(numberType) })),
      }),
    }),
    breaks: "planned value does not match config value (disks[1].size)",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nested list: whole configured nested attribute planned unknown",
    command: "plan",
    config: TWO_DISKS,
    plan: (c) => ({ planned: patch(c.planned, { disks: unknownVal(listType(diskType)) }) }),
    breaks: "planned unknown for configured value",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nested list: value planned for an unconfigured (non-computed) nested attribute",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { disks: disks(disk(1)) }) }),
    breaks: "planned value for a non-computed attribute",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nested set: element changed, same count (only the count is checked)",
    command: "plan",
    config: `name = "a"\n  labels = [{ name = "x" }]`,
    plan: (c) => ({
      planned: patch(c.planned, { labels: set(labelType, [objectVal({ name: stringVal("y") })]) }),
    }),
  },
  {
    name: "nested set: an extra element",
    command: "plan",
    config: `name = "a"\n  labels = [{ name = "x" }]`,
    plan: (c) => ({
      planned: patch(c.planned, {
        labels: set(labelType, [objectVal({ name: stringVal("x") }), objectVal({ name: stringVal("y") })]),
      }),
    }),
    breaks: "count in plan disagrees with count in config",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nested list: apply changes a configured nested value",
    command: "apply",
    config: TWO_DISKS,
    apply: (c) => patch(c.newState, { disks: disks(disk(1), disk(3)) }),
    breaks: "was cty.NumberIntVal(2), but now cty.NumberIntVal(3)",
    terraformSays: INCONSISTENT_APPLY,
  },

  // --- write-only attributes ---
  {
    name: "write-only: configured, planned and applied as null",
    command: "apply",
    config: `name = "a"\n  password = "hunter2"`,
  },
  {
    name: "write-only: plan returns the configured value",
    command: "plan",
    config: `name = "a"\n  password = "hunter2"`,
    plan: (c) => ({ planned: patch(c.planned, { password: stringVal("hunter2") }) }),
    breaks: "returned a value for the write-only attribute during planning",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "write-only: apply returns a value",
    command: "apply",
    config: `name = "a"\n  password = "hunter2"`,
    apply: (c) => patch(c.newState, { password: stringVal("hunter2") }),
    breaks: "returned a value for the write-only attribute after apply",
    terraformSays: INVALID_OBJECT,
  },
  {
    name: "write-only: read returns a value",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    read: (st) => patch(st, { password: stringVal("hunter2") }),
    breaks: "returned a value for the write-only attribute on read",
    terraformSays: INVALID_OBJECT,
  },
  {
    name: "write-only: upgrade returns a value",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    upgrade: (st) => patch(st, { password: stringVal("hunter2") }),
    breaks: "returned a value for the write-only attribute on upgrade",
    terraformSays: INVALID_UPGRADE,
  },

  // --- PlanResourceChange on update (stored prior state) ---
  {
    name: "plan/update: no change (proposed = prior)",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
  },
  {
    name: "plan/update: diff suppression keeps the prior value of a changed attribute",
    command: "plan",
    prior: PRIOR,
    config: `name = "a"\n  size = 2`,
    plan: (c) => ({ planned: patch(c.planned, { size: numberVal(1) }) }),
  },
  {
    name: "plan/update: value matches neither config nor prior",
    command: "plan",
    prior: PRIOR,
    config: `name = "a"\n  size = 2`,
    plan: (c) => ({ planned: patch(c.planned, { size: numberVal(3) }) }),
    breaks: "planned value does not match config value nor prior value",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/update: computed attribute changes known -> different known",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    plan: (c) => ({ planned: patch(c.planned, { id: stringVal("thing-2") }) }),
  },
  {
    name: "plan/update: keeps the prior value of an optional attribute removed from config",
    command: "plan",
    prior: PRIOR,
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { size: numberVal(1) }) }),
    breaks: "planned value for a non-computed attribute (diff suppression needs a non-null config)",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/update: optional+computed removed from config, planned null",
    command: "plan",
    prior: PRIOR,
    config: `name = "a"\n  size = 1`,
    plan: (c) => ({ planned: patch(c.planned, { mode: nullVal(stringType) }) }),
  },
  {
    name: "plan/update: requires_replace on a changed attribute (replace, then the re-plan)",
    command: "plan",
    prior: PRIOR,
    config: `name = "b"\n  size = 1`,
    plan: (c) => ({
      planned: c.prior.isNull() ? c.planned : patch(c.planned, { id: unknownVal(stringType) }),
      requiresReplace: c.prior.isNull() ? [] : [[{ kind: "attribute", name: "name" }]],
    }),
  },
  {
    name: "plan/update: requires_replace on a non-existent attribute path",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    plan: (c) => ({ planned: c.planned, requiresReplace: [[{ kind: "attribute", name: "nope" }]] }),
    breaks: "requires replacement on a non-existent attribute path",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/update: requires_replace on a missing list element",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    plan: (c) => ({
      planned: c.planned,
      requiresReplace: [
        [
          { kind: "attribute", name: "tags" },
          { kind: "elementKeyInt", key: 5 },
        ],
      ],
    }),
    breaks: "requires replacement on a non-existent attribute path",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "plan/create: requires_replace on a non-existent path is not checked on create",
    command: "plan",
    config: `name = "a"`,
    plan: (c) => ({ planned: c.planned, requiresReplace: [[{ kind: "attribute", name: "nope" }]] }),
  },

  // --- destroy plans ---
  {
    name: "destroy plan: null planned state",
    command: "destroy-plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
  },
  {
    name: "destroy plan: non-null planned state",
    command: "destroy-plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    plan: (c) => ({ planned: c.config.isNull() ? c.prior : c.planned }),
    breaks: "planned a non-null destroy value",
    terraformSays: /Error: Provider produced invalid plan/,
  },

  // --- ReadResource ---
  {
    name: "read: drift (a changed value) is fine",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    read: (s) => patch(s, { size: numberVal(7), id: stringVal("thing-7") }),
  },
  {
    name: "read: null (the object is gone)",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    read: (s) => nullVal(s.type),
  },
  {
    name: "read: returns an unknown value",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    read: (s) => patch(s, { id: unknownVal(stringType) }),
    breaks: "The returned state contains unknown values",
    terraformSays: INVALID_OBJECT,
  },
  {
    name: "read: wrong type (number in a string attribute)",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    read: (s) => patch(s, { id: numberVal(7) }),
    breaks: "new state does not conform to the schema type",
    terraformSays: UNDECODABLE,
  },

  // --- UpgradeResourceState ---
  {
    name: "upgrade: computed value rewritten (any conforming, known value is fine)",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    upgrade: (s) => patch(s, { id: stringVal("thing-upgraded") }),
  },
  {
    name: "upgrade: returns an unknown value",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    upgrade: (s) => patch(s, { mode: unknownVal(stringType) }),
    breaks: "The returned state contains unknown values",
    terraformSays: INVALID_UPGRADE,
  },
  {
    name: "upgrade: non-conforming value (a list where a string belongs)",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    upgrade: (s) => patch(s, { mode: list(stringType, [stringVal("auto")]) }),
    breaks: "upgraded state does not conform to the schema type",
    terraformSays: UNDECODABLE,
  },

  {
    name: "upgrade: returns a null object",
    command: "plan",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    upgrade: (st) => nullVal(st.type),
  },

  // --- ApplyResourceChange: AssertObjectCompatible ---
  {
    name: "apply: fills every planned unknown (top level and inside list blocks)",
    command: "apply",
    config: `${TWO_RULES}\n  size = 3\n  secret = "s"`,
  },
  {
    name: "apply: changes a known planned optional value",
    command: "apply",
    config: `name = "a"\n  size = 1`,
    apply: (c) => patch(c.newState, { size: numberVal(2) }),
    breaks: "was cty.NumberIntVal(1), but now cty.NumberIntVal(2)",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: changes a computed value that was known in the plan",
    command: "apply",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { id: stringVal("thing-1") }) }),
    apply: (c) => patch(c.newState, { id: stringVal("thing-2") }),
    breaks: 'was cty.StringVal("thing-1"), but now cty.StringVal("thing-2")',
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: known value becomes null",
    command: "apply",
    config: `name = "a"\n  mode = "x"`,
    apply: (c) => patch(c.newState, { mode: nullVal(stringType) }),
    breaks: 'was cty.StringVal("x"), but now null',
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: leaves an unknown value",
    command: "apply",
    config: `name = "a"`,
    apply: (c) => patch(c.newState, { id: unknownVal(stringType) }),
    breaks: "the provider still indicated an unknown value after apply",
    terraformSays: INVALID_RESULT,
  },
  {
    name: "apply: changes a set block element",
    command: "apply",
    config: ONE_TAG,
    apply: (c) => patch(c.newState, { tag: tags(tag("k", "w")) }),
    breaks: "planned set element does not correlate with any element in actual",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: a set block grows",
    command: "apply",
    config: ONE_TAG,
    apply: (c) => patch(c.newState, { tag: tags(tag("k", "v"), tag("extra", null)) }),
    breaks: "actual set element does not correlate with any element in plan",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: returns a different list block count",
    command: "apply",
    config: TWO_RULES,
    apply: (c) => patch(c.newState, { rule: rules(...items(c.newState.getAttr("rule")).slice(0, 1)) }),
    breaks: "block count changed from 2 to 1",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: changes a required attribute inside a list block",
    command: "apply",
    config: TWO_RULES,
    apply: (c) => patch(c.newState, { rule: rules(rule(80, stringVal("n")), rule(90, stringVal("n"))) }),
    breaks: "was cty.NumberIntVal(81), but now cty.NumberIntVal(90)",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: computed list attribute gets any value (planned unknown)",
    command: "apply",
    config: `name = "a"`,
    apply: (c) =>
      patch(c.newState, { tags: list(stringType, [stringVal("p"), stringVal("q"), stringVal("r")]) }),
  },
  {
    name: "apply: returns a null object on create",
    command: "apply",
    config: `name = "a"`,
    apply: (c) => nullVal(c.planned.type),
    breaks: "Root object was present, but now absent",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: sensitive value changed",
    command: "apply",
    config: `name = "a"\n  secret = "s"`,
    apply: (c) => patch(c.newState, { secret: stringVal("t") }),
    breaks: "inconsistent values for sensitive attribute",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: wrong type (number in a string attribute)",
    command: "apply",
    config: `name = "a"`,
    apply: (c) => patch(c.newState, { id: numberVal(1) }),
    breaks: "new state does not conform to the schema type",
    terraformSays: UNDECODABLE,
  },

  {
    name: "apply: computed list attribute known at plan time gains an element",
    command: "apply",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { tags: list(stringType, [stringVal("p")]) }) }),
    apply: (c) => patch(c.newState, { tags: list(stringType, [stringVal("p"), stringVal("q")]) }),
    breaks: "new element 1 has appeared",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: set block element with an unknown nested value filled at apply",
    command: "apply",
    config: `name = "a"\n  tag {\n    key = "k"\n  }`,
    plan: (c) => ({
      planned: patch(c.planned, {
        tag: tags(objectVal({ key: stringVal("k"), value: unknownVal(stringType) })),
      }),
    }),
    apply: (c) => patch(c.newState, { tag: tags(tag("k", "filled")) }),
  },
  {
    name: "apply: set elements differing only by unknowns merge (the set shrinks)",
    command: "apply",
    config: `name = "a"\n  tag {\n    key = "k"\n  }\n  tag {\n    key   = "k"\n    value = "x"\n  }`,
    plan: (c) => {
      const pending = objectVal({ key: stringVal("k"), value: unknownVal(stringType) });
      return { planned: patch(c.planned, { tag: tags(pending, pending) }) };
    },
    apply: (c) => patch(c.newState, { tag: tags(tag("k", "z")) }),
  },
  {
    name: "apply: a known set block element vanishes",
    command: "apply",
    config: `${ONE_TAG}\n  tag {\n    key = "other"\n  }`,
    apply: (c) => patch(c.newState, { tag: tags(tag("k", "v")) }),
    breaks: "planned set element does not correlate with any element in actual",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: no new state at all on create (reaches core as null)",
    command: "apply",
    config: `name = "a"`,
    apply: () => undefined,
    breaks: "Root object was present, but now absent",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply with a provider error: partial state differs from the plan",
    command: "apply",
    config: `name = "a"\n  size = 1`,
    applyFails: true,
    apply: (c) => patch(c.newState, { size: numberVal(2) }),
  },
  {
    name: "apply with a provider error: no new state",
    command: "apply",
    config: `name = "a"`,
    applyFails: true,
    apply: () => undefined,
  },
  {
    name: "apply with a provider error: partial state still holds an unknown",
    command: "apply",
    config: `name = "a"`,
    applyFails: true,
    apply: (c) => patch(c.newState, { id: unknownVal(stringType) }),
    breaks: "the provider still indicated an unknown value after apply (checked despite the error)",
    terraformSays: INVALID_RESULT,
  },
  {
    name: "apply/update: in-place update of a stored object",
    command: "apply",
    prior: PRIOR,
    config: `name = "a"\n  size = 2`,
  },
  {
    name: "apply/update: update changes a value the plan kept",
    command: "apply",
    prior: PRIOR,
    config: `name = "a"\n  size = 2`,
    apply: (c) => patch(c.newState, { mode: stringVal("manual") }),
    breaks: 'was cty.StringVal("auto"), but now cty.StringVal("manual")',
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "destroy: apply returns null",
    command: "destroy",
    prior: PRIOR,
    config: PRIOR_CONFIG,
  },
  {
    name: "destroy: apply returns the object after deleting it",
    command: "destroy",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    apply: (c) => (c.planned.isNull() ? c.prior : c.newState),
    breaks: "returned a non-null object after destroying",
    terraformSays: INVALID_RESULT,
  },

  {
    name: "apply: planned unknown (unrefined) becomes null",
    command: "apply",
    config: TWO_RULES,
    apply: (c) => patch(c.newState, { tags: nullVal(listType(stringType)), rule: rules(rule(80), rule(81)) }),
  },
  {
    name: "destroy with a provider error: the object is still returned",
    command: "destroy",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    applyFails: true,
    apply: (c) => (c.planned.isNull() ? c.prior : c.newState),
  },

  {
    name: "apply: string sent NFD-decomposed for an NFC config value (decoders normalize)",
    command: "apply",
    config: `name = "caf\u00e9"`,
    rewriteApplyBytes: (b) => replaceMsgpackString(b, "caf\u00e9", "cafe\u0301"),
  },
  {
    name: "apply: string sent as msgpack binary",
    command: "apply",
    config: `name = "abc"`,
    rewriteApplyBytes: (b) => replaceMsgpackString(b, "abc", "abc", "bin"),
  },
  {
    name: "apply: string sent as msgpack binary with other content",
    command: "apply",
    config: `name = "abc"`,
    rewriteApplyBytes: (b) => replaceMsgpackString(b, "abc", "abd", "bin"),
    breaks: 'was cty.StringVal("abc"), but now cty.StringVal("abd")',
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: float64 0.1 returned for a configured 0.1 (go-cty number equality)",
    command: "apply",
    config: `name = "a"\n  size = 0.1`,
    apply: (c) => patch(c.newState, { size: numberVal(0.1) }),
  },
  {
    name: "apply: the float64 after 0.1 returned for a configured 0.1",
    command: "apply",
    config: `name = "a"\n  size = 0.1`,
    apply: (c) => patch(c.newState, { size: numberVal(0.10000000000000002) }),
    breaks: 'was cty.MustParseNumberVal("0.1"), but now cty.NumberFloatVal(0.10000000000000002)',
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: 2^63 returned as a float64 for a configured 9223372036854775808 (go-cty: not equal)",
    command: "apply",
    config: `name = "a"\n  size = 9223372036854775808`,
    apply: (c) => patch(c.newState, { size: numberVal(2 ** 63) }),
    // Same number, but go-cty compares numbers by their shortest text at their own precision:
    // the float64 reads "9223372036854776000", the 512-bit config value "9223372036854775808".
    breaks: "was cty.NumberIntVal(9.223372036854775808e+18), but now cty.NumberIntVal(9.223372036854776e+18)",
    terraformSays: INCONSISTENT_APPLY,
  },

  // --- refinements ---
  {
    name: "refinement: not-null unknown planned, apply returns null",
    command: "apply",
    config: `name = "a"`,
    plan: (c) => ({
      planned: patch(c.planned, {
        tags: refine(unknownVal(listType(stringType)))
          .notNull()
          .newValue(),
      }),
    }),
    apply: (c) => patch(c.newState, { tags: nullVal(listType(stringType)) }),
    breaks: "final value does not conform to planning placeholder",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "refinement: string prefix planned, apply returns another prefix",
    command: "apply",
    config: `name = "a"`,
    plan: (c) => ({
      planned: patch(c.planned, {
        mode: refine(unknownVal(stringType)).notNull().stringPrefix("auto-").newValue(),
      }),
    }),
    apply: (c) => patch(c.newState, { mode: stringVal("manual") }),
    breaks: "final value does not conform to planning placeholder",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "refinement: string prefix planned and honoured",
    command: "apply",
    config: `name = "a"`,
    plan: (c) => ({
      planned: patch(c.planned, {
        mode: refine(unknownVal(stringType)).notNull().stringPrefix("auto-").newValue(),
      }),
    }),
    apply: (c) => patch(c.newState, { mode: stringVal("auto-7") }),
  },
  {
    name: "refinement: list length bounds planned, apply returns too many elements",
    command: "apply",
    config: `name = "a"`,
    plan: (c) => ({
      planned: patch(c.planned, {
        tags: refine(unknownVal(listType(stringType)))
          .notNull()
          .collectionLengthUpperBound(1)
          .newValue(),
      }),
    }),
    apply: (c) => patch(c.newState, { tags: list(stringType, [stringVal("p"), stringVal("q")]) }),
    breaks: "final value does not conform to planning placeholder",
    terraformSays: INCONSISTENT_APPLY,
  },

  // --- the final plan (PlanResourceChange again during apply) ---
  {
    name: "final plan: known computed value differs between the two plans",
    command: "apply",
    config: `name = "a"`,
    plan: (c) => ({ planned: patch(c.planned, { id: stringVal(`plan-${c.planIndex + 1}`) }) }),
    breaks: 'was cty.StringVal("plan-1"), but now cty.StringVal("plan-2")',
    terraformSays: FINAL_PLAN,
  },
  {
    name: "final plan: unknown in the first plan, known in the final plan",
    command: "apply",
    config: `name = "a"`,
    plan: (c) =>
      c.planIndex === 0 ? { planned: c.planned } : { planned: patch(c.planned, { id: stringVal("late") }) },
  },
  {
    name: "final plan: known in the first plan, unknown in the final plan",
    command: "apply",
    config: `name = "a"`,
    plan: (c) =>
      c.planIndex === 0 ? { planned: patch(c.planned, { id: stringVal("early") }) } : { planned: c.planned },
    breaks: "was known, but now unknown",
    terraformSays: FINAL_PLAN,
  },
  {
    name: "final plan: refined unknown in the first plan, value outside the refinement in the final plan",
    command: "apply",
    config: `name = "a"`,
    plan: (c) => ({
      planned: patch(c.planned, {
        mode:
          c.planIndex === 0
            ? refine(unknownVal(stringType)).notNull().stringPrefix("auto-").newValue()
            : stringVal("manual"),
      }),
    }),
    breaks: "final value does not conform to planning placeholder",
    terraformSays: FINAL_PLAN,
  },

  // --- a dynamic attribute: the value's own type travels with it ---
  {
    name: "dynamic: configured value kept, any value for an unconfigured one",
    resource: DYNAMIC_THING,
    command: "apply",
    config: `value = { a = 1 }`,
  },
  {
    name: "dynamic: plan changes the type of a configured value",
    resource: DYNAMIC_THING,
    command: "plan",
    config: `value = "x"`,
    plan: (c) => ({ planned: patch(c.planned, { value: numberVal(1) }) }),
    breaks: 'planned value cty.NumberIntVal(1) does not match config value cty.StringVal("x")',
    terraformSays: INVALID_PLAN,
  },
  {
    name: "dynamic: planned wholly unknown (DynamicVal), apply returns a number",
    resource: DYNAMIC_THING,
    command: "apply",
    config: "",
    apply: (c) => patch(c.newState, { value: numberVal(5) }),
  },
  {
    name: "dynamic: planned unknown string, apply returns a number",
    resource: DYNAMIC_THING,
    command: "apply",
    config: "",
    plan: (c) => ({ planned: patch(c.planned, { value: unknownVal(stringType) }) }),
    apply: (c) => patch(c.newState, { value: numberVal(5) }),
    breaks: "wrong final value type: string required",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "dynamic: known planned value comes back with another type",
    resource: DYNAMIC_THING,
    command: "apply",
    config: "",
    plan: (c) => ({ planned: patch(c.planned, { value: stringVal("5") }) }),
    apply: (c) => patch(c.newState, { value: numberVal(5) }),
    breaks: "wrong final value type: string required",
    terraformSays: INCONSISTENT_APPLY,
  },

  // --- a map block ---
  {
    name: "map block: computed attributes filled at apply",
    resource: MAP_BLOCK_THING,
    command: "apply",
    config: TWO_ENTRIES,
  },
  {
    name: "map block: key in plan not in config",
    resource: MAP_BLOCK_THING,
    command: "plan",
    config: TWO_ENTRIES,
    plan: (c) => ({
      planned: patch(c.planned, {
        entry: map(entryType, { ...entries(c.planned), z: entry("3", unknownVal(stringType)) }),
      }),
    }),
    breaks:
      "block count in plan (3) disagrees with count in config (2) (the count is checked before the keys)",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "map block: configured key missing from the plan",
    resource: MAP_BLOCK_THING,
    command: "plan",
    config: TWO_ENTRIES,
    plan: (c) => ({
      planned: patch(c.planned, { entry: map(entryType, { a: entry("1", unknownVal(stringType)) }) }),
    }),
    breaks:
      "block count in plan (1) disagrees with count in config (2) (the count is checked before the keys)",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "map block: a key renamed in the plan (same count)",
    resource: MAP_BLOCK_THING,
    command: "plan",
    config: TWO_ENTRIES,
    plan: (c) => ({
      planned: patch(c.planned, {
        entry: map(entryType, {
          a: entry("1", unknownVal(stringType)),
          z: entry("2", unknownVal(stringType)),
        }),
      }),
    }),
    breaks: 'block key "z" from plan is not present in config',
    terraformSays: INVALID_PLAN,
  },
  {
    name: "map block: element planned unknown",
    resource: MAP_BLOCK_THING,
    command: "plan",
    config: TWO_ENTRIES,
    plan: (c) => ({
      planned: patch(c.planned, {
        entry: map(entryType, { a: entry("1", unknownVal(stringType)), b: unknownVal(entryType) }),
      }),
    }),
    breaks: "element representing nested block must not be unknown itself",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "map block: apply drops a key",
    resource: MAP_BLOCK_THING,
    command: "apply",
    config: TWO_ENTRIES,
    apply: (c) => patch(c.newState, { entry: map(entryType, { a: entry("1", stringVal("filled")) }) }),
    breaks: "block count changed from 2 to 1",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "map block: apply changes a configured value",
    resource: MAP_BLOCK_THING,
    command: "apply",
    config: TWO_ENTRIES,
    apply: (c) =>
      patch(c.newState, {
        entry: map(entryType, { a: entry("1", stringVal("filled")), b: entry("9", stringVal("filled")) }),
      }),
    breaks: 'was cty.StringVal("2"), but now cty.StringVal("9")',
    terraformSays: INCONSISTENT_APPLY,
  },

  // --- ReadDataSource ---
  {
    name: "data source: computed results known",
    dataSource: DATA_THING,
    command: "plan",
    config: `name = "a"`,
  },
  {
    name: "data source: null result",
    dataSource: DATA_THING,
    command: "plan",
    config: `name = "a"`,
    readData: (st) => nullVal(st.type),
    breaks: "produced a null value",
    terraformSays: /Error: Provider produced null object/,
  },
  {
    name: "data source: an unknown result",
    dataSource: DATA_THING,
    command: "plan",
    config: `name = "a"`,
    readData: (st) => patch(st, { value: unknownVal(stringType) }),
    breaks: "produced a value that is not wholly known",
    terraformSays: INVALID_OBJECT,
  },
  {
    name: "data source: an argument changed (not checked: a data source may return anything)",
    dataSource: DATA_THING,
    command: "plan",
    config: `name = "a"`,
    readData: (st) => patch(st, { name: stringVal("b") }),
  },
  {
    name: "data source: wrong type",
    dataSource: DATA_THING,
    command: "plan",
    config: `name = "a"`,
    readData: (st) => patch(st, { value: numberVal(1) }),
    breaks: "state does not conform to the schema type",
    terraformSays: UNDECODABLE,
  },

  // --- computed blocks (tfplugin6 6.11; terraform 1.11.4 has no such thing) ---
  {
    name: "computed block: left empty when the config has none",
    resource: COMPUTED_BLOCK_THING,
    command: "plan",
    config: "",
  },
  {
    // Terraform 1.11.4 does not know computed blocks: it sends the unconfigured block type as an
    // empty list, not null (main's PrepareComputedBlocks would send null). Judged on the config
    // 1.11.4 really sent, contracts rejects the filled block too.
    name: "computed block: provider fills a computed block type the config leaves out",
    resource: COMPUTED_BLOCK_THING,
    command: "plan",
    config: "",
    plan: (c) => ({
      planned: patch(c.planned, { item: list(itemType, [objectVal({ v: stringVal("filled") })]) }),
    }),
    breaks: "block count in plan (1) disagrees with count in config (0): 1.11.4 sends the config as []",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "apply: a (non-computed) list block type returned null",
    command: "apply",
    config: TWO_RULES,
    apply: (c) => patch(c.newState, { rule: nullVal(listType(ruleType)) }),
  },
  {
    name: "computed block: apply returns null for a computed block type",
    resource: COMPUTED_BLOCK_THING,
    command: "apply",
    config: "",
    apply: (c) => patch(c.newState, { item: nullVal(listType(itemType)) }),
    knownDifference:
      "terraform 1.11.4 predates computed blocks (tfplugin6 6.11) and skips list blocks that come back " +
      "null; @tfkit/contracts follows terraform main, where a computed block type returned null is " +
      "`null block value after apply`.",
  },

  // --- issue 18: the cases mutation testing found untested ---
  {
    name: "nest/plan: a child of a single nested attribute planned differently from config",
    resource: NEST_THING,
    command: "plan",
    config: `one = { a = "x" }`,
    plan: (c) => ({ planned: patch(c.planned, { one: nestVal("y", unknownVal(stringType)) }) }),
    breaks: 'planned value cty.StringVal("y") does not match config value cty.StringVal("x") (.one.a)',
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nest/plan: a single nested attribute configured but planned null",
    resource: NEST_THING,
    command: "plan",
    config: `one = { a = "x" }`,
    plan: (c) => ({ planned: patch(c.planned, { one: nullVal(nestObjType) }) }),
    breaks: "planned for absence but config wants existence",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nest/apply: computed child of a single nested attribute filled at apply",
    resource: NEST_THING,
    command: "apply",
    config: `one = { a = "x" }`,
    plan: (c) => ({ planned: patch(c.planned, { one: nestVal("x", unknownVal(stringType)) }) }),
    apply: (c) => patch(c.newState, { one: nestVal("x", stringVal("filled")) }),
  },
  {
    name: "nest/apply: a child of a single nested attribute changed after apply",
    resource: NEST_THING,
    command: "apply",
    config: `one = { a = "x" }`,
    plan: (c) => ({ planned: patch(c.planned, { one: nestVal("x", stringVal("k")) }) }),
    apply: (c) => patch(c.newState, { one: nestVal("x", stringVal("other")) }),
    breaks: 'was cty.StringVal("k"), but now cty.StringVal("other") (.one.c)',
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "nest/plan: a group block's attribute planned differently from config",
    resource: NEST_THING,
    command: "plan",
    config: `grp {
    a = "x"
  }`,
    plan: (c) => ({ planned: patch(c.planned, { grp: nestVal("y", unknownVal(stringType)) }) }),
    breaks: 'planned value cty.StringVal("y") does not match config value cty.StringVal("x") (.grp.a)',
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nest/plan: an omitted group block is an object of nulls; computed values may be set",
    resource: NEST_THING,
    command: "apply",
    config: "",
    plan: (c) => ({ planned: patch(c.planned, { grp: nestVal(null, unknownVal(stringType)) }) }),
  },
  {
    name: "nest/plan: a group block planned null",
    resource: NEST_THING,
    command: "plan",
    config: "",
    plan: (c) => ({ planned: patch(c.planned, { grp: nullVal(nestObjType) }) }),
    breaks: "attribute representing a group of nested blocks must be empty to indicate no blocks, not null",
    terraformSays: INVALID_PLAN,
  },
  {
    name: "nest/apply: a group block's attribute changed after apply",
    resource: NEST_THING,
    command: "apply",
    config: `grp {
    a = "x"
  }`,
    plan: (c) => ({ planned: patch(c.planned, { grp: nestVal("x", stringVal("k")) }) }),
    apply: (c) => patch(c.newState, { grp: nestVal("x", stringVal("other")) }),
    breaks: 'was cty.StringVal("k"), but now cty.StringVal("other") (.grp.c)',
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "nest/apply: a configured single block returned null after apply",
    resource: NEST_THING,
    command: "apply",
    config: `solo {
    a = "x"
  }`,
    apply: (c) => patch(c.newState, { solo: nullVal(nestObjType) }),
    breaks: "was present, but now absent (.solo)",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply: a list block element's known computed value changed after apply",
    command: "apply",
    config: TWO_RULES,
    plan: (c) => ({
      planned: patch(c.planned, { rule: rules(rule(80, stringVal("n")), rule(81, stringVal("m"))) }),
    }),
    apply: (c) =>
      patch(c.newState, { rule: rules(rule(80, stringVal("n")), rule(81, stringVal("changed"))) }),
    breaks: 'was cty.StringVal("m"), but now cty.StringVal("changed") (.rule[1].note)',
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "dynamic: a tuple element changed after apply (tuples compared element by element)",
    resource: DYNAMIC_THING,
    command: "apply",
    config: `value = ["a", 1]`,
    apply: (c) => patch(c.newState, { value: tupleVal([stringVal("a"), numberVal(2)]) }),
    breaks: "was cty.NumberIntVal(1), but now cty.NumberIntVal(2) (.value[1])",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "apply/update: returns a null object on update",
    command: "apply",
    prior: PRIOR,
    config: `name = "a"
  size = 2`,
    apply: (c) => nullVal(c.planned.type),
    breaks: "Root object was present, but now absent",
    terraformSays: INCONSISTENT_APPLY,
  },
  {
    name: "final plan: requires_replace only in the final plan (Update → DeleteThenCreate)",
    command: "apply",
    prior: PRIOR,
    config: `name = "a"\n  size = 2`,
    plan: (c) => ({
      planned: c.planned,
      requiresReplace: c.planIndex > 0 && !c.prior.isNull() ? [[{ kind: "attribute", name: "size" }]] : [],
    }),
    breaks: "changed the planned action from Update to DeleteThenCreate",
    terraformSays: FINAL_PLAN,
  },
  {
    name: "final plan: an update becomes a no-op once unknowns are known (Update → NoOp)",
    command: "apply",
    prior: PRIOR,
    config: PRIOR_CONFIG,
    plan: (c) => ({
      planned: c.planIndex === 0 ? patch(c.planned, { mode: unknownVal(stringType) }) : c.planned,
    }),
  },
  {
    name: "plan/update: requires_replace on a path only the plan has",
    command: "plan",
    prior: PRIOR,
    config: `name = "a"\n  size = 1\n  disks = [{ size = 5 }]`,
    plan: (c) => ({
      planned: c.prior.isNull() ? c.planned : patch(c.planned, { id: unknownVal(stringType) }),
      requiresReplace: c.prior.isNull()
        ? []
        : [
            [
              { kind: "attribute", name: "disks" },
              { kind: "elementKeyInt", key: 0 },
            ],
          ],
    }),
  },
];

/** The scenario with this name (throws on an unknown name: a harness bug). */
export function scenarioNamed(name: string): Scenario {
  const s = scenarios.find((x) => x.name === name);
  if (!s) throw new Error(`unknown scenario ${JSON.stringify(name)}`);
  return s;
}
