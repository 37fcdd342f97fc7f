import { resolve } from "node:path";
import { defineProvider } from "@tfkit/provider";
import { attr, isUnknown, providerSchema } from "@tfkit/schema";
import { DemoCloud } from "./cloud.js";
import { images, networkLookup } from "./data-sources.js";
import { cidrHostFunction } from "./functions.js";
import { network } from "./resources/network.js";
import { server } from "./resources/server.js";
import { volume } from "./resources/volume.js";
import { DEMO_PROVIDER_VERSION } from "./version.js";

/**
 * The provider's source address in configurations (`required_providers`).
 * @category constructors
 */
export const DEMO_PROVIDER_ADDRESS = "example.test/tfkit/demo";

/**
 * The store path: the provider's `store_path`, else `TFKIT_DEMO_STORE`, else
 * `.demo-cloud.json` in the working directory (where Terraform runs).
 * @category conversion
 */
export function storePathOf(
  configured: string | null,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const path =
    configured ??
    (env.TFKIT_DEMO_STORE === undefined || env.TFKIT_DEMO_STORE === ""
      ? ".demo-cloud.json"
      : env.TFKIT_DEMO_STORE);
  return resolve(path);
}

/**
 * `terraform-provider-demo`: networks, servers and volumes of a demo cloud kept in a local
 * JSON file, a data source pair and the `cidr_host` function.
 * @category models
 */
export const provider = defineProvider({
  metadata: { typeName: "demo", version: DEMO_PROVIDER_VERSION, address: DEMO_PROVIDER_ADDRESS },
  schema: providerSchema({
    attributes: {
      store_path: attr.string({
        optional: true,
        description:
          "The demo cloud's store file (default: TFKIT_DEMO_STORE, else .demo-cloud.json in the working directory).",
      }),
    },
  }),
  configure: (config) => new DemoCloud(storePathOf(isUnknown(config.store_path) ? null : config.store_path)),
  resources: [network, server, volume],
  dataSources: [networkLookup, images],
  functions: [cidrHostFunction],
});
