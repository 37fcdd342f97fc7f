import type { AttributePath, Diagnostic } from "./diagnostics.js";
import type {
  ClientCapabilities,
  FunctionSignature,
  ResourceIdentitySchema,
  Schema,
  ServerCapabilities,
} from "./schema-types.js";

/**
 * A value encoded against a schema type, as bytes: msgpack (what Terraform sends) or JSON.
 *
 * @remarks tfplugin6 `DynamicValue`. Core decodes `msgpack` when non-empty, else `json`, else a
 * typed null. Answer in msgpack: JSON cannot carry unknowns. Decode and encode with
 * `@tfkit/cty-values` (`fromMsgpack`/`toMsgpack`) using the schema's implied type.
 * @category models
 */
export interface DynamicValue {
  /** msgpack encoding. */
  readonly msgpack?: Uint8Array | undefined;
  /** JSON encoding. */
  readonly json?: Uint8Array | undefined;
}

/**
 * Stored state as Terraform hands it to an upgrade: JSON in the schema of the version that wrote
 * it, or a legacy flatmap.
 *
 * @remarks tfplugin6 `RawState` (`json=1`, `flatmap=2`). `flatmap` only holds pre-0.12 states.
 * @category models
 */
export interface RawState {
  /** Attribute JSON from the state file. */
  readonly json?: Uint8Array | undefined;
  /** Legacy flatmap state. */
  readonly flatmap?: Readonly<Record<string, string>> | undefined;
}

/**
 * Why the provider deferred an operation.
 *
 * @remarks tfplugin6 `Deferred.Reason`. Only return it when `clientCapabilities.deferralAllowed`.
 * @category models
 */
export type DeferredReason = "unknown" | "resourceConfigUnknown" | "providerConfigUnknown" | "absentPrereq";

/**
 * A deferral answer.
 *
 * @remarks tfplugin6 `Deferred`.
 * @category models
 */
export interface Deferred {
  /** The reason. */
  readonly reason: DeferredReason;
}

/**
 * A resource identity value.
 *
 * @remarks tfplugin6 `ResourceIdentityData` (protocol 6.9).
 * @category models
 */
export interface ResourceIdentityData {
  /** The identity object, encoded against the identity schema's type. */
  readonly identityData?: DynamicValue | undefined;
}

/**
 * Request of GetMetadata (no fields).
 * @remarks tfplugin6 `GetMetadata.Request`. Terraform core never calls this RPC.
 * @category models
 */
export type GetMetadataRequest = Record<string, never>;

/**
 * Response of GetMetadata.
 * @remarks tfplugin6 `GetMetadata.Response`.
 * @category models
 */
export interface GetMetadataResponse {
  /** Server capabilities. */
  readonly serverCapabilities?: ServerCapabilities | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** Data source type names. */
  readonly dataSources?: readonly string[] | undefined;
  /** Managed resource type names. */
  readonly resources?: readonly string[] | undefined;
  /** Function names. */
  readonly functions?: readonly string[] | undefined;
  /** Ephemeral resource type names. */
  readonly ephemeralResources?: readonly string[] | undefined;
}

/**
 * Request of GetProviderSchema (no fields).
 * @remarks tfplugin6 `GetProviderSchema.Request`.
 * @category models
 */
export type GetProviderSchemaRequest = Record<string, never>;

/**
 * Response of GetProviderSchema: every schema the provider serves.
 * @remarks tfplugin6 `GetProviderSchema.Response`. `provider` is required by Terraform
 * ("missing provider schema"); the transport sends an empty block when it is absent.
 * @category models
 */
export interface GetProviderSchemaResponse {
  /** The provider configuration schema. */
  readonly provider?: Schema | undefined;
  /** Managed resource schemas by type name. */
  readonly resourceSchemas?: Readonly<Record<string, Schema>> | undefined;
  /** Data source schemas by type name. */
  readonly dataSourceSchemas?: Readonly<Record<string, Schema>> | undefined;
  /** Ephemeral resource schemas by type name (Terraform ≥ 1.10). */
  readonly ephemeralResourceSchemas?: Readonly<Record<string, Schema>> | undefined;
  /** Functions by name (Terraform ≥ 1.8). */
  readonly functions?: Readonly<Record<string, FunctionSignature>> | undefined;
  /** The `provider_meta` schema. */
  readonly providerMeta?: Schema | undefined;
  /** Server capabilities. */
  readonly serverCapabilities?: ServerCapabilities | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
}

