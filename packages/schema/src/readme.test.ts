// The README example, run: the schema builds, a plan model flows through a create handler, and
// the state it returns maps back to a wholly known value of the implied type.
import { describe, expect, it } from "vitest";
import { listVal, numberVal, objectVal, stringVal, True } from "@tfkit/cty-values";
import {
  attr,
  block,
  configValidator,
  emptyValue,
  fromModel,
  isUnknown,
  mapValidator,
  matchRoot,
  numberValidator,
  type Plan,
  resourceSchema,
  type State,
  stringValidator,
  t,
  toModel,
  Unknown,
  validateConfig,
} from "./index.js";

export const serverSchema = resourceSchema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true, description: "Server ID." }),
    name: attr.string({ required: true, validators: [(v) => (v === "" ? "must not be empty" : undefined)] }),
    port: attr.int64({ optional: true, computed: true, default: 8080 }),
    tags: attr.map(t.string, { optional: true }),
    password: attr.string({ optional: true, sensitive: true, writeOnly: true }),
    disks: attr.listNested({ size_gb: attr.int64({ required: true }) }, { optional: true }),
  },
  blocks: {
    network_interface: block.list({
      attributes: { subnet: attr.string({ required: true }), ip: attr.string({ computed: true }) },
      maxItems: 4,
    }),
  },
});

type S = typeof serverSchema;

const create = (plan: Plan<S>): State<S> => ({
  ...plan,
  id: "srv-1",
  port: isUnknown(plan.port) ? 8080 : plan.port, // a default: never null once planned
  password: null,
  network_interface: plan.network_interface.map((n) => ({ subnet: n.subnet, ip: "10.0.0.2" })),
});

describe("README example", () => {
  it("creates a wholly known state from a plan", () => {
    const planned: Plan<S> = {
      id: Unknown,
      name: "web",
      port: Unknown,
      tags: null,
      password: null,
      disks: [{ size_gb: 20 }],
      network_interface: [{ subnet: "s-1", ip: Unknown }],
    };
    const planValue = fromModel(serverSchema, planned, "plan");
    expect(planValue.isWhollyKnown()).toBe(false);
    const state = fromModel(serverSchema, create(toModel(serverSchema, planValue, "plan")), "state");
    expect(state.isWhollyKnown()).toBe(true);
    expect(toModel(serverSchema, state, "state")).toEqual({
      id: "srv-1",
      name: "web",
      port: 8080,
      tags: null,
      password: null,
      disks: [{ size_gb: 20 }],
      network_interface: [{ subnet: "s-1", ip: "10.0.0.2" }],
    });
  });
});

export const bucketSchema = resourceSchema({
  attributes: {
    name: attr.string({ required: true, validators: [stringValidator.lengthBetween(3, 63)] }),
    min_size: attr.int64({ optional: true, validators: [numberValidator.atLeast(0)] }),
    max_size: attr.int64({ optional: true, validators: [numberValidator.atLeastSumOf("min_size")] }),
    tags: attr.map(t.string, {
      optional: true,
      validators: [mapValidator.keysAre(stringValidator.lengthAtMost(16))],
    }),
    kms_key: attr.string({
      optional: true,
      conflictsWith: [matchRoot("rule").atAnyListIndex().atName("public")],
    }),
  },
  blocks: { rule: block.list({ attributes: { public: attr.bool({ optional: true }) } }) },
  configValidators: [configValidator.atLeastOneOf("min_size", "max_size")],
});

describe("README validators example", () => {
  it("reports each broken rule with Go's wording and the value's path", () => {
    const m = new Map(emptyValue(bucketSchema).entries());
    m.set("name", stringVal("b"));
    m.set("min_size", numberVal(2));
    m.set("max_size", numberVal(1));
    m.set("kms_key", stringVal("k"));
    m.set("rule", listVal([objectVal({ public: True })]));
    const lines = validateConfig(bucketSchema, objectVal(m)).map((d) => d.detail);
    expect(lines).toEqual([
      "Attribute name string length must be between 3 and 63, got: 1",
      "Attribute max_size value must be at least sum of min_size, got: 1",
      'Attribute "rule[0].public" cannot be specified when "kms_key" is specified',
    ]);
  });
});
