import { defineProvider, defineResource } from "@tfkit/provider";
import { attr, resourceSchema, timeoutsBlock } from "@tfkit/schema";

export const slowMachineSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    boot_seconds: attr.int64({ optional: true }),
  },
  blocks: {
    // timeouts { create = "10m" }: one optional Go duration per operation listed here.
    timeouts: timeoutsBlock({ create: true, update: true, delete: true }),
  },
});

/** Waits, unless the signal aborts first: then rejects with the signal's reason. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export const slowMachine = defineResource({
  typeName: "slow_machine",
  schema: slowMachineSchema,
  // The defaults, for operations the configuration gives no duration.
  timeouts: { create: "20m", update: "20m", delete: "20m" },
  create: async (plan, ctx) => {
    const id = `machine-${plan.name}`; // the remote object exists from here on
    ctx.setPartialState({ id });
    // ctx.signal aborts when `timeouts.create` passes: the partial state above is then
    // stored with a "create timed out" error, and Terraform taints the machine.
    await sleep(Number(plan.boot_seconds ?? 0) * 1000, ctx.signal);
    return { ...plan, id };
  },
  read: (state) => state,
  update: (plan, prior) => ({ ...plan, id: prior.id }),
  delete: () => {},
});

export const provider = defineProvider({ metadata: { typeName: "slow" }, resources: [slowMachine] });
