/** Every translated case that the fake core can run, in-process (no terraform). */
import { runFakeCore } from "@tfkit/testing";
import { describe, expect, it } from "vitest";
import { provider } from "../src/provider.js";
import { build, cases as fileCases } from "./cases.js";
import { commandCases } from "./command-cases.js";
import { ephemeralCases } from "./ephemeral-cases.js";

const cases = [...fileCases, ...commandCases, ...ephemeralCases];

describe("terraform-provider-local's acceptance tests under the fake core", () => {
  for (const c of cases) {
    if (c.notUnderFakeCore !== undefined) {
      it.skip(`${c.name} (fake core: needs ${c.notUnderFakeCore})`, () => {});
      continue;
    }
    it(c.name, async () => {
      const result = await runFakeCore(build(c, "fake-core"), { provider });
      expect(result.steps.length).toBeGreaterThan(0);
    });
  }
});
