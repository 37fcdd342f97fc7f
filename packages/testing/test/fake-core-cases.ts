/**
 * Test cases shared by the fake core and the real CLI: the notes fixture provider
 * (`notes_note`) through create, in-place update, refresh, plan-only, import with verification,
 * and an expected validation error, written with structured configs.
 */
import { knownvalue, path, plancheck, statecheck, type TestCase } from "../src/index.js";
import { notesProvider } from "./support.js";

const A = "notes_note.a";
const B = "notes_note.b";
/** A string HCL must escape: a quote, a template sequence (`$` then `{`), a newline. */
const TRICKY = ['quotes " and $', "{not} a template\nnew line", " and %{ too"].join("");

/** Named cases; `env` is what the provider process needs (the store file). */
export function notesCases(): { name: string; testCase: TestCase }[] {
  const providers = { notes: notesProvider };
  return [
    {
      name: "create, update, refresh, plan-only, import",
      testCase: {
        providers,
        steps: [
          {
            name: "create",
            structuredConfig: {
              resources: {
                [A]: { title: "hello world", tags: { env: "dev" }, secret: "s3cret" },
                [B]: { title: "second", body: TRICKY },
              },
            },
            expectPlan: { [A]: "create", [B]: "create" },
            planChecks: [
              plancheck.expectUnknownValue(A, "id"),
              plancheck.expectUnknownValue(A, "words"),
              plancheck.expectKnownValue(A, "title", knownvalue.stringExact("hello world")),
              plancheck.expectKnownValue(A, path("tags", "env"), knownvalue.stringExact("dev")),
              plancheck.expectSensitiveValue(A, "secret"),
              plancheck.expectKnownValue(B, "body", knownvalue.stringExact(TRICKY)),
              // The human plan text, as terraform renders it (both runners).
              plancheck.expectPlanText("# notes_note.a will be created"),
              plancheck.expectPlanText(/\+ title\s+= "hello world"/),
              plancheck.expectPlanText(/Plan: 2 to add, 0 to change, 0 to destroy\./),
            ],
            stateChecks: [
              statecheck.expectKnownValue(A, "id", knownvalue.stringRegexp(/^note-/)),
              statecheck.expectKnownValue(A, "words", knownvalue.listExact(["hello", "world"])),
              statecheck.expectSensitiveValue(A, "secret"),
              statecheck.expectKnownValue(A, "body", knownvalue.null()),
              statecheck.expectKnownValue(B, "words", knownvalue.listSizeExact(1)),
            ],
          },
          {
            name: "update in place",
            structuredConfig: {
              resources: {
                [A]: { title: "hello brave world", tags: { env: "prod", team: "core" }, secret: "s3cret" },
                [B]: { title: "second", body: TRICKY },
              },
            },
            expectPlan: { [A]: "update", [B]: "no-op" },
            planChecks: [
              plancheck.expectUnknownValue(A, "words"),
              // No UseStateForUnknown on id: terraform shows it as known after apply.
              plancheck.expectUnknownValue(A, "id"),
              plancheck.expectPlanText("# notes_note.a will be updated in-place"),
              plancheck.expectPlanText(/~ title\s+= "hello world" -> "hello brave world"/),
            ],
            stateChecks: [
              statecheck.expectKnownValue(A, "words", knownvalue.listExact(["hello", "brave", "world"])),
              statecheck.expectKnownValue(A, "tags", knownvalue.mapExact({ env: "prod", team: "core" })),
            ],
          },
          { name: "refresh", refreshState: true, stateChecks: [statecheck.expectResourceExists(A)] },
          { name: "plan only", planOnly: true, planChecks: [plancheck.expectEmptyPlan()] },
          {
            name: "import",
            importState: true,
            resourceName: A,
            importStateVerify: true,
            importStateVerifyIgnore: ["secret"],
          },
          {
            name: "remove b",
            structuredConfig: {
              resources: {
                [A]: { title: "hello brave world", tags: { env: "prod", team: "core" }, secret: "s3cret" },
              },
            },
            expectPlan: { [A]: "no-op", [B]: "destroy" },
            stateChecks: [statecheck.expectResourceExists(B, false)],
          },
        ],
      },
    },
    {
      name: "a title change with an expected error",
      testCase: {
        providers,
        steps: [
          {
            structuredConfig: { resources: { [A]: { title: "one" } } },
            expectPlan: { [A]: "create" },
          },
          {
            name: "an unknown argument is an error",
            structuredConfig: { resources: { [A]: { title: "one", nope: "x" } } },
            expectError: /Unsupported argument/,
          },
          {
            name: "back to a valid config (the final destroy needs one)",
            structuredConfig: { resources: { [A]: { title: "one" } } },
            planOnly: true,
            planChecks: [plancheck.expectEmptyPlan()],
          },
        ],
      },
    },
  ];
}
