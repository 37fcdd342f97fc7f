import type { ObjectType, Type, Value } from "@tfkit/cty-values";
import type { TypeSpec } from "./type-spec.js";
import type { PlanModifier, Validator } from "./validator.js";
import type { PathTarget } from "./validators/path-expression.js";

/**
 * What a schema describes; decides which names are reserved and which features are allowed.
 * @category models
 */
export type SchemaKind = "resource" | "data_source" | "provider" | "provider_meta" | "ephemeral_resource";

/**
 * How an attribute gets its value: from config only (`required`, `optional`), from the
 * provider only (`computed`), or either (`optional_computed`).
 * @category models
 */
export type Presence = "required" | "optional" | "computed" | "optional_computed";

/** Nesting modes of nested attributes (tfplugin6 `Schema.Object.NestingMode`). @category models */
export type AttributeNesting = "single" | "list" | "set" | "map";

/** Nesting modes of blocks (tfplugin6 `Schema.NestedBlock.NestingMode`). @category models */
export type BlockNesting = "single" | "list" | "set" | "map" | "group";

/**
 * What every attribute spec has, plain or nested.
 * @category models
 */
export interface AttributeSpecBase {
  /** `"attribute"` for a typed attribute, `"nested_attribute"` for one with nested attributes. */
  readonly kind: "attribute" | "nested_attribute";
  /** The implied cty type of the attribute's value. */
  readonly type: Type;
  /** Derived from the flags below. */
  readonly presence: Presence;
  /** Must be set in config. */
  readonly required: boolean;
  /** May be set in config. */
  readonly optional: boolean;
  /** The provider may set it. */
  readonly computed: boolean;
  /** Hidden in plan output and marked sensitive by core. */
  readonly sensitive: boolean;
  /** Accepted in config, never stored in plan or state (Terraform 1.11+). */
  readonly writeOnly: boolean;
  /** Whether the attribute is deprecated. */
  readonly deprecated: boolean;
  /** Why it is deprecated and what to use instead ("" when none). */
  readonly deprecationMessage: string;
  /** Plain-text description ("" when none). */
  readonly description: string;
  /** Markdown description ("" when none). */
  readonly markdownDescription: string;
  /** Static default (plan time, when the config value is null); only with `computed`. */
  readonly default: Value | undefined;
  /** Config validators, in order. */
  readonly validators: readonly Validator<never>[];
  /** Plan modifiers, in order (run by `@tfkit/plan-engine`). */
  readonly planModifiers: readonly PlanModifier<never>[];
  /** Siblings (by name) or paths that must not be set together with this one. */
  readonly conflictsWith: readonly PathTarget[];
  /** Siblings (by name) or paths that must be set when this one is. */
  readonly alsoRequires: readonly PathTarget[];
  /** With this one, exactly one of these siblings or paths must be set. */
  readonly exactlyOneOf: readonly PathTarget[];
  /** With this one, at least one of these siblings or paths must be set. */
  readonly atLeastOneOf: readonly PathTarget[];
}

/**
 * A typed attribute (any cty type), built with {@link attr}.
 * @typeParam M - model of a known, non-null value.
 * @typeParam P - presence, derived from the flags.
 * @typeParam W - whether the attribute is write-only.
 * @typeParam D - whether it has a static default (its planned value is then never null).
 * @category models
 */
export interface AttributeSpec<
  M = unknown,
  P extends Presence = Presence,
  W extends boolean = boolean,
  D extends boolean = boolean,
> extends AttributeSpecBase {
  /** Discriminant. */
  readonly kind: "attribute";
  /** The attribute's type and model mapping. */
  readonly valueType: TypeSpec<M>;
  /** Presence as a literal type. */
  readonly presence: P;
  /** Write-only as a literal type. */
  readonly writeOnly: W;
  /** Type-level only: whether a static default is set. Never present at run time. */
  readonly "~hasDefault"?: D;
}

/**
 * An attribute whose value is one or more objects described by nested attributes
 * (tfplugin6 `Attribute.nested_type`), built with {@link attr}.
 * @category models
 */
export interface NestedAttributeSpec<
  A extends Attributes = Attributes,
  N extends AttributeNesting = AttributeNesting,
  P extends Presence = Presence,
  W extends boolean = boolean,
  D extends boolean = boolean,
> extends AttributeSpecBase {
  /** Discriminant. */
  readonly kind: "nested_attribute";
  /** Type-level only: whether a static default is set. Never present at run time. */
  readonly "~hasDefault"?: D;
  /** How the objects are nested. */
  readonly nesting: N;
  /** The attributes of each object. */
  readonly attributes: A;
  /** The (implied) cty type of one object. */
  readonly objectType: ObjectType;
  /** For list and set nesting: attribute names that identify an element (used by the plan engine). */
  readonly keyBy: readonly string[];
  /** Presence as a literal type. */
  readonly presence: P;
  /** Write-only as a literal type. */
  readonly writeOnly: W;
}

/** Any attribute spec. @category models */
export type AnyAttributeSpec = AttributeSpec | NestedAttributeSpec;

/** Attributes by name. @category models */
export type Attributes = { readonly [name: string]: AnyAttributeSpec };

/** Blocks by type name. @category models */
export type Blocks = { readonly [name: string]: BlockSpec };

/**
 * A nested block type (tfplugin6 `Schema.NestedBlock`), built with {@link block}.
 * @typeParam R - for single blocks: whether the block is required (min = max = 1).
 * @typeParam Cb - whether the block type is computed.
 * @category models
 */
export interface BlockSpec<
  A extends Attributes = Attributes,
  B extends Blocks = Blocks,
  N extends BlockNesting = BlockNesting,
  R extends boolean = boolean,
  Cb extends boolean = boolean,
> {
  /** Discriminant. */
  readonly kind: "block";
  /** How the blocks are nested. */
  readonly nesting: N;
  /** Attributes of each block. */
  readonly attributes: A;
  /** Nested block types of each block. */
  readonly blocks: B;
  /** Minimum number of blocks (0 = no minimum). */
  readonly minItems: number;
  /** Maximum number of blocks (0 = no maximum). */
  readonly maxItems: number;
  /** Single blocks: the block must be present. */
  readonly required: R;
  /** The whole block type may be set by the provider (tfplugin6 6.11 `Block.computed`). */
  readonly computed: Cb;
  /** Whether the block type is deprecated. */
  readonly deprecated: boolean;
  /** Deprecation message ("" when none). */
  readonly deprecationMessage: string;
  /** Plain-text description ("" when none). */
  readonly description: string;
  /** Markdown description ("" when none). */
  readonly markdownDescription: string;
  /** Config validators of the whole block value, in order. */
  readonly validators: readonly Validator<never>[];
  /**
   * Plan modifiers of the whole block value (list, set, map, or the object of a single or group
   * block), in order; run by `@tfkit/plan-engine` before those of the attributes inside.
   */
  readonly planModifiers: readonly PlanModifier<never>[];
  /** For list and set nesting: attribute names that identify a block (used by the plan engine). */
  readonly keyBy: readonly string[];
  /** The cty type of one block's object. */
  readonly objectType: ObjectType;
  /**
   * The implied cty type of the block type's value (§5.1): object (single/group), list, set or
   * map of it, or `dynamic` for list and map blocks that contain a dynamic attribute.
   */
  readonly type: Type;
}
