import { Bench } from "tinybench";

/**
 * Results are written here so the optimiser cannot drop a benchmarked call as dead code.
 * @public exported only so no tool can prove it unread
 */
export let sink: unknown;

/** One timed case. `fn` may be async; its result goes into {@link sink}. */
export interface TimedCase {
  /** `area/op/fixture`. */
  readonly name: string;
  /** Operations one call of `fn` performs (ns/op and ops/s divide by it). Default 1. */
  readonly ops?: number;
  /** The measured work. */
  readonly fn: () => unknown;
  /** `fn` returns a promise that must be awaited inside the measurement. */
  readonly async?: boolean;
  /** Untimed, before every call of `fn` (e.g. start a process). */
  readonly beforeEach?: () => unknown;
  /** Untimed, after every call of `fn` (e.g. kill the process `fn` waited for). */
  readonly afterEach?: () => unknown;
}

/** A group of timed cases measured against a baseline in the same run. */
export interface TimedSuite {
  readonly kind: "timed";
  /** `area/op`; printed as the table title. */
  readonly name: string;
  /** What the ratio means, printed under the title. */
  readonly note?: string;
  /** Measured first; ratios are `case p50 / baseline p50`. */
  readonly baseline: TimedCase;
  /** The cases under test (more baselines may be listed here too). */
  readonly cases: readonly TimedCase[];
  /** Interleaved rounds over all cases (samples, time and iterations are split across them). Default 1. */
  readonly rounds?: number;
  /** Exact number of samples (with `time: 0`), e.g. 20 for process starts. */
  readonly iterations?: number;
  /** Minimum measuring time per case in ms (tinybench `time`). */
  readonly time?: number;
  /** Warm-up calls before measuring. */
  readonly warmupIterations?: number;
  /** Runs once before the suite (start servers, build fixtures). */
  readonly setup?: () => Promise<void> | void;
  /** Runs once after the suite. */
  readonly teardown?: () => Promise<void> | void;
}

/** A case that reports a measured quantity rather than a time (e.g. peak RSS). */
export interface MetricCase {
  /** `area/op/fixture`. */
  readonly name: string;
  /** Takes one measurement. */
  readonly measure: () => Promise<number>;
}

/** A group of metric cases, each measured `runs` times, reported as medians. */
export interface MetricSuite {
  readonly kind: "metric";
  /** `area/metric`. */
  readonly name: string;
  /** Unit of the measured numbers, e.g. "MiB". */
  readonly unit: string;
  /** Printed under the title. */
  readonly note?: string;
  /** Samples per case. */
  readonly runs: number;
  /** Measured first; ratios are `case median / baseline median`. */
  readonly baseline: MetricCase;
  /** Cases under test. */
  readonly cases: readonly MetricCase[];
  /** Runs once before the suite. */
  readonly setup?: () => Promise<void> | void;
  /** Runs once after the suite. */
  readonly teardown?: () => Promise<void> | void;
}

/**
 * A suite that measures and summarises by itself (e.g. whole terraform commands that must run in
 * order: apply, plan, destroy), returning one result per case it ran.
 */
export interface CustomSuite {
  readonly kind: "custom";
  /** `area/op`; printed as the table title. */
  readonly name: string;
  /** Printed under the title. */
  readonly note?: string;
  /** The cases the suite can run (the filter selects among them). */
  readonly cases: readonly { readonly name: string }[];
  /** Measures the selected cases (names from `cases`) and returns their results. */
  readonly run: (cases: readonly string[]) => Promise<CaseResult[]>;
}

/** Any suite. */
export type Suite = TimedSuite | MetricSuite | CustomSuite;

/** The summary of one measured case, as printed and as written with `--json`. */
export interface CaseResult {
  readonly suite: string;
  readonly name: string;
  readonly baseline: boolean;
  readonly samples: number;
  /** Timed suites: mean ns per operation. */
  readonly nsPerOp?: number;
  /** Timed suites: operations per second from the mean. */
  readonly opsPerSec?: number;
  /** Relative margin of error of the mean, percent. */
  readonly rmePercent: number;
  /** Median per call (ns for timed suites, the unit for metric suites). */
  readonly median: number;
  /** 99th percentile per call, same unit as `median`. */
  readonly p99: number;
  /** `median / baseline median`. */
  readonly ratio: number;
  /** `median - baseline median`. */
  readonly delta: number;
  /** Unit of median/p99/delta: "ns" or the metric unit. */
  readonly unit: string;
}

/** Median of a sample (mean of the two middle values for even sizes). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile, `p` in [0, 100]. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Relative margin of error (95 %, normal approximation), percent of the mean. */
export function rmePercent(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  return mean === 0 ? 0 : ((1.96 * Math.sqrt(variance / n)) / mean) * 100;
}

/** Keeps the suites with a case whose `suite/case` name matches; baselines always stay. */
export function selectSuites(suites: readonly Suite[], filter: RegExp | undefined): Suite[] {
  if (!filter) return [...suites];
  const out: Suite[] = [];
  const keep = (s: Suite, c: { name: string }) => filter.test(c.name) || filter.test(`${s.name}/${c.name}`);
  for (const s of suites) {
    if (s.kind === "timed") {
      const cases = s.cases.filter((c) => keep(s, c));
      if (cases.length > 0) out.push({ ...s, cases });
    } else if (s.kind === "custom") {
      const cases = s.cases.filter((c) => keep(s, c));
      if (cases.length > 0) out.push({ ...s, cases });
    } else {
      const cases = s.cases.filter((c) => keep(s, c));
      if (cases.length > 0) out.push({ ...s, cases });
    }
  }
  return out;
}

