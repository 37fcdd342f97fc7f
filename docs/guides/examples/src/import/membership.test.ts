// The "import" guide: a composite-ID import, tested under the fake core and the real terraform.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fromEntry, knownvalue, runFakeCore, statecheck, type TestCase } from "@tfkit/testing";
import { itAcceptance } from "@tfkit/testing/vitest";
import { parseMembershipId, provider, Teams } from "./membership.js";

const dir = mkdtempSync(join(tmpdir(), "teams-import-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const A = "teams_membership.ada";
const ada = (invite: string | null) => ({
  providers: { teams: { file: join(dir, "teams.json") } },
  resources: { [A]: { team: "core", user: "ada", role: "maintainer", invite_message: invite } },
});

export const importCase: TestCase = {
  providers: {
    teams: fromEntry(new URL("./main.ts", import.meta.url).pathname, { conditions: ["@tfkit/source"] }),
  },
  steps: [
    { structuredConfig: ada("Welcome aboard") },
    {
      // A malformed ID is the user's mistake: a diagnostic, not a crash.
      importState: true,
      resourceName: A,
      importStateId: "core",
      expectError: /Unexpected import identifier/,
    },
    {
      // read returns null for a membership the API does not have.
      importState: true,
      resourceName: A,
      importStateId: "core/nobody",
      expectError: /Cannot import non-existent remote object/,
    },
    {
      // `terraform import teams_membership.ada core/ada`: the state checks see the imported
      // object, in its own state; the API never returns invite_message, so verify skips it.
      importState: true,
      importStateKind: "command",
      resourceName: A,
      importStateId: "core/ada",
      importStateVerify: true,
      importStateVerifyIgnore: ["invite_message"],
      stateChecks: [
        statecheck.expectKnownValue(A, "role", knownvalue.stringExact("maintainer")),
        statecheck.expectKnownValue(A, "invite_message", knownvalue.nullValue()),
      ],
    },
    // Without invite_message in the configuration, an import block's plan is clean.
    { structuredConfig: ada(null) },
    {
      // An `import` block; no importStateId: the `id` attribute in state holds "core/ada".
      importState: true,
      importStateKind: "block",
      resourceName: A,
      importStateVerify: true,
      stateChecks: [statecheck.expectKnownValue(A, "id", knownvalue.stringExact("core/ada"))],
    },
  ],
  checkDestroy: () => {
    expect(new Teams(join(dir, "teams.json")).get("core", "ada")).toBeUndefined();
  },
};

describe("import with a composite ID", () => {
  it("splits <team>/<user> and refuses anything else", () => {
    expect(parseMembershipId("core/ada")).toEqual({ team: "core", user: "ada" });
    for (const bad of ["core", "core/", "/ada", "core/ada/x"]) {
      expect(() => parseMembershipId(bad)).toThrow(
        expect.objectContaining({
          message: "Unexpected import identifier",
          detail: `Expected "<team>/<user>", got ${JSON.stringify(bad)}.`,
        }),
      );
    }
  });

  it("runs the import steps under the fake core", async () => {
    const result = await runFakeCore(importCase, { provider });
    expect(result.steps.map((s) => s.kind)).toContain("import");
  });

  it("fails importStateVerify when an attribute read cannot recover is not ignored", async () => {
    const [create, , , verified] = importCase.steps;
    const strict = { ...verified, importStateVerifyIgnore: [] };
    await expect(
      runFakeCore({ providers: importCase.providers, steps: [create!, strict] }, { provider }),
    ).rejects.toThrow(/attribute invite_message: in state "Welcome aboard", imported null/);
  });
});

itAcceptance("runs the import steps under the real terraform", importCase, { timeout: 120_000 });
