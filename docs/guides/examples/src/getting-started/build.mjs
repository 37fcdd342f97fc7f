// Bundles the provider into one file next to the executable Terraform starts:
// <outDir>/terraform-provider-notes (dev_overrides points Terraform at <outDir>).
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

export async function buildProvider({ outDir = "bin", conditions = [] } = {}) {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [new URL("./main.ts", import.meta.url).pathname],
    outfile: join(outDir, "provider.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions, // inside the tfkit repository: ["@tfkit/source"]
    // CommonJS dependencies bundled into ESM still require() Node's built-in modules.
    banner: {
      js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);',
    },
  });
  const executable = join(outDir, "terraform-provider-notes");
  writeFileSync(executable, '#!/usr/bin/env node\nimport("./provider.mjs");\n');
  chmodSync(executable, 0o755);
  return executable;
}

if (process.argv[1] === new URL(import.meta.url).pathname) await buildProvider();
