/**
 * Concurrency under real terraform: 50 resources applied and destroyed with -parallelism=10
 * (parallel RPCs in one provider process, all writing the one store file) lose no update.
 */
import { expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIFTY_COUNT, fiftyResourcesConfig } from "./configs.js";
import { describeTerraform, E2E_TIMEOUT, resourcesOf, Workdir } from "./harness.js";

const COUNT = FIFTY_COUNT;
const config = fiftyResourcesConfig;

describeTerraform("demo provider: 50 resources with -parallelism=10", () => {
  it(
    "apply and destroy keep every object: no lost update, no duplicate address",
    async () => {
      const w = await Workdir.create("parallel");
      w.config(config);
      // Latency makes the RPCs overlap for real.
      const env = { TFKIT_DEMO_FAULTS: "slow:50" };
      const apply = await w.ok(["apply", "-auto-approve", "-parallelism=10"], env);
      expect(apply.output).toContain("Apply complete! Resources: 50 added, 0 changed, 0 destroyed.");

      const store = w.store();
      expect(w.objects("network")).toHaveLength(COUNT.network);
      expect(w.objects("server")).toHaveLength(COUNT.server);
      expect(w.objects("volume")).toHaveLength(COUNT.volume);
      // One committed update per create: none was lost or applied twice.
      expect(store.serial).toBe(50);
      expect(store.sequences).toEqual({ net: COUNT.network, srv: COUNT.server, vol: COUNT.volume });

      // Every server got its own address on its network.
      const addresses = w
        .objects("server")
        .map((o) => JSON.stringify((o.attributes.interfaces as unknown[])[0]));
      expect(new Set(addresses).size).toBe(COUNT.server);

      // The state and the store agree, object by object.
      const state = resourcesOf(await w.state());
      expect(state.size).toBe(50);
      expect(new Set([...state.values()].map((r) => r.values.id))).toEqual(
        new Set(Object.keys(store.objects)),
      );
      await w.ok(["plan", "-detailed-exitcode", "-parallelism=10"]);

      const destroy = await w.ok(["destroy", "-auto-approve", "-parallelism=10"], env);
      expect(destroy.output).toContain("Destroy complete! Resources: 50 destroyed.");
      expect(w.store().objects).toEqual({});
      expect(w.store().serial).toBe(100);
      console.info(
        `[demo parallel] apply of 50 resources ${Math.round(apply.ms)} ms, destroy ${Math.round(destroy.ms)} ms (-parallelism=10, slow:50)`,
      );
    },
    E2E_TIMEOUT,
  );

  it(
    "two terraform runs in two directories share one store at the same time: nothing lost",
    async () => {
      const [a, b] = await Promise.all([Workdir.create("shared-a"), Workdir.create("shared-b")]);
      const shared = join(a.dir, "shared-cloud.json");
      const volumes = (prefix: string) =>
        `resource "demo_volume" "v" {\n  count = 20\n  name  = "${prefix}\${count.index}"\n  size  = 1\n}\n`;
      a.config(volumes("a"));
      b.config(volumes("b"));
      const env = { TFKIT_DEMO_STORE: shared, TFKIT_DEMO_FAULTS: "slow:20" };
      await Promise.all([a.ok(["apply", "-auto-approve"], env), b.ok(["apply", "-auto-approve"], env)]);
      const read = () => JSON.parse(readFileSync(shared, "utf8"));
      let store = read();
      expect(Object.keys(store.objects)).toHaveLength(40);
      expect(store.serial).toBe(40);
      const ids = new Set(Object.keys(store.objects));
      for (const w of [a, b]) {
        for (const r of resourcesOf(await w.state()).values())
          expect(ids.has(String(r.values.id))).toBe(true);
      }
      await Promise.all([a.ok(["destroy", "-auto-approve"], env), b.ok(["destroy", "-auto-approve"], env)]);
      store = read();
      expect(store.objects).toEqual({});
      expect(store.serial).toBe(80);
    },
    E2E_TIMEOUT,
  );
});
