import { getPath, type Path, type Value } from "@tfkit/cty-values";
import { assertObjectCompatible } from "./compatible.js";
import { checkConformance, checkWhollyKnown, checkWriteOnlyNull, inputViolations } from "./conformance.js";
import { guarded } from "./internal/guard.js";
import { pathGoString } from "./internal/values.js";
import { assertPlanValid } from "./plan-valid.js";
import type { BodyShape } from "./shape.js";
import { ContractRule, type PlanAction, type Violation, violation } from "./violation.js";

/**
 * What {@link checkPlannedState} compares: the three values of a PlanResourceChange call.
 * @category models
 */
export interface PlannedStateInput {
  /** Prior state (null when creating). */
  readonly prior: Value;
  /** The configuration as sent to the provider (after ignore_changes). */
  readonly config: Value;
  /** The provider's planned state. */
  readonly planned: Value;
}

/**
 * Checks a PlanResourceChange response as core's `plan()` does: write-only attributes null,
 * then type conformance, then {@link assertPlanValid}; each step stops the check on failure.
 *
 * @remarks Stage `plan`. A prior state or config that does not conform to the schema is
 * reported as `malformed_input` (core never sends such values; the check cannot judge the
 * provider against them). For a destroy plan use {@link checkDestroyPlan}; for the replace
 * re-plan (prior null, original config) core runs only the first two steps, which
 * `{ replacePlan: true }` mirrors.
 * @example
 * ```ts
 * // config sets text = "v2"; the plan says "V2": neither the config nor the prior value.
 * checkPlannedState(schema, { prior, config, planned }).map(formatViolation);
 * // ['.text: planned value cty.StringVal("V2") does not match config value cty.StringVal("v2") nor prior value cty.StringVal("v1")']
 * ```
 * @category guards
 */
export function checkPlannedState(
  schema: BodyShape,
  input: PlannedStateInput,
  options: { readonly replacePlan?: boolean } = {},
): Violation[] {
  const odd = inputViolations(schema, "plan", { "prior state": input.prior, config: input.config });
  if (odd.length > 0) return odd;
  const writeOnly = checkWriteOnlyNull(schema, input.planned, "plan");
  if (writeOnly.length > 0) return writeOnly;
  const conformance = checkConformance(schema, input.planned, "plan");
  if (conformance.length > 0) return conformance;
  if (options.replacePlan === true) return [];
  return assertPlanValid(schema, input.prior, input.config, input.planned);
}

/**
 * Checks a destroy plan: the planned state must be null (`Provider "…" planned a non-null
 * destroy value for …`).
 * @category guards
 */
export function checkDestroyPlan(planned: Value): Violation[] {
  return guarded("destroy_plan", () =>
    planned.isNull()
      ? []
      : [violation("destroy_plan", ContractRule.destroyNonNull, [], "planned a non-null destroy value")],
  );
}

/**
 * What {@link checkFinalPlan} compares: the plan shown to the user and the one made during apply.
 * @category models
 */
export interface FinalPlanInput {
  /** The planned state saved in the plan (first PlanResourceChange). */
  readonly initial: Value;
  /** The planned state of the second PlanResourceChange, during apply. */
  readonly final: Value;
  /** The first plan's action (omit to skip the action check). */
  readonly initialAction?: PlanAction;
  /** The final plan's action. */
  readonly finalAction?: PlanAction;
}

/**
 * Checks the final plan against the first, as core's `checkPlannedChange` does during apply.
 *
 * @remarks The action may only go from `Update` to `NoOp` (a swap between the two replace
 * orders is core's own business and not reported); the value must pass
 * {@link assertObjectCompatible}: everything known in the first plan stays equal, unknowns only
 * become values within their refinements. Stage `final_plan`. The final plan is also a plan:
 * check it with {@link checkPlannedState} too, as core does.
 * @category guards
 */
export function checkFinalPlan(schema: BodyShape, input: FinalPlanInput): Violation[] {
  const odd = inputViolations(schema, "final_plan", { "initial plan": input.initial });
  if (odd.length > 0) return odd;
  const out: Violation[] = [];
  const { initialAction: from, finalAction: to } = input;
  if (from !== undefined && to !== undefined && from !== to) {
    const allowed =
      (from === "Update" && to === "NoOp") ||
      (from === "CreateThenDelete" && to === "DeleteThenCreate") ||
      (from === "DeleteThenCreate" && to === "CreateThenDelete");
    if (!allowed) {
      out.push(
        violation(
          "final_plan",
          ContractRule.actionChanged,
          [],
          `changed the planned action from ${from} to ${to}`,
          [from, to],
        ),
      );
    }
  }
  out.push(...assertObjectCompatible(schema, input.initial, input.final, "final_plan"));
  return out;
}

/**
 * What {@link checkApplyResult} compares.
 * @category models
 */
export interface ApplyResultInput {
  /** The planned state the provider was asked to apply. */
  readonly planned: Value;
  /** The new state it returned; `undefined` when it returned nothing at all. */
  readonly newState: Value | undefined;
  /** The planned action (default: `Delete` when `planned` is null, else `Update`). */
  readonly action?: PlanAction;
  /**
   * Whether the provider also returned error diagnostics (a partial state). Core then skips the
   * compatibility and null/non-null checks, since the errors usually explain the difference.
   */
  readonly providerReportedErrors?: boolean;
}

