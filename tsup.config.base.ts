import type { Options } from "tsup";

/** Shared tsup options: ESM and CJS with declarations, for Node 20. */
export const base = (entry: Record<string, string>, overrides: Options = {}): Options => ({
  entry,
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  ...overrides,
});
