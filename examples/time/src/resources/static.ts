import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { attr, isUnknown, resourceSchema, semanticTypes, t } from "@tfkit/schema";
import { ProviderError } from "@tfkit/provider";
import { parseRfc3339 } from "../time.js";
import { calendarOf, defineResource, mustParse, RFC3339_LINK, rfc3339Of, SEE_INDEX } from "./common.js";

/** `time_static`'s schema, attribute for attribute as upstream's. */
export const staticSchema = resourceSchema({
  description:
    "Manages a static time resource, which keeps a locally sourced UTC timestamp stored in the Terraform state. " +
    "This prevents perpetual differences caused by using " +
    "the [`timestamp()` function](https://www.terraform.io/docs/configuration/functions/timestamp.html).",
  attributes: {
    day: attr.int64({ computed: true, description: "Number day of timestamp." }),
    hour: attr.int64({ computed: true, description: "Number hour of timestamp." }),
    triggers: attr.map(t.string, {
      optional: true,
      description: `Arbitrary map of values that, when changed, will trigger a new base timestamp value to be saved. ${SEE_INDEX}`,
      planModifiers: [requiresReplace()],
    }),
    minute: attr.int64({ computed: true, description: "Number minute of timestamp." }),
    month: attr.int64({ computed: true, description: "Number month of timestamp." }),
    rfc3339: attr.of(semanticTypes.rfc3339, {
      optional: true,
      computed: true,
      description:
        `Base timestamp in ${RFC3339_LINK} format ` +
        "(see [RFC3339 time string](https://tools.ietf.org/html/rfc3339#section-5.8) e.g., " +
        "`YYYY-MM-DDTHH:MM:SSZ`). Defaults to the current time.",
      planModifiers: [requiresReplace()],
    }),
    second: attr.int64({ computed: true, description: "Number second of timestamp." }),
    unix: attr.int64({
      computed: true,
      description: "Number of seconds since epoch time, e.g. `1581489373`.",
    }),
    year: attr.int64({ computed: true, description: "Number year of timestamp." }),
    id: attr.of(semanticTypes.rfc3339, {
      computed: true,
      description: "RFC3339 format of the offset timestamp, e.g. `2020-02-12T06:36:13Z`.",
      planModifiers: [useStateForUnknown()],
    }),
  },
});

/** `time_static`: a timestamp taken once, at create, and kept. */
export const timeStatic = defineResource({
  typeName: "time_static",
  schema: staticSchema,
  // Only a create with a known, configured rfc3339 can be planned in full: the current time
  // would differ between the two PlanResourceChange calls of one apply.
  modifyPlan: ({ action, planned }) => {
    if (action !== "create" || planned === null) return undefined;
    if (planned.rfc3339 === null || isUnknown(planned.rfc3339)) return undefined;
    const ts = mustParse(planned.rfc3339, "rfc3339", "Plan time static error");
    return { ...planned, ...calendarOf(ts), id: planned.rfc3339 };
  },
  create: (plan, ctx) => {
    let ts = ctx.client.now();
    if (plan.rfc3339 !== null && !isUnknown(plan.rfc3339))
      ts = mustParse(plan.rfc3339, "rfc3339", "Create time static error");
    return { triggers: plan.triggers, ...calendarOf(ts), rfc3339: rfc3339Of(ts), id: rfc3339Of(ts) };
  },
  read: (state) => state,
  // Every configurable attribute forces replacement: an update only ever rewrites triggers.
  update: (plan, prior) => ({ ...prior, triggers: plan.triggers }),
  delete: () => undefined,
  importState: (id) => {
    const ts = parseRfc3339(id);
    if (typeof ts === "string") {
      throw new ProviderError("Import time static error", {
        detail: `The id that was supplied could not be parsed as RFC3339.\n\n+Original Error: ${ts}`,
      });
    }
    return { ...calendarOf(ts), rfc3339: rfc3339Of(ts), id: rfc3339Of(ts), triggers: {} };
  },
});
