// The "Validators and semantic types" guide, validators part: one resource using the built-in
// validators, path expressions and a config validator; run in-process and under terraform.
import { useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, defineResource } from "@tfkit/provider";
import {
  attr,
  block,
  configValidator,
  listValidator,
  mapValidator,
  matchRoot,
  numberValidator,
  resourceSchema,
  setValidator,
  stringValidator,
  t,
  type ValidatorObject,
} from "@tfkit/schema";

export const poolSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({
      required: true,
      validators: [
        stringValidator.lengthBetween(1, 63),
        stringValidator.regexMatches(/^[a-z][a-z0-9-]*$/, "must start with a letter; only a-z, 0-9 and -"),
      ],
    }),
    size: attr.string({ optional: true, validators: [stringValidator.oneOf("small", "medium", "large")] }),
    min_nodes: attr.int64({ required: true, validators: [numberValidator.atLeast(1)] }),
    spare_nodes: attr.int64({ optional: true, validators: [numberValidator.between(0, 10)] }),
    // A sibling by name: max_nodes >= min_nodes + spare_nodes (nulls count as 0).
    max_nodes: attr.int64({
      required: true,
      validators: [numberValidator.atLeastSumOf("min_nodes", "spare_nodes")],
    }),
    zones: attr.set(t.string, {
      optional: true,
      validators: [
        setValidator.sizeAtMost(3),
        setValidator.valuesAre(stringValidator.regexMatches(/^[a-z]+-\d$/)),
      ],
    }),
    labels: attr.map(t.string, {
      optional: true,
      validators: [mapValidator.keysAre(stringValidator.lengthAtMost(16))],
    }),
    cidr: attr.string({ optional: true, validators: [stringValidator.isCidr({ family: "ipv4" })] }),
  },
  blocks: {
    rule: block.list({
      validators: [listValidator.sizeAtMost(4)],
      attributes: {
        port: attr.int64({ required: true, validators: [numberValidator.between(1, 65535)] }),
        // A path from the root: a public rule needs no cidr.
        public: attr.bool({ optional: true, conflictsWith: [matchRoot("cidr")] }),
      },
    }),
  },
  // Whole-configuration rules (the Go framework's resourcevalidator): a size or a cidr.
  configValidators: [configValidator.atLeastOneOf("size", "cidr")],
});

// A validator of your own: a function, or an object with a description (shown in docs).
export const evenNumber: ValidatorObject<number | bigint> = {
  description: "value must be even",
  validate: (n) => (BigInt(n) % 2n === 0n ? undefined : `must be even, got ${n}`),
};

let next = 1;
export const pool = defineResource({
  typeName: "guide_pool",
  schema: poolSchema,
  create: (plan) => ({ ...plan, id: `pool-${next++}` }),
  read: (state) => state,
  update: (plan, prior) => ({ ...plan, id: prior.id }),
  delete: () => {},
});

export const provider = defineProvider({ metadata: { typeName: "guide" }, resources: [pool] });
