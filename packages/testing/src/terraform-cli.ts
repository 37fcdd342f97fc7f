import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/**
 * Where the `terraform` binary is: `TF_ACC_TERRAFORM_PATH` (the variable terraform-plugin-testing
 * reads), else the first `terraform` on `PATH`; undefined when there is none.
 *
 * @remarks terraform-plugin-testing can download Terraform with hc-install; tfkit never
 * downloads, it uses the binary you have.
 * @category testing
 */
export function findTerraform(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const explicit = env.TF_ACC_TERRAFORM_PATH;
  if (explicit) return isExecutable(explicit) ? explicit : undefined;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, process.platform === "win32" ? "terraform.exe" : "terraform");
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Thrown by the acceptance runner when no `terraform` binary can be found.
 *
 * @remarks Use `describeAcceptance`/`itAcceptance` from `@tfkit/testing/vitest` to skip (loudly)
 * instead of failing on machines without Terraform.
 * @category errors
 */
export class TerraformNotFoundError extends Error {
  /** Always `"TerraformNotFoundError"`. */
  override name = "TerraformNotFoundError";
  constructor() {
    super(
      "@tfkit/testing: the `terraform` binary was not found on PATH (nor at TF_ACC_TERRAFORM_PATH). " +
        "Install Terraform (e.g. 1.11.x) or point TF_ACC_TERRAFORM_PATH at it.",
    );
  }
}

/** The result of one terraform command. @internal */
export interface CommandResult {
  /** The arguments after `terraform`. */
  readonly args: readonly string[];
  /** Exit code (null when killed). */
  readonly code: number | null;
  /** Standard output. */
  readonly stdout: string;
  /** Standard error. */
  readonly stderr: string;
  /** Wall-clock duration. */
  readonly durationMs: number;
}

/**
 * Runs `terraform <args>` in `cwd` with exactly `env`.
 *
 * @internal
 */
export function runTerraform(
  terraform: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error(`terraform ${args.join(" ")} not started: the test was aborted`));
      return;
    }
    const child = spawn(terraform, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      stderr += c;
    });
    const timer = setTimeout(() => {
      stderr += `\n[@tfkit/testing] terraform ${args.join(" ")} timed out after ${timeoutMs} ms; killed\n`;
      child.kill("SIGKILL");
    }, timeoutMs);
    // Aborted (e.g. the vitest test timed out): interrupt terraform as Ctrl-C would, then kill it.
    let killer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      stderr += `\n[@tfkit/testing] aborted; terraform ${args.join(" ")} interrupted\n`;
      child.kill("SIGINT");
      killer = setTimeout(() => child.kill("SIGKILL"), 3_000);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      clearTimeout(killer);
      signal?.removeEventListener("abort", onAbort);
    };
    child.on("error", (error) => {
      done();
      reject(error);
    });
    child.on("close", (code) => {
      done();
      resolve({ args, code, stdout, stderr, durationMs: performance.now() - started });
    });
  });
}

/**
 * The environment for terraform: the caller's, minus inherited `TF_*`/`PLUGIN_*` settings (a
 * developer's TF_REATTACH_PROVIDERS or TF_LOG would change what is tested), plus the given ones.
 *
 * @internal
 */
export function terraformEnv(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith("TF_") && !k.startsWith("PLUGIN_")) env[k] = v;
  }
  return Object.assign(env, { CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1", TF_INPUT: "0" }, extra);
}
