import { defineProject, mergeConfig } from "vitest/config";
import { sharedProject } from "../../vitest.shared.js";

// The packaging test builds single executables and runs the real terraform: slow, one file at a time.
export default mergeConfig(
  sharedProject("cli"),
  defineProject({ test: { fileParallelism: false, testTimeout: 300_000, hookTimeout: 300_000 } }),
);
