/**
 * The whole lifecycle through the real terraform CLI with @tfkit/testing's acceptance runner
 * (dev_overrides, no init): create → no-op plan → in-place update → replacement → import with
 * verification → destroy, with plan and state checks, and the store checked after destroy.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fromExecutable, knownvalue, path, plancheck, runAcceptance, statecheck } from "@tfkit/testing";
import { expect, it } from "vitest";
import type { StoreData } from "../src/store/file-store.js";
import { lifecycleConfig } from "./configs.js";
import { describeTerraform, E2E_TIMEOUT, providerDir } from "./harness.js";

const NET = "demo_network.app";
const WEB = "demo_server.web";
const VOL = "demo_volume.data";

const config = lifecycleConfig;

describeTerraform("demo provider: lifecycle through @tfkit/testing", () => {
  // dev_overrides: terraform starts the provider (5–6 processes per command), as for users;
  // reattach: the runner starts it once per case and terraform attaches to it.
  it.each(["dev_overrides", "reattach"] as const)(
    "%s: create, no-op, update in place, replace, import-verify, destroy",
    async (mode) => {
      const dir = await providerDir();
      const storePath = join(dir, `lifecycle-${mode}-${process.pid}.json`);
      const store = (): StoreData =>
        existsSync(storePath)
          ? (JSON.parse(readFileSync(storePath, "utf8")) as StoreData)
          : { format: 1, serial: 0, sequences: {}, objects: {} };
      const result = await runAcceptance(
        {
          providers: { demo: fromExecutable(join(dir, "terraform-provider-demo")) },
          steps: [
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
            {
              name: "no-op plan",
              planOnly: true,
              planChecks: [plancheck.expectEmptyPlan()],
            },
            {
              name: "update in place",
              config: config({ description: "two", image: "debian-12", size: 20 }),
              expectPlan: { [WEB]: "update", [VOL]: "update", [NET]: "no-op" },
              planChecks: [
                // UseStateForUnknown and the interface-aware modifyPlan keep these known.
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
              name: "replacement (image is RequiresReplace; shrinking the volume replaces it)",
              config: config({ description: "two", image: "ubuntu-24.04", size: 5 }),
              expectPlan: { [WEB]: "replace", [VOL]: "replace" },
              planChecks: [
                plancheck.expectUnknownValue(WEB, "id"),
                plancheck.expectUnknownValue(WEB, "created_at"),
              ],
              stateChecks: [
                statecheck.expectKnownValue(WEB, "image", knownvalue.stringExact("ubuntu-24.04")),
              ],
            },
            { name: "import the server", importState: true, resourceName: WEB, importStateVerify: true },
            { name: "import the network", importState: true, resourceName: NET, importStateVerify: true },
            { name: "import the volume", importState: true, resourceName: VOL, importStateVerify: true },
          ],
          checkDestroy: () => {
            expect(store().objects).toEqual({});
          },
        },
        { mode, env: { TFKIT_DEMO_STORE: storePath } },
      );
      // One server and one volume were replaced: IDs 1 and 2 were used, nothing is left.
      expect(store().sequences).toEqual({ net: 1, srv: 2, vol: 2 });
      console.info(
        `[demo lifecycle, ${mode}] ${result.steps.map((s) => `${s.name.split(" (")[0]} ${Math.round(s.durationMs)} ms`).join(", ")}; total ${Math.round(result.totalMs)} ms`,
      );
    },
    E2E_TIMEOUT,
  );
});
