/**
 * The pieces every real-terraform test, bench and script needs, written once: a CLI
 * configuration (`dev_overrides`, a filesystem mirror), a working directory wired to providers
 * (Terraform starts them, or they run once and Terraform reattaches), terraform discovery with a
 * loud skip, and `terraform providers schema -json`. `runAcceptance` is the test-case runner on
 * top; this is for tests that drive terraform themselves.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ProviderLauncher } from "./launcher.js";
import { type RunningProvider, startProvider } from "./provider-process.js";
import { findTerraform, runTerraform, TerraformNotFoundError, terraformEnv } from "./terraform-cli.js";

/**
 * What a CLI configuration file says, for {@link terraformCliConfig}.
 *
 * @category testing
 */
export interface TerraformCliConfigOptions {
  /**
   * Provider source address (`example.test/acme/demo`) → the directory holding its
   * `terraform-provider-<type>` executable. Terraform then starts that executable, with no
   * `terraform init`.
   */
  readonly devOverrides?: Readonly<Record<string, string>>;
  /** A `filesystem_mirror` directory to install providers from (`terraform init` reads it). */
  readonly filesystemMirror?: string;
  /**
   * Whether providers not covered above may come from their registries (`direct {}`). Default
   * false: nothing is ever downloaded.
   */
  readonly direct?: boolean;
}

/**
 * The text of a Terraform CLI configuration file (for `TF_CLI_CONFIG_FILE`) with a
 * `provider_installation` block.
 *
 * @remarks Without `direct`, only the overrides and the mirror may be used, so a test can never
 * download a provider by accident.
 * @example
 * ```ts
 * writeFileSync("dev.tfrc", terraformCliConfig({ devOverrides: { "example.test/acme/demo": "bin" } }));
 * ```
 * @category testing
 */
export function terraformCliConfig(options: TerraformCliConfigOptions): string {
  const lines = ["provider_installation {"];
  const overrides = Object.entries(options.devOverrides ?? {});
  if (overrides.length > 0) {
    lines.push("  dev_overrides {");
    for (const [source, dir] of overrides)
      lines.push(`    ${JSON.stringify(source)} = ${JSON.stringify(dir)}`);
    lines.push("  }");
  }
  if (options.filesystemMirror !== undefined)
    lines.push("  filesystem_mirror {", `    path = ${JSON.stringify(options.filesystemMirror)}`, "  }");
  if (options.direct === true) lines.push("  direct {}");
  lines.push("}", "");
  return lines.join("\n");
}

/**
 * A `terraform { required_providers { ... } }` block naming each provider's source (and version
 * constraint, when given).
 *
 * @param providers local name (`demo`) → source address (`example.test/acme/demo`), or
 *   `{ source, version }`.
 * @category testing
 */
export function requiredProvidersBlock(
  providers: Readonly<Record<string, string | { readonly source: string; readonly version?: string }>>,
): string {
  const entries = Object.entries(providers).map(([name, p]) => {
    const { source, version } = typeof p === "string" ? { source: p, version: undefined } : p;
    const constraint = version === undefined ? "" : `, version = ${JSON.stringify(version)}`;
    return `    ${name} = { source = ${JSON.stringify(source)}${constraint} }`;
  });
  return `terraform {\n  required_providers {\n${entries.join("\n")}\n  }\n}\n`;
}

const warned = new Set<string>();

/**
 * Where `terraform` is (see {@link findTerraform}), or undefined after a loud warning (once per
 * `what`) that the tests or steps called `what` are skipped, not passed.
 *
 * @param what what is skipped without terraform, for the warning (`"the e2e tests"`).
 * @example
 * ```ts
 * const terraform = terraformOrWarn("the schema tests");
 * describe.skipIf(terraform === undefined)("schema", () => { ... });
 * ```
 * @category testing
 */
export function terraformOrWarn(
  what: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const found = findTerraform(env);
  if (found === undefined && !warned.has(what)) {
    warned.add(what);
    console.warn(
      `\n!!! @tfkit/testing: the \`terraform\` binary is NOT on PATH (nor at TF_ACC_TERRAFORM_PATH) — ${what}: ` +
        "SKIPPED, not passed. Install terraform (e.g. 1.11.x) to run them. !!!\n",
    );
  }
  return found;
}

