import { checkApplyResult, checkReadResult } from "@tfkit/contracts";
import { nullVal, type Value } from "@tfkit/cty-values";
import type {
  ApplyResourceChangeRequest,
  ApplyResourceChangeResponse,
  CallContext,
  DynamicValue,
  Logger,
} from "@tfkit/grpc-transport";
import { nullWriteOnlyAttributes, semanticEquality } from "@tfkit/plan-engine";
import { type Diagnostic, fromModelSalvaging, type Schema } from "@tfkit/schema";
import type { ApplyContext } from "../../context.js";
import { Diagnostics } from "../../diagnostics.js";
import type { AnyResource, Model } from "../resource-types.js";
import { reportViolations, type Runtime, wire } from "../runtime.js";
import {
  decodePrivateState,
  decodeValue,
  encodePrivateState,
  encodeValue,
  FAILED,
  hookContext,
  HookCallContext,
  asProviderError,
  hookFailed,
  knownConfiguration,
  knownObject,
  modelOf,
  resultDiagnostic,
  whollyKnownState,
} from "../steps.js";
import { operationTimeout } from "../operation-timeout.js";
import { formatDuration, runWithTimeout } from "../timeouts.js";
import { writeOnlyValues } from "../write-only.js";

/**
 * @internal ApplyResourceChange: decode → validate the request's shape → models → the hook
 * (create, update or delete, under its timeout) → the new state as a value → contract checks →
 * encode.
 *
 * @remarks Nothing is ever lost (Terraform's "partial state" contract): a failed create records
 * what `setPartialState` gave; a create whose answer cannot be stored whole records what can
 * and reports the rest on its attribute paths (Terraform then taints the object); a failed
 * update or delete keeps the prior state.
 */
export async function applyResourceChangeRpc(
  rt: Runtime,
  res: AnyResource,
  req: ApplyResourceChangeRequest,
  call: CallContext,
): Promise<ApplyResourceChangeResponse> {
  const { schema, typeName } = res;
  const type = schema.type;
  const def = res.definition;
  const diagnostics = new Diagnostics();

  // decode
  const prior = decodeValue(req.priorState, type, "prior state", typeName, diagnostics);
  const planned = decodeValue(req.plannedState, type, "planned state", typeName, diagnostics);
  const priv = decodePrivateState(req.plannedPrivate, def.privateState, typeName, diagnostics);
  if (prior === FAILED || planned === FAILED || priv === FAILED) {
    return { diagnostics: wire(diagnostics.all, type) };
  }
  const answer = (newState: Value): ApplyResourceChangeResponse => ({
    newState: encodeValue(newState, type),
    private: encodePrivateState(priv.value, typeName, diagnostics),
    diagnostics: wire(diagnostics.all, type),
  });

  // validate the request's shape
  if (
    !knownObject(prior, "prior state", typeName, diagnostics, { nullable: true }) ||
    !whollyKnownState(prior, "prior state", typeName, diagnostics) ||
    !knownObject(planned, "planned state", typeName, diagnostics, { nullable: true })
  ) {
    return answer(prior.isKnown() && prior.isWhollyKnown() ? prior : nullVal(type));
  }

  const action = planned.isNull() ? "delete" : prior.isNull() ? "create" : "update";
  if (action === "delete") return applyDelete(rt, res, prior, call, diagnostics, priv, answer);

  // models
  const planModel = modelOf(schema, planned, "plan", "planned state", typeName, diagnostics);
  const priorModel =
    action === "update" ? modelOf(schema, prior, "read", "prior state", typeName, diagnostics) : null;
  if (planModel === FAILED || priorModel === FAILED)
    return answer(action === "create" ? nullVal(type) : prior);

  // hook
  let partial: Value | undefined;
  const fallback = action === "create" ? nullVal(type) : prior;
  const setPartial = (state: Model): void => {
    partial = overlay(schema, action === "create" ? planned : prior, state, action, typeName, diagnostics);
  };
  const ctx = (signal: AbortSignal): ApplyContext<Schema> =>
    new ApplyHookContext(
      rt,
      typeName,
      signal,
      call.logger.with({ tf_resource_type: typeName }),
      diagnostics,
      priv,
      schema,
      req.config,
      setPartial,
    ) as unknown as ApplyContext<Schema>;
  const timeout = operationTimeout(planned, action, def.timeouts, diagnostics);
  const outcome = await runWithTimeout(call.signal, timeout, rt.timeoutGraceMs, (signal) =>
    action === "create"
      ? def.create.call(def, planModel as never, ctx(signal))
      : def.update.call(def, planModel as never, priorModel as never, ctx(signal)),
  );

  // value: what to store
  const failed = (): Value => partial ?? fallback;
  if (outcome.kind === "threw") {
    diagnostics.add(hookFailed(action, typeName, outcome.error, call.logger));
    return checkedPartial(rt, res, call, failed(), action, diagnostics, answer);
  }
  if (outcome.kind === "timeout") {
    diagnostics.add(timeoutDiagnostic(action, typeName, timeout));
    // Finished just after the deadline: the object exists, keep what it returned.
    const late =
      outcome.late?.kind === "done"
        ? storable(schema, outcome.late.value, planned, action, typeName, diagnostics)
        : undefined;
    return checkedPartial(rt, res, call, late ?? failed(), action, diagnostics, answer);
  }
  if (outcome.value === undefined || outcome.value === null) {
    diagnostics.error(
      `Missing resource state after ${action}`,
      `The ${action} hook of ${typeName} returned no state. Return the new state of the object.`,
    );
    return checkedPartial(rt, res, call, failed(), action, diagnostics, answer);
  }
  const newState = storable(schema, outcome.value, planned, action, typeName, diagnostics);
  if (diagnostics.hasErrors()) return checkedPartial(rt, res, call, newState, action, diagnostics, answer);

  // check
  const out: Diagnostic[] = [];
  reportViolations(
    rt,
    call.logger,
    typeName,
    () => checkApplyResult(schema, { planned, newState, action: action === "create" ? "Create" : "Update" }),
    () => action,
    out,
  );
  diagnostics.add(out);
  return answer(newState);
}

