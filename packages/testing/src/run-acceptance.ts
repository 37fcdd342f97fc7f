import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { randomUUID } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import { assertCaseShape } from "./case-shape.js";
import { actionName, type PlanCheck, type StateCheck } from "./checks.js";
import { AcceptanceError } from "./errors.js";
import { type HclSchemas, hclSchemasFromTerraformJson, renderHcl } from "./fake-core/hcl.js";
import { diffValues } from "./json.js";
import { expectResourceAction } from "./plancheck.js";
import type { RunningProvider } from "./provider-process.js";
import {
  type CommandResult,
  TerraformNotFoundError,
  findTerraform,
  runTerraform,
  terraformEnv,
} from "./terraform-cli.js";
import { requiredProvidersBlock, startForReattach, terraformCliConfig } from "./terraform-harness.js";
import { type TerraformPlan, type TerraformState, parsePlanJson, parseStateJson } from "./terraform-json.js";
import type {
  AcceptanceOptions,
  AcceptanceResult,
  CommandTiming,
  StepTiming,
  TestCase,
  TestStep,
} from "./test-case.js";

const DEFAULT_NAMESPACE = "example.test/tfkit";
const OUTPUT_LIMIT = 12_000;

/** Raised inside a step; turned into an {@link AcceptanceError} with the step's context. */
class StepFailure extends Error {
  readonly failures: readonly string[];
  readonly output: string | undefined;
  constructor(failures: readonly string[], output: string | undefined) {
    super(failures.join("\n"));
    this.failures = failures;
    this.output = output;
  }
}

/** One working directory: config, CLI config, state, and the commands run in it. */
interface Workdir {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  /** The configuration files the last step wrote here (removed before the next one's). */
  configFiles: string[];
}

/** Where a step's configuration comes from. */
type ConfigSource =
  | { readonly kind: "hcl"; readonly text: string }
  | { readonly kind: "file"; readonly path: string }
  | { readonly kind: "directory"; readonly path: string };

/** The files of a config source: name in the working directory → absolute source path or text. */
function configFilesOf(source: ConfigSource): { name: string; text?: string; from?: string }[] {
  if (source.kind === "hcl") return [{ name: "main.tf", text: source.text }];
  const at = resolve(source.path);
  const what = source.kind === "file" ? "configFile" : "configDirectory";
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(at);
  } catch {
    throw new StepFailure(
      [`${what} ${JSON.stringify(source.path)} does not exist (resolved to ${at})`],
      undefined,
    );
  }
  if (source.kind === "file") {
    if (!stat.isFile())
      throw new StepFailure([`configFile ${JSON.stringify(source.path)} is not a file`], undefined);
    return [{ name: basename(at), from: at }];
  }
  if (!stat.isDirectory())
    throw new StepFailure([`configDirectory ${JSON.stringify(source.path)} is not a directory`], undefined);
  const files = readdirSync(at, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => ({ name: e.name, from: join(at, e.name) }));
  if (!files.some((f) => f.name.endsWith(".tf") || f.name.endsWith(".tf.json")))
    throw new StepFailure(
      [`configDirectory ${JSON.stringify(source.path)} holds no .tf or .tf.json file`],
      undefined,
    );
  return files;
}

function tail(text: string): string {
  return text.length <= OUTPUT_LIMIT
    ? text
    : `…(${text.length - OUTPUT_LIMIT} characters cut)…\n${text.slice(-OUTPUT_LIMIT)}`;
}

function quote(result: CommandResult): string {
  const parts = [
    `--- terraform ${result.args.join(" ")} (exit ${result.code}, ${Math.round(result.durationMs)} ms)`,
  ];
  if (result.stdout.trim() !== "") parts.push(tail(result.stdout.trimEnd()));
  if (result.stderr.trim() !== "") parts.push(`--- stderr\n${tail(result.stderr.trimEnd())}`);
  return parts.join("\n");
}

/** `-no-color` output without the dev_overrides warning box noise is still terraform's own words. */
function outputOf(result: CommandResult): string {
  return `${result.stdout}\n${result.stderr}`;
}