/**
 * Request of ValidateProviderConfig.
 * @remarks tfplugin6 `ValidateProviderConfig.Request`.
 * @category models
 */
export interface ValidateProviderConfigRequest {
  /** The provider configuration. */
  readonly config?: DynamicValue | undefined;
}

/**
 * A response that carries only diagnostics.
 * @remarks Shape of the Validate*, ConfigureProvider and CloseEphemeralResource responses.
 * @category models
 */
export interface DiagnosticsResponse {
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
}

/**
 * Request of ValidateResourceConfig.
 * @remarks tfplugin6 `ValidateResourceConfig.Request`.
 * @category models
 */
export interface ValidateResourceConfigRequest {
  /** Resource type name. */
  readonly typeName: string;
  /** The resource configuration. */
  readonly config?: DynamicValue | undefined;
  /** What Terraform supports (Terraform ≥ 1.11). */
  readonly clientCapabilities?: ClientCapabilities | undefined;
}

/**
 * Request of ValidateDataResourceConfig.
 * @remarks tfplugin6 `ValidateDataResourceConfig.Request`.
 * @category models
 */
export interface ValidateDataResourceConfigRequest {
  /** Data source type name. */
  readonly typeName: string;
  /** The data source configuration. */
  readonly config?: DynamicValue | undefined;
}

/**
 * Request of UpgradeResourceState.
 * @remarks tfplugin6 `UpgradeResourceState.Request`. Called every time a state is loaded, even at
 * the current version.
 * @category models
 */
export interface UpgradeResourceStateRequest {
  /** Resource type name. */
  readonly typeName: string;
  /** The schema version that wrote the stored state. */
  readonly version: number;
  /** The stored state. */
  readonly rawState?: RawState | undefined;
}

/**
 * Response of UpgradeResourceState.
 * @remarks tfplugin6 `UpgradeResourceState.Response`. Must be the current schema's type, wholly known.
 * @category models
 */
export interface UpgradeResourceStateResponse {
  /** The upgraded state. */
  readonly upgradedState?: DynamicValue | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
}

/**
 * Request of GetResourceIdentitySchemas (no fields).
 * @remarks tfplugin6 `GetResourceIdentitySchemas.Request` (protocol 6.9).
 * @category models
 */
export type GetResourceIdentitySchemasRequest = Record<string, never>;

/**
 * Response of GetResourceIdentitySchemas.
 * @remarks tfplugin6 `GetResourceIdentitySchemas.Response`.
 * @category models
 */
export interface GetResourceIdentitySchemasResponse {
  /** Identity schemas by resource type name. */
  readonly identitySchemas?: Readonly<Record<string, ResourceIdentitySchema>> | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
}

/**
 * Request of UpgradeResourceIdentity.
 * @remarks tfplugin6 `UpgradeResourceIdentity.Request` (protocol 6.9).
 * @category models
 */
export interface UpgradeResourceIdentityRequest {
  /** Resource type name. */
  readonly typeName: string;
  /** The identity schema version that wrote the stored identity. */
  readonly version: number;
  /** The stored identity. */
  readonly rawIdentity?: RawState | undefined;
}

/**
 * Response of UpgradeResourceIdentity.
 * @remarks tfplugin6 `UpgradeResourceIdentity.Response`.
 * @category models
 */
export interface UpgradeResourceIdentityResponse {
  /** The upgraded identity. */
  readonly upgradedIdentity?: ResourceIdentityData | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
}

/**
 * Request of ConfigureProvider.
 * @remarks tfplugin6 `ConfigureProvider.Request`. May arrive several times in one process.
 * @category models
 */
