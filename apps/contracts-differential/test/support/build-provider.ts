import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleProviderExecutable } from "@tfkit/testing";
import { PROVIDER_TYPE } from "../../src/schema.js";

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Bundles src/main.ts with everything it imports (the @tfkit/* sources through the
 * `@tfkit/source` condition, and the third-party packages: terraform starts 5–6 provider
 * processes per command, and one file loads faster than hundreds) next to the
 * `terraform-provider-tfdiff` launcher dev_overrides looks for, in a temporary directory removed
 * at exit. Returns the launcher.
 */
export async function buildProvider(): Promise<string> {
  const built = await bundleProviderExecutable(join(appDir, "src/main.ts"), {
    typeName: PROVIDER_TYPE,
    // TFDIFF_FROM_DIST=1 bundles the built dist/ of the @tfkit packages instead (a shared
    // working tree whose sources are mid-edit elsewhere).
    conditions: process.env.TFDIFF_FROM_DIST === "1" ? [] : ["@tfkit/source"],
  });
  return built.executable;
}
