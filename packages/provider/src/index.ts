/**
 * Write Terraform providers in TypeScript: `defineProvider` with resources, data sources,
 * provider functions and ephemeral resources whose hooks work on phase-typed models, every
 * answer checked against Terraform core's contracts in strict mode, and `serve` for the
 * Terraform CLI.
 *
 * @packageDocumentation
 */

// --- defining ---
export {
  defineProvider,
  type Provider,
  type ProviderDefinition,
  type ProviderMetadata,
  serve,
  strictByDefault,
} from "./provider.js";
export {
  type AnyResourceType,
  defineResource,
  type Duration,
  type ImportPassthrough,
  type ImportStateHandler,
  importStatePassthroughId,
  type ModifyPlanRequest,
  type MoveStateRequest,
  type PrivateStateParser,
  moveStateFrom,
  type ResourceDefinition,
  type ResourceType,
  type StateMover,
  type Timeouts,
  type TypedStateMover,
  type UpgradeStateDefinition,
} from "./resource.js";
export { type DataSourceDefinition, type DataSourceType, defineDataSource } from "./data-source.js";
export {
  defineEphemeralResource,
  type EphemeralContext,
  type EphemeralResourceDefinition,
  type EphemeralResourceType,
} from "./ephemeral-resource.js";
export {
  type ArgumentModel,
  type ArgumentModels,
  defineFunction,
  type FunctionDefinition,
  type FunctionParameter,
  type FunctionType,
} from "./function.js";
export { withClient } from "./with-client.js";

// --- hook contexts ---
export type {
  ApplyContext,
  ConfigureContext,
  DeferrableContext,
  HookContext,
  ModifyPlanContext,
  PlanValues,
  ReadContext,
  ResourceContext,
  ValidateContext,
  WriteOnlyValues,
} from "./context.js";

// --- errors and diagnostics ---
export { Diagnostics } from "./diagnostics.js";
export {
  FunctionArgumentError,
  isFunctionArgumentError,
  isProviderError,
  ProviderError,
  type ProviderErrorOptions,
} from "./errors.js";
