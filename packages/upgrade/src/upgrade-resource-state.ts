import {
  isCtyError,
  isCtyNumber,
  isValue,
  type Path,
  toJson,
  type Type,
  testConformance,
  unmarkDeep,
  type Value,
  fromJson,
} from "@tfkit/cty-values";
import { type Diagnostic, fromModel, hasErrors, type Schema, type State } from "@tfkit/schema";
import { type PriorModel, toPriorModel } from "./prior-model.js";
import { checkStateValue, renderProblem } from "./check-state.js";
import {
  badStep,
  describeAvailable,
  diag,
  incompatibleResult,
  invalidResult,
  missingState,
  newerVersion,
  noUpgradeSupport,
  noUpgraderForVersion,
  unreadableJson,
  unreadablePriorModel,
  unreadableWithType,
  unreadableWithCurrentSchema,
  unreadableWithPriorSchema,
  upgraderFailed,
} from "./internal/messages.js";
import { nullWriteOnlyAttributes } from "@tfkit/schema";
import {
  decodeRawState,
  type JsonObject,
  parseStateJson,
  type RawState,
  rawStateFormat,
} from "./raw-state.js";
import type {
  PriorSchemaUpgrader,
  PriorState,
  RawJsonUpgrader,
  StateUpgraders,
  UpgradeContext,
  UpgradeSteps,
} from "./upgrader.js";

/**
 * What {@link upgradeResourceState} needs: the current schema, the stored state and its
 * version, and the upgraders.
 * @typeParam S - the current schema.
 * @category models
 */
export interface UpgradeResourceStateRequest<S extends Schema = Schema> {
  /** The current schema; its `version` is the version to upgrade to. */
  readonly schema: S;
  /** The stored state (tfplugin6 `UpgradeResourceState.Request.raw_state`). */
  readonly rawState: RawState | undefined;
  /** The schema version stored with the state. */
  readonly version: number | bigint;
  /** Upgraders keyed by the prior version they upgrade from, each straight to `schema.version`. */
  readonly upgraders?: StateUpgraders<S> | undefined;
  /** Chain steps keyed by the version they upgrade from, used where no direct upgrader exists. */
  readonly steps?: UpgradeSteps | undefined;
  /** The resource type name, for messages. */
  readonly typeName?: string | undefined;
  /**
   * Turns an error an upgrader (or chain step) threw into the diagnostic to report, e.g. a
   * framework's own error class that carries a summary, detail and attribute path. Returning
   * `undefined` (or throwing) keeps the default "The state upgrader from version … failed: …".
   * The diagnostic is reported as an error whatever its severity: the upgrade failed. Not
   * called for state that does not decode, which is reported as a decode failure.
   */
  readonly describeError?: ((error: unknown) => Diagnostic | undefined) | undefined;
}

/**
 * The result of {@link upgradeResourceState}.
 * @category models
 */
export interface UpgradeResourceStateResult {
  /**
   * The state in the current schema's implied type, wholly known and unmarked; absent when an
   * error diagnostic was produced or when the request carried no state.
   */
  readonly upgradedState?: Value;
  /** Warnings, and errors when the upgrade failed. */
  readonly diagnostics: readonly Diagnostic[];
}

type Stored = { readonly format: "json" | "flatmap"; readonly raw: RawState };

/**
 * Upgrades a stored resource state to the current schema version (the provider side of
 * tfplugin6 `UpgradeResourceState`).
 *
 * @remarks Mirrors terraform-plugin-framework `fwserver.Server.UpgradeResourceState`:
 * - Same version: the stored state is decoded with the current schema (attributes it no longer
 *   has are dropped at any depth, new ones are null), no upgrader needed. Terraform calls this
 *   every time it loads state.
 * - Older version: the upgrader keyed by that version runs and must produce the current
 *   version wholly; prior-schema upgraders get the state decoded with their prior schema, raw
 *   ones the parsed JSON. Without a direct upgrader, chain steps (`steps`) run one after the
 *   other (beyond the Go framework).
 * - Newer version, no upgraders, no upgrader for the version, state that does not decode, an
 *   upgrader that throws or returns nothing: an error diagnostic saying which version was found
 *   and which exist, or which version and attribute path failed. An upgrader's thrown error
 *   becomes the diagnostic `describeError` gives for it (a framework's own error class with its
 *   detail and path), else "The state upgrader from version … failed".
 * - Legacy flatmap state is decoded with Terraform's `hcl2shim` rules (the Go framework refuses
 *   it).
 * - Write-only attributes of the result are set to null, at any depth (stored state never holds
 *   them), as read, import and move do.
 * - The result is checked like Terraform core checks it ("Invalid resource state upgrade"):
 *   conformance to the current schema's implied type and wholly known.
 * A request without stored state gives neither state nor diagnostics, as in the Go framework.
 * @example
 * ```ts
 * const { upgradedState, diagnostics } = await upgradeResourceState({
 *   schema: v1, version: 0, rawState: { json: '{"id":"a","enabled":true}' },
 *   upgraders: { 0: priorSchemaUpgrader<typeof v0, typeof v1>({ priorSchema: v0, upgrade: ({ model }) => ({ id: model.id, enabled: String(model.enabled) }) }) },
 * });
 * ```
 * @category conversion
 */
