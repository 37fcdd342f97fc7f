import type { PlanCheck, ResourceAction, StateCheck } from "./checks.js";
import type { ProviderLauncher } from "./launcher.js";
import type { StructuredConfig } from "./fake-core/structured-config.js";
import type { TerraformState } from "./terraform-json.js";

/**
 * One acceptance test: the providers under test and the steps to run, in order, in one working
 * directory (so each step starts from the state the previous one left).
 *
 * @remarks terraform-plugin-testing's `resource.TestCase`. After the last step the runner destroys
 * everything and calls {@link TestCase.checkDestroy}.
 * @category testing
 */
export interface TestCase {
  /**
   * The providers, by local name (the resource type prefix: `demo` for `demo_server`). Each is
   * reachable in the configuration without a `required_providers` entry; the runner adds one with
   * source `example.test/tfkit/<name>`.
   */
  readonly providers: Readonly<Record<string, ProviderLauncher>>;
  /** The steps, run in order. */
  readonly steps: readonly TestStep[];
  /**
   * Called after the final destroy with the state as it was just before it, to check that the
   * remote objects are really gone (look them up in your API or store). Throw to fail.
   */
  readonly checkDestroy?: (stateBeforeDestroy: TerraformState) => void | Promise<void>;
  /**
   * A state to start from, as a state file holds it (attribute JSON in the schema version that
   * wrote it): the first step loads it through UpgradeResourceState. For testing state upgrades.
   */
  readonly initialState?: FixtureState;
}

/**
 * A fixture state for {@link TestCase.initialState}: managed resources by address, each with the
 * schema version that wrote it and its attributes as the state file stores them.
 *
 * @remarks The `instances[].schema_version` and `attributes` of a Terraform state file
 * (format version 4).
 * @category testing
 */
export interface FixtureState {
  /** Resources by address `<type>.<name>`. */
  readonly resources: Readonly<
    Record<
      string,
      {
        /** The schema version that wrote the attributes. */
        readonly schemaVersion: number;
        /** The attributes, as JSON (the state file's `attributes`). */
        readonly attributes: Readonly<Record<string, unknown>>;
      }
    >
  >;
}

/**
 * One step of a {@link TestCase}: apply a configuration (the usual step), or plan only, refresh,
 * or import.
 *
 * @remarks terraform-plugin-testing's `resource.TestStep`. A configuration step runs
 * `terraform plan -out`, the plan checks, `terraform apply` of that plan, the state checks, and a
 * second plan that must be empty (unless {@link TestStep.expectNonEmptyPlan}).
 * @category testing
 */
export interface TestStep {
  /** A label for failure messages. Default: `step N`. */
  readonly name?: string;
  /**
   * The Terraform configuration (HCL). Import and refresh steps without one reuse the previous
   * step's configuration. `runFakeCore` evaluates the subset of the language provider tests use
   * and refuses the rest by name (see the testing README).
   */
  readonly config?: string;
  /**
   * The configuration as data instead of HCL: the fake core uses it directly and the real-CLI
   * runner renders it to HCL with the provider's schemas. Takes precedence over
   * {@link TestStep.config}.
   */
  readonly structuredConfig?: StructuredConfig;
  /**
   * A file holding the step's configuration (HCL `.tf` or JSON `.tf.json`), copied into the
   * working directory; a relative path is resolved against the current directory. `runAcceptance`
   * only (the fake core takes {@link TestStep.structuredConfig}).
   *
   * @remarks terraform-plugin-testing's `ConfigFile: config.StaticFile(...)`. At most one of
   * `config`, `configFile` and `configDirectory`.
   */
  readonly configFile?: string;
  /**
   * A directory whose files (not its subdirectories) make the step's configuration: every file
   * is copied into the working directory, so `.tf`, `.tf.json` and files they read with `file()`
   * all work. `runAcceptance` only.
   *
   * @remarks terraform-plugin-testing's `ConfigDirectory: config.StaticDirectory(...)`.
   */
  readonly configDirectory?: string;
  /**
   * Runs before the step (before any terraform command or RPC of it): move a fake clock, change
   * or delete the remote object behind Terraform's back, seed data. A throw fails the step.
   *
   * @remarks terraform-plugin-testing's `PreConfig`.
   */
  readonly preConfig?: () => void | Promise<void>;
  /**
   * Resource addresses to mark tainted before the step (`terraform taint`), so the step's plan
   * replaces them. Each must be in the state.
   *
   * @remarks terraform-plugin-testing's `Taint`.
   */
  readonly taint?: readonly string[];
  /** The action expected for each listed resource address in the step's plan (others are free). */
  readonly expectPlan?: Readonly<Record<string, ResourceAction>>;
  /** Checks on the plan before apply. */
  readonly planChecks?: readonly PlanCheck[];
  /** Checks on the plan made after apply (normally empty). */
  readonly postApplyPlanChecks?: readonly PlanCheck[];
  /** Checks on the state after apply, refresh or import. */
  readonly stateChecks?: readonly StateCheck[];
  /**
   * The step must fail with output matching this pattern (at plan, apply or import). The step
   * passes when it does; the state stays as terraform left it.
   */
  readonly expectError?: RegExp;
  /** Accept a non-empty plan after apply (or in a plan-only step). Default `false`. */
  readonly expectNonEmptyPlan?: boolean;
  /** Plan only (with checks), don't apply. A non-empty plan fails unless {@link TestStep.expectNonEmptyPlan}. */
  readonly planOnly?: boolean;
  /** Refresh only (`terraform apply -refresh-only`), then the state checks and an empty-plan check. */
  readonly refreshState?: boolean;
  /**
   * Import {@link TestStep.resourceName} into a fresh state (`terraform import` in a separate
   * directory with the same configuration); the main state is not touched.
   */
  readonly importState?: boolean;
  /** The resource address to import, e.g. `demo_server.web`. Required with `importState`. */
  readonly resourceName?: string;
  /**
   * How to import: `"command"` (default) runs `terraform import`; `"block"` writes an `import`
   * block (Terraform ≥ 1.5), plans — the plan must import the object with no other change — and
   * applies. terraform-plugin-testing's `ImportStateKind` `ImportCommandWithID` / `ImportBlockWithID`.
   */
  readonly importStateKind?: "command" | "block";
  /** The import ID. Default: the `id` attribute of {@link TestStep.resourceName} in the current state. */
  readonly importStateId?: string;
  /**
   * Computes the import ID from the state the earlier steps left (`terraform show -json` of it),
   * for IDs made of several attributes (`"<zone>/<name>"`). Not with {@link TestStep.importStateId}.
   *
   * @remarks terraform-plugin-testing's `ImportStateIdFunc`.
   * @example
   * ```ts
   * importStateIdFunc: (state) => {
   *   const r = state.resources.find((x) => x.address === "demo_record.www");
   *   return `${r?.values.zone}/${r?.values.name}`;
   * }
   * ```
   */
  readonly importStateIdFunc?: (state: TerraformState) => string | Promise<string>;
  /** Compare the imported resource with the one in the current state, attribute by attribute. */
  readonly importStateVerify?: boolean;
  /**
   * Attributes the import verification skips: top-level names or dotted paths (`"timeouts"`,
   * `"network_interface.0.mac"`); a path also skips everything under it.
   */
  readonly importStateVerifyIgnore?: readonly string[];
}

