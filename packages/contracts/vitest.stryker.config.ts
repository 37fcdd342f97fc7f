// Vitest config for mutation testing (stryker.config.json). Stryker copies this package into a
// sandbox under .stryker-tmp/, where the shared config's relative import does not resolve, so
// the options that matter are repeated here; type tests are left to `npm test`.
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@tfkit/source"] },
  ssr: { resolve: { conditions: ["@tfkit/source"] } },
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
