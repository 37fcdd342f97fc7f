import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { ProviderError } from "@tfkit/provider";
import {
  attr,
  matchRoot,
  parseGoDuration,
  resourceSchema,
  semanticTypes,
  stringValidator,
  t,
} from "@tfkit/schema";
import { defineResource, rfc3339Of, SEE_INDEX } from "./common.js";

const DURATION = /^[0-9]+(\.[0-9]+)?(ms|s|m|h)$/;
const DURATION_MESSAGE =
  'must be a number immediately followed by ms (milliseconds), s (seconds), m (minutes), or h (hours). For example, "30s" for 30 seconds.';

/** `time_sleep`'s schema, attribute for attribute as upstream's. */
export const sleepSchema = resourceSchema({
  description:
    "Manages a resource that delays creation and/or destruction, typically for further resources. " +
    "This prevents cross-platform compatibility and destroy-time issues with using " +
    "the [`local-exec` provisioner](https://www.terraform.io/docs/provisioners/local-exec.html).",
  attributes: {
    create_duration: attr.string({
      optional: true,
      description:
        "[Time duration](https://golang.org/pkg/time/#ParseDuration) to delay resource creation. " +
        "For example, `30s` for 30 seconds or `5m` for 5 minutes. Updating this value by itself will not trigger a delay.",
      atLeastOneOf: [matchRoot("destroy_duration")],
      validators: [stringValidator.regexMatches(DURATION, DURATION_MESSAGE)],
    }),
    destroy_duration: attr.string({
      optional: true,
      description:
        "[Time duration](https://golang.org/pkg/time/#ParseDuration) to delay resource destroy. " +
        "For example, `30s` for 30 seconds or `5m` for 5 minutes. Updating this value by itself will not trigger a delay. " +
        "This value or any updates to it must be successfully applied into the Terraform state before destroying this resource to take effect.",
      atLeastOneOf: [matchRoot("create_duration")],
      validators: [stringValidator.regexMatches(DURATION, DURATION_MESSAGE)],
    }),
    triggers: attr.map(t.string, {
      optional: true,
      description: `(Optional) Arbitrary map of values that, when changed, will run any creation or destroy delays again. ${SEE_INDEX}`,
      planModifiers: [requiresReplace()],
    }),
    id: attr.of(semanticTypes.rfc3339, {
      computed: true,
      description: "RFC3339 format of the offset timestamp, e.g. `2020-02-12T06:36:13Z`.",
      planModifiers: [useStateForUnknown()],
    }),
  },
});

/** Waits `ms`, or fails with `summary` when Terraform stops the provider first (upstream's `ctx.Done()`). */
function sleep(ms: number, signal: AbortSignal, summary: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(
        new ProviderError(summary, {
          detail: `Original Error: ${String(signal.reason ?? "context canceled")}`,
        }),
      );
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
  });
}

/** The milliseconds of a Go duration, or a diagnostic in upstream's words. */
function durationMs(text: string, summary: string, attribute: string): number {
  const parsed = parseGoDuration(text);
  if (!parsed.ok) {
    throw new ProviderError(summary, {
      detail: `The ${attribute} cannot be parsed\n\n+Original Error: ${parsed.error}`,
      path: [attribute],
    });
  }
  return parsed.duration.milliseconds;
}

/** `time_sleep`: waits at create and/or destroy. */
export const timeSleep = defineResource({
  typeName: "time_sleep",
  schema: sleepSchema,
  create: async (plan, ctx) => {
    if (plan.create_duration !== null && plan.create_duration !== "") {
      await sleep(
        durationMs(plan.create_duration, "Create time sleep error", "create_duration"),
        ctx.signal,
        "Create time sleep error",
      );
    }
    return {
      create_duration: plan.create_duration,
      destroy_duration: plan.destroy_duration,
      triggers: plan.triggers,
      id: rfc3339Of(ctx.client.now()),
    };
  },
  read: (state) => state,
  update: (plan, prior) => ({ ...plan, id: prior.id }),
  delete: async (prior, ctx) => {
    if (prior.destroy_duration !== null && prior.destroy_duration !== "") {
      // Upstream's message names create_duration here too; kept.
      await sleep(
        durationMs(prior.destroy_duration, "Delete time sleep error", "create_duration"),
        ctx.signal,
        "Delete time sleep error",
      );
    }
  },
  importState: (id, ctx) => {
    const parts = id.split(",");
    if (parts.length !== 2 || (parts[0] === "" && parts[1] === "")) {
      throw new ProviderError("Unexpected Format of ID", {
        detail: `Unexpected format of ID (${JSON.stringify(id)}), expected CREATEDURATION,DESTROYDURATION where at least one value is non-empty`,
      });
    }
    const [create = "", destroy = ""] = parts;
    for (const part of [create, destroy]) {
      if (part !== "") durationMs(part, "Import time sleep error", "create_duration");
    }
    return {
      create_duration: create === "" ? null : create,
      destroy_duration: destroy === "" ? null : destroy,
      id: rfc3339Of(ctx.client.now()),
      triggers: {},
    };
  },
});
