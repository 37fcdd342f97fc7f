import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { attr, block, resourceSchema } from "@tfkit/schema";

const enabledValidator = (v: string) =>
  v === "true" || v === "false" ? undefined : `must be "true" or "false", got "${v}"`;

/**
 * `demo_server` schema version 0 (the first release): `enabled` was a bool and the size was
 * called `flavor`.
 * @category models
 */
export const serverSchemaV0 = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    description: attr.string({ optional: true }),
    image: attr.string({ required: true }),
    flavor: attr.string({ optional: true, computed: true }),
    port: attr.int64({ optional: true, computed: true }),
    admin_password: attr.string({ optional: true, sensitive: true }),
    enabled: attr.bool({ optional: true }),
  },
  blocks: {
    network_interface: block.list({
      attributes: { network_id: attr.string({ required: true }), ip: attr.string({ computed: true }) },
    }),
  },
});

/**
 * `demo_server` schema version 1: `enabled` became the string `"true"` / `"false"` (Terraform's "State Upgrade").
 * @category models
 */
export const serverSchemaV1 = resourceSchema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    description: attr.string({ optional: true }),
    image: attr.string({ required: true }),
    flavor: attr.string({ optional: true, computed: true }),
    port: attr.int64({ optional: true, computed: true }),
    admin_password: attr.string({ optional: true, sensitive: true }),
    enabled: attr.string({ optional: true }),
  },
  blocks: {
    network_interface: block.list({
      attributes: { network_id: attr.string({ required: true }), ip: attr.string({ computed: true }) },
    }),
  },
});

/**
 * `demo_server` schema version 2 (current): `flavor` renamed to `size`; `created_at` and the
 * computed `all_interfaces` (Terraform's "Resource Instance Change Lifecycle") added.
 *
 * @remarks One attribute of every kind in the attribute-kind tables: Required (`name`), Optional
 * (`description`), Computed (`id`, `created_at` with UseStateForUnknown), Optional+Computed
 * (`size`, chosen by the cloud when unset), Default (`port` = 8080), Sensitive
 * (`admin_password`), RequiresReplace (`image`), an Optional list block
 * (`network_interface`) with a computed attribute, and a Computed list (`all_interfaces`).
 * @category models
 */
export const serverSchema = resourceSchema({
  version: 2,
  description: "A server of the demo cloud.",
  attributes: {
    id: attr.string({
      computed: true,
      description: "Server ID (`srv-N`).",
      planModifiers: [useStateForUnknown()],
    }),
    name: attr.string({
      required: true,
      description: "Server name.",
      validators: [(v) => (v === "" ? "must not be empty" : undefined)],
    }),
    description: attr.string({ optional: true, description: "Free text." }),
    image: attr.string({
      required: true,
      description: "Boot image; changing it replaces the server.",
      planModifiers: [requiresReplace()],
    }),
    size: attr.string({
      optional: true,
      computed: true,
      description: "Machine size; the cloud chooses `small` when unset.",
      planModifiers: [useStateForUnknown()],
    }),
    port: attr.int64({
      optional: true,
      computed: true,
      default: 8080,
      description: "Service port (default 8080).",
      validators: [(v) => (v < 1 || v > 65535 ? "must be between 1 and 65535" : undefined)],
    }),
    admin_password: attr.string({ optional: true, sensitive: true, description: "Administrator password." }),
    enabled: attr.string({
      optional: true,
      description: 'Whether the server runs: `"true"` or `"false"`.',
      validators: [enabledValidator],
    }),
    created_at: attr.string({
      computed: true,
      description: "Creation time (RFC 3339).",
      planModifiers: [useStateForUnknown()],
    }),
    all_interfaces: attr.listNested(
      {
        network_id: attr.string({ computed: true }),
        ip: attr.string({ computed: true }),
        is_default: attr.bool({ computed: true }),
      },
      {
        computed: true,
        description:
          "Every interface of the server: the configured ones, in order, and the default one the cloud creates when none is configured.",
      },
    ),
  },
  blocks: {
    network_interface: block.list({
      description: "An interface on a network (none: the cloud attaches one to `net-default`).",
      attributes: {
        network_id: attr.string({ required: true, description: "The network (`demo_network.x.id`)." }),
        ip: attr.string({ computed: true, description: "The address the cloud gives it." }),
      },
      maxItems: 4,
    }),
  },
});
