import {
  type CallContext,
  type CallFunctionRequest,
  type CallFunctionResponse,
  type CloseEphemeralResourceRequest,
  type ConfigureProviderRequest,
  type GetFunctionsResponse,
  type GetMetadataResponse,
  type GetProviderSchemaResponse,
  type ImportResourceStateRequest,
  type MaybePromise,
  type MoveResourceStateRequest,
  type OpenEphemeralResourceRequest,
  type PlanResourceChangeRequest,
  type ProviderServer,
  type ReadDataSourceRequest,
  type ReadResourceRequest,
  type RenewEphemeralResourceRequest,
  type Schema as WireSchema,
  type ServeHandle,
  type ServeOptions,
  serve as serveTransport,
  type ApplyResourceChangeRequest,
  type UpgradeResourceStateRequest,
  type ValidateDataResourceConfigRequest,
  type ValidateEphemeralResourceConfigRequest,
  type ValidateProviderConfigRequest,
  type ValidateResourceConfigRequest,
  type FunctionSignature,
} from "@tfkit/grpc-transport";
import { type Config, providerSchema, type Schema, toSchemaDescription } from "@tfkit/schema";
import type { ConfigureContext, ValidateContext } from "./context.js";
import type { DataSourceType } from "./data-source.js";
import type { EphemeralResourceType } from "./ephemeral-resource.js";
import type { FunctionType } from "./function.js";
import { guard, routesFor } from "./internal/dispatch.js";
import { applyResourceChangeRpc } from "./internal/rpc/apply-resource-change.js";
import { callFunction, functionSignature } from "./internal/rpc/call-function.js";
import { closeEphemeralResourceRpc } from "./internal/rpc/close-ephemeral-resource.js";
import { configureProviderRpc } from "./internal/rpc/configure-provider.js";
import { importResourceStateRpc } from "./internal/rpc/import-resource-state.js";
import { moveResourceStateRpc } from "./internal/rpc/move-resource-state.js";
import { openEphemeralResourceRpc } from "./internal/rpc/open-ephemeral-resource.js";
import { planResourceChangeRpc } from "./internal/rpc/plan-resource-change.js";
import { readDataSourceRpc } from "./internal/rpc/read-data-source.js";
import { readResourceRpc } from "./internal/rpc/read-resource.js";
import { renewEphemeralResourceRpc } from "./internal/rpc/renew-ephemeral-resource.js";
import { upgradeResourceStateRpc } from "./internal/rpc/upgrade-resource-state.js";
import { validateConfigRpc } from "./internal/rpc/validate-config.js";
import { notConfigured, type Runtime } from "./internal/runtime.js";
import type { AnyResourceType, ResourceType } from "./resource.js";

/**
 * Who the provider is.
 * @category models
 */
export interface ProviderMetadata {
  /** The provider type name, e.g. `demo` (resource type names start with `demo_`). */
  readonly typeName: string;
  /** The provider's version, for logs. */
  readonly version?: string;
  /**
   * The provider's source address, e.g. `registry.terraform.io/acme/demo`: the key of
   * `TF_REATTACH_PROVIDERS` in debug mode, and the address contract messages name. Default
   * `registry.terraform.io/tfkit/<typeName>`.
   */
  readonly address?: string;
}

/**
 * Everything a provider is: its metadata, configuration, and what it serves.
 * @typeParam PS - the provider configuration schema (`providerSchema({...})`).
 * @typeParam C - the client `configure` returns and every resource receives as `ctx.client`.
 * @category models
 */
