import type { Type } from "@tfkit/cty-values";
import { hasDynamicTypes, testConformance } from "@tfkit/cty-values";
import { DEFAULT_PROBLEM } from "./attribute.js";
import type { SchemaBody } from "./model-types.js";
import type { AnyAttributeSpec, Attributes, BlockSpec, SchemaKind } from "./spec.js";
import type { ConfigValidator } from "./validators/config.js";
import { type ResolvedStep, resolveTarget, schemaMismatch } from "./validators/match.js";
import { isPathExpression, matchRoot, type PathTarget } from "./validators/path-expression.js";

/** @internal One self-check finding. */
export interface SchemaProblem {
  readonly path: readonly string[];
  readonly message: string;
}

const VALID_NAME = /^[a-z_][a-z0-9_]*$/;

/** Root names Terraform reserves for meta-arguments (Go framework `ReservedResourceAttributeNames`). */
const RESERVED_RESOURCE = new Set([
  "connection",
  "count",
  "depends_on",
  "for_each",
  "lifecycle",
  "provider",
  "provisioner",
]);
/** Root names reserved in provider configuration (`ReservedProviderAttributeNames`). */
const RESERVED_PROVIDER = new Set(["alias", "version"]);

const NESTING_NAME = {
  single: "NestingSingle",
  list: "NestingList",
  set: "NestingSet",
  map: "NestingMap",
  group: "NestingGroup",
};

function reservedFor(kind: SchemaKind): ReadonlySet<string> {
  if (kind === "provider") return RESERVED_PROVIDER;
  if (kind === "provider_meta") return new Set();
  return RESERVED_RESOURCE;
}

function checkName(name: string, path: readonly string[], problems: SchemaProblem[]): void {
  if (VALID_NAME.test(name)) return;
  problems.push({
    path,
    message: `invalid name ${JSON.stringify(name)}: names must ${
      /^[0-9]/.test(name) ? "begin with a lowercase letter (a-z) or underscore (_) and must " : ""
    }only contain lowercase letters (a-z), digits (0-9) and underscores (_)`,
  });
}

