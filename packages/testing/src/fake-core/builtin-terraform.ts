/**
 * Terraform's built-in provider (`terraform.io/builtin/terraform`) as the fake core needs it:
 * the `terraform_data` managed resource, planned and applied as terraform 1.11 does it
 * (internal/builtin/providers/terraform/resource_data.go), so test configurations that use it for
 * `replace_triggered_by` or to hold a value run in-process.
 * @internal
 */
import { randomUUID } from "node:crypto";
import {
  fromJson,
  objectVal,
  rawEquals,
  refineNotNull,
  stringType,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import type { Diagnostic, DynamicValue, ProviderServer } from "@tfkit/grpc-transport";
import { attr, providerSchema, resourceSchema, toSchemaDescription } from "@tfkit/schema";
import { decodeDynamic, dynamicValue, type FakeCoreProvider } from "./provider-shape.js";

/** The built-in provider's local name: resource types `terraform_*` belong to it. */
export const BUILTIN_TERRAFORM = "terraform";

const TERRAFORM_DATA = "terraform_data";

const NO_CONFIGURATION = providerSchema({ attributes: {} });

const DATA_SCHEMA = resourceSchema({
  attributes: {
    input: attr.dynamic({ optional: true }),
    output: attr.dynamic({ computed: true }),
    triggers_replace: attr.dynamic({ optional: true }),
    id: attr.string({ computed: true }),
  },
});
const DATA_TYPE = DATA_SCHEMA.type;

const errors = (...details: string[]): { diagnostics: Diagnostic[] } => ({
  diagnostics: details.map((detail) => ({ severity: "error", summary: detail, detail: "" })),
});

const unsupported = (typeName: string) =>
  errors(`unsupported resource type ${JSON.stringify(typeName)} in the built-in terraform provider`);

/** A new id: unknown, and known not to be null (terraform's `UnknownVal(String).RefineNotNull()`). */
const unknownId = (): Value => refineNotNull(unknownVal(stringType));

/** `output` planned for `input`: null for a null input, else unknown of the input's type. */
const plannedOutput = (input: Value): Value => (input.isNull() ? input : unknownVal(input.type));

/**
 * The built-in `terraform` provider for the fake core, with `terraform_data`.
 *
 * @remarks As terraform 1.11.4: a create plans `id` unknown (refined not null) and `output`
 * unknown of `input`'s type (null for a null input); a change of `triggers_replace` requires
 * replacement and plans both again; a change of `input` alone plans `output` again; apply copies
 * `input` to an unknown `output` and gives a new UUID to an unknown `id`; read returns the state
 * as it is; `id` and `output` set in configuration are refused; import takes only an id;
 * moving from `null_resource` is not offered (the fake core has no `null` provider).
 */
export function builtinTerraformProvider(): FakeCoreProvider {
  const server: ProviderServer = {
    getProviderSchema: () => ({
      provider: toSchemaDescription(NO_CONFIGURATION),
      resourceSchemas: { [TERRAFORM_DATA]: toSchemaDescription(DATA_SCHEMA) },
    }),
    getMetadata: () => ({ resources: [TERRAFORM_DATA] }),
    validateProviderConfig: () => ({}),
    configureProvider: () => ({}),
    validateResourceConfig: (req) => {
      if (req.typeName !== TERRAFORM_DATA) return unsupported(req.typeName);
      const config = decodeDynamic(req.config, DATA_TYPE);
      if (config.isNull()) return {};
      // Core does not refuse computed attributes in configuration; the provider does.
      const set = ["id", "output"].filter((name) => !config.getAttr(name).isNull());
      return set.length === 0 ? {} : errors(...set.map((name) => `"${name}" attribute is read-only`));
    },
    upgradeResourceState: (req) => {
      if (req.typeName !== TERRAFORM_DATA) return unsupported(req.typeName);
      const json = req.rawState?.json;
      if (json === undefined) return errors("the state of terraform_data is not JSON");
      try {
        return { upgradedState: dynamicValue(fromJson(json, DATA_TYPE), DATA_TYPE) };
      } catch (e) {
        return errors(e instanceof Error ? e.message : String(e));
      }
    },
    readResource: (req) => (req.currentState === undefined ? {} : { newState: req.currentState }),
    planResourceChange: (req) => {
      if (req.typeName !== TERRAFORM_DATA) return unsupported(req.typeName);
      const proposed = decodeDynamic(req.proposedNewState, DATA_TYPE);
      if (proposed.isNull()) return { plannedState: req.proposedNewState as DynamicValue };
      const prior = decodeDynamic(req.priorState, DATA_TYPE);
      const planned = new Map(proposed.entries());
      const input = proposed.getAttr("input");
      let replace = false;
      if (prior.isNull()) {
        planned.set("id", unknownId());
        planned.set("output", plannedOutput(input));
      } else if (!rawEquals(prior.getAttr("triggers_replace"), proposed.getAttr("triggers_replace"))) {
        replace = true;
        planned.set("id", unknownId());
        planned.set("output", plannedOutput(input));
      } else if (!rawEquals(prior.getAttr("input"), input)) {
        planned.set("output", unknownVal(input.type));
      }
      return {
        plannedState: dynamicValue(objectVal(Object.fromEntries(planned)), DATA_TYPE),
        ...(replace && { requiresReplace: [[{ kind: "attribute" as const, name: "triggers_replace" }]] }),
      };
    },
    applyResourceChange: (req) => {
      if (req.typeName !== TERRAFORM_DATA) return unsupported(req.typeName);
      const planned = decodeDynamic(req.plannedState, DATA_TYPE);
      if (planned.isNull()) return { newState: req.plannedState as DynamicValue };
      const state = new Map(planned.entries());
      if (!planned.getAttr("output").isKnown()) state.set("output", planned.getAttr("input"));
      if (!planned.getAttr("id").isKnown()) state.set("id", stringVal(randomUUID()));
      return { newState: dynamicValue(objectVal(Object.fromEntries(state)), DATA_TYPE) };
    },
    importResourceState: (req) => {
      if (req.typeName !== TERRAFORM_DATA) return unsupported(req.typeName);
      const state = fromJson(JSON.stringify({ id: req.id }), DATA_TYPE);
      return { importedResources: [{ typeName: TERRAFORM_DATA, state: dynamicValue(state, DATA_TYPE) }] };
    },
    moveResourceState: (req) =>
      errors(
        `unsupported move: ${req.sourceTypeName} -> ${req.targetTypeName}; the fake core's terraform provider moves nothing`,
      ),
  };
  return {
    ...server,
    definition: {
      metadata: { typeName: BUILTIN_TERRAFORM, address: "terraform.io/builtin/terraform" },
      schema: NO_CONFIGURATION,
      resources: [{ typeName: TERRAFORM_DATA, schema: DATA_SCHEMA }],
    },
  } as FakeCoreProvider;
}
