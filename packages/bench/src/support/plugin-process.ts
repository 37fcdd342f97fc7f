import { type ChildProcess, spawn } from "node:child_process";

/**
 * The go-plugin handshake line, split into its fields.
 *
 * @internal
 */
export interface Handshake {
  /** The line as printed, without the newline. */
  readonly line: string;
  /** Core protocol version (`1`). */
  readonly core: string;
  /** Negotiated application protocol (`6`). */
  readonly app: string;
  /** `unix` or `tcp`. */
  readonly network: string;
  /** Socket path or `127.0.0.1:port`. */
  readonly address: string;
  /** `grpc`. */
  readonly protocol: string;
  /** Unpadded base64 DER of the server certificate, or "" without AutoMTLS. */
  readonly serverCert: string;
}

/**
 * Splits a handshake line as go-plugin's client does (at most 6 fields).
 *
 * @internal
 */
export function parseHandshake(line: string): Handshake {
  const parts = line.trim().split("|");
  return {
    line: line.trim(),
    core: parts[0] ?? "",
    app: parts[1] ?? "",
    network: parts[2] ?? "",
    address: parts[3] ?? "",
    protocol: parts[4] ?? "",
    serverCert: parts.slice(5).join("|"),
  };
}

/**
 * A started plugin process and the time from spawn to its first stdout line.
 *
 * @internal
 */
export interface StartedPlugin {
  /** The child process (stdout is still being drained). */
  readonly child: ChildProcess;
  /** The parsed first line. */
  readonly handshake: Handshake;
  /** Nanoseconds from `spawn()` to the first complete stdout line. */
  readonly elapsedNs: bigint;
}

/**
 * Spawns a process and resolves when it prints its first line on stdout (the handshake).
 *
 * @internal
 */
export function startPlugin(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000,
): Promise<StartedPlugin> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    let done = false;
    const timer = setTimeout(
      () => finish(new Error(`no handshake within ${timeoutMs} ms; stderr: ${err}`)),
      timeoutMs,
    );
    const finish = (error: Error | undefined, line?: string, at?: bigint) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (error) {
        child.kill("SIGKILL");
        reject(error);
        return;
      }
      resolve({ child, handshake: parseHandshake(line ?? ""), elapsedNs: (at ?? 0n) - started });
    };
    child.stdout.on("data", (chunk: Buffer) => {
      const at = process.hrtime.bigint();
      out += chunk.toString("utf8");
      const nl = out.indexOf("\n");
      if (nl >= 0) finish(undefined, out.slice(0, nl), at);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (err.length < 8192) err += chunk.toString("utf8");
    });
    child.on("error", (e) => finish(e));
    child.on("exit", (code, signal) =>
      finish(new Error(`exited (${code ?? signal}) before the handshake; stderr: ${err}`)),
    );
  });
}

/**
 * Runs a process to completion and resolves with the nanoseconds from spawn to exit.
 *
 * @internal
 */
export function timeProcess(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<bigint> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { env, stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code) => {
      const at = process.hrtime.bigint();
      if (code === 0) resolve(at - started);
      else reject(new Error(`${command} exited with ${code}`));
    });
  });
}

/**
 * Kills a child with SIGKILL and waits until it has exited.
 *
 * @internal
 */
export function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/**
 * Peak resident set size (VmHWM) of a live process in bytes, from `/proc` (Linux only).
 *
 * @internal
 */
export async function peakRssBytes(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmHWM for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * CPU time (ns) a live process has used so far, summed over its threads, from
 * `/proc/<pid>/task/<tid>/schedstat` (Linux only). Load on the machine stretches wall time but
 * hardly CPU time, so this is the steadier cold-start number on a shared machine.
 *
 * @internal
 */
export async function cpuTimeNs(pid: number): Promise<number> {
  const { readdir, readFile } = await import("node:fs/promises");
  let total = 0;
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    try {
      const stat = await readFile(`/proc/${pid}/task/${tid}/schedstat`, "utf8");
      total += Number(stat.split(" ")[0]);
    } catch {
      // thread exited while we looked
    }
  }
  return total;
}
