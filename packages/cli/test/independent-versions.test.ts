/**
 * Every package has its own version line (.changeset/config.json: no `fixed` or `linked` group).
 * In a throwaway git repository holding this checkout's manifests (the root and every workspace
 * `package.json`, and `.changeset/config.json`) plus one patch changeset for `@tfkit/upgrade`,
 * the real `changeset version` must move exactly `upgrade` and what depends on it at run time
 * (`provider`, and the demo provider through both), write their CHANGELOGs, and leave every
 * other package (`cty-values`, `schema`, `grpc-transport`, ...) as it was.
 *
 * The pending changesets of the checkout are left out on purpose: the test is about the
 * configuration, not about what happens to be pending. No network: the changesets CLI is the
 * root devDependency that `npm ci` installed.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

/** Workspace directories (relative to the root) as the root `package.json` globs list them. */
function workspaceDirs(): string[] {
  const globs: string[] = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces;
  const dirs: string[] = [];
  for (const glob of globs) {
    if (glob.endsWith("/*")) {
      const parent = glob.slice(0, -2);
      for (const d of execFileSync("ls", [join(root, parent)], { encoding: "utf8" }).split("\n")) {
        if (d !== "" && existsSync(join(root, parent, d, "package.json"))) dirs.push(`${parent}/${d}`);
      }
    } else if (existsSync(join(root, glob, "package.json"))) dirs.push(glob);
  }
  return dirs;
}

const readManifest = (dir: string, file = "package.json"): Manifest =>
  JSON.parse(readFileSync(join(dir, file), "utf8")) as Manifest;

const CHANGED = "@tfkit/upgrade";
const UNTOUCHED = ["@tfkit/cty-values", "@tfkit/schema", "@tfkit/grpc-transport"];

