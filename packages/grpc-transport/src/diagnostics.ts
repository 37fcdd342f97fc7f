/**
 * One step of an {@link AttributePath}: an attribute name, a map key or a list/tuple index.
 *
 * @remarks Mirrors tfplugin6 `AttributePath.Step` (oneof `attribute_name` / `element_key_string` /
 * `element_key_int`). Set elements cannot be addressed: Terraform has no step for them.
 * @category models
 */
export type AttributePathStep =
  | {
      /** Discriminator: an object attribute or nested block name (`.name`). */
      readonly kind: "attribute";
      /** The attribute name. */
      readonly name: string;
    }
  | {
      /** Discriminator: a map element (`["key"]`). */
      readonly kind: "elementKeyString";
      /** The map key. */
      readonly key: string;
    }
  | {
      /** Discriminator: a list or tuple element (`[0]`). */
      readonly kind: "elementKeyInt";
      /** The zero-based index. */
      readonly key: number;
    };

/**
 * A path from the root of a value to one attribute or element, as Terraform addresses it.
 *
 * @remarks tfplugin6 `AttributePath` (`steps=1`). Core attaches a diagnostic with a path to that
 * attribute's source range (`tfdiags.AttributeValue`).
 * @category models
 */
export type AttributePath = readonly AttributePathStep[];

/**
 * How serious a diagnostic is.
 *
 * @remarks tfplugin6 `Diagnostic.Severity`: `"error"` = ERROR (1), `"warning"` = WARNING (2).
 * `"invalid"` (0) is accepted on the wire but core does not count it as an error; don't use it.
 * @category diagnostics
 */
export type DiagnosticSeverity = "error" | "warning" | "invalid";

/**
 * A diagnostic returned to Terraform: a problem or warning with an optional attribute path.
 *
 * @remarks tfplugin6 `Diagnostic` (`severity=1`, `summary=2`, `detail=3`, `attribute=4`).
 * @category diagnostics
 */
export interface Diagnostic {
  /** Error or warning. */
  readonly severity: DiagnosticSeverity;
  /** One-line summary, shown after "Error:" by Terraform. */
  readonly summary: string;
  /** Longer explanation (optional). */
  readonly detail?: string | undefined;
  /** The attribute this diagnostic is about, if any. */
  readonly attribute?: AttributePath | undefined;
}

/**
 * Builds an error diagnostic.
 *
 * @remarks Severity ERROR; Terraform fails the operation when any error diagnostic is returned.
 * @category diagnostics
 */
export function errorDiagnostic(summary: string, detail?: string, attribute?: AttributePath): Diagnostic {
  return {
    severity: "error",
    summary,
    ...(detail === undefined ? {} : { detail }),
    ...(attribute === undefined ? {} : { attribute }),
  };
}

/**
 * Builds a warning diagnostic.
 *
 * @remarks Severity WARNING; Terraform prints it and carries on.
 * @category diagnostics
 */
export function warningDiagnostic(summary: string, detail?: string, attribute?: AttributePath): Diagnostic {
  return {
    severity: "warning",
    summary,
    ...(detail === undefined ? {} : { detail }),
    ...(attribute === undefined ? {} : { attribute }),
  };
}

/**
 * The diagnostic returned for an RPC the provider does not implement.
 *
 * @remarks terraform-plugin-go answers unimplemented optional RPCs with an error diagnostic in the
 * same spirit; Terraform shows the summary and detail as-is.
 * @category diagnostics
 */
export function notSupportedDiagnostic(rpc: string): Diagnostic {
  return errorDiagnostic(
    `${rpc} is not supported by this provider`,
    `The provider does not implement the ${rpc} RPC of the Terraform plugin protocol.`,
  );
}

/**
 * The error diagnostic a thrown handler error becomes.
 *
 * @remarks The process stays up; the message (and the stack in the detail) reach the user.
 * @category error handling
 */
export function thrownErrorDiagnostic(rpc: string, error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  return errorDiagnostic(
    `Unexpected error in ${rpc}: ${message}`,
    `The provider's ${rpc} handler threw an exception. This is a bug in the provider.${
      error instanceof Error && error.stack ? `\n\n${error.stack}` : ""
    }`,
  );
}

/**
 * Whether a list of diagnostics contains an error.
 *
 * @remarks Like Terraform's `tfdiags.Diagnostics.HasErrors`; `"invalid"` severity doesn't count.
 * @category diagnostics
 */
export function hasErrors(diagnostics: readonly Diagnostic[] | undefined): boolean {
  return diagnostics?.some((d) => d.severity === "error") ?? false;
}
