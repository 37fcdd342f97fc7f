import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const cleanup: string[] = [];
afterEach(() => {
  vi.resetModules();
  for (const d of cleanup.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A small provider entry: any module will do, fromEntry only bundles it. */
function entryFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-testing-entry-"));
  cleanup.push(dir);
  const entry = join(dir, "main.ts");
  writeFileSync(entry, 'const greeting: string = "hi";\nprocess.stdout.write(greeting + "\\n");\n');
  return entry;
}

describe("fromEntry", () => {
  it("bundles once per process and writes an executable named terraform-provider-<name>", async () => {
    const { fromEntry } = await import("./launcher.js");
    const entry = entryFile();
    const a = await fromEntry(entry).executable("demo");
    const b = await fromEntry(entry).executable("other");
    expect(a).toMatch(/\/demo\/terraform-provider-demo$/);
    expect(b).toMatch(/\/other\/terraform-provider-other$/);
    expect(dirname(dirname(a))).toBe(dirname(dirname(b))); // one bundle serves both names
    expect(statSync(a).mode & 0o111).not.toBe(0);
    expect(readFileSync(a, "utf8")).toBe('#!/usr/bin/env node\nimport("../provider.mjs");\n');
    // The launcher runs the bundle.
    expect(spawnSync(a, { encoding: "utf8" }).stdout).toBe("hi\n");
  });

  it("with node arguments, launches through sh + exec", async () => {
    const { fromEntry } = await import("./launcher.js");
    const exe = await fromEntry(entryFile(), { nodeArgs: ["--enable-source-maps"] }).executable("demo");
    expect(readFileSync(exe, "utf8")).toMatch(
      /^#!\/bin\/sh\nexec node '--enable-source-maps' '.*provider\.mjs' "\$@"\n$/,
    );
    expect(spawnSync(exe, { encoding: "utf8" }).stdout).toBe("hi\n");
  });

  it("reports a missing entry and a build error without caching the failure", async () => {
    const { fromEntry } = await import("./launcher.js");
    await expect(fromEntry("/nonexistent/main.ts").executable("demo")).rejects.toThrow(
      "@tfkit/testing fromEntry: no such file: /nonexistent/main.ts",
    );
    const broken = entryFile();
    writeFileSync(broken, "export const = ;\n");
    await expect(fromEntry(broken).executable("demo")).rejects.toThrow();
    writeFileSync(broken, "export const fixed = 1;\n");
    await expect(fromEntry(broken).executable("demo")).resolves.toMatch(/terraform-provider-demo$/);
  });

  it("sweeps bundle directories whose owning process is gone, keeps live ones", async () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid; // exited already
    const stale = join(tmpdir(), "tfkit-testing-providers-stale-test");
    const live = join(tmpdir(), "tfkit-testing-providers-live-test");
    for (const [dir, pid] of [
      [stale, dead],
      [live, process.pid],
    ] as const) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "tfkit-testing.pid"), String(pid));
      cleanup.push(dir);
    }
    const { fromEntry } = await import("./launcher.js"); // fresh module: creates its own root
    await fromEntry(entryFile()).executable("demo");
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});
