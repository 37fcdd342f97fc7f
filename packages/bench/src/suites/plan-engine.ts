import { checkPlannedState, formatViolation } from "@tfkit/contracts";
import {
  boolVal,
  fromMsgpack,
  listVal,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringType,
  stringVal,
  toMsgpack,
  type Value,
} from "@tfkit/cty-values";
import {
  type PlanAction,
  planResourceChange,
  proposedNew,
  requiresReplace,
  useStateForUnknown,
} from "@tfkit/plan-engine";
import { type AnyAttributeSpec, attr, resourceSchema, t } from "@tfkit/schema";
import type { TimedCase, TimedSuite } from "../runner.js";

/**
 * Issue #4's benchmark: planning a resource with 200 attributes and a 1,000-element set-nested
 * attribute, against the floor every provider pays for the same RPC — decoding prior state,
 * config and proposed state from msgpack and encoding the planned state back.
 *
 * Two scenarios on one schema: an update (a few top-level attributes and one set element
 * changed; every other set element correlates with its prior element) and a create (null prior).
 */

/** Number of plain (non-nested) top-level attributes. */
export const ATTRIBUTE_COUNT = 200;
/** Number of elements of the set-nested attribute `rules`. */
export const RULE_COUNT = 1000;

/**
 * The kinds the 200 attributes cycle through: each knows its spec and its config/state value.
 * `i` is the attribute's index (it varies the values and picks the few with plan modifiers).
 */
interface AttributeKind {
  readonly suffix: string;
  readonly spec: (i: number) => AnyAttributeSpec;
  /** Config value; `undefined` = null in config. */
  readonly config: (i: number) => Value | undefined;
  /** Prior state value (what apply stored); `undefined` = null. */
  readonly state: (i: number) => Value | undefined;
}

const tags = (i: number): Value => mapVal({ env: stringVal("prod"), team: stringVal(`team-${i % 7}`) });
const zones = (i: number): Value => listVal(["a", "b", "c"].map((z) => stringVal(`eu-west-${i % 3}${z}`)));

const KINDS: readonly AttributeKind[] = [
  {
    suffix: "req_string",
    // The first three required strings force replacement when they change.
    spec: (i) => attr.string({ required: true, ...(i < 36 ? { planModifiers: [requiresReplace()] } : {}) }),
    config: (i) => stringVal(`value-${i}`),
    state: (i) => stringVal(`value-${i}`),
  },
  {
    suffix: "opt_string",
    spec: () => attr.string({ optional: true }),
    config: (i) => stringVal(`optional-${i}`),
    state: (i) => stringVal(`optional-${i}`),
  },
  {
    suffix: "opt_string_unset",
    spec: () => attr.string({ optional: true }),
    config: () => undefined,
    state: () => undefined,
  },
  {
    suffix: "computed_string",
    // The first five computed strings keep their state value instead of "known after apply".
    spec: (i) =>
      attr.string({ computed: true, ...(i < 60 ? { planModifiers: [useStateForUnknown()] } : {}) }),
    config: () => undefined,
    state: (i) => stringVal(`computed-${i}`),
  },
  {
    suffix: "opt_computed_int",
    spec: () => attr.int64({ optional: true, computed: true }),
    config: () => undefined,
    state: (i) => numberVal(i * 7),
  },
  {
    suffix: "default_string",
    spec: () => attr.string({ optional: true, computed: true, default: "standard" }),
    config: () => undefined,
    state: () => stringVal("standard"),
  },
  {
    suffix: "opt_bool",
    spec: () => attr.bool({ optional: true }),
    config: (i) => boolVal(i % 2 === 0),
    state: (i) => boolVal(i % 2 === 0),
  },
  {
    suffix: "opt_list",
    spec: () => attr.list(t.string, { optional: true }),
    config: zones,
    state: zones,
  },
  {
    suffix: "opt_map",
    spec: () => attr.map(t.string, { optional: true }),
    config: tags,
    state: tags,
  },
  {
    suffix: "req_float",
    spec: () => attr.float64({ required: true }),
    config: (i) => numberVal(i + 0.5),
    state: (i) => numberVal(i + 0.5),
  },
  {
    suffix: "computed_bool",
    spec: () => attr.bool({ computed: true }),
    config: () => undefined,
    state: (i) => boolVal(i % 3 === 0),
  },
  {
    suffix: "default_bool_set",
    spec: () => attr.bool({ optional: true, computed: true, default: false }),
    config: () => boolVal(true),
    state: () => boolVal(true),
  },
];

