/**
 * vitest helpers for acceptance tests: `describeAcceptance` and `itAcceptance` skip, loudly,
 * when no `terraform` binary is available, instead of failing; with `requireEnv` (e.g.
 * `"TF_ACC"`) they and `itFakeCore` also skip, loudly, until that variable is set.
 *
 * @packageDocumentation
 */
import { describe, it } from "vitest";
import { type FakeCoreOptions, type FakeCoreResult, runFakeCore } from "./fake-core/run-fake-core.js";
import { optInGate } from "./gate.js";
import { runAcceptance } from "./run-acceptance.js";
import { terraformOrWarn } from "./terraform-harness.js";
import type { AcceptanceOptions, AcceptanceResult, TestCase } from "./test-case.js";

const warnedGates = new Set<string>();

/**
 * Options shared by the vitest helpers: opt-in gating.
 *
 * @category testing
 */
export interface GateOptions {
  /**
   * Run only when this environment variable is set (non-empty), as terraform-plugin-testing runs
   * acceptance tests only with `TF_ACC`; otherwise the tests are skipped with a loud warning and a
   * name that says which variable to set. Default: no gate (the tests run wherever they can).
   */
  readonly requireEnv?: string;
}

/** Why the tests must be skipped (no terraform, gate closed), or undefined to run them; warns once. */
function skipReason(requireEnv: string | undefined, needsTerraform: boolean): string | undefined {
  if (requireEnv !== undefined) {
    const gate = optInGate(requireEnv);
    if (!gate.enabled) {
      if (!warnedGates.has(requireEnv)) {
        warnedGates.add(requireEnv);
        console.warn(
          `\n!!! @tfkit/testing: ${requireEnv} is not set — acceptance tests gated on it are SKIPPED, not passed. ` +
            `Set ${requireEnv}=1 to run them. !!!\n`,
        );
      }
      return gate.reason;
    }
  }
  if (needsTerraform && !terraformAvailable()) return "skipped: no terraform binary";
  return undefined;
}

/**
 * Whether a `terraform` binary is available (see `findTerraform`); warns once, loudly, when not.
 *
 * @remarks terraform-plugin-testing skips acceptance tests unless `TF_ACC` is set; here the
 * binary's presence decides, and a skip is never silent.
 * @category testing
 */
export function terraformAvailable(): boolean {
  return terraformOrWarn("acceptance tests") !== undefined;
}

/**
 * `describe` for acceptance tests: skipped, with a loud warning, when there is no `terraform`.
 *
 * @example
 * ```ts
 * describeAcceptance("demo_server", () => {
 *   it("creates", () => runAcceptance({ ... }), 60_000);
 * });
 * ```
 * @category testing
 */
export function describeAcceptance(name: string, body: () => void, options: GateOptions = {}): void {
  const skip = skipReason(options.requireEnv, true);
  if (skip === undefined) describe(name, body);
  else describe.skip(`${name} (${skip})`, body);
}

/**
 * Options of {@link itAcceptance}.
 *
 * @category testing
 */
export interface ItAcceptanceOptions extends AcceptanceOptions, GateOptions {
  /** Test timeout in milliseconds. Default 120 000. */
  readonly timeout?: number;
  /** Called with the timings when the case passes (e.g. to log them). */
  readonly onResult?: (result: AcceptanceResult) => void;
}

/**
 * What a case factory of {@link itAcceptance} or {@link itFakeCore} may return instead of a bare
 * case: the case and run options of its own, made when the test runs (a fresh fake clock, a
 * temporary directory, the environment pointing at them).
 *
 * @category testing
 */
export interface CaseRun<O> {
  /** The case to run. */
  readonly testCase: TestCase;
  /** Options for this run, over the ones given when the test was registered. */
  readonly options?: O;
}

/** A case factory's result as a run. */
function runOf<O>(made: TestCase | CaseRun<O>): CaseRun<O> {
  return "testCase" in made ? made : { testCase: made };
}

/**
 * `it` that runs one acceptance test case: skipped, with a loud warning, when there is no
 * `terraform`.
 *
 * @remarks `testCase` may be a factory, called when the test runs; it may return the case with
 * options of its own ({@link CaseRun}), e.g. an `env` naming a file the factory just made.
 * @example
 * ```ts
 * itAcceptance("creates and updates", {
 *   providers: { demo: fromEntry("src/main.ts") },
 *   steps: [{ config: `resource "demo_server" "a" { name = "web" }` }],
 * });
 * itAcceptance("with a clock of its own", () => {
 *   const clock = new FakeClock();
 *   return { testCase: clockCase(clock), options: { env: { CLOCK_FILE: clock.file } } };
 * });
 * ```
 * @category testing
 */
export function itAcceptance(
  name: string,
  testCase: TestCase | (() => TestCase | CaseRun<AcceptanceOptions>),
  options: ItAcceptanceOptions = {},
): void {
  const { timeout = 120_000, onResult, requireEnv, ...runOptions } = options;
  const body = async ({ signal }: { signal: AbortSignal }) => {
    const run = runOf(typeof testCase === "function" ? testCase() : testCase);
    const result = await runAcceptance(run.testCase, { ...runOptions, ...run.options, signal });
    onResult?.(result);
  };
  const skip = skipReason(requireEnv, true);
  if (skip === undefined) it(name, body, timeout);
  else it.skip(`${name} (${skip})`, body);
}

/**
 * Options of {@link itFakeCore}: the fake core's options plus gating.
 *
 * @category testing
 */
export interface ItFakeCoreOptions extends FakeCoreOptions, GateOptions {
  /** Test timeout in milliseconds. Default: vitest's. */
  readonly timeout?: number;
  /** Called with the timings when the case passes. */
  readonly onResult?: (result: FakeCoreResult) => void;
}

/**
 * `it` that runs one test case under the fake core (`runFakeCore`), with vitest's test `signal`;
 * with `requireEnv`, skipped loudly until that variable is set (for a provider whose hooks reach
 * real infrastructure even in-process).
 *
 * @remarks `testCase` may be a factory returning the case, or the case with options of its own
 * ({@link CaseRun}: a provider made for this run, say).
 * @example
 * ```ts
 * itFakeCore("creates and updates", testCase, { provider, requireEnv: "TF_ACC" });
 * ```
 * @category testing
 */
export function itFakeCore(
  name: string,
  testCase: TestCase | (() => TestCase | CaseRun<Partial<FakeCoreOptions>>),
  options: ItFakeCoreOptions,
): void {
  const { timeout, onResult, requireEnv, ...runOptions } = options;
  const body = async ({ signal }: { signal: AbortSignal }) => {
    const run = runOf(typeof testCase === "function" ? testCase() : testCase);
    const merged: FakeCoreOptions = { ...runOptions, ...run.options };
    const result = await runFakeCore(run.testCase, { ...merged, signal: merged.signal ?? signal });
    onResult?.(result);
  };
  const skip = skipReason(requireEnv, false);
  if (skip === undefined) it(name, body, timeout);
  else it.skip(`${name} (${skip})`, body);
}
