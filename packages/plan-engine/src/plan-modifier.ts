import type { Path, Value } from "@tfkit/cty-values";
import { rawEquals, unrefinedDeep } from "@tfkit/cty-values";
import type { Diagnostic, PlanModifier } from "@tfkit/schema";

/**
 * What an attribute plan modifier is given: the `request` of the `modify` function you write
 * (see {@link planModifier}). Every value is a cty `Value`.
 *
 * @remarks The Go framework's `planmodifier.StringRequest` and friends, with cty values instead
 * of framework types. Inside nested attributes and blocks, `configValue` and `stateValue` come
 * from the corresponding element: same index (lists), same key (maps), same position (sets, as
 * the Go framework does), or same key attributes when the collection has `keyBy`. A missing
 * counterpart is null.
 * @category models
 */
export interface PlanModifierRequest {
  /** Path of the attribute (or block) being planned. */
  readonly path: Path;
  /** The attribute's config value (may be null or unknown). */
  readonly configValue: Value;
  /** The attribute's prior state value (null on create). */
  readonly stateValue: Value;
  /** The attribute's planned value so far (earlier modifiers' results included). */
  readonly planValue: Value;
  /** The whole configuration. */
  readonly config: Value;
  /** The whole prior state (null on create). */
  readonly state: Value;
  /** The whole planned state as it was before attribute plan modifiers ran. */
  readonly plan: Value;
  /**
   * Whether the object holding this attribute exists in the prior state: false on create and,
   * inside `keyBy` collections, for elements with no prior element of the same key. (Without
   * `keyBy` this follows the Go framework, which only knows whether the whole state is null.)
   */
  readonly inPriorState: boolean;
}

/**
 * What an attribute plan modifier returns; every field is optional ("no change").
 * @category models
 */
export interface PlanModifierResult {
  /** The new planned value of the attribute. */
  readonly planValue?: Value;
  /** Whether a change of this attribute needs the resource replaced. */
  readonly requiresReplace?: boolean;
  /** Problems to report; an error stops planning. */
  readonly diagnostics?: readonly Diagnostic[];
}

/**
 * An attribute plan modifier that `@tfkit/plan-engine` can run: the schema's
 * `PlanModifier` slot plus a `modify` function.
 *
 * @remarks The Go framework's `planmodifier.String` (and the other per-type interfaces). Put it in
 * an attribute's or a block's `planModifiers`; modifiers run in order, each seeing the
 * previous one's `planValue` (a block's see the whole block value: a list, set, map or
 * object). Build one with {@link planModifier} or use the built-ins.
 * @typeParam M - model type of the values the modifier accepts (type-level only).
 * @category models
 */
export interface AttributePlanModifier<M = unknown> extends PlanModifier<M> {
  /** Identifies the modifier kind (`"use_state_for_unknown"`, `"requires_replace"`, …). */
  readonly kind: string;
  /** Plain-text description (docs). */
  readonly description: string;
  /** Computes the modification for one attribute value. */
  readonly modify: (request: PlanModifierRequest) => PlanModifierResult | undefined;
}

/**
 * Reports whether a schema plan-modifier slot holds a modifier this package can run.
 * @category guards
 */
export function isAttributePlanModifier(u: unknown): u is AttributePlanModifier {
  return (
    typeof u === "object" &&
    u !== null &&
    typeof (u as { kind?: unknown }).kind === "string" &&
    typeof (u as { modify?: unknown }).modify === "function"
  );
}

/**
 * A custom attribute plan modifier.
 * @example
 * ```ts
 * const lowercase = planModifier<string>({
 *   description: "plans the lower-case form of the configured value",
 *   modify: ({ planValue }) =>
 *     planValue.isKnown() && !planValue.isNull() ? { planValue: stringVal(planValue.asString().toLowerCase()) } : undefined,
 * });
 * ```
 * @category constructors
 */
export function planModifier<M = unknown>(definition: {
  readonly kind?: string;
  readonly description?: string;
  readonly modify: (request: PlanModifierRequest) => PlanModifierResult | undefined;
}): AttributePlanModifier<M> {
  return Object.freeze({
    kind: definition.kind ?? "custom",
    description: definition.description ?? "",
    modify: definition.modify,
  });
}