export interface ConfigureProviderRequest {
  /** Terraform's version, e.g. `1.11.4` (source builds add `-dev`). */
  readonly terraformVersion: string;
  /** The provider configuration. */
  readonly config?: DynamicValue | undefined;
  /** What Terraform supports. */
  readonly clientCapabilities?: ClientCapabilities | undefined;
}

/**
 * Request of ReadResource.
 * @remarks tfplugin6 `ReadResource.Request`.
 * @category models
 */
export interface ReadResourceRequest {
  /** Resource type name. */
  readonly typeName: string;
  /** The current state. */
  readonly currentState?: DynamicValue | undefined;
  /** Private data stored with the state (empty when none). */
  readonly private: Uint8Array;
  /** The module's `provider_meta` value. */
  readonly providerMeta?: DynamicValue | undefined;
  /** What Terraform supports. */
  readonly clientCapabilities?: ClientCapabilities | undefined;
  /** The current identity (protocol 6.9). */
  readonly currentIdentity?: ResourceIdentityData | undefined;
}

/**
 * Response of ReadResource.
 * @remarks tfplugin6 `ReadResource.Response`. A null `newState` means the object is gone.
 * @category models
 */
export interface ReadResourceResponse {
  /** The refreshed state. */
  readonly newState?: DynamicValue | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** Private data to store. */
  readonly private?: Uint8Array | undefined;
  /** Deferral. */
  readonly deferred?: Deferred | undefined;
  /** The refreshed identity. */
  readonly newIdentity?: ResourceIdentityData | undefined;
}

/**
 * Request of PlanResourceChange.
 * @remarks tfplugin6 `PlanResourceChange.Request`. Called at plan time and again at apply time.
 * @category models
 */
export interface PlanResourceChangeRequest {
  /** Resource type name. */
  readonly typeName: string;
  /** Prior state (null when creating). */
  readonly priorState?: DynamicValue | undefined;
  /** Core's proposed new state (null when destroying). */
  readonly proposedNewState?: DynamicValue | undefined;
  /** The configuration (null when destroying). */
  readonly config?: DynamicValue | undefined;
  /** Prior private data. */
  readonly priorPrivate: Uint8Array;
  /** The module's `provider_meta` value. */
  readonly providerMeta?: DynamicValue | undefined;
  /** What Terraform supports. */
  readonly clientCapabilities?: ClientCapabilities | undefined;
  /** Prior identity (protocol 6.9). */
  readonly priorIdentity?: ResourceIdentityData | undefined;
  /** Planned private data of an earlier plan (protocol 6.11). */
  readonly plannedPrivate: Uint8Array;
}

/**
 * Response of PlanResourceChange.
 * @remarks tfplugin6 `PlanResourceChange.Response`. `legacy_type_system` is always sent false.
 * @category models
 */
export interface PlanResourceChangeResponse {
  /** The planned state. */
  readonly plannedState?: DynamicValue | undefined;
  /** Paths whose change forces replacement. */
  readonly requiresReplace?: readonly AttributePath[] | undefined;
  /** Private data for apply. */
  readonly plannedPrivate?: Uint8Array | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** Deferral. */
  readonly deferred?: Deferred | undefined;
  /** Planned identity. */
  readonly plannedIdentity?: ResourceIdentityData | undefined;
}

/**
 * Request of ApplyResourceChange.
 * @remarks tfplugin6 `ApplyResourceChange.Request`.
 * @category models
 */
export interface ApplyResourceChangeRequest {
  /** Resource type name. */
  readonly typeName: string;
  /** Prior state. */
  readonly priorState?: DynamicValue | undefined;
  /** Planned state (null when destroying). */
  readonly plannedState?: DynamicValue | undefined;
  /** The configuration. */
  readonly config?: DynamicValue | undefined;
  /** Planned private data. */
  readonly plannedPrivate: Uint8Array;
  /** The module's `provider_meta` value. */
  readonly providerMeta?: DynamicValue | undefined;
  /** Planned identity (protocol 6.9). */
  readonly plannedIdentity?: ResourceIdentityData | undefined;
}

/**
 * Response of ApplyResourceChange.
 * @remarks tfplugin6 `ApplyResourceChange.Response`. `legacy_type_system` is always sent false.
 * @category models
 */