/**
 * The version of a terraform binary (`"1.11.4"`, from `terraform version -json`), or undefined
 * when it cannot be run.
 *
 * @param terraform the binary. Default: {@link findTerraform}.
 * @category testing
 */
export function terraformVersion(terraform: string | undefined = findTerraform()): string | undefined {
  if (terraform === undefined) return undefined;
  const run = spawnSync(terraform, ["version", "-json"], { encoding: "utf8", env: terraformEnv({}) });
  try {
    const version = (JSON.parse(run.stdout) as { terraform_version?: unknown }).terraform_version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Options of {@link createTerraformWorkdir}.
 *
 * @category testing
 */
export interface TerraformWorkdirOptions {
  /**
   * Provider source address (`example.test/acme/demo`) → the provider: a launcher
   * ({@link fromEntry}, {@link fromExecutable}), or the path of an executable named
   * `terraform-provider-<type>`. The type is the address's last part.
   */
  readonly providers?: Readonly<Record<string, ProviderLauncher | string>>;
  /**
   * - `"dev_overrides"` (default): Terraform starts the providers itself, as it does for users;
   * - `"reattach"`: each provider is started once, now, and every command attaches to it through
   *   `TF_REATTACH_PROVIDERS` ({@link TerraformWorkdir.close} stops them).
   */
  readonly mode?: "dev_overrides" | "reattach";
  /** A `filesystem_mirror` directory for `terraform init` (see {@link terraformCliConfig}). */
  readonly filesystemMirror?: string;
  /** Environment for every command (and reattached provider), on top of the clean one. */
  readonly env?: Readonly<Record<string, string>>;
  /** Write terraform's debug log to `<dir>/terraform.log` (`TF_LOG=debug`). Default false. */
  readonly log?: boolean;
  /** Where the working directory is created. Default: the OS temporary directory. */
  readonly parent?: string;
  /** Name prefix of the working directory. Default `"tfkit-tf-"`. */
  readonly prefix?: string;
  /** The terraform binary. Default: {@link findTerraform} (throws {@link TerraformNotFoundError} when none). */
  readonly terraformPath?: string;
  /** Time limit of each command, in milliseconds. Default 120 000. */
  readonly commandTimeoutMs?: number;
}

/**
 * What one terraform command did, from {@link TerraformWorkdir.run}.
 *
 * @category testing
 */
export interface TerraformCommandResult {
  /** The arguments after `terraform`. */
  readonly args: readonly string[];
  /** The exit code (null when killed). */
  readonly code: number | null;
  /** Standard output. */
  readonly stdout: string;
  /** Standard error. */
  readonly stderr: string;
  /** Wall-clock duration, in milliseconds. */
  readonly durationMs: number;
}

/**
 * Options of one command of a {@link TerraformWorkdir}.
 *
 * @category testing
 */
export interface TerraformRunOptions {
  /** Extra environment variables for this command only. */
  readonly env?: Readonly<Record<string, string>>;
  /** Interrupts the command (SIGINT, then SIGKILL) when aborted. */
  readonly signal?: AbortSignal;
  /** Time limit, in milliseconds. Default: the workdir's. */
  readonly timeoutMs?: number;
}

/**
 * A temporary Terraform working directory wired to providers, made by
 * {@link createTerraformWorkdir}.
 *
 * @category testing
 */
export interface TerraformWorkdir {
  /** The working directory (configuration, state, `terraform.log`). */
  readonly dir: string;
  /** The CLI configuration file (`TF_CLI_CONFIG_FILE`), outside {@link TerraformWorkdir.dir}. */
  readonly cliConfigFile: string;
  /** The terraform binary. */
  readonly terraform: string;
  /**
   * The environment commands run with: the caller's minus inherited `TF_*`/`PLUGIN_*` settings,
   * plus the CLI configuration, `CHECKPOINT_DISABLE`, `TF_IN_AUTOMATION`, `TF_INPUT=0` and
   * {@link TerraformWorkdirOptions.env}.
   */
  readonly env: NodeJS.ProcessEnv;
  /** Writes a file in the directory (`name` relative to it). */
  write(name: string, text: string): void;
  /** Writes `main.tf`. */
  writeConfig(hcl: string): void;
  /** Runs `terraform <args>` in the directory; resolves whatever the exit code. */
  run(args: readonly string[], options?: TerraformRunOptions): Promise<TerraformCommandResult>;
  /** Same as {@link TerraformWorkdir.run}, blocking (no signal). */
  runSync(args: readonly string[], options?: Omit<TerraformRunOptions, "signal">): TerraformCommandResult;
  /** The last lines each reattached provider wrote to stderr (empty in dev_overrides mode). */
  providerLogs(): string;
  /** Stops reattached providers and removes the directory. */
  close(): Promise<void>;
}

/**
 * Creates a fresh working directory for terraform commands, with a CLI configuration whose
 * `dev_overrides` point at the given providers (so no `terraform init`), and starts the providers
 * first in `"reattach"` mode.
 *
 * @remarks For tests that run terraform commands themselves (injected faults, hand-written state,
 * timing, raw output); a test case with steps and checks is {@link runAcceptance}'s job. Like the
 * working directory terraform-plugin-testing's `helper/resource` prepares for each test.
 * @example
 * ```ts
 * const wd = await createTerraformWorkdir({ providers: { "example.test/acme/demo": fromEntry("src/main.ts") } });
 * wd.writeConfig(requiredProvidersBlock({ demo: "example.test/acme/demo" }) + 'resource "demo_server" "a" {}');
 * const apply = await wd.run(["apply", "-auto-approve", "-no-color"]);
 * await wd.close();
 * ```
 * @category testing
 */
export async function createTerraformWorkdir(
  options: TerraformWorkdirOptions = {},
): Promise<TerraformWorkdir> {
  const terraform = options.terraformPath ?? findTerraform();
  if (terraform === undefined) throw new TerraformNotFoundError();
  const root = mkdtempSync(join(options.parent ?? tmpdir(), options.prefix ?? "tfkit-tf-"));
  const dir = join(root, "work");
  mkdirSync(dir);
  const running: RunningProvider[] = [];
  const names: string[] = [];
  const close = async () => {
    await Promise.all(running.map((p) => p.stop()));
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const devOverrides: Record<string, string> = {};
    const executables: Record<string, string> = {};
    for (const [source, provider] of Object.entries(options.providers ?? {})) {
      const type = source.slice(source.lastIndexOf("/") + 1);
      const executable = typeof provider === "string" ? provider : await provider.executable(type);
      executables[source] = executable;
      devOverrides[source] = dirname(executable);
    }
    const cliConfigFile = join(root, "tfkit.tfrc");
    writeFileSync(
      cliConfigFile,
      terraformCliConfig({
        devOverrides,
        ...(options.filesystemMirror !== undefined && { filesystemMirror: options.filesystemMirror }),
      }),
    );
    const extra: Record<string, string> = { TF_CLI_CONFIG_FILE: cliConfigFile, ...options.env };
    if (options.log === true)
      Object.assign(extra, { TF_LOG: "debug", TF_LOG_PATH: join(dir, "terraform.log") });
    if (options.mode === "reattach") {
      names.push(...Object.keys(executables));
      extra.TF_REATTACH_PROVIDERS = await startForReattach(
        executables,
        terraformEnv(options.env ?? {}),
        root,
        running,
      );
    }
    const env = terraformEnv(extra);
    const timeoutMs = options.commandTimeoutMs ?? 120_000;
    return {
      dir,
      cliConfigFile,
      terraform,
      env,
      write(name, text) {
        const target = join(dir, name);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, text);
      },
      writeConfig(hcl) {
        writeFileSync(join(dir, "main.tf"), hcl);
      },
      run(args, runOptions = {}) {
        return runTerraform(
          terraform,
          dir,
          { ...env, ...runOptions.env },
          args,
          runOptions.timeoutMs ?? timeoutMs,
          runOptions.signal,
        );
      },
      runSync(args, runOptions = {}) {
        const started = performance.now();
        const run = spawnSync(terraform, args, {
          cwd: dir,
          env: { ...env, ...runOptions.env },
          encoding: "utf8",
          timeout: runOptions.timeoutMs ?? timeoutMs,
          maxBuffer: 256 * 1024 * 1024,
        });
        if (run.error !== undefined && (run.error as NodeJS.ErrnoException).code !== "ETIMEDOUT")
          throw run.error;
        return {
          args,
          code: run.status,
          stdout: run.stdout,
          stderr: run.stderr,
          durationMs: performance.now() - started,
        };
      },
      providerLogs() {
        return running
          .map((p, i) => {
            const dead = p.exited() ? " (the process has EXITED)" : "";
            return `--- provider ${names[i]} stderr${dead}\n${p.stderrTail()}`;
          })
          .join("\n");
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Starts each provider (source address → executable) the way go-plugin does and returns the
 * `TF_REATTACH_PROVIDERS` value naming them all; each started process is pushed onto `running`
 * at once, so the caller stops them even when a later one fails to start.
 *
 * @internal
 */
export async function startForReattach(
  executables: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv,
  cwd: string,
  running: RunningProvider[],
): Promise<string> {
  const reattach: Record<string, RunningProvider["reattach"]> = {};
  for (const [source, executable] of Object.entries(executables)) {
    const provider = await startProvider(executable, env, cwd);
    running.push(provider);
    reattach[source] = provider.reattach;
  }
  return JSON.stringify(reattach);
}

/**
 * A provider's schemas as `terraform providers schema -json` prints them (one entry of its
 * `provider_schemas`), as parsed by `JSON.parse`: what Terraform read from the provider.
 *
 * @category testing
 */
export interface ProviderSchemaJson {
  /** The provider configuration block. */
  readonly provider?: Readonly<Record<string, unknown>>;
  /** Managed resource type → `{ version, block }`. */
  readonly resource_schemas?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Data source type → `{ version, block }`. */
  readonly data_source_schemas?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Ephemeral resource type → `{ version, block }`. */
  readonly ephemeral_resource_schemas?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Function name → its signature (`parameters`, `return_type`, descriptions). */
  readonly functions?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Resource identity schemas (Terraform 1.12+). */
  readonly resource_identity_schemas?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * Options of {@link providerSchemaJson}.
 *
 * @category testing
 */
export interface ProviderSchemaJsonOptions {
  /** The provider's source address, e.g. `example.test/acme/demo` (its last part is the type). */
  readonly source: string;
  /** The terraform binary. Default: {@link findTerraform} (throws {@link TerraformNotFoundError} when none). */
  readonly terraformPath?: string;
  /** Extra environment for the provider. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Runs `terraform providers schema -json` for one provider (through `dev_overrides`, no
 * `terraform init`) and returns its entry: the schemas exactly as Terraform reads them from the
 * provider, to compare with what a port's upstream declares.
 *
 * @remarks Fails, quoting terraform, when the command fails or the provider is missing from the
 * output.
 * @example
 * ```ts
 * const schema = await providerSchemaJson(fromEntry("src/main.ts"), { source: "example.test/acme/demo" });
 * expect(schema.resource_schemas?.demo_server).toBeDefined();
 * ```
 * @category testing
 */
export async function providerSchemaJson(
  provider: ProviderLauncher | string,
  options: ProviderSchemaJsonOptions,
): Promise<ProviderSchemaJson> {
  const { source } = options;
  const wd = await createTerraformWorkdir({
    providers: { [source]: provider },
    prefix: "tfkit-schema-",
    ...(options.terraformPath !== undefined && { terraformPath: options.terraformPath }),
    ...(options.env !== undefined && { env: options.env }),
  });
  try {
    const type = source.slice(source.lastIndexOf("/") + 1);
    wd.writeConfig(requiredProvidersBlock({ [type]: source }));
    const run = await wd.run(["providers", "schema", "-json"]);
    if (run.code !== 0)
      throw new Error(
        `@tfkit/testing providerSchemaJson: terraform providers schema -json failed (exit ${run.code}):\n${run.stderr}${run.stdout}`,
      );
    const all = JSON.parse(run.stdout) as { provider_schemas?: Record<string, ProviderSchemaJson> };
    const schemas = all.provider_schemas ?? {};
    // Terraform keys by the full address: a source without a host gets registry.terraform.io/.
    const key = source.split("/").length === 2 ? `registry.terraform.io/${source}` : source;
    const found = schemas[key];
    if (found === undefined)
      throw new Error(
        `@tfkit/testing providerSchemaJson: no schema for ${key} in terraform's output (it has ${Object.keys(schemas).join(", ") || "none"})`,
      );
    return found;
  } finally {
    await wd.close();
  }
}