/**
 * Runs an acceptance test case through the real `terraform` binary: each step in one temporary
 * working directory, with plan checks, state checks, an empty-plan check after every apply, and a
 * final destroy.
 *
 * @remarks terraform-plugin-testing's `resource.Test`. No `terraform init`: providers are reached
 * through `dev_overrides` or `TF_REATTACH_PROVIDERS`; `CHECKPOINT_DISABLE=1` and inherited `TF_*`
 * variables removed. Throws {@link TerraformNotFoundError} when there is no terraform, and
 * {@link AcceptanceError} when the case fails (the message quotes terraform's output and names the
 * kept working directory).
 * @example
 * ```ts
 * it("creates a server", () =>
 *   runAcceptance({
 *     providers: { demo: fromEntry("src/main.ts") },
 *     steps: [{ config: `resource "demo_server" "a" { name = "web" }`,
 *               expectPlan: { "demo_server.a": "create" } }],
 *   }), 60_000);
 * ```
 * @category testing
 */
export async function runAcceptance(
  testCase: TestCase,
  options: AcceptanceOptions = {},
): Promise<AcceptanceResult> {
  const started = performance.now();
  assertCaseShape(testCase, "runAcceptance");
  // Checks that remember values across steps key them by this run.
  const run = {};
  const terraform = options.terraformPath ?? findTerraform();
  if (!terraform) throw new TerraformNotFoundError();
  const modeEnv = process.env.TFKIT_TESTING_MODE;
  const mode = options.mode ?? (modeEnv === "dev_overrides" || modeEnv === "reattach" ? modeEnv : "reattach");
  const namespace = options.providerNamespace ?? DEFAULT_NAMESPACE;
  const timeoutMs = options.commandTimeoutMs ?? 120_000;
  const names = Object.keys(testCase.providers);
  if (names.length === 0) throw new TypeError("runAcceptance: the test case names no providers");
  for (const name of names) {
    if (!/^[a-z][a-z0-9-]*$/.test(name)) {
      throw new TypeError(
        `runAcceptance: provider name ${JSON.stringify(name)} must be a provider local name: lower-case letters, digits and dashes`,
      );
    }
  }
  if (testCase.steps.length === 0) throw new TypeError("runAcceptance: the test case has no steps");

  const root = mkdtempSync(join(tmpdir(), "tfkit-acc-"));
  const running: RunningProvider[] = [];
  const timings: StepTiming[] = [];
  let providerStartMs = 0;
  let providerBuildMs = 0;
  // Kept only for a failed step or destroy, where the files explain the failure.
  let keepForInspection = false;
  let cleanup: (() => Promise<string | undefined>) | undefined;
  try {
    // Executables first (fromEntry bundles once per test file and caches).
    const buildStart = performance.now();
    const executables = new Map<string, string>();
    for (const name of names)
      executables.set(
        name,
        await (testCase.providers[name] as NonNullable<TestCase["providers"][string]>).executable(name),
      );

    providerBuildMs = performance.now() - buildStart;
    const cliConfig = join(root, "tfkit.tfrc");
    // No `direct {}`: only the overrides may be used, so nothing is ever downloaded.
    writeFileSync(
      cliConfig,
      terraformCliConfig({
        devOverrides: Object.fromEntries(
          names.map((n) => [`${namespace}/${n}`, dirname(executables.get(n) as string)]),
        ),
      }),
    );
    const extraEnv: Record<string, string> = { TF_CLI_CONFIG_FILE: cliConfig, ...options.env };
    if (options.terraformLog) Object.assign(extraEnv, { TF_LOG: "debug" });

    if (mode === "reattach") {
      const t0 = performance.now();
      extraEnv.TF_REATTACH_PROVIDERS = await startForReattach(
        Object.fromEntries(names.map((n) => [`${namespace}/${n}`, executables.get(n) as string])),
        terraformEnv(options.env ?? {}),
        root,
        running,
      );
      providerStartMs = performance.now() - t0;
    }

    const requiredProviders = requiredProvidersBlock(
      Object.fromEntries(names.map((n) => [n, `${namespace}/${n}`])),
    );
    const makeWorkdir = (dir: string): Workdir => {
      mkdirSync(dir, { recursive: true });
      const env = terraformEnv(
        options.terraformLog ? { ...extraEnv, TF_LOG_PATH: join(dir, "terraform.log") } : extraEnv,
      );
      return { dir, env, configFiles: [] };
    };
    const main = makeWorkdir(join(root, "work"));
    const writeConfig = (wd: Workdir, source: ConfigSource) => {
      const files = configFilesOf(source);
      // A file or directory step replaces the files of the step before, not only main.tf.
      for (const name of wd.configFiles) rmSync(join(wd.dir, name), { force: true });
      let declaresProviders = false;
      for (const f of files) {
        const target = join(wd.dir, f.name);
        if (f.text !== undefined) writeFileSync(target, f.text);
        else copyFileSync(f.from as string, target);
        if (/\.tf(\.json)?$/.test(f.name) && /\brequired_providers\b/.test(readFileSync(target, "utf8")))
          declaresProviders = true;
      }
      wd.configFiles = files.map((f) => f.name);
      const generated = join(wd.dir, "tfkit_providers.tf");
      // A configuration that declares its own required_providers must use the generated sources.
      if (declaresProviders) rmSync(generated, { force: true });
      else writeFileSync(generated, requiredProviders);
    };

    let commands: CommandTiming[] = [];
    const tf = async (wd: Workdir, ...args: string[]): Promise<CommandResult> => {
      const result = await runTerraform(terraform, wd.dir, wd.env, args, timeoutMs, options.signal);
      commands.push({ command: args.join(" "), durationMs: result.durationMs });
      return result;
    };
    const providerLogs = (): string => {
      const lines = running
        .map((p, i) => {
          const log = p.stderrTail();
          const dead = p.exited() ? " (the process has EXITED)" : "";
          return log === "" && dead === "" ? "" : `--- provider ${names[i]} stderr${dead}\n${log}`;
        })
        .filter((s) => s !== "");
      return lines.join("\n");
    };
    /** Runs a command that must succeed; otherwise fails the step quoting terraform. */
    const must = async (wd: Workdir, what: string, ...args: string[]): Promise<CommandResult> => {
      const result = await tf(wd, ...args);
      if (result.code !== 0) {
        throw new StepFailure(
          [`terraform ${what} failed (exit ${result.code})`],
          [quote(result), providerLogs()].filter(Boolean).join("\n"),
        );
      }
      return result;
    };
    const showState = async (wd: Workdir): Promise<TerraformState> =>
      parseStateJson((await must(wd, "show -json", "show", "-json", "-no-color")).stdout);
    // `humanText`: what the plan command printed, for plan checks that read the plan as text.
    const showPlan = async (wd: Workdir, planFile: string, humanText = ""): Promise<TerraformPlan> =>
      parsePlanJson(
        (await must(wd, `show -json ${planFile}`, "show", "-json", "-no-color", planFile)).stdout,
        humanText,
      );

    const runPlanChecks = (checks: readonly PlanCheck[], plan: TerraformPlan, label: string): string[] =>
      checks.flatMap((c) => {
        const failure = c.checkPlan(plan);
        return failure === undefined ? [] : [`${label} plancheck.${c.description}: ${failure}`];
      });
    const runStateChecks = (checks: readonly StateCheck[], state: TerraformState, step: number): string[] =>
      checks.flatMap((c) => {
        const failure = c.checkState(state, { run, step });
        return failure === undefined ? [] : [`statecheck.${c.description}: ${failure}`];
      });

    /** Handles a failed command in a step that may expect an error; returns true when expected. */
    const expectedFailure = (step: TestStep, result: CommandResult, what: string): boolean => {
      if (result.code === 0) return false;
      if (step.expectError) {
        step.expectError.lastIndex = 0;
        if (step.expectError.test(outputOf(result))) return true;
        throw new StepFailure(
          [`terraform ${what} failed, but its output does not match the expected error ${step.expectError}`],
          quote(result),
        );
      }
      throw new StepFailure(
        [`terraform ${what} failed (exit ${result.code})`],
        [quote(result), providerLogs()].filter(Boolean).join("\n"),
      );
    };
    const noErrorHappened = (step: TestStep): never => {
      throw new StepFailure(
        [`expected an error matching ${step.expectError}, but the step succeeded`],
        undefined,
      );
    };

    /** The plan after apply or refresh: must be empty unless expectNonEmptyPlan; post-apply checks. */
    const checkFollowUpPlan = async (step: TestStep, label: string) => {
      const planFile = "tfplan-after";
      const result = await tf(
        main,
        "plan",
        "-input=false",
        "-no-color",
        "-detailed-exitcode",
        `-out=${planFile}`,
      );
      if (result.code !== 0 && result.code !== 2) {
        throw new StepFailure(
          [`terraform plan after ${label} failed (exit ${result.code})`],
          [quote(result), providerLogs()].filter(Boolean).join("\n"),
        );
      }
      const failures: string[] = [];
      if (result.code === 2 && !step.expectNonEmptyPlan) {
        failures.push(
          `after ${label}, the plan is not empty (the provider's answers drift, or apply did not store what was planned); set expectNonEmptyPlan if that is intended`,
        );
      }
      if (step.postApplyPlanChecks && step.postApplyPlanChecks.length > 0) {
        failures.push(
          ...runPlanChecks(
            step.postApplyPlanChecks,
            await showPlan(main, planFile, result.stdout),
            "post-apply",
          ),
        );
      }
      if (failures.length > 0) throw new StepFailure(failures, quote(result));
    };

    cleanup = async () => {
      // After an abort the caller wants to stop now; the kept directory still holds the state.
      if (!applied || options.signal?.aborted) return undefined;
      // The failed step's configuration may be what failed: destroy with the last that worked.
      if (lastGoodConfig !== undefined && lastGoodConfig !== lastConfig) writeConfig(main, lastGoodConfig);
      const result = await runTerraform(
        terraform,
        main.dir,
        main.env,
        // No refresh, as terraform-plugin-testing: a refresh would plan the configuration again.
        ["destroy", "-refresh=false", "-auto-approve", "-input=false", "-no-color"],
        timeoutMs,
      );
      return result.code === 0 ? undefined : quote(result);
    };
    const logHint = options.terraformLog
      ? `(terraform's debug log: terraform.log in ${main.dir} and in each import-N directory)`
      : undefined;
    let lastConfig: ConfigSource | undefined;
    // The configuration of the last step that did not end in an expected error: the final destroy
    // uses it, as an expectError step's configuration may be the invalid one.
    let lastGoodConfig: ConfigSource | undefined;
    // Structured configs are rendered to HCL with the schemas terraform reports (fetched once).
    let hclSchemas: HclSchemas | undefined;
    const stepConfig = async (step: TestStep): Promise<ConfigSource | undefined> => {
      if (step.structuredConfig === undefined) {
        if (step.configFile !== undefined) return { kind: "file", path: step.configFile };
        if (step.configDirectory !== undefined) return { kind: "directory", path: step.configDirectory };
        return step.config === undefined ? undefined : { kind: "hcl", text: step.config };
      }
      if (hclSchemas === undefined) {
        const schemaDir = makeWorkdir(join(root, "schemas"));
        writeConfig(schemaDir, { kind: "hcl", text: "" });
        const result = await must(schemaDir, "providers schema -json", "providers", "schema", "-json");
        hclSchemas = hclSchemasFromTerraformJson(result.stdout);
      }
      return { kind: "hcl", text: renderHcl(step.structuredConfig, hclSchemas) };
    };
    if (testCase.initialState) {
      // A state file as terraform 1.x writes it; the first command upgrades it (UpgradeResourceState).
      const resources = Object.entries(testCase.initialState.resources).map(([address, r]) => {
        const [type = "", name = ""] = address.split(".");
        const local = type.split("_")[0] as string;
        return {
          mode: "managed",
          type,
          name,
          provider: `provider[${JSON.stringify(`${namespace}/${local}`)}]`,
          instances: [
            { schema_version: r.schemaVersion, attributes: r.attributes, sensitive_attributes: [] },
          ],
        };
      });
      writeFileSync(
        join(main.dir, "terraform.tfstate"),
        JSON.stringify(
          {
            version: 4,
            terraform_version: "1.11.4",
            serial: 1,
            lineage: randomUUID(),
            outputs: {},
            resources,
          },
          null,
          2,
        ),
      );
    }
    let applied = testCase.initialState !== undefined;
    let state: TerraformState | undefined; // cached `show -json` of the main directory

    for (let index = 0; index < testCase.steps.length; index++) {
      const step = testCase.steps[index] as TestStep;
      const label = step.name ?? `step ${index + 1}`;
      const stepStart = performance.now();
      commands = [];
      let kind: StepTiming["kind"] = "apply";
      let completed = false;
      try {
        if (step.preConfig) {
          try {
            await step.preConfig();
          } catch (error) {
            throw new StepFailure(
              [`preConfig threw: ${error instanceof Error ? error.message : String(error)}`],
              undefined,
            );
          }
        }
        for (const address of step.taint ?? []) {
          await must(main, `taint ${address}`, "taint", "-no-color", address);
          state = undefined;
        }
        const config = await stepConfig(step);
        if (config !== undefined) lastConfig = config;
        if (lastConfig === undefined)
          throw new StepFailure(["the step has no config and no earlier step had one"], undefined);

        if (step.importState) {
          kind = "import";
          await runImportStep(step, index);
        } else if (step.refreshState) {
          kind = "refresh";
          writeConfig(main, lastConfig);
          const result = await tf(
            main,
            "apply",
            "-refresh-only",
            "-auto-approve",
            "-input=false",
            "-no-color",
          );
          if (expectedFailure(step, result, "apply -refresh-only")) continue;
          if (step.expectError) noErrorHappened(step);
          state = await showState(main);
          const failures = runStateChecks(step.stateChecks ?? [], state, index + 1);
          if (failures.length > 0) throw new StepFailure(failures, quote(result));
          await checkFollowUpPlan(step, "refresh");
        } else {
          kind = step.planOnly ? "plan-only" : "apply";
          writeConfig(main, lastConfig);
          const planFile = "tfplan";
          const plan = await tf(
            main,
            "plan",
            "-input=false",
            "-no-color",
            "-detailed-exitcode",
            `-out=${planFile}`,
          );
          if (plan.code !== 2 && expectedFailure(step, plan, "plan")) continue;
          const checks: PlanCheck[] = [
            ...Object.entries(step.expectPlan ?? {}).map(([address, action]) =>
              expectResourceAction(address, action),
            ),
            ...(step.planChecks ?? []),
          ];
          if (checks.length > 0) {
            const failures = runPlanChecks(checks, await showPlan(main, planFile, plan.stdout), "pre-apply");
            if (failures.length > 0) throw new StepFailure(failures, quote(plan));
          }
          if (step.planOnly) {
            if (step.expectError) noErrorHappened(step);
            if (plan.code === 2 && !step.expectNonEmptyPlan) {
              throw new StepFailure(
                ["the plan-only step planned changes; set expectNonEmptyPlan if that is intended"],
                quote(plan),
              );
            }
          } else {
            const apply = await tf(main, "apply", "-input=false", "-no-color", "-auto-approve", planFile);
            applied = true;
            state = undefined;
            if (expectedFailure(step, apply, "apply")) continue;
            if (step.expectError) noErrorHappened(step);
            if (step.stateChecks && step.stateChecks.length > 0) {
              state = await showState(main);
              const failures = runStateChecks(step.stateChecks, state, index + 1);
              if (failures.length > 0) throw new StepFailure(failures, quote(apply));
            }
            await checkFollowUpPlan(step, "apply");
          }
        }
        completed = true;
      } catch (error) {
        if (!(error instanceof StepFailure)) throw error;
        throw new AcceptanceError(
          formatFailure(
            `${label} of ${testCase.steps.length}${kind === "apply" ? "" : ` (${kind})`}`,
            error,
            logHint,
          ),
          { step: index + 1, failures: error.failures },
        );
      } finally {
        // An import works in its own directory: the main one keeps the configuration before it.
        if (completed && kind !== "import") lastGoodConfig = lastConfig;
        timings.push({ name: label, kind, durationMs: performance.now() - stepStart, commands });
      }
    }

    // The final destroy, then checkDestroy with the state as it was.
    if (applied) {
      commands = [];
      const destroyStart = performance.now();
      try {
        if (lastGoodConfig !== undefined && lastGoodConfig !== lastConfig) writeConfig(main, lastGoodConfig);
        const before = await showState(main);
        // No refresh (terraform-plugin-testing's destroy too): a last step that expected an error
        // left its invalid configuration here, and a refresh would plan it again and fail.
        await must(
          main,
          "destroy",
          "destroy",
          "-refresh=false",
          "-auto-approve",
          "-input=false",
          "-no-color",
        );
        const left = remainingResources(main.dir);
        if (left.length > 0)
          throw new StepFailure([`after destroy, the state still holds ${left.join(", ")}`], undefined);
        if (testCase.checkDestroy) {
          try {
            await testCase.checkDestroy(before);
          } catch (error) {
            throw new StepFailure(
              [`checkDestroy: ${error instanceof Error ? error.message : String(error)}`],
              undefined,
            );
          }
        }
      } catch (error) {
        if (!(error instanceof StepFailure)) throw error;
        throw new AcceptanceError(formatFailure("the final destroy", error, logHint), {
          step: 0,
          failures: error.failures,
        });
      } finally {
        timings.push({
          name: "destroy",
          kind: "destroy",
          durationMs: performance.now() - destroyStart,
          commands,
        });
      }
    }

    async function runImportStep(step: TestStep, index: number): Promise<void> {
      const address = step.resourceName;
      if (!address)
        throw new StepFailure(["an importState step needs resourceName (the address to import)"], undefined);
      let id = step.importStateId;
      const needState = id === undefined || step.importStateVerify;
      if (needState && state === undefined) state = await showState(main);
      const existing = state?.resources.find((r) => r.address === address);
      if (step.importStateIdFunc)
        id = await importIdFromFunc(step.importStateIdFunc, state as TerraformState);
      if (id === undefined) {
        const value = existing?.values.id;
        if (typeof value !== "string") {
          throw new StepFailure(
            [
              `cannot find the import ID: ${existing ? `${address} has no string "id" attribute` : `${address} is not in the state`}; set importStateId`,
            ],
            undefined,
          );
        }
        id = value;
      }
      const wd = makeWorkdir(join(root, `import-${index + 1}`));
      writeConfig(wd, lastConfig as ConfigSource);
      let result: CommandResult;
      if (step.importStateKind === "block") {
        // Terraform ≥ 1.5: an `import` block, planned (must be a clean, no-op import) then applied.
        writeFileSync(
          join(wd.dir, "tfkit_import.tf"),
          `import {\n  to = ${address}\n  id = ${JSON.stringify(id)}\n}\n`,
        );
        const plan = await tf(wd, "plan", "-input=false", "-no-color", "-out=tfplan");
        if (expectedFailure(step, plan, `plan (import block for ${address})`)) return;
        const change = (await showPlan(wd, "tfplan")).resourceChanges.find((rc) => rc.address === address);
        if (!change?.importing) {
          throw new StepFailure(
            [`the plan does not import ${address} (no "importing" in its resource change)`],
            quote(plan),
          );
        }
        if (actionName(change.actions) !== "no-op") {
          throw new StepFailure(
            [
              `importing ${address} is not clean: terraform plans ${actionName(change.actions)} after the import (the imported state differs from the configuration)`,
            ],
            quote(plan),
          );
        }
        result = await tf(wd, "apply", "-input=false", "-no-color", "-auto-approve", "tfplan");
        if (expectedFailure(step, result, `apply (import block for ${address})`)) return;
      } else {
        result = await tf(wd, "import", "-input=false", "-no-color", address, id);
        if (expectedFailure(step, result, `import ${address} ${id}`)) return;
      }
      if (step.expectError) noErrorHappened(step);
      // The imported object is the one the main state holds: never destroy from this directory.
      const imported = await showState(wd);
      const failures = runStateChecks(step.stateChecks ?? [], imported, index + 1);
      if (step.importStateVerify) {
        const got = imported.resources.find((r) => r.address === address);
        if (!existing)
          failures.push(
            `importStateVerify: ${address} is not in the state of the earlier steps, nothing to compare with`,
          );
        else if (!got)
          failures.push(
            `importStateVerify: the import did not produce ${address} (resources: ${imported.resources.map((r) => r.address).join(", ") || "none"})`,
          );
        else {
          const ignore = step.importStateVerifyIgnore ?? [];
          const diffs = diffValues(existing.values, got.values, "").filter(
            (d) => !ignore.some((i) => d.path === i || d.path.startsWith(`${i}.`)),
          );
          for (const d of diffs) {
            failures.push(
              `importStateVerify: ${address}: attribute ${d.path}: in state ${d.expected}, imported ${d.actual}`,
            );
          }
        }
      }
      if (failures.length > 0) throw new StepFailure(failures, quote(result));
      if (options.keepWorkdir !== true) rmSync(wd.dir, { recursive: true, force: true });
    }
  } catch (error) {
    if (error instanceof AcceptanceError && error.step !== 0 && cleanup) {
      // Like terraform-plugin-testing: destroy what the failed case created.
      const destroyFailure = await cleanup().catch((e: unknown) => String(e));
      if (destroyFailure) error.message += `\n(the clean-up destroy failed too)\n${destroyFailure}`;
    }
    if (error instanceof AcceptanceError && options.keepWorkdir !== false) {
      keepForInspection = true;
      (error as { workdir: string | undefined }).workdir = root;
      error.message += `\n(working directory kept: ${root})`;
    }
    throw error;
  } finally {
    await Promise.all(running.map((p) => p.stop()));
    const keep = options.keepWorkdir ?? "on-failure";
    if (keep === false || (keep === "on-failure" && !keepForInspection))
      rmSync(root, { recursive: true, force: true });
  }
  const keepAll = options.keepWorkdir === true;
  return {
    mode,
    steps: timings,
    providerStartMs,
    providerBuildMs,
    totalMs: performance.now() - started,
    ...(keepAll ? { workdir: root } : {}),
  };
}

