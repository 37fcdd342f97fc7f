import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, defineResource } from "@tfkit/provider";
import { attr, resourceSchema } from "@tfkit/schema";

// One resource type per kind of attribute `x`; `trigger` is a required argument the table
// changes to show what happens to `x` when something else changes.
export const kinds = {
  Required: attr.string({ required: true }),
  Optional: attr.string({ optional: true }),
  Computed: attr.string({ computed: true }),
  "Optional+Computed": attr.string({ optional: true, computed: true }),
  "Optional+Default": attr.string({ optional: true, computed: true, default: "dflt" }),
  // With @tfkit/plan-engine modifiers:
  "Computed+UseStateForUnknown": attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
  "Optional+Computed+UseStateForUnknown": attr.string({
    optional: true,
    computed: true,
    planModifiers: [useStateForUnknown()],
  }),
  "Optional+RequiresReplace": attr.string({ optional: true, planModifiers: [requiresReplace()] }),
};

export type Kind = keyof typeof kinds;

export const schemas = Object.fromEntries(
  Object.entries(kinds).map(([kind, x]) => [
    kind,
    resourceSchema({ attributes: { trigger: attr.string({ required: true }), x } }),
  ]),
) as Record<Kind, ReturnType<typeof schemaOf>>;

function schemaOf() {
  return resourceSchema({
    attributes: { trigger: attr.string({ required: true }), x: attr.string({ optional: true }) },
  });
}

export const typeName = (kind: Kind) => `kinds_${kind.toLowerCase().replace(/[^a-z]+/g, "_")}`;

// The hooks never run in the table (it only plans); they return the plan with `x` resolved.
export const provider = defineProvider({
  metadata: { typeName: "kinds" },
  resources: (Object.keys(kinds) as Kind[]).map((kind) =>
    defineResource({
      typeName: typeName(kind),
      schema: schemas[kind],
      create: (plan) => ({ ...plan, x: typeof plan.x === "string" ? plan.x : "new" }),
      read: (state) => state,
      update: (plan) => ({ ...plan, x: typeof plan.x === "string" ? plan.x : "new" }),
      delete: () => {},
    }),
  ),
});
