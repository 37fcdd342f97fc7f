/**
 * Every check Terraform core applies to a provider's answers, as data: a planned state valid for
 * config and prior state, a final plan consistent with the first, an apply result compatible
 * with the plan, new state wholly known, nested block counts preserved, refinements honoured,
 * type conformance of everything returned. Each {@link Violation} names the attribute path, the
 * rule, and carries core's own wording; {@link toDiagnostics} turns them into the diagnostics
 * Terraform would show.
 *
 * @packageDocumentation
 */

// --- checks of whole provider answers ---
export {
  type ApplyResultInput,
  checkApplyResult,
  checkDataSourceResult,
  checkDestroyPlan,
  checkFinalPlan,
  checkPlannedState,
  checkReadResult,
  checkRequiresReplace,
  checkUpgradeResult,
  type FinalPlanInput,
  type PlannedStateInput,
} from "./responses.js";

// --- core's algorithms ---
export { assertPlanValid } from "./plan-valid.js";
export { assertObjectCompatible, assertValueCompatible } from "./compatible.js";
export { checkConformance, checkWhollyKnown, checkWriteOnlyNull } from "./conformance.js";

// --- results and diagnostics ---
export {
  ContractRule,
  type ContractStage,
  formatViolation,
  formatViolations,
  type PlanAction,
  type Violation,
} from "./violation.js";
export {
  type ContractDiagnostic,
  type DiagnosticContext,
  toDiagnostic,
  toDiagnostics,
} from "./diagnostics.js";
export type { AttributeShape, BlockShape, BodyShape } from "./shape.js";
