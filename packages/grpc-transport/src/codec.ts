/**
 * Conversion between the generated protobuf-es messages and the plain objects of the public API.
 *
 * Loaded lazily (dynamic import) after the handshake line is written: the protobuf runtime and the
 * file descriptors cost tens of milliseconds to load, and terraform starts 5–6 provider processes
 * per command.
 *
 * @internal
 * @packageDocumentation
 */
import { type DescMessage, type MessageInitShape, create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import * as pb from "./gen/tfplugin6_pb.js";
import * as health from "./gen/health_pb.js";
import type { AttributePath, AttributePathStep, Diagnostic } from "./diagnostics.js";
import type {
  ClientCapabilities,
  FunctionParameter,
  FunctionSignature,
  ResourceIdentitySchema,
  Schema,
  SchemaAttribute,
  SchemaBlock,
  SchemaNestedBlock,
  ServerCapabilities,
  StringKind,
  TypeJson,
} from "./schema-types.js";
import type {
  ApplyResourceChangeResponse,
  CallFunctionResponse,
  Deferred,
  DiagnosticsResponse,
  DynamicValue,
  GetFunctionsResponse,
  GetMetadataResponse,
  GetProviderSchemaResponse,
  GetResourceIdentitySchemasResponse,
  ImportResourceStateResponse,
  MoveResourceStateResponse,
  OpenEphemeralResourceResponse,
  PlanResourceChangeResponse,
  RawState,
  ReadDataSourceResponse,
  ReadResourceResponse,
  RenewEphemeralResourceResponse,
  ResourceIdentityData,
  StopProviderResponse,
  UpgradeResourceIdentityResponse,
  UpgradeResourceStateResponse,
} from "./messages.js";

type Init<D extends DescMessage> = MessageInitShape<D>;

// ---------------------------------------------------------------- shared pieces (in)

function dvIn(m: pb.DynamicValue | undefined): DynamicValue | undefined {
  if (m === undefined) return undefined;
  return {
    ...(m.msgpack.length > 0 ? { msgpack: m.msgpack } : {}),
    ...(m.json.length > 0 ? { json: m.json } : {}),
  };
}

function capsIn(m: pb.ClientCapabilities | undefined): ClientCapabilities | undefined {
  if (m === undefined) return undefined;
  return {
    deferralAllowed: m.deferralAllowed,
    writeOnlyAttributesAllowed: m.writeOnlyAttributesAllowed,
    storePlannedPrivate: m.storePlannedPrivate,
    computedBlocksAllowed: m.computedBlocksAllowed,
  };
}

function rawStateIn(m: pb.RawState | undefined): RawState | undefined {
  if (m === undefined) return undefined;
  const hasFlatmap = Object.keys(m.flatmap).length > 0;
  return {
    ...(m.json.length > 0 ? { json: m.json } : {}),
    ...(hasFlatmap ? { flatmap: { ...m.flatmap } } : {}),
  };
}

function identityIn(m: pb.ResourceIdentityData | undefined): ResourceIdentityData | undefined {
  if (m === undefined) return undefined;
  const data = dvIn(m.identityData);
  return data === undefined ? {} : { identityData: data };
}

function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function toNumber(n: bigint): number {
  return Number(n);
}

// ---------------------------------------------------------------- shared pieces (out)

function dvOut(v: DynamicValue | undefined): Init<typeof pb.DynamicValueSchema> | undefined {
  if (v === undefined) return undefined;
  return { msgpack: v.msgpack ?? new Uint8Array(0), json: v.json ?? new Uint8Array(0) };
}

function stepOut(s: AttributePathStep): Init<typeof pb.AttributePath_StepSchema> {
  switch (s.kind) {
    case "attribute":
      return { selector: { case: "attributeName", value: s.name } };
    case "elementKeyString":
      return { selector: { case: "elementKeyString", value: s.key } };
    case "elementKeyInt":
      return { selector: { case: "elementKeyInt", value: BigInt(s.key) } };
    default:
      throw new TypeError(
        `unknown attribute path step kind ${JSON.stringify((s as { kind: unknown }).kind)}`,
      );
  }
}

function pathOut(p: AttributePath): Init<typeof pb.AttributePathSchema> {
  return { steps: p.map(stepOut) };
}

/** @internal */
export function pathIn(m: pb.AttributePath): AttributePath {
  return m.steps.map((s): AttributePathStep => {
    switch (s.selector.case) {
      case "attributeName":
        return { kind: "attribute", name: s.selector.value };
      case "elementKeyString":
        return { kind: "elementKeyString", key: s.selector.value };
      case "elementKeyInt":
        return { kind: "elementKeyInt", key: Number(s.selector.value) };
      default:
        return { kind: "attribute", name: "" };
    }
  });
}

const SEVERITY_OUT = { invalid: 0, error: 1, warning: 2 } as const;

function diagsOut(ds: readonly Diagnostic[] | undefined): Init<typeof pb.DiagnosticSchema>[] {
  if (ds === undefined) return [];
  return ds.map((d) => ({
    severity: SEVERITY_OUT[d.severity] ?? 1,
    summary: String(d.summary ?? ""),
    detail: d.detail === undefined ? "" : String(d.detail),
    ...(d.attribute === undefined || d.attribute.length === 0 ? {} : { attribute: pathOut(d.attribute) }),
  }));
}

/** @internal */
export function diagsIn(ds: readonly pb.Diagnostic[]): Diagnostic[] {
  const sev = ["invalid", "error", "warning"] as const;
  return ds.map((d) => ({
    severity: sev[d.severity] ?? "invalid",
    summary: d.summary,
    ...(d.detail === "" ? {} : { detail: d.detail }),
    ...(d.attribute === undefined || d.attribute.steps.length === 0
      ? {}
      : { attribute: pathIn(d.attribute) }),
  }));
}

const utf8 = new TextEncoder();

function typeJsonOut(t: TypeJson | undefined): Uint8Array {
  if (t === undefined) return new Uint8Array(0);
  return typeof t === "string" ? utf8.encode(t) : t;
}

function kindOut(k: StringKind | undefined): number {
  return k === "markdown" ? 1 : 0;
}

const BLOCK_NESTING = { single: 1, list: 2, set: 3, map: 4, group: 5 } as const;
const OBJECT_NESTING = { single: 1, list: 2, set: 3, map: 4 } as const;

function attributeOut(a: SchemaAttribute): Init<typeof pb.Schema_AttributeSchema> {
  return {
    name: a.name,
    type: typeJsonOut(a.type),
    ...(a.nestedType === undefined
      ? {}
      : {
          nestedType: {
            attributes: a.nestedType.attributes.map(attributeOut),
            nesting: OBJECT_NESTING[a.nestedType.nesting] ?? 0,
          },
        }),
    description: a.description ?? "",
    required: a.required ?? false,
    optional: a.optional ?? false,
    computed: a.computed ?? false,
    sensitive: a.sensitive ?? false,
    descriptionKind: kindOut(a.descriptionKind),
    deprecated: a.deprecated ?? false,
    writeOnly: a.writeOnly ?? false,
    deprecationMessage: a.deprecationMessage ?? "",
  };
}

function nestedBlockOut(b: SchemaNestedBlock): Init<typeof pb.Schema_NestedBlockSchema> {
  return {
    typeName: b.typeName,
    block: blockOut(b.block),
    nesting: BLOCK_NESTING[b.nesting] ?? 0,
    minItems: BigInt(b.minItems ?? 0),
    maxItems: BigInt(b.maxItems ?? 0),
  };
}

function blockOut(b: SchemaBlock | undefined): Init<typeof pb.Schema_BlockSchema> {
  // Terraform dereferences Schema.block without a nil check: always send one.
  if (b === undefined) return {};
  return {
    version: BigInt(b.version ?? 0),
    attributes: (b.attributes ?? []).map(attributeOut),
    blockTypes: (b.blockTypes ?? []).map(nestedBlockOut),
    description: b.description ?? "",
    descriptionKind: kindOut(b.descriptionKind),
    deprecated: b.deprecated ?? false,
    deprecationMessage: b.deprecationMessage ?? "",
    computed: b.computed ?? false,
  };
}

function schemaOut(s: Schema | undefined): Init<typeof pb.SchemaSchema> {
  return { version: BigInt(s?.version ?? 0), block: blockOut(s?.block) };
}

function schemaMapOut(
  m: Readonly<Record<string, Schema>> | undefined,
): Record<string, Init<typeof pb.SchemaSchema>> {
  const out: Record<string, Init<typeof pb.SchemaSchema>> = {};
  if (m !== undefined) for (const [k, v] of Object.entries(m)) out[k] = schemaOut(v);
  return out;
}

function parameterOut(p: FunctionParameter): Init<typeof pb.Function_ParameterSchema> {
  return {
    name: p.name,
    type: typeJsonOut(p.type),
    allowNullValue: p.allowNullValue ?? false,
    allowUnknownValues: p.allowUnknownValues ?? false,
    description: p.description ?? "",
    descriptionKind: kindOut(p.descriptionKind),
  };
}

function functionOut(f: FunctionSignature): Init<typeof pb.FunctionSchema> {
  return {
    parameters: (f.parameters ?? []).map(parameterOut),
    ...(f.variadicParameter === undefined ? {} : { variadicParameter: parameterOut(f.variadicParameter) }),
    return: { type: typeJsonOut(f.returnType) },
    summary: f.summary ?? "",
    description: f.description ?? "",
    descriptionKind: kindOut(f.descriptionKind),
    deprecationMessage: f.deprecationMessage ?? "",
  };
}

function functionMapOut(
  m: Readonly<Record<string, FunctionSignature>> | undefined,
): Record<string, Init<typeof pb.FunctionSchema>> {
  const out: Record<string, Init<typeof pb.FunctionSchema>> = {};
  if (m !== undefined) for (const [k, v] of Object.entries(m)) out[k] = functionOut(v);
  return out;
}

function serverCapsOut(
  c: ServerCapabilities | undefined,
): Init<typeof pb.ServerCapabilitiesSchema> | undefined {
  if (c === undefined) return undefined;
  return {
    planDestroy: c.planDestroy ?? false,
    getProviderSchemaOptional: c.getProviderSchemaOptional ?? false,
    moveResourceState: c.moveResourceState ?? false,
    generateResourceConfig: c.generateResourceConfig ?? false,
  };
}

const DEFERRED_REASON = {
  unknown: 0,
  resourceConfigUnknown: 1,
  providerConfigUnknown: 2,
  absentPrereq: 3,
} as const;

function deferredOut(d: Deferred | undefined): Init<typeof pb.DeferredSchema> | undefined {
  if (d === undefined) return undefined;
  return { reason: DEFERRED_REASON[d.reason] ?? 0 };
}

function identityOut(
  i: ResourceIdentityData | undefined,
): Init<typeof pb.ResourceIdentityDataSchema> | undefined {
  if (i === undefined) return undefined;
  const data = dvOut(i.identityData);
  return data === undefined ? {} : { identityData: data };
}

function identitySchemaOut(s: ResourceIdentitySchema): Init<typeof pb.ResourceIdentitySchemaSchema> {
  return {
    version: BigInt(s.version ?? 0),
    identityAttributes: s.identityAttributes.map((a) => ({
      name: a.name,
      type: typeJsonOut(a.type),
      requiredForImport: a.requiredForImport ?? false,
      optionalForImport: a.optionalForImport ?? false,
      description: a.description ?? "",
    })),
  };
}

function bytesOut(b: Uint8Array | undefined): Uint8Array {
  return b ?? new Uint8Array(0);
}

// ---------------------------------------------------------------- per-RPC codecs

/**
 * How one RPC's request is decoded and its response encoded.
 * @internal
 */
export interface RpcCodec {
  /** Decodes request bytes into the plain request object (throws on malformed bytes). */
  readonly decode: (bytes: Uint8Array) => unknown;
  /** Encodes a plain response object into response bytes. */
  readonly encode: (response: unknown) => Uint8Array;
}

function codec<Req extends DescMessage, Res extends DescMessage, PlainReq, PlainRes>(
  reqSchema: Req,
  resSchema: Res,
  decode: (m: ReturnType<typeof fromBinary<Req>>) => PlainReq,
  encode: (r: PlainRes) => Init<Res>,
): RpcCodec {
  return {
    decode: (bytes) => decode(fromBinary(reqSchema, bytes)),
    encode: (r) => toBinary(resSchema, create(resSchema, encode((r ?? {}) as PlainRes))),
  };
}

const empty = (): Record<string, never> => ({});

/**
 * Codecs of every tfplugin6 RPC served, keyed by RPC name.
 * @internal
 */
export const providerCodecs: Readonly<Record<string, RpcCodec>> = {
  GetMetadata: codec(
    pb.GetMetadata_RequestSchema,
    pb.GetMetadata_ResponseSchema,
    empty,
    (r: GetMetadataResponse) => ({
      ...opt("serverCapabilities", serverCapsOut(r.serverCapabilities)),
      diagnostics: diagsOut(r.diagnostics),
      dataSources: (r.dataSources ?? []).map((typeName) => ({ typeName })),
      resources: (r.resources ?? []).map((typeName) => ({ typeName })),
      functions: (r.functions ?? []).map((name) => ({ name })),
      ephemeralResources: (r.ephemeralResources ?? []).map((typeName) => ({ typeName })),
    }),
  ),
  GetProviderSchema: codec(
    pb.GetProviderSchema_RequestSchema,
    pb.GetProviderSchema_ResponseSchema,
    empty,
    (r: GetProviderSchemaResponse) => ({
      provider: schemaOut(r.provider),
      resourceSchemas: schemaMapOut(r.resourceSchemas),
      dataSourceSchemas: schemaMapOut(r.dataSourceSchemas),
      ephemeralResourceSchemas: schemaMapOut(r.ephemeralResourceSchemas),
      functions: functionMapOut(r.functions),
      ...(r.providerMeta === undefined ? {} : { providerMeta: schemaOut(r.providerMeta) }),
      ...opt("serverCapabilities", serverCapsOut(r.serverCapabilities)),
      diagnostics: diagsOut(r.diagnostics),
    }),
  ),
  ValidateProviderConfig: codec(
    pb.ValidateProviderConfig_RequestSchema,
    pb.ValidateProviderConfig_ResponseSchema,
    (m) => ({ ...opt("config", dvIn(m.config)) }),
    (r: DiagnosticsResponse) => ({ diagnostics: diagsOut(r.diagnostics) }),
  ),
  ValidateResourceConfig: codec(
    pb.ValidateResourceConfig_RequestSchema,
    pb.ValidateResourceConfig_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      ...opt("config", dvIn(m.config)),
      ...opt("clientCapabilities", capsIn(m.clientCapabilities)),
    }),
    (r: DiagnosticsResponse) => ({ diagnostics: diagsOut(r.diagnostics) }),
  ),
  ValidateDataResourceConfig: codec(
    pb.ValidateDataResourceConfig_RequestSchema,
    pb.ValidateDataResourceConfig_ResponseSchema,
    (m) => ({ typeName: m.typeName, ...opt("config", dvIn(m.config)) }),
    (r: DiagnosticsResponse) => ({ diagnostics: diagsOut(r.diagnostics) }),
  ),
  UpgradeResourceState: codec(
    pb.UpgradeResourceState_RequestSchema,
    pb.UpgradeResourceState_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      version: toNumber(m.version),
      ...opt("rawState", rawStateIn(m.rawState)),
    }),
    (r: UpgradeResourceStateResponse) => ({
      ...opt("upgradedState", dvOut(r.upgradedState)),
      diagnostics: diagsOut(r.diagnostics),
    }),
  ),
  GetResourceIdentitySchemas: codec(
    pb.GetResourceIdentitySchemas_RequestSchema,
    pb.GetResourceIdentitySchemas_ResponseSchema,
    empty,
    (r: GetResourceIdentitySchemasResponse) => {
      const identitySchemas: Record<string, Init<typeof pb.ResourceIdentitySchemaSchema>> = {};
      for (const [k, v] of Object.entries(r.identitySchemas ?? {})) {
        identitySchemas[k] = identitySchemaOut(v);
      }
      return { identitySchemas, diagnostics: diagsOut(r.diagnostics) };
    },
  ),
  UpgradeResourceIdentity: codec(
    pb.UpgradeResourceIdentity_RequestSchema,
    pb.UpgradeResourceIdentity_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      version: toNumber(m.version),
      ...opt("rawIdentity", rawStateIn(m.rawIdentity)),
    }),
    (r: UpgradeResourceIdentityResponse) => ({
      ...opt("upgradedIdentity", identityOut(r.upgradedIdentity)),
      diagnostics: diagsOut(r.diagnostics),
    }),
  ),
  ConfigureProvider: codec(
    pb.ConfigureProvider_RequestSchema,
    pb.ConfigureProvider_ResponseSchema,
    (m) => ({
      terraformVersion: m.terraformVersion,
      ...opt("config", dvIn(m.config)),
      ...opt("clientCapabilities", capsIn(m.clientCapabilities)),
    }),
    (r: DiagnosticsResponse) => ({ diagnostics: diagsOut(r.diagnostics) }),
  ),
  ReadResource: codec(
    pb.ReadResource_RequestSchema,
    pb.ReadResource_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      ...opt("currentState", dvIn(m.currentState)),
      private: m.private,
      ...opt("providerMeta", dvIn(m.providerMeta)),
      ...opt("clientCapabilities", capsIn(m.clientCapabilities)),
      ...opt("currentIdentity", identityIn(m.currentIdentity)),
    }),
    (r: ReadResourceResponse) => ({
      ...opt("newState", dvOut(r.newState)),
      diagnostics: diagsOut(r.diagnostics),
      private: bytesOut(r.private),
      ...opt("deferred", deferredOut(r.deferred)),
      ...opt("newIdentity", identityOut(r.newIdentity)),
    }),
  ),
  PlanResourceChange: codec(
    pb.PlanResourceChange_RequestSchema,
    pb.PlanResourceChange_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      ...opt("priorState", dvIn(m.priorState)),
      ...opt("proposedNewState", dvIn(m.proposedNewState)),
      ...opt("config", dvIn(m.config)),
      priorPrivate: m.priorPrivate,
      ...opt("providerMeta", dvIn(m.providerMeta)),
      ...opt("clientCapabilities", capsIn(m.clientCapabilities)),
      ...opt("priorIdentity", identityIn(m.priorIdentity)),
      plannedPrivate: m.plannedPrivate,
    }),
    (r: PlanResourceChangeResponse) => ({
      ...opt("plannedState", dvOut(r.plannedState)),
      requiresReplace: (r.requiresReplace ?? []).map(pathOut),
      plannedPrivate: bytesOut(r.plannedPrivate),
      diagnostics: diagsOut(r.diagnostics),
      legacyTypeSystem: false,
      ...opt("deferred", deferredOut(r.deferred)),
      ...opt("plannedIdentity", identityOut(r.plannedIdentity)),
    }),
  ),
  ApplyResourceChange: codec(
    pb.ApplyResourceChange_RequestSchema,
    pb.ApplyResourceChange_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      ...opt("priorState", dvIn(m.priorState)),
      ...opt("plannedState", dvIn(m.plannedState)),
      ...opt("config", dvIn(m.config)),
      plannedPrivate: m.plannedPrivate,
      ...opt("providerMeta", dvIn(m.providerMeta)),
      ...opt("plannedIdentity", identityIn(m.plannedIdentity)),
    }),
    (r: ApplyResourceChangeResponse) => ({
      ...opt("newState", dvOut(r.newState)),
      private: bytesOut(r.private),
      diagnostics: diagsOut(r.diagnostics),
      legacyTypeSystem: false,
      ...opt("newIdentity", identityOut(r.newIdentity)),
    }),
  ),
  ImportResourceState: codec(
    pb.ImportResourceState_RequestSchema,
    pb.ImportResourceState_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      id: m.id,
      ...opt("clientCapabilities", capsIn(m.clientCapabilities)),
      ...opt("identity", identityIn(m.identity)),
    }),
    (r: ImportResourceStateResponse) => ({
      importedResources: (r.importedResources ?? []).map((i) => ({
        typeName: i.typeName,
        ...opt("state", dvOut(i.state)),
        private: bytesOut(i.private),
        ...opt("identity", identityOut(i.identity)),
      })),
      diagnostics: diagsOut(r.diagnostics),
      ...opt("deferred", deferredOut(r.deferred)),
    }),
  ),
  MoveResourceState: codec(
    pb.MoveResourceState_RequestSchema,
    pb.MoveResourceState_ResponseSchema,
    (m) => ({
      sourceProviderAddress: m.sourceProviderAddress,
      sourceTypeName: m.sourceTypeName,
      sourceSchemaVersion: toNumber(m.sourceSchemaVersion),
      ...opt("sourceState", rawStateIn(m.sourceState)),
      targetTypeName: m.targetTypeName,
      sourcePrivate: m.sourcePrivate,
      ...opt("sourceIdentity", rawStateIn(m.sourceIdentity)),
      sourceIdentitySchemaVersion: toNumber(m.sourceIdentitySchemaVersion),
    }),
    (r: MoveResourceStateResponse) => ({
      ...opt("targetState", dvOut(r.targetState)),
      diagnostics: diagsOut(r.diagnostics),
      targetPrivate: bytesOut(r.targetPrivate),
      ...opt("targetIdentity", identityOut(r.targetIdentity)),
    }),
  ),
  ReadDataSource: codec(
    pb.ReadDataSource_RequestSchema,
    pb.ReadDataSource_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      ...opt("config", dvIn(m.config)),
      ...opt("providerMeta", dvIn(m.providerMeta)),
      ...opt("clientCapabilities", capsIn(m.clientCapabilities)),
    }),
    (r: ReadDataSourceResponse) => ({
      ...opt("state", dvOut(r.state)),
      diagnostics: diagsOut(r.diagnostics),
      ...opt("deferred", deferredOut(r.deferred)),
    }),
  ),
  ValidateEphemeralResourceConfig: codec(
    pb.ValidateEphemeralResourceConfig_RequestSchema,
    pb.ValidateEphemeralResourceConfig_ResponseSchema,
    (m) => ({ typeName: m.typeName, ...opt("config", dvIn(m.config)) }),
    (r: DiagnosticsResponse) => ({ diagnostics: diagsOut(r.diagnostics) }),
  ),
  OpenEphemeralResource: codec(
    pb.OpenEphemeralResource_RequestSchema,
    pb.OpenEphemeralResource_ResponseSchema,
    (m) => ({
      typeName: m.typeName,
      ...opt("config", dvIn(m.config)),
      ...opt("clientCapabilities", capsIn(m.clientCapabilities)),
    }),
    (r: OpenEphemeralResourceResponse) => ({
      diagnostics: diagsOut(r.diagnostics),
      ...(r.renewAt instanceof Date ? { renewAt: timestampFromDate(r.renewAt) } : {}),
      ...opt("result", dvOut(r.result)),
      ...opt("private", r.private),
      ...opt("deferred", deferredOut(r.deferred)),
    }),
  ),
  RenewEphemeralResource: codec(
    pb.RenewEphemeralResource_RequestSchema,
    pb.RenewEphemeralResource_ResponseSchema,
    (m) => ({ typeName: m.typeName, ...opt("private", m.private) }),
    (r: RenewEphemeralResourceResponse) => ({
      diagnostics: diagsOut(r.diagnostics),
      ...(r.renewAt instanceof Date ? { renewAt: timestampFromDate(r.renewAt) } : {}),
      ...opt("private", r.private),
    }),
  ),
  CloseEphemeralResource: codec(
    pb.CloseEphemeralResource_RequestSchema,
    pb.CloseEphemeralResource_ResponseSchema,
    (m) => ({ typeName: m.typeName, ...opt("private", m.private) }),
    (r: DiagnosticsResponse) => ({ diagnostics: diagsOut(r.diagnostics) }),
  ),
  GetFunctions: codec(
    pb.GetFunctions_RequestSchema,
    pb.GetFunctions_ResponseSchema,
    empty,
    (r: GetFunctionsResponse) => ({
      functions: functionMapOut(r.functions),
      diagnostics: diagsOut(r.diagnostics),
    }),
  ),
  CallFunction: codec(
    pb.CallFunction_RequestSchema,
    pb.CallFunction_ResponseSchema,
    (m) => ({ name: m.name, arguments: m.arguments.map((a) => dvIn(a) ?? {}) }),
    (r: CallFunctionResponse) => ({
      ...opt("result", dvOut(r.result)),
      ...(r.error === undefined
        ? {}
        : {
            error: {
              text: String(r.error.text ?? ""),
              ...(r.error.functionArgument === undefined
                ? {}
                : { functionArgument: BigInt(r.error.functionArgument) }),
            },
          }),
    }),
  ),
  StopProvider: codec(
    pb.StopProvider_RequestSchema,
    pb.StopProvider_ResponseSchema,
    empty,
    (r: StopProviderResponse) => ({
      Error: r.error === undefined ? "" : String(r.error),
    }),
  ),
};

/**
 * Encodes a grpc.health.v1 HealthCheckResponse.
 * @internal
 */
export function encodeHealthResponse(status: number): Uint8Array {
  return toBinary(health.HealthCheckResponseSchema, create(health.HealthCheckResponseSchema, { status }));
}

/**
 * Decodes a grpc.health.v1 HealthCheckRequest.
 * @internal
 */
export function decodeHealthRequest(bytes: Uint8Array): { service: string } {
  return { service: fromBinary(health.HealthCheckRequestSchema, bytes).service };
}
