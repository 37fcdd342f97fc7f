import type { Path, Value } from "@tfkit/cty-values";
import { equals, rawEquals, unrefinedDeep } from "@tfkit/cty-values";
import type { Diagnostic, Schema, SchemaBody } from "@tfkit/schema";
import { runAttributePlanModifiers } from "./attribute-modifiers.js";
import { applyDefaults } from "./defaults.js";
import { markComputedNilsAsUnknown } from "./mark-unknown.js";
import { proposedNewKeyed } from "./proposed-new.js";
import { semanticEquality } from "./semantic-equality.js";
import {
  type CoreMessageOptions,
  filterRequiresReplace,
  normaliseRequiresReplace,
} from "./requires-replace.js";
import { nullWriteOnlyAttributes } from "./write-only.js";

/**
 * What a resource-level `modifyPlan` hook is given.
 * @remarks The Go framework's `resource.ModifyPlanRequest`.
 * @category models
 */
export interface ModifyPlanRequest {
  /** The configuration (null on destroy). */
  readonly config: Value;
  /** The prior state (null on create). */
  readonly prior: Value;
  /** The planned state so far (null on destroy). */
  readonly planned: Value;
}

/**
 * What a resource-level `modifyPlan` hook returns; every field is optional.
 * @category models
 */
export interface ModifyPlanResult {
  /** The new planned state. */
  readonly planned?: Value;
  /** Attribute paths whose change needs the resource replaced. */
  readonly requiresReplace?: readonly Path[];
  /** Problems to report. */
  readonly diagnostics?: readonly Diagnostic[];
}

/**
 * The action Terraform core will take for a planned change (core `getAction`, spec §5.3 step 9).
 * @category models
 */
export type PlanAction = "create" | "update" | "replace" | "delete" | "noop";

/**
 * Input of {@link planResourceChange}: what `PlanResourceChange` receives, plus the resource's hook.
 * @category models
 */
export interface PlanResourceChangeRequest extends CoreMessageOptions {
  /** The resource schema. */
  readonly schema: Schema;
  /** The prior state (null on create). */
  readonly prior: Value;
  /** Core's proposed new state (null on destroy). */
  readonly proposed: Value;
  /** The configuration (null on destroy). */
  readonly config: Value;
  /** Resource-level plan modification (the Go framework's `ResourceWithModifyPlan`); runs on destroy too. */
  readonly modifyPlan?: (request: ModifyPlanRequest) => ModifyPlanResult | undefined;
  /**
   * Correlate `keyBy` list and set elements with prior elements by key (default `true`). Off, the
   * pipeline plans exactly like the Go framework.
   */
  readonly keyed?: boolean;
}

/**
 * Result of {@link planResourceChange}.
 * @category models
 */
export interface PlanResourceChangeResult {
  /** The planned new state to return to Terraform (null on destroy). */
  readonly plannedState: Value;
  /**
   * Requires-replace paths after core's filtering (only paths whose value really changes, an
   * unknown counting as a change); send these (or {@link PlanResourceChangeResult.reportedRequiresReplace}) on the wire.
   */
  readonly requiresReplace: readonly Path[];
  /** Every path the modifiers and `modifyPlan` reported, sorted, deduplicated, cut at set steps. */
  readonly reportedRequiresReplace: readonly Path[];
  /** The action core will take. */
  readonly action: PlanAction;
  /** Diagnostics from modifiers, `modifyPlan` and the pipeline itself. */
  readonly diagnostics: readonly Diagnostic[];
}

function hasKeyBy(body: SchemaBody): boolean {
  for (const a of Object.values(body.attributes)) {
    if (
      a.kind === "nested_attribute" &&
      (a.keyBy.length > 0 || hasKeyBy({ attributes: a.attributes, blocks: {} }))
    ) {
      return true;
    }
  }
  for (const b of Object.values(body.blocks)) if (b.keyBy.length > 0 || hasKeyBy(b)) return true;
  return false;
}

