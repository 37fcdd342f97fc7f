import { planModifier, useStateForUnknown } from "@tfkit/plan-engine";
import { defineResource } from "@tfkit/provider";
import { attr, isUnknown, resourceSchema } from "@tfkit/schema";

// A plan modifier sees the attribute's values and the whole config, state and plan.
export const replaceWhenShrinking = planModifier({
  kind: "replace_when_shrinking",
  description: "A smaller disk needs a new one; a larger one grows in place.",
  modify: ({ stateValue, planValue }) => {
    // Nothing stored yet (create), or the new size is not known until apply: nothing to compare.
    if (stateValue.isNull() || !planValue.isKnown() || planValue.isNull()) return undefined;
    return planValue.asNumber().cmp(stateValue.asNumber()) < 0 ? { requiresReplace: true } : undefined;
  },
});

export const diskSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    size: attr.int64({ required: true, planModifiers: [replaceWhenShrinking] }),
    kind: attr.string({ optional: true, computed: true, default: "ssd" }),
    iops: attr.int64({
      optional: true,
      // A validator gets the value (known, non-null) and, in ctx.config, the whole configuration.
      validators: [
        (iops, ctx) => {
          const kind = ctx.config.getAttr("kind");
          if (!kind.isKnown()) return undefined; // decided later: check again when planning
          // The default is applied when planning: in configuration an unset kind is still null.
          const effective = kind.isNull() ? "ssd" : kind.asString();
          return effective === "hdd" && Number(iops) > 500 ? "an hdd disk has at most 500 iops" : undefined;
        },
      ],
    }),
  },
});

let next = 1;
export const disk = defineResource({
  typeName: "guide_disk",
  schema: diskSchema,
  // kind has a default, so it is never null; it is unknown only when configured from an unknown.
  create: (plan) => ({ ...plan, kind: isUnknown(plan.kind) ? "ssd" : plan.kind, id: `disk-${next++}` }),
  read: (state) => state,
  update: (plan, prior) => ({ ...plan, kind: isUnknown(plan.kind) ? prior.kind : plan.kind, id: prior.id }),
  delete: () => {},
});
