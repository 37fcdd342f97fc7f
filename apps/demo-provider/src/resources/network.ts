import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { importStatePassthroughId } from "@tfkit/provider";
import { attr, resourceSchema } from "@tfkit/schema";
import { parseIpv4Prefix } from "../cidr.js";
import { defineResource } from "../client.js";
import type { Network } from "../cloud.js";

/** Validates an IPv4 CIDR prefix. @internal */
export const cidrValidator = (v: string): string | undefined => {
  try {
    parseIpv4Prefix(v);
    return undefined;
  } catch (error) {
    return `${(error as Error).message} (expected an IPv4 prefix such as 10.0.0.0/16)`;
  }
};

/**
 * `demo_network` schema: a renameable network whose prefix cannot change in place.
 * @category models
 */
export const networkSchema = resourceSchema({
  description: "A network of the demo cloud.",
  attributes: {
    id: attr.string({
      computed: true,
      description: "Network ID (`net-N`).",
      planModifiers: [useStateForUnknown()],
    }),
    name: attr.string({ required: true, description: "Network name (can change in place)." }),
    cidr: attr.string({
      required: true,
      description: "IPv4 prefix, e.g. `10.0.0.0/16`; changing it replaces the network.",
      validators: [cidrValidator],
      planModifiers: [requiresReplace()],
    }),
  },
});

const stateOf = (n: Network) => ({ id: n.id, name: n.name, cidr: n.cidr });

/**
 * `demo_network`: a network; `cidr` is RequiresReplace, `name` changes in place.
 * @category models
 */
export const network = defineResource({
  typeName: "demo_network",
  schema: networkSchema,
  create: async (plan, ctx) => {
    const remote = await ctx.client.createNetwork({ name: plan.name, cidr: plan.cidr }, ctx.signal);
    ctx.setPartialState(stateOf(remote));
    await ctx.client.waitUntilReady("demo_network", remote.id, plan.name, ctx.signal);
    return stateOf(remote);
  },
  read: async (state, ctx) => {
    const remote = await ctx.client.getNetwork(state.id ?? "", ctx.signal);
    return remote === null ? null : stateOf(remote);
  },
  update: async (plan, prior, ctx) =>
    stateOf(await ctx.client.updateNetwork(prior.id ?? "", { name: plan.name }, ctx.signal)),
  delete: async (prior, ctx) => {
    await ctx.client.deleteNetwork(prior.id ?? "", ctx.signal);
  },
  importState: importStatePassthroughId(),
});
