import type { Path, Value } from "@tfkit/cty-values";
import { isCtyError, nullVal, numberVal, stringVal } from "@tfkit/cty-values";
import { type Diagnostic, diagnostic } from "./diagnostics.js";
import { frameworkPathString, withAttribute, withIndex } from "./internal/path.js";
import { float32Problem, float64Problem, int32Problem } from "./internal/number-kinds.js";
import { configModelOf, typeValueToModel } from "./model.js";
import type { SchemaBody } from "./model-types.js";
import { isSemanticType } from "./semantic/semantic-type.js";
import type { Schema } from "./schema.js";
import type { AnyAttributeSpec, BlockSpec } from "./spec.js";
import type { TypeSpec } from "./type-spec.js";
import type { Validator, ValidatorContext, ValidatorIssue, ValidatorResult } from "./validator.js";
import { runConfigValidator } from "./validators/config.js";
import {
  blockIsSpecified,
  isSpecified,
  type Match,
  type Matches,
  matchSteps,
  type ResolvedStep,
  pathSteps,
  resolvedString,
  resolveTarget,
  withoutSelf,
} from "./validators/match.js";
import type { PathTarget } from "./validators/path-expression.js";

/**
 * Options of {@link validateConfig}.
 * @category models
 */
export interface ValidateConfigOptions {
  /**
   * Whether the client supports write-only attributes (tfplugin6
   * `ClientCapabilities.write_only_attributes_allowed`). When `false`, a non-null write-only value
   * is an error. Default: not checked.
   */
  readonly writeOnlyAttributesAllowed?: boolean;
}

interface Ctx {
  readonly schema: SchemaBody;
  readonly config: Value;
  readonly options: ValidateConfigOptions;
  readonly out: Diagnostic[];
}

const COMBINATION = "Invalid Attribute Combination";

function lastName(path: Path): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const s = path[i];
    if (s?.kind === "attribute") return s.name;
  }
  return "";
}

function hasRules(spec: AnyAttributeSpec): boolean {
  return (
    spec.conflictsWith.length +
      spec.alsoRequires.length +
      spec.exactlyOneOf.length +
      spec.atLeastOneOf.length >
    0
  );
}

function runValidators(
  validators: readonly Validator<never>[],
  model: unknown,
  vctx: ValidatorContext,
  defaultSummary: string,
  out: Diagnostic[],
): void {
  for (const validator of validators) {
    const fn = typeof validator === "function" ? validator : validator.validate;
    let result: ValidatorResult;
    try {
      result = (fn as (m: unknown, c: ValidatorContext) => ValidatorResult)(model, vctx);
    } catch (e) {
      out.push(
        diagnostic(
          "error",
          "Attribute Validation Error",
          `A validator failed: ${e instanceof Error ? e.message : String(e)}`,
          vctx.path,
        ),
      );
      continue;
    }
    const list: readonly (string | ValidatorIssue)[] =
      result === undefined || result === null
        ? []
        : typeof result === "string" || !Array.isArray(result)
          ? [result as string | ValidatorIssue]
          : result;
    for (const issue of list) {
      if (typeof issue === "string") out.push(diagnostic("error", defaultSummary, issue, vctx.path));
      else
        out.push(
          diagnostic(
            issue.severity ?? "error",
            issue.summary ?? defaultSummary,
            issue.detail,
            issue.path ?? vctx.path,
          ),
        );
    }
  }
}

const NULL_ELEMENT = "Invalid Null Element";

function nullElement(path: Path, where: string): Diagnostic {
  return diagnostic(
    "error",
    NULL_ELEMENT,
    `This ${where} does not accept null elements. Remove the null element or give it a value.`,
    path,
  );
}

/**
 * Checks what a plain attribute value's model promises, deep inside it: int64 and int32 values
 * whole and in range, float32 values within single precision's range (the Go framework's
 * Int64Type, Int32Type and Float32Type conversions), no null elements where the collection type
 * says `nullElements: false`.
 */
