import type { Path, Value } from "@tfkit/cty-values";
import { attributeStep, formatPath, replaceAttributes } from "@tfkit/cty-values";
import type { AnyAttributeSpec, BlockSpec, Diagnostic, SchemaBody } from "@tfkit/schema";
import { attributeEntries, blockEntries } from "@tfkit/schema";
import { findCounterpart, type PlannedElement } from "./internal/correlate.js";
import { attrOf, elementType } from "./internal/values.js";
import { mapElements } from "./internal/transform-body.js";
import { isAttributePlanModifier, type PlanModifierRequest } from "./plan-modifier.js";
import { nullVal, unknownVal } from "@tfkit/cty-values";

/**
 * Result of running the schema's attribute plan modifiers.
 * @category models
 */
export interface AttributeModifiersResult {
  /** The planned object after every modifier ran (as far as it got on error). */
  readonly planned: Value;
  /** Paths of attributes whose modifiers asked for replacement, in the order they were found. */
  readonly requiresReplace: readonly Path[];
  /** Every diagnostic the modifiers returned. */
  readonly diagnostics: readonly Diagnostic[];
}

interface Run {
  readonly config: Value;
  readonly state: Value;
  readonly plan: Value;
  readonly replace: Path[];
  readonly diagnostics: Diagnostic[];
  failed: boolean;
}

/**
 * Runs every attribute's plan modifiers over a planned object, top-down.
 *
 * @remarks The Go framework's `SchemaModifyPlan` (spec §6.5): attributes (in schema order), then
 * blocks; each attribute's or block's own modifiers run in order, each seeing the previous
 * `planValue` (a block's before anything inside it); a modifier asking for replacement adds the
 * attribute's or block's own path. Then nested attributes and
 * blocks recurse per element, pairing planned elements with config and state elements by index
 * (lists), key (maps), position (sets, as the Go framework does) or key attributes (`keyBy`);
 * null and unknown planned values are not descended. The first error stops the pass. Schema
 * plan-modifier slots that hold something other than an {@link AttributePlanModifier} are
 * reported as errors.
 * @category combinators
 */
export function runAttributePlanModifiers(
  schema: SchemaBody,
  config: Value,
  state: Value,
  planned: Value,
): AttributeModifiersResult {
  const run: Run = { config, state, plan: planned, replace: [], diagnostics: [], failed: false };
  const out = modifyBody(schema, planned, config, state, [], !state.isNull(), run);
  return { planned: out, requiresReplace: run.replace, diagnostics: run.diagnostics };
}

const holding = new WeakMap<object, boolean>();

/** Whether a nested attribute or block has a plan modifier on itself (blocks) or anything inside (cached). */
function holdsModifiers(spec: Extract<AnyAttributeSpec, { kind: "nested_attribute" }> | BlockSpec): boolean {
  let h = holding.get(spec);
  // Stryker disable next-line ConditionalExpression: equivalent, the cache only saves work.
  if (h === undefined) {
    // Stryker disable next-line BooleanLiteral: equivalent by design, a spec visited without need changes nothing.
    h = false;
    for (const a of Object.values(spec.attributes)) {
      if (a.planModifiers.length > 0 || (a.kind === "nested_attribute" && holdsModifiers(a))) {
        h = true;
        break;
      }
    }
    if (!h && spec.kind === "block") {
      h = spec.planModifiers.length > 0;
      for (const b of Object.values(spec.blocks)) if (!h && holdsModifiers(b)) h = true;
    }
    holding.set(spec, h);
  }
  return h;
}

function modifyBody(
  body: SchemaBody,
  planned: Value,
  config: Value,
  state: Value,
  path: Path,
  inPrior: boolean,
  run: Run,
): Value {
  if (planned.isNull() || !planned.isKnown()) return planned;
  // Only the attributes that change are collected: most stay as they are.
  const entries = planned.entries();
  let changes: Map<string, Value> | undefined;
  for (const [name, spec] of attributeEntries(body.attributes)) {
    if (run.failed) break;
    // Attributes with no plan modifier anywhere inside are left as they are, without a visit.
    // Stryker disable next-line ConditionalExpression: equivalent by design, the skip only saves the visit.
    if (spec.planModifiers.length === 0 && (spec.kind !== "nested_attribute" || !holdsModifiers(spec)))
      continue;
    const v = entries.get(name);
    // Stryker disable next-line ConditionalExpression: equivalent, a value of the schema's type has every attribute.
    if (v === undefined) continue;
    const nv = modifyAttribute(
      spec,
      v,
      attrOf(config, name),
      attrOf(state, name),
      [...path, attributeStep(name)],
      inPrior,
      run,
    );
    // Stryker disable next-line ConditionalExpression: equivalent, an unchanged value replaced by itself.
    if (nv !== v) {
      changes ??= new Map();
      changes.set(name, nv);
    }
  }
  for (const [name, spec] of blockEntries(body.blocks)) {
    if (run.failed) break;
    // Stryker disable next-line ConditionalExpression: equivalent by design, the skip only saves the visit.
    if (!holdsModifiers(spec)) continue;
    const v = entries.get(name);
    // Stryker disable next-line ConditionalExpression: equivalent, a value of the schema's type has every attribute.
    if (v === undefined) continue;
    const nv = modifyBlock(
      spec,
      v,
      attrOf(config, name),
      attrOf(state, name),
      [...path, attributeStep(name)],
      inPrior,
      run,
    );
    // Stryker disable next-line ConditionalExpression: equivalent, an unchanged value replaced by itself.
    if (nv !== v) {
      changes ??= new Map();
      changes.set(name, nv);
    }
  }
  return changes === undefined ? planned : replaceAttributes(planned, changes);
}

