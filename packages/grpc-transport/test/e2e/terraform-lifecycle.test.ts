/**
 * The transport under the real terraform: a provider written directly against `ProviderServer`
 * goes through plan, apply, a no-op plan and destroy, launched by terraform itself through
 * dev_overrides (no `terraform init`), over AutoMTLS.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltProvider, buildTestProvider } from "./support/build-provider.js";
import { processesMentioning } from "./support/plugin.js";
import { createWorkspace, REQUIRED_PROVIDERS, terraformPath, type Workspace } from "./support/terraform.js";

const TIMEOUT = 180_000;

let provider: BuiltProvider;
const workspaces: Workspace[] = [];

function workspace(): Workspace {
  const ws = createWorkspace(provider.dir);
  workspaces.push(ws);
  return ws;
}

function thingConfig(name: string, size?: number): string {
  return `${REQUIRED_PROVIDERS}
resource "tfkite2e_thing" "a" {
  name = ${JSON.stringify(name)}
${size === undefined ? "" : `  size = ${size}\n`}}

output "id" {
  value = tfkite2e_thing.a.id
}
`;
}

/** Resolves when terraform's debug log (which carries the provider's log lines) matches `pattern`. */
async function waitForLog(ws: Workspace, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(ws.log())) {
    if (Date.now() > deadline)
      throw new Error(`no ${pattern} in terraform.log within ${timeoutMs} ms:\n${ws.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Fails with terraform's own output when a command did not exit as expected. */
function expectExit(run: { code: number | null; stdout: string; stderr: string }, code: number): void {
  if (run.code !== code) {
    throw new Error(
      `terraform exited ${run.code}, expected ${code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
    );
  }
}

