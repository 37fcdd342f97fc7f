/**
 * Core-only features the provider never sees (spec §5.9, edge cases §7.55/§7.56): terraform
 * rewrites the config (`ignore_changes`) or the plan (`replace_triggered_by`) around the
 * provider's answers. These tests prove the demo's plans stay valid and minimal under both.
 */
import { expect, it } from "vitest";
import { describeTerraform, E2E_TIMEOUT, resourcesOf, Workdir } from "./harness.js";

const config = (o: {
  netName: string;
  description: string;
  lifecycle: string;
}) => `resource "demo_network" "app" {
  name = "${o.netName}"
  cidr = "10.41.0.0/24"
}

resource "demo_server" "s" {
  name        = "s"
  image       = "debian-12"
  description = "${o.description}"
  network_interface {
    network_id = demo_network.app.id
  }
  lifecycle {
${o.lifecycle}
  }
}
`;

describeTerraform("core-only lifecycle features around the provider", () => {
  it(
    "ignore_changes: a changed ignored argument plans no change; the state keeps the prior value",
    async () => {
      const w = await Workdir.create("ignore-changes");
      const lifecycle = "    ignore_changes = [description]";
      w.config(config({ netName: "app", description: "first", lifecycle }));
      await w.ok(["apply", "-auto-approve"]);

      w.config(config({ netName: "app", description: "second", lifecycle }));
      // Core replaces the ignored argument with its prior value before the provider plans.
      await w.ok(["plan", "-detailed-exitcode"]);
      const server = resourcesOf(await w.state()).get("demo_server.s")?.values;
      expect(server?.description).toBe("first");
      await w.ok(["destroy", "-auto-approve"]);
    },
    E2E_TIMEOUT,
  );

  it(
    "replace_triggered_by: an in-place update of the trigger replaces only when the referenced attribute changes (§7.56)",
    async () => {
      const w = await Workdir.create("replace-triggered-by");
      const byCidr = "    replace_triggered_by = [demo_network.app.cidr]";
      w.config(config({ netName: "app", description: "d", lifecycle: byCidr }));
      await w.ok(["apply", "-auto-approve"]);
      const firstId = resourcesOf(await w.state()).get("demo_server.s")?.values.id;

      // The network is updated in place (name), but the referenced cidr is RawEqual: no replacement.
      w.config(config({ netName: "app-renamed", description: "d", lifecycle: byCidr }));
      const unchangedTrigger = await w.ok(["apply", "-auto-approve"]);
      expect(unchangedTrigger.output).toContain("Resources: 0 added, 1 changed, 0 destroyed.");
      expect(resourcesOf(await w.state()).get("demo_server.s")?.values.id).toBe(firstId);

      // Triggered by the name instead: the same kind of update now replaces the server.
      const byName = "    replace_triggered_by = [demo_network.app.name]";
      w.config(config({ netName: "app-renamed", description: "d", lifecycle: byName }));
      await w.ok(["apply", "-auto-approve"]);
      w.config(config({ netName: "app-again", description: "d", lifecycle: byName }));
      const changedTrigger = await w.ok(["apply", "-auto-approve"]);
      expect(changedTrigger.output).toContain("Resources: 1 added, 1 changed, 1 destroyed.");
      expect(resourcesOf(await w.state()).get("demo_server.s")?.values.id).not.toBe(firstId);
      await w.ok(["plan", "-detailed-exitcode"]);
      await w.ok(["destroy", "-auto-approve"]);
    },
    E2E_TIMEOUT,
  );
});