/**
 * Runs one attribute's or block's own plan modifiers in order, each seeing the previous
 * `planValue` (the Go framework's `AttributePlanModify*` / `BlockPlanModify*` loops).
 */
function runModifiers(
  modifiers: AnyAttributeSpec["planModifiers"],
  planned: Value,
  config: Value,
  state: Value,
  path: Path,
  inPrior: boolean,
  run: Run,
): Value {
  let plan = planned;
  for (const m of modifiers) {
    if (!isAttributePlanModifier(m)) {
      run.diagnostics.push({
        severity: "error",
        summary: "Unsupported Plan Modifier",
        detail: `The plan modifier of kind "${(m as { kind?: unknown }).kind}" on ${formatPath(path)} has no modify function, so @tfkit/plan-engine cannot run it. Use the constructors of @tfkit/plan-engine (useStateForUnknown(), requiresReplace(), planModifier(...)). This is always a problem with the provider.`,
        path,
      });
      run.failed = true;
      return plan;
    }
    const request: PlanModifierRequest = {
      path,
      configValue: config,
      stateValue: state,
      planValue: plan,
      config: run.config,
      state: run.state,
      plan: run.plan,
      inPriorState: inPrior,
    };
    const result = m.modify(request);
    if (result === undefined) continue;
    if (result.diagnostics !== undefined) run.diagnostics.push(...result.diagnostics);
    if (result.requiresReplace === true) run.replace.push(path);
    if (result.diagnostics?.some((d) => d.severity === "error") === true) {
      run.failed = true;
      return plan;
    }
    if (result.planValue !== undefined) plan = result.planValue;
  }
  return plan;
}

function modifyAttribute(
  spec: AnyAttributeSpec,
  planned: Value,
  config: Value,
  state: Value,
  path: Path,
  inPrior: boolean,
  run: Run,
): Value {
  const plan = runModifiers(spec.planModifiers, planned, config, state, path, inPrior, run);
  if (run.failed || spec.kind !== "nested_attribute" || plan.isNull() || !plan.isKnown()) return plan;
  const body: SchemaBody = { attributes: spec.attributes, blocks: {} };
  if (spec.nesting === "single") return modifyBody(body, plan, config, state, path, inPrior, run);
  return modifyElements(body, spec.keyBy, plan, config, state, path, inPrior, run);
}

function modifyBlock(
  spec: BlockSpec,
  planned: Value,
  config: Value,
  state: Value,
  path: Path,
  inPrior: boolean,
  run: Run,
): Value {
  // The block's own modifiers see the whole value first, null or unknown too (Go's BlockModifyPlan).
  const plan = runModifiers(spec.planModifiers, planned, config, state, path, inPrior, run);
  if (run.failed || plan.isNull() || !plan.isKnown()) return plan;
  if (spec.nesting === "single" || spec.nesting === "group") {
    return modifyBody(spec, plan, config, state, path, inPrior, run);
  }
  return modifyElements(spec, spec.keyBy, plan, config, state, path, inPrior, run);
}

function modifyElements(
  body: SchemaBody,
  keyBy: readonly string[],
  planned: Value,
  config: Value,
  state: Value,
  path: Path,
  inPrior: boolean,
  run: Run,
): Value {
  const et = elementType(planned.type);
  const configUsed = new Set<number>();
  const stateUsed = new Set<number>();
  return mapElements(planned, (el) => {
    if (run.failed) return el.value;
    const c = counterpart(config, el, keyBy, et, configUsed);
    const s = counterpart(state, el, keyBy, et, stateUsed);
    // Keyed elements without a prior element of the same key are new: plan them like a create.
    const elementInPrior =
      keyBy.length > 0 && el.key === undefined ? inPrior && s.isKnown() && !s.isNull() : inPrior;
    return modifyBody(body, el.value, c, s, [...path, el.step], elementInPrior, run);
  });
}

/** The Go framework's `listElemObject` / `setElemObject` / `mapElemObject`: null when missing. */
function counterpart(
  collection: Value,
  el: PlannedElement,
  keyBy: readonly string[],
  et: Value["type"],
  used: Set<number>,
): Value {
  if (!collection.isKnown()) return unknownVal(et);
  if (collection.isNull()) return nullVal(et);
  // Stryker disable next-line StringLiteral: equivalent, any mode but "value" pairs set elements by position.
  return findCounterpart(collection, el, keyBy, "position", used) ?? nullVal(et);
}
