#!/usr/bin/env node
/**
 * Release rehearsal (`npm run release:dry-run`): everything `npm run release` does except the
 * upload. changesets has no `publish --dry-run`, so this runs the npm side per package instead.
 *
 * 1. pending changesets → `changeset status --verbose` (which packages move to which version);
 *    none pending (e.g. right after `npm run version-packages`) → says so and goes on;
 * 2. `turbo run build` for the published packages (skip with --no-build);
 * 3. every file a published package's `exports`, `main`, `types` and `bin` name exists;
 * 4. `npm publish --dry-run --workspaces --access public`: packs each public workspace, runs the
 *    registry-side checks npm can do offline, and skips private workspaces;
 * 5. docs/compatibility.md's newest row is the workspace's versions (scripts/compat-table.mjs);
 * 6. terraform-provider-demo's release (scripts/release-provider.mjs): a zip per platform (Node
 *    binaries from the npm registry), SHA256SUMS, its signature (GPG_PRIVATE_KEY, else a
 *    throwaway key, checked with gpg --verify) and the manifest, in a temporary directory
 *    (`--provider-out DIR` keeps them; `--no-provider` skips this step).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const build = !process.argv.includes("--no-build");

function run(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`\nrelease:dry-run FAILED at: ${cmd} ${args.join(" ")}`);
    process.exit(r.status ?? 1);
  }
}

const pending = readdirSync(join(root, ".changeset")).filter((f) => f.endsWith(".md") && f !== "README.md");
if (pending.length > 0) run("npx", ["changeset", "status", "--verbose"]);
else console.log("No pending changesets: the versions in package.json are what would be published.");

const published = [];
for (const dir of ["packages", "apps"]) {
  if (!existsSync(join(root, dir))) continue;
  for (const d of readdirSync(join(root, dir))) {
    const file = join(root, dir, d, "package.json");
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, "utf8"));
    if (!json.private) published.push({ dir: join(root, dir, d), json });
  }
}

if (build) run("npx", ["turbo", "run", "build", ...published.map((p) => `--filter=${p.json.name}`)]);

/** Every path string in an exports/bin/main/types value, except source-only conditions. */
function targets(value, out = []) {
  if (typeof value === "string") out.push(value);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (k !== "@tfkit/source") targets(v, out);
  }
  return out;
}
let missing = 0;
for (const p of published) {
  const { exports, main, types, bin } = p.json;
  for (const t of new Set(targets([exports, main, types, bin]))) {
    if (!existsSync(join(p.dir, t))) {
      console.error(`${p.json.name}@${p.json.version}: ${t} does not exist (not built?)`);
      missing++;
    }
  }
}
if (missing > 0) {
  console.error("\nrelease:dry-run FAILED: published entry points are missing");
  process.exit(1);
}
console.log(
  `\nEntry points present in ${published.map((p) => `${p.json.name}@${p.json.version}`).join(", ")}`,
);

run("npm", ["publish", "--dry-run", "--workspaces", "--access", "public"]);
run(process.execPath, [join(root, "scripts/compat-table.mjs"), "--check"]);
if (!process.argv.includes("--no-provider")) {
  const i = process.argv.indexOf("--provider-out");
  const out =
    i >= 0 && process.argv[i + 1]
      ? resolve(process.argv[i + 1])
      : mkdtempSync(join(tmpdir(), "tfkit-provider-"));
  run(process.execPath, [
    join(root, "scripts/release-provider.mjs"),
    "--no-build",
    "--throwaway-key",
    "--out",
    out,
  ]);
}
console.log("\nrelease:dry-run passed (nothing was published)");
