/**
 * The write-up of SDK attribute kinds ("Terraform plan depends on how attributes are defined"), reproduced through the real
 * terraform CLI: for each row of its tables, the plan line terraform prints for the demo_server
 * attribute of that kind. Rows are grouped so that terraform runs only a few times: one create
 * plan (rows 1 and 2), one plan with every configuration error (the `<error>` cells), and one
 * apply of "before" configurations followed by one plan of the "after" ones (rows 3 and 4).
 *
 * Attribute kinds of demo_server: Required `name`, Optional `description`, Computed
 * `created_at` (UseStateForUnknown), Optional+Default `port` (8080), Optional+Computed `size`,
 * an Optional list block `network_interface` (Required `network_id`, Computed `ip`), a Computed
 * list of objects `all_interfaces`, Sensitive `admin_password`, RequiresReplace `image`.
 */
import { beforeAll, expect, it } from "vitest";
import { describeTerraform, E2E_TIMEOUT, type TfResult, Workdir } from "./harness.js";

import { rows } from "./attribute-kinds-rows.js";

const nameOf = (i: number) => `r${String(i).padStart(2, "0")}`;
const resource = (i: number, b: string) => `resource "demo_server" "${nameOf(i)}" {\n  ${b}\n}\n`;
const normalise = (line: string) => line.trim().replace(/\s+/g, " ");

/** The plan text of one resource (its lines from `# demo_server.rNN …` to the next resource). */
function section(output: string, i: number): string[] | undefined {
  const lines = output.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^  # demo_server\\.${nameOf(i)}( |$)`).test(l));
  if (start < 0) return undefined;
  const end = lines.findIndex((l, k) => k > start && (/^ {2}# /.test(l) || /^Plan: /.test(l)));
  return lines.slice(start, end < 0 ? undefined : end).map(normalise);
}

/** The error chunk of one resource: its summary line and the text under it. */
function errorOf(output: string, i: number): string | undefined {
  return output
    .split(/\n(?=Error: )/)
    .find(
      (chunk) => chunk.startsWith("Error: ") && chunk.includes(`in resource "demo_server" "${nameOf(i)}"`),
    )
    ?.replace(/\s+/g, " ");
}

const indexed = rows.map((row, i) => ({ row, i }));
const creates = indexed.filter(({ row }) => row.before === undefined && row.error === undefined);
const errors = indexed.filter(({ row }) => row.error !== undefined);
const changes = indexed.filter(({ row }) => row.before !== undefined);

describeTerraform("attribute-kind tables through terraform plan (demo_server)", () => {
  let createPlan: TfResult;
  let errorPlan: TfResult;
  let changePlan: TfResult;

  beforeAll(async () => {
    const [a, b, c] = await Promise.all([
      Workdir.create("seed001-create"),
      Workdir.create("seed001-errors"),
      Workdir.create("seed001-change"),
    ]);
    a.config(creates.map(({ row, i }) => resource(i, row.after)).join("\n"));
    b.config(errors.map(({ row, i }) => resource(i, row.after)).join("\n"));
    c.config(changes.map(({ row, i }) => resource(i, row.before ?? "")).join("\n"));
    const applied = c.ok(["apply", "-auto-approve", "-parallelism=20"]);
    [createPlan, errorPlan] = await Promise.all([a.ok(["plan"]), b.ok(["plan"], {}, 1)]);
    await applied;
    c.config(changes.map(({ row, i }) => resource(i, row.after)).join("\n"));
    changePlan = await c.ok(["plan"]);
    await c.ok(["destroy", "-auto-approve", "-parallelism=20"]);
  }, E2E_TIMEOUT);

  it.each(indexed.map(({ row, i }) => [row.seed, row, i] as const))("%s", (_seed, row, i) => {
    if (row.error !== undefined) {
      const chunk = errorOf(errorPlan.output, i);
      expect(chunk, `no error for ${nameOf(i)} in:\n${errorPlan.output}`).toBeDefined();
      expect(chunk).toContain(`Error: ${row.error[0]}`);
      expect(chunk).toContain(row.error[1]);
      return;
    }
    const output = row.before === undefined ? createPlan.output : changePlan.output;
    const lines = section(output, i);
    if (row.noChange) {
      expect(lines, `demo_server.${nameOf(i)} should not be in the plan`).toBeUndefined();
      return;
    }
    expect(lines, `demo_server.${nameOf(i)} is not in the plan:\n${output}`).toBeDefined();
    const text = (lines ?? []).join("\n");
    for (const line of row.lines ?? []) {
      expect(lines, `section:\n${text}`).toContain(normalise(line.replace("{name}", nameOf(i))));
    }
    for (const fragment of row.absent ?? []) expect(text).not.toContain(fragment);
  });
});