describe("changeset version in a throwaway repository: independent version lines", () => {
  const work = mkdtempSync(join(tmpdir(), "tfkit-versions-"));
  const dirs = workspaceDirs();
  const before = new Map<string, { dir: string; manifest: Manifest }>();
  const after = new Map<string, Manifest>();
  let ignored: readonly string[] = [];

  beforeAll(() => {
    cpSync(join(root, "package.json"), join(work, "package.json"));
    mkdirSync(join(work, ".changeset"));
    cpSync(join(root, ".changeset/config.json"), join(work, ".changeset/config.json"));
    ignored = JSON.parse(readFileSync(join(root, ".changeset/config.json"), "utf8")).ignore ?? [];
    for (const dir of dirs) {
      mkdirSync(join(work, dir), { recursive: true });
      cpSync(join(root, dir, "package.json"), join(work, dir, "package.json"));
      const manifest = readManifest(join(root, dir));
      before.set(manifest.name, { dir, manifest });
      // Only new CHANGELOGs count: a committed one would hide whether this run wrote it.
      rmSync(join(work, dir, "CHANGELOG.md"), { force: true });
    }
    // The changelog generator named in the config resolves from the repository's node_modules.
    symlinkSync(join(root, "node_modules"), join(work, "node_modules"), "dir");
    writeFileSync(join(work, ".gitignore"), "node_modules\n");
    writeFileSync(join(work, ".changeset/fix-upgrade.md"), `---\n"${CHANGED}": patch\n---\n\nA fix.\n`);
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.test", ...args], {
        cwd: work,
        stdio: "pipe",
      });
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("commit", "-q", "-m", "manifests");
    execFileSync(process.execPath, [join(root, "node_modules/@changesets/cli/bin.js"), "version"], {
      cwd: work,
      stdio: "pipe",
    });
    for (const [name, { dir }] of before) after.set(name, readManifest(join(work, dir)));
    // The version step's second half: the compatibility table gains a row for the new set.
    mkdirSync(join(work, "docs"), { recursive: true });
    cpSync(join(root, "docs/compatibility.md"), join(work, "docs/compatibility.md"));
    execFileSync(
      process.execPath,
      [join(root, "scripts/compat-table.mjs"), "--root", work, "--date", "2099-01-01"],
      { stdio: "pipe" },
    );
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Packages that must release: the changed one and, transitively, whoever needs it at run time. */
  function expectedToMove(): Set<string> {
    const moved = new Set([CHANGED]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const [name, { manifest }] of before) {
        if (moved.has(name) || ignored.includes(name)) continue;
        const runtime = {
          ...manifest.dependencies,
          ...manifest.peerDependencies,
          ...manifest.optionalDependencies,
        };
        if (Object.keys(runtime).some((d) => moved.has(d))) {
          moved.add(name);
          grew = true;
        }
      }
    }
    return moved;
  }

  it("moves the changed package and its dependents (the demo provider included) by a patch", () => {
    const expected = expectedToMove();
    expect(expected).toContain("@tfkit/provider");
    expect(expected).toContain("@tfkit/demo-provider");
    const moved = [...before].filter(([name, b]) => after.get(name)?.version !== b.manifest.version);
    expect(moved.map(([name]) => name).sort()).toEqual([...expected].sort());
    for (const [name, b] of moved) {
      const [major, minor, patch] = b.manifest.version.split(".").map(Number);
      expect(after.get(name)?.version, name).toBe(`${major}.${minor}.${(patch ?? 0) + 1}`);
    }
  });

  it("leaves cty-values, schema and grpc-transport (and every other package) where they were", () => {
    for (const name of UNTOUCHED) {
      expect(after.get(name)?.version, name).toBe(before.get(name)?.manifest.version);
      expect(existsSync(join(work, before.get(name)?.dir ?? "?", "CHANGELOG.md")), name).toBe(false);
    }
  });

  it("writes a CHANGELOG exactly where a version moved, naming the new version", () => {
    for (const [name, { dir, manifest }] of before) {
      const changelog = join(work, dir, "CHANGELOG.md");
      const newVersion = after.get(name)?.version;
      if (newVersion === manifest.version) {
        expect(existsSync(changelog), `${name} has no new version but got a CHANGELOG`).toBe(false);
      } else {
        const text = readFileSync(changelog, "utf8");
        expect(text).toContain(`# ${name}`);
        expect(text).toContain(`## ${newVersion}`);
      }
    }
    expect(readFileSync(join(work, before.get(CHANGED)?.dir ?? "?", "CHANGELOG.md"), "utf8")).toContain(
      "A fix.",
    );
  });

  it("points every dependent's range at the new version, and consumes the changeset", () => {
    const upgradeVersion = after.get(CHANGED)?.version ?? "?";
    for (const [name, manifest] of after) {
      for (const field of ["dependencies", "devDependencies", "peerDependencies"] as const) {
        const range = manifest[field]?.[CHANGED];
        if (range !== undefined) expect(range.replace(/^[\^~]/, ""), `${name} ${field}`).toBe(upgradeVersion);
      }
    }
    expect(existsSync(join(work, ".changeset/fix-upgrade.md"))).toBe(false);
  });

  it("adds the new set of versions to the compatibility table as its newest row", () => {
    const table = readFileSync(join(work, "docs/compatibility.md"), "utf8").split("\n");
    const headerIndex = table.findIndex((l) => l.startsWith("| tested together |"));
    const names = (table[headerIndex] ?? "")
      .split("|")
      .slice(2, -1)
      .map((c) => c.trim().replace(/`/g, "").replace(" (private)", ""));
    const newest = (table[headerIndex + 2] ?? "")
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    expect(newest[0]).toBe("2099-01-01");
    expect(names).toContain("@tfkit/demo-provider");
    for (const name of [CHANGED, ...UNTOUCHED, "@tfkit/demo-provider"]) {
      expect(newest[names.indexOf(name) + 1], name).toBe(after.get(name)?.version);
    }
    // The row before it is the committed table's newest: history is kept.
    expect(table[headerIndex + 3]).toMatch(/^\| \d{4}-\d\d-\d\d \|/);
  });

  it("tags each released package @tfkit/name@version, the private demo provider included", () => {
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.test", ...args], {
        cwd: work,
        encoding: "utf8",
      });
    git("add", "-A");
    git("commit", "-q", "-m", "Version packages");
    execFileSync(process.execPath, [join(root, "node_modules/@changesets/cli/bin.js"), "tag"], {
      cwd: work,
      stdio: "pipe",
    });
    const tags = git("tag", "--list")
      .split("\n")
      .filter((t) => t !== "");
    for (const name of ["@tfkit/demo-provider", CHANGED, ...UNTOUCHED]) {
      expect(tags, name).toContain(`${name}@${after.get(name)?.version}`);
    }
    for (const name of ignored)
      expect(
        tags.some((t) => t.startsWith(`${name}@`)),
        name,
      ).toBe(false);
  });

  it("keeps the ignored tool workspaces unversioned", () => {
    expect(ignored.length).toBeGreaterThan(0);
    for (const name of ignored) {
      expect(after.get(name)?.version, name).toBe(before.get(name)?.manifest.version);
    }
  });
});
