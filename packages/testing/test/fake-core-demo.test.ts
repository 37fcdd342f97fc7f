/**
 * The demo provider (apps/demo-provider, used read-only) under the fake core and the real CLI:
 * state written by `demo_server` schema versions 0 and 1 (the demo's own fixtures) upgraded,
 * refreshed and planned with no changes, then an in-place update, an image change (replace) and
 * a new server with a default interface — the same case both ways.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
  plancheck,
  path,
  runAcceptance,
  runFakeCore,
  statecheck,
  type TestCase,
} from "../src/index.js";
import { CASE_TIMEOUT } from "./support.js";

const fixtures = new URL("../../../apps/demo-provider/test/fixtures/", import.meta.url);
const demoLauncher = fromEntry(
  fileURLToPath(new URL("../../../apps/demo-provider/src/main.ts", import.meta.url)),
  {
    conditions: ["@tfkit/source"],
  },
);
const dir = mkdtempSync(join(tmpdir(), "tfkit-fake-core-demo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

/** A fresh copy of the demo cloud's fixture store for one run. */
function store(version: 0 | 1, run: string): string {
  const file = join(dir, `cloud-v${version}-${run}.json`);
  copyFileSync(new URL(`cloud-v${version}.json`, fixtures), file);
  return file;
}

const S = "demo_server.legacy";
const N = "demo_network.legacy";
const W = "demo_server.web";

function demoCase(version: 0 | 1): TestCase {
  const enabled = version === 0 ? "true" : "false";
  const description = version === 0 ? "written by the first release" : "written by release 1";
  const network = { name: "legacy", cidr: "10.20.0.0/24" };
  const lookups = {
    "demo_network.legacy": { name: "legacy" },
    "demo_images.debian": { name_prefix: "debian" },
  };
  const server = (extra: Record<string, string>) => ({
    name: "legacy",
    description,
    image: "debian-12",
    size: "large",
    enabled,
    network_interface: [{ network_id: "net-1" }],
    ...extra,
  });
  return {
    providers: { demo: demoLauncher },
    initialState: fixtureState(version),
    steps: [
      {
        name: `upgrade from v${version}: nothing to change`,
        structuredConfig: { resources: { [N]: network, [S]: server({}) } },
        planOnly: true,
        planChecks: [
          plancheck.expectEmptyPlan(),
          plancheck.expectKnownValue(S, "size", knownvalue.stringExact("large")),
          plancheck.expectKnownValue(
            S,
            path("all_interfaces", 0, "ip"),
            knownvalue.stringExact("10.20.0.10"),
          ),
        ],
      },
      {
        name: "update in place after the upgrade",
        structuredConfig: {
          dataSources: lookups,
          resources: { [N]: network, [S]: server({ enabled: enabled === "true" ? "false" : "true" }) },
        },
        expectPlan: { [S]: "update", [N]: "no-op" },
        stateChecks: [
          statecheck.expectKnownValue(
            S,
            "enabled",
            knownvalue.stringExact(enabled === "true" ? "false" : "true"),
          ),
          statecheck.expectKnownValue(S, "id", knownvalue.stringExact("srv-1")),
          // Data sources are read during plan and stored in state.
          statecheck.expectKnownValue("data.demo_network.legacy", "id", knownvalue.stringExact("net-1")),
          statecheck.expectKnownValue(
            "data.demo_images.debian",
            path("names", 0),
            knownvalue.stringRegexp(/^debian/),
          ),
        ],
      },
      {
        name: "image change replaces; a new server gets the default interface",
        structuredConfig: {
          dataSources: lookups,
          resources: {
            [N]: network,
            [S]: server({ enabled: enabled === "true" ? "false" : "true", image: "debian-13" }),
            [W]: { name: "web", image: "debian-12", admin_password: "hunter2" },
          },
        },
        expectPlan: { [S]: "replace", [W]: "create" },
        planChecks: [
          plancheck.expectSensitiveValue(W, "admin_password"),
          plancheck.expectUnknownValue(W, "id"),
        ],
        stateChecks: [
          statecheck.expectKnownValue(W, "all_interfaces", knownvalue.listSizeExact(1)),
          statecheck.expectKnownValue(W, path("all_interfaces", 0, "is_default"), knownvalue.bool(true)),
          statecheck.expectKnownValue(S, "image", knownvalue.stringExact("debian-13")),
        ],
      },
      { name: "import the new server", importState: true, resourceName: W, importStateVerify: true },
    ],
  };
}

const times: string[] = [];
afterAll(() => console.info(`[demo provider: fake core vs real CLI]\n${times.join("\n")}`));

describe("demo provider under the fake core", () => {
  for (const version of [0, 1] as const) {
    it(`v${version} fixture state: upgrade, update, replace, create, import`, async () => {
      const file = store(version, "fake");
      process.env.TFKIT_DEMO_STORE = file;
      try {
        const result = await runFakeCore(demoCase(version), { provider: demo });
        times.push(`  v${version} case: fake core ${result.totalMs.toFixed(1)} ms`);
        const upgrades = result.steps[0]?.calls.filter((c) => c.rpc === "UpgradeResourceState") ?? [];
        expect(upgrades.map((c) => c.address).sort()).toEqual([N, S]);
        expect(Object.keys((JSON.parse(readFileSync(file, "utf8")) as { objects: object }).objects)).toEqual(
          [],
        );
      } finally {
        delete process.env.TFKIT_DEMO_STORE;
      }
    });
  }
});

describe.skipIf(!findTerraform())("demo provider under the real CLI (reattach)", () => {
  for (const version of [0, 1] as const) {
    it(
      `v${version} fixture state: upgrade, update, replace, create, import`,
      async () => {
        const file = store(version, "cli");
        const result = await runAcceptance(demoCase(version), {
          mode: "reattach",
          env: { TFKIT_DEMO_STORE: file },
        });
        times.push(`  v${version} case: real CLI ${Math.round(result.totalMs - result.providerBuildMs)} ms`);
        expect(Object.keys((JSON.parse(readFileSync(file, "utf8")) as { objects: object }).objects)).toEqual(
          [],
        );
      },
      CASE_TIMEOUT,
    );
  }
});
