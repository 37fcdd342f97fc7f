#!/usr/bin/env node
// Bundles terraform-provider-demo into dist/provider.mjs (run by bin/terraform-provider-demo).
// The @tfkit packages are bundled from their TypeScript sources (export condition
// "@tfkit/source"), so nothing else has to be built first: this works right after `npm ci`.
// Third-party packages (@grpc/grpc-js, @bufbuild/protobuf) are bundled too: one file to load
// is what keeps the ~5 provider processes Terraform starts per command cheap.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Bundles the demo provider. Returns the bundle's path.
 * @param {{ outfile?: string, entry?: string }} [options] the entry defaults to src/main.ts (the
 *   bench builds its own provider the same way)
 */
export async function buildDemo(options = {}) {
  const outfile = options.outfile ?? join(appDir, "dist", "provider.mjs");
  await build({
    entryPoints: [options.entry ?? join(appDir, "src", "main.ts")],
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

/**
 * Writes the startup snapshot bin/terraform-provider-demo starts from when it can: the provider
 * bundled into one CommonJS file (as `tfkit package` bundles it), snapshotted by this node, with
 * this node's version next to it (the launcher compares). Returns the blob's path.
 * @param {{ dir?: string, entry?: string }} [options] the directory (default dist/); the entry
 *   (default src/main.ts; the bench builds its own provider the same way)
 */
export async function buildDemoSnapshot(options = {}) {
  const dir = options.dir ?? join(appDir, "dist");
  const { bundleProvider } = await import("@tfkit/cli");
  const script = join(dir, "provider.cjs");
  const entry = options.entry ?? join(appDir, "src", "main.ts");
  await bundleProvider({ entry, outfile: script, conditions: ["@tfkit/source"] });
  const blob = join(dir, "provider.blob");
  rmSync(`${blob}.node`, { force: true }); // a half-written blob must never be used
  execFileSync(process.execPath, ["--snapshot-blob", blob, "--build-snapshot", script], {
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  writeFileSync(`${blob}.node`, process.version);
  return blob;
}

/** The directory holding the executable `terraform-provider-demo` (what dev_overrides points at). */
export const binDir = join(appDir, "bin");

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const out = await buildDemo();
  let blob;
  try {
    blob = await buildDemoSnapshot();
  } catch (error) {
    // E.g. right after `npm ci`, before @tfkit/cli is built: the launcher runs provider.mjs.
    console.warn(`no startup snapshot (bin/ will run provider.mjs): ${error?.message ?? error}`);
  }
  console.log(`built ${out}${blob ? ` and ${blob}` : ""} in ${Math.round(performance.now() - started)} ms`);
}
