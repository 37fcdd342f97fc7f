import type { Value } from "@tfkit/cty-values";
import { rawEquals } from "@tfkit/cty-values";
import { typeValueToModel } from "../model.js";
import type { TypeSpec } from "../type-spec.js";

/**
 * The models a semantic type can build on: plain values compared with `===` once normalised.
 * @category models
 */
export type SemanticModel = string | number | bigint | boolean;

/**
 * One problem a semantic type finds in a value: an error diagnostic at the attribute's path.
 * @category diagnostics
 */
export interface SemanticIssue {
  /** Diagnostic summary, e.g. `"Invalid JSON String Value"`. */
  readonly summary: string;
  /** Diagnostic detail: what is wrong, with the given value. */
  readonly detail: string;
}

/**
 * What {@link semanticType} takes: how to check, normalise and compare values of the type.
 * @typeParam M - the model of the base type (`string` for a string-based type).
 * @category models
 */
export interface SemanticTypeDefinition<M extends SemanticModel> {
  /** Short name for docs and messages, e.g. `"normalized JSON"`. */
  readonly name: string;
  /** Plain-text description of what the values are (docs). */
  readonly description?: string;
  /**
   * Checks a known, non-null value at validate time; returns nothing when it is fine, otherwise
   * one or more issues (a bare string is an issue with summary `"Invalid Attribute Value"`).
   */
  readonly validate?: (value: M) => SemanticIssue | string | undefined | readonly (SemanticIssue | string)[];
  /**
   * The canonical form of a valid value. Without `semanticEquals`, two values are semantically
   * equal when their canonical forms are `===`. Defaults to the value itself.
   */
  readonly normalize?: (value: M) => M;
  /**
   * Whether a new value means the same as the prior one (only called with valid values that are
   * not `===`); defaults to comparing {@link SemanticTypeDefinition.normalize}d forms.
   */
  readonly semanticEquals?: (newValue: M, priorValue: M) => boolean;
}

/**
 * The behaviour a {@link SemanticType} carries, as the plan engine and config validation use it.
 * @category models
 */
export interface SemanticBehaviour<M extends SemanticModel = SemanticModel> {
  /** Short name for docs and messages. */
  readonly name: string;
  /** Plain-text description ("" when none). */
  readonly description: string;
  /** Issues of a known, non-null model value (empty when valid). */
  readonly validate: (value: M) => readonly SemanticIssue[];
  /** The canonical form of a valid value. */
  readonly normalize: (value: M) => M;
  /** Whether `newValue` means the same as `priorValue` (false when either is invalid). */
  readonly semanticEquals: (newValue: M, priorValue: M) => boolean;
  /** {@link SemanticBehaviour.validate} of a known, non-null cty value of the base type. */
  readonly validateValue: (value: Value) => readonly SemanticIssue[];
  /**
   * {@link SemanticBehaviour.semanticEquals} of two known, non-null cty values of the base type;
   * never throws (a value that does not convert is simply not equal).
   */
  readonly valuesEqual: (newValue: Value, priorValue: Value) => boolean;
}

/**
 * A type spec with semantic behaviour: its values are checked at validate time, and a new value
 * semantically equal to the prior one keeps the prior one, so no diff shows.
 *
 * @remarks It is its base {@link TypeSpec} (same `kind`, cty type and model) plus `semantic`, so
 * it goes wherever a type spec goes: `attr.of(type, options)`, `attr.list(type, options)`,
 * `t.map(type)`, `t.object({ k: type })`. The Go framework's custom types with
 * `xattr.ValidateableAttribute` and `basetypes.StringValuableWithSemanticEquals`.
 * @typeParam M - the model of the base type.
 * @category models
 */
export interface SemanticType<M extends SemanticModel = SemanticModel> extends TypeSpec<M> {
  /** What makes the type semantic. */
  readonly semantic: SemanticBehaviour<M>;
}

/**
 * Reports whether a type spec is a {@link SemanticType}.
 * @category guards
 */
export function isSemanticType(spec: TypeSpec | undefined): spec is SemanticType {
  const s = (spec as { semantic?: unknown } | undefined)?.semantic;
  return typeof s === "object" && s !== null && typeof (s as SemanticBehaviour).valuesEqual === "function";
}

function issuesOf(
  r: ReturnType<NonNullable<SemanticTypeDefinition<SemanticModel>["validate"]>>,
): SemanticIssue[] {
  if (r === undefined) return [];
  const list = typeof r === "string" || !Array.isArray(r) ? [r as SemanticIssue | string] : r;
  return list.map((x) => (typeof x === "string" ? { summary: "Invalid Attribute Value", detail: x } : x));
}

// Models compared with `===`: not `number`, whose model is an exact CtyNumber object.
const PRIMITIVE = new Set(["string", "int64", "float64", "bool", "int32", "float32"]);

/**
 * Declares a semantic type on a primitive base type: validation, a normaliser and semantic
 * equality.
 *
 * @remarks Validation runs at validate time on known, non-null values, before the attribute's
 * validators (which are skipped when it fails), with the attribute's or element's path. Semantic
 * equality runs in `@tfkit/plan-engine` on the proposed new state against the prior state, and
 * on the results of read, create and update against the current or planned state: a value
 * semantically equal to the earlier one is replaced by the earlier one. Throwing from `validate`,
 * `normalize` or `semanticEquals` reads as "invalid" / "not equal", never as a crash.
 * @example
 * ```ts
 * const hostname = semanticType(t.string, {
 *   name: "hostname",
 *   validate: (v) => (/^[a-z0-9.-]+\.?$/i.test(v) ? undefined : `"${v}" is not a hostname.`),
 *   normalize: (v) => v.toLowerCase().replace(/\.$/, ""),
 * });
 * ```
 * @category constructors
 */
export function semanticType<M extends SemanticModel>(
  base: TypeSpec<M>,
  definition: SemanticTypeDefinition<M>,
): SemanticType<M> {
  if (!PRIMITIVE.has(base.kind)) {
    throw new TypeError(`semanticType: the base type must be a primitive type spec, got "${base.kind}"`);
  }
  const normalize = definition.normalize ?? ((v: M) => v);
  const validate = (value: M): readonly SemanticIssue[] => {
    if (definition.validate === undefined) return [];
    try {
      return issuesOf(definition.validate(value));
    } catch (e) {
      return [{ summary: "Invalid Attribute Value", detail: e instanceof Error ? e.message : String(e) }];
    }
  };
  const semanticEquals = (newValue: M, priorValue: M): boolean => {
    if (newValue === priorValue) return true;
    try {
      if (validate(newValue).length > 0 || validate(priorValue).length > 0) return false;
      if (definition.semanticEquals !== undefined) return definition.semanticEquals(newValue, priorValue);
      return normalize(newValue) === normalize(priorValue);
    } catch {
      return false;
    }
  };
  const model = (v: Value): M => typeValueToModel(base, v, []) as M;
  const behaviour: SemanticBehaviour<M> = Object.freeze({
    name: definition.name,
    description: definition.description ?? "",
    validate,
    normalize,
    semanticEquals,
    validateValue: (value: Value) => {
      try {
        return validate(model(value));
      } catch {
        return []; // the base type's own checks report values that do not convert
      }
    },
    valuesEqual: (newValue: Value, priorValue: Value) => {
      if (rawEquals(newValue, priorValue)) return true;
      try {
        return semanticEquals(model(newValue), model(priorValue));
      } catch {
        return false;
      }
    },
  });
  return Object.freeze({ ...base, semantic: behaviour }) as SemanticType<M>;
}
