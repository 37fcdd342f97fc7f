import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sha256Hex } from "./hash.js";
import { createMirror } from "./mirror.js";

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

/** A fake release: the mirror only copies and checks zips, it never opens them. */
function fakeRelease(listed: Record<string, string>, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-mirror-test-"));
  created.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const sums = Object.entries(listed)
    .map(([name, content]) => `${sha256Hex(Buffer.from(content))}  ${name}\n`)
    .join("");
  writeFileSync(join(dir, "terraform-provider-demo_1.0.0_SHA256SUMS"), sums);
  return dir;
}

describe("createMirror", () => {
  const zips = {
    "terraform-provider-demo_1.0.0_linux_amd64.zip": "amd64 bytes",
    "terraform-provider-demo_1.0.0_darwin_arm64.zip": "arm64 bytes",
  };

  it("copies every listed zip to HOSTNAME/NAMESPACE/TYPE/ (terraform's packed layout)", () => {
    const release = fakeRelease(zips, { ...zips, "terraform-provider-demo_1.0.0_manifest.json": "{}" });
    const out = join(release, "mirror");
    const result = createMirror({
      releaseDir: release,
      hostname: "example.test",
      namespace: "acme",
      outDir: out,
    });
    expect(result.files).toEqual([
      "example.test/acme/demo/terraform-provider-demo_1.0.0_darwin_arm64.zip",
      "example.test/acme/demo/terraform-provider-demo_1.0.0_linux_amd64.zip",
    ]);
    expect(readFileSync(join(out, result.files[1] ?? ""), "utf8")).toBe("amd64 bytes");
    expect(existsSync(join(out, "example.test/acme/demo/terraform-provider-demo_1.0.0_manifest.json"))).toBe(
      false,
    );
  });

  it("refuses a zip whose bytes differ from SHA256SUMS", () => {
    const release = fakeRelease(zips, {
      ...zips,
      "terraform-provider-demo_1.0.0_linux_amd64.zip": "tampered",
    });
    expect(() =>
      createMirror({
        releaseDir: release,
        hostname: "example.test",
        namespace: "acme",
        outDir: join(release, "m"),
      }),
    ).toThrow(/terraform-provider-demo_1\.0\.0_linux_amd64\.zip has SHA-256 [0-9a-f]{64}, SHA256SUMS says/);
  });

  it("refuses a zip SHA256SUMS does not list", () => {
    const release = fakeRelease({}, zips);
    expect(() =>
      createMirror({
        releaseDir: release,
        hostname: "example.test",
        namespace: "acme",
        outDir: join(release, "m"),
      }),
    ).toThrow(/is not listed in terraform-provider-demo_1\.0\.0_SHA256SUMS/);
  });

  it("refuses a hostname that is not a host name", () => {
    const release = fakeRelease(zips, zips);
    expect(() =>
      createMirror({
        releaseDir: release,
        hostname: "../etc",
        namespace: "acme",
        outDir: join(release, "m"),
      }),
    ).toThrow(/bad hostname/);
  });
});
