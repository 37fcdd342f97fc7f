/**
 * The differential test: for every scenario the real terraform runs against the crafted provider
 * answers, and @tfkit/contracts judges the very same recorded bytes. Whether terraform reports an
 * error must equal whether contracts reports a violation.
 */
import { afterAll, beforeAll, describe, type ExpectStatic, it } from "vitest";
import { toDiagnostics } from "@tfkit/contracts";
import { type Check, describeCheck, judgeRecords } from "../src/judge.js";
import { readRecords } from "../src/record.js";
import { PROVIDER_ERROR_SUMMARY, type Scenario, type ScenarioCommand } from "../src/scenario.js";
import { scenarios } from "../src/scenarios.js";
import { PROVIDER_SOURCE, THING } from "../src/schema.js";
import { buildProvider } from "./support/build-provider.js";
import { createWorkspace, REQUIRED_PROVIDERS, terraformPath, terraformVersion } from "./support/terraform.js";

if (terraformPath && terraformVersion !== "1.11.4") {
  console.warn(
    `\n!!! contracts-differential: terraform ${terraformVersion ?? "(unknown version)"} is on PATH; the ` +
      "scenarios' expectations (and the known differences) are for terraform 1.11.4. !!!\n",
  );
}

const ARGS: Readonly<Record<ScenarioCommand, readonly string[]>> = {
  plan: ["plan", "-input=false", "-no-color"],
  apply: ["apply", "-auto-approve", "-input=false", "-no-color"],
  "destroy-plan": ["plan", "-destroy", "-input=false", "-no-color"],
  destroy: ["destroy", "-auto-approve", "-input=false", "-no-color"],
};

interface Row {
  readonly scenario: string;
  readonly intent: "obeys" | "breaks";
  readonly terraform: boolean;
  readonly contracts: boolean;
  readonly knownDifference: boolean;
  readonly detail: string;
  /**
   * Whether each contracts diagnostic (summary, detail) appears verbatim in terraform's output and the error counts
   * match ("" when neither reported anything). Informational: wording is not the verdict.
   */
  readonly wording: "" | "same" | "differs";
  /** What differs in the wording. */
  readonly wordingNote: string;
}

const rows: Row[] = [];

/** terraform's `Error: …` summary lines. */
function errorSummaries(output: string): string[] {
  return output
    .split("\n")
    .map((l) => l.replace(/^[│╷╵\s]+/, ""))
    .filter((l) => l.startsWith("Error: "));
}

function printTable(elapsedMs: number): void {
  const mark = (b: boolean) => (b ? "ERROR" : "ok");
  const width = Math.max(...rows.map((r) => r.scenario.length), 8);
  const order = new Map(scenarios.map((s, i) => [s.name, i]));
  rows.sort((a, b) => (order.get(a.scenario) ?? 0) - (order.get(b.scenario) ?? 0));
  const lines = rows.map(
    (r) =>
      `${r.scenario.padEnd(width)}  ${r.intent.padEnd(6)}  ${mark(r.terraform).padEnd(9)}  ${mark(r.contracts).padEnd(9)}  ${
        r.terraform === r.contracts ? "agree" : r.knownDifference ? "DIFFER (known)" : "DIFFER"
      }${r.wording ? ` (wording ${r.wording})` : ""}${r.detail ? `  ${r.detail}` : ""}`,
  );
  const agree = rows.filter((r) => r.terraform === r.contracts).length;
  const wordingDiffers = rows.filter((r) => r.wording === "differs");
  console.log(
    [
      "",
      `contracts-differential (terraform ${terraformVersion ?? "?"}): ${rows.length} scenarios, ${agree} agree, ${rows.length - agree} differ, ${(elapsedMs / 1000).toFixed(1)} s`,
      `${"scenario".padEnd(width)}  intent  terraform  contracts  verdicts`,
      ...lines,
      "",
      `wording: ${rows.filter((r) => r.wording === "same").length} same, ${wordingDiffers.length} differ`,
      ...wordingDiffers.map((r) => `  ${r.scenario}: ${r.wordingNote}`),
      "",
    ].join("\n"),
  );
}

