#!/usr/bin/env node
// The README's main job: a provider written with tfkit, launched and driven by the real
// `terraform` binary (plan → apply → no-op plan → destroy), printing Terraform's own output.
//
// Until the demo provider lands (apps/demo-provider), the provider is the protocol-level example
// that @tfkit/grpc-transport's end-to-end tests use: one resource written directly against
// `ProviderServer`, its values encoded with @tfkit/cty-values.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const source = "example.test/tfkit/tfkite2e";

const which = spawnSync("terraform", ["version"], { encoding: "utf8" });
if (which.error || which.status !== 0) {
  console.error("ERROR: the 'terraform' binary is not on PATH; the main job needs it (terraform >= 1.6).");
  process.exit(1);
}
console.log(`Using ${which.stdout.split("\n")[0]}\n`);

// Bundle the provider (and the @tfkit sources it imports) into an executable terraform can start.
const work = mkdtempSync(join(tmpdir(), "tfkit-start-"));
const pluginDir = join(root, "packages/grpc-transport/.tfkit-tmp", `start-${process.pid}`);
mkdirSync(pluginDir, { recursive: true });
await build({
  entryPoints: [join(root, "packages/grpc-transport/test/e2e/provider/main.ts")],
  outfile: join(pluginDir, "provider.mjs"),
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "error",
  conditions: ["@tfkit/source"],
  plugins: [
    {
      name: "external-third-party",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@tfkit/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
const executable = join(pluginDir, "terraform-provider-tfkite2e");
writeFileSync(executable, '#!/usr/bin/env node\nimport("./provider.mjs");\n');
chmodSync(executable, 0o755);

const cliConfig = join(work, "dev.tfrc");
writeFileSync(
  cliConfig,
  `provider_installation {\n  dev_overrides {\n    ${JSON.stringify(source)} = ${JSON.stringify(pluginDir)}\n  }\n}\n`,
);
const mainTf = (size) => `terraform {
  required_providers {
    tfkite2e = { source = "${source}" }
  }
}

resource "tfkite2e_thing" "example" {
  name = "hello-tfkit"
  size = ${size}
}

output "greeting" {
  value = tfkite2e_thing.example.greeting
}
`;

const env = { ...process.env, TF_CLI_CONFIG_FILE: cliConfig, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
function terraform(...args) {
  console.log(`\n$ terraform ${args.join(" ")}`);
  const r = spawnSync("terraform", args, { cwd: work, env, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`terraform ${args[0]} failed (exit ${r.status})`);
    process.exitCode = 1;
    return false;
  }
  return true;
}

try {
  writeFileSync(join(work, "main.tf"), mainTf(3));
  const steps = [
    ["plan", "-input=false"],
    ["apply", "-input=false", "-auto-approve"],
    // -detailed-exitcode: exit 2 (a failure here) if the re-plan after apply is not empty.
    ["plan", "-input=false", "-detailed-exitcode"],
    () => writeFileSync(join(work, "main.tf"), mainTf(5)),
    ["apply", "-input=false", "-auto-approve"],
    ["destroy", "-input=false", "-auto-approve"],
  ];
  let ok = true;
  for (const step of steps) {
    if (typeof step === "function") step();
    else if (!terraform(...step)) {
      ok = false;
      break;
    }
  }
  if (ok) console.log("\nMain job done: plan, apply, no-op plan, in-place update and destroy under real terraform.");
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(pluginDir, { recursive: true, force: true });
}
