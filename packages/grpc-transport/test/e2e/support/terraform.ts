import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROVIDER_SOURCE } from "./build-provider.js";

/** Absolute path of the `terraform` on PATH, or undefined (then the e2e tests skip loudly). */
export const terraformPath: string | undefined = (() => {
  const found = spawnSync("sh", ["-c", "command -v terraform"], { encoding: "utf8" });
  const path = found.stdout.trim();
  return found.status === 0 && path !== "" ? path : undefined;
})();

if (!terraformPath) {
  console.warn(
    "\n!!! grpc-transport e2e: the `terraform` binary is NOT on PATH — the real-terraform tests " +
      "are SKIPPED, not passed. Install terraform (1.11.x) to run them. !!!\n",
  );
}

/** The result of one terraform command. */
export interface TerraformRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A terraform command still running. */
export interface StartedTerraform {
  readonly child: ChildProcess;
  /** Resolves when stdout+stderr so far match `pattern`; rejects after `timeoutMs` or at exit. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void>;
  /** Resolves with the finished run. */
  readonly done: Promise<TerraformRun>;
}

/** A temporary terraform working directory wired to the test provider through dev_overrides. */
export interface Workspace {
  /** The working directory (holds main.tf, the state and terraform.log). */
  readonly dir: string;
  /** Writes main.tf. */
  writeConfig(hcl: string): void;
  /** Runs `terraform <args>` in the directory with the CLI config and no checkpoint calls. */
  run(...args: string[]): Promise<TerraformRun>;
  /** Starts `terraform <args>` without waiting, to interact with it while it runs. */
  start(options: { readonly detached?: boolean }, ...args: string[]): StartedTerraform;
  /** Same as {@link Workspace.run} with extra environment variables. */
  runWith(extraEnv: Readonly<Record<string, string>>, ...args: string[]): Promise<TerraformRun>;
  /** The local state file, parsed. */
  state(): TerraformState;
  /** terraform's debug log of every run so far. */
  log(): string;
}

/** The parts of terraform.tfstate the tests read. */
export interface TerraformState {
  readonly resources: readonly {
    readonly type: string;
    readonly name: string;
    readonly instances: readonly {
      readonly schema_version: number;
      readonly attributes: Record<string, unknown>;
      readonly private?: string;
    }[];
  }[];
  readonly outputs: Record<string, { readonly value: unknown }>;
}

/** Creates a fresh temporary working directory and CLI config for one test. */
export function createWorkspace(providerDir: string): Workspace {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-e2e-"));
  const cliConfig = join(dir, "dev.tfrc");
  // No `direct {}`: only the override may be used, so nothing is ever downloaded.
  writeFileSync(
    cliConfig,
    `provider_installation {\n  dev_overrides {\n    ${JSON.stringify(PROVIDER_SOURCE)} = ${JSON.stringify(providerDir)}\n  }\n}\n`,
  );
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Inherited TF_* settings (reattach, TLS off, log level, data dir…) would change what is tested.
    if (!k.startsWith("TF_") && !k.startsWith("PLUGIN_")) env[k] = v;
  }
  Object.assign(env, {
    TF_CLI_CONFIG_FILE: cliConfig,
    CHECKPOINT_DISABLE: "1",
    TF_IN_AUTOMATION: "1",
    TF_INPUT: "0",
    TF_LOG: "debug",
    TF_LOG_PATH: join(dir, "terraform.log"),
  });
  return {
    dir,
    writeConfig(hcl) {
      writeFileSync(join(dir, "main.tf"), hcl);
    },
    run(...args) {
      return this.runWith({}, ...args);
    },
    runWith(extraEnv, ...args) {
      return startTerraform(dir, { ...env, ...extraEnv }, args).done;
    },
    start(options, ...args) {
      return startTerraform(dir, env, args, options.detached ?? false);
    },
    state() {
      return JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8")) as TerraformState;
    },
    log() {
      try {
        return readFileSync(join(dir, "terraform.log"), "utf8");
      } catch {
        return "";
      }
    },
  };
}

function startTerraform(
  cwd: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  detached = false,
): StartedTerraform {
  const child = spawn(terraformPath ?? "terraform", args, {
    cwd,
    env,
    detached,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const listeners = new Set<() => void>();
  const onOutput = () => {
    for (const l of listeners) l();
  };
  child.stdout.on("data", (c: Buffer) => {
    stdout += c.toString("utf8");
    onOutput();
  });
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString("utf8");
    onOutput();
  });
  const done = new Promise<TerraformRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
  return {
    child,
    done,
    waitForOutput(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(stdout + stderr)) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void done.then(() => {
          if (listeners.has(check)) {
            cleanup();
            reject(new Error(`terraform exited before ${pattern}:\n${stdout}\n${stderr}`));
          }
        });
        check();
      });
    },
  };
}

/** The `terraform {}` block every test configuration starts with. */
export const REQUIRED_PROVIDERS = `terraform {
  required_providers {
    tfkite2e = { source = ${JSON.stringify(PROVIDER_SOURCE)} }
  }
}
`;
