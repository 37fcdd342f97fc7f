/**
 * The provider as a process: run by hand it explains itself and exits 1; it ignores SIGINT as
 * go-plugin servers do; and it does not outlive the process that started it.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltProvider, buildTestProvider } from "./support/build-provider.js";
import { isAlive, MAGIC_COOKIE, pluginEnv, processesMentioning, startPlugin } from "./support/plugin.js";

const TIMEOUT = 60_000;

let provider: BuiltProvider;

beforeAll(async () => {
  provider = await buildTestProvider();
}, TIMEOUT);

afterAll(() => {
  if (provider) rmSync(provider.dir, { recursive: true, force: true });
});

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return condition();
}

describe("run by hand (no magic cookie)", { timeout: TIMEOUT }, () => {
  it.each([
    ["missing", undefined],
    ["wrong", "not-the-cookie"],
  ])("prints a human message on stderr and exits 1 when the cookie is %s", (_label, cookie) => {
    const run = spawnSync(provider.executable, [], {
      env: pluginEnv({ TF_PLUGIN_MAGIC_COOKIE: cookie }),
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    // go-plugin's own wording: "This binary is a plugin. These are not meant to be executed directly…"
    expect(run.stderr).toContain("This binary is a plugin");
    expect(run.stderr).toContain("not meant to be executed directly");
    expect(run.stderr).not.toMatch(/^\s*at /m); // a message, not a stack trace
  });

  it("the cookie is what makes the difference", async () => {
    const p = await startPlugin(provider.executable, pluginEnv({ TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE }));
    expect(p.handshake.fields[0]).toBe("1");
    // Also the positive control for processesMentioning(), which the terraform test relies on.
    expect(processesMentioning(provider.dir)).toContain(p.child.pid);
    await p.kill();
    expect(processesMentioning(provider.dir)).not.toContain(p.child.pid);
  });
});

describe("signals and parent death", () => {
  it(
    "ignores SIGINT (terraform sends StopProvider and Shutdown instead)",
    async () => {
      const p = await startPlugin(provider.executable, pluginEnv());
      // Like go-plugin, the handler is installed right after the handshake line; give it a moment.
      await new Promise((r) => setTimeout(r, 200));
      p.child.kill("SIGINT");
      await new Promise((r) => setTimeout(r, 500));
      expect(p.child.exitCode).toBeNull();
      expect(p.child.signalCode).toBeNull();
      await p.kill();
    },
    TIMEOUT,
  );

  it(
    "exits when the process that started it is SIGKILLed (no orphan)",
    async () => {
      // An intermediate parent plays terraform: it starts the provider with an inherited stdin
      // (no EOF when the parent dies, as with terraform), reports the provider's pid, and waits.
      const parentScript = `
        const { spawn } = require("node:child_process");
        const child = spawn(process.argv[1], [], { stdio: ["inherit", "pipe", "inherit"] });
        child.stdout.once("data", () => process.stdout.write(String(child.pid) + "\\n"));
        setInterval(() => {}, 1 << 30);
      `;
      const parent = spawn(process.execPath, ["-e", parentScript, provider.executable], {
        env: pluginEnv(),
        stdio: ["pipe", "pipe", "inherit"],
      });
      const providerPid = await new Promise<number>((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error("the provider did not start")), 20_000);
        parent.stdout.on("data", (c: Buffer) => {
          out += c.toString("utf8");
          if (out.includes("\n")) {
            clearTimeout(timer);
            resolve(Number(out.trim()));
          }
        });
      });
      expect(isAlive(providerPid)).toBe(true);

      parent.kill("SIGKILL");
      const gone = await waitUntil(() => !isAlive(providerPid), 5_000);
      if (!gone) process.kill(providerPid, "SIGKILL"); // don't leak it from the test either
      expect(gone, `provider pid ${providerPid} still running 5 s after its parent was killed`).toBe(true);
      parent.stdin.end();
    },
    TIMEOUT,
  );
});
