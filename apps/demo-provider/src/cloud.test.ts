/**
 * Address allocation for server interfaces when the network cannot give one: a clear
 * ProviderError on the interface's `network_id` (what Terraform shows on that line), nothing
 * committed to the store — never a RangeError from the address arithmetic.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isProviderError, type ProviderError } from "@tfkit/provider";
import { afterAll, describe, expect, it } from "vitest";
import { DemoCloud, type ServerInput } from "./cloud.js";
import { Faults } from "./faults.js";

const dir = mkdtempSync(join(tmpdir(), "tfkit-demo-cloud-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A cloud on a fresh store, optionally holding networks written as an older release or a hand edit would. */
function cloud(networks: Record<string, string> = {}): DemoCloud {
  const path = join(dir, `store-${++n}.json`);
  const objects = Object.fromEntries(
    Object.entries(networks).map(([id, cidr]) => [
      id,
      { kind: "network", id, attributes: { name: id, cidr } },
    ]),
  );
  writeFileSync(path, JSON.stringify({ format: 1, serial: 1, sequences: { net: 50 }, objects }));
  return new DemoCloud(path, new Faults(undefined));
}

const serverOn = (name: string, networks: string[]): ServerInput => ({
  name,
  description: null,
  image: "debian-12",
  size: null,
  port: 8080,
  admin_password: null,
  enabled: null,
  networks,
});

async function refusal(p: Promise<unknown>): Promise<ProviderError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(error)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

const servers = (c: DemoCloud) => Object.values(c.store.read().objects).filter((o) => o.kind === "server");

describe("DemoCloud interface addresses", () => {
  it("a /28 holds six servers (.10–.15); the seventh is an error on its network_id", async () => {
    const c = cloud();
    const net = await c.createNetwork({ name: "small", cidr: "10.5.0.0/28" });
    const ips: string[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await c.createServer(serverOn(`s${i}`, [net.id]));
      ips.push(s.interfaces[0]?.ip ?? "");
    }
    expect(ips).toEqual(["10.5.0.10", "10.5.0.11", "10.5.0.12", "10.5.0.13", "10.5.0.14", "10.5.0.15"]);
    const e = await refusal(c.createServer(serverOn("s6", ["net-default", net.id])));
    expect(e.summary).toBe(`Demo cloud: network ${net.id} has no free address`);
    expect(e.detail).toContain("in 10.5.0.0/28 (host numbers 10 to 15) is taken");
    expect(e.path).toEqual(["network_interface", 1, "network_id"]);
    expect(servers(c)).toHaveLength(6);
  });

  it.each([
    ["10.6.0.0/30", "the prefix 10.6.0.0/30 is too small for a network"],
    ["10.6.0.0/33", "invalid CIDR address: 10.6.0.0/33"],
    ["not a prefix", "invalid CIDR address: not a prefix"],
  ])(
    "a stored network with prefix %s is an error on the interface, not a RangeError",
    async (cidr, detail) => {
      const c = cloud({ "net-7": cidr });
      const e = await refusal(c.createServer(serverOn("s", ["net-7"])));
      expect(e.summary).toBe("Demo cloud: network net-7 cannot hold servers");
      expect(e.detail).toContain(detail);
      expect(e.path).toEqual(["network_interface", 0, "network_id"]);
      expect(servers(c)).toHaveLength(0);
    },
  );

  it("an update onto an unusable network is refused the same way and keeps the server as it was", async () => {
    const c = cloud({ "net-7": "10.7.0.0/32" });
    const s = await c.createServer(serverOn("s", []));
    const e = await refusal(c.updateServer(s.id, serverOn("s", ["net-7"])));
    expect(e.path).toEqual(["network_interface", 0, "network_id"]);
    expect((await c.getServer(s.id))?.interfaces).toEqual(s.interfaces);
  });

  it("a network that does not exist is named on the interface that uses it", async () => {
    const c = cloud();
    const e = await refusal(c.createServer(serverOn("s", ["net-default", "net-404"])));
    expect(e.summary).toBe("Demo cloud: network net-404 not found");
    expect(e.path).toEqual(["network_interface", 1, "network_id"]);
  });

  it("createNetwork refuses a prefix that skipped validation, on cidr", async () => {
    const c = cloud();
    for (const cidr of ["10.0.0.0/29", "1.2.3.4/5/6", ""]) {
      const e = await refusal(c.createNetwork({ name: "n", cidr }));
      expect(e.summary).toBe("Demo cloud: invalid network prefix");
      expect(e.path).toEqual(["cidr"]);
    }
    expect(Object.keys(c.store.read().objects)).toEqual([]);
  });
});

describe("DemoCloud on a store it cannot use", () => {
  it.each([
    ["{", "is not a demo cloud store (not JSON:"],
    ["null", "is not a demo cloud store of format 1 (format: none)"],
    [
      '{"format":2,"serial":0,"sequences":{},"objects":{}}',
      "is not a demo cloud store of format 1 (format: 2)",
    ],
    ['{"format":1}', "is not a demo cloud store (no objects or sequences)"],
  ])("content %s: reads and writes are a ProviderError naming the file", async (content, detail) => {
    const path = join(dir, `broken-${++n}.json`);
    writeFileSync(path, content);
    const c = new DemoCloud(path, new Faults(undefined));
    for (const attempt of [c.getNetwork("net-1"), c.createNetwork({ name: "n", cidr: "10.0.0.0/16" })]) {
      const e = await refusal(attempt);
      expect(e.summary).toBe("Demo cloud: the store cannot be used");
      expect(e.detail).toContain(`${path} ${detail}`);
      expect(e.detail).toContain("store_path, TFKIT_DEMO_STORE");
    }
  });
});
