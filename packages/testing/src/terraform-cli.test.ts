import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runAcceptance } from "./run-acceptance.js";
import { findTerraform, TerraformNotFoundError, terraformEnv } from "./terraform-cli.js";
import { fromExecutable } from "./launcher.js";

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fakeBinDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-testing-bin-"));
  dirs.push(dir);
  return dir;
}

describe("findTerraform", () => {
  it("finds an executable terraform on PATH, skipping non-executable ones", () => {
    const plain = fakeBinDir();
    writeFileSync(join(plain, "terraform"), "not executable");
    const bin = fakeBinDir();
    writeFileSync(join(bin, "terraform"), "#!/bin/sh\n");
    chmodSync(join(bin, "terraform"), 0o755);
    expect(findTerraform({ PATH: `${plain}:${bin}` })).toBe(join(bin, "terraform"));
    expect(findTerraform({ PATH: plain })).toBeUndefined();
    expect(findTerraform({ PATH: "" })).toBeUndefined();
  });

  it("prefers TF_ACC_TERRAFORM_PATH, and does not fall back when it is wrong", () => {
    const bin = fakeBinDir();
    writeFileSync(join(bin, "tf-1.11"), "#!/bin/sh\n");
    chmodSync(join(bin, "tf-1.11"), 0o755);
    expect(findTerraform({ TF_ACC_TERRAFORM_PATH: join(bin, "tf-1.11"), PATH: "" })).toBe(
      join(bin, "tf-1.11"),
    );
    expect(findTerraform({ TF_ACC_TERRAFORM_PATH: join(bin, "missing"), PATH: bin })).toBeUndefined();
  });
});

describe("without terraform", () => {
  it("runAcceptance throws a clear TerraformNotFoundError", async () => {
    vi.stubEnv("PATH", fakeBinDir());
    vi.stubEnv("TF_ACC_TERRAFORM_PATH", "");
    const run = runAcceptance({ providers: { x: fromExecutable("/nonexistent") }, steps: [{ config: "" }] });
    await expect(run).rejects.toBeInstanceOf(TerraformNotFoundError);
    await expect(run).rejects.toThrow("@tfkit/testing: the `terraform` binary was not found on PATH");
  });
});

describe("terraformEnv", () => {
  it("drops inherited TF_* and PLUGIN_* variables and disables checkpoint", () => {
    vi.stubEnv("TF_REATTACH_PROVIDERS", "{}");
    vi.stubEnv("TF_LOG", "trace");
    vi.stubEnv("PLUGIN_CLIENT_CERT", "x");
    vi.stubEnv("TFKIT_SOMETHING", "kept");
    const env = terraformEnv({ TF_CLI_CONFIG_FILE: "/x.tfrc" });
    expect(env.TF_REATTACH_PROVIDERS).toBeUndefined();
    expect(env.TF_LOG).toBeUndefined();
    expect(env.PLUGIN_CLIENT_CERT).toBeUndefined();
    expect(env.TFKIT_SOMETHING).toBe("kept");
    expect(env).toMatchObject({
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
      TF_INPUT: "0",
      TF_CLI_CONFIG_FILE: "/x.tfrc",
    });
  });
});

describe("fromExecutable", () => {
  it("uses a correctly named file as is and links any other name as terraform-provider-<name>", async () => {
    const dir = fakeBinDir();
    const named = join(dir, "terraform-provider-demo_v1.2.3");
    const other = join(dir, "demo.sh");
    writeFileSync(named, "#!/bin/sh\n");
    writeFileSync(other, "#!/bin/sh\n");
    expect(await fromExecutable(named).executable("demo")).toBe(named);
    const linked = await fromExecutable(other).executable("demo");
    expect(linked).toMatch(/\/terraform-provider-demo$/);
    expect(linked).not.toBe(other);
    await expect(fromExecutable(join(dir, "missing")).executable("demo")).rejects.toThrow(
      "@tfkit/testing fromExecutable: no such file",
    );
  });
});
