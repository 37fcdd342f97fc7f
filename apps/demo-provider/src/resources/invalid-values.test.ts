/**
 * Values the demo parses, through the provider's own RPC handlers in-process (the server the
 * gRPC transport calls): a bad `demo_network.cidr` is a diagnostic on `cidr` at validate time
 * (also the second validation core runs before planning, when the value was unknown at first),
 * and at apply time when a plan skipped validation; a server interface on a network that cannot give it an address is a diagnostic on its
 * `network_id`. Never an "Unexpected error" with a RangeError in it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  fromMsgpack,
  nullVal,
  objectType,
  objectVal,
  stringType,
  stringVal,
  toMsgpack,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { fromModel, Unknown } from "@tfkit/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider } from "../provider.js";
import { networkSchema } from "./network.js";
import { serverSchema } from "./server-schema.js";
import { volumeSchema } from "./volume.js";

type Server = typeof provider;
type Call = Parameters<Server["getProviderSchema"]>[1];
type Diagnostics = NonNullable<
  Awaited<ReturnType<NonNullable<Server["validateResourceConfig"]>>>["diagnostics"]
>;

const T = networkSchema.type;
const dir = mkdtempSync(join(tmpdir(), "tfkit-demo-network-"));
const storePath = join(dir, "store.json");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A call context whose logger keeps nothing (the handlers only need one to exist). */
function call(rpc: string): Call {
  const logger: Call["logger"] = {
    level: "off",
    trace() {},
    debug() {},
    info() {},
    warn() {},
    error() {},
    with: () => logger,
    named: () => logger,
    isEnabled: () => false,
  };
  return { rpc, signal: new AbortController().signal, logger };
}

const dv = (v: Value) => ({ msgpack: toMsgpack(v, T) });
const none = new Uint8Array(0);
const nullState = nullVal(T);

function network(cidr: Value, id: Value = nullVal(T.attributeTypes.id!)): Value {
  return objectVal({ id, name: stringVal("app"), cidr });
}

/** The wire path of a diagnostic as attribute names and indexes. */
function pathOf(d: Diagnostics[number]): (string | number)[] | undefined {
  return d.attribute?.map((s) => (s.kind === "attribute" ? s.name : s.key));
}

async function validate(cidr: Value): Promise<Diagnostics> {
  const r = await provider.validateResourceConfig!(
    { typeName: "demo_network", config: dv(network(cidr)) },
    call("ValidateResourceConfig"),
  );
  return r.diagnostics ?? [];
}

beforeAll(async () => {
  const config = objectVal({ store_path: stringVal(storePath) });
  const r = await provider.configureProvider!(
    {
      terraformVersion: "1.11.4",
      config: { msgpack: toMsgpack(config, objectType({ store_path: stringType })) },
    },
    call("ConfigureProvider"),
  );
  expect(r.diagnostics ?? []).toEqual([]);
});