async function applyDelete(
  rt: Runtime,
  res: AnyResource,
  prior: Value,
  call: CallContext,
  diagnostics: Diagnostics,
  priv: { value: unknown },
  answer: (v: Value) => ApplyResourceChangeResponse,
): Promise<ApplyResourceChangeResponse> {
  const { schema, typeName } = res;
  const def = res.definition;
  if (prior.isNull()) return answer(prior); // nothing to delete
  const priorModel = modelOf(schema, prior, "read", "prior state", typeName, diagnostics);
  if (priorModel === FAILED) return answer(prior);
  const timeout = operationTimeout(prior, "delete", def.timeouts, diagnostics);
  const outcome = await runWithTimeout(call.signal, timeout, rt.timeoutGraceMs, (signal) =>
    def.delete.call(def, priorModel as never, hookContext(rt, typeName, call, signal, diagnostics, priv)),
  );
  if (outcome.kind === "threw") diagnostics.add(hookFailed("delete", typeName, outcome.error, call.logger));
  if (outcome.kind === "timeout") diagnostics.add(timeoutDiagnostic("delete", typeName, timeout));
  // A failed delete keeps the object in state, so nothing is forgotten.
  return answer(diagnostics.hasErrors() ? prior : nullVal(schema.type));
}

/**
 * The context of create and update: {@link HookCallContext} with the configuration, decoded
 * only when the hook reads it (most hooks work from the plan), its write-only values, and
 * `setPartialState`.
 *
 * @remarks `config` and `writeOnly` are own enumerable accessors, as the context's other
 * members are own properties, with getters shared by every context (see
 * {@link HookCallContext}).
 */
class ApplyHookContext extends HookCallContext {
  readonly #schema: Schema;
  readonly #rawConfig: DynamicValue | undefined;
  readonly #setPartial: (state: Model) => void;
  #config: Model | undefined;
  #writeOnly: unknown;

