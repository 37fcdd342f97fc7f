/**
 * The in-process echo provider, apart from its launcher (echo-provider.ts, the
 * `@tfkit/testing/echo-provider` entry) so the executable's bundle holds no esbuild.
 */
import { dynamicType, fromJson, nullVal, objectVal, unknownVal, type Value } from "@tfkit/cty-values";
import type { Diagnostic, DynamicValue, ProviderServer } from "@tfkit/grpc-transport";
import { attr, providerSchema, resourceSchema, toSchemaDescription } from "@tfkit/schema";
import { decodeDynamic, dynamicValue, type FakeCoreProvider } from "./fake-core/provider-shape.js";

/** The one resource type the echo provider serves. */
const ECHO = "echo";

const PROVIDER_SCHEMA = providerSchema({
  description:
    "This provider is used to output the data attribute provided to the provider configuration into all resources instances of echo. This is only useful for testing ephemeral resources where the data isn't stored to state.",
  attributes: {
    data: attr.dynamic({ optional: true, description: "Dynamic data to provide to the echo resource." }),
  },
});

const ECHO_SCHEMA = resourceSchema({
  attributes: {
    data: attr.dynamic({
      computed: true,
      description: "Dynamic data that was provided to the provider configuration.",
    }),
  },
});

/**
 * An in-process echo provider: a `ProviderServer` that `runFakeCore` drives (it carries the
 * definition the fake core reads its schemas from).
 *
 * @category testing
 */
export type EchoProvider = FakeCoreProvider;

const error = (summary: string, detail: string): { diagnostics: Diagnostic[] } => ({
  diagnostics: [{ severity: "error", summary, detail }],
});
const unsupportedType = (rpc: string, type: string) =>
  error(
    "Unsupported Resource",
    `${rpc} was called for a resource type that is not supported by this provider: ${JSON.stringify(type)}`,
  );

/**
 * A new echo provider, for `runFakeCore(testCase, { provider, providers: { echo: newEchoProvider() } })`.
 * Each one keeps the `data` of its last ConfigureProvider, so give each run its own (as the Go
 * harness calls `echoprovider.NewProviderServer()` per test).
 *
 * @remarks As terraform-plugin-testing's echo provider: a new `echo` resource plans `data`
 * unknown (the provider configuration may change between plan and apply) and apply stores the
 * configured `data` verbatim; an existing one plans its prior state, whatever the configuration
 * says now, so ephemeral values that differ per run never cause a diff; read returns the state
 * as it is; import and move are refused; state has schema version 0 only.
 * @example
 * ```ts
 * import { newEchoProvider } from "@tfkit/testing/echo-provider";
 * await runFakeCore(testCase, { provider, providers: { echo: newEchoProvider() } });
 * ```
 * @category testing
 */
export function newEchoProvider(): EchoProvider {
  // The configured `data`, kept between ConfigureProvider and ApplyResourceChange.
  let data: Value = nullVal(dynamicType);
  const server: ProviderServer = {
    getProviderSchema: () => ({
      provider: toSchemaDescription(PROVIDER_SCHEMA),
      resourceSchemas: { [ECHO]: toSchemaDescription(ECHO_SCHEMA) },
    }),
    getMetadata: () => ({ resources: [ECHO] }),
    validateProviderConfig: () => ({}),
    validateResourceConfig: () => ({}),
    configureProvider: (req) => {
      data = decodeDynamic(req.config, PROVIDER_SCHEMA.type).getAttr("data");
      return {};
    },
    upgradeResourceState: (req) => {
      if (req.typeName !== ECHO) return unsupportedType("UpgradeResourceState", req.typeName);
      if (req.version !== 0)
        return error(
          "Unsupported Resource",
          "UpgradeResourceState was called for echo, which does not support multiple schema versions",
        );
      const json = req.rawState?.json;
      if (json === undefined)
        return error(
          "Unable to Read Previously Saved State for UpgradeResourceState",
          "There was an error reading the saved resource state using the current resource schema: the state is not JSON",
        );
      try {
        // Attributes the schema does not have are skipped, as the Go original's unmarshal options say.
        const raw = JSON.parse(new TextDecoder().decode(json)) as Record<string, unknown>;
        const value = fromJson(JSON.stringify({ data: raw.data ?? null }), ECHO_SCHEMA.type);
        return { upgradedState: dynamicValue(value, ECHO_SCHEMA.type) };
      } catch (e) {
        return error(
          "Unable to Read Previously Saved State for UpgradeResourceState",
          `There was an error reading the saved resource state using the current resource schema: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    },
    readResource: (req) => (req.currentState === undefined ? {} : { newState: req.currentState }),
    planResourceChange: (req) => {
      if (req.typeName !== ECHO) return unsupportedType("PlanResourceChange", req.typeName);
      const proposed = decodeDynamic(req.proposedNewState, ECHO_SCHEMA.type);
      if (proposed.isNull()) return { plannedState: req.proposedNewState as DynamicValue };
      const prior = decodeDynamic(req.priorState, ECHO_SCHEMA.type);
      if (!prior.isNull()) return { plannedState: req.priorState as DynamicValue };
      return {
        plannedState: dynamicValue(objectVal({ data: unknownVal(dynamicType) }), ECHO_SCHEMA.type),
      };
    },
    applyResourceChange: (req) => {
      if (req.typeName !== ECHO) return unsupportedType("ApplyResourceChange", req.typeName);
      const planned = decodeDynamic(req.plannedState, ECHO_SCHEMA.type);
      if (planned.isNull()) return { newState: req.plannedState as DynamicValue };
      return { newState: dynamicValue(objectVal({ data }), ECHO_SCHEMA.type) };
    },
    importResourceState: () =>
      error("Unsupported Resource Operation", "ImportResourceState is not supported by this provider."),
    moveResourceState: () =>
      error("Unsupported Resource Operation", "MoveResourceState is not supported by this provider."),
  };
  return {
    ...server,
    definition: {
      metadata: { typeName: ECHO, address: "example.test/tfkit/echo" },
      schema: PROVIDER_SCHEMA,
      resources: [{ typeName: ECHO, schema: ECHO_SCHEMA }],
    },
  } as EchoProvider;
}
