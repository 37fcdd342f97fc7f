import { compareUtf8, typeToJson } from "@tfkit/cty-values";
import { encodeUtf8 } from "./internal/utf8.js";
import type { Schema } from "./schema.js";
import type {
  AnyAttributeSpec,
  AttributeNesting,
  Attributes,
  BlockNesting,
  Blocks,
  BlockSpec,
} from "./spec.js";

/** tfplugin6 `StringKind`: how a description is formatted. @category models */
export type DescriptionKind = "plain" | "markdown";

/**
 * A protocol-neutral schema, field for field tfplugin6 `Schema` (`version=1`, `block=2`).
 * @category models
 */
export interface SchemaDescription {
  /** `Schema.version`. */
  readonly version: number;
  /** `Schema.block`. */
  readonly block: BlockDescription;
}

/**
 * tfplugin6 `Schema.Block`.
 * @category models
 */
export interface BlockDescription {
  /** `version=1`: the schema version on the root block, 0 on nested blocks. */
  readonly version: number;
  /** `attributes=2`, sorted by name. */
  readonly attributes: readonly AttributeDescription[];
  /** `block_types=3`, sorted by type name. */
  readonly blockTypes: readonly NestedBlockDescription[];
  /** `description=4`. */
  readonly description: string;
  /** `description_kind=5`. */
  readonly descriptionKind: DescriptionKind;
  /** `deprecated=6`. */
  readonly deprecated: boolean;
  /** `deprecation_message=7`. */
  readonly deprecationMessage: string;
  /** `computed=8` (6.11). */
  readonly computed: boolean;
}

/**
 * tfplugin6 `Schema.Attribute`; exactly one of `type` and `nestedType` is set.
 * @category models
 */
export interface AttributeDescription {
  /** `name=1`. */
  readonly name: string;
  /** `type=2`: the cty type as type-JSON bytes (UTF-8); empty for nested attributes. */
  readonly type: Uint8Array;
  /** `nested_type=10`. */
  readonly nestedType: ObjectDescription | undefined;
  /** `description=3`. */
  readonly description: string;
  /** `required=4`. */
  readonly required: boolean;
  /** `optional=5`. */
  readonly optional: boolean;
  /** `computed=6`. */
  readonly computed: boolean;
  /** `sensitive=7`. */
  readonly sensitive: boolean;
  /** `description_kind=8`. */
  readonly descriptionKind: DescriptionKind;
  /** `deprecated=9`. */
  readonly deprecated: boolean;
  /** `write_only=11`. */
  readonly writeOnly: boolean;
  /** `deprecation_message=12`. */
  readonly deprecationMessage: string;
}

/**
 * tfplugin6 `Schema.NestedBlock`.
 * @category models
 */
export interface NestedBlockDescription {
  /** `type_name=1`. */
  readonly typeName: string;
  /** `block=2`. */
  readonly block: BlockDescription;
  /** `nesting=3` (proto enum: SINGLE=1, LIST=2, SET=3, MAP=4, GROUP=5). */
  readonly nesting: BlockNesting;
  /** `min_items=4`. */
  readonly minItems: number;
  /** `max_items=5`. */
  readonly maxItems: number;
}

/**
 * tfplugin6 `Schema.Object` (the `nested_type` of an attribute).
 * @category models
 */
export interface ObjectDescription {
  /** `attributes=1`, sorted by name. */
  readonly attributes: readonly AttributeDescription[];
  /** `nesting=3` (proto enum: SINGLE=1, LIST=2, SET=3, MAP=4). */
  readonly nesting: AttributeNesting;
  /** `min_items=4`: deprecated and ignored by Terraform; always 0. */
  readonly minItems: number;
  /** `max_items=5`: deprecated and ignored by Terraform; always 0. */
  readonly maxItems: number;
}

/** The proto enum numbers of the nesting modes (`Schema.NestedBlock.NestingMode`, `Schema.Object.NestingMode`). @category encoding */
export const NESTING_MODE_NUMBER: Readonly<Record<BlockNesting, number>> = Object.freeze({
  single: 1,
  list: 2,
  set: 3,
  map: 4,
  group: 5,
});

