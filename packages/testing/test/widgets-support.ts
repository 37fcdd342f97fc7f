/**
 * The widgets fixture provider under both runners: `bothRunners` registers one vitest test per
 * runner for a case built around a fresh store file (the fake core gets it through its `env`,
 * the provider process through runAcceptance's `env`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, it } from "vitest";
import { findTerraform, fromEntry, runAcceptance, runFakeCore, type TestCase } from "../src/index.js";
import { provider } from "./fixtures/widgets-provider/provider.js";
import { CASE_TIMEOUT, MODE } from "./support.js";

export {
  provider as widgetsProvider,
  readWidgets,
  writeWidgets,
} from "./fixtures/widgets-provider/provider.js";

/** The widgets provider bundled for the real CLI. */
export const widgetsLauncher = fromEntry(
  fileURLToPath(new URL("./fixtures/widgets-provider/main.ts", import.meta.url)),
  { conditions: ["@tfkit/source"] },
);

const dir = mkdtempSync(join(tmpdir(), "tfkit-widgets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

/** A fresh store file path (not created). */
export function freshStore(): string {
  return join(dir, `store-${++counter}.json`);
}

/** Which runner a test runs under. */
export type Runner = "fake core" | "real CLI";

/** Runs a case under one runner with the store in the provider's environment. */
export async function runWith(runner: Runner, testCase: TestCase, store: string): Promise<unknown> {
  const env = { TFKIT_WIDGETS_STORE: store };
  return runner === "fake core"
    ? runFakeCore(testCase, { provider, env })
    : runAcceptance(testCase, { mode: MODE, env });
}

/** Whether the real CLI tests run (terraform on PATH). */
export const hasTerraform = findTerraform() !== undefined;

/**
 * Registers `name` under both runners: `body` gets the runner and a fresh store path, and runs
 * the case itself (so it can also assert on failures).
 */
export function bothRunners(name: string, body: (runner: Runner, store: string) => Promise<void>): void {
  it(`fake core: ${name}`, () => body("fake core", freshStore()));
  it.skipIf(!hasTerraform)(`real CLI: ${name}`, () => body("real CLI", freshStore()), CASE_TIMEOUT);
}
