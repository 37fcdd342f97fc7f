import type { Path, Value } from "@tfkit/cty-values";
import { type Diagnostic, diagnostic } from "../diagnostics.js";
import type { SchemaBody } from "../model-types.js";
import { isSpecified, type Match, matchSteps, resolvedString, resolveTarget } from "./match.js";
import { matchRoot, type PathTarget } from "./path-expression.js";

/**
 * What a {@link ConfigValidator} gets besides the configuration.
 * @category models
 */
export interface ConfigValidatorContext {
  /** The schema the configuration was decoded with. */
  readonly schema: SchemaBody;
}

/**
 * A check of a whole configuration (resource, data source, provider or ephemeral resource),
 * declared on the schema with `configValidators`.
 *
 * @remarks Runs in `validateConfig` before the attribute checks, on every known, non-null
 * configuration; the configuration may still hold unknown values, which a validator should wait
 * for (the built-in ones do). Mirrors the Go framework's `resource.ConfigValidator` (and the data
 * source, provider and ephemeral variants), e.g. `resourcevalidator.Conflicting`.
 * @category models
 */
export interface ConfigValidator {
  /** Plain-text description of the rule. */
  readonly description?: string;
  /** Markdown description of the rule. */
  readonly markdownDescription?: string;
  /**
   * Paths the validator reads, from the root (names are root attributes or blocks). The schema
   * self-check refuses paths the schema does not have.
   */
  readonly pathExpressions?: readonly PathTarget[];
  /** Checks the configuration; returns the problems found (each with a path where one applies). */
  validate(config: Value, context: ConfigValidatorContext): readonly Diagnostic[] | undefined;
}

/** @internal Runs one config validator; a throwing validator becomes an error diagnostic. */
export function runConfigValidator(
  validator: ConfigValidator,
  schema: SchemaBody,
  config: Value,
  out: Diagnostic[],
): void {
  try {
    const found = validator.validate(config, { schema });
    if (found !== undefined) out.push(...found);
  } catch (e) {
    out.push(
      diagnostic(
        "error",
        "Config Validation Error",
        `A configuration validator failed: ${e instanceof Error ? e.message : String(e)}`,
        undefined,
      ),
    );
  }
}

interface Found {
  readonly configured: Match[];
  readonly unknown: boolean;
  readonly all: Match[];
}

/** At the root, a plain name is a root attribute or block type. */
function rooted(target: PathTarget): PathTarget {
  return typeof target === "string" ? matchRoot(target) : target;
}

/** Every path the targets match, split into configured ones and whether any is unknown. */
function collect(targets: readonly PathTarget[], config: Value, schema: SchemaBody): Found {
  const configured: Match[] = [];
  const all: Match[] = [];
  let unknown = false;
  for (const target of targets) {
    const steps = resolveTarget(rooted(target), []);
    if (steps === undefined) continue;
    const found = matchSteps(steps, config);
    if (found.unknown) unknown = true;
    for (const m of found.matches) {
      all.push(m);
      if (!m.value.isKnown()) unknown = true;
      else if (isSpecified(schema, m)) configured.push(m);
    }
  }
  return { configured, unknown, all };
}

function label(targets: readonly PathTarget[]): string {
  return `[${targets
    .map((t) => {
      const steps = resolveTarget(rooted(t), []);
      return steps === undefined ? String(t) : resolvedString(steps);
    })
    .join(",")}]`;
}

const COMBINATION = "Invalid Attribute Combination";
const MISSING = "Missing Attribute Configuration";

function rule(
  targets: readonly PathTarget[],
  description: string,
  check: (found: Found, description: string) => Diagnostic | undefined,
): ConfigValidator {
  const text = `${description}: ${label(targets)}`;
  return Object.freeze({
    description: text,
    markdownDescription: text,
    pathExpressions: Object.freeze(targets.map(rooted)),
    validate(config: Value, context: ConfigValidatorContext): readonly Diagnostic[] {
      if (config.isNull() || !config.isKnown()) return [];
      const d = check(collect(targets, config, context.schema), text);
      return d === undefined ? [] : [d];
    },
  });
}

const firstPath = (found: Found): Path | undefined => found.configured[0]?.path;

/**
 * Resource-level (whole-configuration) validators over several paths. Names are root attributes
 * or block types; {@link PathExpression}s reach anywhere.
 *
 * @remarks Each waits while a value involved is unknown (it may turn out null or not), except
 * that `conflicting` and `exactlyOneOf` report two configured values at once, as the Go
 * validators do. A block type counts as configured when it has at least one block. Declare them
 * with `configValidators` on the schema. Mirrors `resourcevalidator` (and `datasourcevalidator`,
 * `providervalidator`, `ephemeralvalidator`) of terraform-plugin-framework-validators, with
 * their wording.
 * @example
 * ```ts
 * resourceSchema({
 *   attributes: { password: attr.string({ optional: true }), key_file: attr.string({ optional: true }) },
 *   configValidators: [configValidator.exactlyOneOf("password", "key_file")],
 * });
 * ```
 * @category constructors
 */
export const configValidator = {
  /**
   * At most one of the paths may be configured (Go `resourcevalidator.Conflicting`):
   * "These attributes cannot be configured together: [a,b]".
   */
  conflicting(...targets: PathTarget[]): ConfigValidator {
    return rule(targets, "These attributes cannot be configured together", (found, text) => {
      const p = firstPath(found);
      return found.configured.length > 1 ? diagnostic("error", COMBINATION, text, p) : undefined;
    });
  },
  /**
   * Exactly one of the paths must be configured (Go `resourcevalidator.ExactlyOneOf`):
   * "Exactly one of these attributes must be configured: [a,b]".
   */
  exactlyOneOf(...targets: PathTarget[]): ConfigValidator {
    return rule(targets, "Exactly one of these attributes must be configured", (found, text) => {
      if (found.configured.length > 1) return diagnostic("error", COMBINATION, text, firstPath(found));
      if (found.unknown || found.configured.length > 0) return undefined;
      return diagnostic("error", MISSING, text, undefined);
    });
  },
  /**
   * At least one of the paths must be configured (Go `resourcevalidator.AtLeastOneOf`):
   * "At least one of these attributes must be configured: [a,b]".
   */
  atLeastOneOf(...targets: PathTarget[]): ConfigValidator {
    return rule(targets, "At least one of these attributes must be configured", (found, text) =>
      found.unknown || found.configured.length > 0
        ? undefined
        : diagnostic("error", MISSING, text, undefined),
    );
  },
  /**
   * Either none or all of the paths must be configured (Go `resourcevalidator.RequiredTogether`):
   * "These attributes must be configured together: [a,b]".
   */
  requiredTogether(...targets: PathTarget[]): ConfigValidator {
    return rule(targets, "These attributes must be configured together", (found, text) => {
      if (found.configured.length === 0 || found.unknown) return undefined;
      return found.configured.length !== found.all.length
        ? diagnostic("error", COMBINATION, text, firstPath(found))
        : undefined;
    });
  },
} as const;