/** The proto enum numbers of {@link DescriptionKind} (`StringKind`). @category encoding */
export const DESCRIPTION_KIND_NUMBER: Readonly<Record<DescriptionKind, number>> = Object.freeze({
  plain: 0,
  markdown: 1,
});

const EMPTY_BYTES = new Uint8Array(0);

function describeText(d: { description: string; markdownDescription: string }): {
  description: string;
  descriptionKind: DescriptionKind;
} {
  // The Go framework sends the markdown description when there is one, else the plain one.
  return d.markdownDescription !== ""
    ? { description: d.markdownDescription, descriptionKind: "markdown" }
    : { description: d.description, descriptionKind: "plain" };
}

function sortedEntries<T>(record: Readonly<Record<string, T>>): [string, T][] {
  return Object.entries(record).sort((a, b) => compareUtf8(a[0], b[0]));
}

function describeAttribute(name: string, spec: AnyAttributeSpec): AttributeDescription {
  const nested = spec.kind === "nested_attribute";
  return Object.freeze({
    name,
    type: nested ? EMPTY_BYTES : encodeUtf8(typeToJson(spec.type)),
    nestedType: nested
      ? Object.freeze({
          attributes: describeAttributes(spec.attributes),
          nesting: spec.nesting,
          minItems: 0,
          maxItems: 0,
        })
      : undefined,
    ...describeText(spec),
    required: spec.required,
    optional: spec.optional,
    computed: spec.computed,
    sensitive: spec.sensitive,
    deprecated: spec.deprecated,
    writeOnly: spec.writeOnly,
    deprecationMessage: spec.deprecationMessage,
  });
}

function describeAttributes(attributes: Attributes): readonly AttributeDescription[] {
  return Object.freeze(sortedEntries(attributes).map(([n, s]) => describeAttribute(n, s)));
}

function describeBlock(
  body: { attributes: Attributes; blocks: Blocks; description: string; markdownDescription: string },
  meta: { version: number; deprecated: boolean; deprecationMessage: string; computed: boolean },
): BlockDescription {
  return Object.freeze({
    version: meta.version,
    attributes: describeAttributes(body.attributes),
    blockTypes: Object.freeze(sortedEntries(body.blocks).map(([n, b]) => describeNestedBlock(n, b))),
    ...describeText(body),
    deprecated: meta.deprecated,
    deprecationMessage: meta.deprecationMessage,
    computed: meta.computed,
  });
}

function describeNestedBlock(typeName: string, spec: BlockSpec): NestedBlockDescription {
  return Object.freeze({
    typeName,
    block: describeBlock(spec, {
      version: 0,
      deprecated: spec.deprecated,
      deprecationMessage: spec.deprecationMessage,
      computed: spec.computed,
    }),
    nesting: spec.nesting,
    minItems: spec.minItems,
    maxItems: spec.maxItems,
  });
}

/**
 * Describes a schema in a protocol-neutral form that maps 1:1 onto tfplugin6 `Schema`.
 *
 * @remarks Attributes and block types are sorted by name (byte-wise), so the output is
 * deterministic. Attribute types are type-JSON bytes (`typeToJson`, e.g. `["list","string"]`);
 * nested attributes carry `nestedType` instead and an empty `type`, as core requires exactly one
 * of them. When a markdown description is given it is sent with kind `markdown`, otherwise the
 * plain one (the Go framework's choice). The root block carries the schema version.
 * @example
 * ```ts
 * const d = toSchemaDescription(serverSchema);
 * d.block.attributes.map((a) => a.name); // ["id", "name", …]
 * ```
 * @category encoding
 */
export function toSchemaDescription(schema: Schema): SchemaDescription {
  return Object.freeze({
    version: schema.version,
    block: describeBlock(schema, {
      version: schema.version,
      deprecated: schema.deprecated,
      deprecationMessage: schema.deprecationMessage,
      computed: false,
    }),
  });
}
