import { defineProvider, defineResource } from "@tfkit/provider";
import { attr, block, resourceSchema } from "@tfkit/schema";

// The SDK's "embedded resources": nested objects as a block or as nested attributes.
export const blockSchemas = {
  "list block": resourceSchema({
    attributes: { trigger: attr.string({ required: true }) },
    blocks: { x: block.list({ attributes: { v: attr.string({ required: true }) } }) },
  }),
  "Optional list nested attribute": resourceSchema({
    attributes: {
      trigger: attr.string({ required: true }),
      x: attr.listNested({ v: attr.string({ required: true }) }, { optional: true }),
    },
  }),
  "Optional+Computed list nested attribute": resourceSchema({
    attributes: {
      trigger: attr.string({ required: true }),
      x: attr.listNested({ v: attr.string({ required: true }) }, { optional: true, computed: true }),
    },
  }),
  "Computed list nested attribute": resourceSchema({
    attributes: {
      trigger: attr.string({ required: true }),
      x: attr.listNested({ v: attr.string({ computed: true }) }, { computed: true }),
    },
  }),
};

export type BlockKind = keyof typeof blockSchemas;

export const blockTypeName = (kind: BlockKind) => `blocks_${kind.toLowerCase().replace(/[^a-z]+/g, "_")}`;

export const blocksProvider = defineProvider({
  metadata: { typeName: "blocks" },
  resources: (Object.keys(blockSchemas) as BlockKind[]).map((kind) =>
    defineResource({
      typeName: blockTypeName(kind),
      schema: blockSchemas[kind] as (typeof blockSchemas)["Computed list nested attribute"],
      create: (plan) => ({ ...plan, x: [] }),
      read: (state) => state,
      update: (plan) => ({ ...plan, x: [] }),
      delete: () => {},
    }),
  ),
});
