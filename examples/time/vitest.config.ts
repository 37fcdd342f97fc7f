import { mergeConfig } from "vitest/config";
import { sharedProject } from "../../vitest.shared.js";

// The terraform cases of a file run concurrently (describe.concurrent) and mostly wait on
// terraform and the provider process: ten at a time instead of vitest's five cut the wall time
// of the package's run from about 3 min 15 s to 2 min 20 s on a 2-core machine.
export default mergeConfig(sharedProject("example-time"), { test: { maxConcurrency: 10 } });
