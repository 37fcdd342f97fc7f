import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { PROVIDER_TYPE } from "../../src/schema.js";

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Bundles src/main.ts (with the @tfkit/* sources it imports, through the `@tfkit/source`
 * condition) into `.tfkit-tmp/` of this workspace, next to the `terraform-provider-tfdiff`
 * launcher dev_overrides looks for. Third-party packages stay external and resolve from the
 * workspace's node_modules, which is why the output lives inside the workspace. Returns the
 * directory (the dev_overrides value).
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
    conditions: ["@tfkit/source"],
    plugins: [
      {
        name: "external-third-party",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@tfkit/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const launcher = join(dir, `terraform-provider-${PROVIDER_TYPE}`);
  writeFileSync(launcher, '#!/usr/bin/env node\nimport("./provider.mjs");\n');
  chmodSync(launcher, 0o755);
  return dir;
}
