import type { ObjectType } from "@tfkit/cty-values";
import { attributeStep } from "@tfkit/cty-values";
import { bodyObjectType } from "./block.js";
import type { Diagnostic } from "./diagnostics.js";
import { diagnostic } from "./diagnostics.js";
import type { SchemaBody } from "./model-types.js";
import { checkBody, checkPathTargets, type SchemaProblem } from "./self-check.js";
import type { Attributes, Blocks, SchemaKind } from "./spec.js";
import type { ConfigValidator } from "./validators/config.js";

export type { SchemaKind } from "./spec.js";

/**
 * A checked schema: the root block of a resource, data source, provider or ephemeral resource.
 *
 * @remarks Build it with {@link resourceSchema} and friends; construction runs the self-check
 * ({@link checkSchema}) and throws {@link SchemaError} on any problem, so an existing `Schema`
 * is always one Terraform accepts. Mirrors tfplugin6 `Schema` + `Schema.Block`.
 * @category models
 */
export interface Schema<A extends Attributes = Attributes, B extends Blocks = Blocks>
  extends SchemaBody<A, B> {
  /** What the schema describes. */
  readonly kind: SchemaKind;
  /** Schema version, stored in state; bump it when the state shape changes (0 by default). */
  readonly version: number;
  /** Plain-text description ("" when none). */
  readonly description: string;
  /** Markdown description ("" when none). */
  readonly markdownDescription: string;
  /** Whether the whole resource (or data source) is deprecated. */
  readonly deprecated: boolean;
  /** Deprecation message ("" when none). */
  readonly deprecationMessage: string;
  /** The implied cty type of the whole object (go: `Block.ImpliedType()`). */
  readonly type: ObjectType;
  /** Checks of the whole configuration, run by `validateConfig` (absent means none). */
  readonly configValidators?: readonly ConfigValidator[];
}

/**
 * What {@link resourceSchema} and friends accept.
 * @category models
 */
export interface SchemaDefinition<A extends Attributes, B extends Blocks> {
  /** Schema version (non-negative integer, default 0). */
  readonly version?: number;
  /** Attributes by name. */
  readonly attributes?: A;
  /** Nested block types by name. */
  readonly blocks?: B;
  /** Plain-text description. */
  readonly description?: string;
  /** Markdown description (sent instead of `description` when given). */
  readonly markdownDescription?: string;
  /** Mark deprecated; a string is the deprecation message. */
  readonly deprecated?: boolean | string;
  /**
   * Checks of the whole configuration (e.g. {@link configValidator}`.exactlyOneOf("a", "b")`),
   * run by `validateConfig` before the attribute checks; the Go framework's `ConfigValidators`.
   */
  readonly configValidators?: readonly ConfigValidator[];
}

const ERROR_BRAND = Symbol.for("@tfkit/schema/SchemaError");

/**
 * Thrown when a schema breaks one of Terraform's schema rules.
 *
 * @remarks Terraform refuses a provider whose schema is invalid ("provider X has invalid schema
 * for managed resource type …, which is a bug in the provider"), and then loads none of it, so
 * tfkit refuses it when it is built. `problems` lists every problem, each starting with the
 * attribute path (`network_interface.ip: cannot set both Computed and Required`).
 * @category errors
 */
export class SchemaError extends Error {
  /** Always `"SchemaError"`. */
  override name = "SchemaError";
  /** Every problem found, each prefixed with its attribute path. */
  readonly problems: readonly string[];
  /** @internal brand for {@link isSchemaError}. */
  readonly [ERROR_BRAND] = true;

