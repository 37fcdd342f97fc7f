/**
 * The resource schema of the plan-capture provider (scripts/capture-terraform-plans) and of the
 * test that replays its captures (render-plan.terraform.test.ts): one definition, so the two
 * cannot drift apart. Test data only; not part of the published package.
 */
import { attr, block, resourceSchema, t } from "@tfkit/schema";
import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";

export const captureSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true, planModifiers: [requiresReplace()] }),
    size: attr.number({ optional: true }),
    enabled: attr.bool({ optional: true, computed: true }),
    tags: attr.map(t.string, { optional: true }),
    ports: attr.set(t.string, { optional: true }),
    args: attr.list(t.string, { optional: true }),
    password: attr.string({ optional: true, sensitive: true }),
    script: attr.string({ optional: true }),
    meta: attr.object({ a: t.string, b: t.number }, { optional: true }),
    disks: attr.listNested(
      { size_gb: attr.int64({ required: true }), uuid: attr.string({ computed: true }) },
      { optional: true },
    ),
    labels: attr.mapNested({ v: attr.string({ required: true }) }, { optional: true }),
    secrets: attr.listNested(
      { k: attr.string({ required: true }), v: attr.string({ optional: true, sensitive: true }) },
      { optional: true },
    ),
    svc: attr.setNested(
      { p: attr.number({ required: true }), q: attr.string({ optional: true }) },
      { optional: true },
    ),
    cfg: attr.singleNested(
      { x: attr.string({ optional: true }), y: attr.string({ optional: true }) },
      { optional: true },
    ),
  },
  blocks: {
    network_interface: block.list({
      attributes: {
        subnet: attr.string({ required: true, planModifiers: [requiresReplace()] }),
        ip: attr.string({ computed: true }),
      },
    }),
    rule: block.set({ attributes: { port: attr.number({ required: true }) } }),
    timeouts: block.single({ attributes: { create: attr.string({ optional: true }) } }),
  },
});