  static readonly #configProperty: PropertyDescriptor = {
    get(this: ApplyHookContext): Model {
      if (this.#config === undefined) {
        const d = new Diagnostics();
        const k = knownConfiguration(this.#rawConfig, this.#schema, this.typeName, d);
        if (k === FAILED) throw asProviderError(d);
        this.#config = k.model;
      }
      return this.#config;
    },
    enumerable: true,
    configurable: true,
  };

  static readonly #writeOnlyProperty: PropertyDescriptor = {
    get(this: ApplyHookContext): unknown {
      this.#writeOnly ??= writeOnlyValues(this.#schema, (this as unknown as { config: Model }).config);
      return this.#writeOnly;
    },
    enumerable: true,
    configurable: true,
  };

  constructor(
    rt: Runtime,
    typeName: string,
    signal: AbortSignal,
    logger: Logger,
    diagnostics: Diagnostics,
    priv: { value: unknown },
    schema: Schema,
    rawConfig: DynamicValue | undefined,
    setPartial: (state: Model) => void,
  ) {
    super(rt, typeName, signal, logger, diagnostics, priv);
    this.#schema = schema;
    this.#rawConfig = rawConfig;
    this.#setPartial = setPartial;
    Object.defineProperty(this, "config", ApplyHookContext.#configProperty);
    Object.defineProperty(this, "writeOnly", ApplyHookContext.#writeOnlyProperty);
  }

  setPartialState(state: Model): void {
    this.#setPartial(state);
  }
}

/**
 * A hook's answer as a state: reusing the planned value where the hook left it alone, and when
 * it does not fit whole, what fits (the rest null) with an error on each attribute left out.
 */
function storable(
  schema: Schema,
  returned: unknown,
  planned: Value,
  hook: string,
  typeName: string,
  diagnostics: Diagnostics,
): Value {
  const { value, problems } = fromModelSalvaging(schema, returned as never, "state", planned);
  for (const p of problems) diagnostics.add(resultDiagnostic(hook, typeName, "state", p));
  // A value that means the same as the planned one keeps it (semantic types), as the Go framework does.
  return nullWriteOnlyAttributes(schema, semanticEquality(schema, planned, value));
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
      () => checkReadResult(res.schema, state),
      () => `${hook} (partial state)`,
      out,
    );
    diagnostics.add(out);
  }
  return answer(state);
}

/**
 * `setPartialState`: the given attributes over the plan (create; what is still unknown becomes
 * null) or the prior state (update).
 */
function overlay(
  schema: Schema,
  base: Value,
  given: Model,
  hook: string,
  typeName: string,
  diagnostics: Diagnostics,
): Value {
  const read = base.isNull()
    ? FAILED
    : modelOf(schema, base, "proposed", "planned state", typeName, new Diagnostics());
  const baseModel: Model = read === FAILED ? {} : read;
  const merged: Model = {};
  for (const name of [...Object.keys(schema.attributes), ...Object.keys(schema.blocks)]) {
    merged[name] = Object.hasOwn(given, name) ? given[name] : baseModel[name];
  }
  const { value, problems } = fromModelSalvaging(schema, merged as never, "state", base);
  // Attributes the hook did not give that are still unknown become null quietly: state never
  // holds an unknown, and Terraform taints the partial object anyway.
  for (const p of problems) {
    const first = p.path?.[0];
    if (first?.kind === "attribute" && Object.hasOwn(given, first.name)) {
      diagnostics.add(resultDiagnostic(`${hook} (setPartialState)`, typeName, "state", p));
    }
  }
  return nullWriteOnlyAttributes(schema, value);
}

function timeoutDiagnostic(hook: string, typeName: string, ms: number | undefined): Diagnostic {
  return {
    severity: "error",
    summary: `${hook} timed out`,
    detail: `The ${hook} hook of ${typeName} did not finish within its timeout of ${formatDuration(ms ?? 0)}. Its signal was aborted.`,
  };
}
