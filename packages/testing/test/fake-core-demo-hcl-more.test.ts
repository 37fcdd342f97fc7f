/**
 * More of the demo provider's real-CLI cases (apps/demo-provider/test, used read-only: their
 * configurations and checks copied here) under both runners from the same HCL, as in
 * fake-core-demo-hcl.test.ts: implicit-objects.test.ts (blocks mirror the configuration, the
 * cloud's default interface goes to `all_interfaces`), upgrade.test.ts (state written by schema
 * versions 0 and 1 upgraded, refreshed, updated and destroyed) and faults.test.ts's faults that
 * hold for a whole run: a create failing before anything exists, and the first apply of its two
 * partial-create cases (tainted instances, destroyed with no orphan). Their second apply, with the
 * fault switched off, needs a provider environment per step, which neither runner has: those
 * halves stay CLI-only. And parallel.test.ts's 50-resource configuration with its end state
 * (its concurrency is the CLI's). Each runner's plans and states are recorded and must be equal.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { provider as demo } from "../../../apps/demo-provider/src/provider.js";
import {
  type FixtureState,
  findTerraform,
  fromEntry,
  knownvalue,
  path,
  plancheck,
  runAcceptance,
  runFakeCore,
  type StateCheck,
  statecheck,
  type TestCase,
  type TestStep,
} from "../src/index.js";
import {
  FIFTY_COUNT,
  fiftyResourcesConfig,
  implicitObjectsConfig,
  twoOfEachConfig,
  upgradeConfig,
} from "../../../apps/demo-provider/test/configs.js";
import { recorded, recorder } from "./hcl-differential.js";
import { CASE_TIMEOUT, MODE } from "./support.js";

const fixtures = new URL("../../../apps/demo-provider/test/fixtures/", import.meta.url);
const demoLauncher = fromEntry(
  fileURLToPath(new URL("../../../apps/demo-provider/src/main.ts", import.meta.url)),
  { conditions: ["@tfkit/source"] },
);
const dir = mkdtempSync(join(tmpdir(), "tfkit-fake-core-demo-hcl-more-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

/** The demo cloud's store file as it is now (empty when never written). */
const storeAt = (file: string): { objects: Record<string, { kind: string }> } =>
  existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as { objects: Record<string, { kind: string }> })
    : { objects: {} };

/** One case: its steps, what else it sets, and the store it starts from. */
interface DemoCase {
  readonly steps: readonly TestStep[];
  /** initialState, checkDestroy (given the run's store file and record), … */
  readonly extra?: (store: string, record: unknown[]) => Partial<TestCase>;
  /** A fixture copied as the store before each run. */
  readonly storeFixture?: string;
  /** Compare ids and addresses as "an id" and "an address": creation order is not fixed. */
  readonly anyOrder?: boolean;
  /** More environment for the provider, for the whole run. */
  readonly env?: Readonly<Record<string, string>>;
}

// apps/demo-provider/test/implicit-objects.test.ts's configuration.
const server = implicitObjectsConfig;
const S = "demo_server.s";

const LEGACY = "demo_server.legacy";

/** The fixture state file as a FixtureState (attributes and schema versions as written). */
function fixtureState(version: 0 | 1): FixtureState {
  const file = JSON.parse(readFileSync(new URL(`server-v${version}.tfstate`, fixtures), "utf8")) as {
    resources: {
      type: string;
      name: string;
      instances: { schema_version: number; attributes: Record<string, unknown> }[];
    }[];
  };
  const resources: Record<string, FixtureState["resources"][string]> = {};
  for (const r of file.resources) {
    const instance = r.instances[0];
    if (instance)
      resources[`${r.type}.${r.name}`] = {
        schemaVersion: instance.schema_version,
        attributes: instance.attributes,
      };
  }
  return { resources };
}

/** The schema version the state holds for an address (`terraform show -json`'s `schema_version`). */
function schemaVersion(address: string, expected: number): StateCheck {
  return {
    description: `${address} is stored with schema version ${expected}`,
    checkState: (state) => {
      const values = state.raw.values as
        | { root_module?: { resources?: { address: string; schema_version: unknown }[] } }
        | undefined;
      // Numbers in the parsed JSON keep their exact text: compared as numbers.
      const found = Number(
        String(values?.root_module?.resources?.find((r) => r.address === address)?.schema_version),
      );
      return found === expected ? undefined : `${address}: schema version ${found}, expected ${expected}`;
    },
  };
}

