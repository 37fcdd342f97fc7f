/**
 * terraform-plugin-testing's step features, each under the fake core and the real CLI:
 * value comparison across steps (statecheck.compareValue / compareValuePairs), preConfig,
 * taint, importStateIdFunc, and the shape check that rejects unknown fields.
 */
import { describe, expect } from "vitest";
import {
  compare,
  isAcceptanceError,
  knownvalue,
  runAcceptance,
  runFakeCore,
  statecheck,
  type TestCase,
  type TestStep,
} from "../src/index.js";
import { failureOf } from "./support.js";
import {
  bothRunners,
  readWidgets,
  runWith,
  widgetsLauncher,
  widgetsProvider,
  writeWidgets,
} from "./widgets-support.js";
import { it } from "vitest";

const A = "widgets_widget.a";
const B = "widgets_widget.b";
const providers = { widgets: widgetsLauncher };
const widget = (name: string, extra: Record<string, string | number> = {}) => ({
  zone: "eu",
  name,
  ...extra,
});

describe("statecheck.compareValue and compareValuePairs across steps", () => {
  bothRunners("same id through an update, different serial after a taint", async (runner, store) => {
    const sameId = statecheck.compareValue(compare.valuesSame());
    const newSerial = statecheck.compareValue(compare.valuesDiffer());
    const testCase: TestCase = {
      providers,
      steps: [
        {
          structuredConfig: { resources: { [A]: widget("web-1", { size: 1 }), [B]: widget("db-1") } },
          stateChecks: [
            sameId.addStateValue(A, "id"),
            newSerial.addStateValue(A, "serial"),
            // Pairs: two attributes of two resources, in one state.
            statecheck.compareValuePairs(A, "zone", B, "zone", compare.valuesSame()),
            statecheck.compareValuePairs(A, "id", B, "id", compare.valuesDiffer()),
            // Pairs within one resource.
            statecheck.compareValuePairs(A, "name", A, "zone", compare.valuesDiffer()),
          ],
        },
        {
          structuredConfig: { resources: { [A]: widget("web-1", { size: 2 }), [B]: widget("db-1") } },
          expectPlan: { [A]: "update" },
          stateChecks: [sameId.addStateValue(A, "id")],
        },
        {
          // taint: the same configuration, but the widget is replaced.
          taint: [A],
          expectPlan: { [A]: "destroy-before-create", [B]: "no-op" },
          stateChecks: [
            newSerial.addStateValue(A, "serial"),
            statecheck.expectKnownValue(A, "size", knownvalue.numberExact(2)),
          ],
        },
      ],
    };
    await runWith(runner, testCase, store);
    // Two creates of a, one of b: serials 1..3 were handed out, and the final destroy ran.
    expect(readWidgets(store)).toEqual({ widgets: {}, serial: 3 });
  });

  bothRunners(
    "valuesSame fails when a replacement changes the id, naming every recorded value",
    async (runner, store) => {
      const sameId = statecheck.compareValue(compare.valuesSame());
      const error = await failureOf(() =>
        runWith(
          runner,
          {
            providers,
            steps: [
              {
                structuredConfig: { resources: { [A]: widget("web-1") } },
                stateChecks: [sameId.addStateValue(A, "id")],
              },
              // A new name replaces the widget: a new id.
              {
                structuredConfig: { resources: { [A]: widget("web-2") } },
                stateChecks: [sameId.addStateValue(A, "id")],
              },
            ],
          },
          store,
        ),
      );
      expect(isAcceptanceError(error) && error.step).toBe(2);
      expect(error.message).toMatch(
        /compareValue\(valuesSame\(\)\)\.addStateValue\(widgets_widget\.a\.id\): expected values to be the same, but they differ: "w-1-\w+" != "w-2-\w+" \(recorded: step 1 widgets_widget\.a\.id = "w-1-\w+"; step 2 widgets_widget\.a\.id = "w-2-\w+"\)/,
      );
    },
  );

  bothRunners("compareValuePairs names both values when they differ", async (runner, store) => {
    const error = await failureOf(() =>
      runWith(
        runner,
        {
          providers,
          steps: [
            {
              structuredConfig: { resources: { [A]: widget("web-1"), [B]: { zone: "us", name: "db-1" } } },
              stateChecks: [statecheck.compareValuePairs(A, "zone", B, "zone", compare.valuesSame())],
            },
          ],
        },
        store,
      ),
    );
    expect(error.message).toContain(
      'expected values to be the same, but they differ: "eu" != "us" (widgets_widget.a.zone = "eu", widgets_widget.b.zone = "us")',
    );
  });

  bothRunners(
    "compareValueCollection: the widget's zone is among the probe's list",
    async (runner, store) => {
      const P = "widgets_probe.p";
      const zones = (l: string[]) => ({
        resources: { [A]: widget("web-1"), [P]: { l, m: { first: "us", second: "eu" } } },
      });
      await runWith(
        runner,
        {
          providers,
          steps: [
            {
              structuredConfig: zones(["us", "eu"]),
              stateChecks: [
                statecheck.compareValueCollection(P, ["l"], A, "zone", compare.valuesSame()),
                statecheck.compareValueCollection(P, ["m"], A, "zone", compare.valuesSame()),
              ],
            },
          ],
        },
        store,
      );
      const error = await failureOf(() =>
        runWith(
          runner,
          {
            providers,
            steps: [
              {
                structuredConfig: zones(["us", "ap"]),
                stateChecks: [statecheck.compareValueCollection(P, ["l"], A, "zone", compare.valuesSame())],
              },
            ],
          },
          store,
        ),
      );
      expect(error.message).toContain(
        'no element of widgets_probe.p.l ("us", "ap") satisfies valuesSame() with widgets_widget.a.zone = "eu"',
      );
    },
  );

  it("one case object run twice at once keeps the values of each run apart", async () => {
    // Each run creates a new widget (new id) and checks the id stays the same through an update:
    // mixing the two runs' values would fail.
    const sameId = statecheck.compareValue(compare.valuesSame());
    const testCase: TestCase = {
      providers,
      steps: [
        {
          structuredConfig: { resources: { [A]: widget("web-1", { size: 1 }) } },
          stateChecks: [sameId.addStateValue(A, "id")],
        },
        {
          structuredConfig: { resources: { [A]: widget("web-1", { size: 2 }) } },
          stateChecks: [sameId.addStateValue(A, "id")],
        },
      ],
    };
    const { freshStore } = await import("./widgets-support.js");
    await Promise.all([
      runFakeCore(testCase, { provider: widgetsProvider, env: { TFKIT_WIDGETS_STORE: freshStore() } }),
      runFakeCore(testCase, { provider: widgetsProvider, env: { TFKIT_WIDGETS_STORE: freshStore() } }),
    ]);
  });
});

