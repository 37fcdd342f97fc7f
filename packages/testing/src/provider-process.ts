import { type ChildProcess, spawn } from "node:child_process";

/** go-plugin's magic cookie for Terraform providers (a UX check, not security). */
const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/**
 * A provider process the runner started itself, for Terraform to attach to through
 * `TF_REATTACH_PROVIDERS`.
 *
 * @internal
 */
export interface RunningProvider {
  /** The `TF_REATTACH_PROVIDERS` entry for this process (without the address key). */
  readonly reattach: {
    readonly Protocol: "grpc";
    readonly ProtocolVersion: number;
    readonly Pid: number;
    readonly Test: true;
    readonly Addr: { readonly Network: string; readonly String: string };
  };
  /** The last lines the provider wrote to stderr (its log), for failure messages. */
  stderrTail(): string;
  /** Whether the process has exited. */
  exited(): boolean;
  /** Stops the process (SIGTERM, then SIGKILL after a grace period). */
  stop(): Promise<void>;
}

const STDERR_LINES_KEPT = 60;

/**
 * Starts a provider executable the way go-plugin does (magic cookie, protocol 6, no client
 * certificate → plaintext), reads its handshake line and returns what `TF_REATTACH_PROVIDERS`
 * needs.
 *
 * @remarks Works for any go-plugin provider, not just tfkit ones: it plays the part of
 * terraform-plugin-go's `-debug` mode without the provider's help. `Test: true` is required:
 * otherwise Terraform assumes protocol 5 and kills the process on Close (protocol.md §3.4).
 * @internal
 */
export function startProvider(
  executable: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs = 30_000,
): Promise<RunningProvider> {
  const childEnv: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    if (!k.startsWith("PLUGIN_") && k !== "TF_REATTACH_PROVIDERS") childEnv[k] = v;
  }
  Object.assign(childEnv, { [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "6" });
  const child: ChildProcess = spawn(executable, [], {
    cwd,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderrLines: string[] = [];
  let partial = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    stderrLines.push(...lines);
    if (stderrLines.length > STDERR_LINES_KEPT) stderrLines.splice(0, stderrLines.length - STDERR_LINES_KEPT);
  });
  let exitedFlag = false;
  const exit = new Promise<void>((resolve) =>
    child.on("exit", () => {
      exitedFlag = true;
      resolve();
    }),
  );
  const stderrTail = () => [...stderrLines, partial].filter((l) => l !== "").join("\n");

  return new Promise((resolve, reject) => {
    let stdout = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(
        new Error(`@tfkit/testing: the provider ${executable} ${why}\n--- provider stderr\n${stderrTail()}`),
      );
    };
    const timer = setTimeout(() => fail(`printed no handshake line within ${timeoutMs} ms`), timeoutMs);
    child.on("error", (error) => fail(`could not start: ${error.message}`));
    child.on("exit", (code, signal) => {
      if (!stdout.includes("\n"))
        fail(`exited (${signal ?? code}) before its handshake line; stdout: ${JSON.stringify(stdout)}`);
    });
    child.stdout?.setEncoding("utf8").on("data", function onData(chunk: string) {
      stdout += chunk;
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      child.stdout?.off("data", onData);
      child.stdout?.resume(); // keep draining: stdout after the handshake is discarded, as go-plugin does
      clearTimeout(timer);
      const line = stdout.slice(0, newline).trim();
      const [core, version, network, address, protocol] = line.split("|");
      if (core !== "1" || !version || !network || !address || protocol !== "grpc") {
        fail(`printed an unexpected handshake line: ${JSON.stringify(line)}`);
        return;
      }
      resolve({
        reattach: {
          Protocol: "grpc",
          ProtocolVersion: Number(version),
          Pid: child.pid ?? 0,
          Test: true,
          Addr: { Network: network, String: address },
        },
        stderrTail,
        exited: () => exitedFlag,
        async stop() {
          if (exitedFlag) return;
          child.kill("SIGTERM");
          const killer = setTimeout(() => child.kill("SIGKILL"), 3_000);
          await exit;
          clearTimeout(killer);
        },
      });
    });
  });
}
