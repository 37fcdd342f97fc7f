/**
 * Resource Instance Change Lifecycle: nested blocks mirror the configuration exactly (the provider cannot add blocks);
 * an interface the cloud creates by itself is reported through the separate computed list
 * `all_interfaces`, next to the configured ones.
 */
import { expect, it } from "vitest";
import { implicitObjectsConfig } from "./configs.js";
import { describeTerraform, E2E_TIMEOUT, resourcesOf, Workdir } from "./harness.js";

const server = implicitObjectsConfig;

describeTerraform(
  "Resource Instance Change Lifecycle: implicit objects go to a computed list, never into blocks",
  () => {
    it(
      "no block configured: no block in state, the default interface in all_interfaces; adding a block replaces it",
      async () => {
        const w = await Workdir.create("seed000");
        w.config(server(""));
        await w.ok(["apply", "-auto-approve"]);
        let s = resourcesOf(await w.state()).get("demo_server.s")?.values;
        expect(s?.network_interface).toEqual([]);
        expect(s?.all_interfaces).toEqual([
          { network_id: "net-default", ip: "192.168.0.10", is_default: true },
        ]);

        w.config(server("  network_interface {\n    network_id = demo_network.app.id\n  }\n"));
        const update = await w.ok(["apply", "-auto-approve"]);
        expect(update.output).toContain("Resources: 0 added, 1 changed, 0 destroyed.");
        s = resourcesOf(await w.state()).get("demo_server.s")?.values;
        expect(s?.network_interface).toEqual([{ network_id: "net-1", ip: "10.40.0.10" }]);
        expect(s?.all_interfaces).toEqual([{ network_id: "net-1", ip: "10.40.0.10", is_default: false }]);
        await w.ok(["plan", "-detailed-exitcode"]);

        // And back: the block goes, the cloud attaches a default interface again.
        w.config(server(""));
        await w.ok(["apply", "-auto-approve"]);
        s = resourcesOf(await w.state()).get("demo_server.s")?.values;
        expect(s?.network_interface).toEqual([]);
        expect(s?.all_interfaces).toMatchObject([{ network_id: "net-default", is_default: true }]);
        await w.ok(["plan", "-detailed-exitcode"]);
        await w.ok(["destroy", "-auto-approve"]);
      },
      E2E_TIMEOUT,
    );
  },
);
