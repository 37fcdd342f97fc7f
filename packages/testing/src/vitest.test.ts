import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("terraformAvailable", () => {
  it("warns loudly, once, naming the missing binary", async () => {
    vi.stubEnv("PATH", "");
    vi.stubEnv("TF_ACC_TERRAFORM_PATH", "");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { terraformAvailable } = await import("./vitest.js");
    expect(terraformAvailable()).toBe(false);
    expect(terraformAvailable()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /the `terraform` binary is NOT on PATH.*SKIPPED, not passed/s,
    );
  });
});
