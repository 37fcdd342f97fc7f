import type { PlanCheck } from "../checks.js";
import type { PlannedResourceChange } from "../terraform-json.js";
import type { FakeCoreProvider } from "./provider-shape.js";
import { runFakeCore } from "./run-fake-core.js";
import type { ConfigBody, StructuredConfig } from "./structured-config.js";

/**
 * Options of {@link planResource}.
 *
 * @category testing
 */
export interface PlanResourceOptions {
  /** The provider's configuration (its `provider` block body). Default: empty. */
  readonly providerConfig?: ConfigBody;
  /** Environment variables for the provider during the plan (as `runFakeCore`'s `env`). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Plans one resource under the fake core and returns its planned change, as a plan check sees it
 * (`after`, `afterUnknown`, `actions`, …): the one-line way to unit-test plan logic, above all
 * with values unknown at plan time ({@link unknownValue}, with refinements).
 *
 * @remarks A create from an empty state: `runFakeCore` with one `planOnly` step, so every RPC
 * core makes before a plan runs (validation, configure, PlanResourceChange) with the contract
 * checks on. A failure throws the fake core's `AcceptanceError`.
 * @example
 * ```ts
 * const change = await planResource(provider, "demo_server.a", { name: unknownValue({ prefix: "web-" }) });
 * expect(change.after).toMatchObject({ kind: "web" });   // known at plan time from the prefix
 * expect(change.afterUnknown).toMatchObject({ id: true });
 * ```
 * @category testing
 */
export async function planResource(
  provider: FakeCoreProvider,
  address: string,
  config: ConfigBody,
  options: PlanResourceOptions = {},
): Promise<PlannedResourceChange> {
  let found: PlannedResourceChange | undefined;
  const capture: PlanCheck = {
    description: `planResource(${address})`,
    checkPlan: (plan) => {
      found = plan.resourceChanges.find((c) => c.address === address);
      return found === undefined ? `${address} is not in the plan` : undefined;
    },
  };
  const name = provider.definition.metadata.typeName;
  const structuredConfig: StructuredConfig = {
    ...(options.providerConfig === undefined ? {} : { providers: { [name]: options.providerConfig } }),
    resources: { [address]: config },
  };
  await runFakeCore(
    {
      // runFakeCore drives `provider`; the launcher is only for runAcceptance.
      providers: {},
      steps: [{ structuredConfig, planOnly: true, expectNonEmptyPlan: true, planChecks: [capture] }],
    },
    { provider, ...(options.env === undefined ? {} : { env: options.env }) },
  );
  return found as PlannedResourceChange;
}
