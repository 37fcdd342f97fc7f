import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { importStatePassthroughId, ProviderError } from "@tfkit/provider";
import { attr, resourceSchema } from "@tfkit/schema";
import { networkPrefixProblem } from "../cidr.js";
import { defineResource } from "../client.js";
import type { Network } from "../cloud.js";

/**
 * Validates a network's IPv4 prefix (syntax and room for servers). Terraform runs it at
 * validate time, and the framework again at plan time for a value that was unknown then.
 * @internal
 */
export const cidrValidator = (v: string): string | undefined => networkPrefixProblem(v);

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
  update: async (plan, prior, ctx) => {
    // The plan replaces the network when cidr changes (RequiresReplace); a plan that says
    // otherwise did not come from this provider.
    if (plan.cidr !== prior.cidr) {
      throw new ProviderError("Demo cloud: the prefix of a network cannot change in place", {
        path: ["cidr"],
        detail: `The network ${prior.id ?? ""} has the prefix ${prior.cidr}; a network with the prefix ${String(plan.cidr)} must be a new network (the plan should have replaced it).`,
      });
    }
    return stateOf(await ctx.client.updateNetwork(prior.id ?? "", { name: plan.name }, ctx.signal));
  },
  delete: async (prior, ctx) => {
    await ctx.client.deleteNetwork(prior.id ?? "", ctx.signal);
  },
  importState: importStatePassthroughId(),
});
