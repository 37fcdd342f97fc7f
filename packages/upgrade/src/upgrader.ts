import type { Path, Type, Value } from "@tfkit/cty-values";
import type { Schema, State } from "@tfkit/schema";
import type { PriorModel } from "./prior-model.js";
import type { JsonObject, RawState } from "./raw-state.js";

/**
 * A value or a promise of it.
 * @category models
 */
export type Awaitable<T> = T | Promise<T>;

/**
 * What an upgrader is told about the upgrade it runs, and how it reports problems.
 * @category models
 */
export interface UpgradeContext {
  /** The schema version stored in state (where the whole upgrade started). */
  readonly storedVersion: number;
  /** The version this upgrader upgrades from. */
  readonly fromVersion: number;
  /** The version this upgrader must produce (the current one, or a chain step's target). */
  readonly toVersion: number;
  /** Whether the input was stored as JSON or as a legacy flatmap. */
  readonly format: "json" | "flatmap";
  /**
   * The stored state this upgrader reads. For a chain step after the first, the JSON the
   * previous step produced.
   */
  readonly rawState: RawState;
  /**
   * Decodes the input with any cty type (attributes the type lacks are ignored; exact numbers);
   * the equivalent of terraform-plugin-go's `RawState.Unmarshal(type)`.
   * @throws `CtyError` with code `"decode"` and a path when it does not decode; if the upgrader
   * lets it escape, the upgrade fails with "Unable to Decode Prior Resource State" at that path.
   */
  decode(type: Type): Value;
  /** Adds a warning diagnostic; the upgrade goes on. */
  warning(summary: string, detail?: string, path?: Path): void;
  /** Adds an error diagnostic; the upgrade fails once the upgrader returns. */
  error(summary: string, detail?: string, path?: Path): void;
}

/**
 * The stored state decoded with an upgrader's prior schema.
 *
 * @remarks Decoded with none of the current phases' promises: state written by an old provider
 * version (an old import, say) may hold null in an attribute the prior schema calls `required`,
 * and the upgrader sees that `null`. Stored state never holds unknowns.
 * @typeParam P - the prior schema.
 * @category models
 */
export interface PriorState<P extends Schema> {
  /** The state as a cty value of the prior schema's implied type. */
  readonly value: Value;
  /**
   * The state as a typed model of the prior schema (computed on first access): every attribute
   * may be `null` (see {@link PriorModel}).
   * @throws when the value does not fit the model (e.g. an `int64` attribute holding 1.5); the
   * upgrade then fails with "Unable to Decode Prior Resource State" and the attribute's path
   * unless the upgrader catches it.
   */
  readonly model: PriorModel<P>;
}

/**
 * What an upgrader may return for a target schema: its typed model, a cty value, or nothing
 * (which is an error: state would be lost).
 * @category models
 */
export type UpgradeOutput<T extends Schema> = State<T> | Value | null | undefined;

/**
 * What a raw-JSON upgrader may return: a JSON object in the target schema's shape, a cty value,
 * or nothing (an error).
 * @category models
 */
export type RawUpgradeOutput = JsonObject | Value | null | undefined;

/**
 * An upgrader that reads the stored state through the schema it was written with (the Go
 * framework's `StateUpgrader` with `PriorSchema`, the recommended approach).
 *
 * @remarks The stored JSON (or flatmap) is decoded with the prior schema's implied type;
 * attributes the prior schema lacks are ignored, missing ones are null. The upgrader returns the
 * state of the target schema as a model or a value; nothing is copied over for it.
 * @typeParam P - the prior schema.
 * @typeParam T - the schema the upgrader produces (the current one, or a chain step's target).
 * @category models
 */
export interface PriorSchemaUpgrader<P extends Schema = Schema, T extends Schema = Schema> {
  /** The schema the stored state was written with. */
  readonly priorSchema: P;
  /** Produces the upgraded state from the decoded prior state. */
  upgrade(prior: PriorState<P>, context: UpgradeContext): Awaitable<UpgradeOutput<T>>;
}

/**
 * An upgrader that reads the stored state as parsed JSON (the Go framework's `StateUpgrader`
 * without `PriorSchema`, reading `RawState.JSON`).
 *
 * @remarks `json` is `JSON.parse` of the stored attributes, so numbers are JS numbers; use
 * `context.decode(type)` for exact numbers. For legacy flatmap state `json` is the flatmap itself
 * (dotted keys, string values) and `context.format` is `"flatmap"`. The result may be a JSON
 * object (decoded strictly with the target schema's type) or a cty value.
 * @category models
 */
