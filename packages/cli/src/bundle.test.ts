/**
 * `bundleProvider` writes one CommonJS script (what a Node 20 single executable runs) even when
 * the entry uses top-level await; the script runs under plain `node` here, the single executable
 * is built in test/terraform-mirror.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Script } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { bundleProvider } from "./bundle.js";
import { measureStartup } from "./startup.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = resolve(here, "../test/fixtures/bundle");
const work = mkdtempSync(join(tmpdir(), "tfkit-bundle-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runScript(script: string, env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [script], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
}

describe("bundleProvider", () => {
  it("runs an entry with top-level await as one CommonJS script, in order", async () => {
    const outfile = join(work, "tla", "provider.cjs");
    await bundleProvider({ entry: join(fixtures, "main.mjs"), outfile });
    const text = readFileSync(outfile, "utf8");
    // A classic script (what a SEA runs): no import or export statement survived.
    expect(() => new Script(text)).not.toThrow();
    const run = runScript(outfile);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const hash = spawnSync(
      process.execPath,
      ["-p", "require('crypto').createHash('sha256').update('x').digest('hex').slice(0,8)"],
      {
        encoding: "utf8",
      },
    ).stdout.trim();
    expect(run.stdout.split("\n")).toEqual([
      // Default, named and namespace imports of built-ins all reach the real modules.
      "start function function / string",
      // The awaits ran in order, a dependency's top-level await before its importer, and import() of a built-in.
      `after await later ${hash}`,
      // import.meta describes the running script (in a single executable: the executable).
      `meta ${pathToFileURL(outfile).href} ${outfile}`,
      "",
    ]);
  });

  it("keeps the entry even when its package.json says sideEffects: false", async () => {
    // The fixture directory's package.json says so; an entry dropped as unused would print nothing.
    const outfile = join(work, "side-effects", "provider.cjs");
    await bundleProvider({ entry: join(fixtures, "main.mjs"), outfile });
    expect(runScript(outfile).stdout).toContain("after await later");
  });

  it("ends with exit code 1 and the error when a top-level await rejects, as an ES module does", async () => {
    const outfile = join(work, "reject", "provider.cjs");
    await bundleProvider({ entry: join(fixtures, "main.mjs"), outfile });
    const run = runScript(outfile, { TFKIT_FIXTURE_REJECT: "1" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Error: fixture rejected at the top level");
    expect(run.stdout).toContain("after await later");
  });

  it("bundles the getting-started guide's `await serve(provider)` entry, which reaches the handshake", async () => {
    const outfile = join(work, "guide", "provider.cjs");
    await bundleProvider({
      entry: resolve(here, "../../../docs/guides/examples/src/getting-started/main.ts"),
      outfile,
      conditions: ["@tfkit/source"],
    });
    // measureStartup rejects, with the provider's stderr, if it exits before the handshake line.
    const started = await measureStartup({ command: process.execPath, args: [outfile], runs: 1 });
    expect(started.samples).toHaveLength(1);
  });

  it("names the entry and each problem with file:line:column when esbuild cannot bundle it", async () => {
    const entry = join(fixtures, "missing-import.mjs");
    const message = await bundleProvider({ entry, outfile: join(work, "missing", "provider.cjs") }).then(
      () => "bundled",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const [first, ...problems] = message.split("\n");
    expect(first).toBe(`tfkit: bundling ${entry} failed:`);
    expect(problems).toHaveLength(1);
    // esbuild's location (relative to the working directory), column counted from 1.
    expect(problems[0]).toMatch(
      /^ {2}\S*missing-import\.mjs:1:25: Could not resolve "\.\/does-not-exist\.mjs"$/,
    );
  });

  it("reports a top-level await reached through require() with its location", async () => {
    const entry = join(fixtures, "requires-tla.cjs");
    const message = await bundleProvider({ entry, outfile: join(work, "require", "provider.cjs") }).then(
      () => "bundled",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(message).toContain(`tfkit: bundling ${entry} failed:`);
    expect(message).toMatch(
      /requires-tla\.cjs:2:\d+: This require call is not allowed because the imported file ".*later\.mjs" contains a top-level await/,
    );
  });
});
