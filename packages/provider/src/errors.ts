import type { PathInput } from "@tfkit/schema";

const PROVIDER_ERROR = Symbol.for("@tfkit/provider/ProviderError");
const FUNCTION_ARGUMENT_ERROR = Symbol.for("@tfkit/provider/FunctionArgumentError");

/**
 * Options of a {@link ProviderError}.
 * @category errors
 */
export interface ProviderErrorOptions {
  /** The full explanation shown under the summary. */
  readonly detail?: string;
  /** The attribute the error is about (`["network_interface", 0, "ip"]` or a cty path). */
  readonly path?: PathInput;
  /** The underlying error. */
  readonly cause?: unknown;
}

/**
 * An error a handler throws to report a problem to the user as an error diagnostic.
 *
 * @remarks The summary becomes the diagnostic's bold first line, `detail` its body and `path`
 * attaches it to the attribute's source range. Any other thrown value also becomes an error
 * diagnostic ("Unexpected error in create: …"), so throwing is always safe; this class only
 * gives the words and the attribute. The Go framework's `resp.Diagnostics.AddAttributeError`.
 * @example
 * ```ts
 * throw new ProviderError("Name already taken", { path: ["name"], detail: "Choose another name." });
 * ```
 * @category errors
 */
export class ProviderError extends Error {
  /** Always `"ProviderError"`. */
  override name = "ProviderError";
  /** The diagnostic summary (same as `message`). */
  readonly summary: string;
  /** The diagnostic detail ("" when none). */
  readonly detail: string;
  /** The attribute the error is about, when any. */
  readonly path: PathInput | undefined;
  /** @internal brand for {@link isProviderError}. */
  readonly [PROVIDER_ERROR] = true;

  constructor(summary: string, options: ProviderErrorOptions = {}) {
    super(summary, options.cause === undefined ? undefined : { cause: options.cause });
    this.summary = summary;
    this.detail = options.detail ?? "";
    this.path = options.path;
  }
}

/** Reports whether something is a {@link ProviderError} (brand check, safe across copies). @category guards */
export function isProviderError(u: unknown): u is ProviderError {
  return typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[PROVIDER_ERROR] === true;
}

/**
 * An error a provider function throws to blame one of its arguments.
 *
 * @remarks Becomes the tfplugin6 `FunctionError` with `function_argument` set, so Terraform
 * points at that argument in the call expression. The index is zero-based over all arguments,
 * variadic ones included. The Go framework's `function.NewArgumentFuncError`.
 * @example
 * ```ts
 * if (n < 0) throw new FunctionArgumentError(0, "must not be negative");
 * ```
 * @category errors
 */
export class FunctionArgumentError extends Error {
  /** Always `"FunctionArgumentError"`. */
  override name = "FunctionArgumentError";
  /** The zero-based argument index. */
  readonly argument: number;
  /** @internal brand for {@link isFunctionArgumentError}. */
  readonly [FUNCTION_ARGUMENT_ERROR] = true;

  constructor(argument: number, message: string) {
    super(message);
    this.argument = argument;
  }
}

/** Reports whether something is a {@link FunctionArgumentError}. @category guards */
export function isFunctionArgumentError(u: unknown): u is FunctionArgumentError {
  return (
    typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[FUNCTION_ARGUMENT_ERROR] === true
  );
}
