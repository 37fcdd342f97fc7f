/**
 * Issue 15's proof: every value Terraform can send, one case per numbered point, each run under
 * the fake core (in-process) and under the real terraform CLI (reattach), with the values
 * fixture provider. Per-case times are printed side by side. After every case the provider's
 * store must be empty: every object a case made was deleted (nothing orphaned).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PlanResourceChangeRequest, PlanResourceChangeResponse } from "@tfkit/grpc-transport";
import { createHash } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeCoreProvider,
  fromEntry,
  knownvalue,
  path,
  plancheck,
  runAcceptance,
  runFakeCore,
  type StateCheck,
  statecheck,
  type TestCase,
} from "../src/index.js";
import { describeAcceptance } from "../src/vitest.js";
import {
  provider as values,
  readStore,
  type ValuesStore,
  writeStore,
} from "./fixtures/values-provider/provider.js";
import { CASE_TIMEOUT, failureOf } from "./support.js";

const valuesProvider = fromEntry(
  fileURLToPath(new URL("./fixtures/values-provider/main.ts", import.meta.url)),
  { conditions: ["@tfkit/source"] },
);
const providers = { values: valuesProvider };

/**
 * A pattern that matches when every part matches somewhere (in any order, across terraform's
 * line wrapping), each `once` text occurs exactly once, and no `not` part nor "Invalid planned
 * state" matches (no valid configuration may fail at apply with it).
 */
function allOf(
  parts: readonly RegExp[],
  options: { readonly once?: readonly string[]; readonly not?: readonly RegExp[] } = {},
): RegExp {
  const not = [/Invalid planned state/, ...(options.not ?? [])].map((p) => `(?![\\s\\S]*${p.source})`);
  const once = (options.once ?? []).map((t) => `(?![\\s\\S]*${t}[\\s\\S]*${t})(?=[\\s\\S]*${t})`);
  const has = parts.map((p) => `(?=[\\s\\S]*?${p.source})`);
  return new RegExp(`^${[...not, ...once, ...has].join("")}`);
}

/** The instance is (or is not) tainted in state. */
function expectTainted(address: string, tainted = true): StateCheck {
  return {
    description: `expectTainted(${address}, ${tainted})`,
    checkState: (s) => {
      const r = s.resources.find((x) => x.address === address);
      if (!r) return `${address} is not in the state`;
      return r.tainted === tainted ? undefined : `${address}: tainted is ${r.tainted}, expected ${tainted}`;
    },
  };
}

const sha = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 12);
const nullsAt = (address: string, ...paths: (string | (string | number)[])[]) =>
  paths.map((p) =>
    statecheck.expectKnownValue(address, Array.isArray(p) ? path(...p) : p, knownvalue.null()),
  );

type Runner = "fake" | "cli";

/** One case: its TestCase (per runner where their outputs differ) and the store it starts from. */
interface ValuesCase {
  readonly name: string;
  readonly testCase: (runner: Runner) => TestCase;
  readonly seed?: ValuesStore;
}

const C = "values_collections.a";
const I = "values_ints.a";
const U = "values_upgraded.a";
const M = "values_imported.a";
const D = "values_defaults.a";
const S = "values_secrets.a";
const X = "values_salvage.a";
const W = "values_warned.a";
const Z = "values_set_defaults.a";

const TWO_53_PLUS_1 = 9007199254740993n;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

const rules = (port: number) => [{ name: "a" }, { name: "b", port }, { name: "c", protocol: "udp" }];
const ruleStates = (port: number) =>
  knownvalue.setExact([
    knownvalue.objectExact({ name: "a", port: 80, protocol: "tcp" }),
    knownvalue.objectExact({ name: "b", port, protocol: "tcp" }),
    knownvalue.objectExact({ name: "c", port: 80, protocol: "udp" }),
  ]);

