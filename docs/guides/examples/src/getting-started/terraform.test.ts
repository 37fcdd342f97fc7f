// The getting-started guide's "run it under terraform" steps, with the real terraform binary:
// build, dev_overrides, apply, an empty second plan, destroy. Skipped (loudly) without terraform.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTerraformWorkdir, terraformOrWarn } from "@tfkit/testing";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
// @ts-expect-error: a plain .mjs build script, without type declarations
import { buildProvider } from "./build.mjs";

const hasTerraform = terraformOrWarn("the getting-started terraform test") !== undefined;

const work = mkdtempSync(join(tmpdir(), "notes-guide-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(!hasTerraform)("getting started under terraform (dev_overrides)", () => {
  it("applies, plans nothing more, and destroys", async () => {
    const bin = join(work, "bin");
    // The guide's build step; the harness writes the guide's dev_overrides CLI configuration.
    const executable: string = await buildProvider({ outDir: bin, conditions: ["@tfkit/source"] });
    const wd = await createTerraformWorkdir({ providers: { "example.test/guide/notes": executable } });
    onTestFinished(() => wd.close());
    copyFileSync(new URL("./terraform/main.tf", import.meta.url).pathname, join(wd.dir, "main.tf"));
    const terraform = async (args: string[]) => {
      const run = await wd.run(args);
      return { status: run.code, output: `${run.stdout}${run.stderr}` };
    };

    const apply = await terraform(["apply", "-auto-approve", "-no-color"]);
    expect(apply.output).toContain("Apply complete! Resources: 1 added");
    expect(apply.status).toBe(0);
    const notes = JSON.parse(readFileSync(join(wd.dir, "notes.json"), "utf8")) as Record<
      string,
      { title: string }
    >;
    expect(Object.values(notes).map((n) => n.title)).toEqual(["Groceries"]);

    const plan = await terraform(["plan", "-detailed-exitcode", "-no-color"]);
    expect(plan.output).toContain("No changes.");
    expect(plan.status).toBe(0);

    const destroy = await terraform(["destroy", "-auto-approve", "-no-color"]);
    expect(destroy.output).toContain("Destroy complete! Resources: 1 destroyed");
    expect(JSON.parse(readFileSync(join(wd.dir, "notes.json"), "utf8"))).toEqual({});
  }, 180_000);
});
