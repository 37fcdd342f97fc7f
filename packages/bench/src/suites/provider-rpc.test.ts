import { fromMsgpack, rawEquals, type Value } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { providerRpcSuites } from "./provider-rpc.js";

// The suites measure real answers: every case answers without a diagnostic, with a state, and
// is awaited whole by the runner (the RPCs are async; what runs after the hook counts).
describe("provider request-path bench suites", () => {
  for (const suite of providerRpcSuites) {
    it(`${suite.name}: every case answers with a state and no diagnostic, and is timed awaited`, async () => {
      await suite.setup?.();
      try {
        for (const c of [suite.baseline, ...suite.cases]) {
          expect(c.async, c.name).toBe(true);
          const answer = (await c.fn()) as {
            diagnostics?: unknown[];
            plannedState?: unknown;
            newState?: unknown;
          };
          if (c === suite.baseline) continue;
          expect(answer.diagnostics ?? [], c.name).toEqual([]);
          expect(answer.plannedState ?? answer.newState, c.name).toBeDefined();
        }
      } finally {
        await suite.teardown?.();
      }
    });
  }

  it("provider/refresh-plan plans no change: the planned state is the stored one", async () => {
    const suite = providerRpcSuites.find((s) => s.name === "provider/refresh-plan");
    if (suite === undefined) throw new Error("no refresh-plan suite");
    await suite.setup?.();
    const [priorRead] = (await suite.baseline.fn()) as Value[];
    for (const c of suite.cases) {
      const answer = (await c.fn()) as { plannedState?: { msgpack?: Uint8Array } };
      const planned = fromMsgpack(answer.plannedState!.msgpack!, priorRead!.type);
      expect(rawEquals(planned, priorRead!), c.name).toBe(true);
    }
  });
});