export interface ProviderDefinition<PS extends Schema, C> {
  /** Type name, version, source address. */
  readonly metadata: ProviderMetadata;
  /** The `provider "<name>" { … }` block's schema (default: no arguments). */
  readonly schema?: PS;
  /**
   * Builds the client from the provider configuration. Values derived from resources not yet
   * created are `Unknown`; `ctx.hasUnknownValues` says whether any is. Not called for functions.
   */
  configure?(config: Config<PS>, ctx: ConfigureContext): MaybePromise<C>;
  /** Extra checks of the provider configuration beyond the schema's. */
  validateConfig?(config: Config<PS>, ctx: ValidateContext): MaybePromise<void>;
  /** Managed resource types. */
  readonly resources?: readonly AnyResourceType<C>[];
  /** Data sources. */
  readonly dataSources?: readonly DataSourceType<Schema, C>[];
  /** Provider-defined functions (Terraform 1.8+). */
  readonly functions?: readonly FunctionType[];
  /** Ephemeral resources (Terraform 1.10+). */
  readonly ephemeralResources?: readonly EphemeralResourceType<Schema, C, unknown>[];
  /**
   * Strict mode: check every plan and apply answer with `@tfkit/contracts` before it leaves,
   * and turn a broken contract into an error diagnostic naming the attribute, the rule and the
   * hook. Default: on under tests (`VITEST`, `NODE_ENV=test`) and with `TFKIT_STRICT=1`, off with
   * `TFKIT_STRICT=0`; off, a broken contract is a warning log line.
   */
  readonly strict?: boolean;
  /** How long a hook may run on after its timeout aborted its signal (default 5000 ms). */
  readonly timeoutGraceMs?: number;
}

/**
 * A provider: a `ProviderServer` of `@tfkit/grpc-transport` (so tests can drive it in-process)
 * that `serve` starts for Terraform.
 * @typeParam C - the client type.
 * @category models
 */
export interface Provider<C = unknown> extends ProviderServer {
  /** The definition as given. */
  readonly definition: ProviderDefinition<Schema, C>;
  /** Whether strict mode is on. */
  readonly strict: boolean;
  /** The client of the last successful ConfigureProvider, if any. */
  readonly client: C | undefined;
}

/**
 * Whether strict mode is on when a provider does not say: `TFKIT_STRICT=1`/`0` decides,
 * otherwise on under tests (`VITEST` set or `NODE_ENV=test`).
 * @category guards
 */
export function strictByDefault(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const v = env.TFKIT_STRICT;
  if (v === "1" || v === "true") return true;
  if (v === "0" || v === "false") return false;
  return env.VITEST !== undefined || env.NODE_ENV === "test";
}

function byName<T>(items: readonly T[] | undefined, name: (t: T) => string, what: string): Map<string, T> {
  const out = new Map<string, T>();
  for (const it of items ?? []) {
    const n = name(it);
    if (out.has(n)) throw new TypeError(`duplicate ${what} "${n}"`);
    out.set(n, it);
  }
  return out;
}

const EMPTY_PROVIDER_SCHEMA = providerSchema({});

/**
 * Defines a provider from its metadata, configuration and the resources, data sources,
 * functions and ephemeral resources it serves.
 *
 * @remarks The result implements every tfplugin6 RPC Terraform 1.11 calls: values are decoded
 * with each schema's implied type, configs validated with `@tfkit/schema`, plans built by
 * `@tfkit/plan-engine`, answers checked by `@tfkit/contracts` (strict mode), state upgraded by
 * `@tfkit/upgrade`. The schema response is built once, on first use, and reused; the provider
 * declares `get_provider_schema_optional`, `plan_destroy` and (with movers) `move_resource_state`,
 * and answers every RPC without having seen GetProviderSchema. Functions work on an unconfigured
 * provider. A throwing hook, a result of the wrong shape, or an unknown left after apply
 * becomes an error diagnostic with the attribute path, never a crash. The Go framework's
 * `providerserver.NewProtocol6(provider)`.
 * @example
 * ```ts
 * export const provider = defineProvider({
 *   metadata: { typeName: "demo", address: "registry.terraform.io/acme/demo" },
 *   schema: providerSchema({ attributes: { endpoint: attr.string({ optional: true }) } }),
 *   configure: (config) => new DemoClient(typeof config.endpoint === "string" ? config.endpoint : "http://localhost"),
 *   resources: [server],
 * });
 * ```
 * @category constructors
 */
