#!/usr/bin/env node
// Sums vitest's per-workspace "Tests …" lines from a test log into one closing line that any CI
// can read: "tests: N passed, N failed, N skipped". Usage: node scripts/ci-summary.mjs <log>
import { readFileSync } from "node:fs";

// Colour codes: ESC "[" … "m", matched without a control character in the regex source.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const log = readFileSync(process.argv[2] ?? 0, "utf8").replace(ansi, "");
const totals = { passed: 0, failed: 0, skipped: 0 };
let suites = 0;
for (const line of log.split("\n")) {
  const m = /\bTests\s+(.*\(\d+\))\s*$/.exec(line);
  if (!m) continue;
  suites++;
  for (const [, n, label] of m[1].matchAll(/(\d+) (passed|failed|skipped|todo|expected fail)/g)) {
    if (label === "passed" || label === "expected fail") totals.passed += Number(n);
    else if (label === "failed") totals.failed += Number(n);
    else totals.skipped += Number(n);
  }
}
console.log(`\n${suites} vitest runs summed.`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
