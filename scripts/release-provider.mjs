#!/usr/bin/env node
/**
 * terraform-provider-demo's registry release: what the release workflow attaches to the GitHub
 * release of a `@tfkit/demo-provider@X.Y.Z` tag, and what `npm run release:dry-run` rehearses.
 *
 *   node scripts/release-provider.mjs [--out dist-provider] [--require-signature] [--throwaway-key]
 *                                     [--platforms all|linux_amd64,...] [--no-build]
 *
 * 1. builds @tfkit/cli (turbo) unless --no-build;
 * 2. `tfkit package` on apps/demo-provider/src/main.ts at the demo provider's package.json
 *    version, for every platform of RELEASE_TARGETS (`--platforms all`), each platform's Node
 *    binary fetched from the npm registry (`--node-from-npm`; the current one is this Node);
 * 3. SHA256SUMS is signed with GPG_PRIVATE_KEY/PASSPHRASE from the environment;
 *    `--throwaway-key` (rehearsals only) signs with a key made on the spot when none is set, and
 *    then checks the signature with `gpg --verify` when gpg is installed;
 * 4. lists every artifact with its size, and checks each zip holds exactly the executable.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const out = resolve(option("--out", join(root, "dist-provider")));
const platforms = option("--platforms", "all");
const demo = JSON.parse(readFileSync(join(root, "apps/demo-provider/package.json"), "utf8"));
const version = demo.version;

function run(cmd, argv, env = process.env) {
  console.log(`\n$ ${cmd} ${argv.join(" ")}`);
  const r = spawnSync(cmd, argv, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`\nrelease-provider FAILED at: ${cmd} ${argv.join(" ")}`);
    process.exit(r.status ?? 1);
  }
}

if (!args.includes("--no-build")) run("npx", ["turbo", "run", "build", "--filter=@tfkit/cli"]);

const env = { ...process.env };
let throwawayPublicKey;
if (args.includes("--throwaway-key") && !env.GPG_PRIVATE_KEY) {
  // Resolved from the cli workspace, where openpgp is a dependency.
  const { createRequire } = await import("node:module");
  const openpgpPath = createRequire(join(root, "packages/cli/package.json")).resolve("openpgp");
  const { generateKey } = await import(openpgpPath);
  const key = await generateKey({
    type: "rsa",
    rsaBits: 2048,
    userIDs: [{ name: "tfkit release rehearsal (throwaway)", email: "rehearsal@example.test" }],
    format: "armored",
  });
  env.GPG_PRIVATE_KEY = key.privateKey;
  throwawayPublicKey = key.publicKey;
  console.log("\nSigning with a THROWAWAY key made for this rehearsal: never publish this release.");
}

rmSync(out, { recursive: true, force: true });
run(
  process.execPath,
  [
    join(root, "packages/cli/dist/cli.js"),
    "package",
    "--entry",
    join(root, "apps/demo-provider/src/main.ts"),
    "--name",
    "demo",
    "--version",
    version,
    "--platforms",
    platforms,
    "--node-from-npm",
    "--node-cache",
    join(root, "node_modules/.cache/tfkit-node"),
    "--condition",
    "@tfkit/source",
    "--out",
    out,
    ...(args.includes("--require-signature") ? ["--require-signature"] : []),
  ],
  env,
);

const sums = `terraform-provider-demo_${version}_SHA256SUMS`;
if (throwawayPublicKey !== undefined) {
  const gpg = spawnSync("sh", ["-c", "command -v gpg"], { encoding: "utf8" });
  if (gpg.status !== 0) {
    console.warn("\n!!! gpg (Debian package gnupg) is NOT installed: the signature was NOT checked !!!");
  } else {
    const home = mkdtempSync(join(tmpdir(), "tfkit-gnupg-"));
    writeFileSync(join(home, "public.asc"), throwawayPublicKey);
    const genv = { ...process.env, GNUPGHOME: home };
    spawnSync("gpg", ["--batch", "--quiet", "--import", join(home, "public.asc")], { env: genv });
    const verified = spawnSync("gpg", ["--batch", "--verify", join(out, `${sums}.sig`), join(out, sums)], {
      env: genv,
      encoding: "utf8",
    });
    rmSync(home, { recursive: true, force: true });
    if (verified.status !== 0) {
      console.error(`\ngpg --verify FAILED:\n${verified.stderr}`);
      process.exit(1);
    }
    console.log(`\ngpg --verify ${sums}.sig: Good signature`);
  }
}

// Each zip must hold exactly the executable Terraform looks for (Windows: .exe).
let bad = 0;
for (const f of readdirSync(out).filter((f) => f.endsWith(".zip"))) {
  const listed = spawnSync("unzip", ["-Z1", join(out, f)], { encoding: "utf8" });
  if (listed.error !== undefined) continue; // no unzip: the cli's own tests check the layout
  const target = /_([a-z0-9]+_[a-z0-9]+)\.zip$/.exec(f)?.[1] ?? "";
  const want = `terraform-provider-demo_v${version}${target.startsWith("windows_") ? ".exe" : ""}`;
  if (listed.stdout.trim() !== want) {
    console.error(`${f}: holds ${JSON.stringify(listed.stdout.trim())}, expected ${want}`);
    bad++;
  }
}
if (bad > 0) process.exit(1);

console.log(`\nterraform-provider-demo ${version} release in ${out}:`);
for (const f of readdirSync(out).sort()) {
  const bytes = statSync(join(out, f)).size;
  const size = bytes > 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${bytes} B`;
  console.log(`  ${f.padEnd(56)} ${size.padStart(10)}`);
}