function upgradeCase(version: 0 | 1): DemoCase {
  const enabled = version === 0 ? "true" : "false";
  const flipped = enabled === "true" ? "false" : "true";
  const description = version === 0 ? "written by the first release" : "written by release 1";
  return {
    storeFixture: `cloud-v${version}.json`,
    extra: (store) => ({
      initialState: fixtureState(version),
      checkDestroy: () => {
        expect(storeAt(store).objects).toEqual({});
      },
    }),
    steps: [
      {
        name: "UpgradeResourceState, then ReadResource: nothing to change",
        config: upgradeConfig(enabled, description),
        planOnly: true,
        planChecks: [plancheck.expectEmptyPlan()],
      },
      {
        name: "apply -refresh-only writes version 2",
        config: upgradeConfig(enabled, description),
        refreshState: true,
        stateChecks: [
          schemaVersion(LEGACY, 2),
          statecheck.expectKnownValue(LEGACY, "id", knownvalue.stringExact("srv-1")),
          statecheck.expectKnownValue(LEGACY, "size", knownvalue.stringExact("large")),
          statecheck.expectKnownValue(LEGACY, "enabled", knownvalue.stringExact(enabled)),
          statecheck.expectKnownValue(LEGACY, "port", knownvalue.numberExact(8080)),
          statecheck.expectKnownValue(
            LEGACY,
            "created_at",
            knownvalue.stringExact("2024-05-01T12:00:00.000Z"),
          ),
          statecheck.expectKnownValue(
            LEGACY,
            "network_interface",
            knownvalue.listExact([knownvalue.objectExact({ network_id: "net-1", ip: "10.20.0.10" })]),
          ),
          statecheck.expectKnownValue(
            LEGACY,
            "all_interfaces",
            knownvalue.listExact([
              knownvalue.objectExact({ network_id: "net-1", ip: "10.20.0.10", is_default: false }),
            ]),
          ),
        ],
      },
      {
        name: "an update after the upgrade works on the upgraded state",
        config: upgradeConfig(flipped, description),
        expectPlan: { [LEGACY]: "update", "demo_network.legacy": "no-op" },
        stateChecks: [statecheck.expectKnownValue(LEGACY, "enabled", knownvalue.stringExact(flipped))],
      },
    ],
  };
}

// apps/demo-provider/test/parallel.test.ts's first case.
const COUNT = FIFTY_COUNT;
const fifty = fiftyResourcesConfig;

/** Records which instances the final destroy found, and whether tainted; the store must be empty after it. */
const destroyedFrom =
  (store: string, record: unknown[], expected: readonly string[]): NonNullable<TestCase["checkDestroy"]> =>
  (before) => {
    const found = before.resources.map((r) => `${r.address}${r.tainted ? " (tainted)" : ""}`).sort();
    record.push({ destroyedFrom: found });
    expect(found).toEqual(expected);
    expect(storeAt(store).objects).toEqual({});
  };

