/**
 * Unknown values with refinements in structured configs (`unknownValue`): the same refinements
 * reach the provider under the fake core and under terraform 1.11.4 (which evaluates the HCL
 * runAcceptance writes for them), and `planResource` plans one resource in one line.
 */
import { describe, expect, it } from "vitest";
import { knownvalue, planResource, plancheck, type TestCase, unknownValue } from "../src/index.js";
import { bothRunners, freshStore, runWith, widgetsLauncher, widgetsProvider } from "./widgets-support.js";

const P = "widgets_probe.p";
const W = "widgets_widget.a";

describe("unknownValue reaches the provider with its refinements", () => {
  bothRunners("prefix, number bounds, not null, collection lengths, plain", async (runner, store) => {
    const testCase: TestCase = {
      providers: { widgets: widgetsLauncher },
      steps: [
        {
          structuredConfig: {
            resources: {
              [P]: {
                s: unknownValue({ prefix: "web-" }),
                n: unknownValue({ min: 1, max: 5 }),
                b: unknownValue({ notNull: true }),
                l: unknownValue({ minLength: 1, maxLength: 3 }),
                st: unknownValue({ minLength: 1, maxLength: 2 }),
                m: unknownValue(),
              },
              // The widget's plan derives `kind` from the refined prefix of its unknown name.
              [W]: { zone: "eu", name: unknownValue({ prefix: "db-" }) },
            },
          },
          planOnly: true,
          expectNonEmptyPlan: true,
          planChecks: [
            plancheck.expectKnownValue(
              P,
              "seen",
              knownvalue.stringExact(
                "s:unknown(notNull,prefix=web-) n:unknown(notNull,min>=1,max<=5) b:unknown(notNull) " +
                  "l:unknown(notNull,len>=1,len<=3) st:unknown(notNull,len>=1,len<=2) m:unknown()",
              ),
            ),
            plancheck.expectUnknownValue(P, "s"),
            plancheck.expectKnownValue(W, "kind", knownvalue.stringExact("db")),
            plancheck.expectUnknownValue(W, "name"),
          ],
        },
      ],
    };
    await runWith(runner, testCase, store);
  });
});

describe("planResource", () => {
  it("plans one resource in one line, unknowns and refinements included", async () => {
    const env = { TFKIT_WIDGETS_STORE: freshStore() };
    const change = await planResource(
      widgetsProvider,
      W,
      { zone: "eu", name: unknownValue({ prefix: "web-" }), size: unknownValue({ min: 1, max: 10 }) },
      { env },
    );
    expect(change.actions).toEqual(["create"]);
    expect(change.after).toMatchObject({ zone: "eu", kind: "web" });
    expect(change.afterUnknown).toMatchObject({ id: true, name: true, size: true, serial: true });
    expect(change.afterUnknown).not.toHaveProperty("kind");

    // Without the prefix's "-", the kind stays unknown (the fixture needs "<kind>-").
    const plain = await planResource(widgetsProvider, W, { zone: "eu", name: unknownValue() }, { env });
    expect(plain.afterUnknown).toMatchObject({ kind: true });
  });

  it("reports a refinement that does not fit the attribute, with its path", async () => {
    await expect(
      planResource(widgetsProvider, W, { zone: unknownValue({ min: 1, max: 2 }), name: "x" }),
    ).rejects.toThrow(
      /structured config zone: unknownValue: cannot refine numeric bounds for a cty\.String value/,
    );
    await expect(planResource(widgetsProvider, P, { l: [unknownValue({ prefix: "a" })] })).rejects.toThrow(
      /unknownValue\(\) is supported as an attribute's whole value/,
    );
  });

  it("fails like a plan does when the provider rejects the plan", async () => {
    await expect(
      planResource(
        widgetsProvider,
        W,
        { zone: "eu", name: "web-1", size: 500 },
        { env: { TFKIT_WIDGETS_STORE: freshStore() } },
      ),
    ).rejects.toThrow(/size 500 is too large/);
  });
});
