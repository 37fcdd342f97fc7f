/**
 * The demo's attribute-kind tables (apps/demo-provider/test/attribute-kinds.test.ts, used
 * read-only: its rows copied here) under both runners from the same HCL. The demo test reads
 * the lines `terraform plan` prints, which only the CLI prints; here the same three
 * configurations (every create row in one plan, every "before" row applied then every "after"
 * row planned, and each `<error>` row) run in-process and under terraform, each row's action is
 * checked (create, no change, update, replace), its error summary and detail matched, and both
 * runners' plans and states are recorded and must be equal attribute by attribute.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { provider as demo } from "../../../apps/demo-provider/src/provider.js";
import {
  findTerraform,
  fromEntry,
  type ResourceAction,
  runAcceptance,
  runFakeCore,
  type TestStep,
} from "../src/index.js";
import { type Row, rows } from "../../../apps/demo-provider/test/attribute-kinds-rows.js";
import { recorded, recorder } from "./hcl-differential.js";
import { CASE_TIMEOUT, MODE } from "./support.js";

const demoLauncher = fromEntry(
  fileURLToPath(new URL("../../../apps/demo-provider/src/main.ts", import.meta.url)),
  { conditions: ["@tfkit/source"] },
);
const dir = mkdtempSync(join(tmpdir(), "tfkit-fake-core-demo-hcl-kinds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const freshStore = () => join(dir, `store-${++counter}.json`);

// apps/demo-provider/test/attribute-kinds.test.ts, verbatim.

const nameOf = (i: number) => `r${String(i).padStart(2, "0")}`;
const resource = (i: number, b: string) => `resource "demo_server" "${nameOf(i)}" {\n  ${b}\n}\n`;
const addressOf = (i: number) => `demo_server.${nameOf(i)}`;

const indexed = rows.map((row, i) => ({ row, i }));
const creates = indexed.filter(({ row }) => row.before === undefined && row.error === undefined);
const errors = indexed.filter(({ row }) => row.error !== undefined);
const changes = indexed.filter(({ row }) => row.before !== undefined);

/** The action a row's plan lines claim: `-/+` replaces, `~` updates, no section is no change. */
function actionOf(row: Row): ResourceAction {
  if (row.before === undefined) return "create";
  if (row.noChange) return "no-op";
  return row.lines?.some((l) => l.startsWith("-/+ ")) ? "replace" : "update";
}
const planOf = (rs: typeof indexed) =>
  Object.fromEntries(rs.map(({ row, i }) => [addressOf(i), actionOf(row)]));

/** Terraform wraps long lines: words separated by any whitespace. */
const wrapped = (text: string) =>
  new RegExp(
    text
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("\\s+"),
  );

const CASES: Record<string, readonly TestStep[]> = {
  "create rows: one plan of every row's configuration": [
    {
      config: creates.map(({ row, i }) => resource(i, row.after)).join("\n"),
      planOnly: true,
      expectNonEmptyPlan: true,
      expectPlan: planOf(creates),
    },
  ],
  "change rows: every before applied, every after planned": [
    { config: changes.map(({ row, i }) => resource(i, row.before ?? "")).join("\n") },
    {
      config: changes.map(({ row, i }) => resource(i, row.after)).join("\n"),
      planOnly: true,
      expectNonEmptyPlan: true,
      expectPlan: planOf(changes),
    },
  ],
  "error rows: each configuration error's summary and detail": errors.map(({ row, i }) => ({
    config: resource(i, row.after),
    expectError: new RegExp(
      `Error: ${wrapped(row.error?.[0] ?? "").source}[\\s\\S]*${wrapped(row.error?.[1] ?? "").source}`,
    ),
  })),
};

/**
 * Terraform creates the servers concurrently, so which one gets which id and default-network
 * address varies between runs: compared as "a server id" and "an address".
 */
const anyOrder = (record: unknown[]): unknown =>
  JSON.parse(
    JSON.stringify(record)
      .replace(/srv-\d+/g, "<server id>")
      .replace(/192\.168\.0\.\d+/g, "<default address>"),
  );

const hasTerraform = findTerraform() !== undefined;

describe("the demo's attribute-kind rows, also in-process", () => {
  it("covers every row of the demo test once", () => {
    expect(creates.length + changes.length + errors.length).toBe(rows.length);
    expect(errors.length).toBeGreaterThan(0);
  });
  for (const [name, steps] of Object.entries(CASES)) {
    it.skipIf(!hasTerraform)(
      name,
      async () => {
        const fake = recorder();
        const cli = recorder();
        const t0 = performance.now();
        await runFakeCore(recorded(steps, fake, { demo: demoLauncher }), {
          provider: demo,
          env: { TFKIT_DEMO_STORE: freshStore() },
        });
        const t1 = performance.now();
        await runAcceptance(recorded(steps, cli, { demo: demoLauncher }), {
          mode: MODE,
          env: { TFKIT_DEMO_STORE: freshStore() },
        });
        const t2 = performance.now();
        console.log(`${name}: fake core ${(t1 - t0).toFixed(0)} ms, real CLI ${(t2 - t1).toFixed(0)} ms`);
        // A case of expected errors only records nothing: the errors are its checks.
        if (steps.some((s) => !s.expectError)) expect(fake.record.length).toBeGreaterThan(0);
        expect(anyOrder(fake.record)).toEqual(anyOrder(cli.record));
      },
      CASE_TIMEOUT,
    );
  }
});
