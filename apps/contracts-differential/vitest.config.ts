import { mergeConfig } from "vitest/config";
import { sharedProject } from "../../vitest.shared.js";

// Each scenario runs the real terraform (~1.5–3 s, several node provider processes); two at a
// time keeps the 2-core CI machine busy without starving it.
export default mergeConfig(sharedProject("contracts-differential"), { test: { maxConcurrency: 2 } });
