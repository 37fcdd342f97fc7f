import {
  checkApplyResult,
  checkDestroyPlan,
  checkPlannedState,
  checkReadResult,
  type Violation,
} from "@tfkit/contracts";
import { getPath, nullVal, type Path, rawEquals, setPath, stringVal, type Value } from "@tfkit/cty-values";
import type {
  ApplyResourceChangeRequest,
  ApplyResourceChangeResponse,
  CallContext,
  ClientCapabilities,
  DeferredReason,
  DiagnosticsResponse,
  ImportResourceStateRequest,
  ImportResourceStateResponse,
  MoveResourceStateRequest,
  MoveResourceStateResponse,
  PlanResourceChangeRequest,
  PlanResourceChangeResponse,
  ReadResourceRequest,
  ReadResourceResponse,
  UpgradeResourceStateRequest,
  UpgradeResourceStateResponse,
} from "@tfkit/grpc-transport";
import {
  type ModifyPlanRequest as EngineModifyPlanRequest,
  nullWriteOnlyAttributes,
  planResourceChange,
} from "@tfkit/plan-engine";
import {
  type Diagnostic,
  emptyValue,
  type PathInput,
  fromModel,
  type Schema,
  type SchemaBody,
  specAtPath,
  toModel,
  resourceSchema,
  toPath,
  validateConfig,
} from "@tfkit/schema";
import { decodeStateJson, type JsonObject, upgradeResourceState } from "@tfkit/upgrade";
import type { ApplyContext, ModifyPlanContext, ResourceContext } from "../context.js";
import { Diagnostics, normalisePath, toAttributePath } from "../diagnostics.js";
import type { ResourceType } from "../resource.js";
import { decodeDynamic, encodeDynamic, unknownsToNull } from "./codec.js";
import { keepUnchanged } from "./model-merge.js";
import { encodePrivate } from "./private-state.js";
import {
  deferral,
  readPrivate,
  reportViolations,
  resultDiagnostic,
  type Runtime,
  thrownDiagnostic,
  wire,
} from "./runtime.js";
import { formatDuration, parseDuration, runWithTimeout } from "./timeouts.js";

type AnyResource = ResourceType<Schema, unknown, unknown>;
type Model = Record<string, unknown>;

/** @internal Builds the context of a resource hook. */
function resourceContext(
  rt: Runtime,
  res: AnyResource,
  call: CallContext,
  signal: AbortSignal,
  diagnostics: Diagnostics,
  priv: { value: unknown },
  extra: object = {},
): ResourceContext {
  // Plain properties of `extra` first; the getters below must stay getters (never spread them).
  const ctx = {
    ...extra,
    typeName: res.typeName,
    signal,
    logger: call.logger.with({ tf_resource_type: res.typeName }),
    diagnostics,
    get client(): unknown {
      return rt.client();
    },
    get private(): unknown {
      return priv.value;
    },
    setPrivate(value: unknown): void {
      priv.value = value;
    },
  };
  return ctx;
}

/**
 * The schema with top-level required attributes made optional: what `read` sees after an
 * import, when only the attributes `importState` set are known (the Go framework's model holds
 * nulls there too).
 */
const relaxedSchemas = new WeakMap<Schema, Schema>();
function relaxed(schema: Schema): Schema {
  let r = relaxedSchemas.get(schema);
  if (r === undefined) {
    const attributes: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(schema.attributes)) {
      attributes[name] = spec.required
        ? Object.freeze({ ...spec, presence: "optional", required: false, optional: true })
        : spec;
    }
    try {
      r = resourceSchema({
        version: schema.version,
        attributes: attributes as never,
        blocks: schema.blocks,
      }) as unknown as Schema;
    } catch {
      r = schema; // cannot relax: the read reports the null required attribute instead
    }
    relaxedSchemas.set(schema, r);
  }
  return r;
}