async function runScenario(provider: string, s: Scenario, expect: ExpectStatic): Promise<void> {
  const type = s.dataSource ?? s.resource ?? THING;
  const block = s.dataSource === undefined ? "resource" : "data";
  const ws = await createWorkspace(
    provider,
    `${REQUIRED_PROVIDERS}\n${block} "${type}" "t" {\n  ${s.config}\n}\n`,
    s.prior ? { type, attributes: s.prior } : undefined,
  );
  try {
    const run = await ws.run(s.name, ARGS[s.command]);
    const errors = errorSummaries(run.output);
    // A contract error is any error but the one the scenario's provider reports itself.
    const terraformError = errors.some((e) => !e.includes(PROVIDER_ERROR_SUMMARY));
    if (process.env.TFDIFF_SHOW === "1") console.log(run.output);
    const checks: Check[] = judgeRecords(readRecords(ws.recordFile));
    const found = checks.flatMap(describeCheck);
    const contractsViolation = found.length > 0;
    // Wording: contracts' diagnostics (core's templates) must appear in terraform's output, which
    // wraps its text; undecodable values never reach core's checks.
    const flatten = (text: string) => text.replace(/\s+/g, " ");
    const flat = flatten(run.output);
    const diagnostics = checks.flatMap((c) =>
      c.undecodable === undefined
        ? toDiagnostics(c.violations, {
            resourceAddress: `${block === "data" ? "data." : ""}${type}.t`,
            provider: PROVIDER_SOURCE,
            annotate: false,
          })
        : [],
    );
    const unmatched = diagnostics
      .filter((d) => !errors.includes(`Error: ${d.summary}`) || !flat.includes(flatten(d.detail)))
      .map((d) => `${d.summary}: ${flatten(d.detail)}`);
    const contractErrors = errors.filter((e) => !e.includes(PROVIDER_ERROR_SUMMARY)).length;
    const decodeErrors = checks.some((c) => c.undecodable !== undefined);
    const wordingSame = !decodeErrors && unmatched.length === 0 && contractErrors === found.length;
    rows.push({
      scenario: s.name,
      intent: s.breaks === undefined ? "obeys" : "breaks",
      terraform: terraformError,
      contracts: contractsViolation,
      knownDifference: s.knownDifference !== undefined,
      detail: [errors[0] ?? "", found[0] ?? ""].filter((x) => x !== "").join(" | "),
      wording: !terraformError && !contractsViolation ? "" : wordingSame ? "same" : "differs",
      wordingNote: [
        decodeErrors ? "terraform reports its msgpack decoder's error" : "",
        contractErrors === found.length
          ? ""
          : `${contractErrors} terraform error(s), ${found.length} violation(s)`,
        ...unmatched.map((m) => `not in terraform's output: ${m}`),
      ]
        .filter((x) => x !== "")
        .join("; "),
    });
    const context = `terraform exit ${run.code}:\n${run.output}\ncontracts:\n${found.join("\n") || "(no violation)"}\nchecks run: ${checks.map((c) => c.check).join(", ")}`;
    // The scenario itself: terraform fails exactly when a rule is broken, with the expected error.
    expect(run.code, context).toBe(errors.length > 0 ? 1 : 0);
    expect(terraformError, `scenario sanity (${s.breaks ?? "obeys every rule"})\n${context}`).toBe(
      s.breaks !== undefined,
    );
    if (s.terraformSays) expect(run.output, context).toMatch(s.terraformSays);
    expect(checks.length, `no provider answer was recorded\n${context}`).toBeGreaterThan(0);
    // The differential.
    expect(contractsViolation, `terraform ${terraformError ? "failed" : "succeeded"}\n${context}`).toBe(
      terraformError,
    );
  } finally {
    await ws.close();
  }
}

// Scenarios run two at a time (maxConcurrency in vitest.config.ts); each uses its own workspace.
describe.skipIf(!terraformPath).concurrent("@tfkit/contracts agrees with terraform 1.11.4", () => {
  let provider = "";
  const started = Date.now();

  beforeAll(async () => {
    provider = await buildProvider();
  }, 60_000);

  afterAll(() => {
    printTable(Date.now() - started);
  });

  it("has at least 30 scenarios, obeying and breaking rules", ({ expect }) => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
    expect(scenarios.filter((s) => s.breaks === undefined).length).toBeGreaterThanOrEqual(10);
    expect(scenarios.filter((s) => s.breaks !== undefined).length).toBeGreaterThanOrEqual(10);
  });

  for (const s of scenarios) {
    if (s.knownDifference !== undefined) {
      // A genuine difference (see the scenario's knownDifference): the verdicts must differ.
      it.fails(`${s.name} [known difference]`, ({ expect }) => runScenario(provider, s, expect), 60_000);
    } else {
      it(s.name, ({ expect }) => runScenario(provider, s, expect), 60_000);
    }
  }
});

// Runs after the concurrent suite: an `it.fails` passes on any failure, so this checks that each
// known difference failed for the right reason (terraform as designed, contracts the other way).
describe.skipIf(!terraformPath)("known differences", () => {
  it("each differs in the verdict only, with terraform behaving as the scenario says", ({ expect }) => {
    const known = scenarios.filter((s) => s.knownDifference !== undefined);
    for (const s of known) {
      const row = rows.find((r) => r.scenario === s.name);
      expect(row, s.name).toBeDefined();
      expect(row?.terraform, s.name).toBe(s.breaks !== undefined);
      expect(row?.contracts, s.name).toBe(!row?.terraform);
    }
  });
});
