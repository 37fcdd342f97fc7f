#!/usr/bin/env node
// Benchmark: `terraform apply` and `terraform destroy` of N demo_volume resources (our provider:
// plugin processes, gRPC, msgpack, the file store) against N terraform_data resources (built into
// terraform: no plugin process at all), in the same run, with terraform's default parallelism.
// Prints the times and the ratios. Usage: node scripts/bench.mjs [N ...]   (default: 200 1000)
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDemo } from "./build.mjs";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const counts = sizes.length > 0 ? sizes : [200, 1000];
const work = mkdtempSync(join(tmpdir(), "tfkit-demo-bench-"));
const pluginDir = join(work, "plugins");
mkdirSync(pluginDir);
await buildDemo({ outfile: join(pluginDir, "provider.mjs") });
writeFileSync(join(pluginDir, "terraform-provider-demo"), '#!/usr/bin/env node\nimport("./provider.mjs");\n');
chmodSync(join(pluginDir, "terraform-provider-demo"), 0o755);
const cliConfig = join(work, "dev.tfrc");
writeFileSync(
  cliConfig,
  `provider_installation {\n  dev_overrides {\n    "example.test/tfkit/demo" = ${JSON.stringify(pluginDir)}\n  }\n}\n`,
);

const configs = {
  demo: (n) => `terraform {
  required_providers {
    demo = { source = "example.test/tfkit/demo" }
  }
}

resource "demo_volume" "v" {
  count = ${n}
  name  = "v\${count.index}"
  size  = 1
}
`,
  terraform_data: (n) => `resource "terraform_data" "d" {
  count = ${n}
  input = "v\${count.index}"
}
`,
};

function timed(dir, args) {
  const t0 = performance.now();
  const r = spawnSync("terraform", args, {
    cwd: dir,
    env: {
      ...process.env,
      TF_CLI_CONFIG_FILE: cliConfig,
      CHECKPOINT_DISABLE: "1",
      TFKIT_DEMO_STORE: join(dir, "cloud.json"),
    },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0)
    throw new Error(`terraform ${args.join(" ")} failed in ${dir}:\n${r.stdout}\n${r.stderr}`);
  return ms;
}

const rows = [];
try {
  for (const n of counts) {
    const result = {};
    for (const kind of ["terraform_data", "demo"]) {
      const dir = join(work, `${kind}-${n}`);
      mkdirSync(dir);
      writeFileSync(join(dir, "main.tf"), configs[kind](n));
      const apply = timed(dir, ["apply", "-auto-approve", "-input=false"]);
      if (kind === "demo") {
        const objects = Object.keys(JSON.parse(readFileSync(join(dir, "cloud.json"), "utf8")).objects).length;
        if (objects !== n) throw new Error(`store holds ${objects} objects after applying ${n}`);
      }
      const destroy = timed(dir, ["destroy", "-auto-approve", "-input=false"]);
      result[kind] = { apply, destroy };
      console.log(
        `${String(n).padStart(5)} ${kind.padEnd(15)} apply ${(apply / 1000).toFixed(2)} s, destroy ${(destroy / 1000).toFixed(2)} s`,
      );
    }
    rows.push({ n, ...result });
  }
  console.log("\n    N | demo apply | data apply | ratio | demo destroy | data destroy | ratio");
  for (const r of rows) {
    const f = (ms) => `${(ms / 1000).toFixed(2)} s`.padStart(10);
    console.log(
      `${String(r.n).padStart(5)} | ${f(r.demo.apply)} | ${f(r.terraform_data.apply)} | ${(r.demo.apply / r.terraform_data.apply).toFixed(2)}x | ${f(r.demo.destroy).padStart(12)} | ${f(r.terraform_data.destroy).padStart(12)} | ${(r.demo.destroy / r.terraform_data.destroy).toFixed(2)}x`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