const cases: ValuesCase[] = [
  {
    name: "1. null elements in maps, lists and sets; nullElements: false refused at validate",
    testCase: (runner) => {
      const config = { tags: { a: null, b: "x" }, names: ["p", null], labels: ["q", null] };
      return {
        providers,
        steps: [
          {
            name: "create with null elements",
            structuredConfig: { resources: { [C]: config } },
            expectPlan: { [C]: "create" },
            planChecks: [
              plancheck.expectKnownValue(C, "tags", knownvalue.mapExact({ a: null, b: "x" })),
              plancheck.expectKnownValue(C, "names", knownvalue.listExact(["p", null])),
              plancheck.expectKnownValue(C, "labels", knownvalue.setExact(["q", null])),
            ],
            stateChecks: [
              statecheck.expectKnownValue(C, "tags", knownvalue.mapExact({ a: null, b: "x" })),
              statecheck.expectKnownValue(C, "names", knownvalue.listExact(["p", null])),
              statecheck.expectKnownValue(C, "labels", knownvalue.setExact(["q", null])),
              // create saw three null elements in its model.
              statecheck.expectKnownValue(C, "nulls_seen", knownvalue.numberExact(3)),
            ],
          },
          {
            name: "re-plan is a no-op",
            planOnly: true,
            planChecks: [plancheck.expectEmptyPlan()],
          },
          {
            name: "a null element where nullElements: false",
            structuredConfig: { resources: { [C]: { ...config, strict_names: ["s", null] } } },
            expectError: allOf([
              /Invalid Null Element/,
              /does not accept null/,
              // The element's path: the fake core prints it; terraform quotes the element's line.
              runner === "fake"
                ? /ValidateResourceConfig \(values_collections\.a\).*at \.strict_names\[1\]/
                : /in resource "values_collections" "a":\s+\d+:\s+null,/,
            ]),
          },
          {
            name: "back to the valid config",
            structuredConfig: { resources: { [C]: config } },
            planOnly: true,
            planChecks: [plancheck.expectEmptyPlan()],
          },
        ],
      };
    },
  },
  {
    name: "2. int64 over the whole range, exactly; 2^63 and 1.5 refused at validate",
    testCase: (runner) => {
      const config = { big: TWO_53_PLUS_1, max: INT64_MAX, min: INT64_MIN };
      return {
        providers,
        steps: [
          {
            name: "create",
            structuredConfig: { resources: { [I]: config } },
            planChecks: [
              plancheck.expectKnownValue(I, "big", knownvalue.numberExact("9007199254740993")),
              plancheck.expectKnownValue(I, "max", knownvalue.numberExact("9223372036854775807")),
              plancheck.expectKnownValue(I, "min", knownvalue.numberExact("-9223372036854775808")),
            ],
            stateChecks: [
              statecheck.expectKnownValue(I, "big", knownvalue.numberExact("9007199254740993")),
              statecheck.expectKnownValue(I, "max", knownvalue.numberExact("9223372036854775807")),
              statecheck.expectKnownValue(I, "min", knownvalue.numberExact("-9223372036854775808")),
              // What create's model held, as decimal text.
              statecheck.expectKnownValue(
                I,
                "seen",
                knownvalue.stringExact("9007199254740993,9223372036854775807,-9223372036854775808"),
              ),
            ],
          },
          { name: "re-plan is a no-op", planOnly: true, planChecks: [plancheck.expectEmptyPlan()] },
          {
            name: "2^63 is refused",
            structuredConfig: { resources: { [I]: { ...config, max: INT64_MAX + 1n } } },
            expectError: allOf([
              /Invalid Attribute Value/,
              /9223372036854775808\s+cannot\s+be\s+represented\s+as\s+a\s+64-bit/,
              runner === "fake"
                ? /ValidateResourceConfig \(values_ints\.a\).*at \.max/
                : /max\s+=\s+9223372036854775808/,
            ]),
          },
          {
            name: "1.5 is refused",
            structuredConfig: { resources: { [I]: { ...config, big: 1.5 } } },
            expectError: allOf([
              /Invalid Attribute Value/,
              /1\.5\s+cannot\s+be\s+represented/,
              runner === "fake" ? /ValidateResourceConfig \(values_ints\.a\).*at \.big/ : /big\s+=\s+1\.5/,
            ]),
          },
          {
            name: "back to the valid config",
            structuredConfig: { resources: { [I]: config } },
            planOnly: true,
            planChecks: [plancheck.expectEmptyPlan()],
          },
        ],
      };
    },
  },
  {
    name: "3, 13. an upgrader sees null in a required attribute; its write-only value is nulled",
    seed: { objects: { "old-1": { type: "values_upgraded", attributes: {} } }, next: 0 },
    testCase: () => ({
      providers,
      initialState: {
        resources: { [U]: { schemaVersion: 0, attributes: { id: "old-1", name: null } } },
      },
      steps: [
        {
          name: "load v0 state left by an old import",
          structuredConfig: { resources: { [U]: {} } },
          expectPlan: { [U]: "no-op" },
          stateChecks: [
            statecheck.expectKnownValue(U, "id", knownvalue.stringExact("old-1")),
            statecheck.expectKnownValue(U, "upgrade_saw", knownvalue.stringExact("null")),
            statecheck.expectKnownValue(U, "name", knownvalue.stringExact("imported-old-1")),
            ...nullsAt(U, "password"),
          ],
        },
      ],
    }),
  },
  {
    name: "8. an upgrader's ProviderError keeps summary, detail and path",
    seed: {
      objects: { "old-2": { type: "values_upgraded", attributes: {} } },
      next: 0,
      // The upgrader throws once for old-2, so the later steps and the final destroy load it.
      upgradeFailures: { "old-2": 1 },
    },
    testCase: (runner) => ({
      providers,
      initialState: {
        resources: { [U]: { schemaVersion: 0, attributes: { id: "old-2", name: "kept" } } },
      },
      steps: [
        {
          name: "the upgrader throws",
          structuredConfig: { resources: { [U]: { name: "kept" } } },
          expectError: allOf([
            /Old state unusable/,
            /lost\s+its\s+name;\s+re-import\s+it/,
            // The path: the fake core prints it; terraform quotes the configured attribute it names.
            runner === "fake" ? /UpgradeResourceState.*at \.name/ : /\d+:\s+name\s+=\s+"kept"/,
          ]),
        },
        {
          name: "the next load upgrades",
          structuredConfig: { resources: { [U]: { name: "kept" } } },
          expectPlan: { [U]: "no-op" },
          stateChecks: [statecheck.expectKnownValue(U, "upgrade_saw", knownvalue.stringExact('"kept"'))],
        },
      ],
    }),
  },
  {
    name: "4. read right after an import sees null in a required attribute",
    testCase: () => ({
      providers,
      steps: [
        {
          name: "create",
          structuredConfig: { resources: { [M]: { name: "n1", size: 5 } } },
          stateChecks: [statecheck.expectKnownValue(M, "read_saw", knownvalue.stringExact("created"))],
        },
        {
          name: "import with only the id",
          importState: true,
          resourceName: M,
          importStateVerify: true,
          // What read saw differs by design: the created object's read never saw a null name.
          importStateVerifyIgnore: ["read_saw"],
          stateChecks: [
            statecheck.expectKnownValue(M, "read_saw", knownvalue.stringExact("null")),
            statecheck.expectKnownValue(M, "name", knownvalue.stringExact("n1")),
            statecheck.expectKnownValue(M, "size", knownvalue.numberExact(5)),
          ],
        },
      ],
    }),
  },
  {
    name: "5. a static default is planned (not unknown, not null) and stored",
    testCase: () => ({
      providers,
      steps: [
        {
          name: "config omits the defaulted attributes",
          structuredConfig: { resources: { [D]: {} } },
          planChecks: [
            plancheck.expectKnownValue(D, "mode", knownvalue.stringExact("standard")),
            plancheck.expectKnownValue(D, "port", knownvalue.numberExact(8080)),
            plancheck.expectUnknownValue(D, "id"),
          ],
          stateChecks: [
            statecheck.expectKnownValue(D, "mode", knownvalue.stringExact("standard")),
            statecheck.expectKnownValue(D, "port", knownvalue.numberExact(8080)),
          ],
        },
        {
          name: "configured, then omitted again",
          structuredConfig: { resources: { [D]: { mode: "fast" } } },
          expectPlan: { [D]: "update" },
          stateChecks: [statecheck.expectKnownValue(D, "mode", knownvalue.stringExact("fast"))],
        },
        {
          name: "omitted: back to the default",
          structuredConfig: { resources: { [D]: {} } },
          expectPlan: { [D]: "update" },
          planChecks: [plancheck.expectKnownValue(D, "mode", knownvalue.stringExact("standard"))],
          stateChecks: [statecheck.expectKnownValue(D, "mode", knownvalue.stringExact("standard"))],
        },
      ],
    }),
  },
  {
    name: "6, 12. create and update read ctx.config and nested write-only values; none stored",
    testCase: () => {
      const body = (label: string, password: string, token: string, key: string) => ({
        label,
        password,
        settings: { color: "red", token },
        auth: { user: "u", key },
      });
      const stored = [
        ...nullsAt(S, "password", ["settings", "token"], ["auth", "key"]),
        statecheck.expectKnownValue(S, path("settings", "color"), knownvalue.stringExact("red")),
        statecheck.expectKnownValue(S, path("auth", "user"), knownvalue.stringExact("u")),
      ];
      return {
        providers,
        steps: [
          {
            name: "create",
            structuredConfig: { resources: { [S]: body("l1", "hunter22", "tok-1", "k-123") } },
            planChecks: [
              plancheck.expectKnownValue(S, "password", knownvalue.null()),
              plancheck.expectKnownValue(S, path("settings", "token"), knownvalue.null()),
            ],
            stateChecks: [
              statecheck.expectKnownValue(S, "password_length", knownvalue.numberExact(8)),
              statecheck.expectKnownValue(S, "token_hash", knownvalue.stringExact(sha("tok-1"))),
              statecheck.expectKnownValue(S, "key_length", knownvalue.numberExact(5)),
              ...stored,
            ],
          },
          {
            name: "update",
            structuredConfig: { resources: { [S]: body("l2", "a-longer-password", "tok-2", "k") } },
            expectPlan: { [S]: "update" },
            stateChecks: [
              statecheck.expectKnownValue(S, "password_length", knownvalue.numberExact(17)),
              statecheck.expectKnownValue(S, "token_hash", knownvalue.stringExact(sha("tok-2"))),
              statecheck.expectKnownValue(S, "key_length", knownvalue.numberExact(1)),
              ...stored,
            ],
          },
        ],
      };
    },
  },
  {
    name: "7. a create whose answer cannot be stored is recorded, tainted, then replaced",
    testCase: (runner) => ({
      providers,
      steps: [
        {
          name: "create returns a string for an int64",
          structuredConfig: { resources: { [X]: { name: "bad-1" } } },
          expectError: allOf([
            /Invalid state from create/,
            runner === "fake" ? /ApplyResourceChange.*at \.size/ : /with values_salvage\.a/,
          ]),
        },
        {
          name: "the object is in state, tainted, with what fit",
          refreshState: true,
          // Tainted: the next plan replaces it.
          expectNonEmptyPlan: true,
          stateChecks: [
            expectTainted(X),
            statecheck.expectKnownValue(X, "id", knownvalue.stringRegexp(/^salvage-\d+$/)),
            statecheck.expectKnownValue(X, "name", knownvalue.stringExact("bad-1")),
            statecheck.expectKnownValue(X, "size", knownvalue.null()),
          ],
        },
        {
          name: "the next apply replaces it",
          structuredConfig: { resources: { [X]: { name: "good" } } },
          expectPlan: { [X]: "destroy-before-create" },
          stateChecks: [
            expectTainted(X, false),
            statecheck.expectKnownValue(X, "size", knownvalue.numberExact(12)),
          ],
        },
      ],
    }),
  },
  {
    name: "plan modifier + modifyPlan: the warning once",
    testCase: (runner) => ({
      providers,
      steps: [
        { name: "create", structuredConfig: { resources: { [W]: { label: "x" } } } },
        {
          // A plan that fails makes terraform print every diagnostic of the plan, warnings too.
          name: "the warning is printed once",
          structuredConfig: { resources: { [W]: { label: "y", fail: true } } },
          // The fake core prints errors only; its warnings are counted at the RPC (see below).
          expectError:
            runner === "cli"
              ? allOf([/fail requested/], {
                  once: ["Warning: label planned"],
                  // Terraform folds repeated warnings into "(and one more similar warning elsewhere)".
                  not: [/more similar warning/],
                })
              : allOf([/fail requested/]),
        },
        {
          name: "update",
          structuredConfig: { resources: { [W]: { label: "y" } } },
          expectPlan: { [W]: "update" },
        },
      ],
    }),
  },
  {
    name: "11. defaults in set elements keep the element count with a prior state",
    testCase: () => ({
      providers,
      steps: [
        {
          name: "create",
          structuredConfig: { resources: { [Z]: { rules: rules(81), rule: rules(81) } } },
          stateChecks: [
            statecheck.expectKnownValue(Z, "rules", ruleStates(81)),
            statecheck.expectKnownValue(Z, "rule", ruleStates(81)),
          ],
        },
        {
          name: "same config: no-op, three elements",
          structuredConfig: { resources: { [Z]: { rules: rules(81), rule: rules(81) } } },
          expectPlan: { [Z]: "no-op" },
          planChecks: [
            plancheck.expectKnownValue(Z, "rules", knownvalue.setSizeExact(3)),
            plancheck.expectKnownValue(Z, "rule", knownvalue.setSizeExact(3)),
          ],
        },
        {
          name: "one element changes: update, three elements",
          structuredConfig: { resources: { [Z]: { rules: rules(82), rule: rules(82) } } },
          expectPlan: { [Z]: "update" },
          stateChecks: [
            statecheck.expectKnownValue(Z, "rules", ruleStates(82)),
            statecheck.expectKnownValue(Z, "rule", ruleStates(82)),
          ],
        },
      ],
    }),
  },
];

