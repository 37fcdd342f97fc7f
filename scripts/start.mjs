#!/usr/bin/env node
// The README's main job: the demo provider (apps/demo-provider, written with @tfkit/provider)
// launched and driven by the real `terraform` binary through a temporary dev_overrides CLI
// config — no `terraform init` — on apps/demo-provider/examples/basic:
// plan → apply → no-op plan → in-place update → destroy, printing Terraform's own output.
//
// Works from a fresh clone after `npm ci`: the provider is bundled here with esbuild from the
// TypeScript sources of the @tfkit packages (nothing needs to be built first).
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDemo } from "../apps/demo-provider/scripts/build.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const example = join(root, "apps/demo-provider/examples/basic");
const source = "example.test/tfkit/demo";

const which = spawnSync("terraform", ["version"], { encoding: "utf8" });
if (which.error || which.status !== 0) {
  console.error(
    "ERROR: the 'terraform' binary is not on PATH; the main job needs it (terraform >= 1.8: provider functions).",
  );
  process.exit(1);
}
console.log(`Using ${which.stdout.split("\n")[0]}`);

// 1. Build: bundle the demo provider next to an executable named terraform-provider-demo.
const work = mkdtempSync(join(tmpdir(), "tfkit-start-"));
const pluginDir = join(work, "plugins");
mkdirSync(pluginDir);
const started = performance.now();
await buildDemo({ outfile: join(pluginDir, "provider.mjs") });
const executable = join(pluginDir, "terraform-provider-demo");
writeFileSync(executable, '#!/usr/bin/env node\nimport("./provider.mjs");\n');
chmodSync(executable, 0o755);
console.log(`Built terraform-provider-demo in ${Math.round(performance.now() - started)} ms (${pluginDir})`);

// 2. A temporary CLI config: dev_overrides makes terraform run our executable, no init needed.
const cliConfig = join(work, "dev.tfrc");
writeFileSync(
  cliConfig,
  `provider_installation {\n  dev_overrides {\n    ${JSON.stringify(source)} = ${JSON.stringify(pluginDir)}\n  }\n}\n`,
);

// 3. A working copy of the example; the demo cloud's store lives there too.
const workdir = join(work, "basic");
mkdirSync(workdir);
copyFileSync(join(example, "main.tf"), join(workdir, "main.tf"));
const env = {
  ...process.env,
  TF_CLI_CONFIG_FILE: cliConfig,
  CHECKPOINT_DISABLE: "1",
  TF_IN_AUTOMATION: "1",
  TFKIT_DEMO_STORE: join(workdir, ".demo-cloud.json"),
};

function terraform(...args) {
  console.log(`\n$ terraform ${args.join(" ")}`);
  const t0 = performance.now();
  const r = spawnSync("terraform", args, { cwd: workdir, env, stdio: "inherit" });
  console.log(`(terraform ${args[0]}: exit ${r.status}, ${Math.round(performance.now() - t0)} ms)`);
  return r.status;
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
  rmSync(work, { recursive: true, force: true });
}
if (ok) {
  console.log(
    "\nMain job done: terraform-provider-demo planned, applied, re-planned with no changes, updated in place and destroyed by the real terraform.",
  );
} else {
  console.error("\nMain job FAILED (see terraform's output above).");
  process.exitCode = 1;
}
