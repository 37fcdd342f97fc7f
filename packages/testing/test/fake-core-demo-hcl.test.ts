/**
 * The demo provider's real-CLI cases (apps/demo-provider/test: lifecycle.test.ts,
 * data-and-functions.test.ts and core-only.test.ts, used read-only: their configurations and
 * checks copied here) run
 * under both runners from the same HCL: references between resources, nested blocks, outputs,
 * data sources, `provider::demo::cidr_host` against `cidrhost`, and the provider's errors. Each
 * runner's plans and states are recorded and must be equal.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { provider as demo } from "../../../apps/demo-provider/src/provider.js";
import {
  findTerraform,
  fromEntry,
  knownvalue,
  path,
  plancheck,
  runAcceptance,
  runFakeCore,
  statecheck,
  type TestStep,
} from "../src/index.js";
import { lifecycleConfig } from "../../../apps/demo-provider/test/configs.js";
import { recorded, recorder } from "./hcl-differential.js";
import { CASE_TIMEOUT, failureOf, MODE } from "./support.js";

const demoLauncher = fromEntry(
  fileURLToPath(new URL("../../../apps/demo-provider/src/main.ts", import.meta.url)),
  { conditions: ["@tfkit/source"] },
);
const dir = mkdtempSync(join(tmpdir(), "tfkit-fake-core-demo-hcl-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const freshStore = () => join(dir, `store-${++counter}.json`);

const NET = "demo_network.app";
const WEB = "demo_server.web";
const VOL = "demo_volume.data";

// apps/demo-provider/test/lifecycle.test.ts's configuration.
const config = lifecycleConfig;

// apps/demo-provider/test/core-only.test.ts, verbatim.
const coreOnly = (o: {
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
const SRV = "demo_server.s";
const APP = "demo_network.app";
const ignore = "    ignore_changes = [description]";
const byCidr = "    replace_triggered_by = [demo_network.app.cidr]";
const byName = "    replace_triggered_by = [demo_network.app.name]";

const CASES: Record<string, readonly TestStep[]> = {
  "ignore_changes: a changed ignored argument plans no change (core-only.test.ts)": [
    { config: coreOnly({ netName: "app", description: "first", lifecycle: ignore }) },
    {
      config: coreOnly({ netName: "app", description: "second", lifecycle: ignore }),
      expectPlan: { [SRV]: "no-op", [APP]: "no-op" },
      stateChecks: [statecheck.expectKnownValue(SRV, "description", knownvalue.stringExact("first"))],
    },
  ],
  "replace_triggered_by: only a change of the referenced attribute replaces (core-only.test.ts)": [
    { config: coreOnly({ netName: "app", description: "d", lifecycle: byCidr }) },
    {
      config: coreOnly({ netName: "app-renamed", description: "d", lifecycle: byCidr }),
      expectPlan: { [APP]: "update", [SRV]: "no-op" },
    },
    { config: coreOnly({ netName: "app-renamed", description: "d", lifecycle: byName }) },
    {
      config: coreOnly({ netName: "app-again", description: "d", lifecycle: byName }),
      expectPlan: { [APP]: "update", [SRV]: "destroy-before-create" },
    },
  ],
  "lifecycle: create, no-op, update in place, replace, import-verify (lifecycle.test.ts)": [
    {
      name: "create",
      config: config({ description: "one", image: "debian-12", size: 10 }),
      expectPlan: { [NET]: "create", [WEB]: "create", [VOL]: "create" },
      planChecks: [
        plancheck.expectUnknownValue(WEB, "id"),
        plancheck.expectUnknownValue(WEB, "created_at"),
        plancheck.expectUnknownValue(WEB, "size"),
        plancheck.expectUnknownValue(WEB, "all_interfaces"),
        plancheck.expectUnknownValue(WEB, path("network_interface", 0, "ip")),
        plancheck.expectKnownValue(WEB, "port", knownvalue.numberExact(8080)),
        plancheck.expectSensitiveValue(WEB, "admin_password"),
      ],
      stateChecks: [
        statecheck.expectKnownValue(WEB, "id", knownvalue.stringRegexp(/^srv-\d+$/)),
        statecheck.expectKnownValue(WEB, "size", knownvalue.stringExact("small")),
        statecheck.expectKnownValue(
          WEB,
          path("network_interface", 0, "ip"),
          knownvalue.stringExact("10.30.0.10"),
        ),
        statecheck.expectKnownValue(
          WEB,
          "all_interfaces",
          knownvalue.listExact([knownvalue.objectPartial({ ip: "10.30.0.10", is_default: false })]),
        ),
        statecheck.expectSensitiveValue(WEB, "admin_password"),
        statecheck.expectKnownOutputValue("gateway", knownvalue.stringExact("10.30.0.1")),
      ],
    },
    { name: "no-op plan", planOnly: true, planChecks: [plancheck.expectEmptyPlan()] },
    {
      name: "update in place",
      config: config({ description: "two", image: "debian-12", size: 20 }),
      expectPlan: { [WEB]: "update", [VOL]: "update", [NET]: "no-op" },
      planChecks: [
        plancheck.expectKnownValue(WEB, "created_at", knownvalue.notNull()),
        plancheck.expectKnownValue(WEB, "size", knownvalue.stringExact("small")),
        plancheck.expectKnownValue(
          WEB,
          path("network_interface", 0, "ip"),
          knownvalue.stringExact("10.30.0.10"),
        ),
        plancheck.expectKnownValue(WEB, "all_interfaces", knownvalue.listSizeExact(1)),
      ],
      stateChecks: [
        statecheck.expectKnownValue(WEB, "description", knownvalue.stringExact("two")),
        statecheck.expectKnownValue(VOL, "size", knownvalue.numberExact(20)),
      ],
    },
    {
      name: "replacement",
      config: config({ description: "two", image: "ubuntu-24.04", size: 5 }),
      expectPlan: { [WEB]: "replace", [VOL]: "replace" },
      planChecks: [plancheck.expectUnknownValue(WEB, "id"), plancheck.expectUnknownValue(WEB, "created_at")],
      stateChecks: [statecheck.expectKnownValue(WEB, "image", knownvalue.stringExact("ubuntu-24.04"))],
    },
    { name: "import the server", importState: true, resourceName: WEB, importStateVerify: true },
    { name: "import the network", importState: true, resourceName: NET, importStateVerify: true },
    { name: "import the volume", importState: true, resourceName: VOL, importStateVerify: true },
  ],
  "data sources read at plan time; cidr_host matches cidrhost (data-and-functions.test.ts)": [
    {
      config: `data "demo_images" "linux" {
  name_prefix = "ubuntu"
}

data "demo_images" "all" {}

data "demo_network" "default" {
  name = "default"
}

output "ubuntu" {
  value = data.demo_images.linux.names
}

output "image_count" {
  value = length(data.demo_images.all.images)
}

output "default_network" {
  value = data.demo_network.default
}

output "hosts" {
  value = [for n in [0, 1, 255, -1] : provider::demo::cidr_host("10.9.0.0/24", n) == cidrhost("10.9.0.0/24", n)]
}
`,
      stateChecks: [
        statecheck.expectKnownOutputValue("ubuntu", knownvalue.listExact(["ubuntu-24.04"])),
        statecheck.expectKnownOutputValue("image_count", knownvalue.numberExact(4)),
        statecheck.expectKnownOutputValue(
          "default_network",
          knownvalue.objectExact({ id: "net-default", name: "default", cidr: "192.168.0.0/16" }),
        ),
        statecheck.expectKnownOutputValue("hosts", knownvalue.listExact([true, true, true, true])),
      ],
    },
  ],
  "a network created by terraform is found by name; a missing one is an error (data-and-functions.test.ts)": [
    { config: `resource "demo_network" "app" {\n  name = "app"\n  cidr = "10.8.0.0/24"\n}\n` },
    {
      config: `resource "demo_network" "app" {
  name = "app"
  cidr = "10.8.0.0/24"
}

data "demo_network" "app" {
  name = "app"
}

output "found" {
  value = data.demo_network.app.id == demo_network.app.id
}
`,
      stateChecks: [statecheck.expectKnownOutputValue("found", knownvalue.bool(true))],
    },
    {
      config: `data "demo_network" "missing" {\n  name = "nope"\n}\n`,
      expectError: /No network named "nope"/,
    },
  ],
  "a data source referring to a resource with changes is read during apply, as core defers it": [
    {
      config: `resource "demo_network" "app" {
  name = "app"
  cidr = "10.8.0.0/24"
}

data "demo_network" "app" {
  name = demo_network.app.name
}

resource "demo_network" "copy" {
  name = "copy-\${data.demo_network.app.id}"
  cidr = data.demo_network.app.cidr
}
`,
      expectPlan: {
        "data.demo_network.app": "read",
        "demo_network.app": "create",
        "demo_network.copy": "create",
      },
      planChecks: [plancheck.expectUnknownValue("demo_network.copy", "cidr")],
      stateChecks: [
        statecheck.expectKnownValue("demo_network.copy", "cidr", knownvalue.stringExact("10.8.0.0/24")),
      ],
    },
  ],
  "cidr_host errors name the argument at fault (data-and-functions.test.ts)": [
    {
      config: `output "bad_host" {\n  value = provider::demo::cidr_host("10.0.0.0/30", 4)\n}\n`,
      expectError:
        /Invalid value for "hostnum" parameter: prefix of 30 does not\s+accommodate\s+a\s+host\s+numbered\s+4/,
    },
    {
      config: `output "bad_prefix" {\n  value = provider::demo::cidr_host("10.0.0.0", 1)\n}\n`,
      expectError: /Invalid value for "prefix" parameter: invalid CIDR\s+address:\s+10\.0\.0\.0/,
    },
  ],
};

/** The store file's objects and id sequences. */
const storeAt = (file: string): { objects?: Record<string, unknown>; sequences?: Record<string, number> } =>
  existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};