/** Null model of a body: attributes null, blocks empty (what `emptyValue` holds). */
function nullModel(body: SchemaBody): Model {
  const out: Model = {};
  for (const name of Object.keys(body.attributes)) out[name] = null;
  for (const [name, b] of Object.entries(body.blocks)) {
    out[name] =
      b.nesting === "single" ? null : b.nesting === "group" ? nullModel(b) : b.nesting === "map" ? {} : [];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// ValidateResourceConfig

/** @internal */
export async function validateResource(
  res: AnyResource,
  config: Value,
  call: CallContext,
  clientCapabilities: ClientCapabilities | undefined,
): Promise<DiagnosticsResponse> {
  const { schema } = res;
  const diagnostics = new Diagnostics();
  diagnostics.add(
    validateConfig(
      schema,
      config,
      clientCapabilities === undefined
        ? {}
        : { writeOnlyAttributesAllowed: clientCapabilities.writeOnlyAttributesAllowed },
    ),
  );
  const hook = res.definition.validateConfig;
  if (hook !== undefined && !config.isNull() && !diagnostics.hasErrors()) {
    try {
      const model = toModel(schema, config, "config");
      await hook.call(res.definition, model, {
        signal: call.signal,
        logger: call.logger.with({ tf_resource_type: res.typeName }),
        diagnostics,
        clientCapabilities,
      });
    } catch (e) {
      diagnostics.add(thrownDiagnostic("validateConfig", res.typeName, e));
    }
  }
  return { diagnostics: wire(diagnostics.all, schema.type) };
}

// ---------------------------------------------------------------------------------------------
// PlanResourceChange

/** @internal */
export async function planResource(
  rt: Runtime,
  res: AnyResource,
  req: PlanResourceChangeRequest,
  call: CallContext,
): Promise<PlanResourceChangeResponse> {
  const { schema } = res;
  const type = schema.type;
  const def = res.definition;
  const diagnostics = new Diagnostics();
  const fail = (d: Diagnostic): PlanResourceChangeResponse => {
    diagnostics.add(d);
    return { diagnostics: wire(diagnostics.all, type) };
  };
  let prior: Value;
  let proposed: Value;
  let config: Value;
  const priv = { value: undefined as unknown };
  try {
    prior = decodeDynamic(req.priorState, type, "prior state");
    proposed = decodeDynamic(req.proposedNewState, type, "proposed new state");
    config = decodeDynamic(req.config, type, "configuration");
    priv.value = readPrivate(req.priorPrivate, def.privateState);
  } catch (e) {
    return fail(thrownDiagnostic("PlanResourceChange", res.typeName, e));
  }
  // Values that were unknown at validation may be known now: re-check (errors only; the
  // warnings were shown by ValidateResourceConfig already).
  if (!config.isNull()) {
    const errors = validateConfig(schema, config).filter((d) => d.severity === "error");
    if (errors.length > 0) {
      diagnostics.add(errors);
      return { diagnostics: wire(diagnostics.all, type) };
    }
  }

  const planDeferral = deferral(req.clientCapabilities, "modifyPlan", diagnostics);
  // Pass 1: the pipeline up to (not including) the resource's own modifyPlan.
  let captured: EngineModifyPlanRequest | undefined;
  const base = { schema, prior, proposed, config };
  const first = planResourceChange({
    ...base,
    modifyPlan: (r) => {
      captured = r;
      return undefined;
    },
  });
  diagnostics.add(first.diagnostics);
  let result = first;
  let hookTouched: Value | undefined;
  if (def.modifyPlan !== undefined && captured !== undefined && !diagnostics.hasErrors()) {
    const c = captured;
    const replace: Path[] = [];
    let newPlanned = c.planned;
    try {
      const plannedModel = c.planned.isNull() ? null : (toModel(schema, c.planned, "proposed") as Model);
      const request = {
        action: proposed.isNull() ? "delete" : prior.isNull() ? "create" : "update",
        config: c.config.isNull() ? null : toModel(schema, c.config, "config"),
        prior: c.prior.isNull() ? null : toModel(schema, c.prior, "state"),
        planned: plannedModel,
      } as const;
      const ctx = resourceContext(rt, res, call, call.signal, diagnostics, priv, {
        ...planDeferral.context,
        requiresReplace(path: PathInput) {
          replace.push(normalisePath(toPath(path), type));
        },
        values: { config: c.config, prior: c.prior, planned: c.planned },
      }) as ModifyPlanContext;
      const returned = (await def.modifyPlan.call(def, request as never, ctx)) as Model | undefined | null;
      if (returned !== undefined && returned !== null) {
        try {
          const v = fromModel(schema, returned as never, "proposed");
          // On destroy (no planned model) a returned state is kept so the pipeline refuses it.
          newPlanned =
            plannedModel === null ? v : keepUnchanged(schema, c.planned, plannedModel, returned, v);
        } catch (e) {
          diagnostics.add(resultDiagnostic("modifyPlan", res.typeName, "plan", e));
        }
      }
    } catch (e) {
      diagnostics.add(thrownDiagnostic("modifyPlan", res.typeName, e));
    }
    if (!diagnostics.hasErrors()) {
      hookTouched = newPlanned;
      result = planResourceChange({
        ...base,
        modifyPlan: () => ({ planned: newPlanned, requiresReplace: replace }),
      });
      // Diagnostics of the pipeline itself were reported by pass 1; keep only the new ones.
      for (const d of result.diagnostics) if (!first.diagnostics.includes(d)) diagnostics.add(d);
    }
  }

  const planned = result.plannedState;
  if (!diagnostics.hasErrors()) {
    const violations: Violation[] = proposed.isNull()
      ? checkDestroyPlan(planned)
      : checkPlannedState(schema, { prior, config, planned });
    const out: Diagnostic[] = [];
    reportViolations(
      rt,
      call.logger,
      res.typeName,
      violations,
      (v) => planOrigin(schema, v, proposed, captured?.planned, hookTouched),
      out,
    );
    diagnostics.add(out);
  }
  return {
    plannedState: encodeDynamic(planned, type),
    requiresReplace: result.requiresReplace.map((p) => toAttributePath(p, type)),
    plannedPrivate: encodePrivate(priv.value),
    diagnostics: wire(diagnostics.all, type),
    ...(planDeferral.reason === undefined ? {} : { deferred: { reason: planDeferral.reason } }),
  };
}

/** Which step produced the planned value a violation is about. */
function planOrigin(
  schema: Schema,
  v: Violation,
  proposed: Value,
  pipeline: Value | undefined,
  afterHook: Value | undefined,
): string {
  const at = (x: Value | undefined): Value | undefined => {
    if (x === undefined) return undefined;
    try {
      return getPath(x, v.path);
    } catch {
      return undefined;
    }
  };
  const same = (a: Value | undefined, b: Value | undefined): boolean =>
    a !== undefined && b !== undefined && rawEquals(a, b);
  if (afterHook !== undefined && !same(at(pipeline), at(afterHook))) return "modifyPlan";
  if (same(at(proposed), at(pipeline ?? afterHook)))
    return "core's proposed new state (unchanged by the provider)";
  const spec = v.path.length === 0 ? undefined : specAtPath(schema, v.path);
  const name = v.path.length === 0 ? "" : ` of ${formatAttr(v.path)}`;
  if (spec !== undefined && spec.kind !== "block") {
    if (spec.default !== undefined) return `the default${name}`;
    if (spec.planModifiers.length > 0) {
      return `the plan modifiers${name} (${spec.planModifiers.map((m) => m.kind).join(", ")})`;
    }
    if (spec.computed) return `unknown marking of computed attributes${name}`;
  }
  return "the plan pipeline";
}

function formatAttr(path: Path): string {
  return path.map((s) => (s.kind === "attribute" ? s.name : "[…]")).join(".");
}

// ---------------------------------------------------------------------------------------------
// ApplyResourceChange

/** @internal */
export async function applyResource(
  rt: Runtime,
  res: AnyResource,
  req: ApplyResourceChangeRequest,
  call: CallContext,
): Promise<ApplyResourceChangeResponse> {
  const { schema } = res;
  const type = schema.type;
  const def = res.definition;
  const diagnostics = new Diagnostics();
  let prior: Value;
  let planned: Value;
  let config: Value;
  const priv = { value: undefined as unknown };
  try {
    prior = decodeDynamic(req.priorState, type, "prior state");
    planned = decodeDynamic(req.plannedState, type, "planned state");
    config = decodeDynamic(req.config, type, "configuration");
    priv.value = readPrivate(req.plannedPrivate, def.privateState);
  } catch (e) {
    diagnostics.add(thrownDiagnostic("ApplyResourceChange", res.typeName, e));
    return { diagnostics: wire(diagnostics.all, type) };
  }
  const action = planned.isNull() ? "delete" : prior.isNull() ? "create" : "update";
  const answer = (newState: Value): ApplyResourceChangeResponse => ({
    newState: encodeDynamic(newState, type),
    private: encodePrivate(priv.value),
    diagnostics: wire(diagnostics.all, type),
  });

  if (action === "delete") {
    const timeout = timeoutOf(def.timeouts?.delete);
    const priorModel = safeModel(schema, prior, "state", "prior state", diagnostics, res.typeName);
    if (priorModel === undefined) return answer(prior);
    const outcome = await runWithTimeout(call.signal, timeout, rt.timeoutGraceMs, (signal) =>
      def.delete.call(def, priorModel as never, resourceContext(rt, res, call, signal, diagnostics, priv)),
    );
    if (outcome.kind === "threw") diagnostics.add(thrownDiagnostic("delete", res.typeName, outcome.error));
    if (outcome.kind === "timeout") diagnostics.add(timeoutDiagnostic("delete", res.typeName, timeout));
    // A failed delete keeps the object in state, so nothing is forgotten.
    return answer(diagnostics.hasErrors() ? prior : nullVal(type));
  }

  const hook = action === "create" ? "create" : "update";
  const planModel = safeModel(schema, planned, "plan", "planned state", diagnostics, res.typeName);
  const priorModel =
    action === "update" ? safeModel(schema, prior, "state", "prior state", diagnostics, res.typeName) : null;
  if (planModel === undefined || priorModel === undefined)
    return answer(action === "create" ? nullVal(type) : prior);

  let partial: Value | undefined;
  const fallback = action === "create" ? unknownsToNull(planned) : prior;
  const ctx = (signal: AbortSignal): ApplyContext<Schema> =>
    resourceContext(rt, res, call, signal, diagnostics, priv, {
      writeOnly: writeOnlyValues(schema, config),
      setPartialState(state: Model) {
        partial = overlay(schema, fallback, state, hook, res.typeName, diagnostics);
      },
    }) as ApplyContext<Schema>;
  const timeout = timeoutOf(action === "create" ? def.timeouts?.create : def.timeouts?.update);
  const outcome = await runWithTimeout(call.signal, timeout, rt.timeoutGraceMs, (signal) =>
    action === "create"
      ? def.create.call(def, planModel as never, ctx(signal))
      : def.update.call(def, planModel as never, priorModel as never, ctx(signal)),
  );

  // What to store when the operation fails: the partial state, else nothing for a create (no
  // object was made) and the prior state for an update.
  const failed = (): Value => partial ?? (action === "create" ? nullVal(type) : prior);
  const toState = (model: unknown): Value | undefined => {
    try {
      const v = fromModel(schema, model as never, "state");
      return nullWriteOnlyAttributes(schema, keepUnchanged(schema, planned, planModel, model as Model, v));
    } catch (e) {
      diagnostics.add(resultDiagnostic(hook, res.typeName, "state", e));
      return undefined;
    }
  };

  if (outcome.kind === "threw") {
    diagnostics.add(thrownDiagnostic(hook, res.typeName, outcome.error));
    return checkedPartial(rt, res, call, failed(), hook, diagnostics, answer);
  }
  if (outcome.kind === "timeout") {
    diagnostics.add(timeoutDiagnostic(hook, res.typeName, timeout));
    // Finished just after the deadline: the object exists, keep what it returned.
    const late = outcome.late?.kind === "done" ? toState(outcome.late.value) : undefined;
    return checkedPartial(rt, res, call, late ?? failed(), hook, diagnostics, answer);
  }
  if (outcome.value === undefined || outcome.value === null) {
    diagnostics.error(
      `Missing resource state after ${hook}`,
      `The ${hook} hook of ${res.typeName} returned no state. Return the new state of the object.`,
    );
    return checkedPartial(rt, res, call, failed(), hook, diagnostics, answer);
  }
  const newState = toState(outcome.value);
  if (newState === undefined) return checkedPartial(rt, res, call, failed(), hook, diagnostics, answer);
  if (diagnostics.hasErrors()) return checkedPartial(rt, res, call, newState, hook, diagnostics, answer);
  const out: Diagnostic[] = [];
  reportViolations(
    rt,
    call.logger,
    res.typeName,
    checkApplyResult(schema, { planned, newState, action: action === "create" ? "Create" : "Update" }),
    () => hook,
    out,
  );
  diagnostics.add(out);
  return answer(newState);
}

/** A state stored together with errors must still conform and be wholly known. */
function checkedPartial(
  rt: Runtime,
  res: AnyResource,
  call: CallContext,
  state: Value,
  hook: string,
  diagnostics: Diagnostics,
  answer: (v: Value) => ApplyResourceChangeResponse,
): ApplyResourceChangeResponse {
  if (!state.isNull()) {
    const out: Diagnostic[] = [];
    reportViolations(
      rt,
      call.logger,
      res.typeName,
      checkReadResult(res.schema, state),
      () => `${hook} (partial state)`,
      out,
    );
    diagnostics.add(out);
  }
  return answer(state);
}

function overlay(
  schema: Schema,
  base: Value,
  given: Model,
  hook: string,
  typeName: string,
  diagnostics: Diagnostics,
): Value | undefined {
  try {
    let baseModel: Model;
    try {
      baseModel = toModel(schema, base, "state") as Model;
    } catch {
      baseModel = nullModel(schema);
    }
    const merged = { ...baseModel, ...given };
    const v = fromModel(schema, merged as never, "state");
    return nullWriteOnlyAttributes(schema, keepUnchanged(schema, base, baseModel, merged, v));
  } catch (e) {
    diagnostics.add(resultDiagnostic(`${hook} (setPartialState)`, typeName, "state", e));
    return undefined;
  }
}

function writeOnlyValues(schema: Schema, config: Value): Model {
  const names = Object.entries(schema.attributes)
    .filter(([, a]) => a.writeOnly)
    .map(([n]) => n);
  if (names.length === 0 || config.isNull() || !config.isKnown()) return {};
  const out: Model = {};
  const model = toModel(schema, config, "config") as Model;
  for (const n of names) out[n] = model[n] ?? null;
  return out;
}

function safeModel(
  schema: Schema,
  v: Value,
  phase: "state" | "plan",
  what: string,
  diagnostics: Diagnostics,
  typeName: string,
): Model | undefined {
  try {
    return toModel(schema, v, phase) as Model;
  } catch (e) {
    const d = thrownDiagnostic("decode", typeName, e);
    diagnostics.add({
      ...d,
      summary: `Invalid ${what} from Terraform`,
      detail: `${typeName}: ${e instanceof Error ? e.message : String(e)}`,
    });
    return undefined;
  }
}

function timeoutOf(d: string | number | undefined): number | undefined {
  return d === undefined ? undefined : parseDuration(d);
}

function timeoutDiagnostic(hook: string, typeName: string, ms: number | undefined): Diagnostic {
  return {
    severity: "error",
    summary: `${hook} timed out`,
    detail: `The ${hook} hook of ${typeName} did not finish within its timeout of ${formatDuration(ms ?? 0)}. Its signal was aborted.`,
  };
}

// ---------------------------------------------------------------------------------------------
// ReadResource

/** @internal */
export async function readResource(
  rt: Runtime,
  res: AnyResource,
  req: ReadResourceRequest,
  call: CallContext,
): Promise<ReadResourceResponse> {
  const { schema } = res;
  const type = schema.type;
  const def = res.definition;
  const diagnostics = new Diagnostics();
  let current: Value;
  const priv = { value: undefined as unknown };
  try {
    current = decodeDynamic(req.currentState, type, "current state");
    priv.value = readPrivate(req.private, def.privateState);
  } catch (e) {
    diagnostics.add(thrownDiagnostic("ReadResource", res.typeName, e));
    return { diagnostics: wire(diagnostics.all, type) };
  }
  let deferredReason: DeferredReason | undefined;
  const answer = (v: Value): ReadResourceResponse => ({
    newState: encodeDynamic(v, type),
    private: encodePrivate(priv.value),
    diagnostics: wire(diagnostics.all, type),
    ...(deferredReason === undefined ? {} : { deferred: { reason: deferredReason } }),
  });
  if (current.isNull()) return answer(current);
  let model: Model | undefined;
  try {
    model = toModel(schema, current, "state") as Model;
  } catch {
    // After an import, required attributes importState did not set are still null.
    model = safeModel(relaxed(schema), current, "state", "current state", diagnostics, res.typeName);
  }
  if (model === undefined) return answer(current);
  const timeout = timeoutOf(def.timeouts?.read);
  const readDeferral = deferral(req.clientCapabilities, "read", diagnostics);
  const outcome = await runWithTimeout(call.signal, timeout, rt.timeoutGraceMs, (signal) =>
    def.read.call(
      def,
      model as never,
      resourceContext(rt, res, call, signal, diagnostics, priv, readDeferral.context) as never,
    ),
  );
  // A deferred read keeps the current state; Terraform reads again in a later round.
  deferredReason = readDeferral.reason;
  if (deferredReason !== undefined) return answer(current);
  if (outcome.kind === "threw") {
    diagnostics.add(thrownDiagnostic("read", res.typeName, outcome.error));
    return answer(current);
  }
  if (outcome.kind === "timeout") {
    diagnostics.add(timeoutDiagnostic("read", res.typeName, timeout));
    return answer(current);
  }
  if (outcome.value === null || outcome.value === undefined) {
    if (outcome.value === undefined) {
      diagnostics.error(
        "Missing resource state after read",
        `The read hook of ${res.typeName} returned undefined. Return the refreshed state, or null when the object no longer exists.`,
      );
      return answer(current);
    }
    return answer(nullVal(type));
  }
  let newState: Value;
  try {
    const v = fromModel(schema, outcome.value as never, "state");
    newState = nullWriteOnlyAttributes(
      schema,
      keepUnchanged(schema, current, model, outcome.value as Model, v),
    );
  } catch (e) {
    diagnostics.add(resultDiagnostic("read", res.typeName, "state", e));
    return answer(current);
  }
  const out: Diagnostic[] = [];
  reportViolations(rt, call.logger, res.typeName, checkReadResult(schema, newState), () => "read", out);
  diagnostics.add(out);
  return answer(newState);
}

// ---------------------------------------------------------------------------------------------
// ImportResourceState

/** @internal */
export async function importResource(
  rt: Runtime,
  res: AnyResource,
  req: ImportResourceStateRequest,
  call: CallContext,
): Promise<ImportResourceStateResponse> {
  const { schema } = res;
  const type = schema.type;
  const def = res.definition;
  const diagnostics = new Diagnostics();
  const priv = { value: undefined as unknown };
  const imp = def.importState;
  if (imp === undefined) {
    diagnostics.error(
      "Resource Import Not Implemented",
      `This resource does not support import. Please contact the provider developer for additional information.\n\nResource type: ${res.typeName}`,
    );
    return { diagnostics: wire(diagnostics.all) };
  }
  const importDeferral = deferral(req.clientCapabilities, "importState", diagnostics);
  let state: Value | undefined;
  if (typeof imp !== "function") {
    state = setPath(emptyValue(schema), [{ kind: "attribute", name: imp.attribute }], stringVal(req.id));
  } else {
    try {
      const given = (await imp(
        req.id,
        resourceContext(rt, res, call, call.signal, diagnostics, priv, importDeferral.context) as never,
      )) as Model;
      const merged = { ...nullModel(schema), ...given };
      state = nullWriteOnlyAttributes(schema, fromModel(schema, merged as never, "state"));
    } catch (e) {
      diagnostics.add(
        e !== null && typeof e === "object" && "code" in e && (e as { code: unknown }).code === "conversion"
          ? resultDiagnostic("importState", res.typeName, "state", e)
          : thrownDiagnostic("importState", res.typeName, e),
      );
    }
  }
  if (state === undefined || diagnostics.hasErrors()) return { diagnostics: wire(diagnostics.all, type) };
  const out: Diagnostic[] = [];
  reportViolations(rt, call.logger, res.typeName, checkReadResult(schema, state), () => "importState", out);
  diagnostics.add(out);
  return {
    importedResources: [
      { typeName: res.typeName, state: encodeDynamic(state, type), private: encodePrivate(priv.value) },
    ],
    diagnostics: wire(diagnostics.all, type),
    ...(importDeferral.reason === undefined ? {} : { deferred: { reason: importDeferral.reason } }),
  };
}

// ---------------------------------------------------------------------------------------------
// UpgradeResourceState

/** @internal */
export async function upgradeResource(
  res: AnyResource,
  req: UpgradeResourceStateRequest,
): Promise<UpgradeResourceStateResponse> {
  const { schema } = res;
  const up = res.definition.upgradeState;
  const result = await upgradeResourceState({
    schema,
    rawState: req.rawState,
    version: req.version,
    upgraders: up?.upgraders,
    steps: up?.steps,
    typeName: res.typeName,
  });
  const diagnostics = wire(result.diagnostics, schema.type);
  if (result.upgradedState === undefined) return { diagnostics };
  return {
    upgradedState: encodeDynamic(nullWriteOnlyAttributes(schema, result.upgradedState), schema.type),
    diagnostics,
  };
}

// ---------------------------------------------------------------------------------------------
// MoveResourceState

/** @internal */
export async function moveResource(
  rt: Runtime,
  res: AnyResource,
  req: MoveResourceStateRequest,
  call: CallContext,
): Promise<MoveResourceStateResponse> {
  const { schema } = res;
  const type = schema.type;
  const diagnostics = new Diagnostics();
  const movers = res.definition.moveState ?? [];
  const raw = req.sourceState?.json;
  let json: JsonObject | undefined;
  try {
    if (raw !== undefined && raw.length > 0) json = JSON.parse(new TextDecoder().decode(raw)) as JsonObject;
  } catch (e) {
    diagnostics.error(
      "Unable to Read Source State",
      `The source state of ${req.sourceTypeName} is not valid JSON: ${String(e)}`,
    );
    return { diagnostics: wire(diagnostics.all) };
  }
  if (json === undefined) {
    diagnostics.error(
      "Missing Source State",
      `MoveResourceState for ${res.typeName} received no source state.`,
    );
    return { diagnostics: wire(diagnostics.all) };
  }
  const priv = { value: undefined as unknown };
  for (const mover of movers) {
    if (mover.sourceTypeName !== undefined && mover.sourceTypeName !== req.sourceTypeName) continue;
    let state: unknown;
    if (mover.sourceSchema !== undefined && raw !== undefined) {
      try {
        state = toModel(mover.sourceSchema, decodeStateJson(raw, mover.sourceSchema.type), "state");
      } catch (e) {
        call.logger.debug("state mover skipped: source state does not fit its sourceSchema", {
          tf_resource_type: res.typeName,
          error: e instanceof Error ? e.message : String(e),
        });
        continue;
      }
    }
    try {
      const out = await mover.move(
        {
          sourceProviderAddress: req.sourceProviderAddress,
          sourceTypeName: req.sourceTypeName,
          sourceSchemaVersion: req.sourceSchemaVersion,
          json,
          state: state as never,
        },
        resourceContext(rt, res, call, call.signal, diagnostics, priv),
      );
      if (out === undefined) continue;
      let target: Value;
      try {
        target = nullWriteOnlyAttributes(schema, fromModel(schema, out as never, "state"));
      } catch (e) {
        diagnostics.add(resultDiagnostic("moveState", res.typeName, "state", e));
        return { diagnostics: wire(diagnostics.all, type) };
      }
      const violations: Diagnostic[] = [];
      reportViolations(
        rt,
        call.logger,
        res.typeName,
        checkReadResult(schema, target),
        () => "moveState",
        violations,
      );
      diagnostics.add(violations);
      return {
        targetState: encodeDynamic(target, type),
        targetPrivate: encodePrivate(priv.value),
        diagnostics: wire(diagnostics.all, type),
      };
    } catch (e) {
      diagnostics.add(thrownDiagnostic("moveState", res.typeName, e));
      return { diagnostics: wire(diagnostics.all, type) };
    }
  }
  diagnostics.error(
    "Unable to Move Resource State",
    "The target resource implementation does not include support for moving resource state from the given source. " +
      "This is always an issue in the Terraform Provider and should be reported to the provider developers.\n\n" +
      `Source Provider Address: ${req.sourceProviderAddress}\nSource Resource Type: ${req.sourceTypeName}\n` +
      `Source Resource Schema Version: ${req.sourceSchemaVersion}\nTarget Resource Type: ${res.typeName}`,
  );
  return { diagnostics: wire(diagnostics.all) };
}
