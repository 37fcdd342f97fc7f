// Every @tfkit export the READMEs and guides import or link exists, and every export they name in
// prose is linked to its API page (scripts/check-doc-exports.mjs).
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, without type declarations
import { API_SITE, apiExports, checkDocExports } from "../../../../scripts/check-doc-exports.mjs";

type Entry = { names: Map<string, string[]> };

describe("the @tfkit names in the READMEs and guides", () => {
  it("exist, and each one named is linked to its API page", () => {
    const { problems, imports, links } = checkDocExports() as {
      problems: string[];
      imports: number;
      links: number;
    };
    expect(problems).toEqual([]);
    expect(imports).toBeGreaterThan(50);
    expect(links).toBeGreaterThan(100);
  }, 60_000);

  it("finds the exports with typedoc's page names, namespace members included", () => {
    const exportsBy = apiExports() as Map<string, Entry>;
    const testing = exportsBy.get("@tfkit/testing") as Entry;
    expect(testing.names.get("runFakeCore")).toEqual(["functions/_tfkit_testing.index.runFakeCore.html"]);
    expect(testing.names.get("StateCheck")).toEqual(["interfaces/_tfkit_testing.index.StateCheck.html"]);
    expect(testing.names.get("plancheck.expectPlanText")).toEqual([
      "functions/_tfkit_testing.index.plancheck.expectPlanText.html",
    ]);
    expect(exportsBy.get("@tfkit/provider")?.names.has("serve")).toBe(true);
    expect(exportsBy.get("@tfkit/provider")?.names.has("noSuchExport")).toBe(false);
    expect(API_SITE).toMatch(/^https:\/\/.*\/$/);
  }, 60_000);
});
