/**
 * Schema-aware fuzzing of every tfplugin6 RPC of the demo provider, in-process through the
 * ProviderServer the gRPC transport serves (issue 11): every answer must be a response or a
 * diagnostic, never an internal error, and the process must stay healthy.
 *
 * TFKIT_FUZZ_RUNS (default 4000) and TFKIT_FUZZ_SEED (default 11) choose the run; the long run
 * (100,000 inputs) is `npm run fuzz`.
 */
import { fromMsgpack } from "@tfkit/cty-values";
import { errorDiagnostic, thrownErrorDiagnostic, warningDiagnostic } from "@tfkit/grpc-transport";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { provider as demoProvider } from "../../src/provider.js";
import { valueTree } from "./generators.js";
import { classify, cleanUp, type FuzzReport, formatReport, fuzzDir, runFuzz, setUp } from "./harness.js";
import { encode, map, str } from "./msgpack.js";

const SEED = Number(process.env.TFKIT_FUZZ_SEED ?? 11);
const RUNS = Number(process.env.TFKIT_FUZZ_RUNS ?? 4000);

/** Every RPC the fuzz run must reach (the demo serves no ephemeral resources, but the RPCs are still answered). */
const EVERY_RPC = [
  "GetProviderSchema",
  "GetMetadata",
  "GetFunctions",
  "ValidateProviderConfig",
  "ConfigureProvider",
  "ValidateResourceConfig",
  "ValidateDataResourceConfig",
  "PlanResourceChange",
  "ApplyResourceChange",
  "ReadResource",
  "ImportResourceState",
  "UpgradeResourceState",
  "MoveResourceState",
  "ReadDataSource",
  "CallFunction",
  "ValidateEphemeralResourceConfig",
  "OpenEphemeralResource",
  "RenewEphemeralResource",
  "CloseEphemeralResource",
  "StopProvider",
];

let dir: string;
let provider: typeof demoProvider;
let report: FuzzReport;
const savedEnv = { store: process.env.TFKIT_DEMO_STORE, faults: process.env.TFKIT_DEMO_FAULTS };
const savedCwd = process.cwd();

beforeAll(async () => {
  dir = fuzzDir();
  // Fault-free, and any relative store path a fuzzed configuration names lands in the temp dir.
  process.env.TFKIT_DEMO_STORE = `${dir}/default-store.json`;
  delete process.env.TFKIT_DEMO_FAULTS;
  process.chdir(dir);
  ({ provider } = await import("../../src/provider.js"));
});

afterAll(() => {
  process.chdir(savedCwd);
  if (savedEnv.store === undefined) delete process.env.TFKIT_DEMO_STORE;
  else process.env.TFKIT_DEMO_STORE = savedEnv.store;
  if (savedEnv.faults !== undefined) process.env.TFKIT_DEMO_FAULTS = savedEnv.faults;
  cleanUp(dir);
});

