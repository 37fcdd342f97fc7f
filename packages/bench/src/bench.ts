/**
 * Runs the benchmark corpus against the built packages and prints one table per suite, with
 * ratios against a baseline measured in the same run (machines are noisy; absolute numbers mean
 * little).
 *
 *   npm run bench -w @tfkit/bench                       # everything
 *   npm run bench -w @tfkit/bench -- cold-start         # cases whose name matches a regex
 *   npm run bench -w @tfkit/bench -- --json out.json    # also write the results as JSON
 *
 * The regex may also come from BENCH_FILTER.
 */
import { writeFileSync } from "node:fs";
import { corpus } from "./corpus.js";
import { type CaseResult, formatTable, runSuite, selectSuites } from "./runner.js";

function parseArgs(argv: readonly string[]): { filter: RegExp | undefined; json: string | undefined } {
  let pattern = process.env.BENCH_FILTER;
  let json: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") json = argv[++i];
    else if (arg === "--filter") pattern = argv[++i];
    else pattern = arg;
  }
  return { filter: pattern ? new RegExp(pattern) : undefined, json };
}

const { filter, json } = parseArgs(process.argv.slice(2));
const suites = selectSuites(corpus, filter);
if (suites.length === 0) {
  console.error(`no benchmark matches ${String(filter)}`);
  process.exit(1);
}
console.log(`node ${process.version} on ${process.platform}/${process.arch}\n`);
const all: CaseResult[] = [];
for (const suite of suites) {
  const results = await runSuite(suite);
  all.push(...results);
  console.log(`${formatTable(suite, results)}\n`);
}
if (json) writeFileSync(json, `${JSON.stringify(all, null, 2)}\n`);
