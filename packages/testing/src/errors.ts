/**
 * Thrown when an acceptance test case fails: a check failed, terraform failed unexpectedly, or an
 * expected error did not happen. The message names the step, quotes every failed check and the
 * output of the terraform command involved.
 *
 * @remarks terraform-plugin-testing reports the same through `t.Fatalf`.
 * @category errors
 */
export class AcceptanceError extends Error {
  /** Always `"AcceptanceError"`. */
  override name = "AcceptanceError";
  /** 1-based number of the failed step (0 for the final destroy or setup). */
  readonly step: number;
  /** The individual failures (check messages, or terraform's error). */
  readonly failures: readonly string[];
  /** The working directory, kept for inspection (when kept). */
  readonly workdir: string | undefined;

  constructor(
    message: string,
    details: { step: number; failures: readonly string[]; workdir?: string | undefined },
  ) {
    super(message);
    this.step = details.step;
    this.failures = details.failures;
    this.workdir = details.workdir;
  }
}

/**
 * Whether `u` is an {@link AcceptanceError} (by name, so it works across duplicated copies of the package).
 *
 * @category guards
 */
export function isAcceptanceError(u: unknown): u is AcceptanceError {
  return (
    u instanceof Error &&
    u.name === "AcceptanceError" &&
    Array.isArray((u as { failures?: unknown }).failures)
  );
}