describe.skipIf(!terraformPath)("grpc-transport under the real terraform (dev_overrides)", () => {
  beforeAll(async () => {
    provider = await buildTestProvider();
  }, TIMEOUT);

  afterAll(() => {
    for (const ws of workspaces) rmSync(ws.dir, { recursive: true, force: true });
    if (provider) rmSync(provider.dir, { recursive: true, force: true });
  });

  it(
    "plans, applies, plans no changes, and destroys",
    async () => {
      const ws = workspace();
      ws.writeConfig(thingConfig("alpha", 3));

      const plan = await ws.run("plan", "-no-color", "-input=false");
      expectExit(plan, 0);
      expect(plan.stderr + plan.stdout).toContain("Provider development overrides are in effect");
      expect(plan.stdout).toContain("tfkite2e_thing.a will be created");
      expect(plan.stdout).toMatch(/\+ id\s+= \(known after apply\)/);
      expect(plan.stdout).toMatch(/\+ greeting\s+= "hello alpha"/);
      expect(plan.stdout).toMatch(/\+ enabled\s+= true/);
      expect(plan.stdout).toContain("Plan: 1 to add, 0 to change, 0 to destroy.");

      const apply = await ws.run("apply", "-no-color", "-input=false", "-auto-approve");
      expectExit(apply, 0);
      expect(apply.stdout).toContain("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.");
      expect(apply.stdout).toMatch(/id = "thing-alpha"/);
      const state = ws.state();
      expect(state.resources).toHaveLength(1);
      const instance = state.resources[0]?.instances[0];
      expect(instance?.schema_version).toBe(1);
      expect(instance?.attributes).toEqual({
        id: "thing-alpha",
        name: "alpha",
        size: 3,
        enabled: true,
        greeting: "hello alpha",
      });
      // Private bytes from ApplyResourceChange survive the wire into the state file.
      expect(Buffer.from(instance?.private ?? "", "base64").toString("utf8")).toBe('{"e2e":true}');

      const noop = await ws.run("plan", "-no-color", "-input=false", "-detailed-exitcode");
      expectExit(noop, 0); // -detailed-exitcode: 0 = no changes, 2 = changes
      expect(noop.stdout).toContain("No changes.");

      const destroy = await ws.run("destroy", "-no-color", "-input=false", "-auto-approve");
      expectExit(destroy, 0);
      expect(destroy.stdout).toContain("Destroy complete! Resources: 1 destroyed.");
      expect(ws.state().resources).toHaveLength(0);

      // Every provider process was stopped through GRPCController.Shutdown, none was SIGKILLed.
      const log = ws.log();
      expect(log).toContain("plugin exited");
      expect(log).not.toContain("plugin failed to exit gracefully");
      expect(log).not.toMatch(/panic:|plugin process exited:.*error=/);
      // The provider's hclog JSON on stderr was parsed by go-plugin (level, message, @module),
      // not logged verbatim as an unparseable line.
      expect(log).toMatch(
        /\[(TRACE|DEBUG|INFO)\] +provider\.terraform-provider-tfkite2e: [^\n]*@module=provider/,
      );
      expect(log).not.toContain('"@message"');
      // …and none outlived the terraform commands that started them.
      expect(processesMentioning(provider.dir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "updates in place and replaces when the provider asks for it",
    async () => {
      const ws = workspace();
      ws.writeConfig(thingConfig("alpha", 1));
      expectExit(await ws.run("apply", "-no-color", "-input=false", "-auto-approve"), 0);

      ws.writeConfig(thingConfig("alpha", 2.5));
      const update = await ws.run("plan", "-no-color", "-input=false", "-detailed-exitcode");
      expectExit(update, 2);
      expect(update.stdout).toContain("tfkite2e_thing.a will be updated in-place");
      expect(update.stdout).toMatch(/~ size\s+= 1 -> 2\.5/);
      expect(update.stdout).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
      expectExit(await ws.run("apply", "-no-color", "-input=false", "-auto-approve"), 0);
      expect(ws.state().resources[0]?.instances[0]?.attributes).toMatchObject({
        id: "thing-alpha",
        size: 2.5,
      });

      ws.writeConfig(thingConfig("beta", 2.5));
      const replace = await ws.run("apply", "-no-color", "-input=false", "-auto-approve");
      expectExit(replace, 0);
      expect(replace.stdout).toContain("must be replaced");
      expect(replace.stdout).toMatch(/# forces replacement/);
      expect(replace.stdout).toContain("Apply complete! Resources: 1 added, 0 changed, 1 destroyed.");
      expect(ws.state().resources[0]?.instances[0]?.attributes).toEqual({
        id: "thing-beta",
        name: "beta",
        size: 2.5,
        enabled: true,
        greeting: "hello beta",
      });
    },
    TIMEOUT,
  );

  it(
    "shows a handler's diagnostic with its attribute, and a throwing handler as an error",
    async () => {
      const ws = workspace();
      ws.writeConfig(thingConfig(""));
      const invalid = await ws.run("plan", "-no-color", "-input=false");
      expectExit(invalid, 1);
      expect(invalid.stderr).toContain("Error: Empty name");
      expect(invalid.stderr).toContain("tfkite2e: name must not be empty.");
      expect(invalid.stderr).toMatch(/name = ""/); // core points at the attribute's source range

      ws.writeConfig(thingConfig("boom"));
      const thrown = await ws.run("plan", "-no-color", "-input=false");
      expectExit(thrown, 1);
      expect(thrown.stderr).toContain("the plan handler was asked to throw");
      expect(thrown.stderr).not.toContain("Plugin did not respond");
      expect(thrown.stderr).not.toContain("plugin crashed");
    },
    TIMEOUT,
  );

  it.each([
    ["terraform alone", false],
    ["the whole process group (a terminal's Ctrl-C)", true],
  ])(
    "SIGINT to %s during apply aborts the in-flight handler through StopProvider",
    async (_label, wholeGroup) => {
      const ws = workspace();
      ws.writeConfig(thingConfig("slow"));
      // Its own process group, so the group signal reaches terraform and its providers only.
      const apply = ws.start({ detached: wholeGroup }, "apply", "-no-color", "-input=false", "-auto-approve");
      await apply.waitForOutput(/tfkite2e_thing\.a: Creating\.\.\./, 60_000);
      // "Creating..." is printed before terraform sends ApplyResourceChange: signalling right then
      // races the call, and a StopProvider that arrives first has nothing in flight to abort
      // (terraform-plugin-go behaves the same). Interrupt only once the handler is running.
      await waitForLog(ws, /tfkite2e: slow apply in flight, waiting for StopProvider/, 60_000);
      const interruptedAt = Date.now();
      if (wholeGroup)
        process.kill(-apply.child.pid!, "SIGINT"); // providers must ignore it
      else apply.child.kill("SIGINT");
      const run = await apply.done;
      // The handler waits a minute unless StopProvider aborts it.
      expect(Date.now() - interruptedAt).toBeLessThan(30_000);
      expectExit(run, 1);
      expect(run.stdout + run.stderr).toContain("Interrupt received");
      expect(run.stderr).toContain("tfkite2e: apply stopped by StopProvider");
      // The provider survived the signal and StopProvider found the apply call in flight.
      expect(ws.log()).toMatch(/StopProvider: aborted in-flight calls:.* aborted=1\b/);
      expect(run.stderr).not.toContain("Plugin did not respond");
      expect(ws.state().resources).toHaveLength(0);
    },
    TIMEOUT,
  );
});
