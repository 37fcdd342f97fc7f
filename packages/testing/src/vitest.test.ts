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

describe("itFakeCore with a case factory", async () => {
  const { itFakeCore } = await import("./vitest.js");
  const { newEchoProvider } = await import("./echo-server.js");
  const { knownvalue, statecheck } = await import("./index.js");
  // Registered with a provider that fails every call: only the factory's provider can pass.
  const refusing = new Proxy(newEchoProvider(), {
    get: (target, key) =>
      key === "definition"
        ? target.definition
        : () => {
            throw new Error(`the registered provider was called (${String(key)})`);
          },
  });
  let made = 0;
  itFakeCore(
    "runs the case with the options its factory made",
    () => {
      made++;
      return {
        testCase: {
          providers: {},
          steps: [
            {
              config: 'provider "echo" {\n  data = "from the factory"\n}\n\nresource "echo" "a" {}\n',
              stateChecks: [
                statecheck.expectKnownValue("echo.a", "data", knownvalue.stringExact("from the factory")),
              ],
            },
          ],
        },
        options: { provider: newEchoProvider() },
      };
    },
    { provider: refusing, onResult: () => expect(made).toBe(1) },
  );
});
