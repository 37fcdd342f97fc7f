/** Every translated case, in-process under the fake core (no terraform). */
import { runFakeCore } from "@tfkit/testing";
import { newEchoProvider } from "@tfkit/testing/echo-provider";
import { describe, expect, it } from "vitest";
import { provider } from "../src/provider.js";
import { build, cases as fileCases } from "./cases.js";
import { commandCases } from "./command-cases.js";
import { ephemeralCases } from "./ephemeral-cases.js";

const cases = [...fileCases, ...commandCases, ...ephemeralCases];

describe("terraform-provider-local's acceptance tests under the fake core", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const result = await runFakeCore(build(c), {
        provider,
        ...(c.echo === true ? { providers: { echo: newEchoProvider() } } : {}),
      });
      expect(result.steps.length).toBeGreaterThan(0);
    });
  }
});