describe("preConfig", () => {
  bothRunners(
    "runs before the step: a widget deleted behind Terraform's back is created again",
    async (runner, store) => {
      const order: string[] = [];
      await runWith(
        runner,
        {
          providers,
          steps: [
            {
              structuredConfig: { resources: { [A]: widget("web-1") } },
              preConfig: () => void order.push("pre 1"),
            },
            {
              preConfig: () => {
                order.push("pre 2");
                const s = readWidgets(store);
                expect(Object.keys(s.widgets)).toHaveLength(1);
                writeWidgets({ ...s, widgets: {} }, store);
              },
              structuredConfig: { resources: { [A]: widget("web-1") } },
              expectPlan: { [A]: "create" },
              stateChecks: [statecheck.expectKnownValue(A, "serial", knownvalue.numberExact(2))],
            },
          ],
        },
        store,
      );
      expect(order).toEqual(["pre 1", "pre 2"]);
    },
  );

  bothRunners("a preConfig that throws fails its step, naming it", async (runner, store) => {
    const error = await failureOf(() =>
      runWith(
        runner,
        {
          providers,
          steps: [
            { structuredConfig: { resources: { [A]: widget("web-1") } } },
            {
              preConfig: () => {
                throw new Error("the fake clock is broken");
              },
              planOnly: true,
            },
          ],
        },
        store,
      ),
    );
    expect(isAcceptanceError(error) && error.step).toBe(2);
    expect(error.message).toContain("preConfig threw: the fake clock is broken");
    // The clean-up destroy (runAcceptance) or nothing (fake core): the store tells which.
    if (runner === "real CLI") expect(readWidgets(store).widgets).toEqual({});
  });
});

