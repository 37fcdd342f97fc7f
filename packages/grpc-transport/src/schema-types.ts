/**
 * How a description is formatted.
 *
 * @remarks tfplugin6 `StringKind` (`PLAIN=0`, `MARKDOWN=1`).
 * @category models
 */
export type StringKind = "plain" | "markdown";

/**
 * Type JSON as Terraform reads it (`"string"`, `["list","number"]`, …), as text or UTF-8 bytes.
 *
 * @remarks tfplugin6 `Attribute.type` / `Function.Parameter.type` (bytes). Terraform panics on
 * invalid type JSON, so produce it with `@tfkit/cty-values`' `typeToJson`.
 * @category models
 */
export type TypeJson = string | Uint8Array;

/**
 * A schema: a versioned root block.
 *
 * @remarks tfplugin6 `Schema` (`version=1`, `block=2`). A schema without a block makes Terraform
 * panic, so `block` is required.
 * @category models
 */
export interface Schema {
  /** Schema version (for resources: the state version UpgradeResourceState upgrades from). */
  readonly version?: number | undefined;
  /** The root block. */
  readonly block: SchemaBlock;
}

/**
 * A block: attributes plus nested block types.
 *
 * @remarks tfplugin6 `Schema.Block`.
 * @category models
 */
export interface SchemaBlock {
  /** Block version (unused by Terraform; keep 0). */
  readonly version?: number | undefined;
  /** The block's attributes. */
  readonly attributes?: readonly SchemaAttribute[] | undefined;
  /** The block's nested block types. */
  readonly blockTypes?: readonly SchemaNestedBlock[] | undefined;
  /** Description shown in docs and `terraform providers schema`. */
  readonly description?: string | undefined;
  /** Format of `description`. */
  readonly descriptionKind?: StringKind | undefined;
  /** Whether the whole block is deprecated. */
  readonly deprecated?: boolean | undefined;
  /** Deprecation message (Terraform ≥ 1.15). */
  readonly deprecationMessage?: string | undefined;
  /** Whether the block is computed (protocol 6.11). */
  readonly computed?: boolean | undefined;
}

/**
 * One attribute of a block or nested object.
 *
 * @remarks tfplugin6 `Schema.Attribute`. Exactly one of `type` / `nestedType` must be set.
 * @category models
 */
export interface SchemaAttribute {
  /** Attribute name (`^[a-z0-9_]+$`). */
  readonly name: string;
  /** The attribute's type JSON (unless `nestedType` is set). */
  readonly type?: TypeJson | undefined;
  /** A nested attribute object (unless `type` is set). */
  readonly nestedType?: SchemaObject | undefined;
  /** Description. */
  readonly description?: string | undefined;
  /** Must be set in configuration. */
  readonly required?: boolean | undefined;
  /** May be set in configuration. */
  readonly optional?: boolean | undefined;
  /** The provider may set it. */
  readonly computed?: boolean | undefined;
  /** Redacted in plan output. */
  readonly sensitive?: boolean | undefined;
  /** Format of `description`. */
  readonly descriptionKind?: StringKind | undefined;
  /** Deprecated attribute. */
  readonly deprecated?: boolean | undefined;
  /** Write-only attribute (protocol 6.8, Terraform ≥ 1.11): never stored in state. */
  readonly writeOnly?: boolean | undefined;
  /** Deprecation message (Terraform ≥ 1.15). */
  readonly deprecationMessage?: string | undefined;
}

/**
 * How a nested block repeats.
 *
 * @remarks tfplugin6 `Schema.NestedBlock.NestingMode` (`SINGLE=1` … `GROUP=5`).
 * @category models
 */
export type BlockNestingMode = "single" | "list" | "set" | "map" | "group";

/**
 * A nested block type inside a block.
 *
 * @remarks tfplugin6 `Schema.NestedBlock`.
 * @category models
 */
export interface SchemaNestedBlock {
  /** Block type name. */
  readonly typeName: string;
  /** The nested block's own schema. */
  readonly block: SchemaBlock;
  /** Nesting mode. */
  readonly nesting: BlockNestingMode;
  /** Minimum number of blocks (list/set). */
  readonly minItems?: number | undefined;
  /** Maximum number of blocks (list/set; 0 = unlimited). */
  readonly maxItems?: number | undefined;
}

/**
 * How a nested attribute object repeats.
 *
 * @remarks tfplugin6 `Schema.Object.NestingMode` (`SINGLE=1` … `MAP=4`).
 * @category models
 */
