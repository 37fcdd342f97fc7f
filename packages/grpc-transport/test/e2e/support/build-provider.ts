import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, "../../..");

/** The provider's type name; terraform looks for `terraform-provider-<type>`. */
export const PROVIDER_TYPE = "tfkite2e";

/** A made-up host, so Terraform and OpenTofu resolve the same address and nothing is fetched. */
export const PROVIDER_SOURCE = `example.test/tfkit/${PROVIDER_TYPE}`;

/** A built test provider: the dev_overrides directory and the executable inside it. */
export interface BuiltProvider {
  /** Directory holding the executable (the dev_overrides value). */
  readonly dir: string;
  /** `<dir>/terraform-provider-tfkite2e`, a node-shebang script. */
  readonly executable: string;
}

/**
 * Bundles (esbuild) `test/e2e/provider/main.ts` (and the `@tfkit/*` sources it imports, through the
 * `@tfkit/source` condition) into `.tfkit-tmp/` of this package, next to an executable launcher
 * named the way terraform's dev_overrides requires. Third-party packages stay external and resolve
 * from the workspace's node_modules, which is why the output lives inside the package.
 */
export async function buildTestProvider(): Promise<BuiltProvider> {
  const root = join(packageDir, ".tfkit-tmp");
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, "e2e-provider-"));
  await build({
    entryPoints: [join(here, "../provider/main.ts")],
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
        // Bundle @tfkit/* from source; every other package stays external (node_modules).
        name: "external-third-party",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@tfkit/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const executable = join(dir, `terraform-provider-${PROVIDER_TYPE}`);
  // `import()` resolves against this file in both CommonJS and ESM, whichever Node picks for an
  // extension-less script.
  writeFileSync(executable, '#!/usr/bin/env node\nimport("./provider.mjs");\n');
  chmodSync(executable, 0o755);
  return { dir, executable };
}
