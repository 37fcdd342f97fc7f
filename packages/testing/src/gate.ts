/**
 * Whether opt-in acceptance tests may run: the answer of {@link optInGate}.
 *
 * @category testing
 */
export interface OptInGate {
  /** True when the variable is set to a non-empty value. */
  readonly enabled: boolean;
  /** The variable that opts in (e.g. `TF_ACC`). */
  readonly variable: string;
  /** Why the tests are skipped, naming the variable (empty when enabled). */
  readonly reason: string;
}

/**
 * Opt-in gating of acceptance tests by an environment variable: enabled when `variable` is set
 * to anything non-empty, as terraform-plugin-testing runs acceptance tests only with `TF_ACC`.
 *
 * @remarks tfkit's own runners never read the variable: gating is opted into per test, with the
 * `requireEnv` option of `describeAcceptance`, `itAcceptance` and `itFakeCore`
 * (`@tfkit/testing/vitest`), or with this function for other test frameworks. Use it for tests
 * that reach real infrastructure (a cloud account, a paid API); tests against a local fake need
 * no gate.
 * @example
 * ```ts
 * const gate = optInGate("TF_ACC");
 * it.skipIf(!gate.enabled)(`creates a server${gate.enabled ? "" : ` (${gate.reason})`}`, () => runAcceptance(testCase));
 * ```
 * @category testing
 */
export function optInGate(
  variable = "TF_ACC",
  env: Readonly<Record<string, string | undefined>> = process.env,
): OptInGate {
  const value = env[variable];
  const enabled = value !== undefined && value !== "";
  return {
    enabled,
    variable,
    reason: enabled ? "" : `skipped: set ${variable}=1 to run acceptance tests`,
  };
}