describe("fuzz harness", () => {
  it("generates values of every schema that @tfkit/cty-values accepts before they are mutated", async () => {
    const { targets } = await setUp(provider, dir);
    const all = [targets.provider, ...targets.resources, ...targets.dataSources];
    expect(all.map((t) => t.typeName)).toEqual(
      expect.arrayContaining(["provider", "demo_network", "demo_server", "demo_volume", "demo_images"]),
    );
    for (const t of all) {
      fc.assert(
        fc.property(valueTree(t.type), (n) => {
          fromMsgpack(encode(n), t.type);
        }),
        { seed: SEED, numRuns: 100 },
      );
    }
  });

  it("classifies the transport's own thrown-handler diagnostic as an internal error, plain diagnostics as answers", () => {
    const thrown = thrownErrorDiagnostic("PlanResourceChange", new RangeError("boom"));
    expect(classify("PlanResourceChange", { diagnostics: [thrown] }).outcome).toBe("internal");
    expect(
      classify("ReadResource", { diagnostics: [errorDiagnostic("Invalid value", "at .name")] }).outcome,
    ).toBe("error");
    expect(classify("ReadResource", { diagnostics: [warningDiagnostic("Deprecated")] }).outcome).toBe(
      "warning",
    );
    expect(classify("ReadResource", {}).outcome).toBe("ok");
    expect(
      classify("ApplyResourceChange", {
        diagnostics: [
          errorDiagnostic(
            "Provider produced inconsistent result after apply (tfkit strict mode: value_changed in create)",
            'When applying changes to demo_volume, provider produced an unexpected new value: .id: was cty.StringVal("x"), but now cty.StringVal("vol-1").\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
          ),
        ],
      }).outcome,
    ).toBe("contract");
    expect(classify("CallFunction", { error: { text: "Unexpected error in function f: x" } }).outcome).toBe(
      "internal",
    );
    expect(classify("CallFunction", { error: { text: "invalid CIDR", functionArgument: 0 } }).outcome).toBe(
      "error",
    );
  });
});

describe(`fuzz every RPC (seed ${SEED}, ${RUNS} inputs)`, () => {
  beforeAll(async () => {
    console.log(`demo-provider fuzz: seed ${SEED} (TFKIT_FUZZ_SEED), ${RUNS} inputs (TFKIT_FUZZ_RUNS)`);
    report = await runFuzz(provider, { seed: SEED, inputs: RUNS, dir });
    console.log(formatReport(report));
  }, 120_000);

  it("reaches every RPC and sees every outcome but internal errors", () => {
    expect([...report.rpcsSeen].sort()).toEqual([...EVERY_RPC].sort());
    expect(report.counts.ok).toBeGreaterThan(0);
    expect(report.counts.error).toBeGreaterThan(0);
  });

  it("keeps the process healthy: bounded heap, and a valid plan and apply still work afterwards", async () => {
    expect(report.heapAfter - report.heapBefore).toBeLessThan(64 * 1024 * 1024);
    const env = await setUp(provider, dir);
    const ctx = env.ctx("PlanResourceChange");
    const networkType = env.targets.resources.find((t) => t.typeName === "demo_network")?.type;
    expect(networkType).toBeDefined();
    const config = {
      msgpack: encode(
        map([
          [str("cidr"), str("10.9.0.0/16")],
          [str("id"), { t: "nil" }],
          [str("name"), str("after-fuzz")],
        ]),
      ),
    };
    const plan = await provider.planResourceChange?.(
      {
        typeName: "demo_network",
        priorState: { msgpack: encode({ t: "nil" }) },
        proposedNewState: config,
        config,
        priorPrivate: new Uint8Array(0),
        plannedPrivate: new Uint8Array(0),
      },
      ctx,
    );
    expect(plan?.diagnostics ?? []).toEqual([]);
    const apply = await provider.applyResourceChange?.(
      {
        typeName: "demo_network",
        priorState: { msgpack: encode({ t: "nil" }) },
        plannedState: plan?.plannedState,
        config,
        plannedPrivate: plan?.plannedPrivate ?? new Uint8Array(0),
      },
      env.ctx("ApplyResourceChange"),
    );
    expect(apply?.diagnostics ?? []).toEqual([]);
    const state = fromMsgpack(apply?.newState?.msgpack ?? new Uint8Array(0), networkType as never);
    expect(state.getAttr("name").asString()).toBe("after-fuzz");
    expect(state.getAttr("id").asString()).toMatch(/^net-\d+$/);
  });

  it("answers every input with a response or a diagnostic, never an internal error", () => {
    const classes = [...report.failures].map(
      ([key, f]) => `${key}\n    ${f.typeName}: ${f.note}\n    → ${f.message}`,
    );
    expect(classes, `internal errors (seed ${SEED}):\n${classes.join("\n")}`).toEqual([]);
    expect(report.counts.internal).toBe(0);
  });
});
