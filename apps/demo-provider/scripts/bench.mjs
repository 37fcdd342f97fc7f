#!/usr/bin/env node
// Benchmark: `terraform apply` and `terraform destroy` of N demo_volume resources (our provider:
// plugin processes, gRPC, msgpack, the file store) against N terraform_data resources (built into
// terraform: no plugin process at all), in the same run, with terraform's default parallelism.
// Prints the times and the ratios. Usage: node scripts/bench.mjs [N ...]   (default: 200 1000)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  bundleProviderExecutable,
  createTerraformWorkdir,
  requiredProvidersBlock,
  terraformOrWarn,
} from "@tfkit/testing";

const SOURCE = "example.test/tfkit/demo";
if (terraformOrWarn("the terraform bench") === undefined) process.exit(1);
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const counts = sizes.length > 0 ? sizes : [200, 1000];
const work = mkdtempSync(join(tmpdir(), "tfkit-demo-bench-"));
const demo = await bundleProviderExecutable(new URL("../src/main.ts", import.meta.url).pathname, {
  typeName: "demo",
  outDir: join(work, "plugins"),
  conditions: ["@tfkit/source"],
});

const configs = {
  demo: (n) => `${requiredProvidersBlock({ demo: SOURCE })}
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

function timed(wd, args) {
  const r = wd.runSync(args, { env: { TFKIT_DEMO_STORE: join(wd.dir, "cloud.json") } });
  if (r.code !== 0)
    throw new Error(`terraform ${args.join(" ")} failed in ${wd.dir}:\n${r.stdout}\n${r.stderr}`);
  return r.durationMs;
}

const rows = [];
try {
  for (const n of counts) {
    const result = {};
    for (const kind of ["terraform_data", "demo"]) {
      const wd = await createTerraformWorkdir({
        providers: { [SOURCE]: demo.executable },
        parent: work,
        prefix: `${kind}-${n}-`,
        commandTimeoutMs: 3_600_000,
      });
      wd.writeConfig(configs[kind](n));
      const apply = timed(wd, ["apply", "-auto-approve", "-input=false"]);
      if (kind === "demo") {
        const objects = Object.keys(
          JSON.parse(readFileSync(join(wd.dir, "cloud.json"), "utf8")).objects,
        ).length;
        if (objects !== n) throw new Error(`store holds ${objects} objects after applying ${n}`);
      }
      const destroy = timed(wd, ["destroy", "-auto-approve", "-input=false"]);
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