/**
 * Keeps the prior state value instead of "(known after apply)" when the attribute is unknown in
 * the plan and not configured with an unknown value.
 *
 * @remarks The Go framework's `UseStateForUnknown()`: no-op on create (whole prior state null),
 * when the planned value is known, or when the config value is unknown; otherwise the planned
 * value becomes the state value, even a null one. Inside `keyBy` collections a new element counts
 * as a create (see {@link PlanModifierRequest.inPriorState}), so it stays unknown instead of
 * copying the null of a missing state element.
 * @category constructors
 */
export function useStateForUnknown(): AttributePlanModifier {
  return Object.freeze({
    kind: "use_state_for_unknown",
    description: "Once set, the value of this attribute in state will not change.",
    modify: (req: PlanModifierRequest): PlanModifierResult | undefined => {
      if (!req.inPriorState || req.planValue.isKnown() || !req.configValue.isKnown()) return undefined;
      return { planValue: req.stateValue };
    },
  });
}

/**
 * Like {@link useStateForUnknown}, but only copies a non-null state value.
 * @remarks The Go framework's `UseNonNullStateForUnknown()`.
 * @category constructors
 */
export function useNonNullStateForUnknown(): AttributePlanModifier {
  return Object.freeze({
    kind: "use_non_null_state_for_unknown",
    description: "Once set to a non-null value, the value of this attribute in state will not change.",
    modify: (req: PlanModifierRequest): PlanModifierResult | undefined => {
      if (req.stateValue.isNull() || req.planValue.isKnown() || !req.configValue.isKnown()) return undefined;
      return { planValue: req.stateValue };
    },
  });
}

/**
 * What a {@link requiresReplaceIf} condition returns: a boolean, or a result with diagnostics.
 * @category models
 */
export type RequiresReplaceIfResult =
  | boolean
  | {
      /** Whether the change needs the resource replaced. */
      readonly requiresReplace: boolean;
      /** Problems to report. */
      readonly diagnostics?: readonly Diagnostic[];
    };

/**
 * Requires replacement when the attribute changes and `condition` says so.
 *
 * @remarks The Go framework's `RequiresReplaceIf(f, description, markdownDescription)`: no-op on
 * create (prior state null; for `keyBy` collections also a new element), on destroy (plan null), and when the planned value equals the state
 * value exactly (`tftypes.Value.Equal`: an unknown plan is a change); otherwise `condition`
 * decides.
 * @category constructors
 */
export function requiresReplaceIf(
  condition: (request: PlanModifierRequest) => RequiresReplaceIfResult,
  description = "If the value of this attribute changes, Terraform will destroy and recreate the resource.",
): AttributePlanModifier {
  return replaceModifier("requires_replace_if", description, condition);
}

/**
 * Requires replacement whenever the attribute's planned value differs from state.
 *
 * @remarks The Go framework's `RequiresReplace()`. A computed attribute that becomes unknown
 * counts as changed, so it forces replacement (core keeps the path, spec §7.51).
 * @category constructors
 */
export function requiresReplace(): AttributePlanModifier {
  return replaceModifier(
    "requires_replace",
    "If the value of this attribute changes, Terraform will destroy and recreate the resource.",
    () => true,
  );
}

/**
 * Requires replacement when the attribute changes and is set in config.
 * @remarks The Go framework's `RequiresReplaceIfConfigured()`.
 * @category constructors
 */
export function requiresReplaceIfConfigured(): AttributePlanModifier {
  return replaceModifier(
    "requires_replace_if_configured",
    "If the value of this attribute is configured and changes, Terraform will destroy and recreate the resource.",
    (req) => !req.configValue.isNull(),
  );
}

function replaceModifier(
  kind: string,
  description: string,
  condition: (request: PlanModifierRequest) => RequiresReplaceIfResult,
): AttributePlanModifier {
  return Object.freeze({
    kind,
    description,
    modify: (req: PlanModifierRequest): PlanModifierResult | undefined => {
      if (!req.inPriorState || req.plan.isNull()) return undefined;
      if (rawEquals(unrefinedDeep(req.planValue), unrefinedDeep(req.stateValue))) return undefined;
      const r = condition(req);
      if (typeof r === "boolean") return { requiresReplace: r };
      return r.diagnostics === undefined
        ? { requiresReplace: r.requiresReplace }
        : { requiresReplace: r.requiresReplace, diagnostics: r.diagnostics };
    },
  });
}
