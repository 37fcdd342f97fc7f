import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "examples/*"],
    coverage: { provider: "v8", include: ["packages/*/src/**"], exclude: ["**/gen/**", "**/*.test.ts"] },
  },
});
