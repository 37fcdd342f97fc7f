/**
 * The long fuzz run (`npm run fuzz`, bundled and started by scripts/fuzz-long.mjs): 100,000
 * inputs by default (TFKIT_FUZZ_RUNS), seed TFKIT_FUZZ_SEED (default: the time), then the table.
 * Exits 1 when any input got an internal error.
 */
import { cleanUp, formatReport, fuzzDir, runFuzz } from "./harness.js";

export async function main(): Promise<number> {
  const inputs = Number(process.env.TFKIT_FUZZ_RUNS ?? 100_000);
  const seed = Number(process.env.TFKIT_FUZZ_SEED ?? Date.now() % 1_000_000);
  const dir = fuzzDir();
  const cwd = process.cwd();
  // Strict mode as under the tests; no injected faults; relative store paths stay in the temp dir.
  process.env.TFKIT_STRICT ??= "1";
  process.env.TFKIT_DEMO_STORE = `${dir}/default-store.json`;
  delete process.env.TFKIT_DEMO_FAULTS;
  process.chdir(dir);
  try {
    const { provider } = await import("../../src/provider.js");
    console.log(`demo-provider fuzz: seed ${seed}, ${inputs} inputs (TFKIT_FUZZ_SEED, TFKIT_FUZZ_RUNS)`);
    let last = 0;
    const report = await runFuzz(provider, {
      seed,
      inputs,
      dir,
      onProgress: (done) => {
        if (done - last >= 10_000 || done === inputs) {
          last = done;
          const rss = (process.memoryUsage().rss / 1024 / 1024).toFixed(0);
          console.error(`  ${done}/${inputs} inputs, RSS ${rss} MB`);
        }
      },
    });
    console.log(formatReport(report));
    return report.counts.internal === 0 ? 0 : 1;
  } finally {
    process.chdir(cwd);
    cleanUp(dir);
  }
}
