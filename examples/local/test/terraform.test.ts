/**
 * Every translated case under terraform 1.11.4 (runAcceptance, HCL as upstream writes it), run
 * concurrently; skipped loudly when there is no terraform binary.
 */
import { itAcceptance } from "@tfkit/testing/vitest";
import { describe } from "vitest";
import { build, cases as fileCases } from "./cases.js";
import { commandCases } from "./command-cases.js";
import { ephemeralCases } from "./ephemeral-cases.js";

const cases = [...fileCases, ...commandCases, ...ephemeralCases];

describe.concurrent("terraform-provider-local's acceptance tests under terraform", () => {
  for (const c of cases) itAcceptance(c.name, () => build(c), { timeout: 180_000 });
});
