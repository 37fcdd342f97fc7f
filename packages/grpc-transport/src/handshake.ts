/**
 * The go-plugin magic cookie key Terraform sets in the provider's environment.
 *
 * @remarks hashicorp/terraform internal/plugin6/serve.go `MagicCookieKey`; identical in OpenTofu.
 * @category models
 */
export const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";

/**
 * The go-plugin magic cookie value.
 *
 * @remarks hashicorp/terraform internal/plugin6/serve.go `MagicCookieValue`. A UX check (was this
 * binary started by Terraform?), not security.
 * @category models
 */
export const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/**
 * The go-plugin core protocol version (first handshake field).
 *
 * @remarks go-plugin `CoreProtocolVersion = 1`.
 * @category models
 */
export const CORE_PROTOCOL_VERSION = 1;

/**
 * The plugin protocol version this transport serves.
 *
 * @remarks tfplugin6; every Terraform ≥ 0.15 and every OpenTofu speaks it.
 * @category models
 */
export const PROTOCOL_VERSION = 6;

/**
 * The message printed (to stderr) when the binary is run without the magic cookie.
 *
 * @remarks Same wording as go-plugin's server.go.
 * @category errors
 */
export const NOT_A_PLUGIN_MESSAGE =
  "This binary is a plugin. These are not meant to be executed directly.\n" +
  "Please execute the program that consumes these plugins, which will\n" +
  "load any plugins automatically\n";

/**
 * Whether the environment carries Terraform's magic cookie.
 *
 * @remarks go-plugin server.go `Serve`: compares `os.Getenv(MagicCookieKey)` with the value.
 * @category guards
 */
export function hasMagicCookie(env: Readonly<Record<string, string | undefined>>): boolean {
  return env[MAGIC_COOKIE_KEY] === MAGIC_COOKIE_VALUE;
}

/**
 * Result of protocol version negotiation.
 *
 * @remarks See {@link negotiateProtocolVersion}.
 * @category models
 */
export interface NegotiatedVersion {
  /** The version to print in the handshake (always 6). */
  readonly version: number;
  /** Whether the client offered it; when false the client will report the mismatch itself. */
  readonly offered: boolean;
}

/**
 * Picks the protocol version from `PLUGIN_PROTOCOL_VERSIONS`.
 *
 * @remarks go-plugin server.go `protocolVersion`: the highest version both sides support; with
 * no match it answers with its own version and lets the client report "Incompatible API version".
 * Terraform sends `5,6` or `6,5` (map order): order is ignored.
 * @category conversion
 */
export function negotiateProtocolVersion(
  env: Readonly<Record<string, string | undefined>>,
): NegotiatedVersion {
  const offered = (env.PLUGIN_PROTOCOL_VERSIONS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map(Number);
  return { version: PROTOCOL_VERSION, offered: offered.includes(PROTOCOL_VERSION) };
}

/**
 * The network address the server listens on.
 *
 * @remarks go-plugin reports it as handshake fields 3 and 4 (`unix|/tmp/plugin123` or
 * `tcp|127.0.0.1:10000`).
 * @category models
 */
export interface ListenAddress {
  /** `unix` or `tcp`. */
  readonly network: "unix" | "tcp";
  /** Socket path, or `127.0.0.1:PORT`. */
  readonly address: string;
}

/**
 * Formats the go-plugin handshake line (without the trailing newline).
 *
 * @remarks `CORE|APP|NETWORK|ADDRESS|PROTOCOL|SERVERCERT`, exactly six fields (go-plugin v1.4.3
 * splits with `SplitN(line, "|", 6)`, so a seventh would corrupt the cert). The cert field is the
 * unpadded base64 of the server certificate DER, or empty without AutoMTLS.
 * @example
 * ```ts
 * formatHandshakeLine({ network: "unix", address: "/tmp/plugin1" }, 6, "")
 * // => "1|6|unix|/tmp/plugin1|grpc|"
 * ```
 * @category encoding
 */
export function formatHandshakeLine(
  listen: ListenAddress,
  protocolVersion: number,
  certField: string,
): string {
  if (/[|\n]/.test(listen.address))
    throw new Error(`listen address ${JSON.stringify(listen.address)} cannot appear in a handshake line`);
  return `${CORE_PROTOCOL_VERSION}|${protocolVersion}|${listen.network}|${listen.address}|grpc|${certField}`;
}

/**
 * One provider's entry in `TF_REATTACH_PROVIDERS`.
 *
 * @remarks hashicorp/terraform main.go `parseReattachProviders`. `Test: true` is required: without
 * it Terraform assumes protocol 5 and kills the process on Close.
 * @category models
 */
export interface ReattachConfig {
  /** Always `"grpc"`. */
  readonly Protocol: "grpc";
  /** Always 6. */
  readonly ProtocolVersion: number;
  /** The provider's process ID. */
  readonly Pid: number;
  /** Always true (see remarks). */
  readonly Test: true;
  /** Where to connect. */
  readonly Addr: {
    /** `unix` or `tcp`. */
    readonly Network: "unix" | "tcp";
    /** Socket path or `host:port`. */
    readonly String: string;
  };
}

/**
 * Builds the `TF_REATTACH_PROVIDERS` JSON for a provider started in debug mode.
 *
 * @remarks Same shape terraform-plugin-go prints in its `-debug` mode.
 * @category encoding
 */
export function reattachProvidersJson(providerAddress: string, listen: ListenAddress, pid: number): string {
  const config: ReattachConfig = {
    Protocol: "grpc",
    ProtocolVersion: PROTOCOL_VERSION,
    Pid: pid,
    Test: true,
    Addr: { Network: listen.network, String: listen.address },
  };
  return JSON.stringify({ [providerAddress]: config });
}