function checkNumberKinds(spec: TypeSpec, v: Value, path: Path, out: Diagnostic[]): void {
  if (v.isNull() || !v.isKnown()) return;
  if (isSemanticType(spec))
    for (const i of spec.semantic.validateValue(v)) out.push(diagnostic("error", i.summary, i.detail, path));
  if (spec.nullElements === false && (spec.kind === "list" || spec.kind === "set" || spec.kind === "map")) {
    const where = spec.kind === "map" ? "map" : spec.kind === "set" ? "set" : "list";
    if (spec.kind === "map") {
      for (const [k, e] of v.entries())
        if (e.isNull()) out.push(nullElement(withIndex(path, stringVal(k)), where));
    } else {
      v.elements().forEach((e, i) => {
        if (e.isNull()) out.push(nullElement(withIndex(path, spec.kind === "set" ? e : numberVal(i)), where));
      });
    }
  }
  switch (spec.kind) {
    case "int64": {
      const n = v.asNumber();
      if (!n.isInt64()) {
        out.push(
          diagnostic(
            "error",
            "Invalid Attribute Value",
            `Value ${n.text()} cannot be represented as a 64-bit integer.`,
            path,
          ),
        );
      }
      return;
    }
    case "int32":
    case "float32":
    case "float64": {
      const n = v.asNumber();
      const problem =
        spec.kind === "int32"
          ? int32Problem(n)
          : spec.kind === "float32"
            ? float32Problem(n)
            : float64Problem(n);
      if (problem !== undefined) out.push(diagnostic("error", "Invalid Attribute Value", problem, path));
      return;
    }
    case "list":
    case "set":
      v.elements().forEach((e, i) => {
        checkNumberKinds(
          spec.element as TypeSpec,
          e,
          withIndex(path, v.type.kind === "set" ? e : numberVal(i)),
          out,
        );
      });
      return;
    case "map":
      for (const [k, e] of v.entries())
        checkNumberKinds(spec.element as TypeSpec, e, withIndex(path, stringVal(k)), out);
      return;
    case "object":
      for (const [k, as] of Object.entries(spec.attributes ?? {})) {
        const e = v.entries().get(k);
        if (e !== undefined) checkNumberKinds(as, e, withAttribute(path, k), out);
      }
      return;
    case "tuple":
      v.elements().forEach((e, i) => {
        const es = spec.elements?.[i];
        if (es !== undefined) checkNumberKinds(es, e, withIndex(path, numberVal(i)), out);
      });
      return;
    default:
      return;
  }
}

function validateAttribute(spec: AnyAttributeSpec, v: Value, path: Path, ctx: Ctx): void {
  const name = lastName(path);
  const { out } = ctx;
  if (spec.presence === "computed" && !v.isNull()) {
    out.push(
      diagnostic(
        "error",
        "Invalid Configuration for Read-Only Attribute",
        "Cannot set value for this attribute as the provider has marked it as read-only. Remove the configuration line setting the value.\n\n" +
          "Refer to the provider documentation or contact the provider developers for additional information about configurable and read-only attributes that are supported.",
        path,
      ),
    );
    return;
  }
  if (spec.required && v.isNull()) {
    out.push(
      diagnostic(
        "error",
        "Missing required argument",
        `The argument "${name}" is required, but no definition was found.`,
        path,
      ),
    );
    return;
  }
  if (spec.writeOnly && ctx.options.writeOnlyAttributesAllowed === false && !v.isNull()) {
    out.push(
      diagnostic(
        "error",
        "WriteOnly Attribute Not Allowed",
        `The resource contains a non-null value for WriteOnly attribute ${name}. Write-only attributes are only supported in Terraform 1.11 and later.`,
        path,
      ),
    );
  }
  if (v.isNull() || !v.isKnown()) return;

  if (spec.kind === "attribute") {
    const before = out.length;
    checkNumberKinds(spec.valueType, v, path, out);
    if (out.length === before && spec.validators.length > 0 && v.isWhollyKnown()) {
      const model = typeValueToModelSafe(spec.valueType, v, path);
      if (model.ok)
        runValidators(
          spec.validators,
          model.value,
          { path, value: v, config: ctx.config },
          "Invalid Attribute Value",
          out,
        );
    }
  } else {
    if (spec.validators.length > 0) {
      const model = configModelSafe(spec, v, path);
      if (model.ok)
        runValidators(
          spec.validators,
          model.value,
          { path, value: v, config: ctx.config },
          "Invalid Attribute Value",
          out,
        );
    }
    if (spec.nesting !== "single") checkNullNestedElements(spec.nesting, v, path, out);
    const body: SchemaBody = { attributes: spec.attributes, blocks: {} };
    forEachElement(spec.nesting, v, path, (e, p) => validateBody(body, e, p, ctx));
  }
  if (spec.deprecated) {
    out.push(
      diagnostic(
        "warning",
        "Attribute Deprecated",
        spec.deprecationMessage !== "" ? spec.deprecationMessage : `The attribute "${name}" is deprecated.`,
        path,
      ),
    );
  }
}