/** Runs one case once through tinybench and returns its samples in ms. */
async function sampleCase(
  suite: TimedSuite,
  c: TimedCase,
  rounds: number,
  firstRound: boolean,
): Promise<number[]> {
  const iterations = suite.iterations ? Math.ceil(suite.iterations / rounds) : 10;
  const bench = new Bench({
    time: suite.time === undefined ? (suite.iterations ? 0 : 500) : suite.time / rounds,
    iterations,
    warmupIterations: firstRound ? (suite.warmupIterations ?? 5) : Math.min(suite.warmupIterations ?? 5, 2),
    warmupTime: suite.iterations ? 0 : 100,
    throws: true,
  });
  const opts = {
    ...(c.beforeEach ? { beforeEach: async () => void (await c.beforeEach?.()) } : {}),
    ...(c.afterEach ? { afterEach: async () => void (await c.afterEach?.()) } : {}),
  };
  const fn = c.fn;
  // An AsyncFunction wrapper makes tinybench await every call (it checks the constructor).
  if (c.async) {
    bench.add(
      c.name,
      async () => {
        sink = await fn();
      },
      opts,
    );
  } else {
    bench.add(
      c.name,
      () => {
        sink = fn();
      },
      opts,
    );
  }
  await bench.warmup();
  await bench.run();
  const task = bench.tasks[0];
  if (!task?.result || task.result.error) throw task?.result?.error ?? new Error(`${c.name}: no result`);
  return task.result.samples;
}

/** Measures one timed suite with tinybench. */
async function runTimed(suite: TimedSuite): Promise<CaseResult[]> {
  const all = [suite.baseline, ...suite.cases];
  const rounds = Math.max(1, suite.rounds ?? 1);
  const results = all.map((c) => ({ c, samplesMs: [] as number[] }));
  // Rounds interleave the cases (baseline, a, b, baseline, a, b, …) so that load drifting on a
  // shared machine hits every case alike instead of whichever happens to run last.
  for (let round = 0; round < rounds; round++) {
    for (const entry of results) {
      entry.samplesMs.push(...(await sampleCase(suite, entry.c, rounds, round === 0)));
    }
  }
  const baseSamples = results[0]!.samplesMs.map((ms) => (ms * 1e6) / (suite.baseline.ops ?? 1));
  const baseMedian = median(baseSamples);
  return results.map(({ c, samplesMs }) => {
    const ns = samplesMs.map((ms) => (ms * 1e6) / (c.ops ?? 1));
    const mean = ns.reduce((s, v) => s + v, 0) / ns.length;
    const med = median(ns);
    return {
      suite: suite.name,
      name: c.name,
      baseline: c === suite.baseline,
      samples: ns.length,
      nsPerOp: mean,
      opsPerSec: 1e9 / mean,
      rmePercent: rmePercent(ns),
      median: med,
      p99: percentile(ns, 99),
      ratio: med / baseMedian,
      delta: med - baseMedian,
      unit: "ns",
    };
  });
}

/** Measures one metric suite. */
async function runMetric(suite: MetricSuite): Promise<CaseResult[]> {
  const measured: { c: MetricCase; values: number[] }[] = [];
  for (const c of [suite.baseline, ...suite.cases]) {
    const values: number[] = [];
    for (let i = 0; i < suite.runs; i++) values.push(await c.measure());
    measured.push({ c, values });
  }
  const baseMedian = median(measured[0]!.values);
  return measured.map(({ c, values }) => ({
    suite: suite.name,
    name: c.name,
    baseline: c === suite.baseline,
    samples: values.length,
    rmePercent: rmePercent(values),
    median: median(values),
    p99: percentile(values, 99),
    ratio: median(values) / baseMedian,
    delta: median(values) - baseMedian,
    unit: suite.unit,
  }));
}

/** Runs one suite with its setup and teardown. */
export async function runSuite(suite: Suite): Promise<CaseResult[]> {
  if (suite.kind === "custom") return suite.run(suite.cases.map((c) => c.name));
  await suite.setup?.();
  try {
    return suite.kind === "timed" ? await runTimed(suite) : await runMetric(suite);
  } finally {
    await suite.teardown?.();
  }
}

/** Formats nanoseconds with a readable unit. */
export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return String(ns);
  const abs = Math.abs(ns);
  if (abs >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (abs >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(1)} ns`;
}

function formatQuantity(value: number, unit: string): string {
  return unit === "ns" ? formatNs(value) : `${value.toFixed(2)} ${unit}`;
}

function formatInt(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** Renders one suite's results as an aligned text table. */
export function formatTable(suite: Suite, results: readonly CaseResult[]): string {
  const head = ["case", "ns/op", "ops/s", "rme%", "median", "p99", "ratio", "Δ median", "n"];
  const rows = results.map((r) => [
    `${r.baseline ? "(baseline) " : ""}${r.name}`,
    r.nsPerOp === undefined ? "-" : formatInt(r.nsPerOp),
    r.opsPerSec === undefined ? "-" : r.opsPerSec >= 100 ? formatInt(r.opsPerSec) : r.opsPerSec.toFixed(2),
    `±${r.rmePercent.toFixed(2)}%`,
    formatQuantity(r.median, r.unit),
    formatQuantity(r.p99, r.unit),
    `${r.ratio.toFixed(2)}x`,
    r.baseline ? "-" : `${r.delta >= 0 ? "+" : ""}${formatQuantity(r.delta, r.unit)}`,
    String(r.samples),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  const title = `${suite.name}${suite.note ? `\n  ${suite.note}` : ""}`;
  return [title, line(head), ...rows.map(line)].join("\n");
}
