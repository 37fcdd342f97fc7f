import { requiresReplace, requiresReplaceIf } from "@tfkit/plan-engine";
import { ProviderError } from "@tfkit/provider";
import {
  attr,
  configValidator,
  isUnknown,
  numberValidator,
  resourceSchema,
  semanticTypes,
  t,
} from "@tfkit/schema";
import { addDate, addSeconds, fromMillis, type GoTime, isAfter, parseRfc3339, ZERO_TIME } from "../time.js";
import {
  calendarOf,
  defineResource,
  importInt,
  int64Of,
  mustParse,
  RFC3339_LINK,
  rfc3339Of,
  SEE_INDEX,
} from "./common.js";

const rotationDescription = (unit: string) =>
  `Number of ${unit} to add to the base timestamp to configure the rotation timestamp. ` +
  "When the current time has passed the rotation timestamp, the resource will trigger recreation. " +
  "At least one of the 'rotation_' arguments must be configured.";

const rotationUnit = (unit: string) =>
  attr.int64({
    optional: true,
    description: rotationDescription(unit),
    validators: [numberValidator.atLeast(1)],
  });

/**
 * Upstream's `timemodifier.ReplaceIfOutdated`: replace when the stored rotation time has passed.
 * Upstream reads `time.Now()` here, not the provider's clock (a plan modifier has no provider
 * data in the Go framework, and none in tfkit either), so this does too.
 */
const replaceIfOutdated = requiresReplaceIf(({ stateValue }) => {
  const rotation = parseRfc3339(stateValue.isKnown() && !stateValue.isNull() ? stateValue.asString() : "");
  if (typeof rotation === "string") {
    return {
      requiresReplace: false,
      diagnostics: [
        {
          severity: "error",
          summary: "replaceIfOutdated plan modifier error",
          detail: `The rotation rfc3339 timestamp that was supplied could not be parsed as RFC3339.\n\n+Original Error: ${rotation}`,
          path: [{ kind: "attribute", name: "rotation_rfc3339" }],
        },
      ],
    };
  }
  return isAfter(fromMillis(Date.now()), rotation);
}, "resource will be replaced if current time is past the saved time");

/** `time_rotating`'s schema, attribute for attribute as upstream's. */
export const rotatingSchema = resourceSchema({
  description:
    "Manages a rotating time resource, which keeps a rotating UTC timestamp stored in the Terraform " +
    "state and proposes resource recreation when the locally sourced current time is beyond the rotation time. " +
    "This rotation only occurs when Terraform is executed, meaning there will be drift between the rotation " +
    "timestamp and actual rotation. The new rotation timestamp offset includes this drift. " +
    "This prevents perpetual differences caused by using the [`timestamp()` function](https://www.terraform.io/docs/configuration/functions/timestamp.html) " +
    "by only forcing a new value on the set cadence.",
  attributes: {
    day: attr.int64({ computed: true, description: "Number day of timestamp." }),
    rotation_days: rotationUnit("days"),
    rotation_hours: rotationUnit("hours"),
    rotation_minutes: rotationUnit("minutes"),
    rotation_months: rotationUnit("months"),
    rotation_rfc3339: attr.of(semanticTypes.rfc3339, {
      optional: true,
      computed: true,
      description:
        `Configure the rotation timestamp with an ${RFC3339_LINK} format of the offset timestamp. ` +
        "When the current time has passed the rotation timestamp, the resource will trigger recreation. " +
        "At least one of the 'rotation_' arguments must be configured.",
      planModifiers: [replaceIfOutdated],
    }),
    rotation_years: rotationUnit("years"),
    hour: attr.int64({ computed: true, description: "Number hour of timestamp." }),
    triggers: attr.map(t.string, {
      optional: true,
      description:
        "Arbitrary map of values that, when changed, will trigger a new base timestamp value to be saved." +
        ` These conditions recreate the resource in addition to other rotation arguments. ${SEE_INDEX}`,
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
      description: "RFC3339 format of the timestamp, e.g. `2020-02-12T06:36:13Z`.",
    }),
  },
  configValidators: [
    configValidator.atLeastOneOf(
      "rotation_minutes",
      "rotation_hours",
      "rotation_days",
      "rotation_months",
      "rotation_years",
      "rotation_rfc3339",
    ),
  ],
});

