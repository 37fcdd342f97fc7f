import type { Logger } from "./logger.js";
import type {
  ApplyResourceChangeRequest,
  ApplyResourceChangeResponse,
  CallFunctionRequest,
  CallFunctionResponse,
  CloseEphemeralResourceRequest,
  ConfigureProviderRequest,
  DiagnosticsResponse,
  GetFunctionsRequest,
  GetFunctionsResponse,
  GetMetadataRequest,
  GetMetadataResponse,
  GetProviderSchemaRequest,
  GetProviderSchemaResponse,
  GetResourceIdentitySchemasRequest,
  GetResourceIdentitySchemasResponse,
  ImportResourceStateRequest,
  ImportResourceStateResponse,
  MoveResourceStateRequest,
  MoveResourceStateResponse,
  OpenEphemeralResourceRequest,
  OpenEphemeralResourceResponse,
  PlanResourceChangeRequest,
  PlanResourceChangeResponse,
  ReadDataSourceRequest,
  ReadDataSourceResponse,
  ReadResourceRequest,
  ReadResourceResponse,
  RenewEphemeralResourceRequest,
  RenewEphemeralResourceResponse,
  StopProviderRequest,
  StopProviderResponse,
  UpgradeResourceIdentityRequest,
  UpgradeResourceIdentityResponse,
  UpgradeResourceStateRequest,
  UpgradeResourceStateResponse,
  ValidateDataResourceConfigRequest,
  ValidateEphemeralResourceConfigRequest,
  ValidateProviderConfigRequest,
  ValidateResourceConfigRequest,
} from "./messages.js";

/**
 * A value or a promise of it: handlers may be sync or async.
 *
 * @remarks Plain TypeScript convenience type.
 * @category models
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * What every handler receives besides its request.
 *
 * @remarks terraform-plugin-go passes a `context.Context`; here the cancellation part is an
 * `AbortSignal` and the logging part a {@link Logger} with `tf_rpc` bound.
 * @category models
 */
export interface CallContext {
  /** The RPC name, e.g. `"PlanResourceChange"`. */
  readonly rpc: string;
  /** Aborted when Terraform sends StopProvider (Ctrl-C) or the process is shutting down. */
  readonly signal: AbortSignal;
  /** A logger for this call (hclog JSON on stderr). */
  readonly logger: Logger;
}

/**
 * A Terraform provider at the protocol level: one method per tfplugin6 RPC.
 *
 * @remarks The Node.js counterpart of terraform-plugin-go's `tfprotov6.ProviderServer`.
 * Requests and responses are plain objects; DynamicValues stay msgpack/JSON bytes. Only
 * `getProviderSchema` is required. A missing method behaves as follows:
 * - `validate*Config`, `configureProvider`, `closeEphemeralResource`: success, no diagnostics;
 * - `upgradeResourceState`: the stored JSON is passed through unchanged (`upgradedState.json`),
 *   a legacy flatmap state gets an error diagnostic;
 * - `getMetadata`, `getFunctions`, `getResourceIdentitySchemas`: empty answers;
 * - `stopProvider`: in-flight signals are aborted (always) and success is returned;
 * - every other RPC: an error diagnostic "X is not supported by this provider"
 *   (`callFunction`: a FunctionError with that text).
 *
 * A handler that throws produces an error diagnostic with the message; the process stays up.
 * @example
 * ```ts
 * // Call a provider in-process, as Terraform would over gRPC (values are msgpack bytes):
 * const ctx: CallContext = { rpc: "ReadResource", signal: new AbortController().signal, logger: createLogger() };
 * const { newState, diagnostics } = await provider.readResource!(
 *   { typeName: "demo_server", currentState: { msgpack: toMsgpack(state, type) }, private: new Uint8Array(0) },
 *   ctx,
 * );
 * ```
 * @category models
 */
