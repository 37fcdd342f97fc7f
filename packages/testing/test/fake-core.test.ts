/**
 * The same test cases under the fake core (in-process) and under the real terraform CLI
 * (reattach): both must pass; per-case times printed side by side.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { findTerraform, runAcceptance, runFakeCore } from "../src/index.js";
import { notesCases } from "./fake-core-cases.js";
import { readStore, provider as notes } from "./fixtures/notes-provider/provider.js";
import { CASE_TIMEOUT } from "./support.js";

const dir = mkdtempSync(join(tmpdir(), "tfkit-fake-core-"));
let storeFile = "";
let counter = 0;
beforeEach(() => {
  storeFile = join(dir, `store-${++counter}.json`);
  // The notes provider finds its store through this variable, in-process and in the provider process.
  process.env.TFKIT_NOTES_STORE = storeFile;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const times = new Map<string, { fake?: number; cli?: number }>();
const record = (name: string, key: "fake" | "cli", ms: number) =>
  times.set(name, { ...times.get(name), [key]: ms });

afterAll(() => {
  const rows = [...times].map(
    ([name, t]) =>
      `  ${name}: fake core ${t.fake?.toFixed(1) ?? "-"} ms, real CLI ${t.cli?.toFixed(0) ?? "-"} ms${t.fake && t.cli ? ` (${Math.round(t.cli / t.fake)}x)` : ""}`,
  );
  console.info(`[fake core vs real CLI, per case]\n${rows.join("\n")}`);
});

describe("the same cases under the fake core", () => {
  for (const { name, testCase } of notesCases()) {
    it(name, async () => {
      const result = await runFakeCore(testCase, { provider: notes });
      record(name, "fake", result.totalMs);
      // The store is empty after the final destroy: the deletes really ran.
      expect(Object.keys(readStore(storeFile))).toEqual([]);
      const rpcs = result.steps.flatMap((s) => s.calls.map((c) => c.rpc));
      expect(rpcs).toContain("ApplyResourceChange");
      console.info(
        `[fake core] ${name}: ${result.steps.map((s) => `${s.name} ${s.durationMs.toFixed(1)} ms`).join(", ")}; total ${result.totalMs.toFixed(1)} ms`,
      );
    });
  }
});

const terraform = findTerraform();
describe.skipIf(!terraform)("the same cases under the real CLI (reattach)", () => {
  for (const { name, testCase } of notesCases()) {
    it(
      name,
      async () => {
        const result = await runAcceptance(testCase, {
          mode: "reattach",
          env: { TFKIT_NOTES_STORE: storeFile },
        });
        // Bundling the provider (once per test file) is not part of a case's cost.
        record(name, "cli", result.totalMs - result.providerBuildMs);
        expect(Object.keys(readStore(storeFile))).toEqual([]);
        console.info(
          `[real CLI] ${name}: ${result.steps.map((s) => `${s.name} ${Math.round(s.durationMs)} ms`).join(", ")}; total ${Math.round(result.totalMs)} ms`,
        );
      },
      CASE_TIMEOUT,
    );
  }
});
