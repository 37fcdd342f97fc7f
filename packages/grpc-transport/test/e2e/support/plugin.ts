import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import * as grpc from "@grpc/grpc-js";
import type { CertPair } from "./certs.js";
import { handshakeCertificate } from "./certs.js";

/** go-plugin's magic cookie value for Terraform providers. */
export const MAGIC_COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/** The handshake line split as go-plugin's client splits it (6 fields at most). */
export interface Handshake {
  readonly line: string;
  readonly fields: readonly string[];
  readonly network: string;
  readonly address: string;
  readonly serverCert: string;
}

/** Splits a handshake line. */
export function parseHandshake(line: string): Handshake {
  const fields = line.split("|");
  return {
    line,
    fields,
    network: fields[2] ?? "",
    address: fields[3] ?? "",
    serverCert: fields[5] ?? "",
  };
}

/** The environment terraform gives a provider (without its own TF_* and PLUGIN_* leftovers). */
export function pluginEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith("TF_") && !k.startsWith("PLUGIN_")) env[k] = v;
  }
  Object.assign(env, {
    TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE,
    PLUGIN_PROTOCOL_VERSIONS: "5,6",
    PLUGIN_MIN_PORT: "10000",
    PLUGIN_MAX_PORT: "25000",
  });
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** A running provider process with everything it printed so far. */
export interface RunningPlugin {
  readonly child: ChildProcess;
  readonly handshake: Handshake;
  /** All stdout so far (must stay exactly the handshake line). */
  stdout(): string;
  /** All stderr so far. */
  stderr(): string;
  /** Resolves with the exit code/signal (immediately if it already exited). */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILLs the process if still running and waits for it. */
  kill(): Promise<void>;
}

/** Starts an executable and waits for its first stdout line. */
export function startPlugin(
  executable: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 20_000,
): Promise<RunningPlugin> {
  const child = spawn(executable, [], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no handshake within ${timeoutMs} ms; stderr:\n${err}`));
    }, timeoutMs);
    const onData = () => {
      const nl = out.indexOf("\n");
      if (nl < 0) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve({
        child,
        handshake: parseHandshake(out.slice(0, nl)),
        stdout: () => out,
        stderr: () => err,
        exited: () => exit,
        kill: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
          await exit;
        },
      });
    };
    child.stdout.on("data", onData);
    void exit.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`provider exited (${code ?? signal}) before the handshake; stderr:\n${err}`));
    });
  });
}

const identity = (b: Buffer): Buffer => b;

/** How the test client presents itself to the provider. */
export type ClientAuth =
  | { readonly kind: "cert"; readonly cert: CertPair }
  | { readonly kind: "no-cert" }
  | { readonly kind: "plaintext" };

/**
 * A grpc-js client set up as go-plugin's: the handshake certificate as the only trusted root,
 * server name `localhost`, and the given client identity.
 */
export function pluginClient(handshake: Handshake, auth: ClientAuth): grpc.Client {
  const target = handshake.network === "unix" ? `unix:${handshake.address}` : handshake.address;
  let creds: grpc.ChannelCredentials;
  if (auth.kind === "plaintext" || handshake.serverCert === "") creds = grpc.credentials.createInsecure();
  else {
    const root = Buffer.from(handshakeCertificate(handshake.serverCert).toString());
    creds =
      auth.kind === "cert"
        ? grpc.credentials.createSsl(root, Buffer.from(auth.cert.keyPem), Buffer.from(auth.cert.certPem))
        : grpc.credentials.createSsl(root);
  }
  return new grpc.Client(target, creds, {
    "grpc.ssl_target_name_override": "localhost",
    "grpc.default_authority": "localhost",
  });
}

/** One raw unary call; resolves with the response bytes, rejects with the gRPC error. */
export function callRaw(
  client: grpc.Client,
  path: string,
  request: Uint8Array = new Uint8Array(0),
  deadlineMs = 5_000,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      path,
      identity,
      identity,
      Buffer.from(request),
      new grpc.Metadata(),
      { deadline: Date.now() + deadlineMs },
      (error, response) => (error ? reject(error) : resolve(response ?? Buffer.alloc(0))),
    );
  });
}

/** Whether a process id is alive (a zombie counts as dead: it no longer runs). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** Pids of live processes whose command line mentions `fragment` (Linux `/proc`; [] elsewhere). */
export function processesMentioning(fragment: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes(fragment) && isAlive(Number(entry))) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}
