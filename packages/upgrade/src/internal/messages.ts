import type { Path } from "@tfkit/cty-values";
import type { Diagnostic } from "@tfkit/schema";

/**
 * Diagnostic texts. They follow terraform-plugin-framework's `fwserver` UpgradeResourceState
 * wording (so searches for the Go text find these), with tfkit's names for the hooks and the
 * versions that exist added where the Go text leaves the reader guessing.
 * @internal
 */

const REPORT =
  "This is always an issue with the Terraform Provider and should be reported to the provider developer.";

/** @internal Builds a frozen diagnostic without absent fields. */
export function diag(
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
  if (path !== undefined && path.length > 0) d.path = path;
  return Object.freeze(d);
}

/** @internal Summary of most upgrade failures. */
export const UNABLE_TO_UPGRADE = "Unable to Upgrade Resource State";
/** @internal Summary when stored state does not decode. */
export const UNABLE_TO_READ = "Unable to Read Previously Saved State for UpgradeResourceState";
/** @internal Summary when the stored state does not decode for an upgrader (prior schema or JSON). */
export const UNABLE_TO_DECODE_PRIOR = "Unable to Decode Prior Resource State";
/** @internal Summary when an upgrader returned nothing. */
export const MISSING_STATE = "Missing Upgraded Resource State";
/** @internal Summary of core's check of the result (terraform `upgradeResourceState`). */
export const INVALID_UPGRADE = "Invalid resource state upgrade";
/** @internal Summary of core's refusal to downgrade. */
export const NEWER_VERSION = "Resource instance managed by newer provider version";

/** @internal How the versions that have upgraders are listed. */
export function describeAvailable(
  direct: readonly number[],
  steps: readonly (readonly [number, number])[],
): string {
  const parts: string[] = [];
  if (direct.length > 0) parts.push(`upgraders exist for versions ${direct.join(", ")}`);
  if (steps.length > 0)
    parts.push(`chain steps exist for ${steps.map(([f, t]) => `${f} → ${t}`).join(", ")}`);
  return parts.length === 0 ? "no upgraders exist" : parts.join("; ");
}

/** @internal No upgraders at all, stored version older than the schema's. */
export function noUpgradeSupport(version: number, current: number): Diagnostic {
  return diag(
    "error",
    UNABLE_TO_UPGRADE,
    "This resource was implemented without state upgraders (upgradeState), " +
      `however Terraform was expecting an implementation for version ${version} upgrade.\n\n` +
      `The stored state has schema version ${version} and the current schema version is ${current}; no upgraders exist.\n\n` +
      REPORT,
    undefined,
  );
}

/** @internal Upgraders exist, but none (and no chain) from this version. */
export function noUpgraderForVersion(
  version: number,
  current: number,
  available: string,
  reachedFrom: readonly number[],
): Diagnostic {
  const via =
    reachedFrom.length > 0 ? ` (reached through chain steps ${[...reachedFrom, version].join(" → ")})` : "";
  return diag(
    "error",
    UNABLE_TO_UPGRADE,
    "This resource was implemented with state upgraders (upgradeState), " +
      `however Terraform was expecting an implementation for version ${version} upgrade${via}.\n\n` +
      `The current schema version is ${current}; ${available}.\n\n` +
      REPORT,
    undefined,
  );
}

/** @internal Stored version newer than the schema's. */
export function newerVersion(version: number, current: number, typeName: string | undefined): Diagnostic {
  const what = typeName === undefined ? "this resource instance" : `this ${typeName} resource instance`;
  return diag(
    "error",
    NEWER_VERSION,
    `The current state of ${what} was created by a newer provider version than is currently selected: ` +
      `it has schema version ${version}, and this provider's schema version is ${current}. ` +
      "Upgrade the provider to work with this state.",
    undefined,
  );
}

/** @internal The stored state does not decode with the current schema (same version). */
export function unreadableWithCurrentSchema(message: string, path: Path | undefined): Diagnostic {
  return diag(
    "error",
    UNABLE_TO_READ,
    "There was an error reading the saved resource state using the current resource schema.\n\n" +
      "If this resource state was last refreshed with Terraform CLI 0.11 and earlier, it must be refreshed or applied with an older provider version first. " +
      "If you manually modified the resource state, you will need to manually modify it to match the current resource schema. " +
      `Otherwise, please report this to the provider developer:\n\n${message}`,
    path,
  );
}

