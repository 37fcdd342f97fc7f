/**
 * ProposedNew against the real terraform: for each case terraform plans a configuration over a
 * stored prior state, the (well-behaved) provider records the PlanResourceChange request, and
 * @tfkit/plan-engine's proposedNew must compute exactly the proposed new state terraform sent
 * from the prior state and config terraform sent with it. Covers the nesting modes whose merge
 * only terraform can settle: single nested attributes, group, single and map blocks, list and
 * set nested attributes and blocks, each with computed children kept from the prior state.
 */
import { valueGoString } from "@tfkit/cty-values";
import { proposedNew } from "@tfkit/plan-engine";
import { beforeAll, describe, it } from "vitest";
import { decodeRequest, type PlanRecord, readRecords } from "../src/record.js";
import { MAP_BLOCK_THING, NEST_THING, schemaOf, THING } from "../src/schema.js";
import { buildProvider } from "./support/build-provider.js";
import { createWorkspace, REQUIRED_PROVIDERS, terraformPath } from "./support/terraform.js";

/** A scenario without hooks: the provider answers every RPC the well-behaved way. */
const WELL_BEHAVED = "plan/create: proposed state, unconfigured computed values unknown";

interface Case {
  readonly name: string;
  readonly resource: string;
  /** The stored state's attributes (terraform's JSON state form). */
  readonly prior: Readonly<Record<string, unknown>>;
  /** The resource block's body. */
  readonly config: string;
}

const nestPrior = {
  id: "i",
  one: { a: "x", c: "one-c" },
  grp: { a: "g", c: "grp-c" },
  solo: { a: "s", c: "solo-c" },
};

const cases: readonly Case[] = [
  {
    name: "single nested attribute, group and single blocks: computed children kept from the prior",
    resource: NEST_THING,
    prior: nestPrior,
    config: `one = { a = "y" }\n  grp {\n    a = "g2"\n  }\n  solo {\n    a = "s"\n  }`,
  },
  {
    name: "omitted group block keeps its prior computed child; omitted single block and nested attribute are null",
    resource: NEST_THING,
    prior: nestPrior,
    config: "",
  },
  {
    name: "map block: an existing key keeps its computed child, a new key has none",
    resource: MAP_BLOCK_THING,
    prior: { id: "i", entry: { k1: { v: "a", c: "c1" }, gone: { v: "z", c: "cz" } } },
    config: `entry "k1" {\n    v = "b"\n  }\n  entry "k2" {\n    v = "c"\n  }`,
  },
  {
    name: "list nested attribute and list block by index, set nested attribute and set block by value",
    resource: THING,
    prior: {
      id: "i",
      name: "a",
      size: null,
      mode: "m",
      secret: null,
      tags: ["t"],
      password: null,
      disks: [
        { size: 1, kind: "k1" },
        { size: 2, kind: "k2" },
      ],
      labels: [{ name: "l1" }, { name: "l2" }],
      rule: [
        { port: 80, note: "n80" },
        { port: 443, note: "n443" },
      ],
      tag: [
        { key: "a", value: "1" },
        { key: "b", value: null },
      ],
    },
    config: [
      `name = "a"`,
      `disks = [{ size = 1 }, { size = 3, kind = "x" }, { size = 4 }]`,
      `labels = [{ name = "l2" }, { name = "l3" }]`,
      `rule {\n    port = 443\n  }`,
      `tag {\n    key = "b"\n  }`,
      `tag {\n    key = "a"\n    value = "2"\n  }`,
    ].join("\n  "),
  },
  {
    name: "optional+computed attribute unset keeps the prior value; a shorter list drops the rest",
    resource: THING,
    prior: {
      id: "i",
      name: "a",
      size: 1,
      mode: "m",
      secret: null,
      tags: [],
      password: null,
      disks: [{ size: 1, kind: "k1" }],
      labels: null,
      rule: [
        { port: 80, note: "n80" },
        { port: 81, note: "n81" },
      ],
      tag: [],
    },
    config: `name = "b"\n  disks = []\n  rule {\n    port = 80\n  }`,
  },
];

describe.skipIf(!terraformPath).concurrent("proposedNew equals terraform 1.11.4's proposed new state", () => {
  let provider = "";

  beforeAll(async () => {
    provider = await buildProvider();
  }, 60_000);

  for (const c of cases) {
    it(c.name, async ({ expect }) => {
      const ws = await createWorkspace(
        provider,
        `${REQUIRED_PROVIDERS}\nresource "${c.resource}" "t" {\n  ${c.config}\n}\n`,
        { type: c.resource, attributes: c.prior },
      );
      try {
        const run = await ws.run(WELL_BEHAVED, ["plan", "-input=false", "-no-color"]);
        expect(run.code, run.output).toBe(0);
        const plans = readRecords(ws.recordFile).filter(
          (r): r is PlanRecord => r.rpc === "PlanResourceChange" && r.typeName === c.resource,
        );
        expect(plans.length, run.output).toBeGreaterThan(0);
        const schema = schemaOf(c.resource);
        for (const p of plans) {
          const prior = decodeRequest(p.prior, schema.type);
          const config = decodeRequest(p.config, schema.type);
          const terraformProposed = decodeRequest(p.proposed, schema.type);
          // Each case starts from a stored state whose computed values the proposal keeps: the
          // proposal is not just the config.
          expect(prior.isNull()).toBe(false);
          expect(valueGoString(terraformProposed)).not.toBe(valueGoString(config));
          expect(valueGoString(proposedNew(schema, prior, config))).toBe(valueGoString(terraformProposed));
        }
      } finally {
        await ws.close();
      }
    }, 60_000);
  }
});