function typeValueToModelSafe(
  spec: TypeSpec,
  v: Value,
  path: Path,
): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: typeValueToModel(spec, v, path) };
  } catch (e) {
    if (isCtyError(e)) return { ok: false };
    throw e;
  }
}

function configModelSafe(
  spec: AnyAttributeSpec | BlockSpec,
  v: Value,
  path: Path,
): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: configModelOf(spec, v, path) };
  } catch (e) {
    if (isCtyError(e)) return { ok: false };
    throw e;
  }
}

/** Nested attribute collections hold objects: a null element has no place in their models. */
function checkNullNestedElements(nesting: string, v: Value, path: Path, out: Diagnostic[]): void {
  const where = `${nesting} nested attribute`;
  if (v.type.kind === "map") {
    for (const [k, e] of v.entries())
      if (e.isNull()) out.push(nullElement(withIndex(path, stringVal(k)), where));
    return;
  }
  v.elements().forEach((e, i) => {
    if (e.isNull()) out.push(nullElement(withIndex(path, v.type.kind === "set" ? e : numberVal(i)), where));
  });
}

/** Calls `f` for every known, non-null object in a nested value (single, list, set, map, group). */
function forEachElement(nesting: string, v: Value, path: Path, f: (e: Value, p: Path) => void): void {
  if (v.isNull() || !v.isKnown()) return;
  if (nesting === "single" || nesting === "group") {
    f(v, path);
    return;
  }
  if (v.type.kind === "map" || v.type.kind === "object") {
    for (const [k, e] of v.entries()) if (e.isKnown() && !e.isNull()) f(e, withIndex(path, stringVal(k)));
    return;
  }
  v.elements().forEach((e, i) => {
    if (e.isKnown() && !e.isNull()) f(e, withIndex(path, v.type.kind === "set" ? e : numberVal(i)));
  });
}

function validateBlock(spec: BlockSpec, v: Value, path: Path, ctx: Ctx): void {
  const name = lastName(path);
  const { out } = ctx;
  if (!v.isKnown()) return;
  if (spec.nesting === "single" && spec.required && v.isNull()) {
    out.push(
      diagnostic("error", `Missing ${name} block`, `A block of type "${name}" is required here.`, path),
    );
    return;
  }
  if (spec.nesting === "list" || spec.nesting === "set") {
    // A set holding unknowns may still merge elements: its final count is not known yet.
    const countKnown = v.isNull() || spec.nesting === "list" || v.isWhollyKnown();
    const count = v.isNull() ? 0 : v.lengthInt();
    if (countKnown && count < spec.minItems) {
      out.push(
        diagnostic(
          "error",
          `Insufficient ${name} blocks`,
          `At least ${spec.minItems} "${name}" blocks are required.`,
          path,
        ),
      );
    } else if (countKnown && spec.maxItems > 0 && count > spec.maxItems) {
      out.push(
        diagnostic(
          "error",
          `Too many ${name} blocks`,
          `No more than ${spec.maxItems} "${name}" blocks are allowed`,
          path,
        ),
      );
    }
  }
  if (spec.validators.length > 0 && !v.isNull()) {
    const model = configModelSafe(spec, v, path);
    if (model.ok)
      runValidators(
        spec.validators,
        model.value,
        { path, value: v, config: ctx.config },
        "Invalid Attribute Value",
        out,
      );
  }
  forEachElement(spec.nesting, v, path, (e, p) => validateBody(spec, e, p, ctx));
  if (spec.deprecated && blockIsSpecified(spec, v)) {
    out.push(
      diagnostic(
        "warning",
        "Block Deprecated",
        spec.deprecationMessage !== "" ? spec.deprecationMessage : `The block "${name}" is deprecated.`,
        path,
      ),
    );
  }
}

