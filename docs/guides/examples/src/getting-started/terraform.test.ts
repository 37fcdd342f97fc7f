// The getting-started guide's "run it under terraform" steps, with the real terraform binary:
// build, dev_overrides, apply, an empty second plan, destroy. Skipped (loudly) without terraform.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script, without type declarations
import { buildProvider } from "./build.mjs";

const hasTerraform = spawnSync("terraform", ["version"]).status === 0;
if (!hasTerraform)
  console.warn("!!! terraform is not on PATH: the getting-started terraform test is SKIPPED !!!");

const work = mkdtempSync(join(tmpdir(), "notes-guide-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function terraform(args: string[], env: NodeJS.ProcessEnv) {
  const run = spawnSync("terraform", args, {
    cwd: join(work, "tf"),
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe.skipIf(!hasTerraform)("getting started under terraform (dev_overrides)", () => {
  it("applies, plans nothing more, and destroys", async () => {
    const bin = join(work, "bin");
    await buildProvider({ outDir: bin, conditions: ["@tfkit/source"] });
    const tfrc = join(work, "dev.tfrc");
    writeFileSync(
      tfrc,
      `provider_installation {\n  dev_overrides {\n    "example.test/guide/notes" = "${bin}"\n  }\n  direct {}\n}\n`,
    );
    spawnSync("mkdir", [join(work, "tf")]);
    copyFileSync(new URL("./terraform/main.tf", import.meta.url).pathname, join(work, "tf", "main.tf"));
    const env = { ...process.env, TF_CLI_CONFIG_FILE: tfrc, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };

    const apply = terraform(["apply", "-auto-approve", "-no-color"], env);
    expect(apply.output).toContain("Apply complete! Resources: 1 added");
    expect(apply.status).toBe(0);
    const notes = JSON.parse(readFileSync(join(work, "tf", "notes.json"), "utf8")) as Record<
      string,
      { title: string }
    >;
    expect(Object.values(notes).map((n) => n.title)).toEqual(["Groceries"]);

    const plan = terraform(["plan", "-detailed-exitcode", "-no-color"], env);
    expect(plan.output).toContain("No changes.");
    expect(plan.status).toBe(0);

    const destroy = terraform(["destroy", "-auto-approve", "-no-color"], env);
    expect(destroy.output).toContain("Destroy complete! Resources: 1 destroyed");
    expect(JSON.parse(readFileSync(join(work, "tf", "notes.json"), "utf8"))).toEqual({});
  }, 180_000);
});