export interface RawJsonUpgrader {
  /** Absent: this upgrader reads raw JSON. */
  readonly priorSchema?: undefined;
  /** Produces the upgraded state from the parsed stored JSON. */
  upgrade(json: JsonObject, context: UpgradeContext): Awaitable<RawUpgradeOutput>;
}

/**
 * An upgrader from one prior version wholly to the current version.
 * @typeParam S - the current schema.
 * @category models
 */
export type StateUpgrader<S extends Schema = Schema> = PriorSchemaUpgrader<Schema, S> | RawJsonUpgrader;

/**
 * Upgraders keyed by the prior version they upgrade from; each produces the current version
 * (terraform-plugin-framework `ResourceWithUpgradeState.UpgradeState`).
 * @typeParam S - the current schema.
 * @category models
 */
export type StateUpgraders<S extends Schema = Schema> = Readonly<Record<number, StateUpgrader<S>>>;

/**
 * What a chain step adds to an upgrader: where it goes.
 * @category models
 */
export interface StepTarget<T extends Schema = Schema> {
  /**
   * The schema of the version the step produces. Needed to return a model; its `version` is
   * the step's target unless `toVersion` says otherwise.
   */
  readonly targetSchema?: T;
  /** The version the step produces (default: `targetSchema.version`, else the prior version + 1). */
  readonly toVersion?: number;
}

/**
 * One step of an upgrade chain (`v0 → v1`), used when no direct upgrader exists for a version.
 *
 * @remarks Beyond the Go framework, which calls exactly one upgrader per request. The step's
 * result is written as JSON of its target version and handed to the next step (or the direct
 * upgrader) for that version exactly as if it had been stored at that version, so a chain and a
 * stored state behave the same.
 * @category models
 */
export type UpgradeStep = (PriorSchemaUpgrader<Schema, Schema> & StepTarget) | (RawJsonUpgrader & StepTarget);

/**
 * Chain steps keyed by the version they upgrade from.
 * @category models
 */
export type UpgradeSteps = Readonly<Record<number, UpgradeStep>>;

/**
 * Defines an upgrader that reads the stored state with the schema it was written with.
 *
 * @remarks The Go framework's `StateUpgrader{PriorSchema: …}`. Typing helper: the prior state's
 * model is `PriorModel<P>` (every attribute may be null in old state) and the result must be
 * the current schema's `State<S>` (or a value); inside
 * a `StateUpgraders<S>` both are inferred, elsewhere pass them as type arguments.
 * @example
 * ```ts
 * const v0 = resourceSchema({ attributes: { id: attr.string({ computed: true }), enabled: attr.bool({ optional: true }) } });
 * const v1 = resourceSchema({ version: 1, attributes: { id: attr.string({ computed: true }), enabled: attr.string({ optional: true }) } });
 * const upgraders: StateUpgraders<typeof v1> = {
 *   0: priorSchemaUpgrader({
 *     priorSchema: v0,
 *     upgrade: ({ model }) => ({ id: model.id, enabled: model.enabled === null ? null : String(model.enabled) }),
 *   }),
 * };
 * ```
 * @category constructors
 */
export function priorSchemaUpgrader<P extends Schema, S extends Schema = Schema>(
  definition: PriorSchemaUpgrader<P, S>,
): PriorSchemaUpgrader<P, S> {
  return Object.freeze({ ...definition });
}

/**
 * Defines an upgrader that reads the stored state as parsed JSON.
 *
 * @remarks The Go framework's `StateUpgrader` without `PriorSchema`.
 * @example
 * ```ts
 * rawJsonUpgrader((json) => ({ ...json, enabled: json.enabled === null ? null : String(json.enabled) }))
 * ```
 * @category constructors
 */
export function rawJsonUpgrader(upgrade: RawJsonUpgrader["upgrade"]): RawJsonUpgrader {
  return Object.freeze({ upgrade });
}

/**
 * Defines one typed chain step from a prior schema to a target schema.
 *
 * @remarks The step goes from its key in `steps` to `targetSchema.version` (or `toVersion`).
 * @example
 * ```ts
 * const steps: UpgradeSteps = {
 *   0: upgradeStep({ priorSchema: v0, targetSchema: v1, upgrade: ({ model }) => ({ ...model, enabled: model.enabled === null ? null : String(model.enabled) }) }),
 *   1: upgradeStep({ priorSchema: v1, targetSchema: v2, upgrade: ({ model }) => ({ ...model, tags: {} }) }),
 * };
 * ```
 * @category constructors
 */
export function upgradeStep<P extends Schema, T extends Schema>(
  definition: PriorSchemaUpgrader<P, T> & { readonly targetSchema: T; readonly toVersion?: number },
): UpgradeStep {
  return Object.freeze({ ...definition }) as unknown as UpgradeStep;
}