interface TargetMatches extends Matches {
  /** The target as shown in messages: its path with the attribute's own path merged in. */
  readonly label: string;
}

/** Resolves a rule's targets against the attribute's path and finds what they match. */
function targetMatches(
  targets: readonly PathTarget[],
  selfPath: Path,
  siblings: ReadonlyMap<string, Value>,
  ctx: Ctx,
): TargetMatches[] {
  let base: ResolvedStep[] | undefined;
  const out: TargetMatches[] = [];
  for (const target of targets) {
    if (typeof target === "string") {
      // A sibling's name: found in the object at hand, with no walk from the root (large sets).
      const value = siblings.get(target);
      if (value === undefined) continue;
      const path = withAttribute(selfPath.slice(0, -1), target);
      out.push({ label: frameworkPathString(path), matches: [{ path, value }], unknown: false });
      continue;
    }
    base ??= pathSteps(selfPath);
    // The schema self-check refuses targets that go above the root, so none is lost here.
    const steps = resolveTarget(target, base);
    if (steps === undefined) continue;
    const found = matchSteps(steps, ctx.config);
    out.push({
      label: resolvedString(steps),
      matches: withoutSelf(found.matches, selfPath),
      unknown: found.unknown,
    });
  }
  return out;
}

function validateCrossRules(
  spec: AnyAttributeSpec,
  self: Value,
  selfPath: Path,
  siblings: ReadonlyMap<string, Value>,
  ctx: Ctx,
): void {
  const q = (p: Path) => JSON.stringify(frameworkPathString(p));
  const group = (targets: readonly TargetMatches[]) =>
    `[${[frameworkPathString(selfPath), ...targets.map((t) => t.label)].join(",")}]`;
  const specified = (m: Match) => isSpecified(ctx.schema, m);
  const { out } = ctx;
  const selfKnownSet = self.isKnown() && !self.isNull();

  if (selfKnownSet && spec.conflictsWith.length > 0) {
    for (const t of targetMatches(spec.conflictsWith, selfPath, siblings, ctx)) {
      for (const m of t.matches) {
        if (!m.value.isKnown() || !specified(m)) continue;
        out.push(
          diagnostic(
            "error",
            COMBINATION,
            `Attribute ${q(m.path)} cannot be specified when ${q(selfPath)} is specified`,
            selfPath,
          ),
        );
      }
    }
  }
  if (selfKnownSet && spec.alsoRequires.length > 0) {
    for (const t of targetMatches(spec.alsoRequires, selfPath, siblings, ctx)) {
      for (const m of t.matches) {
        if (!m.value.isKnown() || specified(m)) continue;
        out.push(
          diagnostic(
            "error",
            COMBINATION,
            `Attribute ${q(m.path)} must be specified when ${q(selfPath)} is specified`,
            selfPath,
          ),
        );
      }
    }
  }
  if (spec.exactlyOneOf.length > 0 && self.isKnown()) {
    const targets = targetMatches(spec.exactlyOneOf, selfPath, siblings, ctx);
    let count = self.isNull() ? 0 : 1;
    let delayed = false;
    for (const t of targets) {
      if (t.unknown) delayed = true;
      for (const m of t.matches) {
        if (!m.value.isKnown()) delayed = true;
        else if (specified(m)) count++;
      }
    }
    if (!delayed && count === 0) {
      out.push(
        diagnostic(
          "error",
          COMBINATION,
          `No attribute specified when one (and only one) of ${group(targets)} is required`,
          selfPath,
        ),
      );
    } else if (!delayed && count > 1) {
      out.push(
        diagnostic(
          "error",
          COMBINATION,
          `${count} attributes specified when one (and only one) of ${group(targets)} is required`,
          selfPath,
        ),
      );
    }
  }
  if (spec.atLeastOneOf.length > 0 && self.isNull()) {
    const targets = targetMatches(spec.atLeastOneOf, selfPath, siblings, ctx);
    const found = targets.some((t) => t.unknown || t.matches.some((m) => !m.value.isKnown() || specified(m)));
    if (!found) {
      out.push(
        diagnostic(
          "error",
          COMBINATION,
          `At least one attribute out of ${group(targets)} must be specified`,
          selfPath,
        ),
      );
    }
  }
}

