/**
 * tfkit against the Go floor under terraform: the same configuration of N resources applied,
 * planned with no changes and destroyed by terraform_data (built into terraform: no provider
 * process), by the Go floor provider (go-floor/: go-plugin + go-cty, no framework) and by the
 * tfkit provider serving the same resource (src/fixtures/item-provider.ts), once as `tfkit
 * package` ships it (a single executable starting from a startup snapshot) and once as the demo's
 * `bin/` runs it (the demo's launcher and build: a startup snapshot, else the ES module bundle);
 * `-plain` and `-esm` are the forms both used before issue 19. Kinds interleave in every round;
 * medians; ratios to the Go floor in the same run.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { packageProvider } from "@tfkit/cli";
import {
  createTerraformWorkdir,
  findTerraform,
  fromEntry,
  fromExecutable,
  requiredProvidersBlock,
  type TerraformWorkdir,
} from "@tfkit/testing";
import { type CaseResult, type CustomSuite, median, percentile, rmePercent } from "../runner.js";

/** The kinds compared, in the order of the first round. */
export const FLOOR_KINDS = [
  "terraform_data",
  "go",
  "tfkit-package",
  "tfkit-bin",
  "tfkit-package-plain",
  "tfkit-bin-esm",
] as const;
/** One of {@link FLOOR_KINDS}. */
export type FloorKind = (typeof FLOOR_KINDS)[number];
/** The commands timed for each kind, in the order they run. */
export const FLOOR_COMMANDS = ["apply", "plan", "destroy"] as const;

const ADDRESS = "example.test/tfkit/bench";

/** The configuration every provider kind applies (only the CLI configuration differs). */
export function providerConfig(n: number): string {
  return `${requiredProvidersBlock({ bench: ADDRESS })}
resource "bench_item" "r" {
  count = ${n}
  name  = "item-\${count.index}"
  tags  = { index = tostring(count.index) }
}
`;
}

/** The same shape for terraform_data (its `input` holds what the provider's attributes hold). */
export function terraformDataConfig(n: number): string {
  return `resource "terraform_data" "r" {
  count = ${n}
  input = {
    name = "item-\${count.index}"
    tags = { index = tostring(count.index) }
  }
}
`;
}

/**
 * A kind ready to run (for a provider, the executable dev_overrides points terraform at), or why it
 * cannot run here.
 */
export type PreparedKind = { readonly executable?: string } | { readonly skipped: string };

/** packages/bench: above dist/bench.js when bundled, above src/suites/ under vitest. */
const benchRoot = [new URL("..", import.meta.url), new URL("../..", import.meta.url)]
  .map((u) => fileURLToPath(u))
  .find((dir) => existsSync(join(dir, "go-floor", "build.sh"))) as string;
const itemEntry = join(benchRoot, "src", "fixtures", "item-provider.ts");
const demoDir = join(benchRoot, "..", "..", "apps", "demo-provider");
let scratch: string | undefined;
const preparing = new Map<FloorKind, Promise<PreparedKind>>();

/** A scratch directory for this bench process, removed at exit. */
function scratchDir(): string {
  if (scratch === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "tfkit-bench-floor-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    scratch = dir;
  }
  return scratch;
}

