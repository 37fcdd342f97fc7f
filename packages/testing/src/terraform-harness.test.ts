import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("terraformCliConfig", () => {
  it("writes one dev_overrides entry per provider, quoted as HCL strings, and no direct block", async () => {
    const { terraformCliConfig } = await import("./terraform-harness.js");
    expect(
      terraformCliConfig({
        devOverrides: { "example.test/acme/demo": "/tmp/a b", "example.test/acme/odd": 'C:\\x"y' },
      }),
    ).toBe(
      [
        "provider_installation {",
        "  dev_overrides {",
        '    "example.test/acme/demo" = "/tmp/a b"',
        '    "example.test/acme/odd" = "C:\\\\x\\"y"',
        "  }",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("adds a filesystem mirror and direct only when asked", async () => {
    const { terraformCliConfig } = await import("./terraform-harness.js");
    expect(terraformCliConfig({ filesystemMirror: "/m", direct: true })).toBe(
      'provider_installation {\n  filesystem_mirror {\n    path = "/m"\n  }\n  direct {}\n}\n',
    );
    expect(terraformCliConfig({})).toBe("provider_installation {\n}\n");
  });
});

describe("requiredProvidersBlock", () => {
  it("names each provider's source, and its version constraint when given", async () => {
    const { requiredProvidersBlock } = await import("./terraform-harness.js");
    expect(
      requiredProvidersBlock({ demo: "example.test/acme/demo", b: { source: "x/b", version: "~> 1.2" } }),
    ).toBe(
      'terraform {\n  required_providers {\n    demo = { source = "example.test/acme/demo" }\n    b = { source = "x/b", version = "~> 1.2" }\n  }\n}\n',
    );
  });
});

describe("terraformOrWarn", () => {
  it("without terraform: undefined, and one loud warning per subject", async () => {
    vi.stubEnv("PATH", "");
    vi.stubEnv("TF_ACC_TERRAFORM_PATH", "");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { terraformOrWarn } = await import("./terraform-harness.js");
    expect(terraformOrWarn("the e2e tests")).toBeUndefined();
    expect(terraformOrWarn("the e2e tests")).toBeUndefined();
    expect(terraformOrWarn("the bench")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/NOT on PATH.*the e2e tests: SKIPPED, not passed/s);
    expect(String(warn.mock.calls[1]?.[0])).toMatch(/the bench: SKIPPED/);
  });

  it("with a terraform: its path, silently", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { terraformOrWarn } = await import("./terraform-harness.js");
    const { findTerraform } = await import("./terraform-cli.js");
    const env = { PATH: "", TF_ACC_TERRAFORM_PATH: process.execPath };
    expect(terraformOrWarn("x", env)).toBe(process.execPath);
    expect(findTerraform(env)).toBe(process.execPath);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("createTerraformWorkdir", () => {
  it("throws TerraformNotFoundError when there is no terraform", async () => {
    vi.stubEnv("PATH", "");
    vi.stubEnv("TF_ACC_TERRAFORM_PATH", "");
    const { createTerraformWorkdir } = await import("./terraform-harness.js");
    await expect(createTerraformWorkdir()).rejects.toThrow(/terraform.*binary was not found/);
  });

  it("writes the CLI configuration outside the directory and runs with a clean environment", async () => {
    vi.stubEnv("TF_LOG", "trace");
    vi.stubEnv("TF_REATTACH_PROVIDERS", "{}");
    const { createTerraformWorkdir } = await import("./terraform-harness.js");
    // A fake "terraform" (node) that prints what it was given; no provider is started in dev_overrides mode.
    const wd = await createTerraformWorkdir({
      terraformPath: process.execPath,
      providers: { "example.test/acme/demo": "/opt/demo/bin/terraform-provider-demo" },
      env: { EXTRA: "1" },
    });
    try {
      const { readFileSync, existsSync } = await import("node:fs");
      expect(wd.cliConfigFile.startsWith(wd.dir)).toBe(false);
      expect(readFileSync(wd.cliConfigFile, "utf8")).toContain('"example.test/acme/demo" = "/opt/demo/bin"');
      const run = wd.runSync(
        [
          "-e",
          "process.stdout.write(JSON.stringify([process.cwd(), process.env.TF_LOG ?? null, process.env.TF_REATTACH_PROVIDERS ?? null, process.env.TF_CLI_CONFIG_FILE, process.env.EXTRA, process.env.MORE]))",
        ],
        { env: { MORE: "2" } },
      );
      expect(run.code).toBe(0);
      const { realpathSync } = await import("node:fs");
      expect(JSON.parse(run.stdout)).toEqual([realpathSync(wd.dir), null, null, wd.cliConfigFile, "1", "2"]);
      const async = await wd.run(["-e", "process.exit(3)"]);
      expect(async.code).toBe(3);
      wd.write("sub/x.tf", "# x");
      expect(readFileSync(`${wd.dir}/sub/x.tf`, "utf8")).toBe("# x");
      await wd.close();
      expect(existsSync(wd.dir)).toBe(false);
    } finally {
      await wd.close();
    }
  });
});