function validateBody(body: SchemaBody, obj: Value, path: Path, ctx: Ctx): void {
  if (obj.type.kind !== "object") return;
  const entries = obj.entries();
  for (const [name, spec] of Object.entries(body.attributes)) {
    const v = entries.get(name) ?? nullVal(spec.type);
    const p = withAttribute(path, name);
    validateAttribute(spec, v, p, ctx);
    if (hasRules(spec)) validateCrossRules(spec, v, p, entries, ctx);
  }
  for (const [name, spec] of Object.entries(body.blocks)) {
    const v = entries.get(name) ?? nullVal(spec.type);
    validateBlock(spec, v, withAttribute(path, name), ctx);
  }
}

/**
 * Validates a configuration value against a schema, returning diagnostics with attribute paths.
 *
 * @remarks What Terraform core leaves to the provider (§6.7) plus the schema's own rules:
 * - a Required attribute that is null: "Missing required argument" / `The argument "x" is
 *   required, but no definition was found.` (HCL's wording, which also covers an explicit null);
 * - a value (even unknown) on a computed-only attribute: "Invalid Configuration for Read-Only
 *   Attribute";
 * - block counts against min/max items ("Insufficient x blocks" / "Too many x blocks"), skipped
 *   while a set's count is not known; a missing required single block ("Missing x block");
 * - int64 and int32 values that are not whole numbers in range, float32 values beyond single
 *   precision's range; null elements in collections declared
 *   with `nullElements: false` and in nested attribute collections ("Invalid Null Element");
 * - validators, which only see known, non-null values;
 * - the schema's `configValidators` (rules over the whole configuration), first, as the Go
 *   framework runs a resource's `ConfigValidators` before the schema's checks;
 * - `conflictsWith`, `alsoRequires`, `exactlyOneOf`, `atLeastOneOf` with the wording of
 *   `terraform-plugin-framework-validators`, over sibling names or {@link PathExpression}s;
 *   rules wait while an involved value is unknown;
 * - deprecation warnings for known, non-null values;
 * - write-only values when the client cannot handle them ({@link ValidateConfigOptions}).
 *
 * A null or unknown configuration has nothing to check. Nested attributes and blocks are checked
 * per element; elements that are unknown are skipped.
 * @example
 * ```ts
 * const diags = validateConfig(serverSchema, config);
 * if (hasErrors(diags)) return { diagnostics: diags };
 * ```
 * @category diagnostics
 */
export function validateConfig(
  schema: Schema,
  config: Value,
  options: ValidateConfigOptions = {},
): readonly Diagnostic[] {
  const ctx: Ctx = { schema, config, options, out: [] };
  if (config.isNull() || !config.isKnown()) return ctx.out;
  // The Go framework runs the resource's config validators before the schema's own checks.
  for (const validator of schema.configValidators ?? [])
    runConfigValidator(validator, schema, config, ctx.out);
  validateBody(schema, config, [], ctx);
  return ctx.out;
}