/**
 * Checks an ApplyResourceChange response as core's `apply()` does.
 *
 * @remarks In order, each stopping the check: a missing value (`invalid nil value after
 * apply`); type conformance; write-only attributes null; no unknown value anywhere (one
 * violation per unknown); for anything but `Delete`, {@link assertObjectCompatible} against the
 * plan; finally a `Delete` must return null and anything else non-null. The last two are
 * skipped when the provider reported errors itself (`providerReportedErrors`), as core does.
 * Stage `apply`.
 * @example
 * ```ts
 * const planned = objectVal({ id: unknownVal(stringType), port: numberVal(80) });
 * const newState = objectVal({ id: stringVal("srv-1"), port: numberVal(81) });
 * checkApplyResult(serverSchema, { planned, newState, action: "Create" }).map(formatViolation);
 * // [".port: was cty.NumberIntVal(80), but now cty.NumberIntVal(81)"]
 * ```
 * @category guards
 */
export function checkApplyResult(schema: BodyShape, input: ApplyResultInput): Violation[] {
  const { planned, newState } = input;
  const action: PlanAction = input.action ?? (planned.isNull() ? "Delete" : "Update");
  const odd = inputViolations(schema, "apply", { "planned state": planned });
  if (odd.length > 0) return odd;
  if (newState === undefined) {
    // With errors of its own the provider may return nothing; core then keeps the prior state.
    if (input.providerReportedErrors === true) return [];
    return [violation("apply", ContractRule.nilValue, [], "invalid nil value after apply")];
  }
  const conformance = checkConformance(schema, newState, "apply");
  if (conformance.length > 0) return conformance;
  const writeOnly = checkWriteOnlyNull(schema, newState, "apply");
  if (writeOnly.length > 0) return writeOnly;
  const unknowns = checkWhollyKnown(
    newState,
    "apply",
    "the provider still indicated an unknown value after apply",
  );
  if (unknowns.length > 0) return unknowns;
  if (input.providerReportedErrors === true) return [];
  if (action !== "Delete") {
    const compat = assertObjectCompatible(schema, planned, newState, "apply");
    if (compat.length > 0) return compat;
  }
  if (action === "Delete" && !newState.isNull()) {
    return [
      violation("apply", ContractRule.nullnessAfterApply, [], "returned a non-null object after destroying", [
        action,
      ]),
    ];
  }
  if (action !== "Delete" && newState.isNull()) {
    return [violation("apply", ContractRule.nullnessAfterApply, [], "returned a null object", [action])];
  }
  return [];
}

/**
 * Checks a ReadResource (refresh) response: type conformance, then no unknown values, then
 * write-only attributes null. A null new state is fine (the object is gone).
 *
 * @remarks Differences from the prior state are drift, which core only logs; they are not
 * violations. Unknowns are one violation for the whole object (`The returned state contains
 * unknown values`), as core reports them; use {@link checkWhollyKnown} for their paths.
 * Stage `refresh`.
 * @category guards
 */
export function checkReadResult(schema: BodyShape, newState: Value): Violation[] {
  const conformance = checkConformance(schema, newState, "refresh");
  if (conformance.length > 0) return conformance;
  if (!newState.isWhollyKnown()) return [returnedUnknowns("refresh")];
  return checkWriteOnlyNull(schema, newState, "refresh");
}

/** Core reports unknowns in a read or upgraded state once, for the whole object. */
function returnedUnknowns(stage: "refresh" | "upgrade"): Violation {
  return violation(stage, ContractRule.unknownValue, [], "The returned state contains unknown values");
}

/**
 * Checks a ReadDataSource response: type conformance (stops the check), non-null, wholly known.
 * @remarks Stage `data_source`; the unknown check is one violation for the whole object, as in
 * core.
 * @category guards
 */
export function checkDataSourceResult(schema: BodyShape, state: Value): Violation[] {
  const conformance = checkConformance(schema, state, "data_source");
  if (conformance.length > 0) return conformance;
  return guarded("data_source", () => {
    if (state.isNull())
      return [violation("data_source", ContractRule.nullObject, [], "produced a null value")];
    if (!state.isWhollyKnown()) {
      return [
        violation("data_source", ContractRule.unknownValue, [], "produced a value that is not wholly known"),
      ];
    }
    return [];
  });
}

/**
 * Checks an UpgradeResourceState result: it must conform to the *current* schema, be wholly
 * known and leave write-only attributes null.
 * @remarks Stage `upgrade`; unknowns are one violation for the whole object, as in core.
 * @category guards
 */
export function checkUpgradeResult(schema: BodyShape, upgraded: Value): Violation[] {
  const conformance = checkConformance(schema, upgraded, "upgrade");
  if (conformance.length > 0) return conformance;
  if (!upgraded.isWhollyKnown()) return [returnedUnknowns("upgrade")];
  return checkWriteOnlyNull(schema, upgraded, "upgrade");
}

/**
 * Checks the `requires_replace` paths of a PlanResourceChange response: each must exist in the
 * prior state or in the planned state (`Provider "…" has indicated "requires replacement" on …
 * for a non-existent attribute path …`).
 *
 * @remarks Core skips the check on create (prior null). Which of the paths then force a
 * replacement (prior and planned not known-equal there) is planning, not a contract: see
 * `@tfkit/plan-engine`. Stage `plan`; the violation's path is the offending path.
 * @category guards
 */
export function checkRequiresReplace(prior: Value, planned: Value, paths: readonly Path[]): Violation[] {
  return guarded("plan", () => {
    if (prior.isNull()) return [];
    const out: Violation[] = [];
    for (const p of paths) {
      if (!appliesTo(prior, p) && !appliesTo(planned, p)) {
        out.push(
          violation(
            "plan",
            ContractRule.replacePathMissing,
            p,
            `requires replacement on a non-existent attribute path ${pathGoString(p)}`,
          ),
        );
      }
    }
    return out;
  });
}

function appliesTo(v: Value, p: Path): boolean {
  try {
    getPath(v, p);
    return true;
  } catch {
    return false;
  }
}
