import { importStatePassthroughId } from "@tfkit/provider";
import { isUnknown, type Plan, type State, Unknown } from "@tfkit/schema";
import { priorSchemaUpgrader, upgradeStep } from "@tfkit/upgrade";
import { defineResource } from "../client.js";
import type { Server, ServerInput } from "../cloud.js";
import { int64InRange } from "../int64.js";
import { serverSchema, serverSchemaV0, serverSchemaV1 } from "./server-schema.js";

type S = typeof serverSchema;

function inputOf(plan: Plan<S>): ServerInput {
  return {
    name: plan.name,
    description: plan.description,
    image: plan.image,
    // Unknown: the cloud chooses (create) or keeps the current size (update).
    size: isUnknown(plan.size) ? null : plan.size,
    port:
      isUnknown(plan.port) || plan.port === null ? 8080 : int64InRange(plan.port, 1, 65535, ["port"], "port"),
    admin_password: plan.admin_password,
    enabled: plan.enabled,
    networks: plan.network_interface.map((n) => n.network_id),
  };
}

/** The whole state, built from the remote object (so read, import and apply agree). */
function stateOf(server: Server): State<S> {
  return {
    id: server.id,
    name: server.name,
    description: server.description,
    image: server.image,
    size: server.size,
    port: server.port,
    admin_password: server.admin_password,
    enabled: server.enabled,
    created_at: server.created_at,
    network_interface: server.interfaces
      .filter((i) => !i.is_default)
      .map((i) => ({ network_id: i.network_id, ip: i.ip })),
    all_interfaces: server.interfaces.map((i) => ({
      network_id: i.network_id,
      ip: i.ip,
      is_default: i.is_default,
    })),
  };
}

/**
 * `demo_server`: a server with network interfaces (blocks) and the computed list of all its
 * interfaces, including the default one the cloud creates when none is configured (Terraform's "Resource Instance Change Lifecycle").
 *
 * @remarks A create that fails after the server exists (`TFKIT_DEMO_FAULTS=create_after_remote:demo_server`)
 * returns the server's state with the error (Terraform's "Resource Lifecycle"), so Terraform records it as tainted and
 * replaces it on the next apply. State from schema versions 0 and 1 is upgraded: version 0 by a
 * chain step to version 1 (`enabled` bool → `"true"`/`"false"`: Terraform's "State Upgrade"), version 1 by a direct
 * upgrader to version 2 (`flavor` → `size`).
 * @category models
 */
export const server = defineResource<S>({
  typeName: "demo_server",
  schema: serverSchema,
  create: async (plan, ctx) => {
    const remote = await ctx.client.createServer(inputOf(plan), ctx.signal);
    // The server exists from here on: if anything below fails, Terraform must still learn its ID.
    ctx.setPartialState(stateOf(remote));
    await ctx.client.waitUntilReady("demo_server", remote.id, plan.name, ctx.signal);
    return stateOf(remote);
  },
  read: async (state, ctx) => {
    const remote = await ctx.client.getServer(state.id ?? "", ctx.signal);
    return remote === null ? null : stateOf(remote);
  },
  update: async (plan, prior, ctx) =>
    stateOf(await ctx.client.updateServer(prior.id ?? "", inputOf(plan), ctx.signal)),
  delete: async (prior, ctx) => {
    await ctx.client.deleteServer(prior.id ?? "", ctx.signal);
  },
  // Interfaces keep their address while their network stays the same; all_interfaces is only
  // unknown when the interfaces change.
  modifyPlan: ({ action, prior, planned }) => {
    if (action !== "update" || prior === null || planned === null || isUnknown(planned.network_interface))
      return undefined;
    const interfaces = planned.network_interface.map((n, index): typeof n => {
      const before = prior.network_interface[index];
      const same = before !== undefined && !isUnknown(n.network_id) && n.network_id === before.network_id;
      return { ...n, ip: same ? before.ip : Unknown };
    });
    const unchanged =
      interfaces.length === prior.network_interface.length &&
      interfaces.every(
        (n, index) => !isUnknown(n.ip) && n.network_id === prior.network_interface[index]?.network_id,
      );
    return {
      ...planned,
      network_interface: interfaces,
      all_interfaces: unchanged ? prior.all_interfaces : Unknown,
    };
  },
  importState: importStatePassthroughId(),
  upgradeState: {
    steps: {
      0: upgradeStep({
        priorSchema: serverSchemaV0,
        targetSchema: serverSchemaV1,
        upgrade: ({ model }) => ({
          ...model,
          // Required, but state written by an import may hold null: the refresh that follows
          // every upgrade replaces these placeholders with the cloud's values.
          name: model.name ?? "",
          image: model.image ?? "",
          network_interface: model.network_interface.map((n) => ({ ...n, network_id: n.network_id ?? "" })),
          enabled: model.enabled === null ? null : String(model.enabled),
        }),
      }),
    },
    upgraders: {
      1: priorSchemaUpgrader({
        priorSchema: serverSchemaV1,
        upgrade: ({ model }) => ({
          id: model.id,
          // Placeholders for nulls old state may hold, as in step 0 (the refresh fills them in).
          name: model.name ?? "",
          description: model.description,
          image: model.image ?? "",
          size: model.flavor,
          port: model.port ?? 8080,
          admin_password: model.admin_password,
          enabled: model.enabled,
          // Not recorded before version 2: the refresh that follows every upgrade fills them in.
          created_at: null,
          all_interfaces: null,
          network_interface: model.network_interface.map((n) => ({ ...n, network_id: n.network_id ?? "" })),
        }),
      }),
    },
  },
});
