import { defineProject } from "vitest/config";

/**
 * Only the end-to-end tests (real terraform, real processes), one file at a time:
 * `npx vitest run -c vitest.e2e.config.ts`. The package's default config includes them too, so
 * `npm test` runs them; this config is for running them alone while working on the transport.
 */
export default defineProject({
  resolve: { conditions: ["@tfkit/source"] },
  ssr: { resolve: { conditions: ["@tfkit/source"] } },
  test: {
    name: "grpc-transport-e2e",
    include: ["test/e2e/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
