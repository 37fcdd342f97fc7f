import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { PROVIDER_TYPE } from "../../src/schema.js";

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Bundles src/main.ts with everything it imports (the @tfkit/* sources through the
 * `@tfkit/source` condition, and the third-party packages) into one file in `.tfkit-tmp/` of
 * this workspace, next to the `terraform-provider-tfdiff` launcher dev_overrides looks for.
 * Returns the directory (the dev_overrides value).
 */
export async function buildProvider(): Promise<string> {
  const root = join(appDir, ".tfkit-tmp");
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, "provider-"));
  await build({
    entryPoints: [join(appDir, "src/main.ts")],
    outfile: join(dir, "provider.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    logLevel: "error",
    // TFDIFF_FROM_DIST=1 bundles the built dist/ of the @tfkit packages instead (a shared
    // working tree whose sources are mid-edit elsewhere).
    conditions: process.env.TFDIFF_FROM_DIST === "1" ? [] : ["@tfkit/source"],
    // Third-party CommonJS packages (grpc-js) are bundled too: terraform starts 5–6 provider
    // processes per command, and one file loads faster than hundreds. They `require` Node's
    // built-ins, which an ES module provides through createRequire.
    banner: {
      js: "import { createRequire as __tfdiffRequire } from 'node:module'; const require = __tfdiffRequire(import.meta.url);",
    },
  });
  const launcher = join(dir, `terraform-provider-${PROVIDER_TYPE}`);
  writeFileSync(launcher, '#!/usr/bin/env node\nimport("./provider.mjs");\n');
  chmodSync(launcher, 0o755);
  return dir;
}