/** The provider executable of a kind: built once per bench process. */
async function buildKind(kind: Exclude<FloorKind, "terraform_data">): Promise<string> {
  switch (kind) {
    case "go": {
      const run = spawnSync("sh", [join(benchRoot, "go-floor", "build.sh")], { encoding: "utf8" });
      if (run.status !== 0)
        throw new Error(
          `the Go floor provider (\`go\`) could not be built: ${(run.stderr || run.error?.message || "").trim()}`,
        );
      return fromExecutable(run.stdout.trim().split("\n").pop() ?? "").executable("bench");
    }
    case "tfkit-package":
    case "tfkit-package-plain": {
      const out = join(scratchDir(), kind);
      const result = await packageProvider({
        entry: itemEntry,
        name: "bench",
        version: "0.0.0",
        outDir: out,
        startup: kind === "tfkit-package" ? "snapshot" : "plain",
      });
      const built = result.targets.find((t) => t.kind === "built");
      if (built?.kind !== "built") throw new Error("tfkit package built no platform");
      execFileSync("unzip", ["-q", "-o", join(out, built.zip), "-d", join(out, "bin")]);
      const exe = join(out, "bin", "terraform-provider-bench_v0.0.0");
      if (!existsSync(exe)) throw new Error(`${built.zip} holds no ${exe}`);
      return fromExecutable(exe).executable("bench");
    }
    case "tfkit-bin": {
      // The demo's own launcher and build steps (ES module bundle + startup snapshot), with this
      // provider as the entry.
      const root = join(scratchDir(), kind);
      mkdirSync(join(root, "bin"), { recursive: true });
      const build = (await import(pathToFileURL(join(demoDir, "scripts", "build.mjs")).href)) as {
        buildDemo(o: { outfile: string; entry: string }): Promise<string>;
        buildDemoSnapshot(o: { dir: string; entry: string }): Promise<string>;
      };
      await build.buildDemo({ outfile: join(root, "dist", "provider.mjs"), entry: itemEntry });
      await build.buildDemoSnapshot({ dir: join(root, "dist"), entry: itemEntry });
      const exe = join(root, "bin", "terraform-provider-bench");
      copyFileSync(join(demoDir, "bin", "terraform-provider-demo"), exe);
      chmodSync(exe, 0o755);
      return exe;
    }
    case "tfkit-bin-esm":
      // What the demo's bin/ ran before issue 19: the ES module bundle through a node launcher.
      return fromEntry(itemEntry).executable("bench");
  }
}

/** Builds a kind's provider, once per bench process. */
export function prepareKind(kind: FloorKind): Promise<PreparedKind> {
  let p = preparing.get(kind);
  if (p === undefined) {
    p = (async (): Promise<PreparedKind> => {
      try {
        if (kind === "terraform_data") return {};
        return { executable: await buildKind(kind) };
      } catch (error) {
        const skipped = error instanceof Error ? error.message : String(error);
        console.warn(`\n!!! ${kind} SKIPPED: ${skipped} !!!\n`);
        return { skipped };
      }
    })();
    preparing.set(kind, p);
  }
  return p;
}

async function timed(
  wd: TerraformWorkdir,
  kind: FloorKind,
  args: readonly string[],
  expect: (out: string, code: number | null) => boolean,
): Promise<number> {
  const run = await wd.run(args);
  if (!expect(run.stdout, run.code))
    throw new Error(
      `${kind}: terraform ${args.join(" ")} (exit ${run.code}) in ${wd.dir}:\n${run.stdout}\n${run.stderr}`,
    );
  return run.durationMs;
}