const CASES: Record<string, DemoCase> = {
  "no block: the default interface in all_interfaces; adding a block updates, removing it goes back (implicit-objects.test.ts)":
    {
      steps: [
        {
          config: server(""),
          stateChecks: [
            statecheck.expectKnownValue(S, "network_interface", knownvalue.listExact([])),
            statecheck.expectKnownValue(
              S,
              "all_interfaces",
              knownvalue.listExact([
                knownvalue.objectExact({ network_id: "net-default", ip: "192.168.0.10", is_default: true }),
              ]),
            ),
          ],
        },
        {
          config: server("  network_interface {\n    network_id = demo_network.app.id\n  }\n"),
          expectPlan: { [S]: "update", "demo_network.app": "no-op" },
          stateChecks: [
            statecheck.expectKnownValue(
              S,
              "network_interface",
              knownvalue.listExact([knownvalue.objectExact({ network_id: "net-1", ip: "10.40.0.10" })]),
            ),
            statecheck.expectKnownValue(
              S,
              "all_interfaces",
              knownvalue.listExact([
                knownvalue.objectExact({ network_id: "net-1", ip: "10.40.0.10", is_default: false }),
              ]),
            ),
          ],
        },
        {
          config: server(""),
          stateChecks: [
            statecheck.expectKnownValue(S, "network_interface", knownvalue.listExact([])),
            statecheck.expectKnownValue(
              S,
              path("all_interfaces", 0, "network_id"),
              knownvalue.stringExact("net-default"),
            ),
            statecheck.expectKnownValue(S, path("all_interfaces", 0, "is_default"), knownvalue.bool(true)),
          ],
        },
      ],
    },
  "schema version 0 → 2: plan empty, refresh writes version 2, update, destroy (upgrade.test.ts)":
    upgradeCase(0),
  "schema version 1 → 2: plan empty, refresh writes version 2, update, destroy (upgrade.test.ts)":
    upgradeCase(1),
  "a create failing before anything exists leaves no state and no object (faults.test.ts)": {
    env: { TFKIT_DEMO_FAULTS: "create:demo_server" },
    extra: (store) => ({
      checkDestroy: (before) => {
        expect(before.resources).toEqual([]);
        expect(Object.values(storeAt(store).objects).filter((o) => o.kind === "server")).toEqual([]);
      },
    }),
    steps: [
      {
        config: `resource "demo_server" "app" {\n  name  = "app"\n  image = "debian-12"\n}\n`,
        expectError: /injected fault create:demo_server/,
      },
    ],
  },
  "a create failing after the server exists leaves it tainted, destroyed with no orphan (faults.test.ts, up to its fault-free re-apply)":
    {
      env: { TFKIT_DEMO_FAULTS: "create_after_remote:demo_server" },
      extra: (store, record) => ({
        checkDestroy: destroyedFrom(store, record, ["demo_server.app (tainted)"]),
      }),
      steps: [
        {
          config: `resource "demo_server" "app" {\n  name  = "app"\n  image = "debian-12"\n}\n`,
          expectError: /did not become ready \(injected fault create_after_remote:demo_server\)/,
        },
      ],
    },
  "a fault aimed at one object by name taints only that one (faults.test.ts, up to its fault-free re-apply)":
    {
      env: { TFKIT_DEMO_FAULTS: "create_after_remote:demo_network=b,create_after_remote:demo_volume=a" },
      extra: (store, record) => ({
        checkDestroy: destroyedFrom(store, record, [
          'demo_network.n["a"]',
          'demo_network.n["b"] (tainted)',
          'demo_volume.v["a"] (tainted)',
          'demo_volume.v["b"]',
        ]),
      }),
      steps: [
        {
          config: twoOfEachConfig,
          expectError: /injected fault create_after_remote/,
        },
      ],
    },
  "50 resources: every object created once, each server on its network, destroyed (parallel.test.ts's configuration and end state; its concurrency is the CLI's)":
    {
      // Ids and addresses follow the order of creation, which terraform's walk does not fix.
      anyOrder: true,
      extra: (store) => ({
        checkDestroy: () => {
          expect(storeAt(store).objects).toEqual({});
          // One committed update per create and per delete: none lost or applied twice.
          const file = JSON.parse(readFileSync(store, "utf8")) as {
            serial: number;
            sequences: Record<string, number>;
          };
          expect(file.serial).toBe(100);
          expect(file.sequences).toEqual({ net: COUNT.network, srv: COUNT.server, vol: COUNT.volume });
        },
      }),
      steps: [
        {
          config: fifty,
          stateChecks: [
            {
              description: "50 resources, every server with its own address on network n[i % 10]",
              checkState: (state) => {
                const servers = state.resources.filter((r) => r.type === "demo_server");
                const nets = new Map(
                  state.resources
                    .filter((r) => r.type === "demo_network")
                    .map((r) => [r.address, r.values.id]),
                );
                const wrong = servers.filter((r) => {
                  const i = Number(/\[(\d+)\]$/.exec(r.address)?.[1]);
                  const nic = (r.values.network_interface as { network_id: string }[])[0];
                  return nic?.network_id !== nets.get(`demo_network.n[${i % COUNT.network}]`);
                });
                const ips = new Set(servers.map((r) => JSON.stringify(r.values.all_interfaces)));
                if (state.resources.length !== 50) return `${state.resources.length} resources, expected 50`;
                if (wrong.length > 0)
                  return `on the wrong network: ${wrong.map((r) => r.address).join(", ")}`;
                return ips.size === COUNT.server ? undefined : "two servers share an address";
              },
            },
          ],
        },
      ],
    },
};

/** Demo ids and addresses made "an id" and "an address". */
const anyOrder = (record: unknown[]): unknown =>
  JSON.parse(
    JSON.stringify(record)
      .replace(/(net|srv|vol)-\d+/g, "<$1 id>")
      .replace(/10\.\d+\.0\.\d+/g, "<address>"),
  );

const hasTerraform = findTerraform() !== undefined;

/** A store file for one run: a copy of the case's fixture, or a new path. */
function freshStore(c: DemoCase): string {
  const file = join(dir, `store-${++counter}.json`);
  if (c.storeFixture !== undefined) copyFileSync(new URL(c.storeFixture, fixtures), file);
  return file;
}

describe("more of the demo provider's real-CLI cases, also in-process", () => {
  for (const [name, c] of Object.entries(CASES)) {
    it.skipIf(!hasTerraform)(
      name,
      async () => {
        const fake = recorder();
        const cli = recorder();
        const fakeStore = freshStore(c);
        const cliStore = freshStore(c);
        const t0 = performance.now();
        await runFakeCore(
          recorded(c.steps, fake, { demo: demoLauncher }, c.extra?.(fakeStore, fake.record)),
          {
            provider: demo,
            env: { TFKIT_DEMO_STORE: fakeStore, ...c.env },
          },
        );
        const t1 = performance.now();
        await runAcceptance(recorded(c.steps, cli, { demo: demoLauncher }, c.extra?.(cliStore, cli.record)), {
          mode: MODE,
          env: { TFKIT_DEMO_STORE: cliStore, ...c.env },
        });
        const t2 = performance.now();
        console.log(`${name}: fake core ${(t1 - t0).toFixed(0)} ms, real CLI ${(t2 - t1).toFixed(0)} ms`);
        expect(fake.record.length).toBeGreaterThan(0);
        const shown = (record: unknown[]) => (c.anyOrder ? anyOrder(record) : record);
        expect(shown(fake.record)).toEqual(shown(cli.record));
      },
      CASE_TIMEOUT,
    );
  }
});
