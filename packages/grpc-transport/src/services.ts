/**
 * Hand-written grpc-js service definitions for tfplugin6.Provider and the go-plugin services, and
 * the dispatcher that runs {@link ProviderServer} handlers.
 *
 * Messages cross grpc-js as raw bytes (identity serialize/deserialize); decoding and encoding with
 * the generated protobuf-es schemas (`fromBinary`/`toBinary`) happens in the handler, after the
 * codec module has been loaded lazily, so that the protobuf runtime stays off the start-up path.
 *
 * @internal
 * @packageDocumentation
 */
import type * as grpc from "@grpc/grpc-js";
import {
  type Diagnostic,
  errorDiagnostic,
  notSupportedDiagnostic,
  thrownErrorDiagnostic,
} from "./diagnostics.js";
import type { Logger } from "./logger.js";
import type { CallContext, ProviderServer } from "./provider-server.js";

type CodecModule = typeof import("./codec.js");

let codecModule: Promise<CodecModule> | undefined;

/** Starts (once) and returns the lazy load of the protobuf codec module. @internal */
export function loadCodec(): Promise<CodecModule> {
  codecModule ??= import("./codec.js");
  return codecModule;
}

const passthroughSerialize = (value: Uint8Array): Buffer =>
  Buffer.from(value.buffer, value.byteOffset, value.byteLength);
// A plain Uint8Array view (not a Buffer): byte fields handed to users are then plain Uint8Arrays.
const passthroughDeserialize = (bytes: Buffer): Uint8Array =>
  new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function method(
  path: string,
  requestStream = false,
  responseStream = false,
): grpc.MethodDefinition<Uint8Array, Uint8Array> {
  return {
    path,
    requestStream,
    responseStream,
    requestSerialize: passthroughSerialize,
    requestDeserialize: passthroughDeserialize,
    responseSerialize: passthroughSerialize,
    responseDeserialize: passthroughDeserialize,
  };
}

/** Every tfplugin6.Provider RPC this transport serves (protocol 6.9). @internal */
export const PROVIDER_RPCS = [
  "GetMetadata",
  "GetProviderSchema",
  "ValidateProviderConfig",
  "ValidateResourceConfig",
  "ValidateDataResourceConfig",
  "UpgradeResourceState",
  "GetResourceIdentitySchemas",
  "UpgradeResourceIdentity",
  "ConfigureProvider",
  "ReadResource",
  "PlanResourceChange",
  "ApplyResourceChange",
  "ImportResourceState",
  "MoveResourceState",
  "ReadDataSource",
  "ValidateEphemeralResourceConfig",
  "OpenEphemeralResource",
  "RenewEphemeralResource",
  "CloseEphemeralResource",
  "GetFunctions",
  "CallFunction",
  "StopProvider",
] as const;

/** A tfplugin6 RPC name. @internal */
export type ProviderRpc = (typeof PROVIDER_RPCS)[number];

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** The grpc-js service definition of tfplugin6.Provider. @internal */
export const providerServiceDefinition: grpc.ServiceDefinition = Object.fromEntries(
  PROVIDER_RPCS.map((rpc) => [rpc, method(`/tfplugin6.Provider/${rpc}`)]),
);

/** plugin.GRPCController. @internal */
export const controllerServiceDefinition: grpc.ServiceDefinition = {
  Shutdown: method("/plugin.GRPCController/Shutdown"),
};
/** plugin.GRPCStdio. @internal */
export const stdioServiceDefinition: grpc.ServiceDefinition = {
  StreamStdio: method("/plugin.GRPCStdio/StreamStdio", false, true),
};
/** plugin.GRPCBroker. @internal */
export const brokerServiceDefinition: grpc.ServiceDefinition = {
  StartStream: method("/plugin.GRPCBroker/StartStream", true, true),
};
/** grpc.health.v1.Health. @internal */
export const healthServiceDefinition: grpc.ServiceDefinition = {
  Check: method("/grpc.health.v1.Health/Check"),
};

/** The answer for an RPC whose handler is absent. @internal */
export function defaultResponse(rpc: ProviderRpc, req: Record<string, unknown>): unknown {
  switch (rpc) {
    case "GetMetadata":
    case "GetFunctions":
    case "GetResourceIdentitySchemas":
    case "ValidateProviderConfig":
    case "ValidateResourceConfig":
    case "ValidateDataResourceConfig":
    case "ValidateEphemeralResourceConfig":
    case "ConfigureProvider":
    case "CloseEphemeralResource":
    case "StopProvider":
      return {};
    case "UpgradeResourceState": {
      const raw = req.rawState as { json?: Uint8Array; flatmap?: unknown } | undefined;
      if (raw?.json !== undefined) return { upgradedState: { json: raw.json } };
      return {
        diagnostics: [
          errorDiagnostic(
            "UpgradeResourceState is not supported by this provider",
            "The stored state is in the legacy flatmap format and the provider has no upgrade handler.",
          ),
        ],
      };
    }
    case "CallFunction":
      return { error: { text: notSupportedDiagnostic("CallFunction").summary } };
    default:
      return { diagnostics: [notSupportedDiagnostic(rpc)] };
  }
}