// --- running the cases ---

const dir = mkdtempSync(join(tmpdir(), "tfkit-every-value-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let storeFile = "";
let counter = 0;
beforeEach(() => {
  storeFile = join(dir, `store-${++counter}.json`);
  // The provider finds its store through this variable, in-process and in the provider process.
  process.env.TFKIT_VALUES_STORE = storeFile;
});

function seedStore(c: ValuesCase): void {
  writeStore(c.seed ?? { objects: {}, next: 0 }, storeFile);
}

/** Nothing orphaned: the final destroy deleted every object the case made or started with. */
function expectEmptyStore(): void {
  expect(Object.keys(readStore(storeFile).objects)).toEqual([]);
}

const times = new Map<string, { fake?: number; cli?: number }>();
const record = (name: string, key: Runner, ms: number) => times.set(name, { ...times.get(name), [key]: ms });
afterAll(() => {
  const rows = [...times].map(
    ([name, t]) =>
      `  ${name}: fake core ${t.fake?.toFixed(1) ?? "-"} ms, real CLI ${t.cli?.toFixed(0) ?? "-"} ms`,
  );
  console.info(`[every value: fake core vs real CLI, per case]\n${rows.join("\n")}`);
});

/** The provider, with the warnings of each PlanResourceChange counted (the fake core ignores them). */
function countingWarnings(provider: FakeCoreProvider, summary: string, counts: number[]): FakeCoreProvider {
  const plan = provider.planResourceChange?.bind(provider);
  if (!plan) throw new Error("the provider has no planResourceChange");
  return Object.assign(Object.create(provider) as FakeCoreProvider, {
    planResourceChange: async (
      req: PlanResourceChangeRequest,
      ctx: Parameters<typeof plan>[1],
    ): Promise<PlanResourceChangeResponse> => {
      const response = await plan(req, ctx);
      counts.push((response.diagnostics ?? []).filter((d) => d.summary === summary).length);
      return response;
    },
  });
}

describe("every value, fake core", () => {
  for (const c of cases) {
    it(c.name, async () => {
      seedStore(c);
      const counts: number[] = [];
      const provider = countingWarnings(values, "label planned", counts);
      const result = await runFakeCore(c.testCase("fake"), { provider });
      record(c.name, "fake", result.totalMs);
      expectEmptyStore();
      if (c.name.startsWith("plan modifier")) {
        // Every PlanResourceChange of a configured values_warned carried the warning exactly once.
        expect(counts.length).toBeGreaterThan(0);
        expect(counts.filter((n) => n > 0).every((n) => n === 1)).toBe(true);
        expect(counts.filter((n) => n > 0).length).toBeGreaterThanOrEqual(4);
      }
    });
  }

  it("1. the null element's diagnostic is on the element's path", async () => {
    seedStore({ name: "", testCase: () => ({ providers, steps: [] }) });
    const error = await failureOf(() =>
      runFakeCore(
        {
          providers,
          steps: [{ structuredConfig: { resources: { [C]: { strict_names: ["s", null] } } } }],
        },
        { provider: values },
      ),
    );
    expect(error.message).toContain(
      "ValidateResourceConfig (values_collections.a) returned an error: Invalid Null Element at .strict_names[1]",
    );
    expect(error.message).not.toContain("PlanResourceChange");
  });

  it("2. 2^63 is refused on the attribute at validate", async () => {
    seedStore({ name: "", testCase: () => ({ providers, steps: [] }) });
    const error = await failureOf(() =>
      runFakeCore(
        {
          providers,
          steps: [{ structuredConfig: { resources: { [I]: { max: INT64_MAX + 1n } } } }],
        },
        { provider: values },
      ),
    );
    expect(error.message).toContain(
      "ValidateResourceConfig (values_ints.a) returned an error: Invalid Attribute Value at .max",
    );
  });
});

describeAcceptance("every value, real CLI (reattach)", () => {
  for (const c of cases) {
    it(
      c.name,
      async () => {
        seedStore(c);
        const result = await runAcceptance(c.testCase("cli"), {
          mode: "reattach",
          env: { TFKIT_VALUES_STORE: storeFile },
        });
        // Bundling the provider (once per test file) is not part of a case's cost.
        record(c.name, "cli", result.totalMs - result.providerBuildMs);
        expectEmptyStore();
      },
      CASE_TIMEOUT,
    );
  }
});
