/**
 * The other two ways terraform reaches a provider: AutoMTLS switched off (TF_DISABLE_PLUGIN_TLS)
 * and debug mode, where the developer starts the provider and terraform attaches to it through
 * TF_REATTACH_PROVIDERS.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltProvider, buildTestProvider, PROVIDER_SOURCE } from "./support/build-provider.js";
import { isAlive, pluginEnv } from "./support/plugin.js";
import { createWorkspace, REQUIRED_PROVIDERS, terraformPath, type Workspace } from "./support/terraform.js";

const TIMEOUT = 180_000;

let provider: BuiltProvider;
const workspaces: Workspace[] = [];

function workspace(providerDir = provider.dir): Workspace {
  const ws = createWorkspace(providerDir);
  workspaces.push(ws);
  ws.writeConfig(`${REQUIRED_PROVIDERS}
resource "tfkite2e_thing" "a" {
  name = "modes"
}
`);
  return ws;
}

function expectExit(run: { code: number | null; stdout: string; stderr: string }, code: number): void {
  if (run.code !== code) {
    throw new Error(
      `terraform exited ${run.code}, expected ${code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
    );
  }
}

describe.skipIf(!terraformPath)("terraform without AutoMTLS and in debug mode", { timeout: TIMEOUT }, () => {
  beforeAll(async () => {
    provider = await buildTestProvider();
  }, TIMEOUT);

  afterAll(() => {
    for (const ws of workspaces) rmSync(ws.dir, { recursive: true, force: true });
    if (provider) rmSync(provider.dir, { recursive: true, force: true });
  });

  it("applies and destroys in plaintext when TF_DISABLE_PLUGIN_TLS is set", async () => {
    const ws = workspace();
    const apply = await ws.runWith({ TF_DISABLE_PLUGIN_TLS: "1" }, "apply", "-no-color", "-auto-approve");
    expectExit(apply, 0);
    expect(apply.stdout).toContain("Apply complete! Resources: 1 added");
    const destroy = await ws.runWith({ TF_DISABLE_PLUGIN_TLS: "1" }, "destroy", "-no-color", "-auto-approve");
    expectExit(destroy, 0);
    expect(destroy.stdout).toContain("Destroy complete! Resources: 1 destroyed.");
  });

  it("attaches to a provider started with --debug, which outlives the terraform runs", async () => {
    // Started by hand: no magic cookie, no PLUGIN_* variables.
    const env = pluginEnv({ TF_PLUGIN_MAGIC_COOKIE: undefined, PLUGIN_PROTOCOL_VERSIONS: undefined });
    const debug = spawn(provider.executable, ["--debug"], { env, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const reattach = await new Promise<string>((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`no reattach instructions:\n${out}`)), 20_000);
        debug.stdout.on("data", (c: Buffer) => {
          out += c.toString("utf8");
          const match = /TF_REATTACH_PROVIDERS='([^']+)'/.exec(out);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        debug.on("exit", (code) => reject(new Error(`debug provider exited (${code}):\n${out}`)));
      });
      const parsed = JSON.parse(reattach) as Record<
        string,
        { Test: boolean; ProtocolVersion: number; Pid: number }
      >;
      expect(Object.keys(parsed)).toEqual([PROVIDER_SOURCE]);
      expect(parsed[PROVIDER_SOURCE]).toMatchObject({ Test: true, ProtocolVersion: 6, Pid: debug.pid });

      // The override points nowhere: only the attached process can serve the provider.
      const ws = workspace(join(provider.dir, "no-such-dir"));
      const apply = await ws.runWith(
        { TF_REATTACH_PROVIDERS: reattach },
        "apply",
        "-no-color",
        "-auto-approve",
      );
      expectExit(apply, 0);
      expect(apply.stdout).toContain("Apply complete! Resources: 1 added");
      const noop = await ws.runWith(
        { TF_REATTACH_PROVIDERS: reattach },
        "plan",
        "-no-color",
        "-detailed-exitcode",
      );
      expectExit(noop, 0);
      expect(noop.stdout).toContain("No changes.");
      expect(isAlive(debug.pid!)).toBe(true); // Test:true → terraform neither shuts it down nor kills it

      // In debug mode Ctrl-C is how the developer stops it.
      const exited = new Promise<number | null>((resolve) => debug.on("exit", (code) => resolve(code)));
      debug.kill("SIGINT");
      expect(await exited).toBe(0);
    } finally {
      if (debug.exitCode === null && debug.signalCode === null) debug.kill("SIGKILL");
    }
  });
});