describe("demo_network.cidr", () => {
  it.each([
    ["10.0.0.0/33", "invalid CIDR address: 10.0.0.0/33 (expected an IPv4 prefix such as 10.0.0.0/16)"],
    ["10.0.0.256/24", "invalid CIDR address: 10.0.0.256/24"],
    ["fd00::/8", "invalid CIDR address: fd00::/8"],
    ["10.0.0.0", "invalid CIDR address: 10.0.0.0 "],
    ["10.0.0.0/29", "the prefix 10.0.0.0/29 is too small for a network"],
    ["192.168.7.0/32", "a network needs a prefix length of /28 or less"],
  ])("validate: %s is an error on cidr", async (cidr, detail) => {
    const diagnostics = await validate(stringVal(cidr));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "error", summary: "Invalid Attribute Value" });
    expect(diagnostics[0]?.detail).toContain(detail);
    expect(pathOf(diagnostics[0]!)).toEqual(["cidr"]);
  });

  it.each(["10.0.0.0/28", "10.0.0.0/8", "0.0.0.0/0", "10.0.0.5/24"])("validate: %s is fine", async (cidr) => {
    expect(await validate(stringVal(cidr))).toEqual([]);
  });

  it("a prefix unknown at validate time is refused when core validates again before planning", async () => {
    // The first ValidateResourceConfig runs before references are resolved: the validator is
    // skipped. Core calls it again with the values it knows right before PlanResourceChange
    // (terraform's plan(); proven end to end by cidr-plan.test.ts), and the validator runs then.
    expect(await validate(unknownVal(T.attributeTypes.cidr!))).toEqual([]);
    const diagnostics = await validate(stringVal("10.1.0.0/30"));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "error", summary: "Invalid Attribute Value" });
    expect(diagnostics[0]?.detail).toContain("the prefix 10.1.0.0/30 is too small for a network");
    expect(pathOf(diagnostics[0]!)).toEqual(["cidr"]);
    // A good one plans a create.
    const good = await provider.planResourceChange!(
      {
        typeName: "demo_network",
        priorState: dv(nullState),
        proposedNewState: dv(network(stringVal("10.1.0.0/24"), unknownVal(T.attributeTypes.id!))),
        config: dv(network(stringVal("10.1.0.0/24"))),
        priorPrivate: none,
      } as Parameters<NonNullable<Server["planResourceChange"]>>[0],
      call("PlanResourceChange"),
    );
    expect(good.diagnostics ?? []).toEqual([]);
  });

  it.each([
    ["300.0.0.0/8", "invalid CIDR address: 300.0.0.0/8"],
    ["10.9.0.0/31", "the prefix 10.9.0.0/31 is too small for a network"],
  ])(
    "apply: a planned %s that was never validated is an error on cidr, and creates nothing",
    async (cidr, detail) => {
      const planned = network(stringVal(cidr), unknownVal(T.attributeTypes.id!));
      const r = await provider.applyResourceChange!(
        {
          typeName: "demo_network",
          priorState: dv(nullState),
          plannedState: dv(planned),
          config: dv(network(stringVal(cidr))),
          plannedPrivate: none,
        },
        call("ApplyResourceChange"),
      );
      const diagnostics = r.diagnostics ?? [];
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({
        severity: "error",
        summary: "Demo cloud: invalid network prefix",
      });
      expect(diagnostics[0]?.detail).toContain(detail);
      expect(diagnostics[0]?.detail).not.toMatch(/RangeError| {4}at /);
      expect(pathOf(diagnostics[0]!)).toEqual(["cidr"]);
      const objects = existsSync(storePath)
        ? (JSON.parse(readFileSync(storePath, "utf8")) as { objects: Record<string, { attributes: object }> })
            .objects
        : {};
      expect(Object.values(objects).map((o) => o.attributes)).not.toContainEqual(
        expect.objectContaining({ cidr }),
      );
    },
  );

  it("apply: an update that changes cidr in place (a plan without the replacement) is an error on cidr", async () => {
    const created = await provider.applyResourceChange!(
      {
        typeName: "demo_network",
        priorState: dv(nullState),
        plannedState: dv(network(stringVal("10.2.0.0/24"), unknownVal(T.attributeTypes.id!))),
        config: dv(network(stringVal("10.2.0.0/24"))),
        plannedPrivate: none,
      },
      call("ApplyResourceChange"),
    );
    expect(created.diagnostics ?? []).toEqual([]);
    const prior = fromMsgpack(created.newState?.msgpack ?? none, T);
    const id = prior.getAttr("id");
    const r = await provider.applyResourceChange!(
      {
        typeName: "demo_network",
        priorState: dv(prior),
        plannedState: dv(network(stringVal("10.3.0.0/24"), id)),
        config: dv(network(stringVal("10.3.0.0/24"))),
        plannedPrivate: none,
      },
      call("ApplyResourceChange"),
    );
    const diagnostics = r.diagnostics ?? [];
    expect(diagnostics.map((d) => d.summary)).toEqual([
      "Demo cloud: the prefix of a network cannot change in place",
    ]);
    expect(pathOf(diagnostics[0]!)).toEqual(["cidr"]);
  });
});

