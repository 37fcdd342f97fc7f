import { spawn } from "node:child_process";

/**
 * Options of {@link measureStartup}.
 *
 * @category models
 */
export interface StartupOptions {
  /** The program to start (a single executable, or `process.execPath` for plain node). */
  readonly command: string;
  /** Its arguments (e.g. the script for plain node). */
  readonly args?: readonly string[];
  /** How many starts to time. Default 10. */
  readonly runs?: number;
}

/**
 * Start-up times of a provider, in milliseconds.
 *
 * @category models
 */
export interface StartupTimes {
  /** Every run, in order. */
  readonly samples: readonly number[];
  /** The median of the samples. */
  readonly median: number;
}

/** Terraform's go-plugin magic cookie (terraform internal/plugin6/serve.go `MagicCookieValue`). */
const MAGIC_COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/**
 * Times how long a provider takes from exec to its go-plugin handshake line on stdout, the way
 * Terraform starts it (magic cookie, protocol 6, plaintext), then stops it.
 *
 * @remarks Terraform starts several provider processes per plan or apply, so this is the start-up
 * cost users feel. Each run is timed from `spawn` to the first `|grpc` line.
 * @category testing
 */
export async function measureStartup(options: StartupOptions): Promise<StartupTimes> {
  const samples: number[] = [];
  for (let i = 0; i < (options.runs ?? 10); i++)
    samples.push(await startOnce(options.command, options.args ?? []));
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { samples, median };
}

function startOnce(command: string, args: readonly string[]): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env))
      if (!k.startsWith("TF_") && !k.startsWith("PLUGIN_")) env[k] = v;
    Object.assign(env, { TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE, PLUGIN_PROTOCOL_VERSIONS: "6" });
    const started = process.hrtime.bigint();
    const child = spawn(command, [...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    let done = false;
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString("utf8");
    });
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
      if (!done && /\|grpc(\||\n|$)/.test(out)) {
        done = true;
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        child.kill("SIGKILL");
        resolvePromise(ms);
      }
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (!done)
        reject(new Error(`tfkit: ${command} exited (${code}) before its handshake: ${err.slice(0, 2000)}`));
    });
  });
}
