import { fileURLToPath } from "node:url";
import { fromEntry } from "../src/index.js";

/** Timeout for one real-terraform test case. */
export const CASE_TIMEOUT = 180_000;

/** The mode under test: `TFKIT_TESTING_MODE` or reattach (the runner's default). */
export const MODE: "reattach" | "dev_overrides" =
  process.env.TFKIT_TESTING_MODE === "dev_overrides" ? "dev_overrides" : "reattach";

/**
 * The grpc-transport end-to-end test provider (`tfkite2e_thing`, read-only here), bundled from
 * its entry with the workspace sources.
 */
export const e2eProvider = fromEntry(
  fileURLToPath(new URL("../../grpc-transport/test/e2e/provider/main.ts", import.meta.url)),
  { conditions: ["@tfkit/source"] },
);

/** The notes fixture provider (built with @tfkit/provider; supports import). */
export const notesProvider = fromEntry(
  fileURLToPath(new URL("./fixtures/notes-provider/main.ts", import.meta.url)),
  {
    conditions: ["@tfkit/source"],
  },
);

/** A `tfkite2e_thing.a` configuration. */
export function thing(name: string, extra = ""): string {
  return `resource "tfkite2e_thing" "a" {\n  name = ${JSON.stringify(name)}\n${extra}}\n`;
}

/** Runs `run` and returns the error it throws (fails when it does not throw). */
export async function failureOf(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`);
  }
  throw new Error("expected the runner to fail, but the case passed");
}