const attributeName = (i: number): string =>
  `a${String(i).padStart(3, "0")}_${KINDS[i % KINDS.length]!.suffix}`;

/** Schema: 200 mixed attributes plus `rules`, an optional set-nested attribute. */
function buildSchema() {
  const attributes: Record<string, AnyAttributeSpec> = {};
  for (let i = 0; i < ATTRIBUTE_COUNT; i++) attributes[attributeName(i)] = KINDS[i % KINDS.length]!.spec(i);
  attributes.rules = attr.setNested(
    {
      name: attr.string({ required: true }),
      port: attr.int64({ required: true }),
      cidr: attr.string({ optional: true }),
      // No default here: with the Go framework's set matching, a default makes a changed
      // element lose its computed values (planned null) unless the set has `keyBy`.
      protocol: attr.string({ optional: true, computed: true }),
      id: attr.string({ computed: true }),
      status: attr.string({ computed: true }),
    },
    { optional: true },
  );
  return resourceSchema({ attributes });
}

/** The values of one plan request, plus their msgpack encodings. */
export interface PlanFixture {
  readonly prior: Value;
  readonly config: Value;
  readonly proposed: Value;
  readonly planned: Value;
  readonly action: PlanAction;
  readonly priorBytes: Uint8Array;
  readonly configBytes: Uint8Array;
  readonly proposedBytes: Uint8Array;
}

/** The benchmark schema (built once: the self-check is not what is measured). */
export const planSchema = buildSchema();

function rule(j: number, phase: "config" | "state", portShift = 0): Value {
  const inState = phase === "state";
  return objectVal({
    name: stringVal(`rule-${j}`),
    port: numberVal(1000 + j + portShift),
    cidr: j % 2 === 0 ? stringVal(`10.${j >> 8}.${j & 255}.0/24`) : nullVal(stringType),
    protocol: inState ? stringVal("tcp") : nullVal(stringType),
    id: inState ? stringVal(`rule-id-${j}`) : nullVal(stringType),
    status: inState ? stringVal("active") : nullVal(stringType),
  });
}

/**
 * One resource value. `changed` lists attribute indexes whose config value differs from the
 * original; `changedRule` is a rule whose port changed (it no longer correlates with state).
 */
function resourceValue(phase: "config" | "state", changed: ReadonlySet<number>, changedRule?: number): Value {
  const out: Record<string, Value> = {};
  for (let i = 0; i < ATTRIBUTE_COUNT; i++) {
    const name = attributeName(i);
    const kind = KINDS[i % KINDS.length]!;
    let v = phase === "config" ? kind.config(i) : kind.state(i);
    if (changed.has(i) && v !== undefined && v.type.kind === "string")
      v = stringVal(`${v.asString()}-changed`);
    out[name] = v ?? nullVal(planSchema.attributes[name]!.type);
  }
  const rules: Value[] = [];
  for (let j = 0; j < RULE_COUNT; j++) rules.push(rule(j, phase, j === changedRule ? 1 : 0));
  out.rules = setVal(rules);
  return objectVal(out);
}

/** Indexes (kind `opt_string`) of the attributes the update scenario changes. */
const UPDATED_ATTRIBUTES: ReadonlySet<number> = new Set([1, 13, 25, 37]);

