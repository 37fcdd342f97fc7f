#!/usr/bin/env node
// The test files that can drive the real `terraform` binary, for CI's "e2e under terraform" job.
// The unit job runs every test without terraform (these cases skip loudly there); the e2e job
// runs these files again with terraform installed. A file counts when it, or a module it imports
// by a relative path (followed transitively), finds or launches terraform: the markers below are
// the ways the suites do it today (the @tfkit/testing helpers, a `terraformPath` probe, the
// TF_ACC_TERRAFORM_PATH override, or spawning "terraform" directly).
//
//   node scripts/e2e-tests.mjs          one line per workspace: <dir> <file> <file>...
//   node scripts/e2e-tests.mjs --run    `vitest run <files>` in each workspace (build first)
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { workspaceDirs } from "./architecture-graph.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Text that means "this module finds or starts terraform". */
export const TERRAFORM_MARKER =
  /\b(findTerraform|terraformOrWarn|createTerraformWorkdir|providerSchemaJson|terraformPath|terraformAvailable|TF_ACC_TERRAFORM_PATH|runAcceptance|itAcceptance|describeAcceptance)\b|\b(spawn|spawnSync|execFile|execFileSync)\(\s*["'`]terraform["'`]/;

function testFiles(dir) {
  const out = [];
  const walk = (d) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name === "dist") continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".test.ts")) out.push(p);
    }
  };
  walk(join(dir, "src"));
  walk(join(dir, "test"));
  return out.sort();
}

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g;

/** Whether `file` or a module it reaches through relative imports matches the marker. */
export function drivesTerraform(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  if (TERRAFORM_MARKER.test(text)) return true;
  for (const m of text.matchAll(RELATIVE_IMPORT)) {
    const target = resolve(dirname(file), m[1]);
    const candidates = [target, target.replace(/\.m?js$/, ".ts"), `${target}.ts`, join(target, "index.ts")];
    const found = candidates.find((c) => c.endsWith(".ts") && existsSync(c));
    if (found && drivesTerraform(found, seen)) return true;
  }
  return false;
}

/** Per workspace (relative folder), its test files (relative to it) that can drive terraform. */
export function e2eTests() {
  return workspaceDirs()
    .map((dir) => ({
      dir,
      files: testFiles(join(root, dir))
        .filter((f) => drivesTerraform(f))
        .map((f) => relative(join(root, dir), f)),
    }))
    .filter((w) => w.files.length > 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const groups = e2eTests();
  if (!process.argv.includes("--run")) {
    for (const g of groups) console.log(`${g.dir} ${g.files.join(" ")}`);
  } else {
    // This job exists to run these under terraform: a missing binary or an empty list is a failure,
    // not a quiet pass of skipped tests.
    if (spawnSync("terraform", ["version"]).status !== 0) {
      console.error("terraform is not on PATH: the e2e tests would only skip");
      process.exit(1);
    }
    if (groups.length === 0) {
      console.error("no test file drives terraform: TERRAFORM_MARKER no longer matches the suites");
      process.exit(1);
    }
    let failed = 0;
    for (const g of groups) {
      console.log(`\n=== ${g.dir}: ${g.files.length} file(s) ===`);
      const r = spawnSync("npx", ["vitest", "run", ...g.files], { cwd: join(root, g.dir), stdio: "inherit" });
      if (r.status !== 0) failed++;
    }
    if (failed > 0) {
      console.error(`\n${failed} workspace(s) failed`);
      process.exit(1);
    }
  }
}
