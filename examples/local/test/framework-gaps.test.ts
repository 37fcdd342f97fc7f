/**
 * What the port needed that tfkit does not offer yet, as todos (see the README's "Workarounds
 * and framework gaps"). When tfkit offers one, drop the workaround it names and the entry here.
 */
import { describe, it } from "vitest";

describe("framework gaps found by the terraform-provider-local port", () => {
  it.todo(
    "a TestStep holds the HCL for runAcceptance and the structuredConfig for runFakeCore at once (structuredConfig wins under both; test/cases.ts's build() keeps one per runner)",
  );
});
