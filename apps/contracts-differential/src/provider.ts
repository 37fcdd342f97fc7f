/**
 * The differential test provider, written against the raw `ProviderServer`: well-behaved answers
 * by default, replaced by the scenario's hooks, and every resource RPC recorded (request and
 * response bytes) for the test to judge with @tfkit/contracts.
 */
import {
  fromJson,
  fromMsgpack,
  nullVal,
  type Path,
  attributeStep,
  indexStep,
  numberVal,
  stringVal,
  toMsgpack,
  type Type,
  testConformance,
  type Value,
} from "@tfkit/cty-values";
import type { AttributePath, DynamicValue, ProviderServer } from "@tfkit/grpc-transport";
import { appendRecord, type CallRecord, readRecords, recordValue } from "./record.js";
import { PROVIDER_ERROR_SUMMARY, type Scenario } from "./scenario.js";
import { dataSchemas, schemaOf, schemas, toWireSchema, typeOf } from "./schema.js";
import { fillUnknowns, nullWriteOnly, unknownComputed } from "./values.js";

function decode(v: DynamicValue | undefined, t: Type): Value {
  const bytes = v?.msgpack;
  return bytes && bytes.length > 0 ? fromMsgpack(bytes, t) : nullVal(t);
}

/**
 * The type a crafted value goes on the wire as: the schema's when the value conforms to it (a
 * `dynamic` attribute then travels with its own type), else the value's own type (a scenario
 * sending the wrong type).
 */
function wireType(v: Value, schemaType: Type): Type {
  return testConformance(v.type, schemaType).length === 0 ? schemaType : v.type;
}

function encode(v: Value, schemaType: Type): DynamicValue {
  return { msgpack: toMsgpack(v, wireType(v, schemaType)) };
}

/** Converts a wire attribute path to a cty path (for contracts' `checkRequiresReplace`). */
export function toCtyPath(p: AttributePath): Path {
  return p.map((s) =>
    s.kind === "attribute"
      ? attributeStep(s.name)
      : s.kind === "elementKeyString"
        ? indexStep(stringVal(s.key))
        : indexStep(numberVal(s.key)),
  );
}

/** The provider for one scenario; `recordFile` receives one JSON line per resource RPC. */
export function createProvider(scenario: Scenario, recordFile: string): ProviderServer {
  const record = (r: CallRecord) => appendRecord(recordFile, r);
  const pid = process.pid;
  return {
    getProviderSchema: () => ({
      provider: { block: {} },
      resourceSchemas: Object.fromEntries(Object.entries(schemas).map(([n, s]) => [n, toWireSchema(s)])),
      dataSourceSchemas: Object.fromEntries(
        Object.entries(dataSchemas).map(([n, s]) => [n, toWireSchema(s)]),
      ),
      serverCapabilities: { planDestroy: true },
    }),

    upgradeResourceState: (req) => {
      const t = typeOf(req.typeName);
      const rawJson = new TextDecoder().decode(req.rawState?.json ?? new Uint8Array());
      const stored = fromJson(rawJson, t);
      const upgraded = scenario.upgrade ? scenario.upgrade(stored) : stored;
      const upgradedState = encode(upgraded, t);
      record({
        rpc: "UpgradeResourceState",
        pid,
        typeName: req.typeName,
        errors: false,
        rawJson,
        upgraded: recordValue(upgradedState, wireType(upgraded, t)),
      });
      return { upgradedState };
    },

    readResource: (req) => {
      const t = typeOf(req.typeName);
      const current = decode(req.currentState, t);
      const next = scenario.read ? scenario.read(current) : current;
      const newState = encode(next, t);
      record({
        rpc: "ReadResource",
        pid,
        typeName: req.typeName,
        errors: false,
        current: recordValue(req.currentState, t),
        newState: recordValue(newState, wireType(next, t)),
      });
      return { newState };
    },

    planResourceChange: (req) => {
      const t = typeOf(req.typeName);
      const prior = decode(req.priorState, t);
      const config = decode(req.config, t);
      const proposed = decode(req.proposedNewState, t);
      const planIndex = readRecords(recordFile).filter((r) => r.rpc === "PlanResourceChange").length;
      const schema = schemaOf(req.typeName);
      const wellBehaved = proposed.isNull()
        ? proposed
        : nullWriteOnly(schema, unknownComputed(schema, proposed));
      const answer = scenario.plan
        ? scenario.plan({ prior, config, proposed, planned: wellBehaved, planIndex })
        : { planned: wellBehaved };
      const plannedState = encode(answer.planned, t);
      const requiresReplace = answer.requiresReplace ?? [];
      record({
        rpc: "PlanResourceChange",
        pid,
        typeName: req.typeName,
        errors: false,
        prior: recordValue(req.priorState, t),
        config: recordValue(req.config, t),
        proposed: recordValue(req.proposedNewState, t),
        planned: recordValue(plannedState, wireType(answer.planned, t)),
        requiresReplace,
      });
      return { plannedState, requiresReplace };
    },

    readDataSource: (req) => {
      const t = typeOf(req.typeName);
      const config = decode(req.config, t);
      const wellBehaved = fillUnknowns(unknownComputed(schemaOf(req.typeName), config));
      const next = scenario.readData ? scenario.readData(wellBehaved) : wellBehaved;
      const state = encode(next, t);
      record({
        rpc: "ReadDataSource",
        pid,
        typeName: req.typeName,
        errors: false,
        config: recordValue(req.config, t),
        state: recordValue(state, wireType(next, t)),
      });
      return { state };
    },

    applyResourceChange: (req) => {
      const t = typeOf(req.typeName);
      const prior = decode(req.priorState, t);
      const planned = decode(req.plannedState, t);
      const wellBehaved = planned.isNull() ? planned : fillUnknowns(planned);
      const next = scenario.apply ? scenario.apply({ prior, planned, newState: wellBehaved }) : wellBehaved;
      const encoded = next === undefined ? undefined : encode(next, t);
      const rewrite = scenario.rewriteApplyBytes;
      const newState = encoded?.msgpack && rewrite ? { msgpack: rewrite(encoded.msgpack) } : encoded;
      const errors = scenario.applyFails === true;
      record({
        rpc: "ApplyResourceChange",
        pid,
        typeName: req.typeName,
        errors,
        prior: recordValue(req.priorState, t),
        planned: recordValue(req.plannedState, t),
        newState: next === undefined ? undefined : recordValue(newState, wireType(next, t)),
      });
      return {
        ...(newState === undefined ? {} : { newState }),
        ...(errors ? { diagnostics: [{ severity: "error" as const, summary: PROVIDER_ERROR_SUMMARY }] } : {}),
      };
    },
  };
}
