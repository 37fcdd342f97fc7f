// The validators guide's provider, driven in-process by the fake core and under the real terraform:
// every diagnostic names the attribute (or element) and reads like the Go validators' messages.
import { nullVal, numberVal, objectVal } from "@tfkit/cty-values";
import { attr, resourceSchema, t, validateConfig } from "@tfkit/schema";
import {
  type ConfigBody,
  fromEntry,
  knownvalue,
  runFakeCore,
  statecheck,
  type TestCase,
  type TestStep,
} from "@tfkit/testing";
import { itAcceptance } from "@tfkit/testing/vitest";
import { expect, it } from "vitest";
import { evenNumber, provider } from "./validators.js";

const P = "guide_pool.main";

/** Matches a message whatever line breaks terraform puts in its diagnostic box. */
function words(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(escaped.replace(/ /g, "\\s+(?:│\\s+)?"));
}

const valid = {
  name: "web",
  size: "small",
  min_nodes: 2,
  spare_nodes: 1,
  max_nodes: 3,
  zones: ["eu-1", "eu-2"],
  labels: { team: "a" },
  rule: [{ port: 443, public: true }],
};

const step = (values: ConfigBody, expectError?: RegExp): TestStep => ({
  structuredConfig: { resources: { [P]: values } },
  ...(expectError === undefined ? {} : { expectError }),
});

export const validatorsCase: TestCase = {
  providers: {
    guide: fromEntry(new URL("./validators/main.ts", import.meta.url).pathname, {
      conditions: ["@tfkit/source"],
    }),
  },
  steps: [
    {
      ...step(valid),
      stateChecks: [statecheck.expectKnownValue(P, "max_nodes", knownvalue.numberExact(3))],
    },
    step(
      { ...valid, name: "Web" },
      words("Attribute name must start with a letter; only a-z, 0-9 and -, got: Web"),
    ),
    step(
      { ...valid, max_nodes: 2 },
      words("Attribute max_nodes value must be at least sum of min_nodes + spare_nodes, got: 2"),
    ),
    step(
      { ...valid, rule: [{ port: 80 }, { port: 70000 }] },
      words("Attribute rule[1].port value must be between 1 and 65535, got: 70000"),
    ),
    step(
      { ...valid, cidr: "10.0.0.0/8" },
      words('Attribute "cidr" cannot be specified when "rule[0].public" is specified'),
    ),
    step(
      { ...valid, zones: ["eu-1", "EU"] },
      words('Attribute zones["EU"] value must match regular expression'),
    ),
    step(
      { ...valid, size: null, rule: [] },
      words("At least one of these attributes must be configured: [size,cidr]"),
    ),
  ],
};

it("reports each broken rule in-process (fake core)", async () => {
  const result = await runFakeCore(validatorsCase, { provider });
  // Every step ran (the runner fails a step whose expected error does not come), then the destroy.
  expect(result.steps.length).toBeGreaterThanOrEqual(validatorsCase.steps.length);
});

itAcceptance("reports each broken rule under the real terraform", validatorsCase, { timeout: 180_000 });

// Values known only after apply: every validator and rule waits, and plan succeeds.
itAcceptance(
  "waits while a value is unknown (under the real terraform)",
  {
    providers: validatorsCase.providers,
    steps: [
      {
        config: `
resource "guide_pool" "a" {
  name      = "a"
  size      = "small"
  min_nodes = 1
  max_nodes = 1
}

resource "guide_pool" "b" {
  # Unknown while planning: id is computed.
  name        = "b-\${guide_pool.a.id}"
  size        = "small"
  min_nodes   = 1
  spare_nodes = length(guide_pool.a.id) > 100 ? 5 : 0
  max_nodes   = 1
}
`,
        stateChecks: [statecheck.expectKnownValue("guide_pool.b", "spare_nodes", knownvalue.numberExact(0))],
      },
    ],
  },
  { timeout: 120_000 },
);

it("a validator of your own: a function or an object with a description", () => {
  const schema = resourceSchema({
    attributes: {
      n: attr.int64({ optional: true, validators: [evenNumber] }),
      s: attr.list(t.int64, { optional: true }),
    },
  });
  const config = (n: number | bigint) => objectVal({ n: numberVal(n), s: nullVal(schema.attributes.s.type) });
  expect(validateConfig(schema, config(4))).toEqual([]);
  expect(validateConfig(schema, config(2n ** 60n + 1n)).map((d) => d.detail)).toEqual([
    "must be even, got 1152921504606846977",
  ]);
});
