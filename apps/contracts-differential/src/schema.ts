/**
 * The test resources' schemas, described once with @tfkit/schema: the provider sends them to
 * terraform (through {@link toWireSchema}) and the test hands the very same schema to
 * @tfkit/contracts, so both judges see one schema.
 */
import type { Type } from "@tfkit/cty-values";
import type { Schema as WireSchema, SchemaAttribute, SchemaBlock } from "@tfkit/grpc-transport";
import {
  type AttributeDescription,
  type BlockDescription,
  attr,
  block,
  dataSourceSchema,
  impliedType,
  resourceSchema,
  type Schema,
  t,
  toSchemaDescription,
} from "@tfkit/schema";

/** The provider's local name (`terraform-provider-<type>`) and resource prefix. */
export const PROVIDER_TYPE = "tfdiff";

/** A made-up source address: dev_overrides resolves it, nothing is ever downloaded. */
export const PROVIDER_SOURCE = `example.test/tfkit/${PROVIDER_TYPE}`;

/** The main resource type: one attribute or block for every rule core checks. */
export const THING = "tfdiff_thing";

/** A resource whose only block type is `computed` (tfplugin6 6.11, unknown to terraform 1.11.4). */
export const COMPUTED_BLOCK_THING = "tfdiff_cblock";

/** A resource with a `dynamic` attribute. */
export const DYNAMIC_THING = "tfdiff_dyn";

/**
 * `tfdiff_thing`: required, optional, computed, optional+computed, sensitive and write-only
 * attributes, a computed list attribute, list and set nested attributes, a list block with a
 * computed nested attribute and a set block.
 */
export const thingSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true }),
    mode: attr.string({ optional: true, computed: true }),
    secret: attr.string({ optional: true, sensitive: true }),
    tags: attr.list(t.string, { computed: true }),
    password: attr.string({ optional: true, writeOnly: true }),
    disks: attr.listNested(
      { size: attr.int64({ required: true }), kind: attr.string({ optional: true, computed: true }) },
      { optional: true },
    ),
    labels: attr.setNested({ name: attr.string({ required: true }) }, { optional: true }),
  },
  blocks: {
    rule: block.list({
      attributes: { port: attr.int64({ required: true }), note: attr.string({ computed: true }) },
    }),
    tag: block.set({
      attributes: { key: attr.string({ required: true }), value: attr.string({ optional: true }) },
    }),
  },
});

/** `tfdiff_cblock`: a computed list block the provider may fill when the config has none. */
export const computedBlockSchema = resourceSchema({
  attributes: { id: attr.string({ computed: true }) },
  blocks: {
    item: block.list({ computed: true, attributes: { v: attr.string({ optional: true, computed: true }) } }),
  },
});

/** `tfdiff_dyn`: a `dynamic` optional+computed attribute (values travel with their type). */
export const dynamicSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    value: attr.dynamic({ optional: true, computed: true }),
  },
});

/** A resource with a map block (`entry "key" { … }`). */
export const MAP_BLOCK_THING = "tfdiff_mapblock";

/** `tfdiff_mapblock`: a map block whose elements have an optional and a computed attribute. */
export const mapBlockSchema = resourceSchema({
  attributes: { id: attr.string({ computed: true }) },
  blocks: {
    entry: block.map({
      attributes: { v: attr.string({ optional: true }), c: attr.string({ computed: true }) },
    }),
  },
});

/** A resource with a single nested attribute, a group block and a single block. */
export const NEST_THING = "tfdiff_nest";

/**
 * `tfdiff_nest`: a single nested attribute, a group block and a single block, each with an
 * optional and a computed attribute (the nesting modes `tfdiff_thing` does not have).
 */
export const nestSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    one: attr.singleNested(
      { a: attr.string({ optional: true }), c: attr.string({ computed: true }) },
      { optional: true },
    ),
  },
  blocks: {
    grp: block.group({
      attributes: { a: attr.string({ optional: true }), c: attr.string({ computed: true }) },
    }),
    solo: block.single({
      attributes: { a: attr.string({ optional: true }), c: attr.string({ computed: true }) },
    }),
  },
});

/** The data source. */
export const DATA_THING = "tfdiff_data";

/** `tfdiff_data`: a required argument and computed results. */
export const dataSchema = dataSourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    value: attr.string({ computed: true }),
  },
});

/** Every data source of the provider, by name. */
export const dataSchemas: Readonly<Record<string, Schema>> = { [DATA_THING]: dataSchema };

/** Every resource type of the provider, by name. */
export const schemas: Readonly<Record<string, Schema>> = {
  [THING]: thingSchema,
  [COMPUTED_BLOCK_THING]: computedBlockSchema,
  [DYNAMIC_THING]: dynamicSchema,
  [MAP_BLOCK_THING]: mapBlockSchema,
  [NEST_THING]: nestSchema,
};

/** The schema of a resource type or data source (throws on an unknown name: a harness bug). */
export function schemaOf(typeName: string): Schema {
  const s = schemas[typeName] ?? dataSchemas[typeName];
  if (!s) throw new Error(`no schema for resource type ${typeName}`);
  return s;
}

/** The implied cty type of a resource type's schema. */
export function typeOf(typeName: string): Type {
  return impliedType(schemaOf(typeName));
}

function wireAttribute(a: AttributeDescription): SchemaAttribute {
  return {
    name: a.name,
    ...(a.nestedType
      ? {
          nestedType: {
            attributes: a.nestedType.attributes.map(wireAttribute),
            nesting: a.nestedType.nesting,
          },
        }
      : { type: a.type }),
    required: a.required,
    optional: a.optional,
    computed: a.computed,
    sensitive: a.sensitive,
    writeOnly: a.writeOnly,
  };
}

function wireBlock(b: BlockDescription): SchemaBlock {
  return {
    attributes: b.attributes.map(wireAttribute),
    blockTypes: b.blockTypes.map((n) => ({
      typeName: n.typeName,
      block: wireBlock(n.block),
      nesting: n.nesting,
      minItems: n.minItems,
      maxItems: n.maxItems,
    })),
    computed: b.computed,
  };
}

/** The tfplugin6 schema the provider sends for a @tfkit/schema schema. */
export function toWireSchema(schema: Schema): WireSchema {
  const d = toSchemaDescription(schema);
  return { version: d.version, block: wireBlock(d.block) };
}