/** The answer when a handler throws (or returns something unencodable). @internal */
export function errorResponse(rpc: ProviderRpc, diagnostic: Diagnostic): unknown {
  if (rpc === "CallFunction") return { error: { text: diagnostic.summary } };
  if (rpc === "StopProvider") return { error: diagnostic.summary };
  return { diagnostics: [diagnostic] };
}

/** Hooks from the server into the dispatcher. @internal */
export interface DispatcherOptions {
  readonly server: ProviderServer;
  readonly logger: Logger;
  readonly grpcStatus: typeof grpc.status;
}

/** Runs ProviderServer handlers for grpc-js calls; tracks in-flight calls for StopProvider. @internal */
export class Dispatcher {
  readonly #server: ProviderServer;
  readonly #logger: Logger;
  readonly #status: typeof grpc.status;
  readonly #inFlight = new Set<AbortController>();

  constructor(options: DispatcherOptions) {
    this.#server = options.server;
    this.#logger = options.logger;
    this.#status = options.grpcStatus;
  }

  /** Number of calls currently running a handler. */
  get inFlightCount(): number {
    return this.#inFlight.size;
  }

  /** Aborts every in-flight call's signal. */
  abortAll(reason: unknown): number {
    const count = this.#inFlight.size;
    for (const controller of this.#inFlight) controller.abort(reason);
    return count;
  }

  /** Handles one RPC: bytes in, bytes out; throws a grpc ServiceError only for undecodable requests. */
  async handle(rpc: ProviderRpc, requestBytes: Uint8Array): Promise<Uint8Array> {
    const codecs = (await loadCodec()).providerCodecs;
    const codec = codecs[rpc];
    if (codec === undefined) throw this.#serviceError(this.#status.UNIMPLEMENTED, `${rpc} is not served`);
    let request: Record<string, unknown>;
    try {
      request = codec.decode(requestBytes) as Record<string, unknown>;
    } catch (error) {
      this.#logger.error("malformed request", { tf_rpc: rpc, error });
      throw this.#serviceError(
        this.#status.INVALID_ARGUMENT,
        `malformed ${rpc} request: ${(error as Error).message}`,
      );
    }
    if (rpc === "StopProvider") {
      const aborted = this.abortAll(new Error("StopProvider: Terraform asked the provider to stop"));
      this.#logger.info("StopProvider: aborted in-flight calls", { tf_rpc: rpc, aborted });
    }
    const controller = new AbortController();
    const logger = this.#logger.with({ tf_rpc: rpc });
    const ctx: CallContext = { rpc, signal: controller.signal, logger };
    const typeName = request.typeName;
    const started = performance.now();
    logger.trace(
      "received request",
      typeof typeName === "string" ? { tf_resource_type: typeName } : undefined,
    );
    const handler = (this.#server as unknown as Record<string, unknown>)[lowerFirst(rpc)];
    let response: unknown;
    this.#inFlight.add(controller);
    try {
      response =
        typeof handler === "function"
          ? await (handler as (req: unknown, ctx: CallContext) => unknown).call(this.#server, request, ctx)
          : defaultResponse(rpc, request);
    } catch (error) {
      logger.error("handler threw", { error, stack: error instanceof Error ? error.stack : undefined });
      response = errorResponse(rpc, thrownErrorDiagnostic(rpc, error));
    } finally {
      this.#inFlight.delete(controller);
    }
    let bytes: Uint8Array;
    try {
      bytes = codec.encode(response);
    } catch (error) {
      logger.error("invalid response", { error });
      bytes = codec.encode(
        errorResponse(
          rpc,
          errorDiagnostic(
            `Invalid ${rpc} response from the provider: ${(error as Error).message}`,
            "The provider's handler returned a response the transport could not encode. This is a bug in the provider.",
          ),
        ),
      );
    }
    logger.trace("sent response", {
      tf_req_duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    });
    return bytes;
  }

  /** The grpc-js implementation object for tfplugin6.Provider. */
  implementation(): grpc.UntypedServiceImplementation {
    const impl: grpc.UntypedServiceImplementation = {};
    for (const rpc of PROVIDER_RPCS) {
      impl[rpc] = ((
        call: grpc.ServerUnaryCall<Uint8Array, Uint8Array>,
        callback: grpc.sendUnaryData<Uint8Array>,
      ) => {
        this.handle(rpc, call.request).then(
          (bytes) => callback(null, bytes),
          (error: unknown) => {
            if (isServiceError(error)) callback(error);
            else {
              this.#logger.error("internal transport error", { tf_rpc: rpc, error });
              callback(this.#serviceError(this.#status.INTERNAL, String((error as Error)?.message ?? error)));
            }
          },
        );
      }) as grpc.handleUnaryCall<Uint8Array, Uint8Array>;
    }
    return impl;
  }

  #serviceError(code: grpc.status, details: string): grpc.ServerErrorResponse {
    return Object.assign(new Error(details), { code, details, [SERVICE_ERROR]: true });
  }
}

const SERVICE_ERROR = Symbol.for("@tfkit/grpc-transport/ServiceError");

function isServiceError(e: unknown): e is grpc.ServerErrorResponse {
  return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[SERVICE_ERROR] === true;
}