export interface ApplyResourceChangeResponse {
  /** The new state (null after a destroy). */
  readonly newState?: DynamicValue | undefined;
  /** Private data to store. */
  readonly private?: Uint8Array | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** New identity. */
  readonly newIdentity?: ResourceIdentityData | undefined;
}

/**
 * Request of ImportResourceState.
 * @remarks tfplugin6 `ImportResourceState.Request`.
 * @category models
 */
export interface ImportResourceStateRequest {
  /** Resource type name. */
  readonly typeName: string;
  /** The import ID given by the user. */
  readonly id: string;
  /** What Terraform supports. */
  readonly clientCapabilities?: ClientCapabilities | undefined;
  /** Identity to import by (protocol 6.9). */
  readonly identity?: ResourceIdentityData | undefined;
}

/**
 * One imported object.
 * @remarks tfplugin6 `ImportResourceState.ImportedResource`.
 * @category models
 */
export interface ImportedResource {
  /** Resource type name. */
  readonly typeName: string;
  /** The imported state (refreshed by a ReadResource afterwards). */
  readonly state?: DynamicValue | undefined;
  /** Private data. */
  readonly private?: Uint8Array | undefined;
  /** Identity. */
  readonly identity?: ResourceIdentityData | undefined;
}

/**
 * Response of ImportResourceState.
 * @remarks tfplugin6 `ImportResourceState.Response`.
 * @category models
 */
export interface ImportResourceStateResponse {
  /** The imported objects. */
  readonly importedResources?: readonly ImportedResource[] | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** Deferral. */
  readonly deferred?: Deferred | undefined;
}

/**
 * Request of MoveResourceState.
 * @remarks tfplugin6 `MoveResourceState.Request`.
 * @category models
 */
export interface MoveResourceStateRequest {
  /** Source provider address. */
  readonly sourceProviderAddress: string;
  /** Source resource type name. */
  readonly sourceTypeName: string;
  /** Source schema version. */
  readonly sourceSchemaVersion: number;
  /** Source state (JSON only). */
  readonly sourceState?: RawState | undefined;
  /** Target resource type name. */
  readonly targetTypeName: string;
  /** Source private data. */
  readonly sourcePrivate: Uint8Array;
  /** Source identity (protocol 6.9). */
  readonly sourceIdentity?: RawState | undefined;
  /** Source identity schema version. */
  readonly sourceIdentitySchemaVersion: number;
}

/**
 * Response of MoveResourceState.
 * @remarks tfplugin6 `MoveResourceState.Response`.
 * @category models
 */
export interface MoveResourceStateResponse {
  /** The target state. */
  readonly targetState?: DynamicValue | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** Target private data. */
  readonly targetPrivate?: Uint8Array | undefined;
  /** Target identity. */
  readonly targetIdentity?: ResourceIdentityData | undefined;
}

/**
 * Request of ReadDataSource.
 * @remarks tfplugin6 `ReadDataSource.Request`.
 * @category models
 */
export interface ReadDataSourceRequest {
  /** Data source type name. */
  readonly typeName: string;
  /** The configuration. */
  readonly config?: DynamicValue | undefined;
  /** The module's `provider_meta` value. */
  readonly providerMeta?: DynamicValue | undefined;
  /** What Terraform supports. */
  readonly clientCapabilities?: ClientCapabilities | undefined;
}

/**
 * Response of ReadDataSource.
 * @remarks tfplugin6 `ReadDataSource.Response`. The state must be non-null and wholly known.
 * @category models
 */
export interface ReadDataSourceResponse {
  /** The data source's state. */
  readonly state?: DynamicValue | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** Deferral. */
  readonly deferred?: Deferred | undefined;
}

/**
 * Request of ValidateEphemeralResourceConfig.
 * @remarks tfplugin6 `ValidateEphemeralResourceConfig.Request` (protocol 6.7).
 * @category models
 */
export interface ValidateEphemeralResourceConfigRequest {
  /** Ephemeral resource type name. */
  readonly typeName: string;
  /** The configuration. */
  readonly config?: DynamicValue | undefined;
}

