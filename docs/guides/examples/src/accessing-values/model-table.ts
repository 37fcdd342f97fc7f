import { attr, block, resourceSchema, t } from "@tfkit/schema";

// One attribute (or block) of each kind, for the model table of the "accessing values" guide.
export const everyKind = resourceSchema({
  attributes: {
    required: attr.string({ required: true }),
    optional: attr.string({ optional: true }),
    optional_computed: attr.string({ optional: true, computed: true }),
    with_default: attr.string({ optional: true, computed: true, default: "d" }),
    computed: attr.string({ computed: true }),
    write_only: attr.string({ optional: true, writeOnly: true }),
    names: attr.list(t.string, { optional: true }),
    ids: attr.list(t.string, { optional: true, nullElements: false }),
    nested: attr.singleNested({ child: attr.string({ required: true }) }, { optional: true }),
    nested_list: attr.listNested({ child: attr.string({ required: true }) }, { optional: true }),
    filled_in: attr.singleNested(
      { child: attr.string({ required: true }) },
      { optional: true, computed: true },
    ),
  },
  blocks: {
    single: block.single({ attributes: { child: attr.string({ required: true }) } }),
    single_required: block.single({ attributes: { child: attr.string({ required: true }) }, required: true }),
    list: block.list({ attributes: { child: attr.string({ required: true }) } }),
  },
});
