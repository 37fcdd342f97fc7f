import { checkDestroyPlan, checkPlannedState, type Violation } from "@tfkit/contracts";
import { getPath, type Path, rawEquals, type Value } from "@tfkit/cty-values";
import type {
  CallContext,
  PlanResourceChangeRequest,
  PlanResourceChangeResponse,
} from "@tfkit/grpc-transport";
import { type ModifyPlanRequest, type ModifyPlanResult, planResourceChangeAsync } from "@tfkit/plan-engine";
import { type Diagnostic, type PathInput, type Schema, specAtPath, toPath } from "@tfkit/schema";
import type { ModifyPlanContext } from "../../context.js";
import { Diagnostics, normalisePath, toAttributePath } from "../../diagnostics.js";
import type { AnyResource } from "../resource-types.js";
import { deferral, reportViolations, type Runtime, wire } from "../runtime.js";
import {
  decodePrivateState,
  decodeValue,
  encodePrivateState,
  encodeValue,
  FAILED,
  hookContext,
  hookFailed,
  knownObject,
  modelOf,
  valueOfResult,
  whollyKnownState,
} from "../steps.js";

/**
 * @internal PlanResourceChange, one pass: decode → validate the request's shape → the plan
 * pipeline (defaults, unknown marking, attribute plan modifiers, the resource's `modifyPlan`,
 * requires-replace) → contract checks → encode.
 *
 * @remarks The configuration is not validated again: core calls ValidateResourceConfig with the
 * same configuration right before every PlanResourceChange (terraform's
 * `node_resource_abstract_instance.go`, `plan()`), values known only now included.
 */
export async function planResourceChangeRpc(
  rt: Runtime,
  res: AnyResource,
  req: PlanResourceChangeRequest,
  call: CallContext,
): Promise<PlanResourceChangeResponse> {
  const { schema, typeName } = res;
  const type = schema.type;
  const def = res.definition;
  const diagnostics = new Diagnostics();
  const stop = (): PlanResourceChangeResponse => ({ diagnostics: wire(diagnostics.all, type) });

  // decode
  const prior = decodeValue(req.priorState, type, "prior state", typeName, diagnostics);
  const proposed = decodeValue(req.proposedNewState, type, "proposed new state", typeName, diagnostics);
  const config = decodeValue(req.config, type, "configuration", typeName, diagnostics);
  const priv = decodePrivateState(req.priorPrivate, def.privateState, typeName, diagnostics);
  if (prior === FAILED || proposed === FAILED || config === FAILED || priv === FAILED) return stop();

  // validate the request's shape: objects known as a whole, no unknowns in state
  if (
    !knownObject(prior, "prior state", typeName, diagnostics, { nullable: true }) ||
    !whollyKnownState(prior, "prior state", typeName, diagnostics) ||
    !knownObject(proposed, "proposed new state", typeName, diagnostics, { nullable: true }) ||
    !knownObject(config, "configuration", typeName, diagnostics, { nullable: true })
  ) {
    return stop();
  }
  if (proposed.isNull() !== config.isNull()) {
    diagnostics.error(
      "Invalid plan request from Terraform",
      `Terraform asked ${typeName} to plan with ${config.isNull() ? "no configuration but a proposed new state" : "a configuration but no proposed new state"}; both are null only for a destroy.`,
    );
    return stop();
  }

  // plan: the pipeline, with the resource's own hook in its place
  const planDeferral = deferral(req.clientCapabilities, "modifyPlan", diagnostics);
  let beforeHook: Value | undefined;
  let afterHook: Value | undefined;
  const modifyPlan =
    def.modifyPlan === undefined
      ? undefined
      : async (r: ModifyPlanRequest): Promise<ModifyPlanResult | undefined> => {
          beforeHook = r.planned;
          const returned = await runModifyPlan(
            rt,
            res,
            r,
            proposed,
            call,
            diagnostics,
            priv,
            planDeferral.context,
          );
          if (returned === undefined) return undefined;
          afterHook = returned.planned ?? r.planned;
          return returned;
        };
  const result = await planResourceChangeAsync({
    schema,
    prior,
    proposed,
    config,
    ...(modifyPlan === undefined ? {} : { modifyPlan }),
  });
  diagnostics.add(result.diagnostics);
  const planned = result.plannedState;

  // check: what core will check, before the answer leaves the process
  if (!diagnostics.hasErrors()) {
    const out: Diagnostic[] = [];
    reportViolations(
      rt,
      call.logger,
      typeName,
      () =>
        proposed.isNull() ? checkDestroyPlan(planned) : checkPlannedState(schema, { prior, config, planned }),
      (v) => planOrigin(schema, v, proposed, beforeHook ?? planned, afterHook),
      out,
    );
    diagnostics.add(out);
  }

  // encode
  return {
    plannedState: encodeValue(planned, type),
    requiresReplace: result.requiresReplace.map((p) => toAttributePath(p, type)),
    plannedPrivate: encodePrivateState(priv.value, typeName, diagnostics),
    diagnostics: wire(diagnostics.all, type),
    ...(planDeferral.reason === undefined ? {} : { deferred: { reason: planDeferral.reason } }),
  };
}

/** The resource's `modifyPlan` on typed models; its result as a value, reusing what it left alone. */
async function runModifyPlan(
  rt: Runtime,
  res: AnyResource,
  r: ModifyPlanRequest,
  proposed: Value,
  call: CallContext,
  diagnostics: Diagnostics,
  priv: { value: unknown },
  deferralContext: object,
): Promise<ModifyPlanResult | undefined> {
  const { schema, typeName } = res;
  const def = res.definition;
  if (def.modifyPlan === undefined) return undefined;
  const planned = r.planned.isNull()
    ? null
    : modelOf(schema, r.planned, "proposed", "proposed new state", typeName, diagnostics);
  const config = r.config.isNull()
    ? null
    : modelOf(schema, r.config, "config", "configuration", typeName, diagnostics);
  // After an import the prior state may lack required values: read it as `read` does.
  const prior = r.prior.isNull()
    ? null
    : modelOf(schema, r.prior, "read", "prior state", typeName, diagnostics);
  if (planned === FAILED || config === FAILED || prior === FAILED) return undefined;
  const replace: Path[] = [];
  const ctx = hookContext(rt, typeName, call, call.signal, diagnostics, priv, {
    ...deferralContext,
    requiresReplace(path: PathInput) {
      replace.push(normalisePath(toPath(path), schema.type));
    },
    values: { config: r.config, prior: r.prior, planned: r.planned },
  }) as ModifyPlanContext;
  const action = proposed.isNull() ? "delete" : r.prior.isNull() ? "create" : "update";
  let returned: unknown;
  try {
    returned = await def.modifyPlan.call(def, { action, config, prior, planned } as never, ctx);
  } catch (e) {
    diagnostics.add(hookFailed("modifyPlan", typeName, e, call.logger));
    return undefined;
  }
  if (returned === undefined || returned === null) return { requiresReplace: replace };
  // On destroy (no planned model) a returned state is kept so the pipeline refuses it.
  const value = valueOfResult(
    schema,
    returned,
    "proposed",
    r.planned,
    "modifyPlan",
    typeName,
    "plan",
    diagnostics,
  );
  if (value === FAILED) return { requiresReplace: replace };
  return { planned: value, requiresReplace: replace };
}

/** Which step produced the planned value a violation is about. */
function planOrigin(
  schema: Schema,
  v: Violation,
  proposed: Value,
  pipeline: Value,
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
  if (same(at(proposed), at(pipeline))) return "core's proposed new state (unchanged by the provider)";
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
