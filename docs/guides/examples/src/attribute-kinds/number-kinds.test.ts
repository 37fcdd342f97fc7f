// float32 and int32 attributes, in-process and under the real terraform.
import { readFileSync } from "node:fs";
import { EmptyObjectVal, nullVal, numberVal, objectVal, stringVal, type Value } from "@tfkit/cty-values";
import { fromEntry, knownvalue, statecheck, type TestCase } from "@tfkit/testing";
import { itAcceptance } from "@tfkit/testing/vitest";
import { beforeAll, describe, expect, it } from "vitest";
import { FakeCore } from "../harness.js";
import { gaugeSchema, provider } from "./number-kinds.js";

const T = gaugeSchema.type;
const N = numberVal(0).type;
const config = (ratio: Value, replicas: Value): Value =>
  objectVal({ id: nullVal(stringVal("").type), ratio, replicas });
const core = new FakeCore(provider, { kinds_gauge: gaugeSchema });

beforeAll(async () => {
  expect(await core.configure(EmptyObjectVal, EmptyObjectVal.type)).toEqual([]);
});

describe("float32 and int32 attributes", () => {
  it("a configured 0.01 on a float32 is stored as 0.01: no inconsistent result, no drift", async () => {
    const cfg = config(numberVal("0.01"), numberVal(3));
    const created = await core.planAndApply("kinds_gauge", nullVal(T), cfg);
    expect(created.getAttr("ratio").asNumber().text()).toBe("0.01");
    const refreshed = await core.read("kinds_gauge", created);
    expect(refreshed.diagnostics).toEqual([]);
    expect(refreshed.newState.getAttr("ratio").asNumber().text()).toBe("0.01");
  });

  it("a new configured value with the same float32 plans no change (the prior value is kept)", async () => {
    const created = await core.planAndApply(
      "kinds_gauge",
      nullVal(T),
      config(numberVal("0.01"), numberVal(3)),
    );
    const plan = await core.plan("kinds_gauge", created, config(numberVal("0.0100000001"), numberVal(3)));
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned.getAttr("ratio").asNumber().text()).toBe("0.01");
    const other = await core.plan("kinds_gauge", created, config(numberVal("0.0100000005"), numberVal(3)));
    expect(other.planned.getAttr("ratio").asNumber().text()).toBe("0.0100000005");
  });

  it("int32 2^31 is refused by ValidateResourceConfig, on the attribute's path", async () => {
    const diagnostics = await core.validate("kinds_gauge", config(nullVal(N), numberVal(2 ** 31)));
    expect(diagnostics).toEqual([
      {
        severity: "error",
        summary: "Invalid Attribute Value",
        detail: "Value 2147483648 cannot be represented as a 32-bit integer.",
        attribute: [{ kind: "attribute", name: "replicas" }],
      },
    ]);
  });
});

const A = "kinds_gauge.a";
// The guide's configuration.
const gaugeTf = readFileSync(new URL("./number-kinds.tf", import.meta.url), "utf8");

export const numberKindsCase: TestCase = {
  providers: {
    kinds: fromEntry(new URL("./number-kinds-main.ts", import.meta.url).pathname, {
      conditions: ["@tfkit/source"],
    }),
  },
  steps: [
    {
      // Apply, then the runner's re-plan must be empty: 0.01 in state is what was configured.
      config: gaugeTf,
      stateChecks: [
        statecheck.expectKnownValue(A, "ratio", knownvalue.numberExact("0.01")),
        statecheck.expectKnownValue(A, "replicas", knownvalue.numberExact(3)),
      ],
    },
    {
      // 0.0100000001 rounds to the same float32 as 0.01: the plan keeps 0.01, nothing changes.
      config: gaugeTf.replace("0.01", "0.0100000001"),
      planOnly: true,
    },
    {
      // Refused before anything is applied: the plan fails on validation, naming the attribute.
      config: gaugeTf.replace("replicas = 3", "replicas = 2147483648"),
      planOnly: true,
      expectError:
        /Invalid Attribute Value[\s\S]*replicas = 2147483648[\s\S]*Value 2147483648 cannot be represented as a 32-bit integer/,
    },
  ],
};

itAcceptance(
  "float32 0.01 applies with an empty re-plan, 0.0100000001 plans nothing; int32 2^31 refused at plan (terraform)",
  numberKindsCase,
  {
    timeout: 120_000,
  },
);