export interface ProviderServer {
  /** Returns every schema the provider serves. Called once per process (unless optional). */
  getProviderSchema(req: GetProviderSchemaRequest, ctx: CallContext): MaybePromise<GetProviderSchemaResponse>;
  /** Returns the provider's type names (used by terraform-plugin-mux; core never calls it). */
  getMetadata?(req: GetMetadataRequest, ctx: CallContext): MaybePromise<GetMetadataResponse>;
  /** Validates the provider configuration. */
  validateProviderConfig?(
    req: ValidateProviderConfigRequest,
    ctx: CallContext,
  ): MaybePromise<DiagnosticsResponse>;
  /** Validates a managed resource configuration. */
  validateResourceConfig?(
    req: ValidateResourceConfigRequest,
    ctx: CallContext,
  ): MaybePromise<DiagnosticsResponse>;
  /** Validates a data source configuration. */
  validateDataResourceConfig?(
    req: ValidateDataResourceConfigRequest,
    ctx: CallContext,
  ): MaybePromise<DiagnosticsResponse>;
  /** Upgrades stored state to the current schema version. */
  upgradeResourceState?(
    req: UpgradeResourceStateRequest,
    ctx: CallContext,
  ): MaybePromise<UpgradeResourceStateResponse>;
  /** Returns resource identity schemas (protocol 6.9). */
  getResourceIdentitySchemas?(
    req: GetResourceIdentitySchemasRequest,
    ctx: CallContext,
  ): MaybePromise<GetResourceIdentitySchemasResponse>;
  /** Upgrades a stored resource identity (protocol 6.9). */
  upgradeResourceIdentity?(
    req: UpgradeResourceIdentityRequest,
    ctx: CallContext,
  ): MaybePromise<UpgradeResourceIdentityResponse>;
  /** Configures the provider (may be called more than once per process). */
  configureProvider?(req: ConfigureProviderRequest, ctx: CallContext): MaybePromise<DiagnosticsResponse>;
  /** Refreshes a managed resource. */
  readResource?(req: ReadResourceRequest, ctx: CallContext): MaybePromise<ReadResourceResponse>;
  /** Plans a change to a managed resource. */
  planResourceChange?(
    req: PlanResourceChangeRequest,
    ctx: CallContext,
  ): MaybePromise<PlanResourceChangeResponse>;
  /** Applies a planned change. */
  applyResourceChange?(
    req: ApplyResourceChangeRequest,
    ctx: CallContext,
  ): MaybePromise<ApplyResourceChangeResponse>;
  /** Imports existing objects by ID. */
  importResourceState?(
    req: ImportResourceStateRequest,
    ctx: CallContext,
  ): MaybePromise<ImportResourceStateResponse>;
  /** Moves state between resource types (cross-type `moved` blocks). */
  moveResourceState?(
    req: MoveResourceStateRequest,
    ctx: CallContext,
  ): MaybePromise<MoveResourceStateResponse>;
  /** Reads a data source. */
  readDataSource?(req: ReadDataSourceRequest, ctx: CallContext): MaybePromise<ReadDataSourceResponse>;
  /** Validates an ephemeral resource configuration (protocol 6.7). */
  validateEphemeralResourceConfig?(
    req: ValidateEphemeralResourceConfigRequest,
    ctx: CallContext,
  ): MaybePromise<DiagnosticsResponse>;
  /** Opens an ephemeral resource. */
  openEphemeralResource?(
    req: OpenEphemeralResourceRequest,
    ctx: CallContext,
  ): MaybePromise<OpenEphemeralResourceResponse>;
  /** Renews an ephemeral resource. */
  renewEphemeralResource?(
    req: RenewEphemeralResourceRequest,
    ctx: CallContext,
  ): MaybePromise<RenewEphemeralResourceResponse>;
  /** Closes an ephemeral resource. */
  closeEphemeralResource?(
    req: CloseEphemeralResourceRequest,
    ctx: CallContext,
  ): MaybePromise<DiagnosticsResponse>;
  /** Returns function signatures (core reads them from GetProviderSchema instead). */
  getFunctions?(req: GetFunctionsRequest, ctx: CallContext): MaybePromise<GetFunctionsResponse>;
  /** Calls a provider function. */
  callFunction?(req: CallFunctionRequest, ctx: CallContext): MaybePromise<CallFunctionResponse>;
  /** Called on Ctrl-C after the transport has aborted every in-flight call's signal. */
  stopProvider?(req: StopProviderRequest, ctx: CallContext): MaybePromise<StopProviderResponse>;
}
