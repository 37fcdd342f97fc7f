/**
 * Import, import verification, sensitive values, collection matchers and checkDestroy, against
 * real terraform, with the notes fixture provider (built with @tfkit/provider, store in a file).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import {
  fromEntry,
  isAcceptanceError,
  knownvalue,
  path,
  plancheck,
  runAcceptance,
  statecheck,
} from "../src/index.js";
import { describeAcceptance } from "../src/vitest.js";
import { readStore } from "./fixtures/notes-provider/provider.js";
import { CASE_TIMEOUT, failureOf, MODE, notesProvider } from "./support.js";

const N = "notes_note.n";
const CONFIG = `resource "notes_note" "n" {
  title  = "buy more milk"
  body   = "semi-skimmed"
  secret = "hunter2"
  tags   = { env = "dev", team = "core" }
}
`;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function newStore(): string {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-notes-"));
  dirs.push(dir);
  return join(dir, "store.json");
}

describeAcceptance(`notes_note import and checks (${MODE})`, () => {
  it(
    "creates, imports with verification (secret ignored), and checkDestroy sees the store empty",
    async () => {
      const store = newStore();
      let createdId: string | undefined;
      await runAcceptance(
        {
          providers: { notes: notesProvider },
          steps: [
            {
              config: CONFIG,
              expectPlan: { [N]: "create" },
              planChecks: [
                plancheck.expectUnknownValue(N, "id"),
                plancheck.expectUnknownValue(N, path("words", 0)), // under an unknown list
                plancheck.expectSensitiveValue(N, "secret"),
                plancheck.expectKnownValue(N, "tags", knownvalue.mapExact({ env: "dev", team: "core" })),
              ],
              stateChecks: [
                statecheck.expectKnownValue(N, "id", knownvalue.stringRegexp(/^note-/)),
                statecheck.expectKnownValue(N, "words", knownvalue.listExact(["buy", "more", "milk"])),
                statecheck.expectKnownValue(N, "words", knownvalue.listSizeExact(3)),
                statecheck.expectKnownValue(N, path("words", 2), knownvalue.stringExact("milk")),
                statecheck.expectKnownValue(N, path("tags", "env"), knownvalue.stringExact("dev")),
                statecheck.expectKnownValue(N, "tags", knownvalue.mapPartial({ team: "core" })),
                statecheck.expectKnownValue(
                  N,
                  [],
                  knownvalue.objectPartial({ body: "semi-skimmed", secret: knownvalue.notNull() }),
                ),
                statecheck.expectSensitiveValue(N, "secret"),
              ],
            },
            {
              importState: true,
              resourceName: N,
              importStateVerify: true,
              // The store never returns the secret, as an API would not return a password.
              importStateVerifyIgnore: ["secret"],
              stateChecks: [
                statecheck.expectKnownValue(N, "secret", knownvalue.null()),
                statecheck.expectKnownValue(N, "title", knownvalue.stringExact("buy more milk")),
              ],
            },
            {
              config: CONFIG.replace('"semi-skimmed"', '"oat"'),
              expectPlan: { [N]: "update" },
              stateChecks: [statecheck.expectKnownValue(N, "body", knownvalue.stringExact("oat"))],
            },
          ],
          checkDestroy(state) {
            createdId = state.resources.find((r) => r.address === N)?.values.id as string | undefined;
            const left = Object.keys(readStore(store));
            if (left.length > 0) throw new Error(`the store still holds ${left.join(", ")}`);
          },
        },
        { mode: MODE, env: { TFKIT_NOTES_STORE: store } },
      );
      expect(createdId).toMatch(/^note-/);
      expect(readStore(store)).toEqual({});
    },
    CASE_TIMEOUT,
  );

  it(
    "imports through an import block (plan must be a clean import), verifying against the state",
    async () => {
      const store = newStore();
      // Without `secret` in the configuration the imported state matches it exactly.
      const config = CONFIG.replace('  secret = "hunter2"\n', "");
      await runAcceptance(
        {
          providers: { notes: notesProvider },
          steps: [
            { config },
            {
              importState: true,
              importStateKind: "block",
              resourceName: N,
              importStateVerify: true,
              stateChecks: [statecheck.expectKnownValue(N, "words", knownvalue.listSizeExact(3))],
            },
          ],
        },
        { mode: MODE, env: { TFKIT_NOTES_STORE: store } },
      );
      expect(readStore(store)).toEqual({});
    },
    CASE_TIMEOUT,
  );

  it(
    "an import block whose import is not clean fails, naming the planned action",
    async () => {
      const store = newStore();
      const error = await failureOf(() =>
        runAcceptance(
          {
            providers: { notes: notesProvider },
            // The secret is in the configuration but cannot be imported: the plan updates it.
            steps: [{ config: CONFIG }, { importState: true, importStateKind: "block", resourceName: N }],
          },
          { mode: MODE, env: { TFKIT_NOTES_STORE: store }, keepWorkdir: false },
        ),
      );
      expect(error.message).toContain(
        "importing notes_note.n is not clean: terraform plans update after the import",
      );
      expect(error.message).toContain("will be updated in-place");
      expect(readStore(store)).toEqual({});
    },
    CASE_TIMEOUT,
  );

  it(
    "import verification without the ignore list names the differing attribute",
    async () => {
      const store = newStore();
      const error = await failureOf(() =>
        runAcceptance(
          {
            providers: { notes: notesProvider },
            steps: [{ config: CONFIG }, { importState: true, resourceName: N, importStateVerify: true }],
          },
          { mode: MODE, env: { TFKIT_NOTES_STORE: store }, keepWorkdir: false },
        ),
      );
      expect(isAcceptanceError(error)).toBe(true);
      expect(error.message).toContain("step 2 of 2 (import) failed");
      expect(error.message).toContain(
        'importStateVerify: notes_note.n: attribute secret: in state "hunter2", imported null',
      );
      // The failed case still destroyed what it created.
      expect(readStore(store)).toEqual({});
    },
    CASE_TIMEOUT,
  );

  it(
    "fromEntry with externals: the bundle lives under node_modules/.cache and resolves them",
    async () => {
      const store = newStore();
      const entry = fileURLToPath(new URL("./fixtures/notes-provider/main.ts", import.meta.url));
      const launcher = fromEntry(entry, { conditions: ["@tfkit/source"], external: ["@grpc/grpc-js"] });
      const executable = await launcher.executable("notes");
      expect(executable).toContain(join("node_modules", ".cache", "tfkit-testing"));
      expect(readFileSync(join(executable, "..", "..", "provider.mjs"), "utf8")).toMatch(
        /from "@grpc\/grpc-js"|import\("@grpc\/grpc-js"\)/,
      );
      await runAcceptance(
        { providers: { notes: launcher }, steps: [{ config: CONFIG, expectPlan: { [N]: "create" } }] },
        { mode: MODE, env: { TFKIT_NOTES_STORE: store } },
      );
    },
    CASE_TIMEOUT,
  );

  it(
    "checkDestroy failing is reported as a destroy failure",
    async () => {
      const store = newStore();
      const error = await failureOf(() =>
        runAcceptance(
          {
            providers: { notes: notesProvider },
            steps: [{ config: CONFIG }],
            checkDestroy() {
              throw new Error("remote object still exists (pretend)");
            },
          },
          { mode: MODE, env: { TFKIT_NOTES_STORE: store }, keepWorkdir: false },
        ),
      );
      expect(error.message).toContain("the final destroy failed");
      expect(error.message).toContain("checkDestroy: remote object still exists (pretend)");
    },
    CASE_TIMEOUT,
  );
});