describe("taint", () => {
  bothRunners("an address not in the state fails the step", async (runner, store) => {
    const error = await failureOf(() =>
      runWith(
        runner,
        {
          providers,
          steps: [
            { structuredConfig: { resources: { [A]: widget("web-1") } } },
            { taint: [B], planOnly: true },
          ],
        },
        store,
      ),
    );
    expect(isAcceptanceError(error) && error.step).toBe(2);
    expect(error.message).toMatch(/taint widgets_widget\.b/);
    expect(error.message).toMatch(/No such resource instance/);
  });
});

describe("importStateIdFunc", () => {
  bothRunners("computes <zone>/<name> from the state of the earlier steps", async (runner, store) => {
    const seen: string[] = [];
    await runWith(
      runner,
      {
        providers,
        steps: [
          { structuredConfig: { resources: { [A]: { zone: "eu", name: "web-7", size: 3 } } } },
          {
            importState: true,
            resourceName: A,
            importStateIdFunc: (state) => {
              const values = state.resources.find((r) => r.address === A)?.values;
              const id = `${values?.zone}/${values?.name}`;
              seen.push(id);
              return id;
            },
            importStateVerify: true,
            stateChecks: [statecheck.expectKnownValue(A, "size", knownvalue.numberExact(3))],
          },
        ],
      },
      store,
    );
    expect(seen).toEqual(["eu/web-7"]);
  });

  bothRunners(
    "a throwing importStateIdFunc fails the import step with its message",
    async (runner, store) => {
      const error = await failureOf(() =>
        runWith(
          runner,
          {
            providers,
            steps: [
              { structuredConfig: { resources: { [A]: widget("web-1") } } },
              {
                importState: true,
                resourceName: A,
                importStateIdFunc: () => {
                  throw new Error("no zone in state");
                },
              },
            ],
          },
          store,
        ),
      );
      expect(error.message).toContain("importStateIdFunc threw: no zone in state");
    },
  );
});

describe("unknown fields are errors, not no-ops", () => {
  const misspelt = {
    providers,
    steps: [
      {
        structuredConfig: { resources: { [A]: widget("web-1") } },
        preconfig: () => {},
      } as unknown as TestStep,
      { name: "second", planOnly: true, Taint: [A], expectErorr: /x/ } as unknown as TestStep,
    ],
    checkDestory: () => {},
  } as unknown as TestCase;

  it.each([
    ["fake core", () => runFakeCore(misspelt, { provider: widgetsProvider })],
    ["real CLI", () => runAcceptance(misspelt)],
  ] as const)("%s: every unknown field named, with a suggestion, before anything runs", async (_, run) => {
    const error = await failureOf(run);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain(
      'the test case: unknown field "checkDestory" (did you mean "checkDestroy"?)',
    );
    expect(error.message).toContain('step 1: unknown field "preconfig" (did you mean "preConfig"?)');
    expect(error.message).toContain('step 2 ("second"): unknown field "Taint" (did you mean "taint"?)');
    expect(error.message).toContain(
      'step 2 ("second"): unknown field "expectErorr" (did you mean "expectError"?)',
    );
  });

  it("contradicting fields are named too", async () => {
    const error = await failureOf(() =>
      runFakeCore(
        {
          providers,
          steps: [
            { config: "x", configFile: "main.tf" },
            {
              importState: true,
              resourceName: A,
              importStateId: "a",
              importStateIdFunc: () => "b",
              taint: [A],
            },
          ],
        },
        { provider: widgetsProvider },
      ),
    );
    expect(error.message).toContain("step 1: set only one of config, configFile");
    expect(error.message).toContain("step 2: set importStateId or importStateIdFunc, not both");
    expect(error.message).toContain("step 2: taint has no effect on an importState step");
  });
});