  constructor(kind: SchemaKind, problems: readonly string[]) {
    super(`invalid ${kind.replace("_", " ")} schema:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    this.problems = problems;
  }
}

/** Reports whether something is a {@link SchemaError} (brand check, safe across module copies). @category guards */
export function isSchemaError(u: unknown): u is SchemaError {
  return typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[ERROR_BRAND] === true;
}

function formatProblem(p: SchemaProblem): string {
  return p.path.length === 0 ? p.message : `${p.path.join(".")}: ${p.message}`;
}

function make<A extends Attributes, B extends Blocks>(
  kind: SchemaKind,
  def: SchemaDefinition<A, B>,
): Schema<A, B> {
  const attributes = Object.freeze({ ...(def.attributes ?? {}) }) as A;
  const blocks = Object.freeze({ ...(def.blocks ?? {}) }) as B;
  const schema: Schema<A, B> = Object.freeze({
    kind,
    version: def.version ?? 0,
    attributes,
    blocks,
    description: def.description ?? "",
    markdownDescription: def.markdownDescription ?? "",
    deprecated: def.deprecated !== undefined && def.deprecated !== false,
    deprecationMessage: typeof def.deprecated === "string" ? def.deprecated : "",
    type: bodyObjectType(attributes, blocks),
    configValidators: Object.freeze([...(def.configValidators ?? [])]),
  });
  const problems = selfCheck(schema);
  if (problems.length > 0) throw new SchemaError(kind, problems.map(formatProblem));
  return schema;
}

function selfCheck(schema: Schema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (!Number.isSafeInteger(schema.version) || schema.version < 0) {
    problems.push({
      path: [],
      message: `schema version must be a non-negative integer, got ${schema.version}`,
    });
  }
  checkBody(schema, schema.kind, [], problems);
  checkPathTargets(schema, problems);
  return problems;
}

/**
 * Runs the schema self-check and returns every problem as an error diagnostic.
 *
 * @remarks The constructors already throw on problems; this is for tools that want all
 * problems as data (e.g. a provider reporting them from GetProviderSchema). Checks Terraform's
 * `InternalValidate` rules (protocol.md §2.6) and the Go framework's `ValidateImplementation`:
 * names, reserved root names, presence flags, defaults only on Computed, write-only rules,
 * block item counts, dynamic types in sets, validators that can never run, cross-attribute
 * references and `keyBy` names. The diagnostic path holds the attribute steps.
 * @category diagnostics
 */
export function checkSchema(schema: Schema): readonly Diagnostic[] {
  return selfCheck(schema).map((p) =>
    diagnostic(
      "error",
      "Invalid Provider Schema",
      `${formatProblem(p)}. This is always a problem with the provider and should be reported to the provider developers.`,
      p.path.map((name) => attributeStep(name)),
    ),
  );
}

/**
 * A managed resource schema.
 *
 * @example
 * ```ts
 * const serverSchema = resourceSchema({
 *   version: 1,
 *   attributes: {
 *     id: attr.string({ computed: true }),
 *     name: attr.string({ required: true }),
 *   },
 *   blocks: {
 *     network_interface: block.list({ attributes: { ip: attr.string({ optional: true }) } }),
 *   },
 * });
 * ```
 * @throws {@link SchemaError} listing every problem the self-check finds.
 * @category constructors
 */
export function resourceSchema<A extends Attributes = Empty, B extends Blocks = Empty>(
  definition: SchemaDefinition<A, B>,
): Schema<A, B> {
  return make("resource", definition);
}

/**
 * A data source schema (no defaults, plan modifiers or write-only attributes).
 * @throws {@link SchemaError} listing every problem the self-check finds.
 * @category constructors
 */
export function dataSourceSchema<A extends Attributes = Empty, B extends Blocks = Empty>(
  definition: SchemaDefinition<A, B>,
): Schema<A, B> {
  return make("data_source", definition);
}

/**
 * A provider configuration schema (no Computed attributes; `alias` and `version` are reserved).
 * @throws {@link SchemaError} listing every problem the self-check finds.
 * @category constructors
 */
export function providerSchema<A extends Attributes = Empty, B extends Blocks = Empty>(
  definition: SchemaDefinition<A, B>,
): Schema<A, B> {
  return make("provider", definition);
}

/**
 * A provider_meta schema (the `provider_meta` block modules may set).
 * @throws {@link SchemaError} listing every problem the self-check finds.
 * @category constructors
 */
export function providerMetaSchema<A extends Attributes = Empty, B extends Blocks = Empty>(
  definition: SchemaDefinition<A, B>,
): Schema<A, B> {
  return make("provider_meta", definition);
}

/**
 * An ephemeral resource schema (Terraform 1.10+).
 * @throws {@link SchemaError} listing every problem the self-check finds.
 * @category constructors
 */
export function ephemeralResourceSchema<A extends Attributes = Empty, B extends Blocks = Empty>(
  definition: SchemaDefinition<A, B>,
): Schema<A, B> {
  return make("ephemeral_resource", definition);
}

/** No attributes or no blocks. */
type Empty = Record<never, never>;