/**
 * Plans a resource change the way the Go plugin framework does, with Terraform core's
 * requires-replace filtering and action on top.
 *
 * @remarks Pipeline (spec §6.2): keyed correlation of `keyBy` collections (tfkit) → semantic
 * equality against the prior state ({@link semanticEquality}, tfkit) → defaults
 * ({@link applyDefaults}) → write-only attributes to null → when the plan differs from the prior
 * state (exact equality; always on create, never on a no-op), unset computed attributes become
 * unknown ({@link markComputedNilsAsUnknown}) → attribute plan modifiers
 * ({@link runAttributePlanModifiers}) → the resource's `modifyPlan` → requires-replace paths
 * normalised and filtered as core does ({@link filterRequiresReplace}) → the action. Destroy
 * (proposed null): the planned state stays null, only `modifyPlan` runs, and a non-null result is
 * the framework's "Unexpected Planned Resource State on Destroy" error. An error diagnostic stops
 * the pipeline where it happened.
 * @example
 * ```ts
 * const { plannedState, requiresReplace, diagnostics } = planResourceChange({ schema, prior, proposed, config });
 * ```
 * @category combinators
 */
export function planResourceChange(request: PlanResourceChangeRequest): PlanResourceChangeResult {
  const state = planUpToHook(request);
  if (state.stopped || request.modifyPlan === undefined) return planAfterHook(request, state, undefined);
  return planAfterHook(
    request,
    state,
    request.modifyPlan({ config: request.config, prior: request.prior, planned: state.planned }),
  );
}

/**
 * Input of {@link planResourceChangeAsync}: as {@link PlanResourceChangeRequest}, with a
 * `modifyPlan` hook that may be asynchronous.
 * @category models
 */
export interface AsyncPlanResourceChangeRequest extends Omit<PlanResourceChangeRequest, "modifyPlan"> {
  /** Resource-level plan modification; may return a promise. Runs once, on destroy too. */
  readonly modifyPlan?: (
    request: ModifyPlanRequest,
  ) => ModifyPlanResult | undefined | Promise<ModifyPlanResult | undefined>;
}

/**
 * {@link planResourceChange} with an asynchronous `modifyPlan` hook: the same pipeline, run
 * once, each step (and each plan modifier's warnings) exactly once.
 * @example
 * ```ts
 * const result = await planResourceChangeAsync({ schema, prior, proposed, config, modifyPlan: async (r) => ({ planned: r.planned }) });
 * ```
 * @category combinators
 */
export async function planResourceChangeAsync(
  request: AsyncPlanResourceChangeRequest,
): Promise<PlanResourceChangeResult> {
  const state = planUpToHook(request);
  if (state.stopped || request.modifyPlan === undefined) return planAfterHook(request, state, undefined);
  const r = await request.modifyPlan({
    config: request.config,
    prior: request.prior,
    planned: state.planned,
  });
  return planAfterHook(request, state, r);
}

/** The pipeline's state between attribute plan modifiers and the resource's own hook. */
interface PipelineState {
  planned: Value;
  readonly reported: Path[];
  readonly diagnostics: Diagnostic[];
  /** An error stopped the pipeline before the hook. */
  readonly stopped: boolean;
}

function planUpToHook(request: Omit<PlanResourceChangeRequest, "modifyPlan">): PipelineState {
  const { schema, prior, config, proposed } = request;
  const diagnostics: Diagnostic[] = [];
  const reported: Path[] = [];
  let planned = proposed;
  if (!planned.isNull()) {
    if (request.keyed !== false && hasKeyBy(schema)) planned = proposedNewKeyed(schema, prior, config);
    // New values that mean the same as the prior ones keep the prior ones: no diff.
    planned = semanticEquality(schema, prior, planned, { wholeAttributes: true });
    planned = applyDefaults(schema, planned, config, prior);
    planned = nullWriteOnlyAttributes(schema, planned);
    if (!rawEquals(unrefinedDeep(planned), unrefinedDeep(prior))) {
      planned = markComputedNilsAsUnknown(schema, planned, config);
    }
    const modified = runAttributePlanModifiers(schema, config, prior, planned);
    planned = modified.planned;
    diagnostics.push(...modified.diagnostics);
    reported.push(...modified.requiresReplace);
  }
  return { planned, reported, diagnostics, stopped: diagnostics.some((d) => d.severity === "error") };
}

