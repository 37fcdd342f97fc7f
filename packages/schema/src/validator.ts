import type { Path, Value } from "@tfkit/cty-values";

/**
 * What a validator gets besides the value.
 * @category models
 */
export interface ValidatorContext {
  /** The path of the validated attribute or block in the configuration. */
  readonly path: Path;
  /** The raw cty value being validated (known and non-null). */
  readonly value: Value;
  /** The whole configuration object, for rules that look elsewhere. */
  readonly config: Value;
}

/**
 * One problem reported by a validator.
 * @category diagnostics
 */
export interface ValidatorIssue {
  /** Defaults to `"error"`. */
  readonly severity?: "error" | "warning";
  /** Defaults to `"Invalid Attribute Value"` (the Go framework validators' summary). */
  readonly summary?: string;
  /** What is wrong, for the user. */
  readonly detail: string;
  /**
   * The attribute the problem is about; defaults to the validated attribute's path. Validators
   * of collection elements (e.g. {@link listValidator}.valuesAre) set the element's path here.
   */
  readonly path?: Path;
}

/**
 * What a validator returns: nothing when the value is fine, otherwise a message (an error
 * with summary "Invalid Attribute Value"), an issue, or several.
 * @category models
 */
export type ValidatorResult =
  | undefined
  // biome-ignore lint/suspicious/noConfusingVoidType: lets a validator be a function with no return.
  | void
  | string
  | ValidatorIssue
  | readonly (string | ValidatorIssue)[];

/** A validator as a plain function of the model value. @category models */
export type ValidatorFunction<M> = (value: M, context: ValidatorContext) => ValidatorResult;

/** A validator with a description (shown in docs), like the Go framework's validator interfaces. @category models */
export interface ValidatorObject<M> {
  /** Plain-text description of the rule. */
  readonly description?: string;
  /** Markdown description of the rule. */
  readonly markdownDescription?: string;
  /** Checks one value. */
  readonly validate: ValidatorFunction<M>;
}

/**
 * A config validator for one attribute or block.
 *
 * @remarks Validators only run on known, non-null values: for plain attributes the value must
 * be wholly known (an unknown anywhere inside skips the validator), for nested attributes and
 * blocks only the value itself must be known (children may be {@link Unknown}). This is what the
 * Go framework's built-in validators do (`terraform-plugin-framework-validators`).
 * @typeParam M - the config-phase model of the validated value.
 * @category models
 */
export type Validator<M> = ValidatorFunction<M> | ValidatorObject<M>;

/**
 * An attribute plan modifier: an opaque object whose behaviour `@tfkit/plan-engine` defines.
 *
 * @remarks The schema only stores modifiers in order and hands them to the plan engine. The
 * type parameter is contravariant so that a modifier for any value (`PlanModifier<unknown>`),
 * such as UseStateForUnknown, fits every attribute, while a modifier written for strings only
 * fits string attributes. Mirrors the Go framework's `planmodifier.String` and friends.
 * @typeParam M - the model type of the values the modifier accepts.
 * @category models
 */
export interface PlanModifier<M = unknown> {
  /** Identifies the modifier kind for the plan engine (e.g. `"requires_replace"`). */
  readonly kind: string;
  /** Plain-text description (docs). */
  readonly description?: string;
  /** Type-level only: the values the modifier accepts. Never present at run time. */
  readonly "~accepts"?: (value: M) => void;
}
