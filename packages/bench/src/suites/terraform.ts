import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createTerraformWorkdir,
  requiredProvidersBlock,
  type TerraformWorkdir,
  terraformOrWarn,
} from "@tfkit/testing";
import type { TimedSuite } from "../runner.js";
import { fixtureCjs, prepareLaunchForms } from "./transport.js";

/** Whether a `terraform` binary is here (TF_ACC_TERRAFORM_PATH or PATH); warns loudly when not. */
export const hasTerraform: boolean =
  terraformOrWarn("the terraform/plan and terraform/floor-n* bench suites") !== undefined;

const ADDRESS = "example.test/tfkit/bench";

let dir = "";
/** One working directory per launch form, its dev_overrides pointing at that form's launcher. */
let workdirs: Record<"plain" | "snapshot" | "code-cache", TerraformWorkdir> | undefined;

async function runTerraform(args: readonly string[], wd: TerraformWorkdir | undefined): Promise<void> {
  if (wd === undefined) throw new Error("terraform/plan: setup did not run");
  const run = await wd.run(args, { timeoutMs: 600_000 });
  if (run.code !== 0) throw new Error(`terraform ${args.join(" ")} exited ${run.code}: ${run.stderr}`);
}

/**
 * What a user waits for: a whole `terraform plan` (it starts the provider about five times) with
 * the built transport serving an empty provider through dev_overrides, next to
 * `terraform version` (terraform's own start, no provider).
 */
export const terraformPlan: TimedSuite = {
  kind: "timed",
  name: "terraform/plan",
  note: "terraform 1.x via dev_overrides, a provider block and no resources; baseline `terraform version`",
  iterations: 10,
  rounds: 2,
  warmupIterations: 1,
  setup: async () => {
    dir = mkdtempSync(join(tmpdir(), "tfkit-bench-tf-"));
    const entry = fileURLToPath(new URL("./fixtures/empty-provider.js", import.meta.url));
    // The same provider as a startup snapshot and through a V8 code cache (see transport.ts).
    const forms = await prepareLaunchForms(dir);
    const launchers = {
      plain: `#!/usr/bin/env node\nimport(${JSON.stringify(entry)});\n`,
      snapshot: `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} --snapshot-blob ${JSON.stringify(forms.snapshotBlob)} -- "$@"\n`,
      "code-cache": `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(fixtureCjs("code-cache-launcher"))} "$@"\n`,
    } as const;
    const made: Partial<Record<keyof typeof launchers, TerraformWorkdir>> = {};
    for (const [form, script] of Object.entries(launchers) as [keyof typeof launchers, string][]) {
      const formDir = join(dir, `provider-${form}`);
      mkdirSync(formDir);
      const executable = join(formDir, "terraform-provider-bench");
      writeFileSync(executable, script);
      chmodSync(executable, 0o755);
      const wd = await createTerraformWorkdir({
        providers: { [ADDRESS]: executable },
        parent: dir,
        prefix: `${form}-`,
        ...(form === "code-cache" && { env: forms.codeCacheEnv as Record<string, string> }),
      });
      wd.writeConfig(`${requiredProvidersBlock({ bench: ADDRESS })}\nprovider "bench" {}\n`);
      made[form] = wd;
    }
    workdirs = made as NonNullable<typeof workdirs>;
  },
  teardown: async () => {
    await Promise.all(Object.values(workdirs ?? {}).map((wd) => wd.close()));
    workdirs = undefined;
    rmSync(dir, { recursive: true, force: true });
  },
  baseline: { name: "terraform version", async: true, fn: () => runTerraform(["version"], workdirs?.plain) },
  cases: [
    {
      name: "plan/empty-provider",
      async: true,
      fn: () => runTerraform(["plan", "-input=false", "-no-color"], workdirs?.plain),
    },
    {
      name: "plan/empty-provider/bundled-cjs+code-cache",
      async: true,
      fn: () => runTerraform(["plan", "-input=false", "-no-color"], workdirs?.["code-cache"]),
    },
    {
      name: "plan/empty-provider/snapshot",
      async: true,
      fn: () => runTerraform(["plan", "-input=false", "-no-color"], workdirs?.snapshot),
    },
  ],
};
