import { spawn } from "node:child_process";

/** What one terraform command did. */
export interface TerraformRun {
  /** Exit code (null when killed). */
  readonly code: number | null;
  /** Standard output. */
  readonly stdout: string;
  /** Standard error. */
  readonly stderr: string;
  /** Wall time from spawn to exit, ms. */
  readonly ms: number;
}

/** Runs `terraform <args>` in `cwd` with exactly `env`; resolves whatever the exit code. */
export function terraformIn(
  terraform: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[],
): Promise<TerraformRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(terraform, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      stderr += c;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/**
 * The environment terraform runs with in the bench: the caller's minus inherited `TF_*` and
 * `PLUGIN_*` settings (a developer's TF_LOG or TF_REATTACH_PROVIDERS would change what is timed),
 * no checkpoint call, and the given CLI configuration.
 */
export function benchTerraformEnv(cliConfig: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith("TF_") && !k.startsWith("PLUGIN_")) env[k] = v;
  return { ...env, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1", TF_CLI_CONFIG_FILE: cliConfig };
}

/** A CLI configuration whose `dev_overrides` make terraform start `address` from `dir`. */
export function devOverridesConfig(address: string, dir: string): string {
  return `provider_installation {\n  dev_overrides {\n    ${JSON.stringify(address)} = ${JSON.stringify(dir)}\n  }\n}\n`;
}