/** What a case checks after its final destroy, given its run's store (lifecycle.test.ts's checks). */
const AFTER_DESTROY: Record<string, (store: string) => void> = {
  "lifecycle: create, no-op, update in place, replace, import-verify (lifecycle.test.ts)": (store) => {
    // One server and one volume were replaced: IDs 1 and 2 were used, nothing is left.
    expect(storeAt(store).objects).toEqual({});
    expect(storeAt(store).sequences).toEqual({ net: 1, srv: 2, vol: 2 });
  },
};

const hasTerraform = findTerraform() !== undefined;

describe("the demo provider's real-CLI cases, also in-process", () => {
  for (const [name, steps] of Object.entries(CASES)) {
    it.skipIf(!hasTerraform)(
      name,
      async () => {
        const fake = recorder();
        const cli = recorder();
        const fakeStore = freshStore();
        const cliStore = freshStore();
        const afterDestroy = AFTER_DESTROY[name];
        const extra = (store: string) =>
          afterDestroy === undefined ? {} : { checkDestroy: () => afterDestroy(store) };
        const t0 = performance.now();
        await runFakeCore(recorded(steps, fake, { demo: demoLauncher }, extra(fakeStore)), {
          provider: demo,
          env: { TFKIT_DEMO_STORE: fakeStore },
        });
        const t1 = performance.now();
        await runAcceptance(recorded(steps, cli, { demo: demoLauncher }, extra(cliStore)), {
          mode: MODE,
          env: { TFKIT_DEMO_STORE: cliStore },
        });
        const t2 = performance.now();
        console.log(`${name}: fake core ${(t1 - t0).toFixed(0)} ms, real CLI ${(t2 - t1).toFixed(0)} ms`);
        // A case of expected errors only records nothing: the errors are its checks.
        if (steps.some((s) => !s.expectError)) expect(fake.record.length).toBeGreaterThan(0);
        expect(fake.record).toEqual(cli.record);
      },
      CASE_TIMEOUT,
    );
  }
});

describe("sensitive values flowing between resources are refused under the fake core", () => {
  it("names the resource, the sensitive attribute and runAcceptance", async () => {
    const error = await failureOf(() =>
      runFakeCore(
        {
          providers: { demo: demoLauncher },
          steps: [
            {
              config: `${config({ description: "one", image: "debian-12", size: 10 })}
resource "demo_volume" "copy" {
  name      = demo_server.web.admin_password
  size      = 1
  server_id = demo_server.web.id
}
`,
            },
          ],
        },
        { provider: demo, env: { TFKIT_DEMO_STORE: freshStore() } },
      ),
    );
    expect(error.message).toContain(
      "demo_volume.copy reads sensitive values (demo_server.web.admin_password): sensitivity marks flowing between resources",
    );
    expect(error.message).toContain("run this case with runAcceptance");
  });
});
