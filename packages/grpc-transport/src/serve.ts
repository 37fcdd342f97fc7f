import { chmodSync, chownSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format } from "node:util";
import type * as grpc from "@grpc/grpc-js";
import {
  type ListenAddress,
  NOT_A_PLUGIN_MESSAGE,
  formatHandshakeLine,
  hasMagicCookie,
  negotiateProtocolVersion,
  reattachProvidersJson,
} from "./handshake.js";
import { transportInterceptor } from "./interceptor.js";
import { type Logger, createLogger, logLevelFromEnv } from "./logger.js";
import { DEFAULT_GC_AFTER_MESSAGE_BYTES, createMemoryReleaser } from "./memory.js";
import type { ProviderServer } from "./provider-server.js";
import {
  Dispatcher,
  brokerServiceDefinition,
  controllerServiceDefinition,
  healthServiceDefinition,
  loadCodec,
  providerServiceDefinition,
  stdioServiceDefinition,
} from "./services.js";
import { checkClientCertificate } from "./tls/client-cert.js";
import { generateServerCertificate, handshakeCertField } from "./tls/self-signed-cert.js";

/**
 * Largest gRPC message accepted or sent: 256 MiB, as terraform-plugin-go.
 *
 * @remarks terraform-plugin-go tf6server `grpcMaxMessageSize = 256 << 20`; grpc-js's default
 * 4 MiB receive limit is too small for large states.
 * @category models
 */
export const MAX_MESSAGE_BYTES = 256 << 20;

/** How long stop() waits for clients to close before dropping connections. */
const SHUTDOWN_GRACE_MS = 250;

/**
 * Options of {@link serve}. Every default is what a provider launched by Terraform needs; the
 * options exist for debug mode and for tests that serve in-process.
 *
 * @remarks Mirrors the knobs of terraform-plugin-go's `tf6server.Serve` options.
 * @category models
 */
export interface ServeOptions {
  /**
   * Debug mode: start standalone (no magic cookie needed), serve plaintext, print the
   * `TF_REATTACH_PROVIDERS` value to paste instead of the handshake line, exit on Ctrl-C.
   * Default: `true` when `process.argv` contains `--debug`.
   */
  readonly debug?: boolean;
  /**
   * The provider's source address (e.g. `registry.terraform.io/acme/demo`), used as the key of
   * the `TF_REATTACH_PROVIDERS` JSON in debug mode.
   */
  readonly providerAddress?: string;
  /** Logger for the transport and the handlers. Default: {@link createLogger} with `@module` `"provider"`. */
  readonly logger?: Logger;
  /** Environment to read the go-plugin variables from. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Writes the handshake line (or the debug instructions) to stdout. Default: a synchronous write to fd 1. */
  readonly writeStdout?: (text: string) => void;
  /** Writes human messages (missing magic cookie) to stderr. Default: `process.stderr.write`. */
  readonly writeStderr?: (text: string) => void;
  /** Ends the process. Default `process.exit`. Tests pass a function that records the code. */
  readonly exit?: (code: number) => void;
  /**
   * Send `console.log`/`console.info`/`console.debug` and `process.stdout.write` to stderr, so that
   * nothing but the handshake line ever reaches stdout. Default `true`.
   */
  readonly redirectConsole?: boolean;
  /**
   * Install the signal behaviour of go-plugin: ignore SIGINT (Terraform sends StopProvider and
   * Shutdown instead); SIGTERM stops cleanly. In debug mode SIGINT stops too. Default `true`.
   */
  readonly handleSignals?: boolean;
  /** Exit when the parent process (terraform) dies: polls `process.ppid`. Default: `true` unless debug. */
  readonly watchParent?: boolean;
  /** Parent poll interval in milliseconds. Default 250. */
  readonly parentPollIntervalMs?: number;
  /** Listener network. Default: `unix` (`tcp` on Windows or when no unix socket can be bound). */
  readonly network?: "unix" | "tcp";
  /** Called once the server has stopped (after Shutdown, parent death or {@link ServeHandle.stop}). */
  readonly onStop?: (reason: string) => void;
  /**
   * After a call whose request or response was at least this many bytes has ended, run one full
   * garbage collection (100 ms later, once per burst of large calls), so that the buffers of a
   * big request are returned while the provider sits idle instead of at V8's next collection.
   * `false` never does. Default 16 MiB.
   *
   * @remarks Uses `gc()` when Node runs with `--expose-gc`, otherwise one taken from a `vm`
   * context made while that flag is briefly set. See the package README's memory section.
   */
  readonly gcAfterMessageBytes?: number | false;
}

