/**
 * State upgrades under real terraform: state files written by schema versions 0 and 1 of
 * `demo_server` (fixtures) are upgraded to version 2 (v0 → v1 by a chain step: `enabled` bool →
 * string, Terraform's "State Upgrade"; v1 → v2 directly: `flavor` → `size`), refreshed, and planned with no changes.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { upgradeConfig } from "./configs.js";
import { describeTerraform, E2E_TIMEOUT, resourcesOf, Workdir } from "./harness.js";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

const config = upgradeConfig;

const cases = [
  { version: 0, enabled: "true", description: "written by the first release" },
  { version: 1, enabled: "false", description: "written by release 1" },
] as const;

describeTerraform("demo provider: state upgrades from the v0 and v1 fixtures", () => {
  for (const c of cases) {
    it(
      `schema version ${c.version} → 2: plan is empty, refresh writes version 2, the object stays managed`,
      async () => {
        const w = await Workdir.create(`upgrade-v${c.version}`);
        w.config(config(c.enabled, c.description));
        w.write("terraform.tfstate", fixture(`server-v${c.version}.tfstate`));
        w.write("cloud.json", fixture(`cloud-v${c.version}.json`));
        expect(
          w.stateFile().resources.find((r) => r.type === "demo_server")?.instances[0]?.schema_version,
        ).toBe(c.version);

        // UpgradeResourceState, then ReadResource: nothing to change.
        const plan = await w.ok(["plan", "-detailed-exitcode"]);
        expect(plan.output).toContain("No changes.");

        await w.ok(["apply", "-refresh-only", "-auto-approve"]);
        const instance = w.stateFile().resources.find((r) => r.type === "demo_server")?.instances[0];
        expect(instance?.schema_version).toBe(2);
        expect(instance?.attributes).toMatchObject({
          id: "srv-1",
          size: "large",
          enabled: c.enabled,
          port: 8080,
          created_at: "2024-05-01T12:00:00.000Z",
          network_interface: [{ network_id: "net-1", ip: "10.20.0.10" }],
          all_interfaces: [{ network_id: "net-1", ip: "10.20.0.10", is_default: false }],
        });
        expect(instance?.attributes).not.toHaveProperty("flavor");

        // An update after the upgrade works on the upgraded state.
        w.config(config(c.enabled === "true" ? "false" : "true", c.description));
        const update = await w.ok(["apply", "-auto-approve"]);
        expect(update.output).toContain(
          `~ enabled        = "${c.enabled}" -> "${c.enabled === "true" ? "false" : "true"}"`,
        );
        expect(update.output).toContain("Resources: 0 added, 1 changed, 0 destroyed.");

        await w.ok(["destroy", "-auto-approve"]);
        expect(Object.keys(w.store().objects)).toEqual([]);
        expect(resourcesOf(await w.state()).size).toBe(0);
      },
      E2E_TIMEOUT,
    );
  }
});
