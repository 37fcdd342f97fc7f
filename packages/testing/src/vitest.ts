/**
 * vitest helpers for acceptance tests: `describeAcceptance` and `itAcceptance` skip, loudly,
 * when no `terraform` binary is available, instead of failing.
 *
 * @packageDocumentation
 */
import { describe, it } from "vitest";
import { runAcceptance } from "./run-acceptance.js";
import { findTerraform } from "./terraform-cli.js";
import type { AcceptanceOptions, AcceptanceResult, TestCase } from "./test-case.js";

let warned = false;

/**
 * Whether a `terraform` binary is available (see `findTerraform`); warns once, loudly, when not.
 *
 * @remarks terraform-plugin-testing skips acceptance tests unless `TF_ACC` is set; here the
 * binary's presence decides, and a skip is never silent.
 * @category testing
 */
export function terraformAvailable(): boolean {
  const found = findTerraform() !== undefined;
  if (!found && !warned) {
    warned = true;
    console.warn(
      "\n!!! @tfkit/testing: the `terraform` binary is NOT on PATH (nor at TF_ACC_TERRAFORM_PATH) — " +
        "acceptance tests are SKIPPED, not passed. Install terraform to run them. !!!\n",
    );
  }
  return found;
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
export function describeAcceptance(name: string, body: () => void): void {
  if (terraformAvailable()) describe(name, body);
  else describe.skip(`${name} (skipped: no terraform binary)`, body);
}

/**
 * Options of {@link itAcceptance}.
 *
 * @category testing
 */
export interface ItAcceptanceOptions extends AcceptanceOptions {
  /** Test timeout in milliseconds. Default 120 000. */
  readonly timeout?: number;
  /** Called with the timings when the case passes (e.g. to log them). */
  readonly onResult?: (result: AcceptanceResult) => void;
}

/**
 * `it` that runs one acceptance test case: skipped, with a loud warning, when there is no
 * `terraform`.
 *
 * @example
 * ```ts
 * itAcceptance("creates and updates", {
 *   providers: { demo: fromEntry("src/main.ts") },
 *   steps: [{ config: `resource "demo_server" "a" { name = "web" }` }],
 * });
 * ```
 * @category testing
 */
export function itAcceptance(
  name: string,
  testCase: TestCase | (() => TestCase),
  options: ItAcceptanceOptions = {},
): void {
  const { timeout = 120_000, onResult, ...runOptions } = options;
  const body = async ({ signal }: { signal: AbortSignal }) => {
    const result = await runAcceptance(typeof testCase === "function" ? testCase() : testCase, {
      ...runOptions,
      signal,
    });
    onResult?.(result);
  };
  if (terraformAvailable()) it(name, body, timeout);
  else it.skip(`${name} (skipped: no terraform binary)`, body);
}
