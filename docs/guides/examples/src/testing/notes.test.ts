// The "testing" guide: one test case, run in-process by the fake core and by the real terraform.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import {
  fromEntry,
  knownvalue,
  plancheck,
  runFakeCore,
  type StateCheck,
  statecheck,
  type TestCase,
} from "@tfkit/testing";
import { itAcceptance } from "@tfkit/testing/vitest";
import { provider } from "../getting-started/provider.js";

const dir = mkdtempSync(join(tmpdir(), "notes-testing-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const notesFile = join(dir, "notes.json");

// One case, two runners: structured configs are rendered to HCL for terraform.
const notes = (title: string) => ({
  providers: { notes: { file: notesFile } },
  resources: { "notes_note.groceries": { title, body: "milk" } },
});

// A check of your own: StateCheck (like PlanCheck and KnownValueMatcher) is an interface you
// implement. Return undefined when the state is right, otherwise why not.
export const noteCount = (expected: number): StateCheck => ({
  description: `noteCount(${expected})`,
  checkState: (state) => {
    const count = state.resources.filter((r) => r.type === "notes_note").length;
    return count === expected ? undefined : `expected ${expected} notes, got ${count}`;
  },
});

export const notesCase: TestCase = {
  // runAcceptance bundles this entry point and starts it once per case (reattach mode).
  providers: {
    notes: fromEntry(new URL("../getting-started/main.ts", import.meta.url).pathname, {
      conditions: ["@tfkit/source"],
    }),
  },
  steps: [
    {
      structuredConfig: notes("Groceries"),
      expectPlan: { "notes_note.groceries": "create" },
      planChecks: [
        plancheck.expectUnknownValue("notes_note.groceries", "id"),
        plancheck.expectKnownValue("notes_note.groceries", "pinned", knownvalue.bool(false)),
        plancheck.expectPlanText(/\+ title\s+= "Groceries"/),
      ],
      stateChecks: [
        statecheck.expectKnownValue("notes_note.groceries", "id", knownvalue.stringRegexp(/^note-/)),
        noteCount(1),
      ],
    },
    {
      structuredConfig: notes("Shopping"),
      expectPlan: { "notes_note.groceries": "update" },
      planChecks: [plancheck.expectPlanText(/~ title\s+= "Groceries" -> "Shopping"/)],
    },
    {
      // An import step imports into a separate state; its state checks see the imported object.
      importState: true,
      importStateKind: "block",
      resourceName: "notes_note.groceries",
      importStateVerify: true,
      stateChecks: [
        statecheck.expectKnownValue("notes_note.groceries", "title", knownvalue.stringExact("Shopping")),
      ],
    },
  ],
  checkDestroy: () => {
    expect(JSON.parse(readFileSync(notesFile, "utf8"))).toEqual({});
  },
};

it("runs in-process under the fake core", async () => {
  const result = await runFakeCore(notesCase, { provider });
  expect(result.steps.length).toBeGreaterThan(0);
});

itAcceptance("runs under the real terraform", notesCase, { timeout: 120_000 });
