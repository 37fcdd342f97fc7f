// Vitest config for mutation testing (stryker.config.json). Stryker copies this package into a
// sandbox under .stryker-tmp/, where the shared config's relative import does not resolve, so
// the options that matter are repeated here; type tests are left to `npm test`. Dependencies
// resolve to their built dist/ (build them first: `npx turbo run build --filter=@tfkit/plan-engine^...`):
// a long run then sees one fixed version of them, and only this package's sources are mutated.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    restoreMocks: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