export async function upgradeResourceState<S extends Schema>(
  request: UpgradeResourceStateRequest<S>,
): Promise<UpgradeResourceStateResult> {
  const { schema } = request;
  const current = schema.version;
  const version = Number(request.version);
  const format = rawStateFormat(request.rawState);
  if (format === undefined) return { diagnostics: [] };
  const stored: Stored = { format, raw: request.rawState as RawState };

  if (version > current) return { diagnostics: [newerVersion(version, current, request.typeName)] };

  if (version === current) {
    let value: Value;
    try {
      value = decodeRawState(stored.raw, schema.type);
    } catch (err) {
      return { diagnostics: [unreadableWithCurrentSchema(errorMessage(err), errorPath(err))] };
    }
    return finish(value, schema, version, []);
  }

  const upgraders = request.upgraders ?? {};
  const steps = request.steps ?? {};
  const directVersions = versionsOf(upgraders);
  const stepVersions = versionsOf(steps);
  if (directVersions.length === 0 && stepVersions.length === 0) {
    return { diagnostics: [noUpgradeSupport(version, current)] };
  }

  const diagnostics: Diagnostic[] = [];
  const path: number[] = [];
  let at = version;
  let state = stored;
  for (;;) {
    const direct = ownEntry(upgraders, at);
    if (direct !== undefined) {
      const output = await runUpgrader(
        direct,
        state,
        { storedVersion: version, from: at, to: current },
        diagnostics,
        request.describeError,
      );
      if (output === FAILED) return { diagnostics };
      const value = outputToValue(output.result, output.kind, schema, at, current, "current", diagnostics);
      if (value === undefined) return { diagnostics };
      return finish(value, schema, version, diagnostics);
    }
    const step = ownEntry(steps, at);
    if (step === undefined) {
      const available = describeAvailable(
        directVersions,
        stepVersions.map((v) => [v, stepTarget(ownEntry(steps, v) as UpgradeSteps[number], v)] as const),
      );
      diagnostics.push(noUpgraderForVersion(at, current, available, path));
      return { diagnostics };
    }
    const to = stepTarget(step, at);
    if (!Number.isSafeInteger(to) || to <= at || to > current) {
      diagnostics.push(badStep(at, to, current));
      return { diagnostics };
    }
    const output = await runUpgrader(
      step,
      state,
      { storedVersion: version, from: at, to },
      diagnostics,
      request.describeError,
    );
    if (output === FAILED) return { diagnostics };
    if (to === current) {
      const value = outputToValue(output.result, output.kind, schema, at, to, "current", diagnostics);
      if (value === undefined) return { diagnostics };
      return finish(value, schema, version, diagnostics);
    }
    const json = outputToJson(output.result, output.kind, step.targetSchema, at, to, diagnostics);
    if (json === undefined) return { diagnostics };
    path.push(at);
    at = to;
    state = { format: "json", raw: { json } };
  }
}

function stepTarget(step: UpgradeSteps[number], from: number): number {
  return step.toVersion ?? step.targetSchema?.version ?? from + 1;
}

function versionsOf(record: Readonly<Record<number, unknown>>): number[] {
  return Object.keys(record)
    .map(Number)
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
}

function ownEntry<T>(record: Readonly<Record<number, T>>, version: number): T | undefined {
  return Object.hasOwn(record, String(version)) ? record[version] : undefined;
}

function errorMessage(err: unknown): string {
  if (isCtyError(err)) return err.message;
  return err instanceof Error ? err.message : String(err);
}

function errorPath(err: unknown): Path | undefined {
  return isCtyError(err) ? err.path : undefined;
}

const FAILED = Symbol("failed");

type UpgraderOutput = { readonly kind: "prior_schema" | "raw_json"; readonly result: unknown };

