#!/usr/bin/env node
// The long fuzz run of issue 11: 100,000 schema-aware inputs over every tfplugin6 RPC of the demo
// provider, in-process (test/fuzz/long.ts, bundled here from the TypeScript sources like the
// provider itself). TFKIT_FUZZ_RUNS and TFKIT_FUZZ_SEED override the size and the seed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = mkdtempSync(join(tmpdir(), "tfkit-fuzz-bundle-"));
const outfile = join(out, "fuzz-long.mjs");
try {
  await build({
    entryPoints: [join(appDir, "test", "fuzz", "long.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "error",
    conditions: ["@tfkit/source"],
    banner: {
      js: 'import { createRequire as __fuzzCreateRequire } from "node:module"; const require = __fuzzCreateRequire(import.meta.url);',
    },
  });
  const { main } = await import(pathToFileURL(outfile).href);
  process.exitCode = await main();
} finally {
  rmSync(out, { recursive: true, force: true });
}
