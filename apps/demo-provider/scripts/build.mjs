#!/usr/bin/env node
// Bundles terraform-provider-demo into dist/provider.mjs (run by bin/terraform-provider-demo).
// The @tfkit packages are bundled from their TypeScript sources (export condition
// "@tfkit/source"), so nothing else has to be built first: this works right after `npm ci`.
// Third-party packages (@grpc/grpc-js, @bufbuild/protobuf) are bundled too: one file to load
// is what keeps the ~5 provider processes Terraform starts per command cheap.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Bundles the demo provider. Returns the bundle's path.
 * @param {{ outfile?: string }} [options]
 */
export async function buildDemo(options = {}) {
  const outfile = options.outfile ?? join(appDir, "dist", "provider.mjs");
  await build({
    entryPoints: [join(appDir, "src", "main.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    logLevel: "error",
    conditions: ["@tfkit/source"],
    // CommonJS dependencies bundled into ESM call require() for Node built-ins.
    banner: {
      js: 'import { createRequire as __demoCreateRequire } from "node:module"; const require = __demoCreateRequire(import.meta.url);',
    },
  });
  return outfile;
}

/** The directory holding the executable `terraform-provider-demo` (what dev_overrides points at). */
export const binDir = join(appDir, "bin");

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const out = await buildDemo();
  console.log(`built ${out} in ${Math.round(performance.now() - started)} ms`);
}