/**
 * Options of `runAcceptance`.
 *
 * @category testing
 */
export interface AcceptanceOptions {
  /**
   * How Terraform reaches the providers:
   * - `"reattach"` (default): the runner starts each provider once per test case and passes
   *   `TF_REATTACH_PROVIDERS`, so no terraform command starts a provider process;
   * - `"dev_overrides"`: Terraform starts the provider itself, 1–6 processes per command, as it
   *   does for users.
   * Also settable with the environment variable `TFKIT_TESTING_MODE`.
   */
  readonly mode?: "reattach" | "dev_overrides";
  /** The terraform binary. Default: {@link findTerraform}. */
  readonly terraformPath?: string;
  /** Timeout of each terraform command in milliseconds. Default 120 000. */
  readonly commandTimeoutMs?: number;
  /** Keep the working directory: `"on-failure"` (default; the error names it), `true`, `false`. */
  readonly keepWorkdir?: boolean | "on-failure";
  /** Namespace of the generated provider sources (`<namespace>/<name>`). Default `example.test/tfkit`. */
  readonly providerNamespace?: string;
  /** Extra environment variables for terraform and the providers. */
  readonly env?: Readonly<Record<string, string>>;
  /** Write terraform's debug log to `terraform.log` in the working directory. Default `false`. */
  readonly terraformLog?: boolean;
  /**
   * Stops the case when aborted (vitest's test context `signal`, aborted on timeout): the running
   * terraform command is interrupted and no clean-up destroy runs.
   */
  readonly signal?: AbortSignal;
}

/**
 * Timings of one terraform command run by the acceptance runner.
 *
 * @category testing
 */
export interface CommandTiming {
  /** The command line after `terraform`. */
  readonly command: string;
  /** Wall-clock milliseconds. */
  readonly durationMs: number;
}

/**
 * Timings of one step (or of the final destroy).
 *
 * @category testing
 */
export interface StepTiming {
  /** The step's label. */
  readonly name: string;
  /** What the step did. */
  readonly kind: "apply" | "plan-only" | "refresh" | "import" | "destroy";
  /** Wall-clock milliseconds for the whole step. */
  readonly durationMs: number;
  /** Each terraform command of the step. */
  readonly commands: readonly CommandTiming[];
}

/**
 * What `runAcceptance` returns when the case passes.
 *
 * @category testing
 */
export interface AcceptanceResult {
  /** The mode used. */
  readonly mode: "reattach" | "dev_overrides";
  /** Per-step timings, the final destroy last. */
  readonly steps: readonly StepTiming[];
  /** Milliseconds spent starting providers for reattach (0 in dev_overrides mode). */
  readonly providerStartMs: number;
  /** Milliseconds spent getting the executables (bundling, in the first case of a test file). */
  readonly providerBuildMs: number;
  /** Wall-clock milliseconds for the whole case. */
  readonly totalMs: number;
  /** The working directory, when kept. */
  readonly workdir?: string;
}
