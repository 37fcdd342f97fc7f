/**
 * terraform-plugin-testing's `echoprovider`, written with tfkit for the ephemeral tests: the
 * provider's `data` (which may hold ephemeral values) is planned as the computed `data` of every
 * `echo` resource, so a state check can see what an ephemeral resource returned.
 */
import { defineProvider, withClient } from "@tfkit/provider";
import { attr, isUnknown, providerSchema, resourceSchema } from "@tfkit/schema";
import type { Value } from "@tfkit/cty-values";

/** What `configure` keeps: the provider's `data` (null when unset or unknown). */
interface Echo {
  readonly data: Value | null;
}

const { defineResource } = withClient<Echo>();

const echo = defineResource({
  typeName: "echo",
  schema: resourceSchema({ attributes: { data: attr.dynamic({ computed: true }) } }),
  // The value is planned, not left unknown, so the plan shows it as echoprovider's does.
  modifyPlan: ({ action, planned }, ctx) =>
    action === "create" && planned !== null && ctx.client.data !== null
      ? { ...planned, data: ctx.client.data }
      : undefined,
  create: (plan, ctx) => ({ data: isUnknown(plan.data) || plan.data === null ? ctx.client.data : plan.data }),
  read: (state) => state,
  update: (_plan, prior) => prior,
  delete: () => {},
});

/** The echo provider (type `echo`). */
export const echoProvider = defineProvider({
  metadata: { typeName: "echo", address: "example.test/tfkit/echo" },
  schema: providerSchema({ attributes: { data: attr.dynamic({ optional: true }) } }),
  configure: (config): Echo => ({ data: isUnknown(config.data) ? null : config.data }),
  resources: [echo],
});
