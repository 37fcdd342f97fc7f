/**
 * Serve a Terraform provider from Node.js: the go-plugin handshake, AutoMTLS with verification of
 * Terraform's client certificate, the tfplugin6 gRPC service (protocol 6.9) and go-plugin's
 * controller, stdio, broker and health services, hclog JSON logging, and a debug/reattach mode.
 *
 * Implement {@link ProviderServer} (plain request/response objects, DynamicValues as msgpack
 * bytes) and call {@link serve}.
 *
 * @packageDocumentation
 */

// Serving
export { serve, MAX_MESSAGE_BYTES } from "./serve.js";
export type { ServeOptions, ServeHandle } from "./serve.js";
export type { ProviderServer, CallContext, MaybePromise } from "./provider-server.js";

// Diagnostics
export {
  errorDiagnostic,
  warningDiagnostic,
  notSupportedDiagnostic,
  thrownErrorDiagnostic,
  hasErrors,
} from "./diagnostics.js";
export type { Diagnostic, DiagnosticSeverity, AttributePath, AttributePathStep } from "./diagnostics.js";

// Logging
export { createLogger, logLevelFromEnv, formatHclogTimestamp, DEFAULT_MASKED_FIELDS } from "./logger.js";
export type { Logger, LoggerOptions, LogLevel, LogFields } from "./logger.js";

// Protocol messages
export type {
  DynamicValue,
  RawState,
  Deferred,
  DeferredReason,
  ResourceIdentityData,
  DiagnosticsResponse,
  GetMetadataRequest,
  GetMetadataResponse,
  GetProviderSchemaRequest,
  GetProviderSchemaResponse,
  ValidateProviderConfigRequest,
  ValidateResourceConfigRequest,
  ValidateDataResourceConfigRequest,
  UpgradeResourceStateRequest,
  UpgradeResourceStateResponse,
  GetResourceIdentitySchemasRequest,
  GetResourceIdentitySchemasResponse,
  UpgradeResourceIdentityRequest,
  UpgradeResourceIdentityResponse,
  ConfigureProviderRequest,
  ReadResourceRequest,
  ReadResourceResponse,
  PlanResourceChangeRequest,
  PlanResourceChangeResponse,
  ApplyResourceChangeRequest,
  ApplyResourceChangeResponse,
  ImportResourceStateRequest,
  ImportResourceStateResponse,
  ImportedResource,
  MoveResourceStateRequest,
  MoveResourceStateResponse,
  ReadDataSourceRequest,
  ReadDataSourceResponse,
  ValidateEphemeralResourceConfigRequest,
  OpenEphemeralResourceRequest,
  OpenEphemeralResourceResponse,
  RenewEphemeralResourceRequest,
  RenewEphemeralResourceResponse,
  CloseEphemeralResourceRequest,
  GetFunctionsRequest,
  GetFunctionsResponse,
  CallFunctionRequest,
  CallFunctionResponse,
  FunctionError,
  StopProviderRequest,
  StopProviderResponse,
} from "./messages.js";
export type {
  Schema,
  SchemaBlock,
  SchemaAttribute,
  SchemaNestedBlock,
  SchemaObject,
  BlockNestingMode,
  ObjectNestingMode,
  StringKind,
  TypeJson,
  FunctionSignature,
  FunctionParameter,
  ServerCapabilities,
  ClientCapabilities,
  ResourceIdentitySchema,
  IdentityAttribute,
} from "./schema-types.js";

// go-plugin handshake (library-author API)
export {
  MAGIC_COOKIE_KEY,
  MAGIC_COOKIE_VALUE,
  CORE_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  NOT_A_PLUGIN_MESSAGE,
  hasMagicCookie,
  negotiateProtocolVersion,
  formatHandshakeLine,
  reattachProvidersJson,
} from "./handshake.js";
export type { ListenAddress, NegotiatedVersion, ReattachConfig } from "./handshake.js";
export { generateServerCertificate, handshakeCertField } from "./tls/self-signed-cert.js";
export type { ServerCertificate, ServerCertificateOptions } from "./tls/self-signed-cert.js";