function isNonNegativeInt(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

function setTypeHasDynamic(t: Type): boolean {
  switch (t.kind) {
    case "set":
      return hasDynamicTypes(t.elementType) || setTypeHasDynamic(t.elementType);
    case "list":
    case "map":
      return setTypeHasDynamic(t.elementType);
    case "object":
      return Object.values(t.attributeTypes).some(setTypeHasDynamic);
    case "tuple":
      return t.elementTypes.some(setTypeHasDynamic);
    default:
      return false;
  }
}

/** Does a body (attributes, nested attributes, blocks) contain a write-only attribute? */
function containsWriteOnly(attributes: Attributes, blocks: Readonly<Record<string, BlockSpec>>): boolean {
  for (const a of Object.values(attributes)) {
    if (a.writeOnly) return true;
    if (a.kind === "nested_attribute" && containsWriteOnly(a.attributes, {})) return true;
  }
  return Object.values(blocks).some((b) => containsWriteOnly(b.attributes, b.blocks));
}

function checkCrossReferences(
  spec: AnyAttributeSpec,
  name: string,
  siblings: ReadonlySet<string>,
  path: readonly string[],
  problems: SchemaProblem[],
): void {
  const rules = {
    conflictsWith: spec.conflictsWith,
    alsoRequires: spec.alsoRequires,
    exactlyOneOf: spec.exactlyOneOf,
    atLeastOneOf: spec.atLeastOneOf,
  };
  for (const [rule, names] of Object.entries(rules)) {
    for (const other of names) {
      // Path expressions are checked against the whole schema by checkPathTargets.
      if (isPathExpression(other)) continue;
      if (typeof other !== "string") {
        problems.push({ path, message: `${rule} entries must be names or path expressions` });
      } else if (other === name) problems.push({ path, message: `${rule} refers to the attribute itself` });
      else if (!siblings.has(other)) {
        problems.push({
          path,
          message: `${rule} refers to "${other}", which is not an attribute or block of the same object`,
        });
      }
    }
  }
}

function checkKeyBy(
  keyBy: readonly string[],
  attributes: Attributes,
  path: readonly string[],
  problems: SchemaProblem[],
): void {
  for (const k of keyBy) {
    const a = attributes[k];
    if (a === undefined)
      problems.push({ path, message: `keyBy refers to "${k}", which is not an attribute of the element` });
    else if (a.presence === "computed") {
      problems.push({
        path,
        message: `keyBy refers to "${k}", which is computed-only and so never in the configuration`,
      });
    }
  }
}

/**
 * Plan modifiers must be able to run: only resources are planned, and the plan engine runs only
 * modifiers with a `modify` function (a bare `{ kind }` would otherwise be skipped or fail late).
 */
function checkPlanModifiers(modifiers: unknown, kind: SchemaKind, add: (message: string) => void): void {
  if (!Array.isArray(modifiers)) {
    add("planModifiers must be an array");
    return;
  }
  if (modifiers.length > 0 && kind !== "resource")
    add("plan modifiers are only supported in managed resource schemas");
  for (const m of modifiers) {
    if (typeof m !== "object" || m === null || typeof (m as { kind?: unknown }).kind !== "string")
      add("a plan modifier must be an object with a string kind");
    else if (typeof (m as { modify?: unknown }).modify !== "function")
      add(
        `the plan modifier of kind "${(m as { kind: string }).kind}" has no modify function, so it cannot run (build plan modifiers with @tfkit/plan-engine)`,
      );
  }
}

function checkAttribute(
  spec: AnyAttributeSpec,
  name: string,
  kind: SchemaKind,
  path: readonly string[],
  siblings: ReadonlySet<string>,
  problems: SchemaProblem[],
): void {
  const add = (message: string) => problems.push({ path, message });
  if (spec.kind !== "attribute" && spec.kind !== "nested_attribute") {
    add("not an attribute spec (build attributes with attr.*)");
    return;
  }
  // Terraform core's InternalValidate rules, in its own words.
  if (!spec.optional && !spec.required && !spec.computed) add("must set Optional, Required or Computed");
  if (spec.optional && spec.required) add("cannot set both Optional and Required");
  if (spec.computed && spec.required) add("cannot set both Computed and Required");

  const problem = (spec as unknown as Record<symbol, string | undefined>)[DEFAULT_PROBLEM];
  if (problem !== undefined) add(`invalid default: ${problem}`);
  if (spec.default !== undefined) {
    if (!spec.computed)
      add("an attribute with a default must be Computed (the default is a value the provider sets)");
    if (!spec.default.isWhollyKnown()) add("the default value must be wholly known");
    for (const e of testConformance(spec.default.type, spec.type))
      add(`the default value does not fit the attribute's type: ${e.message}`);
    if (kind !== "resource") add("defaults are only supported in managed resource schemas");
  }
  if (spec.presence === "computed") {
    if (spec.validators.length > 0) {
      add("validators of a computed-only attribute never run (its configuration is always null)");
    }
    const cross =
      spec.conflictsWith.length +
      spec.alsoRequires.length +
      spec.exactlyOneOf.length +
      spec.atLeastOneOf.length;
    if (cross > 0)
      add("cross-attribute rules on a computed-only attribute never apply (it is never configured)");
  }
  if (spec.writeOnly) {
    if (spec.computed) add("write-only attributes cannot be Computed");
    if (spec.default !== undefined) add("write-only attributes cannot have a default");
    if (kind !== "resource") add("write-only attributes are only supported in managed resource schemas");
  }
  if (spec.computed && kind === "provider") add("provider schemas cannot have Computed attributes");
  checkPlanModifiers(spec.planModifiers, kind, add);
  for (const v of spec.validators) {
    const ok =
      typeof v === "function" || (typeof v === "object" && v !== null && typeof v.validate === "function");
    if (!ok) add("a validator must be a function or an object with a validate function");
  }
  checkCrossReferences(spec, name, siblings, path, problems);

  if (spec.kind === "attribute") {
    if (setTypeHasDynamic(spec.type))
      add("set types may not contain cty.DynamicPseudoType (set elements need an exact type)");
    return;
  }
  if (spec.nesting === "set") {
    if (hasDynamicTypes(spec.type))
      add("NestingSet attributes may not contain attributes of cty.DynamicPseudoType");
    if (containsWriteOnly(spec.attributes, {}))
      add("NestingSet attributes may not contain WriteOnly attributes");
  }
  if (spec.keyBy.length > 0) {
    if (spec.nesting !== "list" && spec.nesting !== "set") add("keyBy only applies to list and set nesting");
    checkKeyBy(spec.keyBy, spec.attributes, path, problems);
  }
  checkBody({ attributes: spec.attributes, blocks: {} }, kind, path, problems);
}

function checkBlock(
  spec: BlockSpec,
  kind: SchemaKind,
  path: readonly string[],
  problems: SchemaProblem[],
): void {
  const add = (message: string) => problems.push({ path, message });
  if (spec.kind !== "block") {
    add("not a block spec (build blocks with block.*)");
    return;
  }
  const { minItems: min, maxItems: max } = spec;
  if (!isNonNegativeInt(min) || !isNonNegativeInt(max)) {
    add("MinItems and MaxItems must both be greater than zero");
  } else {
    switch (spec.nesting) {
      case "single":
        if (min !== max) add("MinItems and MaxItems must match in NestingSingle mode");
        else if (min > 1) add("MinItems and MaxItems must be set to either 0 or 1 in NestingSingle mode");
        break;
      case "group":
        if (min !== 0 || max !== 0) add("MinItems and MaxItems cannot be used in NestingGroup mode");
        break;
      case "list":
      case "set":
        if (min > max && max !== 0)
          add(`MinItems must be less than or equal to MaxItems in ${NESTING_NAME[spec.nesting]} mode`);
        break;
      case "map":
        if (min !== 0 || max !== 0) add("MinItems and MaxItems must both be 0 in NestingMap mode");
        break;
      default:
        add(`invalid nesting mode ${String(spec.nesting)}`);
    }
  }
  if (spec.nesting === "set") {
    if (hasDynamicTypes(spec.objectType))
      add("NestingSet blocks may not contain attributes of cty.DynamicPseudoType");
    if (containsWriteOnly(spec.attributes, spec.blocks))
      add("NestingSet blocks may not contain WriteOnly attributes");
  }
  if (spec.keyBy.length > 0) {
    if (spec.nesting !== "list" && spec.nesting !== "set") add("keyBy only applies to list and set nesting");
    checkKeyBy(spec.keyBy, spec.attributes, path, problems);
  }
  if (spec.computed && kind !== "resource")
    add("computed blocks are only supported in managed resource schemas");
  checkPlanModifiers(spec.planModifiers, kind, add);
  checkBody(spec, kind, path, problems);
}

/** @internal Checks every attribute and block of a body, recursively. */
export function checkBody(
  body: SchemaBody,
  kind: SchemaKind,
  path: readonly string[],
  problems: SchemaProblem[],
): void {
  const atRoot = path.length === 0;
  const reserved = reservedFor(kind);
  const siblings = new Set([...Object.keys(body.attributes), ...Object.keys(body.blocks)]);
  for (const [name, spec] of Object.entries(body.attributes)) {
    const p = [...path, name];
    checkName(name, p, problems);
    if (atRoot && reserved.has(name))
      problems.push({ path: p, message: `"${name}" is a reserved root attribute/block name` });
    checkAttribute(spec, name, kind, p, siblings, problems);
  }
  for (const [name, spec] of Object.entries(body.blocks)) {
    const p = [...path, name];
    if (Object.hasOwn(body.attributes, name)) {
      problems.push({ path: p, message: "name defined as both attribute and child block type" });
    }
    checkName(name, p, problems);
    if (atRoot && reserved.has(name))
      problems.push({ path: p, message: `"${name}" is a reserved root attribute/block name` });
    checkBlock(spec, kind, p, problems);
  }
}

/** Checks one rule's path expressions, resolved against the attribute's place in the schema. */
function checkTargets(
  rule: string,
  targets: readonly PathTarget[],
  base: readonly ResolvedStep[],
  root: SchemaBody,
  path: readonly string[],
  problems: SchemaProblem[],
): void {
  for (const target of targets) {
    if (!isPathExpression(target)) continue;
    const steps = resolveTarget(target, base);
    const why = steps === undefined ? "it goes above the root" : schemaMismatch(steps, root);
    if (why !== undefined)
      problems.push({
        path,
        message: `${rule} refers to "${target.toString()}", which matches nothing: ${why}`,
      });
  }
}

/** Paths an attribute validator reads besides its own value (sum-of validators declare them). */
function validatorTargets(validator: unknown): readonly PathTarget[] {
  const paths = (validator as { pathExpressions?: unknown } | null)?.pathExpressions;
  return Array.isArray(paths) ? (paths as PathTarget[]) : [];
}

function elementStep(nesting: string): ResolvedStep | undefined {
  if (nesting === "list") return { kind: "any_list_index" };
  if (nesting === "set") return { kind: "any_set_value" };
  if (nesting === "map") return { kind: "any_map_key" };
  return undefined;
}

function walkTargets(
  body: SchemaBody,
  base: readonly ResolvedStep[],
  root: SchemaBody,
  path: readonly string[],
  problems: SchemaProblem[],
): void {
  for (const [name, spec] of Object.entries(body.attributes)) {
    const steps: ResolvedStep[] = [...base, { kind: "attribute", name }];
    const p = [...path, name];
    checkTargets("conflictsWith", spec.conflictsWith, steps, root, p, problems);
    checkTargets("alsoRequires", spec.alsoRequires, steps, root, p, problems);
    checkTargets("exactlyOneOf", spec.exactlyOneOf, steps, root, p, problems);
    checkTargets("atLeastOneOf", spec.atLeastOneOf, steps, root, p, problems);
    for (const v of spec.validators)
      checkTargets("a validator", validatorTargets(v), steps, root, p, problems);
    if (spec.kind === "nested_attribute") {
      const el = elementStep(spec.nesting);
      walkTargets(
        { attributes: spec.attributes, blocks: {} },
        el ? [...steps, el] : steps,
        root,
        p,
        problems,
      );
    }
  }
  for (const [name, spec] of Object.entries(body.blocks)) {
    const steps: ResolvedStep[] = [...base, { kind: "attribute", name }];
    const p = [...path, name];
    for (const v of spec.validators)
      checkTargets("a validator", validatorTargets(v), steps, root, p, problems);
    const el = elementStep(spec.nesting);
    walkTargets(spec, el ? [...steps, el] : steps, root, p, problems);
  }
}

/**
 * @internal Checks every path expression of a schema (presence rules, validators reading other
 * paths, config validators) against the schema, and the config validators' shape.
 */
export function checkPathTargets(
  schema: SchemaBody & { readonly configValidators?: readonly ConfigValidator[] },
  problems: SchemaProblem[],
): void {
  walkTargets(schema, [], schema, [], problems);
  for (const v of schema.configValidators ?? []) {
    if (typeof v !== "object" || v === null || typeof v.validate !== "function") {
      problems.push({ path: [], message: "a config validator must be an object with a validate function" });
      continue;
    }
    const targets = validatorTargets(v).map((t) => (typeof t === "string" ? matchRoot(t) : t));
    checkTargets("a config validator", targets, [], schema, [], problems);
  }
}
