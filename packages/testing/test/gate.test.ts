/**
 * Opt-in gating: with `requireEnv`, itFakeCore / itAcceptance / describeAcceptance skip, loudly
 * and by name, until the variable is set; with it set they run. Without `requireEnv` nothing is
 * gated (this repository's own tests run in `npm test` without TF_ACC).
 */
import { describe, expect, it } from "vitest";
import { optInGate, type TestCase } from "../src/index.js";
import { describeAcceptance, itAcceptance, itFakeCore } from "../src/vitest.js";
import { CASE_TIMEOUT } from "./support.js";
import { freshStore, hasTerraform, widgetsLauncher, widgetsProvider } from "./widgets-support.js";

const CLOSED = "TFKIT_TESTING_GATE_NEVER_SET";
const OPEN = "TFKIT_TESTING_GATE_OPEN";
delete process.env[CLOSED];
process.env[OPEN] = "1";

const ran: string[] = [];
const widgetCase = (who: string): TestCase => ({
  providers: { widgets: widgetsLauncher },
  steps: [
    {
      preConfig: () => void ran.push(who),
      structuredConfig: { resources: { "widgets_widget.a": { zone: "eu", name: "web-1" } } },
    },
  ],
});

// Registration warns: capture what the helpers print while the tests below are collected.
const warnings: string[] = [];
const originalWarn = console.warn;
console.warn = (message: unknown) => void warnings.push(String(message));

describe("requireEnv", () => {
  itFakeCore("fake core, gate closed", widgetCase("fake closed"), {
    provider: widgetsProvider,
    env: { TFKIT_WIDGETS_STORE: freshStore() },
    requireEnv: CLOSED,
  });
  itAcceptance("real CLI, gate closed", widgetCase("cli closed"), { requireEnv: CLOSED });
  describeAcceptance(
    "a gated suite",
    () => {
      it("inside", () => void ran.push("suite closed"));
    },
    { requireEnv: CLOSED },
  );
  itFakeCore("fake core, gate open", widgetCase("fake open"), {
    provider: widgetsProvider,
    env: { TFKIT_WIDGETS_STORE: freshStore() },
    requireEnv: OPEN,
  });
  itAcceptance("real CLI, gate open", () => widgetCase("cli open"), {
    requireEnv: OPEN,
    env: { TFKIT_WIDGETS_STORE: freshStore() },
    timeout: CASE_TIMEOUT,
  });
  // describe bodies are collected after the module ran: restore here, after the registrations.
  console.warn = originalWarn;

  it("skips the closed ones by name, runs the open ones, warns once naming the variable", ({ task }) => {
    const siblings = (task.suite?.tasks ?? []).map((t) => [t.name, t.mode] as const);
    expect(siblings).toContainEqual([
      `fake core, gate closed (skipped: set ${CLOSED}=1 to run acceptance tests)`,
      "skip",
    ]);
    expect(siblings).toContainEqual([
      `real CLI, gate closed (skipped: set ${CLOSED}=1 to run acceptance tests)`,
      "skip",
    ]);
    expect(siblings).toContainEqual([
      `a gated suite (skipped: set ${CLOSED}=1 to run acceptance tests)`,
      "skip",
    ]);
    expect(siblings).toContainEqual(["fake core, gate open", "run"]);
    expect(siblings).toContainEqual(
      hasTerraform
        ? ["real CLI, gate open", "run"]
        : ["real CLI, gate open (skipped: no terraform binary)", "skip"],
    );
    // Tests run in order: the open ones before this one, the closed ones never.
    expect(ran).toEqual(hasTerraform ? ["fake open", "cli open"] : ["fake open"]);
    const gateWarnings = warnings.filter((w) => w.includes(CLOSED));
    expect(gateWarnings).toHaveLength(1);
    expect(gateWarnings[0]).toContain(`${CLOSED} is not set`);
    expect(gateWarnings[0]).toContain("SKIPPED, not passed");
  });
});

describe("optInGate", () => {
  it("is open for any non-empty value, closed otherwise, naming the variable", () => {
    expect(optInGate("TF_ACC", { TF_ACC: "1" })).toEqual({ enabled: true, variable: "TF_ACC", reason: "" });
    expect(optInGate("TF_ACC", { TF_ACC: "0" }).enabled).toBe(true); // as terraform-plugin-testing: any value
    for (const env of [{}, { TF_ACC: "" }]) {
      expect(optInGate("TF_ACC", env)).toEqual({
        enabled: false,
        variable: "TF_ACC",
        reason: "skipped: set TF_ACC=1 to run acceptance tests",
      });
    }
    expect(optInGate("MY_ACC", {}).reason).toContain("MY_ACC");
  });
});