/**
 * Request of OpenEphemeralResource.
 * @remarks tfplugin6 `OpenEphemeralResource.Request`.
 * @category models
 */
export interface OpenEphemeralResourceRequest {
  /** Ephemeral resource type name. */
  readonly typeName: string;
  /** The configuration. */
  readonly config?: DynamicValue | undefined;
  /** What Terraform supports. */
  readonly clientCapabilities?: ClientCapabilities | undefined;
}

/**
 * Response of OpenEphemeralResource.
 * @remarks tfplugin6 `OpenEphemeralResource.Response`.
 * @category models
 */
export interface OpenEphemeralResourceResponse {
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** When Terraform should call RenewEphemeralResource. */
  readonly renewAt?: Date | undefined;
  /** The result value. */
  readonly result?: DynamicValue | undefined;
  /** Private data passed to Renew/Close. */
  readonly private?: Uint8Array | undefined;
  /** Deferral. */
  readonly deferred?: Deferred | undefined;
}

/**
 * Request of RenewEphemeralResource.
 * @remarks tfplugin6 `RenewEphemeralResource.Request`.
 * @category models
 */
export interface RenewEphemeralResourceRequest {
  /** Ephemeral resource type name. */
  readonly typeName: string;
  /** Private data from Open or the previous Renew. */
  readonly private?: Uint8Array | undefined;
}

/**
 * Response of RenewEphemeralResource.
 * @remarks tfplugin6 `RenewEphemeralResource.Response`.
 * @category models
 */
export interface RenewEphemeralResourceResponse {
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
  /** When to renew next. */
  readonly renewAt?: Date | undefined;
  /** New private data. */
  readonly private?: Uint8Array | undefined;
}

/**
 * Request of CloseEphemeralResource.
 * @remarks tfplugin6 `CloseEphemeralResource.Request`.
 * @category models
 */
export interface CloseEphemeralResourceRequest {
  /** Ephemeral resource type name. */
  readonly typeName: string;
  /** Private data from Open or Renew. */
  readonly private?: Uint8Array | undefined;
}

/**
 * Request of GetFunctions (no fields).
 * @remarks tfplugin6 `GetFunctions.Request`. Core reads functions from GetProviderSchema instead.
 * @category models
 */
export type GetFunctionsRequest = Record<string, never>;

/**
 * Response of GetFunctions.
 * @remarks tfplugin6 `GetFunctions.Response`.
 * @category models
 */
export interface GetFunctionsResponse {
  /** Functions by name. */
  readonly functions?: Readonly<Record<string, FunctionSignature>> | undefined;
  /** Diagnostics. */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
}

/**
 * Request of CallFunction.
 * @remarks tfplugin6 `CallFunction.Request`. Variadic arguments are extra trailing values, each
 * encoded with the variadic parameter's type. Runs on an unconfigured provider.
 * @category models
 */
export interface CallFunctionRequest {
  /** Function name. */
  readonly name: string;
  /** Argument values. */
  readonly arguments: readonly DynamicValue[];
}

/**
 * A function call error.
 * @remarks tfplugin6 `FunctionError`.
 * @category models
 */
export interface FunctionError {
  /** The message. */
  readonly text: string;
  /** The zero-based argument the error is about, if any. */
  readonly functionArgument?: number | undefined;
}

/**
 * Response of CallFunction.
 * @remarks tfplugin6 `CallFunction.Response`. Functions must be pure: core caches results.
 * @category models
 */
export interface CallFunctionResponse {
  /** The result value (encoded with the return type). */
  readonly result?: DynamicValue | undefined;
  /** The error, if the call failed. */
  readonly error?: FunctionError | undefined;
}

/**
 * Request of StopProvider (no fields).
 * @remarks tfplugin6 `StopProvider.Request`.
 * @category models
 */
export type StopProviderRequest = Record<string, never>;

/**
 * Response of StopProvider.
 * @remarks tfplugin6 `StopProvider.Response` (field `Error`). Empty means stopped cleanly.
 * @category models
 */
export interface StopProviderResponse {
  /** An error message, if stopping failed. */
  readonly error?: string | undefined;
}
