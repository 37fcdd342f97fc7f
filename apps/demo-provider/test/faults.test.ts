/**
 * Injected faults under real terraform: a create that fails after the remote object exists
 * leaves a tainted resource (Terraform's "Resource Lifecycle") that the next apply replaces without an orphan; a failing
 * read stops the plan with the cloud's message; slow responses slow the apply down.
 */
import { expect, it } from "vitest";
import { describeTerraform, E2E_TIMEOUT, resourcesOf, Workdir } from "./harness.js";
import { twoOfEachConfig } from "./configs.js";

const SERVER = `resource "demo_server" "app" {
  name  = "app"
  image = "debian-12"
}
`;

describeTerraform("demo provider: injected faults", () => {
  it(
    "a create failing after the server exists leaves it tainted; the next apply replaces it, no orphan",
    async () => {
      const w = await Workdir.create("create-after-remote");
      w.config(SERVER);
      const failed = await w.tf(["apply", "-auto-approve"], {
        TFKIT_DEMO_FAULTS: "create_after_remote:demo_server",
      });
      expect(failed.code).toBe(1);
      expect(failed.output).toMatch(
        /did not become ready \(injected fault create_after_remote:demo_server\)/,
      );

      // Terraform recorded the partial state, tainted: the object is managed, not a zombie.
      const raw = w.stateFile();
      const instance = raw.resources.find((r) => r.type === "demo_server")?.instances[0];
      expect(instance?.status).toBe("tainted");
      const taintedId = instance?.attributes.id;
      expect(w.objects("server").map((o) => o.id)).toEqual([taintedId]);

      const plan = await w.ok(["plan"]);
      expect(plan.output).toContain("# demo_server.app is tainted, so must be replaced");
      expect(plan.output).toContain("Plan: 1 to add, 0 to change, 1 to destroy.");

      await w.ok(["apply", "-auto-approve"]);
      const servers = w.objects("server");
      expect(servers).toHaveLength(1);
      const state = resourcesOf(await w.state());
      expect(servers[0]?.id).toBe(state.get("demo_server.app")?.values.id);
      expect(servers[0]?.id).not.toBe(taintedId);
      expect(state.get("demo_server.app")?.tainted).toBeFalsy();

      await w.ok(["plan", "-detailed-exitcode"]);
      await w.ok(["destroy", "-auto-approve"]);
      expect(w.objects("server")).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  it(
    "a create failing before anything exists leaves no state and no object",
    async () => {
      const w = await Workdir.create("create-before-remote");
      w.config(SERVER);
      const failed = await w.tf(["apply", "-auto-approve"], { TFKIT_DEMO_FAULTS: "create:demo_server" });
      expect(failed.code).toBe(1);
      expect(failed.output).toContain("injected fault create:demo_server");
      expect(w.objects("server")).toEqual([]);
      const shown = await w.state();
      expect(shown.values?.root_module.resources ?? []).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  it(
    "a failing read stops the plan with the cloud's error; without the fault all is well",
    async () => {
      const w = await Workdir.create("read-fault");
      w.config(`resource "demo_volume" "v" {\n  name = "v"\n  size = 1\n}\n`);
      await w.ok(["apply", "-auto-approve"]);
      const failed = await w.tf(["plan"], { TFKIT_DEMO_FAULTS: "read:demo_volume" });
      expect(failed.code).toBe(1);
      expect(failed.output).toContain("Demo cloud: injected fault read:demo_volume");
      await w.ok(["plan", "-detailed-exitcode"]);
      await w.ok(["destroy", "-auto-approve"]);
      expect(w.objects("volume")).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  it(
    "slow responses make the apply slower by at least the injected latency",
    async () => {
      const w = await Workdir.create("slow");
      w.config(`resource "demo_network" "n" {\n  name = "n"\n  cidr = "10.1.0.0/24"\n}\n`);
      const slow = await w.ok(["apply", "-auto-approve"], { TFKIT_DEMO_FAULTS: "slow:1500" });
      // The create waits 1.5 s, so the apply takes at least that (its "Still creating" line may not show yet).
      expect(slow.ms).toBeGreaterThan(1500);
      expect(slow.output).toMatch(/demo_network\.n: Creation complete after \d+s \[id=net-1\]/);
      await w.ok(["destroy", "-auto-approve"]);
    },
    E2E_TIMEOUT,
  );

  it(
    "a fault aimed at one object by name taints only that one (networks and volumes too)",
    async () => {
      const w = await Workdir.create("targeted");
      w.config(twoOfEachConfig);
      const failed = await w.tf(["apply", "-auto-approve"], {
        TFKIT_DEMO_FAULTS: "create_after_remote:demo_network=b,create_after_remote:demo_volume=a",
      });
      expect(failed.code).toBe(1);
      const status = new Map(
        w
          .stateFile()
          .resources.flatMap((r) =>
            r.instances.map((i) => [`${r.type}.${String(i.attributes.name)}`, i.status ?? "ok"] as const),
          ),
      );
      expect(Object.fromEntries(status)).toEqual({
        "demo_network.a": "ok",
        "demo_network.b": "tainted",
        "demo_volume.a": "tainted",
        "demo_volume.b": "ok",
      });
      await w.ok(["apply", "-auto-approve"]);
      expect(w.objects("network")).toHaveLength(2);
      expect(w.objects("volume")).toHaveLength(2);
      await w.ok(["plan", "-detailed-exitcode"]);
      await w.ok(["destroy", "-auto-approve"]);
      expect(w.store().objects).toEqual({});
    },
    E2E_TIMEOUT,
  );
});
