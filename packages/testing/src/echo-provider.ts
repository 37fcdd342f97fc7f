/**
 * The echo provider: terraform-plugin-testing's `echoprovider` for tfkit, to test what Terraform
 * keeps out of plan and state (an ephemeral resource's result). The provider's `data` argument
 * (any value, ephemeral ones included) becomes the computed `data` of every `echo` resource, so
 * state checks can read it:
 *
 * ```hcl
 * ephemeral "examplecloud_thing" "this" { name = "thing-one" }
 *
 * provider "echo" {
 *   data = ephemeral.examplecloud_thing.this
 * }
 *
 * resource "echo" "test" {} # echo.test.data holds the ephemeral resource's result
 * ```
 *
 * {@link newEchoProvider} is the provider in-process, for `runFakeCore`; {@link echoProvider}
 * the same provider as an executable, for `runAcceptance`. Both are written on
 * `@tfkit/grpc-transport`'s `ProviderServer`, as the Go original is on tfprotov6, so this entry
 * needs nothing `@tfkit/testing` does not already depend on.
 *
 * @packageDocumentation
 */
import { fileURLToPath } from "node:url";
import { fromEntry, type ProviderLauncher } from "./launcher.js";

export { type EchoProvider, newEchoProvider } from "./echo-server.js";

/** The executable's entry beside this module: TypeScript source in the repository, else the build. */
function mainEntry(): { entry: string; conditions: string[] } {
  const here = import.meta.url;
  const source = here.endsWith(".ts");
  return {
    entry: fileURLToPath(new URL(source ? "./echo-provider-main.ts" : "./echo-provider-main.js", here)),
    conditions: source ? ["@tfkit/source"] : [],
  };
}

/**
 * The echo provider as an executable, for `runAcceptance`'s `providers` (bundled with esbuild
 * once per test file, as {@link fromEntry} does): `providers: { local, echo: echoProvider }`.
 * Terraform starts one process per case in reattach mode, so concurrent cases do not share it.
 *
 * @example
 * ```ts
 * import { echoProvider } from "@tfkit/testing/echo-provider";
 * await runAcceptance({ providers: { local, echo: echoProvider }, steps: [...] });
 * ```
 * @category testing
 */
export const echoProvider: ProviderLauncher = (() => {
  const { entry, conditions } = mainEntry();
  return fromEntry(entry, { conditions });
})();