export function defineProvider<PS extends Schema, C = undefined>(
  definition: ProviderDefinition<PS, C>,
): Provider<C> {
  if (!/^[a-z][a-z0-9-]*$/.test(definition.metadata.typeName)) {
    throw new TypeError(
      `provider type name "${definition.metadata.typeName}" must be lowercase letters, digits and -`,
    );
  }
  const pSchema: Schema = definition.schema ?? (EMPTY_PROVIDER_SCHEMA as unknown as Schema);
  // The client type is checked where the provider is defined; inside, it is erased.
  const resources = byName(
    definition.resources as readonly ResourceType[] | undefined,
    (r) => r.typeName,
    "resource type",
  );
  const dataSources = byName(
    definition.dataSources as readonly DataSourceType[] | undefined,
    (r) => r.typeName,
    "data source type",
  );
  const functions = byName(definition.functions, (f) => f.name, "function");
  const ephemerals = byName(
    definition.ephemeralResources as readonly EphemeralResourceType[] | undefined,
    (r) => r.typeName,
    "ephemeral resource type",
  );
  const strict = definition.strict ?? strictByDefault();
  let configured = false;
  let client: C | undefined;
  const rt: Runtime = {
    strict,
    providerAddress:
      definition.metadata.address ?? `registry.terraform.io/tfkit/${definition.metadata.typeName}`,
    timeoutGraceMs: definition.timeoutGraceMs ?? 5000,
    client: () => {
      if (!configured && definition.configure !== undefined) throw notConfigured();
      return client;
    },
  };
  const movable = [...resources.values()].some((r) => (r.definition.moveState?.length ?? 0) > 0);
  const serverCapabilities = {
    planDestroy: true,
    getProviderSchemaOptional: true,
    moveResourceState: movable,
  };
  let schemaResponse: GetProviderSchemaResponse | undefined;
  const describe = (s: Schema): WireSchema => toSchemaDescription(s);

  const providerName = definition.metadata.typeName;
  const resource = routesFor(resources, "resource", providerName);
  const dataSource = routesFor(dataSources, "data source", providerName);
  const ephemeral = routesFor(ephemerals, "ephemeral resource", providerName);

  const provider: Provider<C> = {
    definition: definition as unknown as ProviderDefinition<Schema, C>,
    strict,
    get client() {
      return client;
    },

    getProviderSchema(): GetProviderSchemaResponse {
      if (schemaResponse === undefined) {
        const map = <T extends { readonly schema: Schema }>(m: Map<string, T>) =>
          Object.fromEntries([...m].map(([k, v]) => [k, describe(v.schema)]));
        const fns: Record<string, FunctionSignature> = {};
        for (const [k, f] of functions) fns[k] = functionSignature(f);
        schemaResponse = Object.freeze({
          provider: describe(pSchema),
          resourceSchemas: map(resources),
          dataSourceSchemas: map(dataSources),
          ephemeralResourceSchemas: map(ephemerals),
          functions: fns,
          serverCapabilities,
          diagnostics: [],
        });
      }
      return schemaResponse;
    },

    getMetadata(): GetMetadataResponse {
      return {
        serverCapabilities,
        resources: [...resources.keys()],
        dataSources: [...dataSources.keys()],
        functions: [...functions.keys()],
        ephemeralResources: [...ephemerals.keys()],
      };
    },

    getFunctions(): GetFunctionsResponse {
      const fns: Record<string, FunctionSignature> = {};
      for (const [k, f] of functions) fns[k] = functionSignature(f);
      return { functions: fns };
    },

    validateProviderConfig: (req: ValidateProviderConfigRequest, call: CallContext) =>
      guard(providerName, "ValidateProviderConfig", call, () =>
        validateConfigRpc(pSchema, providerName, definition, req.config, call, undefined),
      ),

    configureProvider: (req: ConfigureProviderRequest, call: CallContext) =>
      guard(providerName, "ConfigureProvider", call, async () => {
        const { response, outcome } = await configureProviderRpc(
          pSchema,
          providerName,
          definition as never,
          req,
          call,
        );
        if (outcome.ok) {
          client = outcome.client as C;
          configured = true;
        }
        return response;
      }),

    validateResourceConfig: resource(
      "ValidateResourceConfig",
      (r, req: ValidateResourceConfigRequest, call) =>
        validateConfigRpc(r.schema, r.typeName, r.definition, req.config, call, req.clientCapabilities),
    ),
    validateDataResourceConfig: dataSource(
      "ValidateDataResourceConfig",
      (d, req: ValidateDataResourceConfigRequest, call) =>
        validateConfigRpc(d.schema, d.typeName, d.definition, req.config, call, undefined),
    ),
    validateEphemeralResourceConfig: ephemeral(
      "ValidateEphemeralResourceConfig",
      (e, req: ValidateEphemeralResourceConfigRequest, call) =>
        validateConfigRpc(e.schema, e.typeName, e.definition, req.config, call, undefined),
    ),

    upgradeResourceState: resource("UpgradeResourceState", (r, req: UpgradeResourceStateRequest, call) =>
      upgradeResourceStateRpc(r, req, call),
    ),
    readResource: resource("ReadResource", (r, req: ReadResourceRequest, call) =>
      readResourceRpc(rt, r, req, call),
    ),
    planResourceChange: resource("PlanResourceChange", (r, req: PlanResourceChangeRequest, call) =>
      planResourceChangeRpc(rt, r, req, call),
    ),
    applyResourceChange: resource("ApplyResourceChange", (r, req: ApplyResourceChangeRequest, call) =>
      applyResourceChangeRpc(rt, r, req, call),
    ),
    importResourceState: resource("ImportResourceState", (r, req: ImportResourceStateRequest, call) =>
      importResourceStateRpc(rt, r, req, call),
    ),
    moveResourceState: resource(
      "MoveResourceState",
      (r, req: MoveResourceStateRequest, call) => moveResourceStateRpc(rt, r, req, call),
      (req) => req.targetTypeName,
    ),

    readDataSource: dataSource("ReadDataSource", (d, req: ReadDataSourceRequest, call) =>
      readDataSourceRpc(rt, d, req, call),
    ),

    openEphemeralResource: ephemeral("OpenEphemeralResource", (e, req: OpenEphemeralResourceRequest, call) =>
      openEphemeralResourceRpc(rt, e, req, call),
    ),
    renewEphemeralResource: ephemeral(
      "RenewEphemeralResource",
      (e, req: RenewEphemeralResourceRequest, call) => renewEphemeralResourceRpc(rt, e, req, call),
    ),
    closeEphemeralResource: ephemeral(
      "CloseEphemeralResource",
      (e, req: CloseEphemeralResourceRequest, call) => closeEphemeralResourceRpc(rt, e, req, call),
    ),

    async callFunction(req: CallFunctionRequest, call: CallContext): Promise<CallFunctionResponse> {
      const f = functions.get(req.name);
      if (f === undefined)
        return {
          error: { text: `The provider ${definition.metadata.typeName} has no function "${req.name}".` },
        };
      try {
        return await callFunction(f, req, call);
      } catch (e) {
        return {
          error: {
            text: `Unexpected error in function ${f.name}: ${e instanceof Error ? e.message : String(e)}`,
          },
        };
      }
    },
  };
  return provider;
}

/**
 * Serves a provider to Terraform: the go-plugin handshake, TLS, the tfplugin6 service.
 *
 * @remarks Call it from the provider executable's entry point. `providerAddress` defaults to
 * the provider's `metadata.address`. Everything else is `@tfkit/grpc-transport`'s `serve`.
 * @example
 * ```ts
 * #!/usr/bin/env node
 * import { serve } from "@tfkit/provider";
 * import { provider } from "./provider.js";
 * await serve(provider);
 * ```
 * @category constructors
 */
export function serve<C>(provider: Provider<C>, options: ServeOptions = {}): Promise<ServeHandle> {
  const address = provider.definition.metadata.address;
  return serveTransport(
    provider,
    address === undefined || options.providerAddress !== undefined
      ? options
      : { ...options, providerAddress: address },
  );
}
