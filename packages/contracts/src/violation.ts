import { formatPath, type Path } from "@tfkit/cty-values";

/**
 * Identifiers of the rules Terraform core enforces on a provider's answers.
 *
 * @remarks One id per distinct check in core (internal/plans/objchange/plan_valid.go,
 * compatible.go, internal/terraform/node_resource_abstract_instance.go,
 * node_resource_apply_instance.go, upgrade_resource_state.go). The message of a
 * {@link Violation} is core's own text; the rule id names the check so tooling can group and
 * link them.
 * @category errors
 */
export const ContractRule = {
  // --- plan validity (AssertPlanValid) ---
  /** Planned null where the config has an object. */
  plannedAbsent: "planned_absent",
  /** Planned an object where the config has null. */
  plannedPresent: "planned_present",
  /** A list/set/map/group block type planned as null instead of empty. */
  blockNull: "block_null",
  /** A dynamic block with unknown `for_each` was planned as something else. */
  dynamicBlockChanged: "dynamic_block_changed",
  /** A configured block type planned as a wholly unknown value. */
  blockUnknown: "block_unknown",
  /** Planned block count differs from the configured one. */
  blockCount: "block_count",
  /** A single block element planned as unknown. */
  blockElementUnknown: "block_element_unknown",
  /** A map block key present on one side only. */
  blockKey: "block_key",
  /** AssertPlanValid: a write-only attribute planned non-null. */
  writeOnly: "write_only",
  /** A provider answer (plan, apply, read, upgrade) holds a value for a write-only attribute. */
  writeOnlyReturned: "write_only_returned",
  /** A value planned for a non-computed attribute the config leaves null. */
  nonComputedValue: "non_computed_value",
  /** A configured nested attribute planned as unknown. */
  configuredUnknown: "configured_unknown",
  /** Planned nested-attribute element count differs from the config. */
  nestedCount: "nested_count",
  /** A nested-attribute map key present on one side only. */
  nestedKey: "nested_key",
  /** The planned value matches neither the config nor (diff suppression) the prior state. */
  configMismatch: "config_mismatch",
  /** A `requires_replace` path exists in neither the prior nor the planned state. */
  replacePathMissing: "replace_path_missing",
  /** A destroy plan returned a non-null planned state. */
  destroyNonNull: "destroy_non_null",
  // --- compatibility (AssertObjectCompatible): apply result, final plan ---
  /** An object that was null is now present, or the reverse. */
  presenceChanged: "presence_changed",
  /** A sensitive attribute changed (details redacted). */
  sensitiveInconsistent: "sensitive_inconsistent",
  /** A computed block type came back null. */
  computedBlockNull: "computed_block_null",
  /** The number of nested blocks changed (list, map; a set grew). */
  blockCountChanged: "block_count_changed",
  /** The new value's type differs from the planned one. */
  wrongType: "wrong_type",
  /** The final value lies outside the planned unknown's refinements. */
  refinementViolated: "refinement_violated",
  /** A known planned value changed (including to or from null). */
  valueChanged: "value_changed",
  /** A known planned value became unknown. */
  becameUnknown: "became_unknown",
  /** A list/map/tuple element vanished or appeared. */
  elementsChanged: "elements_changed",
  /** A set element has no counterpart on the other side. */
  setUncorrelated: "set_uncorrelated",
  /** A set grew. */
  setGrew: "set_grew",
  /** The final plan changed the planned action. */
  actionChanged: "action_changed",
  // --- shape of returned objects ---
  /** The value's type does not conform to the schema's implied type. */
  typeConformance: "type_conformance",
  /** The provider returned no value at all where one is required. */
  nilValue: "nil_value",
  /** An unknown value where everything must be known (apply, read, data source, upgrade). */
  unknownValue: "unknown_value",
  /** Non-null after a delete, or null after anything else. */
  nullnessAfterApply: "nullness_after_apply",
  /** A data source returned null. */
  nullObject: "null_object",
  /** A check received values it could not inspect (reported, never thrown). */
  malformedInput: "malformed_input",
  /**
   * A check itself failed on a value it should handle (a bug in tfkit, not in the provider);
   * reported instead of thrown, and distinct from `malformed_input` so tests can tell them apart.
   */
  internalError: "internal_error",
} as const;

/** One of the {@link ContractRule} ids. @category errors */
export type ContractRule = (typeof ContractRule)[keyof typeof ContractRule];

/**
 * Which of core's checkpoints a violation belongs to; decides the diagnostic's summary and
 * detail wording.
 *
 * @remarks `plan` = PlanResourceChange response during plan; `destroy_plan` = the same for a
 * destroy; `final_plan` = the second PlanResourceChange during apply, compared with the first;
 * `apply` = ApplyResourceChange response; `refresh` = ReadResource; `data_source` =
 * ReadDataSource; `upgrade` = UpgradeResourceState.
 * @category errors
 */
export type ContractStage =
  | "plan"
  | "destroy_plan"
  | "final_plan"
  | "apply"
  | "refresh"
  | "data_source"
  | "upgrade";

/**
 * A broken contract: where, which rule, and what core would say.
 *
 * @remarks `message` is core's error text without the path (the `%s` after the path in
 * `.name: planned value cty.StringVal("b") for a non-computed attribute`); render both with
 * {@link formatViolation}, or turn violations into Terraform-shaped diagnostics with
 * {@link toDiagnostics}.
 * @category errors
 */
export interface Violation {
  /** The checkpoint that found it. */
  readonly stage: ContractStage;
  /** Which rule is broken. */
  readonly rule: ContractRule;
  /** The attribute path inside the resource object (empty for the whole object). */
  readonly path: Path;
  /** Core's message for this problem, without the path prefix. */
  readonly message: string;
  /** For rules whose wording names plan actions: the actions involved (`["Update", "Create"]`). */
  readonly actions?: readonly PlanAction[];
}

/**
 * A planned change's action, spelled as core prints it (Terraform `plans.Action.String()`).
 * @category models
 */
export type PlanAction =
  | "NoOp"
  | "Create"
  | "Read"
  | "Update"
  | "DeleteThenCreate"
  | "CreateThenDelete"
  | "Delete"
  | "Forget"
  | "CreateThenForget";

/** @internal Builds a frozen violation. */
export function violation(
  stage: ContractStage,
  rule: ContractRule,
  path: Path,
  message: string,
  actions?: readonly PlanAction[],
): Violation {
  const v: { -readonly [K in keyof Violation]: Violation[K] } = {
    stage,
    rule,
    path: Object.freeze([...path]),
    message,
  };
  if (actions !== undefined) v.actions = Object.freeze([...actions]);
  return Object.freeze(v);
}

/**
 * Renders a violation the way core renders a path error: `<path>: <message>`, or just the
 * message at the root.
 *
 * @remarks Terraform's `tfdiags.FormatError` on a `cty.PathError`, with the path in
 * `format.CtyPath` style (`.network_interface[0].ip`, `.tags["Name"]`, set elements `[...]`).
 * @example
 * ```ts
 * formatViolation(v) // '.name: planned value cty.StringVal("b") for a non-computed attribute'
 * ```
 * @category diagnostics
 */
export function formatViolation(v: Violation): string {
  return v.path.length === 0 ? v.message : `${formatPath(v.path)}: ${v.message}`;
}

/**
 * Renders violations one per line with {@link formatViolation}.
 * @category diagnostics
 */
export function formatViolations(vs: readonly Violation[]): string {
  return vs.map(formatViolation).join("\n");
}
