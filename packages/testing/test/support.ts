import { fileURLToPath } from "node:url";
import { fromEntry } from "../src/index.js";

/**
 * The grpc-transport end-to-end test provider (`tfkite2e_thing`), read-only here: bundled from its
 * entry with the workspace sources.
 */
export const e2eProvider = fromEntry(
  fileURLToPath(new URL("../../grpc-transport/test/e2e/provider/main.ts", import.meta.url)),
  { conditions: ["@tfkit/source"] },
);

/** A `tfkite2e_thing` configuration. */
export function thing(name: string, extra = ""): string {
  return `resource "tfkite2e_thing" "a" {\n  name = ${JSON.stringify(name)}\n${extra}}\n`;
}
