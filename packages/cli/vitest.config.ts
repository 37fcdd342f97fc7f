import { defineProject, mergeConfig } from "vitest/config";
import { sharedProject } from "../../vitest.shared.js";

// The distribution test builds single executables and runs the real terraform: tagged `slow`
// (generous timeout; skip with `npx vitest run --tags-filter='!slow'`), one file at a time.
export default mergeConfig(
  sharedProject("cli"),
  defineProject({
    test: {
      fileParallelism: false,
      hookTimeout: 600_000,
      tags: [
        { name: "slow", description: "builds single executables, runs the real terraform", timeout: 600_000 },
      ],
    },
  }),
);
