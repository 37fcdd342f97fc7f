import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { ProviderError } from "@tfkit/provider";
import { attr, t } from "@tfkit/schema";

/** What runs the command: the data source or the ephemeral resource (upstream's wording differs). */
export type CommandNoun = "data source" | "ephemeral resource";

/**
 * The `local_command` schema's attributes, for the data source and the ephemeral resource.
 * @category models
 */
export function commandAttributes(noun: CommandNoun) {
  return {
    command: attr.string({
      required: true,
      description: "Executable name to be discovered on the PATH or absolute path to executable.",
    }),
    arguments: attr.list(t.string, {
      optional: true,
      markdownDescription:
        "Arguments to be passed to the given command. Any `null` arguments will be removed from the list.",
    }),
    stdin: attr.string({
      optional: true,
      markdownDescription:
        "Data to be passed to the given command's standard input as a UTF-8 string. [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) can be encoded " +
        "by any Terraform encode function, for example, [`jsonencode`](https://developer.hashicorp.com/terraform/language/functions/jsonencode).",
    }),
    working_directory: attr.string({
      optional: true,
      description:
        "The directory path where the command should be executed, either an absolute path or relative to the Terraform working directory. If not provided, defaults to the Terraform working directory.",
    }),
    allow_non_zero_exit_code: attr.bool({
      optional: true,
      markdownDescription:
        "Indicates that the command returning a non-zero exit code should be treated as a successful execution. " +
        "Further assertions can be made of the `exit_code` value with the [`check` block](https://developer.hashicorp.com/terraform/language/block/check). Defaults to false.",
    }),
    exit_code: attr.int64({
      computed: true,
      markdownDescription:
        `The exit code returned by the command. By default, if the exit code is non-zero, the ${noun} will return a diagnostic to Terraform. ` +
        "If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.",
    }),
    stdout: attr.string({
      computed: true,
      markdownDescription:
        "Data returned from the command's standard output stream. The data is returned directly from the command as a UTF-8 string, " +
        "which can then be decoded by any Terraform decode function, for example, [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode).",
    }),
    stderr: attr.string({
      computed: true,
      description:
        "Data returned from the command's standard error stream. The data is returned directly from the command as a UTF-8 string and will be " +
        "populated regardless of the exit code returned.",
    }),
  };
}

/**
 * The `local_command` schema's markdown description.
 * @category models
 */
export function commandDescription(noun: CommandNoun): string {
  const a = noun === "data source" ? "a data source" : "an ephemeral resource";
  return (
    "Runs an executable on the local machine and returns the exit code, standard output data (`stdout`), and standard error data (`stderr`). " +
    `All environment variables visible to the Terraform process are passed through to the child process. Both \`stdout\` and \`stderr\` returned by this ${noun} ` +
    "are UTF-8 strings, which can be decoded into [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) for use elsewhere in the Terraform configuration. " +
    "There are built-in decoding functions such as [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode) or [`yamldecode`](https://developer.hashicorp.com/terraform/language/functions/yamldecode), " +
    "and more specialized [decoding functions](https://developer.hashicorp.com/terraform/plugin/framework/functions/concepts) can be built with a Terraform provider." +
    "\n\n" +
    "Any non-zero exit code returned by the command will be treated as an error and will return a diagnostic to Terraform containing the `stderr` message if available. " +
    "If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`." +
    "\n\n" +
    '~> **Warning** This mechanism is provided as an "escape hatch" for exceptional situations where a first-class Terraform provider is not more appropriate. ' +
    `Its capabilities are limited in comparison to a true ${noun}, and implementing ${a} via a local executable is likely to hurt the ` +
    "portability of your Terraform configuration by creating dependencies on external programs and libraries that may not be available (or may need to be used differently) " +
    "on different operating systems." +
    "\n\n" +
    "~> **Warning** HCP Terraform and Terraform Enterprise do not guarantee availability of any particular language runtimes or external programs beyond standard shell utilities, " +
    `so it is not recommended to use this ${noun} within configurations that are applied within either.`
  );
}

/**
 * Finds an executable as Go's `exec.LookPath` does: a name with a slash is taken as a path,
 * anything else is searched in `$PATH`; the error text is Go's.
 * @category conversion
 */
export function lookPath(command: string, env: NodeJS.ProcessEnv = process.env): string {
  const executable = (p: string) => {
    try {
      if (statSync(p).isDirectory()) return false;
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes("/")) {
    if (executable(command)) return command;
    throw new Error(
      `exec: "${command}": ${statable(command) ? "permission denied" : "no such file or directory"}`,
    );
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir === "" ? "." : dir, command);
    if (executable(candidate)) return candidate;
  }
  throw new Error(`exec: "${command}": executable file not found in $PATH`);
}