async function runUpgrader(
  upgrader: PriorSchemaUpgrader<Schema, Schema> | RawJsonUpgrader,
  state: Stored,
  versions: { readonly storedVersion: number; readonly from: number; readonly to: number },
  diagnostics: Diagnostic[],
  describeError: UpgradeResourceStateRequest["describeError"],
): Promise<UpgraderOutput | typeof FAILED> {
  const { from, to } = versions;
  const added: Diagnostic[] = [];
  const decodeErrors = new Set<unknown>();
  const context: UpgradeContext = {
    storedVersion: versions.storedVersion,
    fromVersion: from,
    toVersion: to,
    format: state.format,
    rawState: state.raw,
    decode: (type: Type) => {
      try {
        return decodeRawState(state.raw, type);
      } catch (err) {
        // Remembered so that, escaping the upgrader, it is reported as a decode failure.
        decodeErrors.add(err);
        throw err;
      }
    },
    warning: (summary, detail, path) => {
      added.push(diag("warning", summary, detail, path));
    },
    error: (summary, detail, path) => {
      added.push(diag("error", summary, detail, path));
    },
  };

  let result: unknown;
  if (upgrader.priorSchema !== undefined) {
    const priorSchema = upgrader.priorSchema;
    let value: Value;
    try {
      value = decodeRawState(state.raw, priorSchema.type);
    } catch (err) {
      diagnostics.push(unreadableWithPriorSchema(from, errorMessage(err), errorPath(err)));
      return FAILED;
    }
    // The model is built on first access, so an upgrader that reads only `value` still runs
    // when the state fits the value but not the model. A failure to build it is remembered:
    // when the upgrader lets it escape, it is reported as the decode failure it is.
    let model: { readonly ok: PriorModel<Schema> } | { readonly error: unknown } | undefined;
    const prior: PriorState<Schema> = {
      value,
      get model() {
        if (model === undefined) {
          try {
            model = { ok: toPriorModel(priorSchema, value) };
          } catch (err) {
            model = { error: err };
          }
        }
        if ("error" in model) throw model.error;
        return model.ok;
      },
    };
    try {
      result = await (upgrader as PriorSchemaUpgrader<Schema, Schema>).upgrade(prior, context);
    } catch (err) {
      if (model !== undefined && "error" in model && model.error === err) {
        diagnostics.push(...added, unreadablePriorModel(from, errorMessage(err), errorPath(err)));
      } else {
        diagnostics.push(...added, thrown(err, from, to, describeError, decodeErrors));
      }
      return FAILED;
    }
  } else {
    let json: JsonObject;
    if (state.format === "flatmap") {
      json = { ...(state.raw.flatmap as Readonly<Record<string, string>>) };
    } else {
      let parsed: unknown;
      try {
        parsed = parseStateJson(state.raw.json as Uint8Array | string);
      } catch (err) {
        diagnostics.push(unreadableJson(from, errorMessage(err)));
        return FAILED;
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        diagnostics.push(unreadableJson(from, "the stored state is not a JSON object"));
        return FAILED;
      }
      json = parsed as JsonObject;
    }
    try {
      result = await upgrader.upgrade(json, context);
    } catch (err) {
      diagnostics.push(...added, thrown(err, from, to, describeError, decodeErrors));
      return FAILED;
    }
  }
  diagnostics.push(...added);
  if (hasErrors(added)) return FAILED;
  return { kind: upgrader.priorSchema !== undefined ? "prior_schema" : "raw_json", result };
}

/**
 * The diagnostic for an error an upgrader threw: a decode failure when it came from
 * `context.decode`, else the caller's description, else ours.
 */
function thrown(
  err: unknown,
  from: number,
  to: number,
  describeError: UpgradeResourceStateRequest["describeError"],
  decodeErrors: ReadonlySet<unknown>,
): Diagnostic {
  if (decodeErrors.has(err)) return unreadableWithType(from, errorMessage(err), errorPath(err));
  let described: Diagnostic | undefined;
  try {
    described = describeError?.(err);
  } catch {
    // A describer that fails must not hide the upgrader's error; ours names it.
    described = undefined;
  }
  if (described !== undefined) {
    return diag("error", described.summary, described.detail, described.path);
  }
  return upgraderFailed(from, to, rawMessage(err), errorPath(err));
}

function rawMessage(err: unknown): string {
  if (isCtyError(err)) return err.rawMessage;
  return err instanceof Error ? err.message : String(err);
}

