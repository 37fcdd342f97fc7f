/**
 * Terraform's planning rules for TypeScript providers: `proposedNew` exactly as core computes
 * it, the provider-side plan pipeline (defaults, unknown marking, plan modifiers, resource
 * `modifyPlan`, requires-replace), keyed matching of list and set elements, and the human plan
 * text Terraform shows.
 *
 * @packageDocumentation
 */

// --- planning ---
export {
  type ModifyPlanRequest,
  type ModifyPlanResult,
  type PlanAction,
  planAction,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResult,
  planResourceChange,
  planResourceChangeAsync,
  type AsyncPlanResourceChangeRequest,
} from "./plan-resource-change.js";
export { plannedDataResourceObject, proposedNew } from "./proposed-new.js";

// --- plan modifiers ---
export {
  type AttributePlanModifier,
  isAttributePlanModifier,
  type PlanModifierRequest,
  type PlanModifierResult,
  planModifier,
  requiresReplace,
  requiresReplaceIf,
  requiresReplaceIfConfigured,
  type RequiresReplaceIfResult,
  useNonNullStateForUnknown,
  useStateForUnknown,
} from "./plan-modifier.js";

// --- pipeline steps, for code that composes its own pipeline ---
export { type AttributeModifiersResult, runAttributePlanModifiers } from "./attribute-modifiers.js";
export { applyDefaults } from "./defaults.js";
export { markComputedNilsAsUnknown } from "./mark-unknown.js";
export {
  type CoreMessageOptions,
  type FilteredRequiresReplace,
  filterRequiresReplace,
  normaliseRequiresReplace,
} from "./requires-replace.js";
export { nullWriteOnlyAttributes } from "./write-only.js";
export { type SemanticEqualityOptions, semanticEquality } from "./semantic-equality.js";
