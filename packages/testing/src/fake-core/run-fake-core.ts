import {
  assertPlanValid,
  checkApplyResult,
  checkConformance,
  checkDataSourceResult,
  checkDestroyPlan,
  checkFinalPlan,
  checkPlannedState,
  checkReadResult,
  checkRequiresReplace,
  checkUpgradeResult,
  formatViolation,
  type PlanAction,
  toDiagnostics,
  type Violation,
} from "@tfkit/contracts";
import {
  CtyNumber,
  convert,
  equals,
  formatPath,
  fromJson,
  nullVal,
  numberVal,
  type Path,
  rawEquals,
  refineNotNull,
  stringVal,
  toJson,
  typeFromJson,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import type { AttributePath, ClientCapabilities, Diagnostic, FunctionSignature } from "@tfkit/grpc-transport";
import { filterRequiresReplace, plannedDataResourceObject, proposedNew } from "@tfkit/plan-engine";
import { renderPlan } from "../plan-text/render-plan.js";
import { BUILTIN_TERRAFORM, builtinTerraformProvider } from "./builtin-terraform.js";
import type { Schema } from "@tfkit/schema";
import { assertCaseShape } from "../case-shape.js";
import { actionName, type PlanCheck, type StateCheck } from "../checks.js";
import { AcceptanceError } from "../errors.js";
import { diffValues, type JsonObject, type JsonValue, isJsonObject } from "../json.js";
import type { AttrPath } from "../path.js";
import { expectResourceAction } from "../plancheck.js";
import type {
  PlannedResourceChange,
  StateResource,
  TerraformPlan,
  TerraformState,
} from "../terraform-json.js";
import type { TestCase, TestStep } from "../test-case.js";
import {
  callContext,
  decodeDynamic,
  dynamicValue,
  type FakeCoreProvider,
  schemaType,
} from "./provider-shape.js";
import { sensitiveAsBool, unknownAsBool, valueToJson } from "./show-json.js";
import { ConfigError, configToValue, type StructuredConfig, splitAddress } from "./structured-config.js";
import {
  applyIgnoreChanges,
  directManagedReferences,
  ephemeralReads,
  HclStepConfig,
  hclProblem,
  sensitiveReads,
} from "./hcl/config.js";
import {
  HclEvaluation,
  type Instance,
  providerLocalName,
  type ResourceDecl,
  type ValueSource,
} from "./hcl/module.js";
import { HclEvalError, HclUnsupported, type Pos } from "./hcl/parse.js";
import type { StateOutput } from "../terraform-json.js";

/** A step's configuration: data, or parsed HCL. */
type StepConfig = StructuredConfig | HclStepConfig;

/** Thrown by a provider-function call whose result is not fetched yet (see `withCalls`). */
class PendingCall {
  readonly key: string;
  readonly provider: string;
  readonly name: string;
  readonly args: readonly Value[];
  readonly pos: Pos;
  constructor(key: string, provider: string, name: string, args: readonly Value[], pos: Pos) {
    this.key = key;
    this.provider = provider;
    this.name = name;
    this.args = args;
    this.pos = pos;
  }
}

/** Thrown by a reference to an ephemeral resource not opened yet in this walk (see `withCalls`). */
class PendingOpen {
  readonly address: string;
  constructor(address: string) {
    this.address = address;
  }
}

/** One provider the fake core drives, by its local name. */
interface Driver {
  readonly name: string;
  readonly server: FakeCoreProvider;
  /** The source address core names in messages and `provider_name`. */
  readonly address: string;
  readonly schema: Schema | undefined;
  readonly resources: ReadonlyMap<string, Schema>;
  readonly data: ReadonlyMap<string, Schema>;
  readonly ephemerals: ReadonlyMap<string, Schema>;
  functions: Readonly<Record<string, FunctionSignature>>;
}

/** An opened ephemeral resource instance: what Renew and Close need. */
interface OpenedEphemeral {
  readonly address: string;
  readonly type: string;
  readonly driver: Driver;
  private: Uint8Array;
  /** When the pending renewal is due. */
  renewAt: Date | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  renewing: Promise<void> | undefined;
  renewErrors: Diagnostic[];
}

/**
 * One command's graph walk: the providers configured late (their blocks refer to ephemeral
 * values), the ephemeral resources opened in it (closed when it ends), and the values an
 * ephemeral configuration is evaluated with (planned during a plan, applied during an apply).
 */
interface Walk {
  readonly hcl: HclStepConfig | undefined;
  readonly values: Map<string, Value>;
  readonly keys: Map<string, (number | string | undefined)[]>;
  readonly pendingProviders: Set<string>;
  readonly openedResources: Set<string>;
  readonly ephemeralValues: Map<string, Value>;
  readonly ephemeralKeys: Map<string, (number | string | undefined)[]>;
  readonly opened: OpenedEphemeral[];
  /** Before the dependency-ordered walk (refresh, imports): resource values are not planned yet. */
  beforeWalk: boolean;
  /**
   * A destroy's walk: core prunes it to the destroyers and what their providers need, so only
   * the ephemeral resources a provider block uses are opened.
   */
  destroy: boolean;
}

/** `type.name` of an instance address (`type.name[0]`, `data.type.name["k"]`). */
function nameOf(address: string): string {
  const m = /^(?:data\.)?[^.[]+\.([^.[]+)/.exec(address);
  return m ? (m[1] as string) : address;
}
/** The instance key of an instance address, as `terraform show -json` prints `index`. */
function indexOf(address: string): JsonValue | undefined {
  const m = /\[(.+)\]$/.exec(address);
  return m ? (JSON.parse(m[1] as string) as JsonValue) : undefined;
}
/** The resource address of an instance address. */
function resourceOf(address: string): string {
  return address.replace(/\[.*\]$/, "");
}

/**
 * Options of {@link runFakeCore}.
 *
 * @category testing
 */
export interface FakeCoreOptions {
  /** The provider under test, driven in-process (a `defineProvider(...)` result). */
  readonly provider: FakeCoreProvider;
  /**
   * Other providers an HCL configuration uses, by local name (`{ echo: echoProvider }` for
   * `resource "echo" ...` and `provider "echo" {...}`), driven in-process like `provider`: a
   * resource type belongs to the provider named by its prefix (`echo`, `local_command` →
   * `local`), as core infers it.
   */
  readonly providers?: Readonly<Record<string, FakeCoreProvider>>;
  /** The Terraform version sent in ConfigureProvider. Default `1.11.4`. */
  readonly terraformVersion?: string;
  /** Stops the case when aborted: handed to every RPC as its `ctx.signal`. */
  readonly signal?: AbortSignal;
  /**
   * Environment variables the provider sees during the run, as `runAcceptance`'s `env` gives
   * them to the provider process. The provider runs in the test process, so they are set on
   * `process.env` for the run and restored after it; runs with an `env` wait for each other
   * (one at a time per process), so concurrent cases never see each other's values.
   *
   * @remarks Without `env` the provider sees the test process's environment as it is, including
   * the variables a concurrent run with `env` has set at that moment.
   */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Timing of one RPC made by the fake core.
 *
 * @category testing
 */
export interface FakeCoreCall {
  /** The RPC name, e.g. `PlanResourceChange`. */
  readonly rpc: string;
  /** The resource address it was about, when any. */
  readonly address?: string;
  /** Milliseconds spent in the provider (and the encoding around it). */
  readonly durationMs: number;
}

/**
 * Timings of one step of a fake-core run (or of the final destroy).
 *
 * @category testing
 */
export interface FakeCoreStepTiming {
  /** The step's label. */
  readonly name: string;
  /** What the step did. */
  readonly kind: "apply" | "plan-only" | "refresh" | "import" | "destroy";
  /** Wall-clock milliseconds for the whole step. */
  readonly durationMs: number;
  /** Every RPC of the step, in order. */
  readonly calls: readonly FakeCoreCall[];
}

/**
 * What {@link runFakeCore} returns when the case passes.
 *
 * @category testing
 */
export interface FakeCoreResult {
  /** Per-step timings, the final destroy last. */
  readonly steps: readonly FakeCoreStepTiming[];
  /** Wall-clock milliseconds for the whole case. */
  readonly totalMs: number;
  /** The state after the last step, before the final destroy. */
  readonly finalState: TerraformState;
}

/** One resource instance in the fake core's state, stored as a state file stores it. */
interface StoredInstance {
  readonly mode: "managed" | "data";
  readonly type: string;
  readonly name: string;
  /** The attribute JSON, in the schema version that wrote it (UpgradeResourceState reads it). */
  readonly json: string;
  readonly schemaVersion: number;
  readonly private: Uint8Array;
  readonly tainted: boolean;
}

/** A resource instance loaded for a command: upgraded (and maybe refreshed). */
interface LoadedInstance {
  readonly type: string;
  readonly name: string;
  value: Value;
  private: Uint8Array;
  readonly tainted: boolean;
}

/** One planned change, kept between plan and apply like a plan file. */
interface PlannedChange {
  readonly address: string;
  readonly type: string;
  readonly name: string;
  /** A data source read during apply (action `Read`); managed otherwise. */
  readonly mode?: "data";
  /** Core's `action_reason` for a data source read during apply. */
  readonly reason?: string;
  readonly action: PlanAction;
  readonly prior: Value;
  readonly config: Value;
  readonly planned: Value;
  readonly plannedPrivate: Uint8Array;
  readonly priorPrivate: Uint8Array;
  readonly replacePaths: readonly Path[];
  /** HCL: the configuration evaluated again at apply time (with what is known by then). */
  readonly reconfigure?: () => Promise<Value>;
  /** HCL: told the instance's value once applied (undefined after a delete). */
  readonly onApplied?: (value: Value | undefined) => void;
}

/** A whole plan: the changes, the data sources read, the state it was made from. */
interface FakePlan {
  /** HCL: the values apply-time evaluations see (ephemeral resources are opened with them). */
  readonly applyValues?: Map<string, Value>;
  readonly keys?: Map<string, (number | string | undefined)[]>;
  /** A destroy plan (its apply walk is a destroy's too). */
  readonly destroy?: boolean;
  readonly changes: readonly PlannedChange[];
  readonly refreshed: ReadonlyMap<string, LoadedInstance>;
  readonly data: ReadonlyMap<string, LoadedInstance>;
  readonly json: TerraformPlan;
}

/** Raised inside a step; becomes an AcceptanceError naming the step. */
class StepFailure extends Error {
  readonly failures: readonly string[];
  /** What terraform would have printed (the diagnostics), for expectError. */
  readonly output: string;
  constructor(failures: readonly string[], output: string) {
    super(failures.join("\n"));
    this.failures = failures;
    this.output = output;
  }
}

const CAPABILITIES: ClientCapabilities = {
  deferralAllowed: false,
  writeOnlyAttributesAllowed: true,
  storePlannedPrivate: false,
  computedBlocksAllowed: false,
};
const NO_BYTES = new Uint8Array();

function renderDiagnostic(d: { severity: string; summary: string; detail?: string | undefined }): string {
  const head = d.severity === "error" ? "Error" : "Warning";
  return `${head}: ${d.summary}${d.detail ? `\n\n${d.detail}` : ""}`;
}

function formatAttributePath(p: AttributePath | undefined): string {
  if (!p || p.length === 0) return "";
  return p
    .map((s) =>
      s.kind === "attribute"
        ? `.${s.name}`
        : s.kind === "elementKeyString"
          ? `[${JSON.stringify(s.key)}]`
          : `[${s.key}]`,
    )
    .join("");
}

/** Terraform's action list for a contracts PlanAction. */
function actionsOf(a: PlanAction): string[] {
  switch (a) {
    case "NoOp":
      return ["no-op"];
    case "Create":
      return ["create"];
    case "Update":
      return ["update"];
    case "Delete":
      return ["delete"];
    case "DeleteThenCreate":
      return ["delete", "create"];
    case "CreateThenDelete":
      return ["create", "delete"];
    case "Read":
      return ["read"];
    default:
      return [a.toLowerCase()];
  }
}

function knownTrue(v: Value): boolean {
  return v.isKnown() && !v.isNull() && v.asBool();
}

/**
 * Runs a test case with a **fake Terraform core**: the provider is driven in-process through the
 * RPC sequence Terraform 1.11 uses for each command, with every `@tfkit/contracts` check core
 * applies on — in milliseconds, without the `terraform` binary.
 *
 * @remarks Per command: GetProviderSchema, ValidateProviderConfig, ValidateResourceConfig and
 * ValidateDataResourceConfig, ConfigureProvider; each stored instance through
 * UpgradeResourceState (every load, as core does) and ReadResource (refresh, checked with
 * `checkReadResult`); per configured resource `proposedNew` (`@tfkit/plan-engine`, core's
 * `objchange.ProposedNew`), PlanResourceChange (`checkPlannedState`, `checkRequiresReplace`;
 * requires-replace paths filtered as core's `getRequiredReplaces`, a replace planned again with a
 * null prior); data sources through ReadDataSource (`checkDataSourceResult`). Apply plans again
 * (`checkPlannedState` and `checkFinalPlan` against the first plan), then ApplyResourceChange
 * (`checkApplyResult`); a follow-up refresh and plan must be empty. Imports call
 * ImportResourceState and ReadResource into a separate state and verify against the main one.
 * The final destroy plans and applies deletes (`checkDestroyPlan`, `checkApplyResult`).
 *
 * Steps use {@link TestStep.structuredConfig} or {@link TestStep.config} (HCL text, the same
 * text `runAcceptance` gives terraform): the fake core evaluates the subset of Terraform's
 * language provider tests use — variables with defaults, locals, references (unknowns flowing
 * into dependents' plans), `count`/`for_each`, outputs, `depends_on`, `moved` and `import` blocks, `lifecycle`,
 * provider functions and the common built-in functions — planning and applying resources in
 * dependency order; any other construct fails the step at once, naming it and saying to run the
 * case with `runAcceptance` (the testing README has the table). `configFile` and
 * `configDirectory` need the real CLI. Plan and state checks see the same JSON shapes
 * `terraform show -json` prints, so the same case runs here and under {@link runAcceptance}. A failure throws {@link AcceptanceError}; a broken contract names
 * the resource, the attribute path, core's message and the rule, e.g.
 * `notes_note.a: .title: was cty.StringVal("a"), but now cty.StringVal("A") (contract rule value_changed, stage apply)`.
 * Terraform's own config validation (required arguments, types) happens while decoding each
 * block and in the provider's ValidateResourceConfig; modules are out of scope.
 * @example
 * ```ts
 * await runFakeCore({ providers: { notes }, steps: [
 *   { structuredConfig: { resources: { "notes_note.a": { title: "hi" } } }, expectPlan: { "notes_note.a": "create" } },
 * ] }, { provider });
 * ```
 * @category testing
 */
export async function runFakeCore(testCase: TestCase, options: FakeCoreOptions): Promise<FakeCoreResult> {
  assertCaseShape(testCase, "runFakeCore");
  if (options.env === undefined) return runCase(testCase, options);
  const env = options.env;
  return withProcessEnv(env, () => runCase(testCase, options));
}

/** The queue of runs that set `process.env`: on globalThis, so an ESM and a CJS copy share it. */
const ENV_QUEUE = Symbol.for("@tfkit/testing/fakeCoreEnvQueue");

/**
 * Runs `body` with `env` set on `process.env`, then restores every variable (removing the ones
 * that were not set); one such run at a time per process.
 */
async function withProcessEnv<T>(env: Readonly<Record<string, string>>, body: () => Promise<T>): Promise<T> {
  const holder = globalThis as { [ENV_QUEUE]?: Promise<void> };
  const before = holder[ENV_QUEUE] ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  holder[ENV_QUEUE] = before.then(() => mine);
  await before;
  const saved = new Map<string, string | undefined>();
  try {
    for (const [name, value] of Object.entries(env)) {
      saved.set(name, process.env[name]);
      process.env[name] = value;
    }
    return await body();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    release();
  }
}

async function runCase(testCase: TestCase, options: FakeCoreOptions): Promise<FakeCoreResult> {
  const started = performance.now();
  // Checks that remember values across steps key them by this run.
  const run = {};
  const providerName = options.provider.definition.metadata.typeName;
  const drivers = new Map<string, Driver>();
  // Terraform's built-in provider is always there (`terraform_data`), unless a case brings its own.
  const builtin =
    providerName === BUILTIN_TERRAFORM || options.providers?.[BUILTIN_TERRAFORM] !== undefined
      ? []
      : [[BUILTIN_TERRAFORM, builtinTerraformProvider()] as const];
  for (const [name, server] of [
    [providerName, options.provider] as const,
    ...Object.entries(options.providers ?? {}),
    ...builtin,
  ]) {
    if (drivers.has(name))
      throw new TypeError(`runFakeCore: provider "${name}" is given twice (provider and providers)`);
    const d = server.definition;
    drivers.set(name, {
      name,
      server,
      address: d.metadata.address ?? `registry.terraform.io/tfkit/${d.metadata.typeName}`,
      schema: d.schema,
      resources: new Map((d.resources ?? []).map((r) => [r.typeName, r.schema])),
      data: new Map((d.dataSources ?? []).map((r) => [r.typeName, r.schema])),
      ephemerals: new Map((d.ephemeralResources ?? []).map((r) => [r.typeName, r.schema])),
      functions: {},
    });
  }
  const mainDriver = drivers.get(providerName) as Driver;
  /** The provider of a resource type (core's implied provider); the one under test otherwise. */
  const driverOf = (type: string): Driver => drivers.get(providerLocalName(type)) ?? mainDriver;
  /** The type of a resource (instance) address. */
  const typeOfAddress = (address: string): string =>
    address.replace(/^(data|ephemeral)\./, "").split(/[.[]/)[0] as string;
  const providerAddressOf = (address: string): string => driverOf(typeOfAddress(address)).address;
  const signal = options.signal ?? new AbortController().signal;
  const terraformVersion = options.terraformVersion ?? "1.11.4";
  if (testCase.steps.length === 0) throw new TypeError("runFakeCore: the test case has no steps");

  const log: string[] = [];
  let calls: FakeCoreCall[] = [];
  const timings: FakeCoreStepTiming[] = [];

  /** Calls one RPC, timing it; a missing method behaves as the transport documents. */
  const rpc = async <R>(name: string, address: string | undefined, run: () => R | Promise<R>): Promise<R> => {
    const t0 = performance.now();
    try {
      return await run();
    } finally {
      calls.push({
        rpc: name,
        ...(address === undefined ? {} : { address }),
        durationMs: performance.now() - t0,
      });
    }
  };
  const ctx = (name: string) => callContext(name, signal, log);

  /** Error diagnostics of an RPC answer become a step failure (warnings are ignored). */
  const failOnErrors = (
    what: string,
    address: string | undefined,
    diagnostics: readonly Diagnostic[] | undefined,
  ) => {
    const errors = (diagnostics ?? []).filter((d) => d.severity === "error");
    if (errors.length === 0) return;
    throw new StepFailure(
      errors.map(
        (d) =>
          `${what}${address ? ` (${address})` : ""} returned an error: ${d.summary}${formatAttributePath(d.attribute) ? ` at ${formatAttributePath(d.attribute)}` : ""}${d.detail ? `: ${d.detail}` : ""}`,
      ),
      errors.map(renderDiagnostic).join("\n\n"),
    );
  };
  /** Contract violations become a step failure naming address, path, message and rule. */
  const failOnViolations = (address: string, violations: readonly Violation[], origin: string) => {
    if (violations.length === 0) return;
    const diagnostics = toDiagnostics(violations, {
      resourceAddress: address,
      provider: providerAddressOf(address),
      origin,
    });
    throw new StepFailure(
      violations.map(
        (v) => `${address}: ${formatViolation(v)} (contract rule ${v.rule}, stage ${v.stage}, in ${origin})`,
      ),
      diagnostics.map(renderDiagnostic).join("\n\n"),
    );
  };
  const resourceSchema = (type: string): Schema => {
    const d = driverOf(type);
    const s = d.resources.get(type);
    if (!s)
      throw new StepFailure(
        [`the provider has no resource type "${type}"`],
        `Error: Invalid resource type\n\nThe provider ${d.name} does not support resource type "${type}".`,
      );
    return s;
  };
  const dataSchema = (type: string): Schema => {
    const d = driverOf(type);
    const s = d.data.get(type);
    if (!s)
      throw new StepFailure(
        [`the provider has no data source "${type}"`],
        `Error: Invalid data source\n\nThe provider ${d.name} does not support data source "${type}".`,
      );
    return s;
  };
  const ephemeralSchema = (type: string): Schema => {
    const d = driverOf(type);
    const s = d.ephemerals.get(type);
    if (!s)
      throw new StepFailure(
        [`the provider has no ephemeral resource type "${type}"`],
        `Error: Invalid ephemeral resource type\n\nThe provider ${d.name} does not support ephemeral resource type "${type}".`,
      );
    return s;
  };

  // --- the state, stored as a state file stores it ---
  let mainState = new Map<string, StoredInstance>();
  // HCL configurations: provider functions (signatures, cached results), the resources each
  // instance depends on (for destroy order, as the state's `dependencies`), the last expansion,
  // and the root module outputs.
  const functionResults = new Map<string, Value | HclEvalError>();
  const instanceDependencies = new Map<string, ReadonlySet<string>>();
  let hclKeys: ReadonlyMap<string, readonly (number | string | undefined)[]> = new Map();
  let outputs: Record<string, StateOutput> = {};
  if (testCase.initialState) {
    for (const [address, r] of Object.entries(testCase.initialState.resources)) {
      const { type, name } = splitAddress(address);
      mainState.set(address, {
        mode: "managed",
        type,
        name,
        json: JSON.stringify(r.attributes),
        schemaVersion: r.schemaVersion,
        private: NO_BYTES,
        tainted: false,
      });
    }
  }
  const store = (
    value: Value,
    type: string,
    name: string,
    priv: Uint8Array,
    tainted: boolean,
    mode: "managed" | "data" = "managed",
  ): StoredInstance => {
    const schema = mode === "managed" ? resourceSchema(type) : dataSchema(type);
    return {
      mode,
      type,
      name,
      json: toJson(value, schema.type),
      schemaVersion: schema.version,
      private: priv,
      tainted,
    };
  };

  // --- the start of every command: schema, validation, configuration ---
  /** The current command's graph walk; undefined between commands. */
  let walk: Walk | undefined;

  /** The providers a command starts: the one under test, and the others its configuration or state uses. */
  const usedDrivers = (config: StepConfig | undefined): Driver[] => {
    const types = new Set<string>();
    const names = new Set<string>();
    for (const s of mainState.values()) types.add(s.type);
    if (config instanceof HclStepConfig) {
      for (const r of config.module.resources) types.add(r.type);
      for (const n of config.module.providerBodies.keys()) names.add(n);
    } else {
      for (const a of Object.keys(config?.resources ?? {})) types.add(splitAddress(a).type);
      for (const a of Object.keys(config?.dataSources ?? {})) types.add(splitAddress(a).type);
      for (const n of Object.keys(config?.providers ?? {})) names.add(n);
    }
    for (const t of types) names.add(providerLocalName(t));
    return [...drivers.values()].filter((d) => d === mainDriver || names.has(d.name));
  };

  /** ValidateProviderConfig, then ConfigureProvider, with one provider's configuration value. */
  const configureDriver = async (d: Driver, pConfig: Value, validateTypes?: () => Promise<void>) => {
    const pType = schemaType(d.schema);
    const validated = await rpc("ValidateProviderConfig", undefined, () =>
      d.server.validateProviderConfig?.(
        { config: dynamicValue(pConfig, pType) },
        ctx("ValidateProviderConfig"),
      ),
    );
    failOnErrors("ValidateProviderConfig", undefined, validated?.diagnostics);
    await validateTypes?.();
    const configured = await rpc("ConfigureProvider", undefined, () =>
      d.server.configureProvider?.(
        { terraformVersion, config: dynamicValue(pConfig, pType), clientCapabilities: CAPABILITIES },
        ctx("ConfigureProvider"),
      ),
    );
    failOnErrors("ConfigureProvider", undefined, configured?.diagnostics);
  };

  /** Configures a provider from its HCL block, evaluated with the walk's values. */
  const configureHclDriver = async (d: Driver, config: HclStepConfig, w: Walk | undefined) => {
    const body = config.module.providerBodies.get(d.name) ?? { attributes: new Map(), blocks: [] };
    const evaluation = new HclEvaluation(
      config.module,
      hclSource(w?.values ?? new Map(), w?.keys ?? new Map()),
    );
    const pConfig = await withCalls(() =>
      evaluation.decode(d.schema ?? { attributes: {}, blocks: {} }, body, undefined, ""),
    );
    await configureDriver(d, pConfig);
  };

  /**
   * A provider whose block refers to ephemeral values is configured when first needed, after
   * those ephemeral resources are open (core's graph: provider after what its block refers to).
   */
  const ensureConfigured = async (d: Driver) => {
    const w = walk;
    if (w === undefined || w.hcl === undefined || !w.pendingProviders.has(d.name)) return;
    w.pendingProviders.delete(d.name);
    await configureHclDriver(d, w.hcl, w);
  };
  /** The provider serving a type, configured. */
  const serverFor = async (type: string): Promise<FakeCoreProvider> => {
    const d = driverOf(type);
    await ensureConfigured(d);
    return d.server;
  };

  /**
   * Starts a command: a new walk; GetProviderSchema for each provider; validation; each
   * provider configured (now, or once the ephemeral values its block uses are open).
   */
  const startCommand = async (
    config: StepConfig | undefined,
    values: Map<string, Value> = new Map(),
    keys: Map<string, (number | string | undefined)[]> = new Map(),
  ) => {
    walk = {
      hcl: config instanceof HclStepConfig ? config : undefined,
      values,
      keys,
      pendingProviders: new Set(),
      openedResources: new Set(),
      ephemeralValues: new Map(),
      ephemeralKeys: new Map(),
      opened: [],
      beforeWalk: true,
      destroy: false,
    };
    const used = usedDrivers(config);
    for (const d of used) {
      const schemaResponse = await rpc("GetProviderSchema", undefined, () =>
        d.server.getProviderSchema({}, ctx("GetProviderSchema")),
      );
      failOnErrors("GetProviderSchema", undefined, schemaResponse.diagnostics);
      d.functions = schemaResponse.functions ?? {};
    }
    if (config instanceof HclStepConfig) {
      // Resource configurations are validated right before each plan, with their values.
      for (const name of config.module.providerBodies.keys())
        if (!drivers.has(name))
          throw new HclUnsupported(
            `provider "${name}" (runFakeCore drives ${[...drivers.keys()].join(", ")}; give it the others in its providers option)`,
          );
      for (const d of used) {
        const body = config.module.providerBodies.get(d.name);
        if (
          body &&
          [...body.attributes.values()].some((a) => ephemeralReads(config.module, a.expr).length > 0)
        ) {
          walk.pendingProviders.add(d.name);
          continue;
        }
        await configureHclDriver(d, config, undefined);
      }
      return;
    }
    for (const d of used) {
      const pConfig = configToValue(d.schema ?? { attributes: {}, blocks: {} }, config?.providers?.[d.name]);
      await configureDriver(d, pConfig, async () => {
        for (const [address, body] of Object.entries(config?.resources ?? {})) {
          const { type } = splitAddress(address);
          if (driverOf(type) !== d) continue;
          const schema = resourceSchema(type);
          const value = configToValue(schema, body);
          const r = await rpc("ValidateResourceConfig", address, () =>
            d.server.validateResourceConfig?.(
              { typeName: type, config: dynamicValue(value, schema.type), clientCapabilities: CAPABILITIES },
              ctx("ValidateResourceConfig"),
            ),
          );
          failOnErrors("ValidateResourceConfig", address, r?.diagnostics);
        }
        for (const [address, body] of Object.entries(config?.dataSources ?? {})) {
          const { type } = splitAddress(address);
          if (driverOf(type) !== d) continue;
          const schema = dataSchema(type);
          const value = configToValue(schema, body);
          const r = await rpc("ValidateDataResourceConfig", `data.${address}`, () =>
            d.server.validateDataResourceConfig?.(
              { typeName: type, config: dynamicValue(value, schema.type) },
              ctx("ValidateDataResourceConfig"),
            ),
          );
          failOnErrors("ValidateDataResourceConfig", `data.${address}`, r?.diagnostics);
        }
      });
    }
  };

  /** Loads the managed instances of a state: UpgradeResourceState for each (core does it on every load). */
  const load = async (state: ReadonlyMap<string, StoredInstance>): Promise<Map<string, LoadedInstance>> => {
    const out = new Map<string, LoadedInstance>();
    for (const [address, s] of state) {
      if (s.mode !== "managed") continue;
      const schema = resourceSchema(s.type);
      const provider = driverOf(s.type).server;
      const r = await rpc("UpgradeResourceState", address, () =>
        provider.upgradeResourceState
          ? provider.upgradeResourceState(
              {
                typeName: s.type,
                version: s.schemaVersion,
                rawState: { json: new TextEncoder().encode(s.json) },
              },
              ctx("UpgradeResourceState"),
            )
          : { upgradedState: { json: new TextEncoder().encode(s.json) } },
      );
      failOnErrors("UpgradeResourceState", address, r.diagnostics);
      const value = decodeDynamic(r.upgradedState, schema.type);
      failOnViolations(address, checkUpgradeResult(schema, value), "upgradeState");
      out.set(address, { type: s.type, name: s.name, value, private: s.private, tainted: s.tainted });
    }
    return out;
  };

  /** ReadResource for one loaded instance; returns false when the object is gone. */
  const refresh = async (address: string, inst: LoadedInstance): Promise<boolean> => {
    const schema = resourceSchema(inst.type);
    const provider = await serverFor(inst.type);
    const r = await rpc("ReadResource", address, () =>
      provider.readResource?.(
        {
          typeName: inst.type,
          currentState: dynamicValue(inst.value, schema.type),
          private: inst.private,
          clientCapabilities: CAPABILITIES,
        },
        ctx("ReadResource"),
      ),
    );
    if (!r) return true;
    failOnErrors("ReadResource", address, r.diagnostics);
    const value = decodeDynamic(r.newState, schema.type);
    failOnViolations(address, checkReadResult(schema, value), "read");
    if (value.isNull()) return false;
    inst.value = value;
    inst.private = r.private ?? inst.private;
    return true;
  };

  /** One PlanResourceChange call with its plan-time checks. */
  const planResource = async (
    address: string,
    type: string,
    prior: Value,
    config: Value,
    priorPrivate: Uint8Array,
    replacePlan: boolean,
  ) => {
    const schema = resourceSchema(type);
    const provider = await serverFor(type);
    if (!config.isNull()) {
      // Core validates the configuration again right before every plan (values known only now).
      const v = await rpc("ValidateResourceConfig", address, () =>
        provider.validateResourceConfig?.(
          { typeName: type, config: dynamicValue(config, schema.type), clientCapabilities: CAPABILITIES },
          ctx("ValidateResourceConfig"),
        ),
      );
      failOnErrors("ValidateResourceConfig", address, v?.diagnostics);
    }
    const proposed = config.isNull() ? config : proposedNew(schema, prior, config);
    const r = await rpc("PlanResourceChange", address, () =>
      provider.planResourceChange
        ? provider.planResourceChange(
            {
              typeName: type,
              priorState: dynamicValue(prior, schema.type),
              proposedNewState: dynamicValue(proposed, schema.type),
              config: dynamicValue(config, schema.type),
              priorPrivate,
              plannedPrivate: NO_BYTES,
              clientCapabilities: CAPABILITIES,
            },
            ctx("PlanResourceChange"),
          )
        : { plannedState: dynamicValue(proposed, schema.type) },
    );
    failOnErrors("PlanResourceChange", address, r.diagnostics);
    const planned = decodeDynamic(r.plannedState, schema.type);
    if (config.isNull()) {
      failOnViolations(address, checkDestroyPlan(planned), "plan (destroy)");
      return { planned, plannedPrivate: r.plannedPrivate ?? NO_BYTES, requiresReplace: [] as Path[] };
    }
    failOnViolations(address, checkPlannedState(schema, { prior, config, planned }, { replacePlan }), "plan");
    const paths: Path[] = (r.requiresReplace ?? []).map((p) =>
      p.map((s) =>
        s.kind === "attribute"
          ? { kind: "attribute" as const, name: s.name }
          : { kind: "index" as const, key: s.kind === "elementKeyString" ? stringKey(s.key) : intKey(s.key) },
      ),
    );
    failOnViolations(address, checkRequiresReplace(prior, planned, paths), "plan");
    const filtered = filterRequiresReplace(schema, prior, planned, paths, {
      provider: providerAddressOf(address),
      address,
    });
    failOnErrors("PlanResourceChange", address, filtered.diagnostics as Diagnostic[]);
    return { planned, plannedPrivate: r.plannedPrivate ?? NO_BYTES, requiresReplace: filtered.paths };
  };

  /** Plans the deletion of a stored instance (removed from the configuration, or a destroy). */
  const planDelete = async (address: string, inst: LoadedInstance): Promise<PlannedChange> => {
    const none = nullVal(resourceSchema(inst.type).type);
    const destroyPlan = await planResource(address, inst.type, inst.value, none, inst.private, false);
    return {
      address,
      type: inst.type,
      name: inst.name,
      action: "Delete",
      prior: inst.value,
      config: none,
      planned: destroyPlan.planned,
      plannedPrivate: destroyPlan.plannedPrivate,
      priorPrivate: inst.private,
      replacePaths: [],
    };
  };

  /** Plans one configured resource: the action, and a second plan with a null prior for a replace. */
  const planConfigured = async (
    address: string,
    type: string,
    name: string,
    prior: LoadedInstance | undefined,
    config: Value,
  ): Promise<PlannedChange> => {
    const priorValue = prior?.value ?? nullVal(resourceSchema(type).type);
    const priorPrivate = prior?.private ?? NO_BYTES;
    const first = await planResource(address, type, priorValue, config, priorPrivate, false);
    let action: PlanAction;
    if (priorValue.isNull()) action = "Create";
    else if (first.requiresReplace.length > 0 || prior?.tainted) action = "DeleteThenCreate";
    else action = knownTrue(equals(first.planned, priorValue)) ? "NoOp" : "Update";
    if (action === "DeleteThenCreate") {
      const again = await planResource(address, type, nullVal(priorValue.type), config, priorPrivate, true);
      return {
        address,
        type,
        name,
        action,
        prior: priorValue,
        config,
        planned: again.planned,
        plannedPrivate: again.plannedPrivate,
        priorPrivate,
        replacePaths: first.requiresReplace,
      };
    }
    return {
      address,
      type,
      name,
      action,
      prior: priorValue,
      config,
      planned: first.planned,
      plannedPrivate: first.plannedPrivate,
      priorPrivate,
      replacePaths: first.requiresReplace,
    };
  };

  /** `terraform plan`: one walk, its ephemeral resources closed at its end. */
  const plan = async (
    state: ReadonlyMap<string, StoredInstance>,
    config: StepConfig,
    mode: { readonly destroy?: boolean; readonly refresh?: boolean } = {},
  ): Promise<FakePlan> =>
    inWalk(() =>
      config instanceof HclStepConfig ? planHcl(state, config, mode) : planStructured(state, config, mode),
    );

  /** Runs one command's walk, then finishes it (every ephemeral resource opened, then closed). */
  async function inWalk<T>(body: () => Promise<T>): Promise<T> {
    try {
      const result = await body();
      await finishWalk(true);
      return result;
    } finally {
      await finishWalk(false).catch(() => {});
    }
  }

  /** A structured configuration's plan: refresh (unless told not to), read data sources, plan every resource. */
  const planStructured = async (
    state: ReadonlyMap<string, StoredInstance>,
    config: StructuredConfig,
    mode: { readonly destroy?: boolean; readonly refresh?: boolean },
  ): Promise<FakePlan> => {
    await startCommand(config);
    const loaded = await load(state);
    if (mode.refresh !== false) {
      for (const [address, inst] of [...loaded]) if (!(await refresh(address, inst))) loaded.delete(address);
    }
    const data = new Map<string, LoadedInstance>();
    const changes: PlannedChange[] = [];
    if (!mode.destroy) {
      for (const [address, body] of Object.entries(config.dataSources ?? {})) {
        const { type, name } = splitAddress(address);
        const schema = dataSchema(type);
        const value = configToValue(schema, body);
        const full = `data.${address}`;
        const provider = await serverFor(type);
        const r = await rpc("ReadDataSource", full, () =>
          provider.readDataSource?.(
            { typeName: type, config: dynamicValue(value, schema.type), clientCapabilities: CAPABILITIES },
            ctx("ReadDataSource"),
          ),
        );
        failOnErrors("ReadDataSource", full, r?.diagnostics);
        const result = decodeDynamic(r?.state, schema.type);
        failOnViolations(full, checkDataSourceResult(schema, result), "data source read");
        data.set(full, { type, name, value: result, private: NO_BYTES, tainted: false });
      }
      for (const [address, body] of Object.entries(config.resources ?? {})) {
        const { type, name } = splitAddress(address);
        const cfg = configToValue(resourceSchema(type), body);
        changes.push(await planConfigured(address, type, name, loaded.get(address), cfg));
      }
    }
    for (const [address, inst] of loaded) {
      if (!mode.destroy && config.resources && Object.hasOwn(config.resources, address)) continue;
      changes.push(await planDelete(address, inst));
    }
    return { changes, refreshed: loaded, data, json: planJson(changes) };
  };

  // --- HCL configurations ---

  /** A ValueSource over instance values and resource expansions. */
  function hclSource(
    values: ReadonlyMap<string, Value>,
    keys: ReadonlyMap<string, readonly (number | string | undefined)[]>,
  ): ValueSource {
    // Ephemeral values live in the walk that opened them, never in plan or state values.
    const ephemeral = (address: string) => address.startsWith("ephemeral.");
    return {
      instance: (address) => (ephemeral(address) ? walk?.ephemeralValues.get(address) : values.get(address)),
      keys: (address) => {
        if (!ephemeral(address)) return keys.get(address);
        if (walk?.hcl === undefined)
          throw new HclUnsupported(`${address} outside a plan or apply (ephemeral values)`);
        if (!walk.openedResources.has(address)) throw new PendingOpen(address);
        return walk.ephemeralKeys.get(address);
      },
      objectType: (address) =>
        address.startsWith("data.")
          ? dataSchema(address.split(".")[1] as string).type
          : ephemeral(address)
            ? ephemeralSchema(address.split(".")[1] as string).type
            : resourceSchema(address.split(".")[0] as string).type,
      callProvider: (name, args, pos) => {
        const [, providerOfFn, fn] = name.split("::") as [string, string, string];
        const sig = drivers.get(providerOfFn)?.functions[fn];
        if (sig === undefined)
          throw new HclEvalError("Call to unknown function", `There is no function named "${name}".`, pos);
        const params = sig.parameters ?? [];
        const returnType = typeFromJson(sig.returnType as never);
        const typed: Value[] = [];
        for (let i = 0; i < args.length; i++) {
          const p = params[i] ?? sig.variadicParameter;
          if (p === undefined)
            throw new HclEvalError(
              "Too many function arguments",
              `Function "${name}" expects only ${params.length} argument(s).`,
              pos,
            );
          const arg = args[i] as Value;
          if (!arg.isWhollyKnown() && !p.allowUnknownValues) return refineNotNull(unknownVal(returnType));
          if (arg.isNull() && !p.allowNullValue)
            throw new HclEvalError(
              "Invalid function argument",
              `Invalid value for "${p.name}" parameter: argument must not be null.`,
              pos,
            );
          try {
            typed.push(convert(arg, typeFromJson(p.type as never)));
          } catch (error) {
            throw new HclEvalError(
              "Invalid function argument",
              `Invalid value for "${p.name}" parameter: ${error instanceof Error ? error.message : String(error)}.`,
              pos,
            );
          }
        }
        if (typed.length < params.length)
          throw new HclEvalError(
            "Not enough function arguments",
            `Function "${name}" expects ${params.length} argument(s).`,
            pos,
          );
        const key = `${providerOfFn}::${fn}(${typed.map((v) => toJson(v, v.type)).join(",")})`;
        const cached = functionResults.get(key);
        if (cached instanceof HclEvalError) throw cached;
        if (cached !== undefined) return cached;
        throw new PendingCall(key, providerOfFn, fn, typed, pos);
      },
    };
  }

  /**
   * Runs a synchronous evaluation, making the provider-function calls it needs (CallFunction,
   * results cached as core caches them: functions are pure) and opening the ephemeral
   * resources it refers to, and running it again.
   */
  async function withCalls<T>(evaluateNow: () => T): Promise<T> {
    for (;;) {
      try {
        return evaluateNow();
      } catch (error) {
        if (error instanceof PendingOpen) {
          await openEphemeral(error.address);
          continue;
        }
        if (!(error instanceof PendingCall)) throw error;
        const fnDriver = drivers.get(error.provider) as Driver;
        const provider = fnDriver.server;
        const providerName = fnDriver.name;
        const sig = fnDriver.functions[error.name];
        const params = sig?.parameters ?? [];
        const r = await rpc("CallFunction", undefined, () =>
          provider.callFunction
            ? provider.callFunction(
                {
                  name: error.name,
                  arguments: error.args.map((a, i) => {
                    const p = params[i] ?? sig?.variadicParameter;
                    const t = p ? typeFromJson(p.type as never) : a.type;
                    return dynamicValue(a, t);
                  }),
                },
                ctx("CallFunction"),
              )
            : { error: { text: `provider ${providerName} has no functions` } },
        );
        if (r.error) {
          // Core's wording: an error about one argument names its parameter.
          const at = r.error.functionArgument;
          const param = at === undefined ? undefined : (params[at] ?? sig?.variadicParameter);
          functionResults.set(
            error.key,
            param === undefined
              ? new HclEvalError(
                  "Error in function call",
                  `Call to function "provider::${providerName}::${error.name}" failed: ${r.error.text}.`,
                  error.pos,
                )
              : new HclEvalError(
                  "Invalid function argument",
                  `Invalid value for "${param.name}" parameter: ${r.error.text}.`,
                  error.pos,
                ),
          );
          continue;
        }
        const returnType = typeFromJson((sig?.returnType ?? "dynamic") as never);
        functionResults.set(error.key, decodeDynamic(r.result, returnType));
      }
    }
  }

  /** The HCL plan: resources in dependency order, each evaluated with what is known by then. */
  async function planHcl(
    state: ReadonlyMap<string, StoredInstance>,
    config: HclStepConfig,
    mode: { readonly destroy?: boolean; readonly refresh?: boolean },
  ): Promise<FakePlan> {
    const module = config.module;
    refuseSensitiveFlows(module);
    refuseEphemeralFlows(module);
    const values = new Map<string, Value>();
    const keys = new Map<string, (number | string | undefined)[]>();
    // At apply time the configurations are evaluated again, with the applied values.
    const applyValues = new Map<string, Value>();
    await startCommand(config, values, keys);
    if (walk) walk.destroy = mode.destroy === true;
    const loaded = await load(state);
    // `moved` blocks: the stored objects take their new addresses before anything else.
    for (const m of module.moved) {
      for (const [address, inst] of [...loaded]) {
        const suffix =
          address === m.from
            ? ""
            : address.startsWith(`${m.from}[`)
              ? address.slice(m.from.length)
              : undefined;
        if (suffix === undefined || loaded.has(`${m.to}${suffix}`)) continue;
        loaded.delete(address);
        loaded.set(`${m.to}${suffix}`, inst);
      }
    }
    if (mode.refresh !== false) {
      for (const [address, inst] of [...loaded]) if (!(await refresh(address, inst))) loaded.delete(address);
    }
    // `import` blocks: an object not in the state yet is imported and read, then planned as if
    // it were stored (a no-op when the configuration matches it).
    const importing = new Map<string, string>();
    if (!mode.destroy) {
      for (const imp of module.imports) {
        if (loaded.has(imp.to)) continue;
        const decl = module.resources.find((d) => d.address === imp.to && d.mode === "managed");
        if (decl === undefined)
          throw new HclEvalError(
            "Configuration for import target does not exist",
            `The configuration for the given import ${imp.to} does not exist. All target instances must have an associated configuration to be imported.`,
            imp.pos,
          );
        if (decl.count || decl.forEach)
          throw new HclUnsupported("import blocks into resources with count or for_each", imp.pos);
        const idValue = await withCalls(() =>
          new HclEvaluation(module, hclSource(new Map(), new Map())).eval(imp.id),
        );
        if (!idValue.isKnown() || idValue.isNull() || idValue.type.kind !== "string")
          throw new HclUnsupported("import ids that are not a known string", imp.pos);
        const id = idValue.asString();
        const schema = resourceSchema(decl.type);
        const provider = await serverFor(decl.type);
        const r = await rpc("ImportResourceState", imp.to, () =>
          provider.importResourceState?.(
            { typeName: decl.type, id, clientCapabilities: CAPABILITIES },
            ctx("ImportResourceState"),
          ),
        );
        failOnErrors("ImportResourceState", imp.to, r?.diagnostics);
        const first = (r?.importedResources ?? []).find((i) => i.typeName === decl.type);
        const value = first ? decodeDynamic(first.state, schema.type) : undefined;
        if (first === undefined || value === undefined || value.isNull())
          throw new StepFailure(
            [`${imp.to}: Import returned no resources`],
            "Error: Import returned no resources",
          );
        const inst: LoadedInstance = {
          type: decl.type,
          name: decl.name,
          value,
          private: first.private ?? NO_BYTES,
          tainted: false,
        };
        if (!(await refresh(imp.to, inst)))
          throw new StepFailure(
            [
              `${imp.to}: Cannot import non-existent remote object (ReadResource returned null for ID ${JSON.stringify(id)})`,
            ],
            `Error: Cannot import non-existent remote object\n\nWhile attempting to import an existing object to "${imp.to}", the provider detected that no object exists with the given id.`,
          );
        loaded.set(imp.to, inst);
        importing.set(imp.to, id);
      }
    }
    const outputChanges: Record<string, JsonObject> = {};
    const evaluation = new HclEvaluation(module, hclSource(values, keys));
    const applyEvaluation = new HclEvaluation(module, hclSource(applyValues, keys));
    const data = new Map<string, LoadedInstance>();
    const changes: PlannedChange[] = [];
    const planned = new Map<string, PlannedChange>();
    const configured = new Set<string>();
    if (walk) walk.beforeWalk = false;
    if (!mode.destroy) {
      for (const decl of module.order()) {
        if (decl.mode === "ephemeral") {
          // Opened in the walk, after what it refers to; its value is never planned or stored.
          await openEphemeral(decl.address);
          continue;
        }
        const instances = await withCalls(() => evaluation.expand(decl));
        keys.set(
          decl.address,
          instances.map((i) => i.key),
        );
        for (const inst of instances) {
          configured.add(inst.address);
          if (decl.mode === "data") {
            const schema = dataSchema(decl.type);
            const cfg = await withCalls(() => evaluation.decode(schema, decl.body, inst, ""));
            const pending = [...directManagedReferences(module, decl)].filter((a) =>
              [...planned.values()].some((c) => resourceOf(c.address) === a && c.action !== "NoOp"),
            );
            if (!cfg.isWhollyKnown() || pending.length > 0) {
              // Core reads it during apply: planned as `read`, computed attributes unknown.
              const plannedValue = plannedDataResourceObject(schema, cfg);
              values.set(inst.address, plannedValue);
              changes.push({
                address: inst.address,
                type: decl.type,
                name: decl.name,
                mode: "data",
                reason: cfg.isWhollyKnown()
                  ? "read_because_dependency_pending"
                  : "read_because_config_unknown",
                action: "Read",
                prior: nullVal(schema.type),
                config: cfg,
                planned: plannedValue,
                plannedPrivate: NO_BYTES,
                priorPrivate: NO_BYTES,
                replacePaths: [],
                reconfigure: () => withCalls(() => applyEvaluation.decode(schema, decl.body, inst, "")),
                onApplied: (v) => {
                  if (v !== undefined) applyValues.set(inst.address, v);
                },
              });
              continue;
            }
            const value = await readData(decl.type, inst.address, cfg);
            values.set(inst.address, value);
            applyValues.set(inst.address, value);
            data.set(inst.address, {
              type: decl.type,
              name: decl.name,
              value,
              private: NO_BYTES,
              tainted: false,
            });
            continue;
          }
          const schema = resourceSchema(decl.type);
          const prior = loaded.get(inst.address);
          const cfg = applyIgnoreChanges(
            decl,
            schema,
            await withCalls(() => evaluation.decode(schema, decl.body, inst, "")),
            prior?.value,
          );
          let change = await planConfigured(inst.address, decl.type, decl.name, prior, cfg);
          if (
            prior &&
            (change.action === "Update" || change.action === "NoOp") &&
            triggered(decl, planned, values, inst)
          ) {
            // replace_triggered_by: planned as a replacement, as a tainted object would be.
            change = await planConfigured(
              inst.address,
              decl.type,
              decl.name,
              { ...prior, tainted: true },
              cfg,
            );
          }
          if (decl.createBeforeDestroy && change.action === "DeleteThenCreate")
            change = { ...change, action: "CreateThenDelete" };
          if (
            decl.preventDestroy &&
            (change.action === "DeleteThenCreate" || change.action === "CreateThenDelete")
          )
            preventDestroy(inst.address);
          const priorValue = prior?.value;
          change = {
            ...change,
            reconfigure: () =>
              withCalls(() =>
                applyIgnoreChanges(
                  decl,
                  schema,
                  applyEvaluation.decode(schema, decl.body, inst, ""),
                  priorValue,
                ),
              ),
            onApplied: (v) => {
              if (v !== undefined) applyValues.set(inst.address, v);
              else applyValues.delete(inst.address);
            },
          };
          values.set(inst.address, change.planned);
          planned.set(inst.address, change);
          changes.push(change);
        }
      }
    }
    // Objects no longer configured are destroyed: dependents before what they depend on.
    const orphans = [...loaded].filter(([address]) => mode.destroy || !configured.has(address));
    orphans.sort(([a], [b]) =>
      dependsOnDeep(a, resourceOf(b)) ? -1 : dependsOnDeep(b, resourceOf(a)) ? 1 : 0,
    );
    for (const [address, inst] of orphans) {
      const decl = module.resources.find((d) => d.address === resourceOf(address));
      if (decl?.preventDestroy) preventDestroy(address);
      changes.push(await planDelete(address, inst));
    }
    for (const c of changes) {
      const decl = module.resources.find((d) => d.address === resourceOf(c.address));
      if (decl && c.action !== "Delete") instanceDependencies.set(c.address, decl.dependsOn);
    }
    if (!mode.destroy) {
      // Every variable needs a value and every local is evaluated, used or not, as in terraform.
      for (const [name, v] of module.variables) evaluation.variable(name, v.pos);
      for (const [name, l] of module.locals) await withCalls(() => evaluation.local(name, l.pos));
      // Outputs are evaluated during the plan too: their errors fail it, as in terraform.
      for (const o of module.outputs) {
        checkOutputSensitivity(module, o);
        const v = await withCalls(() => evaluation.eval(o.value));
        // The output's change, as `terraform show -json` lists it under output_changes.
        const before = outputs[o.name];
        const after = valueToJson(v) ?? null;
        // Nothing unknown is `false` here; a wholly unknown output has no `after`.
        const unknown = v.isWhollyKnown() ? false : unknownAsBool(v);
        const same =
          before !== undefined && unknown === false && JSON.stringify(before.value) === JSON.stringify(after);
        outputChanges[o.name] = {
          actions: [before === undefined ? "create" : same ? "no-op" : "update"],
          before: before?.value ?? null,
          ...(unknown === true ? {} : { after }),
          after_unknown: unknown,
          before_sensitive: before?.sensitive ?? false,
          after_sensitive: o.sensitive,
        };
      }
      // Outputs no longer in the configuration are deleted.
      for (const [name, before] of Object.entries(outputs)) {
        if (module.outputs.some((o) => o.name === name)) continue;
        outputChanges[name] = {
          actions: ["delete"],
          before: before.value,
          after: null,
          after_unknown: false,
          before_sensitive: before.sensitive,
          after_sensitive: false,
        };
      }
    }
    hclKeys = keys;
    return {
      applyValues,
      keys,
      ...(mode.destroy === true ? { destroy: true } : {}),
      changes,
      refreshed: loaded,
      data,
      json: planJson(changes, importing, outputChanges),
    };
  }

  /**
   * Opens every instance of an ephemeral resource in the current walk, as core's
   * `ephemeralResourceOpen`: its configuration evaluated with the walk's values; when that is not
   * wholly known, an unknown result (core's PlannedDataResourceObject) and no RPC; otherwise
   * ValidateEphemeralResourceConfig, OpenEphemeralResource, the result checked against the
   * configuration (AssertPlanValid), and RenewEphemeralResource scheduled at its `renewAt`.
   */
  async function openEphemeral(address: string): Promise<void> {
    const w = walk;
    const config = w?.hcl;
    if (w === undefined || config === undefined)
      throw new HclUnsupported(`${address} outside a plan or apply (ephemeral values)`);
    if (w.openedResources.has(address)) return;
    const decl = config.module.resources.find((d) => d.address === address && d.mode === "ephemeral");
    if (decl === undefined) throw new StepFailure([`${address} is not in the configuration`], "");
    if (w.beforeWalk && [...decl.dependsOn].some((a) => !a.startsWith("ephemeral.")))
      throw new HclUnsupported(
        `${address}: an ephemeral resource that a provider block uses and that refers to resources or data sources`,
        decl.pos,
      );
    const schema = ephemeralSchema(decl.type);
    const evaluation = new HclEvaluation(config.module, hclSource(w.values, w.keys));
    const instances = await withCalls(() => evaluation.expand(decl));
    for (const inst of instances) {
      const cfg = await withCalls(() => evaluation.decode(schema, decl.body, inst, ""));
      w.ephemeralValues.set(inst.address, await openInstance(w, decl, inst.address, schema, cfg));
    }
    w.ephemeralKeys.set(
      address,
      instances.map((i) => i.key),
    );
    w.openedResources.add(address);
  }

  async function openInstance(w: Walk, decl: ResourceDecl, address: string, schema: Schema, cfg: Value) {
    if (!cfg.isWhollyKnown()) return plannedDataResourceObject(schema, cfg);
    const d = driverOf(decl.type);
    const provider = await serverFor(decl.type);
    const v = await rpc("ValidateEphemeralResourceConfig", address, () =>
      provider.validateEphemeralResourceConfig?.(
        { typeName: decl.type, config: dynamicValue(cfg, schema.type) },
        ctx("ValidateEphemeralResourceConfig"),
      ),
    );
    failOnErrors("ValidateEphemeralResourceConfig", address, v?.diagnostics);
    const r = await rpc("OpenEphemeralResource", address, () =>
      provider.openEphemeralResource?.(
        { typeName: decl.type, config: dynamicValue(cfg, schema.type), clientCapabilities: CAPABILITIES },
        ctx("OpenEphemeralResource"),
      ),
    );
    if (r === undefined)
      throw new StepFailure(
        [`${address}: the provider does not implement OpenEphemeralResource`],
        `Error: Provider does not support ephemeral resources`,
      );
    failOnErrors("OpenEphemeralResource", address, r.diagnostics);
    if (r.deferred) throw new HclUnsupported(`${address}: a deferred ephemeral resource (deferred actions)`);
    const result = decodeDynamic(r.result, schema.type);
    const violations = [...checkConformance(schema, result, "plan")];
    if (violations.length === 0)
      violations.push(...assertPlanValid(schema, nullVal(schema.type), cfg, result));
    if (violations.length > 0)
      throw new StepFailure(
        violations.map((x) => `${address}: ${formatViolation(x)} (contract rule ${x.rule}, in open)`),
        violations
          .map((x) =>
            renderDiagnostic({
              severity: "error",
              summary: "Provider produced invalid ephemeral resource instance",
              detail: `The provider for ${decl.type} produced an inconsistent result: ${formatViolation(x)}.`,
            }),
          )
          .join("\n\n"),
      );
    const opened: OpenedEphemeral = {
      address,
      type: decl.type,
      driver: d,
      private: r.private ?? NO_BYTES,
      renewAt: undefined,
      timer: undefined,
      renewing: undefined,
      renewErrors: [],
    };
    w.opened.push(opened);
    if (r.renewAt) scheduleRenew(opened, r.renewAt);
    return result;
  }

  /** RenewEphemeralResource when `renewAt` passes (again at each new `renewAt`), until closed. */
  function scheduleRenew(o: OpenedEphemeral, at: Date) {
    o.renewAt = at;
    o.timer = setTimeout(
      () => {
        o.timer = undefined;
        o.renewing = renewNow(o, true);
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    o.timer.unref?.();
  }

  /** One RenewEphemeralResource; its errors are kept for the close (as core reports them then). */
  async function renewNow(o: OpenedEphemeral, reschedule: boolean): Promise<void> {
    o.renewAt = undefined;
    try {
      const r = await rpc("RenewEphemeralResource", o.address, () =>
        o.driver.server.renewEphemeralResource?.(
          { typeName: o.type, private: o.private },
          ctx("RenewEphemeralResource"),
        ),
      );
      const errors = (r?.diagnostics ?? []).filter((x) => x.severity === "error");
      if (errors.length > 0) {
        o.renewErrors.push(...errors);
        return;
      }
      if (r?.private) o.private = r.private;
      if (r?.renewAt && reschedule) scheduleRenew(o, r.renewAt);
    } catch (error) {
      o.renewErrors.push({
        severity: "error",
        summary: `RenewEphemeralResource threw: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      o.renewing = undefined;
    }
  }

  /**
   * The end of a walk: every ephemeral resource of the configuration not opened yet is opened
   * (core's graph holds them all, except a destroy's), then each opened instance is closed
   * (CloseEphemeralResource, after its renewals stop); renew and close errors fail the command.
   */
  async function finishWalk(complete: boolean): Promise<void> {
    const w = walk;
    if (w === undefined) return;
    let failure: unknown;
    if (complete && w.hcl !== undefined && !w.destroy) {
      try {
        for (const decl of w.hcl.module.resources)
          if (decl.mode === "ephemeral") await openEphemeral(decl.address);
      } catch (error) {
        failure = error;
      }
    }
    walk = undefined;
    const problems: [string, Diagnostic[]][] = [];
    for (const o of w.opened) {
      await o.renewing;
      if (o.timer !== undefined) {
        clearTimeout(o.timer);
        o.timer = undefined;
        // Due but not run yet (the walk never left the microtask queue, where core's timer
        // goroutine would have fired): renewed now, once, before the close.
        if (o.renewAt !== undefined && o.renewAt.getTime() <= Date.now()) await renewNow(o, false);
      }
      const r = await rpc("CloseEphemeralResource", o.address, () =>
        o.driver.server.closeEphemeralResource?.(
          { typeName: o.type, private: o.private },
          ctx("CloseEphemeralResource"),
        ),
      );
      problems.push([o.address, [...o.renewErrors, ...(r?.diagnostics ?? [])]]);
    }
    if (failure !== undefined) throw failure;
    if (!complete) return;
    for (const [address, diagnostics] of problems)
      failOnErrors("RenewEphemeralResource / CloseEphemeralResource", address, diagnostics);
  }

  /**
   * Core's rules for ephemeral values outside ephemeral contexts: a resource or data source
   * argument that is not write-only ("Invalid use of ephemeral value"), a root module output
   * ("Ephemeral value not allowed"). The fake core carries no marks, so the references (through
   * locals) are what it checks, as core's marks would follow them.
   */
  function refuseEphemeralFlows(module: HclStepConfig["module"]) {
    const fail = (summary: string, detail: string): never => {
      throw new StepFailure(
        [`${summary}: ${detail}`],
        renderDiagnostic({ severity: "error", summary, detail }),
      );
    };
    for (const decl of module.resources) {
      if (decl.mode === "ephemeral") continue;
      for (const e of [decl.count, decl.forEach])
        if (e !== undefined && ephemeralReads(module, e).length > 0)
          throw new HclUnsupported(`${decl.address}: count or for_each from ephemeral values`, e.pos);
      const schema = decl.mode === "data" ? dataSchema(decl.type) : resourceSchema(decl.type);
      for (const [name, a] of decl.body.attributes) {
        const attr = schema.attributes[name];
        if (attr === undefined || attr.writeOnly || ephemeralReads(module, a.expr).length === 0) continue;
        fail(
          "Invalid use of ephemeral value",
          `Ephemeral values are not valid for "${name}", because it is not a write-only attribute and must be persisted to state.`,
        );
      }
      const nested = (body: ResourceDecl["body"]) => {
        for (const b of body.blocks) {
          for (const a of b.body.attributes.values())
            if (ephemeralReads(module, a.expr).length > 0)
              throw new HclUnsupported(`${decl.address}: ephemeral values in nested blocks`, a.pos);
          nested(b.body);
        }
      };
      nested(decl.body);
    }
    for (const o of module.outputs)
      if (ephemeralReads(module, o.value).length > 0)
        fail(
          "Ephemeral value not allowed",
          "This output value is not declared as returning an ephemeral value, so it cannot be set to a result derived from an ephemeral value.",
        );
  }

  /** Whether instance `address` depends (through recorded dependencies) on resource `on`. */
  function dependsOnDeep(address: string, on: string, seen = new Set<string>()): boolean {
    for (const d of instanceDependencies.get(address) ?? []) {
      if (d === on) return true;
      if (seen.has(d)) continue;
      seen.add(d);
      for (const other of instanceDependencies.keys())
        if (resourceOf(other) === d && dependsOnDeep(other, on, seen)) return true;
    }
    return false;
  }

  function preventDestroy(address: string): never {
    throw new StepFailure(
      [
        `${address}: Instance cannot be destroyed (lifecycle.prevent_destroy is set, but the plan calls for it to be destroyed)`,
      ],
      `Error: Instance cannot be destroyed\n\nResource ${address} has lifecycle.prevent_destroy set, but the plan calls for this resource to be destroyed. To avoid this error and continue with the plan, either disable lifecycle.prevent_destroy or reduce the scope of the plan using the -target option.`,
    );
  }

  /** `replace_triggered_by`: a referenced instance (or attribute) changes in this plan. */
  function triggered(
    decl: ResourceDecl,
    planned: ReadonlyMap<string, PlannedChange>,
    values: ReadonlyMap<string, Value>,
    inst: Instance,
  ): boolean {
    for (const t of decl.replaceTriggeredBy) {
      // Without an explicit key, a counted reference means the same instance key (core's rule
      // for count.index / each.key in replace_triggered_by is not evaluated here).
      const candidates = [...planned.keys()].filter((a) =>
        t.key === undefined ? resourceOf(a) === t.address : a === `${t.address}${t.key}`,
      );
      for (const a of candidates) {
        const c = planned.get(a) as PlannedChange;
        // Only a change to an existing object triggers (core: Update, DeleteThenCreate,
        // CreateThenDelete); a create or a delete does not.
        if (c.action !== "Update" && c.action !== "DeleteThenCreate" && c.action !== "CreateThenDelete")
          continue;
        if (t.attribute === undefined) return true;
        const before = c.prior.getAttr(t.attribute);
        const after = (values.get(a) ?? c.planned).getAttr(t.attribute);
        if (!rawEquals(before, after)) return true;
      }
    }
    void inst;
    return false;
  }

  /** ValidateDataResourceConfig and ReadDataSource for one data source instance's configuration. */
  async function readData(type: string, address: string, value: Value): Promise<Value> {
    const schema = dataSchema(type);
    const provider = await serverFor(type);
    const v = await rpc("ValidateDataResourceConfig", address, () =>
      provider.validateDataResourceConfig?.(
        { typeName: type, config: dynamicValue(value, schema.type) },
        ctx("ValidateDataResourceConfig"),
      ),
    );
    failOnErrors("ValidateDataResourceConfig", address, v?.diagnostics);
    const r = await rpc("ReadDataSource", address, () =>
      provider.readDataSource?.(
        { typeName: type, config: dynamicValue(value, schema.type), clientCapabilities: CAPABILITIES },
        ctx("ReadDataSource"),
      ),
    );
    failOnErrors("ReadDataSource", address, r?.diagnostics);
    const result = decodeDynamic(r?.state, schema.type);
    failOnViolations(address, checkDataSourceResult(schema, result), "data source read");
    return result;
  }

  /** The root module outputs after an apply, from the stored state (as `terraform output`). */
  async function hclOutputs(config: HclStepConfig): Promise<Record<string, StateOutput>> {
    const module = config.module;
    const values = new Map<string, Value>();
    for (const [address, s] of mainState) {
      const schema = s.mode === "managed" ? resourceSchema(s.type) : dataSchema(s.type);
      values.set(address, fromJson(s.json, schema.type));
    }
    const evaluation = new HclEvaluation(module, hclSource(values, hclKeys));
    const out: Record<string, StateOutput> = {};
    for (const o of module.outputs) {
      checkOutputSensitivity(module, o);
      const v = await withCalls(() => evaluation.eval(o.value));
      out[o.name] = { value: valueToJson(v) ?? null, sensitive: o.sensitive };
    }
    return out;
  }

  /**
   * Terraform marks a value read from a sensitive attribute, and the mark follows it into the
   * resources that use it (`after_sensitive`, `sensitive_values`); the fake core does not carry
   * marks, so such configurations are refused rather than shown unmarked.
   */
  function refuseSensitiveFlows(module: HclStepConfig["module"]) {
    const schemaOf = (address: string) =>
      address.startsWith("data.")
        ? driverOf(address.split(".")[1] as string).data.get(address.split(".")[1] as string)
        : driverOf(address.split(".")[0] as string).resources.get(address.split(".")[0] as string);
    for (const decl of module.resources) {
      const exprs = [decl.count, decl.forEach].filter((e) => e !== undefined);
      const collect = (body: (typeof decl)["body"]) => {
        for (const a of body.attributes.values()) exprs.push(a.expr);
        for (const b of body.blocks) collect(b.body);
      };
      collect(decl.body);
      for (const e of exprs) {
        const reads = sensitiveReads(module, e, schemaOf);
        if (reads.length > 0)
          throw new HclUnsupported(
            `${decl.address} reads sensitive values (${reads.join(", ")}): sensitivity marks flowing between resources`,
            e.pos,
          );
      }
    }
  }

  /** Terraform rejects an output that reads sensitive values without `sensitive = true`. */
  function checkOutputSensitivity(
    module: HclStepConfig["module"],
    o: HclStepConfig["module"]["outputs"][number],
  ) {
    if (o.sensitive) return;
    const reads = sensitiveReads(module, o.value, (address) =>
      address.startsWith("data.")
        ? dataSchema(address.split(".")[1] as string)
        : resourceSchema(address.split(".")[0] as string),
    );
    if (reads.length > 0)
      throw new StepFailure(
        [`output "${o.name}" refers to sensitive values (${reads.join(", ")}) and is not marked sensitive`],
        "Error: Output refers to sensitive values\n\nTo reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.",
      );
  }

  /** One resource instance's configuration, evaluated against the current state (import blocks). */
  async function hclConfigOf(config: HclStepConfig, address: string): Promise<Value> {
    const decl = config.module.resources.find((d) => d.address === resourceOf(address));
    if (decl === undefined || decl.mode !== "managed")
      throw new StepFailure([`${address} is not in the configuration`], "");
    const values = new Map<string, Value>();
    for (const [a, s] of mainState)
      values.set(
        a,
        fromJson(s.json, (s.mode === "managed" ? resourceSchema(s.type) : dataSchema(s.type)).type),
      );
    const evaluation = new HclEvaluation(config.module, hclSource(values, hclKeys));
    const inst = (await withCalls(() => evaluation.expand(decl))).find((i) => i.address === address);
    if (inst === undefined) throw new StepFailure([`${address} is not an instance of the configuration`], "");
    return withCalls(() => evaluation.decode(resourceSchema(decl.type), decl.body, inst, ""));
  }

  const planJson = (
    changes: readonly PlannedChange[],
    importing: ReadonlyMap<string, string> = new Map(),
    outputChanges: Readonly<Record<string, JsonObject>> = {},
  ): TerraformPlan => {
    const resourceChanges: PlannedResourceChange[] = changes.map((c) => {
      const schema = c.mode === "data" ? dataSchema(c.type) : resourceSchema(c.type);
      return {
        address: c.address,
        mode: c.mode ?? "managed",
        type: c.type,
        actions: actionsOf(c.action),
        before: valueToJson(c.prior) ?? null,
        after: valueToJson(c.planned) ?? null,
        // terraform prints `{}` for a delete (jsonplan: an empty object, not false).
        // A wholly known value is `{}` too (jsonplan marshals no marks for it).
        afterUnknown: c.action === "Delete" || c.planned.isWhollyKnown() ? {} : unknownAsBool(c.planned),
        beforeSensitive: sensitiveAsBool(schema, c.prior),
        afterSensitive: sensitiveAsBool(schema, c.planned),
        replacePaths: c.replacePaths.map(attrPathOf),
      };
    });
    const reasons = new Map(changes.flatMap((c) => (c.reason === undefined ? [] : [[c.address, c.reason]])));
    const raw: JsonObject = {
      format_version: "1.2",
      terraform_version: terraformVersion,
      ...(Object.keys(outputChanges).length === 0 ? {} : { output_changes: outputChanges as JsonObject }),
      resource_changes: resourceChanges.map((rc) => ({
        address: rc.address,
        mode: rc.mode,
        type: rc.type,
        name: nameOf(rc.address),
        ...(indexOf(rc.address) === undefined ? {} : { index: indexOf(rc.address) as JsonValue }),
        provider_name: providerAddressOf(rc.address),
        change: {
          actions: rc.actions,
          before: rc.before,
          after: rc.after,
          after_unknown: rc.afterUnknown,
          before_sensitive: rc.beforeSensitive,
          after_sensitive: rc.afterSensitive,
          ...(rc.replacePaths.length > 0 ? { replace_paths: rc.replacePaths as JsonValue } : {}),
          ...(importing.has(rc.address) ? { importing: { id: importing.get(rc.address) as string } } : {}),
        },
        ...(reasons.has(rc.address) ? { action_reason: reasons.get(rc.address) as string } : {}),
      })),
    };
    // Rendered on first read: most steps have no check that reads the text.
    let text: string | undefined;
    return {
      resourceChanges,
      outputChanges: Object.fromEntries(
        Object.entries(outputChanges).map(([k, c]) => [k, c.actions as readonly string[]]),
      ),
      raw,
      get text() {
        text ??= planText(changes);
        return text;
      },
    };
  };

  /** The human plan text terraform would print for these changes (resource blocks only). */
  const planText = (changes: readonly PlannedChange[]): string => {
    const counts = { add: 0, change: 0, destroy: 0 };
    const blocks: string[] = [];
    for (const c of changes) {
      // Reads during apply (`<= data ...` in terraform's text) are not rendered here.
      if (c.action === "NoOp" || c.mode === "data") continue;
      const action =
        c.action === "Create"
          ? "create"
          : c.action === "Update"
            ? "update"
            : c.action === "Delete"
              ? "delete"
              : "replace";
      if (action === "create" || action === "replace") counts.add++;
      if (action === "update") counts.change++;
      if (action === "delete" || action === "replace") counts.destroy++;
      blocks.push(
        renderPlan(resourceSchema(c.type), c.address, c.prior, c.planned, c.replacePaths, { action }),
      );
    }
    if (blocks.length === 0) return "No changes. Your infrastructure matches the configuration.\n";
    return (
      `Terraform will perform the following actions:\n\n${blocks.join("\n")}\n` +
      `Plan: ${counts.add} to add, ${counts.change} to change, ${counts.destroy} to destroy.\n`
    );
  };

  const stateJson = (state: ReadonlyMap<string, StoredInstance>): TerraformState => {
    const resources: StateResource[] = [];
    // The schema version each instance is stored with, as `terraform show -json` prints it.
    const versions: number[] = [];
    for (const [address, s] of state) {
      versions.push(s.schemaVersion);
      const schema = s.mode === "managed" ? resourceSchema(s.type) : dataSchema(s.type);
      // Shown as `terraform show -json` shows it: decoded with the current schema.
      const v = fromJson(s.json, schema.type);
      const values = valueToJson(v);
      resources.push({
        address,
        mode: s.mode,
        type: s.type,
        values: isJsonObject(values) ? values : {},
        sensitiveValues: sensitiveAsBool(schema, v),
        tainted: s.tainted,
      });
    }
    const raw: JsonObject = {
      format_version: "1.0",
      terraform_version: terraformVersion,
      values: {
        ...(Object.keys(outputs).length === 0
          ? {}
          : {
              outputs: Object.fromEntries(
                Object.entries(outputs).map(([k, o]) => [k, { value: o.value, sensitive: o.sensitive }]),
              ) as JsonObject,
            }),
        root_module: {
          resources: resources.map((r, i) => ({
            address: r.address,
            mode: r.mode,
            type: r.type,
            name: nameOf(r.address),
            ...(indexOf(r.address) === undefined ? {} : { index: indexOf(r.address) as JsonValue }),
            provider_name: providerAddressOf(r.address),
            schema_version: CtyNumber.fromInt(versions[i] ?? 0),
            values: r.values,
            sensitive_values: r.sensitiveValues,
            ...(r.tainted ? { tainted: true } : {}),
          })),
        },
      },
    };
    return { resources, outputs: { ...outputs }, raw };
  };

  /** `terraform apply <plan>`: plan each change again, check it against the first, apply it. */
  const apply = (fakePlan: FakePlan, config: StepConfig): Promise<Map<string, StoredInstance>> =>
    inWalk(() => applyWalk(fakePlan, config));
  const applyWalk = async (fakePlan: FakePlan, config: StepConfig): Promise<Map<string, StoredInstance>> => {
    await startCommand(config, fakePlan.applyValues, fakePlan.keys);
    if (walk) {
      walk.beforeWalk = false;
      walk.destroy = fakePlan.destroy === true;
    }
    // The plan was made from the refreshed state; the apply works from it (a saved plan's prior).
    const next = new Map<string, StoredInstance>();
    for (const [address, inst] of fakePlan.refreshed)
      next.set(address, store(inst.value, inst.type, inst.name, inst.private, inst.tainted));
    for (const [address, inst] of fakePlan.data)
      next.set(address, store(inst.value, inst.type, inst.name, NO_BYTES, false, "data"));
    const failures: StepFailure[] = [];
    for (const change of fakePlan.changes) {
      try {
        await applyChange(change, next);
      } catch (error) {
        if (!(error instanceof StepFailure)) throw error;
        failures.push(error);
      }
    }
    if (failures.length > 0) {
      mainState = next;
      throw new StepFailure(
        failures.flatMap((f) => f.failures),
        failures.map((f) => f.output).join("\n\n"),
      );
    }
    return next;
  };

  const applyChange = async (change: PlannedChange, next: Map<string, StoredInstance>) => {
    const { address, type, name } = change;
    if (change.mode === "data") {
      // A read core deferred to apply: the configuration again, with what is known now.
      const config = change.reconfigure ? await change.reconfigure() : change.config;
      const value = await readData(type, address, config);
      next.set(address, store(value, type, name, NO_BYTES, false, "data"));
      change.onApplied?.(value);
      return;
    }
    const schema = resourceSchema(type);
    const callApply = async (prior: Value, planned: Value, config: Value, plannedPrivate: Uint8Array) => {
      const provider = await serverFor(type);
      const r = await rpc("ApplyResourceChange", address, () =>
        provider.applyResourceChange?.(
          {
            typeName: type,
            priorState: dynamicValue(prior, schema.type),
            plannedState: dynamicValue(planned, schema.type),
            config: dynamicValue(config, schema.type),
            plannedPrivate,
          },
          ctx("ApplyResourceChange"),
        ),
      );
      const errors = (r?.diagnostics ?? []).some((d) => d.severity === "error");
      const newState = r?.newState ? decodeDynamic(r.newState, schema.type) : undefined;
      return { r, errors, newState };
    };
    if (change.action === "NoOp") {
      change.onApplied?.(change.prior);
      return;
    }
    if (change.action === "Delete" || change.action === "DeleteThenCreate") {
      const { r, errors, newState } = await callApply(
        change.prior,
        nullVal(schema.type),
        nullVal(schema.type),
        change.priorPrivate,
      );
      failOnViolations(
        address,
        checkApplyResult(schema, {
          planned: nullVal(schema.type),
          newState,
          action: "Delete",
          providerReportedErrors: errors,
        }),
        "delete",
      );
      failOnErrors("ApplyResourceChange (delete)", address, r?.diagnostics);
      next.delete(address);
      if (change.action === "Delete") {
        change.onApplied?.(undefined);
        return;
      }
    }
    const replace = change.action === "DeleteThenCreate" || change.action === "CreateThenDelete";
    // HCL: the configuration again, with the values its references have now.
    const config = change.reconfigure ? await change.reconfigure() : change.config;
    // Plan again with what is known now (core's apply-time PlanResourceChange) and compare.
    const prior = replace ? nullVal(schema.type) : change.prior;
    const final = await planResource(address, type, prior, config, change.priorPrivate, replace);
    let finalAction: PlanAction;
    if (prior.isNull()) finalAction = "Create";
    else if (final.requiresReplace.length > 0) finalAction = "DeleteThenCreate";
    else finalAction = knownTrue(equals(final.planned, prior)) ? "NoOp" : "Update";
    failOnViolations(
      address,
      checkFinalPlan(schema, {
        initial: change.planned,
        final: final.planned,
        ...(replace ? {} : { initialAction: change.action, finalAction }),
      }),
      "plan (at apply time)",
    );
    if (finalAction === "NoOp") {
      change.onApplied?.(prior);
      return;
    }
    const created = prior.isNull();
    const { r, errors, newState } = await callApply(prior, final.planned, config, final.plannedPrivate);
    const applyViolations = checkApplyResult(schema, {
      planned: final.planned,
      newState,
      action: created ? "Create" : "Update",
      providerReportedErrors: errors,
    });
    if (applyViolations.length > 0 && newState !== undefined && !newState.isNull()) {
      // Core still saves an object that is merely inconsistent with the plan (tainted after a
      // create: its maybeTainted); one that does not conform or holds unknowns is not saved.
      const unsaveable: readonly string[] = [
        "type_conformance",
        "nil_value",
        "unknown_value",
        "write_only_returned",
      ];
      if (applyViolations.every((v) => !unsaveable.includes(v.rule)))
        next.set(address, store(newState, type, name, r?.private ?? NO_BYTES, created));
    }
    failOnViolations(address, applyViolations, created ? "create" : "update");
    if (errors) {
      // Partial state: kept (tainted after a create), as core does; otherwise the prior stays.
      if (newState && !newState.isNull())
        next.set(address, store(newState, type, name, r?.private ?? NO_BYTES, created));
      failOnErrors("ApplyResourceChange", address, r?.diagnostics);
    }
    next.set(address, store(newState as Value, type, name, r?.private ?? NO_BYTES, false));
    change.onApplied?.(newState);
    if (change.action === "CreateThenDelete") {
      // create_before_destroy: the old object goes after its replacement exists.
      const deleted = await callApply(
        change.prior,
        nullVal(schema.type),
        nullVal(schema.type),
        change.priorPrivate,
      );
      failOnViolations(
        address,
        checkApplyResult(schema, {
          planned: nullVal(schema.type),
          newState: deleted.newState,
          action: "Delete",
          providerReportedErrors: deleted.errors,
        }),
        "delete",
      );
      failOnErrors("ApplyResourceChange (delete)", address, deleted.r?.diagnostics);
    }
  };

  const runPlanChecks = (checks: readonly PlanCheck[], p: TerraformPlan, label: string): string[] =>
    checks.flatMap((c) => {
      const failure = c.checkPlan(p);
      return failure === undefined ? [] : [`${label} plancheck.${c.description}: ${failure}`];
    });
  const runStateChecks = (checks: readonly StateCheck[], s: TerraformState, step: number): string[] =>
    checks.flatMap((c) => {
      const failure = c.checkState(s, { run, step });
      return failure === undefined ? [] : [`statecheck.${c.description}: ${failure}`];
    });
  const isEmpty = (p: FakePlan) => p.changes.every((c) => c.action === "NoOp");
  const describeChanges = (p: FakePlan) =>
    p.changes
      .filter((c) => c.action !== "NoOp")
      .map(
        (c) =>
          `${c.address}: ${actionName(actionsOf(c.action))}${c.action === "Update" ? ` (${changedPaths(c.prior, c.planned).join(", ")})` : ""}`,
      )
      .join("; ");

  const followUpPlan = async (step: TestStep, config: StepConfig, label: string) => {
    const again = await plan(mainState, config);
    const failures: string[] = [];
    if (!isEmpty(again) && !step.expectNonEmptyPlan) {
      failures.push(
        `after ${label}, the plan is not empty (the provider's answers drift, or apply did not store what was planned): ${describeChanges(again)}; set expectNonEmptyPlan if that is intended`,
      );
    }
    failures.push(...runPlanChecks(step.postApplyPlanChecks ?? [], again.json, "post-apply"));
    if (failures.length > 0) throw new StepFailure(failures, "");
  };

  let lastConfig: StepConfig | undefined;
  // The configuration of the last step that did not end in an expected error: the final destroy
  // uses it, as an expectError step's configuration may be the invalid one.
  let lastGoodConfig: StepConfig | undefined;
  for (let index = 0; index < testCase.steps.length; index++) {
    const step = testCase.steps[index] as TestStep;
    const label = step.name ?? `step ${index + 1}`;
    const stepStart = performance.now();
    calls = [];
    // Aborted (vitest's timeout): stop now, without a clean-up destroy, as runAcceptance does.
    if (signal.aborted)
      throw new Error(`@tfkit/testing (fake core): ${label} not started: the test was aborted`);
    let kind: FakeCoreStepTiming["kind"] = step.importState
      ? "import"
      : step.refreshState
        ? "refresh"
        : step.planOnly
          ? "plan-only"
          : "apply";
    try {
      if (step.preConfig) {
        try {
          await step.preConfig();
        } catch (error) {
          throw new StepFailure(
            [`preConfig threw: ${error instanceof Error ? error.message : String(error)}`],
            "",
          );
        }
      }
      for (const address of step.taint ?? []) {
        // `terraform taint`: the stored object is kept, marked to be replaced by the next apply.
        const stored = mainState.get(address);
        if (stored === undefined || stored.mode !== "managed")
          throw new StepFailure(
            [`taint ${address}: no such resource instance in the state`],
            `Error: No such resource instance\n\nResource instance ${address} was not found in the state.`,
          );
        mainState.set(address, { ...stored, tainted: true });
      }
      if (step.structuredConfig !== undefined) lastConfig = step.structuredConfig;
      else if (step.config !== undefined) {
        try {
          lastConfig = new HclStepConfig(step.config);
        } catch (error) {
          const failure = asStepFailure(error);
          if (!(failure instanceof StepFailure) || failure instanceof Refused || !step.expectError)
            throw failure;
          // An invalid configuration can be the expected error, as under terraform.
          step.expectError.lastIndex = 0;
          if (step.expectError.test(`${failure.output}\n${failure.failures.join("\n")}`)) continue;
          throw new StepFailure(
            [`the step failed, but not with the expected error ${step.expectError}:`, ...failure.failures],
            failure.output,
          );
        }
      } else {
        const hcl = (["configFile", "configDirectory"] as const).find((f) => step[f] !== undefined);
        if (hcl !== undefined) {
          const what = `${hcl} ${JSON.stringify(step[hcl])}`;
          throw new StepFailure(
            [
              `${what}: the fake core reads a step's structuredConfig or config text, not files; put the file's text in config, or run this case with runAcceptance`,
            ],
            "",
          );
        }
      }
      if (lastConfig === undefined)
        throw new StepFailure(["the step has no config and no earlier step had one"], "");
      const config = lastConfig;
      try {
        if (step.importState) {
          kind = "import";
          await inWalk(() => importStep(step, config, index + 1));
        } else if (step.refreshState) {
          mainState = await inWalk(async () => {
            await startCommand(config);
            const loaded = await load(mainState);
            const next = new Map<string, StoredInstance>();
            for (const [address, s] of mainState) if (s.mode === "data") next.set(address, s);
            for (const [address, inst] of loaded) {
              if (await refresh(address, inst))
                next.set(address, store(inst.value, inst.type, inst.name, inst.private, inst.tainted));
            }
            return next;
          });
          if (config instanceof HclStepConfig) outputs = await hclOutputs(config);
          if (step.expectError) noErrorHappened(step);
          const failures = runStateChecks(step.stateChecks ?? [], stateJson(mainState), index + 1);
          if (failures.length > 0) throw new StepFailure(failures, "");
          await followUpPlan(step, config, "refresh");
        } else {
          const planned = await plan(mainState, config);
          const checks: PlanCheck[] = [
            ...Object.entries(step.expectPlan ?? {}).map(([address, action]) =>
              expectResourceAction(address, action),
            ),
            ...(step.planChecks ?? []),
          ];
          const failures = runPlanChecks(checks, planned.json, "pre-apply");
          if (failures.length > 0) throw new StepFailure(failures, "");
          if (step.planOnly) {
            if (step.expectError) noErrorHappened(step);
            if (!isEmpty(planned) && !step.expectNonEmptyPlan) {
              throw new StepFailure(
                [
                  `the plan-only step planned changes (${describeChanges(planned)}); set expectNonEmptyPlan if that is intended`,
                ],
                "",
              );
            }
          } else {
            mainState = await apply(planned, config);
            if (config instanceof HclStepConfig) outputs = await hclOutputs(config);
            if (step.expectError) noErrorHappened(step);
            const stateFailures = runStateChecks(step.stateChecks ?? [], stateJson(mainState), index + 1);
            if (stateFailures.length > 0) throw new StepFailure(stateFailures, "");
            await followUpPlan(step, config, "apply");
          }
        }
        lastGoodConfig = config;
      } catch (thrown) {
        const error = asStepFailure(thrown);
        if (
          error instanceof StepFailure &&
          step.expectError &&
          !(error instanceof UnexpectedSuccess) &&
          !(error instanceof Refused)
        ) {
          step.expectError.lastIndex = 0;
          const text = `${error.output}\n${error.failures.join("\n")}`;
          if (step.expectError.test(text)) continue;
          throw new StepFailure(
            [`the step failed, but not with the expected error ${step.expectError}:`, ...error.failures],
            error.output,
          );
        }
        throw error;
      }
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      const failed = new AcceptanceError(
        formatFailure(
          `${label} of ${testCase.steps.length}${kind === "apply" ? "" : ` (${kind})`}`,
          error,
          log,
        ),
        {
          step: index + 1,
          failures: error.failures,
        },
      );
      // Like runAcceptance and terraform-plugin-testing: destroy what the failed case created.
      const cleanUpFailure = await cleanUp(lastGoodConfig ?? lastConfig ?? {});
      if (cleanUpFailure !== undefined)
        failed.message += `\n(the clean-up destroy failed too)\n${cleanUpFailure}`;
      throw failed;
    } finally {
      timings.push({ name: label, kind, durationMs: performance.now() - stepStart, calls });
    }
  }

  const finalState = stateJson(mainState);
  // The final destroy: refresh, destroy plan, deletes; then checkDestroy with the state before.
  calls = [];
  const destroyStart = performance.now();
  try {
    if ([...mainState.values()].some((s) => s.mode === "managed")) {
      // `terraform destroy -refresh=false`, with the last configuration that worked (see above).
      const destroyConfig = lastGoodConfig ?? lastConfig ?? {};
      const destroyPlan = await plan(mainState, destroyConfig, { destroy: true, refresh: false });
      mainState = await apply(destroyPlan, destroyConfig);
      const left = [...mainState].filter(([, s]) => s.mode === "managed").map(([a]) => a);
      if (left.length > 0)
        throw new StepFailure([`after destroy, the state still holds ${left.join(", ")}`], "");
      if (testCase.checkDestroy) {
        try {
          await testCase.checkDestroy(finalState);
        } catch (error) {
          throw new StepFailure(
            [`checkDestroy: ${error instanceof Error ? error.message : String(error)}`],
            "",
          );
        }
      }
    }
  } catch (thrown) {
    const error = asStepFailure(thrown);
    if (!(error instanceof StepFailure)) throw error;
    throw new AcceptanceError(formatFailure("the final destroy", error, log), {
      step: 0,
      failures: error.failures,
    });
  } finally {
    timings.push({ name: "destroy", kind: "destroy", durationMs: performance.now() - destroyStart, calls });
  }
  return { steps: timings, totalMs: performance.now() - started, finalState };

  /** Best-effort destroy after a failed step; returns why it failed, if it did. */
  async function cleanUp(config: StepConfig): Promise<string | undefined> {
    if (signal.aborted || ![...mainState.values()].some((s) => s.mode === "managed")) return undefined;
    try {
      const destroyPlan = await plan(mainState, config, { destroy: true, refresh: false });
      mainState = await apply(destroyPlan, config);
      return undefined;
    } catch (thrown) {
      const error = asStepFailure(thrown);
      if (error instanceof StepFailure) return error.failures.map((f) => `  - ${f}`).join("\n");
      return error instanceof Error ? error.message : String(error);
    }
  }

  // --- import ---
  async function importStep(step: TestStep, config: StepConfig, stepNumber: number): Promise<void> {
    const address = step.resourceName;
    if (!address)
      throw new StepFailure(["an importState step needs resourceName (the address to import)"], "");
    const { type, name } = splitAddress(address);
    const schema = resourceSchema(type);
    const current = stateJson(mainState);
    const existing = current.resources.find((r) => r.address === address);
    let id = step.importStateId;
    if (step.importStateIdFunc) {
      let computed: unknown;
      try {
        computed = await step.importStateIdFunc(current);
      } catch (error) {
        throw new StepFailure(
          [`importStateIdFunc threw: ${error instanceof Error ? error.message : String(error)}`],
          "",
        );
      }
      if (typeof computed !== "string" || computed === "")
        throw new StepFailure(
          [`importStateIdFunc returned ${JSON.stringify(computed)}, not a non-empty string`],
          "",
        );
      id = computed;
    }
    if (id === undefined) {
      const value = existing?.values.id;
      if (typeof value !== "string") {
        throw new StepFailure(
          [
            `cannot find the import ID: ${existing ? `${address} has no string "id" attribute` : `${address} is not in the state`}; set importStateId`,
          ],
          "",
        );
      }
      id = value;
    }
    await startCommand(config);
    const provider = await serverFor(type);
    const r = await rpc("ImportResourceState", address, () =>
      provider.importResourceState?.(
        { typeName: type, id: id as string, clientCapabilities: CAPABILITIES },
        ctx("ImportResourceState"),
      ),
    );
    failOnErrors("ImportResourceState", address, r?.diagnostics);
    const imported = (r?.importedResources ?? []).filter((i) => i.typeName === type);
    if (imported.length === 0)
      throw new StepFailure(
        [`${address}: Import returned no resources`],
        "Error: Import returned no resources",
      );
    const first = imported[0] as NonNullable<(typeof imported)[number]>;
    const value = decodeDynamic(first.state, schema.type);
    if (value.isNull())
      throw new StepFailure(
        [`${address}: Import returned null resource`],
        "Error: Import returned null resource",
      );
    const inst: LoadedInstance = { type, name, value, private: first.private ?? NO_BYTES, tainted: false };
    if (!(await refresh(address, inst))) {
      throw new StepFailure(
        [
          `${address}: Cannot import non-existent remote object (ReadResource returned null for ID ${JSON.stringify(id)})`,
        ],
        `Error: Cannot import non-existent remote object\n\nWhile attempting to import an existing object to "${address}", the provider detected that no object exists with the given id.`,
      );
    }
    const importedState = new Map([[address, store(inst.value, type, name, inst.private, false)]]);
    if (step.importStateKind === "block") {
      // An import block's plan must import the object with no other change.
      const cfg =
        config instanceof HclStepConfig
          ? await hclConfigOf(config, address)
          : configToValue(schema, config.resources?.[address]);
      const change = await planConfigured(address, type, name, inst, cfg);
      if (change.action !== "NoOp") {
        throw new StepFailure(
          [
            `importing ${address} is not clean: terraform plans ${actionName(actionsOf(change.action))} after the import (the imported state differs from the configuration: ${changedPaths(inst.value, change.planned).join(", ")})`,
          ],
          "",
        );
      }
    }
    if (step.expectError) noErrorHappened(step);
    const importedJson = stateJson(importedState);
    const failures = runStateChecks(step.stateChecks ?? [], importedJson, stepNumber);
    if (step.importStateVerify) {
      const got = importedJson.resources.find((x) => x.address === address);
      if (!existing)
        failures.push(
          `importStateVerify: ${address} is not in the state of the earlier steps, nothing to compare with`,
        );
      else if (got) {
        const ignore = step.importStateVerifyIgnore ?? [];
        for (const d of diffValues(existing.values, got.values, "")) {
          if (ignore.some((i) => d.path === i || d.path.startsWith(`${i}.`))) continue;
          failures.push(
            `importStateVerify: ${address}: attribute ${d.path}: in state ${d.expected}, imported ${d.actual}`,
          );
        }
      }
    }
    if (failures.length > 0) throw new StepFailure(failures, "");
  }
}

/** Raised when a step expected an error and none came; never matched against expectError. */
class UnexpectedSuccess extends StepFailure {}

/** A configuration outside the fake core's subset: never matched against expectError. */
class Refused extends StepFailure {}

/** Config errors (structured or HCL) and refusals as step failures; anything else unchanged. */
function asStepFailure(thrown: unknown): unknown {
  if (thrown instanceof ConfigError)
    return new StepFailure(
      [thrown.message],
      renderDiagnostic({ severity: "error", summary: thrown.summary, detail: thrown.detail }),
    );
  const problem = hclProblem(thrown);
  if (problem === undefined) return thrown;
  if (thrown instanceof HclUnsupported) return new Refused([problem.message], "");
  return new StepFailure(
    [problem.message],
    renderDiagnostic({ severity: "error", summary: problem.summary, detail: problem.detail }),
  );
}

function noErrorHappened(step: TestStep): never {
  throw new UnexpectedSuccess([`expected an error matching ${step.expectError}, but the step succeeded`], "");
}

function stringKey(key: string): Value {
  return stringVal(key);
}
function intKey(key: number): Value {
  return numberVal(key);
}

/** A cty path as a checks path (`["tags", "env"]`, `["network_interface", 0]`). */
function attrPathOf(p: Path): AttrPath {
  return p.map((s) => {
    if (s.kind === "attribute") return s.name;
    const k = s.key;
    return k.type.kind === "number" ? Number(k.asNumber().text()) : k.asString();
  });
}

/** Top-level attributes whose known planned value differs from the prior one (for messages). */
function changedPaths(prior: Value, planned: Value): string[] {
  if (prior.isNull() || planned.isNull() || !planned.isKnown()) return [];
  const out: string[] = [];
  let unknown = 0;
  for (const [name, v] of planned.entries()) {
    const before = prior.entries().get(name);
    if (!v.isWhollyKnown()) unknown++;
    else if (before === undefined || !knownTrue(equals(before, v)))
      out.push(formatPath([{ kind: "attribute", name }]));
  }
  if (unknown > 0) out.push(`${unknown} known after apply`);
  return out;
}

function formatFailure(where: string, failure: StepFailure, log: readonly string[]): string {
  const lines = [`@tfkit/testing (fake core): ${where} failed:`, ...failure.failures.map((f) => `  - ${f}`)];
  if (failure.output.trim() !== "") lines.push("--- what terraform would print", failure.output);
  if (log.length > 0) lines.push("--- provider log (warnings and errors)", ...log.slice(-40));
  return lines.join("\n");
}
