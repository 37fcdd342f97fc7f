import { defineProvider } from "@tfkit/provider";
import { plancheck, runFakeCore } from "@tfkit/testing";
import { expect, it } from "vitest";
import { disk } from "./disk.js";

const provider = defineProvider({ metadata: { typeName: "guide" }, resources: [disk] });
const providers = {}; // runFakeCore drives `provider` in-process; no launcher needed
const D = "guide_disk.data";

it("grows in place, replaces when shrinking, defaults kind", () =>
  runFakeCore(
    {
      providers,
      steps: [
        {
          structuredConfig: { resources: { [D]: { size: 10 } } },
          planChecks: [plancheck.expectPlanText(/\+ kind\s+= "ssd"/)],
        },
        { structuredConfig: { resources: { [D]: { size: 20 } } }, expectPlan: { [D]: "update" } },
        {
          structuredConfig: { resources: { [D]: { size: 5 } } },
          expectPlan: { [D]: "replace" },
          planChecks: [plancheck.expectPlanText("# forces replacement")],
        },
      ],
    },
    { provider },
  ));

it("a validator reads the rest of the configuration (ctx.config)", async () => {
  const run = (kind: string | null) =>
    runFakeCore(
      {
        providers,
        steps: [{ structuredConfig: { resources: { [D]: { size: 1, kind, iops: 900 } } } }],
      },
      { provider },
    );
  await expect(run("hdd")).rejects.toThrow(/an hdd disk has at most 500 iops/);
  await run(null); // unset kind: the default, ssd, allows it
});
