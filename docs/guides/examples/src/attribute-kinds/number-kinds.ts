import { defineProvider, defineResource } from "@tfkit/provider";
import { attr, resourceSchema } from "@tfkit/schema";

export const gaugeSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    // The Go framework's Float32Attribute: the model is rounded to single precision.
    ratio: attr.float32({ optional: true }),
    // The Go framework's Int32Attribute: 2147483648 is refused when the configuration is validated.
    replicas: attr.int32({ optional: true }),
  },
});

export const gauge = defineResource({
  typeName: "kinds_gauge",
  schema: gaugeSchema,
  create: (plan) => {
    // plan.ratio is Math.fround(0.01) = 0.009999999776482582 for a configured 0.01; returning
    // the same float32 stores the configured 0.01 unchanged, so the next plan is empty.
    return { ...plan, id: `gauge-${plan.replicas ?? 0}` };
  },
  read: (state) => state,
  update: (plan, prior) => ({ ...plan, id: prior.id }),
  delete: () => {},
});

export const provider = defineProvider({ metadata: { typeName: "kinds" }, resources: [gauge] });
