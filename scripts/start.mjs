#!/usr/bin/env node
// The README's main job: the demo provider (apps/demo-provider, written with @tfkit/provider)
// launched and driven by the real `terraform` binary through a temporary dev_overrides CLI
// config — no `terraform init` — on apps/demo-provider/examples/basic:
// plan → apply → no-op plan → in-place update → destroy, printing Terraform's own output.
//
// Works from a fresh clone after `npm ci`: the provider is bundled here with esbuild from the
// TypeScript sources of the @tfkit packages, and @tfkit/testing's terraform harness is loaded from
// its source the same way (nothing needs to be built first).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const example = join(root, "apps/demo-provider/examples/basic");
const source = "example.test/tfkit/demo";

/** @tfkit/testing's harness from its TypeScript source, bundled next to node_modules (esbuild resolves from there). */
async function loadHarness() {
  const out = join(root, "node_modules/.cache/tfkit-start/harness.mjs");
  mkdirSync(dirname(out), { recursive: true });
  await build({
    stdin: {
      contents:
        'export { bundleProviderExecutable } from "./launcher.ts";\nexport { createTerraformWorkdir, terraformOrWarn, terraformVersion } from "./terraform-harness.ts";\n',
      resolveDir: join(root, "packages/testing/src"),
      loader: "ts",
    },
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "error",
    external: ["esbuild"],
  });
  return import(pathToFileURL(out).href);
}
const { bundleProviderExecutable, createTerraformWorkdir, terraformOrWarn, terraformVersion } =
  await loadHarness();

const terraformPath = terraformOrWarn("the main job (npm start)");
if (terraformPath === undefined) {
  console.error(
    "ERROR: the main job needs terraform >= 1.8 (provider functions) on PATH or at TF_ACC_TERRAFORM_PATH.",
  );
  process.exit(1);
}
console.log(`Using Terraform v${terraformVersion(terraformPath) ?? "(unknown version)"} (${terraformPath})`);

// 1. Build: bundle the demo provider next to an executable named terraform-provider-demo.
const started = performance.now();
const demo = await bundleProviderExecutable(join(root, "apps/demo-provider/src/main.ts"), {
  typeName: "demo",
  conditions: ["@tfkit/source"],
});
console.log(`Built terraform-provider-demo in ${Math.round(performance.now() - started)} ms (${demo.dir})`);

// 2. A temporary working directory whose CLI config's dev_overrides make terraform run our
// executable, no init needed; a working copy of the example, the demo cloud's store next to it.
const wd = await createTerraformWorkdir({ providers: { [source]: demo.executable }, prefix: "tfkit-start-" });
const workdir = wd.dir;
copyFileSync(join(example, "main.tf"), join(workdir, "main.tf"));
const env = { TFKIT_DEMO_STORE: join(workdir, ".demo-cloud.json") };

function terraform(...args) {
  console.log(`\n$ terraform ${args.join(" ")}`);
  const r = wd.runSync(args, { env, timeoutMs: 600_000 });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  console.log(`(terraform ${args[0]}: exit ${r.code}, ${Math.round(r.durationMs)} ms)`);
  return r.code;
}

// An in-place update: a new description for demo_server.web (~ update in-place, same ID).
function updateExample() {
  const file = join(workdir, "main.tf");
  const before = readFileSync(file, "utf8");
  const after = before.replace(
    'description    = "serves the app"',
    'description    = "serves the app, updated by npm start"',
  );
  if (after === before)
    throw new Error("start.mjs: the example no longer has the description line it updates");
  writeFileSync(file, after);
  console.log('\n# main.tf: demo_server.web description -> "serves the app, updated by npm start"');
  return true;
}

let ok = false;
try {
  ok =
    terraform("plan", "-input=false") === 0 &&
    terraform("apply", "-input=false", "-auto-approve") === 0 &&
    // -detailed-exitcode: exit 2 (a failure here) if the plan after apply is not empty.
    terraform("plan", "-input=false", "-detailed-exitcode") === 0 &&
    updateExample() &&
    terraform("apply", "-input=false", "-auto-approve") === 0;
} finally {
  // Always clean up what the apply created, even after a failure.
  const destroyed = terraform("destroy", "-input=false", "-auto-approve") === 0;
  ok = ok && destroyed;
  await wd.close();
}
if (ok) {
  console.log(
    "\nMain job done: terraform-provider-demo planned, applied, re-planned with no changes, updated in place and destroyed by the real terraform.",
  );
} else {
  console.error("\nMain job FAILED (see terraform's output above).");
  process.exitCode = 1;
}