function statable(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The command's configuration, as the data source and the ephemeral resource receive it. */
export interface CommandConfig {
  /** `command`. */
  readonly command: string;
  /** `arguments` (null elements are dropped). */
  readonly arguments: readonly (string | null)[] | null;
  /** `stdin`. */
  readonly stdin: string | null;
  /** `working_directory`. */
  readonly working_directory: string | null;
  /** `allow_non_zero_exit_code`. */
  readonly allow_non_zero_exit_code: boolean | null;
}

const LOOKUP_DETAIL = (noun: CommandNoun, command: string, error: string) =>
  `The ${noun} received an unexpected error while attempting to find the command.` +
  "\n\n" +
  "The command must be accessible according to the platform where Terraform is running." +
  "\n\n" +
  "If the expected command should be automatically found on the platform where Terraform is running, " +
  "ensure that the command is in an expected directory. On Unix-based platforms, these directories are " +
  "typically searched based on the '$PATH' environment variable. On Windows-based platforms, these directories " +
  "are typically searched based on the '%PATH%' environment variable." +
  "\n\n" +
  "If the expected command is relative to the Terraform configuration, it is recommended that the command name includes " +
  `the interpolated value of 'path.module' before the command name to ensure that it is compatible with varying module usage. For example: "\${path.module}/my-command"` +
  "\n\n" +
  "The command must also be executable according to the platform where Terraform is running. On Unix-based platforms, the file on the filesystem must have the executable bit set. " +
  "On Windows-based platforms, no action is typically necessary." +
  "\n\n" +
  `Platform: ${process.platform}\n` +
  `Command: ${command}\n` +
  `Error: ${error}`;

/**
 * Runs the command (upstream's Read / Open): the computed attributes, or a ProviderError on
 * `command` when it cannot be found or started, or exits non-zero without
 * `allow_non_zero_exit_code`.
 * @category constructors
 */
export async function runCommand(noun: CommandNoun, config: CommandConfig, signal: AbortSignal) {
  let path: string;
  try {
    path = lookPath(config.command);
  } catch (error) {
    throw new ProviderError("Command Lookup Failed", {
      path: ["command"],
      detail: LOOKUP_DETAIL(noun, config.command, (error as Error).message),
    });
  }
  const args = (config.arguments ?? []).filter((a): a is string => a !== null);
  // Go's cmd.String(): the resolved path, then the arguments.
  const commandLine = [path, ...args].join(" ");
  const startFailed = (error: string) =>
    new ProviderError("Command Execution Failed", {
      path: ["command"],
      detail: `The ${noun} received an unexpected error while attempting to execute the command.\n\nCommand: ${commandLine}\nState: ${error}`,
    });
  const cwd = config.working_directory ?? undefined;
  // Node reports a missing working directory as "spawn <cmd> ENOENT"; Go's os/exec says chdir.
  if (cwd !== undefined && cwd !== "" && !statable(cwd))
    throw startFailed(`chdir ${cwd}: no such file or directory`);

  const result = await new Promise<{
    code: number | null;
    signal: string | null;
    stdout: Buffer;
    stderr: Buffer;
  }>((resolvePromise, reject) => {
    const child = spawn(path, args, {
      cwd: cwd === "" ? undefined : cwd,
      stdio: [config.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
      signal,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (b: Buffer) => out.push(b));
    child.stderr?.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (code, sig) =>
      resolvePromise({ code, signal: sig, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }),
    );
    // A command that exits without reading stdin closes the pipe: not an error, as in Go.
    child.stdin?.on("error", () => {});
    child.stdin?.end(config.stdin ?? undefined);
  }).catch((error: Error) => {
    throw startFailed(error.message);
  });

  // Invalid UTF-8 becomes U+FFFD, as on the wire from Go; empty streams are null.
  const stdout = result.stdout.length > 0 ? result.stdout.toString("utf8") : null;
  const stderr = result.stderr.length > 0 ? result.stderr.toString("utf8") : null;
  const exitCode = result.code ?? -1; // Go's ExitCode() is -1 for a signal
  if (exitCode !== 0 && config.allow_non_zero_exit_code !== true) {
    const state = result.signal !== null ? `signal: ${signalName(result.signal)}` : `exit status ${exitCode}`;
    throw new ProviderError("Command Execution Failed", {
      path: ["command"],
      detail:
        `The ${noun} executed the command but received a non-zero exit code. If a non-zero exit code is expected ` +
        'and can be handled in configuration, set "allow_non_zero_exit_code" to true.' +
        "\n\n" +
        `Command: ${commandLine}\nCommand Error: ${stderr ?? ""}\nState: ${state}`,
    });
  }
  return { exit_code: exitCode, stdout, stderr };
}

const SIGNALS: Readonly<Record<string, string>> = {
  SIGKILL: "killed",
  SIGTERM: "terminated",
  SIGINT: "interrupt",
};
const signalName = (s: string) => SIGNALS[s] ?? s;
