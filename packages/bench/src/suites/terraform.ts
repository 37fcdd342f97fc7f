import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TimedSuite } from "../runner.js";
import { devOverridesConfig } from "../support/terraform-cli.js";
import { fixtureCjs, prepareLaunchForms } from "./transport.js";

/** Whether a `terraform` binary is on PATH. */
export const hasTerraform: boolean = spawnSync("terraform", ["version"], { stdio: "ignore" }).status === 0;

let dir = "";
let env: NodeJS.ProcessEnv = {};
/** Environments whose CLI config points dev_overrides at the faster launch forms. */
let snapshotEnv: NodeJS.ProcessEnv = {};
let codeCacheEnv: NodeJS.ProcessEnv = {};

function runTerraform(args: readonly string[], withEnv: NodeJS.ProcessEnv = env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("terraform", args, { cwd: dir, env: withEnv, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString("utf8");
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`terraform ${args.join(" ")} exited ${code}: ${err}`)),
    );
  });
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
    const providerDir = join(dir, "provider");
    mkdirSync(providerDir);
    const entry = fileURLToPath(new URL("./fixtures/empty-provider.js", import.meta.url));
    const launcher = join(providerDir, "terraform-provider-bench");
    writeFileSync(launcher, `#!/usr/bin/env node\nimport(${JSON.stringify(entry)});\n`);
    chmodSync(launcher, 0o755);
    writeFileSync(join(dir, "dev.tfrc"), devOverridesConfig("example.test/tfkit/bench", providerDir));
    writeFileSync(
      join(dir, "main.tf"),
      'terraform {\n  required_providers {\n    bench = { source = "example.test/tfkit/bench" }\n  }\n}\n\nprovider "bench" {}\n',
    );
    env = {
      ...process.env,
      TF_CLI_CONFIG_FILE: join(dir, "dev.tfrc"),
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
    };
    for (const k of ["TF_LOG", "TF_LOG_PATH", "TF_REATTACH_PROVIDERS", "TF_DISABLE_PLUGIN_TLS"])
      delete env[k];

    // The same provider as a startup snapshot and through a V8 code cache (see transport.ts).
    const forms = await prepareLaunchForms(dir);
    const launchers = {
      snapshot: `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} --snapshot-blob ${JSON.stringify(forms.snapshotBlob)} -- "$@"\n`,
      "code-cache": `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(fixtureCjs("code-cache-launcher"))} "$@"\n`,
    };
    for (const [form, script] of Object.entries(launchers)) {
      const formDir = join(dir, `provider-${form}`);
      mkdirSync(formDir);
      writeFileSync(join(formDir, "terraform-provider-bench"), script);
      chmodSync(join(formDir, "terraform-provider-bench"), 0o755);
      writeFileSync(join(dir, `dev-${form}.tfrc`), devOverridesConfig("example.test/tfkit/bench", formDir));
    }
    snapshotEnv = { ...env, TF_CLI_CONFIG_FILE: join(dir, "dev-snapshot.tfrc") };
    codeCacheEnv = { ...env, ...forms.codeCacheEnv, TF_CLI_CONFIG_FILE: join(dir, "dev-code-cache.tfrc") };
  },
  teardown: () => rmSync(dir, { recursive: true, force: true }),
  baseline: { name: "terraform version", async: true, fn: () => runTerraform(["version"]) },
  cases: [
    {
      name: "plan/empty-provider",
      async: true,
      fn: () => runTerraform(["plan", "-input=false", "-no-color"]),
    },
    {
      name: "plan/empty-provider/bundled-cjs+code-cache",
      async: true,
      fn: () => runTerraform(["plan", "-input=false", "-no-color"], codeCacheEnv),
    },
    {
      name: "plan/empty-provider/snapshot",
      async: true,
      fn: () => runTerraform(["plan", "-input=false", "-no-color"], snapshotEnv),
    },
  ],
};