function fixture(prior: Value, config: Value): PlanFixture {
  const proposed = proposedNew(planSchema, prior, config);
  const result = planResourceChange({ schema: planSchema, prior, config, proposed });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`plan fixture: ${errors.map((d) => d.summary).join("; ")}`);
  const violations = checkPlannedState(planSchema, { prior, config, planned: result.plannedState });
  if (violations.length > 0) throw new Error(`plan fixture: ${violations.map(formatViolation).join("; ")}`);
  const type = planSchema.type;
  return {
    prior,
    config,
    proposed,
    planned: result.plannedState,
    action: result.action,
    priorBytes: toMsgpack(prior, type),
    configBytes: toMsgpack(config, type),
    proposedBytes: toMsgpack(proposed, type),
  };
}

/** Update: four optional strings and one rule's port changed. */
export function updateFixture(): PlanFixture {
  const prior = resourceValue("state", new Set());
  const config = resourceValue("config", UPDATED_ATTRIBUTES, 500);
  return fixture(prior, config);
}

/** Create: the update's config with a null prior state. */
export function createFixture(): PlanFixture {
  return fixture(nullVal(planSchema.type), resourceValue("config", UPDATED_ATTRIBUTES, 500));
}

/** What a provider does at minimum: decode the three request values, encode the answer. */
export function floor(f: PlanFixture): unknown[] {
  const type = planSchema.type;
  return [
    fromMsgpack(f.priorBytes, type),
    fromMsgpack(f.configBytes, type),
    fromMsgpack(f.proposedBytes, type),
    toMsgpack(f.planned, type),
  ];
}

/** The plan pipeline on decoded values. */
export function pipeline(f: PlanFixture): Value {
  return planResourceChange({ schema: planSchema, prior: f.prior, config: f.config, proposed: f.proposed })
    .plannedState;
}

/** The pipeline followed by the strict-mode check of its answer. */
export function strictPipeline(f: PlanFixture): unknown {
  const planned = pipeline(f);
  return [planned, checkPlannedState(planSchema, { prior: f.prior, config: f.config, planned })];
}

/** The whole strict PlanResourceChange body: decode, plan, check, encode. */
export function strictRpc(f: PlanFixture): Uint8Array {
  const type = planSchema.type;
  const prior = fromMsgpack(f.priorBytes, type);
  const config = fromMsgpack(f.configBytes, type);
  const proposed = fromMsgpack(f.proposedBytes, type);
  const planned = planResourceChange({ schema: planSchema, prior, config, proposed }).plannedState;
  checkPlannedState(planSchema, { prior, config, planned });
  return toMsgpack(planned, type);
}

function planSuite(scenario: "update" | "create", make: () => PlanFixture): TimedSuite {
  let f: PlanFixture | undefined;
  const get = (): PlanFixture => {
    if (f === undefined) throw new Error("plan-engine suite: setup did not run");
    return f;
  };
  const timed = (op: string, fn: (f: PlanFixture) => unknown): TimedCase => ({
    name: `plan-engine/${op}/${scenario}`,
    fn: () => fn(get()),
  });
  return {
    kind: "timed",
    name: `plan-engine/plan-${scenario}`,
    note:
      `${ATTRIBUTE_COUNT} attributes + a ${RULE_COUNT}-element set-nested attribute (6 attributes, 3 computed); ` +
      "ratio = median / floor (msgpack decode of prior, config, proposed + encode of the plan)",
    time: 4000,
    // Many short interleaved rounds: the shared machine's load drifts by the second.
    rounds: 5,
    warmupIterations: 3,
    setup: () => {
      f = make();
    },
    teardown: () => {
      f = undefined;
    },
    baseline: timed("floor", floor),
    cases: [
      timed("proposedNew", (x) => proposedNew(planSchema, x.prior, x.config)),
      timed("planResourceChange", pipeline),
      timed("planResourceChange+checkPlannedState", strictPipeline),
      timed("strict-rpc", strictRpc),
    ],
  };
}

/** The plan-engine suites: update and create. */
export const planEngineSuites: readonly TimedSuite[] = [
  planSuite("update", updateFixture),
  planSuite("create", createFixture),
];
