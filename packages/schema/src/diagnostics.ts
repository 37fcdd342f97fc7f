import type { Path } from "@tfkit/cty-values";

/**
 * A problem found in a configuration or a schema, as data (returned, never thrown).
 *
 * @remarks Maps 1:1 onto a tfplugin6 `Diagnostic`: `severity` (ERROR=1, WARNING=2), `summary`,
 * `detail`, and `path` as the `attribute` AttributePath (set-element steps cannot be sent; the
 * transport cuts the path there). Terraform attaches a diagnostic with a path to that
 * attribute's source range.
 * @category diagnostics
 */
export interface Diagnostic {
  /** `"error"` stops the operation; `"warning"` is shown and the operation continues. */
  readonly severity: "error" | "warning";
  /** A short, title-like description (Terraform's bold first line). */
  readonly summary: string;
  /** The full explanation. */
  readonly detail?: string;
  /** The attribute the problem is about. */
  readonly path?: Path;
}

/** Reports whether any diagnostic is an error. @category diagnostics */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** @internal Builds a diagnostic, leaving out absent fields (exactOptionalPropertyTypes). */
export function diagnostic(
  severity: Diagnostic["severity"],
  summary: string,
  detail: string | undefined,
  path: Path | undefined,
): Diagnostic {
  const d: { severity: Diagnostic["severity"]; summary: string; detail?: string; path?: Path } = {
    severity,
    summary,
  };
  if (detail !== undefined) d.detail = detail;
  if (path !== undefined) d.path = path;
  return Object.freeze(d);
}