/** Calls an importStateIdFunc; a throw or a non-string fails the step. */
async function importIdFromFunc(
  func: (state: TerraformState) => string | Promise<string>,
  state: TerraformState,
): Promise<string> {
  let id: unknown;
  try {
    id = await func(state);
  } catch (error) {
    throw new StepFailure(
      [`importStateIdFunc threw: ${error instanceof Error ? error.message : String(error)}`],
      undefined,
    );
  }
  if (typeof id !== "string" || id === "")
    throw new StepFailure(
      [`importStateIdFunc returned ${JSON.stringify(id)}, not a non-empty string`],
      undefined,
    );
  return id;
}

function formatFailure(where: string, failure: StepFailure, logHint?: string): string {
  const lines = [`@tfkit/testing: ${where} failed:`, ...failure.failures.map((f) => `  - ${f}`)];
  if (failure.output) lines.push(failure.output);
  if (logHint) lines.push(logHint);
  return lines.join("\n");
}

/** Managed resource instances still in the local state file. */
function remainingResources(dir: string): string[] {
  const file = join(dir, "terraform.tfstate");
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, "utf8")) as {
    resources?: { mode: string; type: string; name: string; module?: string; instances?: unknown[] }[];
  };
  return (parsed.resources ?? [])
    .filter((r) => r.mode === "managed" && (r.instances?.length ?? 0) > 0)
    .map((r) => `${r.module ? `${r.module}.` : ""}${r.type}.${r.name}`);
}
