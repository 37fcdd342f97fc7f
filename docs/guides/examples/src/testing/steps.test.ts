// The "testing" guide, sections 3–6: values across steps, step hooks, unknown values, gating
// and sweepers — run in-process by the fake core and by the real terraform.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  compare,
  createSweepers,
  fromEntry,
  parseSweepArgs,
  planResource,
  runFakeCore,
  statecheck,
  type TestCase,
  unknownValue,
} from "@tfkit/testing";
import { itAcceptance } from "@tfkit/testing/vitest";
import { afterAll, expect, it } from "vitest";
import { provider } from "../getting-started/provider.js";

const dir = mkdtempSync(join(tmpdir(), "notes-steps-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const notesFile = join(dir, "notes.json");
const N = "notes_note.groceries";
const notes = (title: string) => ({
  providers: { notes: { file: notesFile } },
  resources: { [N]: { title, body: "milk" } },
});

// Values across steps: the ID an update keeps, the title it changes.
const sameId = statecheck.compareValue(compare.valuesSame());
const newTitle = statecheck.compareValue(compare.valuesDiffer());

export const stepsCase: TestCase = {
  providers: {
    notes: fromEntry(new URL("../getting-started/main.ts", import.meta.url).pathname, {
      conditions: ["@tfkit/source"],
    }),
  },
  steps: [
    {
      structuredConfig: notes("Groceries"),
      stateChecks: [sameId.addStateValue(N, "id"), newTitle.addStateValue(N, "title")],
    },
    {
      structuredConfig: notes("Shopping"),
      expectPlan: { [N]: "update" },
      stateChecks: [sameId.addStateValue(N, "id"), newTitle.addStateValue(N, "title")],
    },
    {
      // Runs before the step: delete the note behind Terraform's back; the plan creates it again.
      preConfig: () => writeFileSync(notesFile, "{}"),
      structuredConfig: notes("Shopping"),
      expectPlan: { [N]: "create" },
    },
    {
      // Marks the note tainted before the step: the same configuration replaces it.
      taint: [N],
      expectPlan: { [N]: "destroy-before-create" },
    },
    {
      importState: true,
      resourceName: N,
      // The import ID computed from the state the earlier steps left.
      importStateIdFunc: (state) => {
        const note = state.resources.find((r) => r.address === N);
        return String(note?.values.id);
      },
      importStateVerify: true,
    },
  ],
};

it("runs the steps under the fake core", async () => {
  await runFakeCore(stepsCase, { provider, env: { NOTES_LOG: "off" } });
  expect(JSON.parse(readFileSync(notesFile, "utf8"))).toEqual({});
});

// This guide's tests opt in themselves; in a provider's CI, TF_ACC is set where credentials are.
process.env.TF_ACC ??= "1";
itAcceptance("runs the steps under terraform, when TF_ACC is set", stepsCase, {
  requireEnv: "TF_ACC",
  timeout: 120_000,
});

it("plans a note whose title is not known yet", async () => {
  const change = await planResource(provider, N, {
    title: unknownValue({ prefix: "Shopping " }),
  });
  expect(change.afterUnknown).toMatchObject({ title: true, id: true });
  expect(change.after).toMatchObject({ pinned: false });
});

// Sweepers delete what failed runs left behind: here, notes whose title starts with "test-".
export const sweepers = createSweepers().add({
  name: "notes_note",
  sweep: (file) => {
    const all = JSON.parse(readFileSync(file, "utf8")) as Record<string, { title: string }>;
    const kept = Object.entries(all).filter(([, note]) => !note.title.startsWith("test-"));
    writeFileSync(file, JSON.stringify(Object.fromEntries(kept)));
  },
});

it("sweeps leftovers by region (here: the notes file)", async () => {
  writeFileSync(notesFile, JSON.stringify({ "note-1": { title: "test-left" }, "note-2": { title: "keep" } }));
  const args = parseSweepArgs(["--sweep", notesFile]);
  const report = await sweepers.run(args ?? { regions: [] });
  expect(report.ok).toBe(true);
  expect(Object.keys(JSON.parse(readFileSync(notesFile, "utf8")))).toEqual(["note-2"]);
});
