/**
 * Test Terraform providers written with tfkit: `runAcceptance` drives the real `terraform` CLI
 * through the steps of a test case (dev_overrides or reattach, no `terraform init`), with plan
 * checks, state checks and known-value matchers in the style of terraform-plugin-testing.
 *
 * @packageDocumentation
 */

// --- running test cases ---
export { runAcceptance } from "./run-acceptance.js";
export type {
  AcceptanceOptions,
  AcceptanceResult,
  CommandTiming,
  FixtureState,
  StepTiming,
  TestCase,
  TestStep,
} from "./test-case.js";
export {
  type BundledProvider,
  type BundleProviderExecutableOptions,
  bundleProviderExecutable,
  type FromEntryOptions,
  fromEntry,
  fromExecutable,
  type ProviderLauncher,
} from "./launcher.js";
export { findTerraform, TerraformNotFoundError } from "./terraform-cli.js";

// --- driving terraform yourself: working directories, CLI configuration, schemas ---
export {
  createTerraformWorkdir,
  type ProviderSchemaJson,
  type ProviderSchemaJsonOptions,
  providerSchemaJson,
  requiredProvidersBlock,
  type TerraformCliConfigOptions,
  type TerraformCommandResult,
  type TerraformRunOptions,
  type TerraformWorkdir,
  type TerraformWorkdirOptions,
  terraformCliConfig,
  terraformOrWarn,
  terraformVersion,
} from "./terraform-harness.js";
export { AcceptanceError, isAcceptanceError } from "./errors.js";
export { type OptInGate, optInGate } from "./gate.js";
export {
  createSweepers,
  parseSweepArgs,
  type SweepOptions,
  type SweepReport,
  type SweepResult,
  type Sweeper,
  type SweeperRegistry,
} from "./sweepers.js";

// --- the fake core: the same cases in-process, without terraform ---
export {
  type FakeCoreCall,
  type FakeCoreOptions,
  type FakeCoreResult,
  type FakeCoreStepTiming,
  runFakeCore,
} from "./fake-core/run-fake-core.js";
export type { FakeCoreProvider, FakeCoreTypeSchema } from "./fake-core/provider-shape.js";
export type { ConfigBody, ConfigValue, StructuredConfig } from "./fake-core/structured-config.js";
export { type PlanResourceOptions, planResource } from "./fake-core/plan-resource.js";
export { type UnknownConfigValue, type UnknownRefinements, unknownValue } from "./unknown-value.js";
export { type HclBlockSchema, type HclBodySchema, type HclSchemas, renderHcl } from "./fake-core/hcl.js";

// --- checks ---
export * as plancheck from "./plancheck.js";
export * as statecheck from "./statecheck.js";
export * as knownvalue from "./knownvalue.js";
export * as compare from "./compare.js";
export type { ElementExpectation } from "./knownvalue.js";
export type { CheckContext, KnownValueMatcher, PlanCheck, ResourceAction, StateCheck } from "./checks.js";
export { type AttrPath, type AttrPathStep, path } from "./path.js";
export { type RenderPlanOptions, renderPlan } from "./plan-text/render-plan.js";

// --- what checks see ---
export type { JsonObject, JsonValue } from "./json.js";
export type {
  PlannedResourceChange,
  StateOutput,
  StateResource,
  TerraformPlan,
  TerraformState,
} from "./terraform-json.js";
