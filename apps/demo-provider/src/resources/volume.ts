import { requiresReplaceIf, useStateForUnknown } from "@tfkit/plan-engine";
import { importStatePassthroughId } from "@tfkit/provider";
import { attr, type Int64, resourceSchema } from "@tfkit/schema";
import { defineResource } from "../client.js";
import type { Volume } from "../cloud.js";
import { int64InRange } from "../int64.js";

/**
 * `demo_volume` schema: a disk that grows in place, is replaced to shrink, and attaches to a
 * server.
 * @category models
 */
export const volumeSchema = resourceSchema({
  description: "A volume of the demo cloud.",
  attributes: {
    id: attr.string({
      computed: true,
      description: "Volume ID (`vol-N`).",
      planModifiers: [useStateForUnknown()],
    }),
    name: attr.string({ required: true, description: "Volume name." }),
    size: attr.int64({
      required: true,
      description: "Size in GiB; growing is in place, shrinking replaces the volume.",
      validators: [(v) => (v < 1 ? "must be at least 1" : undefined)],
      planModifiers: [
        requiresReplaceIf(
          (req) =>
            req.planValue.isKnown() &&
            !req.planValue.isNull() &&
            !req.stateValue.isNull() &&
            req.planValue.asNumber().cmp(req.stateValue.asNumber()) < 0,
          "Shrinking a volume replaces it.",
        ),
      ],
    }),
    server_id: attr.string({ optional: true, description: "The server it is attached to." }),
  },
});

/** The validator's bound, again for a plan that skipped it; no upper bound short of 2^53 GiB. */
const sizeOf = (size: Int64) => int64InRange(size, 1, Number.MAX_SAFE_INTEGER, ["size"], "volume size");

const stateOf = (v: Volume) => ({ id: v.id, name: v.name, size: v.size, server_id: v.server_id });

/**
 * `demo_volume`: a volume, attached to a server or not.
 * @category models
 */
export const volume = defineResource({
  typeName: "demo_volume",
  schema: volumeSchema,
  create: async (plan, ctx) => {
    const remote = await ctx.client.createVolume(
      { name: plan.name, size: sizeOf(plan.size), server_id: plan.server_id },
      ctx.signal,
    );
    ctx.setPartialState(stateOf(remote));
    await ctx.client.waitUntilReady("demo_volume", remote.id, plan.name, ctx.signal);
    return stateOf(remote);
  },
  read: async (state, ctx) => {
    const remote = await ctx.client.getVolume(state.id ?? "", ctx.signal);
    return remote === null ? null : stateOf(remote);
  },
  update: async (plan, prior, ctx) =>
    stateOf(
      await ctx.client.updateVolume(
        prior.id ?? "",
        { name: plan.name, size: sizeOf(plan.size), server_id: plan.server_id },
        ctx.signal,
      ),
    ),
  delete: async (prior, ctx) => {
    await ctx.client.deleteVolume(prior.id ?? "", ctx.signal);
  },
  importState: importStatePassthroughId(),
});
