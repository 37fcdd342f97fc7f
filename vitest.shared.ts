import { defineProject } from "vitest/config";

/**
 * Per-project vitest options. Projects do not inherit the root config, so each package's
 * vitest.config.ts re-exports this (optionally extended).
 */
export const sharedProject = (name: string) =>
  defineProject({
    resolve: { conditions: ["@tfkit/source"] },
    ssr: { resolve: { conditions: ["@tfkit/source"] } },
    test: {
      name,
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      restoreMocks: true,
      // Property and fuzz tests run tens of thousands of cases, and CI machines have 2 cores that
      // other suites share: a generous default keeps a busy machine from failing a correct test.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      typecheck: { enabled: true, include: ["src/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    },
  });
