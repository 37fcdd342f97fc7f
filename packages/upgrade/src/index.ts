/**
 * Terraform resource state upgrades for tfkit providers: upgraders keyed by prior schema version
 * (reading the stored state through a prior schema or as raw JSON), optional step chains,
 * same-version normalisation, legacy flatmap decoding, Terraform core's checks on the result,
 * and committed schema snapshots that catch a schema change without a version bump.
 *
 * @packageDocumentation
 */

// --- upgrading ---
export {
  type UpgradeResourceStateRequest,
  type UpgradeResourceStateResult,
  upgradeResourceState,
} from "./upgrade-resource-state.js";
export {
  type Awaitable,
  type PriorSchemaUpgrader,
  type PriorState,
  priorSchemaUpgrader,
  type RawJsonUpgrader,
  type RawUpgradeOutput,
  rawJsonUpgrader,
  type StateUpgrader,
  type StateUpgraders,
  type StepTarget,
  type UpgradeContext,
  type UpgradeOutput,
  type UpgradeStep,
  type UpgradeSteps,
  upgradeStep,
} from "./upgrader.js";
export type { PriorModel } from "./prior-model.js";

// --- decoding stored state ---
export {
  decodeRawState,
  decodeStateJson,
  type JsonObject,
  type JsonValue,
  type RawState,
} from "./raw-state.js";
export { FLATMAP_UNKNOWN, fromFlatmap } from "./flatmap.js";
export { checkStateValue, type StateProblem } from "./check-state.js";

// --- schema snapshots (tests) ---
export {
  type AttributeSnapshot,
  type BlockSnapshot,
  diffSnapshots,
  type NestedAttributeSnapshot,
  type SchemaSnapshot,
  type SnapshotChange,
  schemaSnapshot,
  snapshotSchema,
  type TypedAttributeSnapshot,
} from "./snapshot.js";
export {
  type CheckSchemaSnapshotsOptions,
  type CheckSchemaSnapshotsResult,
  checkSchemaSnapshots,
  isSchemaSnapshotError,
  SchemaSnapshotError,
  type SnapshotResource,
} from "./check-snapshots.js";