function isNothing(result: unknown): boolean {
  return result === null || result === undefined || (isValue(result) && result.isKnown() && result.isNull());
}

/** Turns an upgrader's result into a value of the target schema, or records why not. */
function outputToValue(
  result: unknown,
  kind: UpgraderOutput["kind"],
  target: Schema,
  from: number,
  to: number,
  which: "current" | "step",
  diagnostics: Diagnostic[],
): Value | undefined {
  if (isNothing(result)) {
    diagnostics.push(missingState(from, to));
    return undefined;
  }
  if (isValue(result)) return unmarkDeep(result);
  try {
    if (kind === "prior_schema") return fromModel(target, result as State<Schema>, "state");
    return fromJson(writeJson(result), target.type);
  } catch (err) {
    diagnostics.push(incompatibleResult(from, to, which, errorMessage(err), errorPath(err)));
    return undefined;
  }
}

/** Turns a chain step's result into JSON of its target version, or records why not. */
function outputToJson(
  result: unknown,
  kind: UpgraderOutput["kind"],
  target: Schema | undefined,
  from: number,
  to: number,
  diagnostics: Diagnostic[],
): string | undefined {
  if (isNothing(result)) {
    diagnostics.push(missingState(from, to));
    return undefined;
  }
  if (target === undefined && !isValue(result)) {
    if (kind === "raw_json") {
      try {
        return writeJson(result);
      } catch (err) {
        diagnostics.push(incompatibleResult(from, to, "step", errorMessage(err), undefined));
        return undefined;
      }
    }
    diagnostics.push(
      incompatibleResult(
        from,
        to,
        "step",
        "a chain step that returns a model needs its targetSchema to turn the model into state",
        undefined,
      ),
    );
    return undefined;
  }
  if (target === undefined) {
    const value = unmarkDeep(result as Value);
    try {
      return toJson(value, value.type);
    } catch (err) {
      diagnostics.push(incompatibleResult(from, to, "step", errorMessage(err), errorPath(err)));
      return undefined;
    }
  }
  const value = outputToValue(result, kind, target, from, to, "step", diagnostics);
  if (value === undefined) return undefined;
  const problems = testConformance(value.type, target.type);
  if (problems.length > 0) {
    for (const p of problems) diagnostics.push(incompatibleResult(from, to, "step", p.rawMessage, p.path));
    return undefined;
  }
  try {
    // The next step reads this as stored state, which never holds write-only values.
    return toJson(nullWriteOnlyAttributes(target, value), target.type);
  } catch (err) {
    diagnostics.push(incompatibleResult(from, to, "step", errorMessage(err), errorPath(err)));
    return undefined;
  }
}

function finish(
  value: Value,
  schema: Schema,
  storedVersion: number,
  diagnostics: Diagnostic[],
): UpgradeResourceStateResult {
  // Write-only values are dropped, not refused, as read, import and move drop theirs; the walk
  // follows the schema, so it runs on a value of the right type only (nulling keeps the type).
  const conforms = testConformance(value.type, schema.type).length === 0;
  const state = conforms ? nullWriteOnlyAttributes(schema, value) : value;
  const problems = checkStateValue(state, schema.type);
  if (problems.length > 0) {
    return {
      diagnostics: [
        ...diagnostics,
        ...problems.map((p) => invalidResult(storedVersion, renderProblem(p), p.path)),
      ],
    };
  }
  return { upgradedState: state, diagnostics };
}

/**
 * JSON text of an upgrader's JSON result. Unlike `JSON.stringify`, writes bigints and exact
 * numbers (`CtyNumber`) as JSON numbers and refuses non-finite numbers and cty values.
 */
function writeJson(v: unknown): string {
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "string":
      return JSON.stringify(v);
    case "bigint":
      return v.toString();
    case "number":
      if (!Number.isFinite(v)) throw new Error(`cannot write ${v} as JSON`);
      return JSON.stringify(v);
    case "object": {
      if (isCtyNumber(v)) return v.text();
      if (isValue(v)) throw new Error("a cty Value inside a JSON result; return a whole Value or plain JSON");
      if (Array.isArray(v)) return `[${v.map(writeJson).join(",")}]`;
      const parts: string[] = [];
      for (const [k, e] of Object.entries(v as Record<string, unknown>)) {
        if (e === undefined) continue;
        parts.push(`${JSON.stringify(k)}:${writeJson(e)}`);
      }
      return `{${parts.join(",")}}`;
    }
    default:
      throw new Error(`cannot write a ${typeof v} as JSON`);
  }
}