describe("demo_server network_interface", () => {
  it("an interface on a network with no free address is an error on its network_id", async () => {
    const S = serverSchema.type;
    const created = await provider.applyResourceChange!(
      {
        typeName: "demo_network",
        priorState: dv(nullState),
        plannedState: dv(network(stringVal("10.4.0.0/28"), unknownVal(T.attributeTypes.id!))),
        config: dv(network(stringVal("10.4.0.0/28"))),
        plannedPrivate: none,
      },
      call("ApplyResourceChange"),
    );
    const netId = fromMsgpack(created.newState?.msgpack ?? none, T)
      .getAttr("id")
      .asString();
    const create = (name: string) => {
      const planned = fromModel(
        serverSchema,
        {
          id: Unknown,
          name,
          description: null,
          image: "debian-12",
          size: Unknown,
          port: 8080,
          admin_password: "secret",
          enabled: null,
          created_at: Unknown,
          all_interfaces: Unknown,
          network_interface: [
            { network_id: "net-default", ip: Unknown },
            { network_id: netId, ip: Unknown },
          ],
        } as never,
        "proposed",
      );
      return provider.applyResourceChange!(
        {
          typeName: "demo_server",
          priorState: { msgpack: toMsgpack(nullVal(S), S) },
          plannedState: { msgpack: toMsgpack(planned, S) },
          config: { msgpack: toMsgpack(planned, S) },
          plannedPrivate: none,
        },
        call("ApplyResourceChange"),
      );
    };
    // Host numbers 10 to 15 of the /28.
    for (let i = 0; i < 6; i++) expect((await create(`s${i}`)).diagnostics ?? []).toEqual([]);
    const r = await create("s6");
    const diagnostics = r.diagnostics ?? [];
    expect(diagnostics.map((d) => d.summary)).toEqual([`Demo cloud: network ${netId} has no free address`]);
    expect(diagnostics[0]?.detail).toContain("(host numbers 10 to 15) is taken");
    expect(pathOf(diagnostics[0]!)).toEqual(["network_interface", 1, "network_id"]);
  });
});

describe("int64 values that skipped validation", () => {
  it.each([0, 70000])("apply: a demo_server with port %s is an error on port", async (port) => {
    const S = serverSchema.type;
    const planned = fromModel(
      serverSchema,
      {
        id: Unknown,
        name: "p",
        description: null,
        image: "debian-12",
        size: Unknown,
        port,
        admin_password: null,
        enabled: null,
        created_at: Unknown,
        all_interfaces: Unknown,
        network_interface: [],
      } as never,
      "proposed",
    );
    const r = await provider.applyResourceChange!(
      {
        typeName: "demo_server",
        priorState: { msgpack: toMsgpack(nullVal(S), S) },
        plannedState: { msgpack: toMsgpack(planned, S) },
        config: { msgpack: toMsgpack(planned, S) },
        plannedPrivate: none,
      },
      call("ApplyResourceChange"),
    );
    const diagnostics = r.diagnostics ?? [];
    expect(diagnostics.map((d) => d.summary)).toEqual(["Demo cloud: invalid port"]);
    expect(diagnostics[0]?.detail).toBe(`The port must be between 1 and 65535, got ${port}.`);
    expect(pathOf(diagnostics[0]!)).toEqual(["port"]);
  });

  const V = volumeSchema.type;
  const volume = (size: number | bigint) =>
    fromModel(volumeSchema, { id: Unknown, name: "v", size, server_id: null } as never, "proposed");
  it.each([0, -3, 2n ** 62n])("apply: a demo_volume of size %s is an error on size", async (size) => {
    const planned = volume(size);
    const r = await provider.applyResourceChange!(
      {
        typeName: "demo_volume",
        priorState: { msgpack: toMsgpack(nullVal(V), V) },
        plannedState: { msgpack: toMsgpack(planned, V) },
        config: { msgpack: toMsgpack(planned, V) },
        plannedPrivate: none,
      },
      call("ApplyResourceChange"),
    );
    const diagnostics = r.diagnostics ?? [];
    expect(diagnostics.map((d) => d.summary)).toEqual(["Demo cloud: invalid volume size"]);
    expect(diagnostics[0]?.detail).toContain(`got ${size}`);
    expect(pathOf(diagnostics[0]!)).toEqual(["size"]);
  });
});
