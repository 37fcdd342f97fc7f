import { useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, ProviderError, withClient } from "@tfkit/provider";
import { attr, resourceSchema } from "@tfkit/schema";

/** A cloud whose machines are created first and booted afterwards: booting may fail. */
export class MachineCloud {
  readonly machines = new Map<string, { name: string; running: boolean }>();
  failBoot = false;
  #next = 1;

  allocate(name: string): string {
    const id = `m-${this.#next++}`;
    this.machines.set(id, { name, running: false });
    return id;
  }
  boot(id: string): void {
    if (this.failBoot) throw new Error("boot timed out");
    const m = this.machines.get(id);
    if (m !== undefined) m.running = true;
  }
}

export const machineSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true }),
    running: attr.bool({ computed: true }),
  },
});

const { defineResource } = withClient<MachineCloud>();

export const machine = defineResource({
  typeName: "lifecycle_machine",
  schema: machineSchema,
  create: (plan, ctx) => {
    const id = ctx.client.allocate(plan.name); // the remote object exists from here on
    // Record it before anything else can fail: returned with the error, this partial state
    // makes Terraform keep the object (tainted, replaced on the next apply), not forget it.
    ctx.setPartialState({ id });
    try {
      ctx.client.boot(id);
    } catch (error) {
      throw new ProviderError("Machine did not boot", { detail: (error as Error).message });
    }
    return { ...plan, id, running: true };
  },
  read: (state, ctx) => {
    const found = ctx.client.machines.get(state.id ?? "");
    return found === undefined ? null : { ...state, name: found.name, running: found.running };
  },
  update: (plan, prior, ctx) => {
    const id = prior.id ?? "";
    const found = ctx.client.machines.get(id);
    if (found === undefined) throw new ProviderError("Machine not found", { path: ["id"] });
    found.name = plan.name;
    return { ...plan, id, running: found.running };
  },
  delete: (prior, ctx) => {
    ctx.client.machines.delete(prior.id ?? "");
  },
});

export const cloud = new MachineCloud();
export const provider = defineProvider({
  metadata: { typeName: "lifecycle" },
  configure: () => cloud,
  resources: [machine],
});