function planAfterHook(
  request: Omit<PlanResourceChangeRequest, "modifyPlan">,
  state: PipelineState,
  r: ModifyPlanResult | undefined,
): PlanResourceChangeResult {
  const { proposed } = request;
  const { reported, diagnostics } = state;
  let planned = state.planned;
  if (r !== undefined) {
    if (r.planned !== undefined) planned = r.planned;
    if (r.requiresReplace !== undefined) reported.push(...r.requiresReplace);
    if (r.diagnostics !== undefined) diagnostics.push(...r.diagnostics);
  }
  if (!state.stopped && proposed.isNull() && !planned.isNull()) {
    diagnostics.push({
      severity: "error",
      summary: "Unexpected Planned Resource State on Destroy",
      detail:
        "The Terraform Provider unexpectedly returned resource state data when the resource was planned for destruction. " +
        "This is always an issue in the Terraform Provider and should be reported to the provider developers.\n\n" +
        "Ensure all resource plan modifiers do not attempt to change resource plan data from being a null value if the request plan is a null value.",
    });
  }
  return finish(request, planned, reported, diagnostics);
}

function finish(
  request: Omit<PlanResourceChangeRequest, "modifyPlan">,
  planned: Value,
  reported: readonly Path[],
  diagnostics: Diagnostic[],
): PlanResourceChangeResult {
  const { prior, schema } = request;
  const normalised = normaliseRequiresReplace(reported, schema.type);
  let kept: Path[] = [];
  if (!planned.isNull()) {
    const filtered = filterRequiresReplace(schema, prior, planned, normalised, request);
    kept = filtered.paths;
    diagnostics.push(...filtered.diagnostics);
  }
  return new PlanResult(planned, kept, normalised, diagnostics, prior);
}

/**
 * A {@link PlanResourceChangeResult} whose action, which compares whole values, is computed on
 * first read: a provider answering the RPC never reads it.
 *
 * @remarks `action` is an own enumerable accessor (spreading a result keeps it) whose getter is
 * one function shared by every result: V8 keeps own accessors in the hidden class, and a getter
 * made per result would give each result a class of its own that keeps the whole request alive
 * until a full garbage collection.
 */
class PlanResult {
  readonly plannedState: Value;
  readonly requiresReplace: readonly Path[];
  readonly reportedRequiresReplace: readonly Path[];
  declare readonly action: PlanAction;
  readonly diagnostics: readonly Diagnostic[];
  readonly #prior: Value;
  #action: PlanAction | undefined;

  static readonly #actionProperty: PropertyDescriptor = {
    get(this: PlanResult): PlanAction {
      this.#action ??= planAction(this.#prior, this.plannedState, this.requiresReplace.length > 0);
      return this.#action;
    },
    enumerable: true,
    // Stryker disable next-line BooleanLiteral: equivalent, nothing redefines or deletes the property.
    configurable: true,
  };

  constructor(
    planned: Value,
    requiresReplace: readonly Path[],
    reported: readonly Path[],
    diagnostics: readonly Diagnostic[],
    prior: Value,
  ) {
    this.plannedState = planned;
    this.requiresReplace = requiresReplace;
    this.reportedRequiresReplace = reported;
    Object.defineProperty(this, "action", PlanResult.#actionProperty);
    this.diagnostics = diagnostics;
    this.#prior = prior;
  }
}

/**
 * The action core derives from prior and planned state (core `getAction`): create when there is
 * no prior state, delete when the plan is null, replace when a requires-replace path changes,
 * no-op when `Equals` is known true, otherwise update.
 * @category combinators
 */
export function planAction(prior: Value, planned: Value, replace: boolean): PlanAction {
  if (prior.isNull()) return planned.isNull() ? "noop" : "create";
  if (planned.isNull()) return "delete";
  if (replace) return "replace";
  const eq = equals(planned, prior);
  return eq.isKnown() && !eq.isNull() && eq.asBool() ? "noop" : "update";
}