const UNITS = [
  "rotation_years",
  "rotation_months",
  "rotation_days",
  "rotation_hours",
  "rotation_minutes",
] as const;

interface Rotation {
  readonly rotation_years: unknown;
  readonly rotation_months: unknown;
  readonly rotation_days: unknown;
  readonly rotation_hours: unknown;
  readonly rotation_minutes: unknown;
  readonly rotation_rfc3339: unknown;
}

/**
 * Upstream's `setRotationValues`. Each unit replaces (does not add to) the previous one, in
 * upstream's order; no unit at all gives Go's zero time. Unknown units count as 0, as
 * `ValueInt64()` does, which is what makes the plan of issue #227 inconsistent.
 */
export function rotationValues(plan: Rotation, base: GoTime) {
  let rotation = ZERO_TIME;
  if (int64Of(plan.rotation_days) !== 0) rotation = addDate(base, 0, 0, int64Of(plan.rotation_days));
  if (int64Of(plan.rotation_hours) !== 0) rotation = addSeconds(base, int64Of(plan.rotation_hours) * 3600);
  if (int64Of(plan.rotation_minutes) !== 0) rotation = addSeconds(base, int64Of(plan.rotation_minutes) * 60);
  if (int64Of(plan.rotation_months) !== 0) rotation = addDate(base, 0, int64Of(plan.rotation_months), 0);
  const configured = plan.rotation_rfc3339;
  if (typeof configured === "string" && configured !== "")
    rotation = mustParse(configured, "rotation_rfc3339", "Rotation time error");
  if (int64Of(plan.rotation_years) !== 0) rotation = addDate(base, int64Of(plan.rotation_years), 0, 0);
  return {
    rotation_rfc3339: rfc3339Of(rotation),
    ...calendarOf(rotation),
    rfc3339: rfc3339Of(base),
    id: rfc3339Of(base),
  };
}

const sameRotation = (a: Rotation, b: Rotation) =>
  [...UNITS, "rotation_rfc3339" as const].every((k) => a[k] === b[k]);