/** One suite per N: `terraform/floor-n<N>`, cases `<command>/<kind>`. */
export function floorSuite(n: number, rounds: number): CustomSuite {
  const name = `terraform/floor-n${n}`;
  return {
    kind: "custom",
    name,
    note: `N = ${n} bench_item (terraform_data: N resources), ${rounds} interleaved rounds of apply, no-op plan, destroy; ratio = median / Go floor median`,
    cases: FLOOR_COMMANDS.flatMap((c) => FLOOR_KINDS.map((k) => ({ name: `${c}/${k}` }))),
    run: async (selected) => {
      const terraform = findTerraform();
      if (terraform === undefined) throw new Error("terraform is not on PATH");
      const executables = new Map<FloorKind, string | undefined>();
      for (const kind of FLOOR_KINDS.filter((k) => selected.some((s) => s.endsWith(`/${k}`)))) {
        const prepared = await prepareKind(kind);
        if ("skipped" in prepared) console.warn(`!!! ${name}: ${kind} SKIPPED: ${prepared.skipped} !!!`);
        else executables.set(kind, prepared.executable);
      }
      const kinds = [...executables.keys()];
      const samples = new Map<string, number[]>();
      const load0 = loadavg()[0] ?? 0;
      for (let round = 0; round < rounds; round++) {
        // Each round starts with a different kind, so no kind always runs first or last.
        const order = kinds.map((_, i) => kinds[(i + round) % kinds.length] as FloorKind);
        for (const kind of order) {
          const executable = executables.get(kind);
          const wd = await createTerraformWorkdir({
            providers: executable === undefined ? {} : { [ADDRESS]: executable },
            parent: scratchDir(),
            prefix: `${kind}-${n}-`,
            terraformPath: terraform,
            commandTimeoutMs: 3_600_000,
          });
          wd.writeConfig(kind === "terraform_data" ? terraformDataConfig(n) : providerConfig(n));
          const add = (command: string, ms: number) => {
            const key = `${command}/${kind}`;
            samples.set(key, [...(samples.get(key) ?? []), ms * 1e6]);
          };
          add(
            "apply",
            await timed(
              wd,
              kind,
              ["apply", "-auto-approve", "-input=false", "-no-color"],
              (out, code) => code === 0 && out.includes(`Resources: ${n} added`),
            ),
          );
          add(
            "plan",
            await timed(
              wd,
              kind,
              ["plan", "-input=false", "-no-color", "-detailed-exitcode"],
              (_, code) => code === 0,
            ),
          );
          add(
            "destroy",
            await timed(
              wd,
              kind,
              ["destroy", "-auto-approve", "-input=false", "-no-color"],
              (out, code) => code === 0 && out.includes(`Resources: ${n} destroyed`),
            ),
          );
          await wd.close();
        }
      }
      const load1 = loadavg()[0] ?? 0;
      const base = kinds.includes("go") ? "go" : "terraform_data";
      const results: CaseResult[] = [];
      const lines: string[] = [];
      for (const command of FLOOR_COMMANDS) {
        const baseMedian = median(samples.get(`${command}/${base}`) ?? []);
        const dataMedian = median(samples.get(`${command}/terraform_data`) ?? []);
        const cells: string[] = [];
        for (const kind of kinds) {
          const ns = samples.get(`${command}/${kind}`) ?? [];
          const med = median(ns);
          results.push({
            suite: name,
            name: `${command}/${kind}`,
            baseline: kind === base,
            samples: ns.length,
            rmePercent: rmePercent(ns),
            median: med,
            p99: percentile(ns, 99),
            ratio: med / baseMedian,
            delta: med - baseMedian,
            unit: "ns",
          });
          const vsData = Number.isNaN(dataMedian) ? "" : `, ${(med / dataMedian).toFixed(2)}× terraform_data`;
          cells.push(
            `${kind} ${(med / 1e9).toFixed(2)} s (${(med / baseMedian).toFixed(2)}× ${base}${vsData})`,
          );
        }
        lines.push(`  ${command.padEnd(7)} ${cells.join("; ")}`);
      }
      console.log(`${name}: load average ${load0.toFixed(1)} → ${load1.toFixed(1)}\n${lines.join("\n")}`);
      return results;
    },
  };
}

/** N from BENCH_FLOOR_SIZES (comma-separated; default 10,200,1000), rounds from BENCH_FLOOR_ROUNDS. */
export function floorSuites(): CustomSuite[] {
  const sizes = (process.env.BENCH_FLOOR_SIZES ?? "10,200,1000")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const fixedRounds = Number(process.env.BENCH_FLOOR_ROUNDS);
  return sizes.map((n) =>
    floorSuite(
      n,
      Number.isInteger(fixedRounds) && fixedRounds > 0 ? fixedRounds : n <= 10 ? 7 : n <= 200 ? 5 : 3,
    ),
  );
}