/**
 * A running provider server.
 *
 * @remarks Returned by {@link serve}.
 * @category models
 */
export interface ServeHandle {
  /** Where the server listens. */
  readonly listen: ListenAddress;
  /** The handshake line written to stdout (managed mode), without newline. */
  readonly handshakeLine: string;
  /** Whether the server requires and verifies Terraform's client certificate. */
  readonly tls: boolean;
  /** The server certificate PEM (AutoMTLS only). */
  readonly serverCertPem?: string;
  /** The `TF_REATTACH_PROVIDERS` JSON for this server (meaningful in debug mode: plaintext). */
  readonly reattachJson: string;
  /** Resolves when the server has stopped. */
  readonly stopped: Promise<string>;
  /** Stops the server (aborts in-flight handlers, closes the listener) without exiting the process. */
  stop(reason?: string): Promise<void>;
}

/** Raised when serve() cannot start (e.g. no magic cookie and `exit` returned). */
class ServeError extends Error {
  override name = "ServeError";
}

function redirectStdoutToStderr(): void {
  const toStderr = (...args: unknown[]): void => {
    process.stderr.write(`${format(...args)}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
}

/**
 * Loads grpc-js lazily (the barrel stays cheap to import). grpc-js is CommonJS: a bundler that
 * turns it into an ES chunk (esbuild `--format=esm --splitting`) exposes it only as `default`.
 */
async function loadGrpcJs(): Promise<typeof grpc> {
  const mod = (await import("@grpc/grpc-js")) as typeof grpc & { default?: typeof grpc };
  return mod.ServerCredentials === undefined && mod.default !== undefined ? mod.default : mod;
}

function socketPath(dir: string): string {
  // go-plugin: os.CreateTemp(dir, "plugin") → "<dir>/plugin<random digits>".
  const random = `${Date.now() % 1e6}${Math.floor(Math.random() * 1e9)}`;
  return join(dir, `plugin${random}`);
}

function bind(server: grpc.Server, target: string, credentials: grpc.ServerCredentials): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(target, credentials, (error, port) => (error ? reject(error) : resolve(port)));
  });
}

function groupId(group: string): number | undefined {
  if (/^\d+$/.test(group)) return Number(group);
  try {
    for (const line of readFileSync("/etc/group", "utf8").split("\n")) {
      const [name, , gid] = line.split(":");
      if (name === group && gid !== undefined) return Number(gid);
    }
  } catch {
    // no /etc/group: fall through
  }
  return undefined;
}

async function listenOn(
  server: grpc.Server,
  credentials: grpc.ServerCredentials,
  env: Readonly<Record<string, string | undefined>>,
  network: "unix" | "tcp",
  logger: Logger,
): Promise<ListenAddress> {
  if (network === "unix") {
    const path = socketPath(env.PLUGIN_UNIX_SOCKET_DIR || tmpdir());
    try {
      await bind(server, `unix:${path}`, credentials);
      const group = env.PLUGIN_UNIX_SOCKET_GROUP;
      if (group) {
        const gid = groupId(group);
        if (gid === undefined) logger.warn("PLUGIN_UNIX_SOCKET_GROUP names an unknown group", { group });
        else {
          chownSync(path, -1, gid);
          chmodSync(path, 0o660);
        }
      }
      return { network: "unix", address: path };
    } catch (error) {
      logger.warn("cannot listen on a unix socket, falling back to TCP on loopback", { path, error });
    }
  }
  const min = Number(env.PLUGIN_MIN_PORT || 10000);
  const max = Number(env.PLUGIN_MAX_PORT || 25000);
  if (!(min <= max))
    throw new ServeError(`PLUGIN_MIN_PORT (${min}) is greater than PLUGIN_MAX_PORT (${max})`);
  for (let port = min; port <= max; port++) {
    try {
      const bound = await bind(server, `127.0.0.1:${port}`, credentials);
      return { network: "tcp", address: `127.0.0.1:${bound}` };
    } catch {
      // port taken: try the next one, like go-plugin's serverListener_tcp
    }
  }
  throw new ServeError(`could not bind a TCP port between ${min} and ${max} on 127.0.0.1`);
}

/**
 * Serves a {@link ProviderServer} to Terraform: the go-plugin handshake, AutoMTLS, and the
 * tfplugin6, controller, stdio, broker and health services.
 *
 * @remarks Does what hashicorp/go-plugin's `Serve` and terraform-plugin-go's `tf6server.Serve` do:
 * 1. checks `TF_PLUGIN_MAGIC_COOKIE` (otherwise prints a human message on stderr and exits 1);
 * 2. negotiates protocol 6 from `PLUGIN_PROTOCOL_VERSIONS`;
 * 3. with `PLUGIN_CLIENT_CERT`, generates an ECDSA P-256 certificate for `localhost` and serves TLS
 *    that requires and verifies Terraform's client certificate; plaintext only without it;
 * 4. listens on a unix socket in `PLUGIN_UNIX_SOCKET_DIR` or the temp dir (TCP loopback within
 *    `PLUGIN_MIN_PORT`..`PLUGIN_MAX_PORT` where unix sockets are unavailable);
 * 5. writes exactly one handshake line to stdout; later stdout output goes to stderr;
 * 6. ignores SIGINT, exits on `GRPCController.Shutdown` and when the parent process dies.
 *
 * `--debug` (or `options.debug`) instead starts standalone in plaintext and prints the
 * `TF_REATTACH_PROVIDERS` value to paste, so the provider can run under `node --inspect`.
 *
 * Run while a startup snapshot is built from a bundled CommonJS provider (`node --build-snapshot`,
 * or a single executable with `"useSnapshot": true`), `serve()` defers all of the above to the
 * process started from the snapshot and preloads the protobuf codec into the snapshot; see the
 * package README's start-up section.
 * @example
 * ```ts
 * import { serve } from "@tfkit/grpc-transport";
 * await serve({
 *   getProviderSchema: () => ({ provider: { block: {} } }),
 * }, { providerAddress: "registry.terraform.io/acme/demo" });
 * ```
 * @category constructors
 */
export function serve(server: ProviderServer, options: ServeOptions = {}): Promise<ServeHandle> {
  const snapshot = snapshotBeingBuilt();
  if (snapshot !== undefined) {
    // `node --build-snapshot provider.cjs`: serve in the process started from the snapshot, and
    // put the protobuf codec (pure JavaScript) into the snapshot now. grpc-js stays out: Node 20
    // cannot snapshot its http2/tls bindings, so it is loaded when the snapshot runs.
    void loadCodec();
    return new Promise((resolve, reject) => {
      snapshot.setDeserializeMainFunction(() => {
        // Started from a snapshot, process.argv has no script path: arguments begin at index 1.
        const debug = options.debug ?? process.argv.slice(1).includes("--debug");
        startServing(server, { ...options, debug }).then(resolve, reject);
      });
    });
  }
  return startServing(server, options);
}

/**
 * `v8.startupSnapshot` when this process builds a startup snapshot (`node --build-snapshot`, or a
 * single-executable blob with `"useSnapshot": true`; Node ≥ 20.16), else undefined. The argv test
 * comes first so that ordinary starts never load `node:v8` (~1 ms).
 */
function snapshotBeingBuilt(): typeof import("node:v8").startupSnapshot | undefined {
  const building = process.execArgv.some(
    (arg) => arg.startsWith("--build-snapshot") || arg.startsWith("--experimental-sea-config"),
  );
  if (!building) return undefined;
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const v8 = getBuiltin?.("node:v8") as typeof import("node:v8") | undefined;
  return v8?.startupSnapshot?.isBuildingSnapshot() ? v8.startupSnapshot : undefined;
}

async function startServing(server: ProviderServer, options: ServeOptions): Promise<ServeHandle> {
  const env = options.env ?? process.env;
  const debug = options.debug ?? process.argv.slice(2).includes("--debug");
  const writeStderr = options.writeStderr ?? ((text: string) => void process.stderr.write(text));
  const exit = options.exit ?? ((code: number) => process.exit(code));

  if (!debug && !hasMagicCookie(env)) {
    writeStderr(NOT_A_PLUGIN_MESSAGE);
    exit(1);
    throw new ServeError("not started by Terraform: the magic cookie is missing");
  }

  // Claim stdout before anything else can write to it.
  const stdoutFd = 1;
  const writeStdout = options.writeStdout ?? ((text: string) => void writeSync(stdoutFd, text));
  if (options.redirectConsole ?? true) redirectStdoutToStderr();

  const logger = options.logger ?? createLogger({ module: "provider", level: logLevelFromEnv(env) });
  const transportLogger = logger.named("tfkit-grpc");
  const negotiated = negotiateProtocolVersion(env);
  if (!debug && !negotiated.offered) {
    transportLogger.warn("Terraform did not offer protocol 6; answering 6 anyway", {
      PLUGIN_PROTOCOL_VERSIONS: env.PLUGIN_PROTOCOL_VERSIONS ?? "",
    });
  }

  const grpcJs = await loadGrpcJs();
  const clientCertPem = debug ? undefined : env.PLUGIN_CLIENT_CERT || undefined;
  let credentials: grpc.ServerCredentials;
  let certField = "";
  let serverCertPem: string | undefined;
  if (clientCertPem) {
    const cert = generateServerCertificate();
    serverCertPem = cert.certPem;
    certField = handshakeCertField(cert.der);
    // Third argument true = require the client certificate and verify it against rootCerts
    // (Terraform's self-signed certificate): go-plugin's RequireAndVerifyClientCert.
    credentials = grpcJs.ServerCredentials.createSsl(
      Buffer.from(clientCertPem),
      [{ private_key: Buffer.from(cert.keyPem), cert_chain: Buffer.from(cert.certPem) }],
      true,
    );
  } else {
    credentials = grpcJs.ServerCredentials.createInsecure();
  }

  const memory = createMemoryReleaser(
    options.gcAfterMessageBytes ?? DEFAULT_GC_AFTER_MESSAGE_BYTES,
    transportLogger,
  );
  const grpcServer = new grpcJs.Server({
    // A longer length prefix is answered RESOURCE_EXHAUSTED by grpc-js before any handler.
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
    interceptors: [transportInterceptor({ grpc: grpcJs, logger: transportLogger, memory })],
  });
  const dispatcher = new Dispatcher({ server, logger, grpcStatus: grpcJs.status });

  let resolveStopped!: (reason: string) => void;
  const stopped = new Promise<string>((resolve) => {
    resolveStopped = resolve;
  });
  let stopping: Promise<void> | undefined;
  let listen: ListenAddress | undefined;
  const cleanups: (() => void)[] = [];
  const openStreams = new Set<{ end(): void }>();
  const stop = (reason = "stopped"): Promise<void> => {
    stopping ??= (async () => {
      transportLogger.debug("stopping server", { reason });
      dispatcher.abortAll(new Error(`provider server stopping: ${reason}`));
      memory.cancel();
      for (const cleanup of cleanups.splice(0)) cleanup();
      for (const stream of openStreams) stream.end();
      openStreams.clear();
      // Let replies already written (e.g. Shutdown's) reach the client, then close everything.
      // Terraform closes its connection right after Shutdown returns, which ends tryShutdown.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
        grpcServer.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      grpcServer.forceShutdown();
      if (listen?.network === "unix") rmSync(listen.address, { force: true });
      options.onStop?.(reason);
      resolveStopped(reason);
    })();
    return stopping;
  };
  const stopAndExit = (reason: string): void => {
    void stop(reason).then(() => exit(0));
  };

  grpcServer.addService(providerServiceDefinition, dispatcher.implementation());
  grpcServer.addService(controllerServiceDefinition, {
    Shutdown: ((_call: unknown, callback: grpc.sendUnaryData<Uint8Array>) => {
      callback(null, new Uint8Array(0));
      // Reply first, then stop like go-plugin's grpcServer.Stop() (no wait for in-flight calls).
      setImmediate(() => stopAndExit("GRPCController.Shutdown"));
    }) as grpc.handleUnaryCall<Uint8Array, Uint8Array>,
  });
  grpcServer.addService(stdioServiceDefinition, {
    // Terraform logs any data as "[WARN] unexpected data": keep the stream open and silent.
    StreamStdio: ((call: grpc.ServerWritableStream<Uint8Array, Uint8Array>) => {
      openStreams.add(call);
      call.on("cancelled", () => openStreams.delete(call));
      call.on("error", () => openStreams.delete(call));
    }) as grpc.handleServerStreamingCall<Uint8Array, Uint8Array>,
  });
  grpcServer.addService(brokerServiceDefinition, {
    StartStream: ((call: grpc.ServerDuplexStream<Uint8Array, Uint8Array>) => {
      openStreams.add(call);
      call.on("data", () => {});
      call.on("end", () => {
        openStreams.delete(call);
        call.end();
      });
      call.on("cancelled", () => openStreams.delete(call));
      call.on("error", () => openStreams.delete(call));
    }) as grpc.handleBidiStreamingCall<Uint8Array, Uint8Array>,
  });
  grpcServer.addService(healthServiceDefinition, {
    Check: ((
      call: grpc.ServerUnaryCall<Uint8Array, Uint8Array>,
      callback: grpc.sendUnaryData<Uint8Array>,
    ) => {
      loadCodec().then(
        (codec) => {
          let service: string;
          try {
            service = codec.decodeHealthRequest(call.request).service;
          } catch (error) {
            callback({
              code: grpcJs.status.INVALID_ARGUMENT,
              details: `malformed HealthCheckRequest: ${(error as Error).message}`,
            });
            return;
          }
          if (service === "" || service === "plugin") callback(null, codec.encodeHealthResponse(1));
          else callback({ code: grpcJs.status.NOT_FOUND, details: `unknown service ${service}` });
        },
        (error: unknown) => callback({ code: grpcJs.status.INTERNAL, details: String(error) }),
      );
    }) as grpc.handleUnaryCall<Uint8Array, Uint8Array>,
  });

  const network = options.network ?? (process.platform === "win32" ? "tcp" : "unix");
  listen = await listenOn(grpcServer, credentials, env, network, transportLogger);
  if (listen.network === "unix") {
    const path = listen.address;
    const removeSocket = (): void => rmSync(path, { force: true });
    process.once("exit", removeSocket);
    cleanups.push(() => process.removeListener("exit", removeSocket));
  }

  // Install signal handlers before the handshake: Terraform may send SIGINT (Ctrl-C to the process
  // group) as soon as it has the line, and without a listener Node dies of it at once.
  if (options.handleSignals ?? true) {
    // go-plugin "eats" SIGINT: Ctrl-C reaches the whole process group and Terraform follows up
    // with StopProvider and Shutdown. In debug mode Ctrl-C is how the developer stops it.
    const onSigint = debug ? () => stopAndExit("SIGINT") : () => {};
    const onSigterm = () => stopAndExit("SIGTERM"); // exit cleanly and remove the socket
    process.on("SIGINT", onSigint);
    process.on("SIGTERM", onSigterm);
    cleanups.push(() => {
      process.removeListener("SIGINT", onSigint);
      process.removeListener("SIGTERM", onSigterm);
    });
  }
  if (options.watchParent ?? !debug) {
    const initialParent = process.ppid;
    const timer = setInterval(() => {
      if (process.ppid !== initialParent) {
        transportLogger.info("parent process exited; shutting down", { parent_pid: initialParent });
        stopAndExit("parent exited");
      }
    }, options.parentPollIntervalMs ?? 250);
    timer.unref();
    cleanups.push(() => clearInterval(timer));
  }

  const handshakeLine = formatHandshakeLine(listen, negotiated.version, certField);
  const reattachJson = reattachProvidersJson(
    options.providerAddress ?? "registry.terraform.io/tfkit/provider",
    listen,
    process.pid,
  );
  if (debug) {
    if (options.providerAddress === undefined) {
      transportLogger.warn(
        "debug mode without providerAddress: edit the provider address in TF_REATTACH_PROVIDERS",
      );
    }
    writeStdout(
      "Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS environment variable with the following:\n\n" +
        `\tTF_REATTACH_PROVIDERS='${reattachJson}'\n\n` +
        "Stop the provider with Ctrl-C.\n",
    );
  } else {
    writeStdout(`${handshakeLine}\n`);
  }
  // Start loading the protobuf codec now that Terraform can connect.
  loadCodec().catch((error: unknown) => transportLogger.error("cannot load the protocol codec", { error }));
  if (clientCertPem) {
    // Once the handshake is out and the codec load has begun (~0.5 ms, off the start-up path):
    // OpenSSL silently ignores certificates that do not parse, and with none left the server
    // refuses every client. Say why, like go-plugin.
    const { trusted, problem } = checkClientCertificate(clientCertPem);
    if (problem !== undefined) {
      const cert = clientCertPem.length > 4096 ? `${clientCertPem.slice(0, 4096)}…` : clientCertPem;
      if (trusted === 0) {
        transportLogger.error("client cert provided but failed to parse", { error: problem, cert });
      } else {
        transportLogger.warn(
          "client cert partly failed to parse: the certificates from the first unparsable one on are not trusted",
          {
            error: problem,
            trusted,
            cert,
          },
        );
      }
    }
  }
  transportLogger.debug("plugin server listening", {
    network: listen.network,
    address: listen.address,
    tls: clientCertPem !== undefined,
  });

  return {
    listen,
    handshakeLine,
    tls: clientCertPem !== undefined,
    ...(serverCertPem === undefined ? {} : { serverCertPem }),
    reattachJson,
    stopped,
    stop,
  };
}