/** `time_rotating`: a base timestamp and a rotation time past which the resource is recreated. */
export const timeRotating = defineResource({
  typeName: "time_rotating",
  schema: rotatingSchema,
  modifyPlan: ({ action, prior, planned }) => {
    if (action !== "update" || prior === null || planned === null || sameRotation(prior, planned))
      return undefined;
    const base = mustParse(
      isUnknown(planned.rfc3339) ? prior.rfc3339 : planned.rfc3339,
      "rfc3339",
      "Plan time rotating error",
    );
    // Upstream reads an unknown rotation_rfc3339 back from state but then recomputes from the plan,
    // where it is still unknown: the units decide. Same here.
    return { ...planned, ...rotationValues(planned, base) };
  },
  create: (plan, ctx) => {
    const configured = isUnknown(plan.rfc3339) ? "" : plan.rfc3339;
    const base =
      configured !== "" ? mustParse(configured, "rfc3339", "Create time rotating error") : ctx.client.now();
    return { ...plan, ...rotationValues(plan, base) };
  },
  // Past the rotation time the resource is gone from state, so the next plan creates it again.
  read: (state, ctx) => {
    if (state.rotation_rfc3339 === null || state.rotation_rfc3339 === "") return state;
    const rotation = mustParse(state.rotation_rfc3339, "rotation_rfc3339", "Read time rotating error");
    if (isAfter(ctx.client.now(), rotation)) {
      ctx.logger.info(
        `Expiration timestamp (${state.rotation_rfc3339}) is after current timestamp, removing from state`,
      );
      return null;
    }
    return state;
  },
  update: (plan, prior) => {
    const rotation = isUnknown(plan.rotation_rfc3339) ? prior.rotation_rfc3339 : plan.rotation_rfc3339;
    const resolved = {
      ...plan,
      rotation_rfc3339: rotation,
      rfc3339: isUnknown(plan.rfc3339) ? prior.rfc3339 : plan.rfc3339,
    };
    if (sameRotation(prior, resolved)) return { ...prior, triggers: plan.triggers };
    const id = isUnknown(plan.id) ? prior.id : plan.id;
    return { ...resolved, ...rotationValues(resolved, mustParse(id, "id", "Update time rotating error")) };
  },
  delete: () => undefined,
  importState: (id) => {
    const parts = id.split(",");
    if (parts.length !== 2 && parts.length !== 6) {
      throw new ProviderError("Unexpected Format of ID", {
        detail: `Unexpected format of ID (${JSON.stringify(id)}), expected BASETIMESTAMP,YEARS,MONTHS,DAYS,HOURS,MINUTES or BASETIMESTAMP,ROTATIONTIMESTAMP`,
      });
    }
    if (parts.length === 2) {
      const [baseText = "", rotationText = ""] = parts;
      if (baseText === "" || rotationText === "") {
        throw new ProviderError("Unexpected Format of ID", {
          detail: `Unexpected format of ID (${JSON.stringify(id)}), expected BASETIMESTAMP,ROTATIONTIMESTAMP`,
        });
      }
      const base = parseRfc3339(baseText);
      const rotation = parseRfc3339(rotationText);
      const bad = typeof base === "string" ? base : typeof rotation === "string" ? rotation : undefined;
      if (bad !== undefined || typeof base === "string" || typeof rotation === "string") {
        throw new ProviderError("Import time rotating error", {
          detail: `The timestamp that was supplied could not be parsed as RFC3339.\n\n+Original Error: ${bad}`,
        });
      }
      return {
        ...calendarOf(rotation),
        rotation_rfc3339: rfc3339Of(rotation),
        rotation_years: null,
        rotation_months: null,
        rotation_days: null,
        rotation_hours: null,
        rotation_minutes: null,
        rfc3339: rfc3339Of(base),
        id: rfc3339Of(base),
        triggers: {},
      };
    }
    if (parts[0] === "" || parts.slice(1).every((p) => p === "")) {
      throw new ProviderError("Unexpected Format of ID", {
        detail: `Unexpected format of ID (${JSON.stringify(id)}), expected BASETIMESTAMP,YEARS,MONTHS,DAYS,HOURS,MINUTES where at least one rotation value is non-empty`,
      });
    }
    const units: Record<string, number | null> = {};
    for (const [i, name] of UNITS.entries()) {
      const n = importInt(parts[i + 1] ?? "", "rotation");
      if (typeof n === "string") {
        throw new ProviderError("Import time rotating error", {
          detail: `The parameter that was supplied could not be parsed.\n\n+Original Error: ${n}`,
        });
      }
      units[name] = n;
    }
    const base = parseRfc3339(parts[0] ?? "");
    if (typeof base === "string") {
      throw new ProviderError("Import time rotating error", {
        detail: `The parameter that was supplied could not be parsed.\n\n+Original Error: ${base}`,
      });
    }
    // Upstream's parseMultiplePartId: only positive units count, the last one set wins.
    const positive = (k: (typeof UNITS)[number]) => (units[k] ?? 0) > 0;
    let rotation = ZERO_TIME;
    if (positive("rotation_days")) rotation = addDate(base, 0, 0, units.rotation_days ?? 0);
    if (positive("rotation_hours")) rotation = addSeconds(base, (units.rotation_hours ?? 0) * 3600);
    if (positive("rotation_minutes")) rotation = addSeconds(base, (units.rotation_minutes ?? 0) * 60);
    if (positive("rotation_months")) rotation = addDate(base, 0, units.rotation_months ?? 0, 0);
    if (positive("rotation_years")) rotation = addDate(base, units.rotation_years ?? 0, 0, 0);
    return {
      ...calendarOf(rotation),
      rotation_rfc3339: rfc3339Of(rotation),
      rotation_years: units.rotation_years ?? null,
      rotation_months: units.rotation_months ?? null,
      rotation_days: units.rotation_days ?? null,
      rotation_hours: units.rotation_hours ?? null,
      rotation_minutes: units.rotation_minutes ?? null,
      rfc3339: rfc3339Of(base),
      id: rfc3339Of(base),
      triggers: {},
    };
  },
});