export type ObjectNestingMode = "single" | "list" | "set" | "map";

/**
 * A nested attribute object (`nested_type`).
 *
 * @remarks tfplugin6 `Schema.Object`; its `min_items`/`max_items` are deprecated and omitted.
 * @category models
 */
export interface SchemaObject {
  /** The object's attributes. */
  readonly attributes: readonly SchemaAttribute[];
  /** Nesting mode. */
  readonly nesting: ObjectNestingMode;
}

/**
 * A provider function's signature and documentation.
 *
 * @remarks tfplugin6 `Function` (protocol 6.5, Terraform ≥ 1.8).
 * @category models
 */
export interface FunctionSignature {
  /** Positional parameters. */
  readonly parameters?: readonly FunctionParameter[] | undefined;
  /** The variadic parameter, if any (extra arguments arrive as extra DynamicValues). */
  readonly variadicParameter?: FunctionParameter | undefined;
  /** The return type JSON. */
  readonly returnType: TypeJson;
  /** Short summary. */
  readonly summary?: string | undefined;
  /** Description. */
  readonly description?: string | undefined;
  /** Format of `description`. */
  readonly descriptionKind?: StringKind | undefined;
  /** Deprecation message; non-empty marks the function deprecated. */
  readonly deprecationMessage?: string | undefined;
}

/**
 * One parameter of a provider function.
 *
 * @remarks tfplugin6 `Function.Parameter`.
 * @category models
 */
export interface FunctionParameter {
  /** Parameter name (an HCL identifier). */
  readonly name: string;
  /** Type JSON. */
  readonly type: TypeJson;
  /** Whether null may be passed (core rejects null otherwise). */
  readonly allowNullValue?: boolean | undefined;
  /** Whether unknown values may be passed (core short-circuits to unknown otherwise). */
  readonly allowUnknownValues?: boolean | undefined;
  /** Description. */
  readonly description?: string | undefined;
  /** Format of `description`. */
  readonly descriptionKind?: StringKind | undefined;
}

/**
 * What the provider supports beyond the base protocol.
 *
 * @remarks tfplugin6 `ServerCapabilities`, read by Terraform from GetProviderSchema.
 * @category models
 */
export interface ServerCapabilities {
  /** Terraform calls PlanResourceChange for destroys too (the provider must plan null). */
  readonly planDestroy?: boolean | undefined;
  /** Terraform may skip GetProviderSchema and use its cached schema. */
  readonly getProviderSchemaOptional?: boolean | undefined;
  /** MoveResourceState is implemented (cross-type `moved` blocks). */
  readonly moveResourceState?: boolean | undefined;
  /** GenerateResourceConfig is implemented (Terraform ≥ 1.14; not served by this transport). */
  readonly generateResourceConfig?: boolean | undefined;
}

/**
 * What Terraform supports, sent with some requests.
 *
 * @remarks tfplugin6 `ClientCapabilities`. Absent fields read as `false`.
 * @category models
 */
export interface ClientCapabilities {
  /** The provider may return `deferred` (only under `-allow-deferral`). */
  readonly deferralAllowed: boolean;
  /** Write-only attributes are allowed (Terraform ≥ 1.11). */
  readonly writeOnlyAttributesAllowed: boolean;
  /** Terraform stores planned private data (protocol 6.11). */
  readonly storePlannedPrivate: boolean;
  /** Computed blocks are allowed (protocol 6.11). */
  readonly computedBlocksAllowed: boolean;
}

/**
 * The identity schema of a managed resource type.
 *
 * @remarks tfplugin6 `ResourceIdentitySchema` (protocol 6.9, Terraform ≥ 1.12).
 * @category models
 */
export interface ResourceIdentitySchema {
  /** Identity schema version. */
  readonly version?: number | undefined;
  /** Identity attributes. */
  readonly identityAttributes: readonly IdentityAttribute[];
}

/**
 * One attribute of a resource identity.
 *
 * @remarks tfplugin6 `ResourceIdentitySchema.IdentityAttribute`.
 * @category models
 */
export interface IdentityAttribute {
  /** Attribute name. */
  readonly name: string;
  /** Type JSON. */
  readonly type: TypeJson;
  /** Needed to import by identity. */
  readonly requiredForImport?: boolean | undefined;
  /** Optional when importing by identity. */
  readonly optionalForImport?: boolean | undefined;
  /** Description. */
  readonly description?: string | undefined;
}