/**
 * @internal The stored state does not decode with an upgrader's prior schema: not JSON, or a
 * value of the wrong type for an attribute. The upgrader did not run.
 */
export function unreadableWithPriorSchema(
  version: number,
  message: string,
  path: Path | undefined,
): Diagnostic {
  return diag(
    "error",
    UNABLE_TO_DECODE_PRIOR,
    `There was an error reading the saved resource state using the prior resource schema defined for version ${version} upgrade; ` +
      "the state upgrader did not run.\n\n" +
      `If you manually modified the resource state, you will need to manually modify it to match the prior resource schema. Otherwise, please report this to the provider developer:\n\n${message}`,
    path,
  );
}

/**
 * @internal The stored state decoded with the prior schema, but not as its typed model (e.g. an
 * `int64` attribute holding 1.5): the upgrader read `prior.model` and stopped there.
 */
export function unreadablePriorModel(version: number, message: string, path: Path | undefined): Diagnostic {
  return diag(
    "error",
    UNABLE_TO_DECODE_PRIOR,
    `There was an error reading the saved resource state as a model of the prior resource schema defined for version ${version} upgrade ` +
      "(the upgrader's prior.model); the state upgrader stopped there.\n\n" +
      `The upgrader can read such state through prior.value instead. Otherwise, please report this to the provider developer:\n\n${message}`,
    path,
  );
}

/**
 * @internal The stored state did not decode with the type an upgrader gave `context.decode`,
 * and the upgrader let the error escape.
 */
export function unreadableWithType(version: number, message: string, path: Path | undefined): Diagnostic {
  return diag(
    "error",
    UNABLE_TO_DECODE_PRIOR,
    `There was an error reading the saved resource state with the type the upgrader for version ${version} gave context.decode; ` +
      "the state upgrader stopped there.\n\n" +
      `Please report this to the provider developer:\n\n${message}`,
    path,
  );
}

/** @internal A raw-JSON upgrader's input is not a JSON object. */
export function unreadableJson(version: number, message: string): Diagnostic {
  return diag(
    "error",
    UNABLE_TO_DECODE_PRIOR,
    `There was an error reading the saved resource state as JSON for version ${version} upgrade; the state upgrader did not run.\n\n` +
      `Please report this to the provider developer:\n\n${message}`,
    undefined,
  );
}

/** @internal An upgrader returned something that is not a state of the target schema. */
export function incompatibleResult(
  from: number,
  to: number,
  target: "current" | "step",
  message: string,
  path: Path | undefined,
): Diagnostic {
  const schemaName = target === "current" ? "the current schema" : `the schema of version ${to}`;
  return diag(
    "error",
    UNABLE_TO_UPGRADE,
    `After attempting a resource state upgrade from version ${from} to version ${to}, the provider returned state data that was not compatible with ${schemaName}.\n\n` +
      `${REPORT.slice(0, -1)}:\n\n${message}`,
    path,
  );
}

/** @internal An upgrader returned nothing (or a null object). */
export function missingState(from: number, to: number): Diagnostic {
  return diag(
    "error",
    MISSING_STATE,
    `After attempting a resource state upgrade from version ${from} to version ${to}, the provider did not return any state data. ` +
      "Preventing the unexpected loss of resource state data. " +
      REPORT,
    undefined,
  );
}

/** @internal An upgrader threw. */
export function upgraderFailed(
  from: number,
  to: number,
  message: string,
  path: Path | undefined,
): Diagnostic {
  return diag(
    "error",
    UNABLE_TO_UPGRADE,
    `The state upgrader from version ${from} to version ${to} failed: ${message}\n\n${REPORT}`,
    path,
  );
}

/** @internal A chain step points nowhere sensible. */
export function badStep(from: number, to: number, current: number): Diagnostic {
  return diag(
    "error",
    UNABLE_TO_UPGRADE,
    `The state upgrade chain step from version ${from} goes to version ${to}, but a step must go to a later version, ` +
      `at most the current schema version ${current}.\n\n${REPORT}`,
    undefined,
  );
}

/** @internal Core's wording for a result that does not conform or is not wholly known. */
export function invalidResult(from: number, message: string, path: Path | undefined): Diagnostic {
  return diag(
    "error",
    INVALID_UPGRADE,
    `The provider upgraded the state from schema version ${from}, but produced an invalid result: ${message}.`,
    path,
  );
}
