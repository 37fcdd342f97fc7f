import type {
  CallContext,
  ClientCapabilities,
  DiagnosticsResponse,
  DynamicValue,
} from "@tfkit/grpc-transport";
import { type Schema, validateConfig } from "@tfkit/schema";
import { Diagnostics } from "../../diagnostics.js";
import { wire } from "../runtime.js";
import { decodeValue, FAILED, hookFailed, modelOf } from "../steps.js";

/** A definition's own `validateConfig` hook, whatever it belongs to. */
type ValidateHook = ((config: never, ctx: never) => unknown) | undefined;

/**
 * @internal ValidateProviderConfig, ValidateResourceConfig, ValidateDataResourceConfig and
 * ValidateEphemeralResourceConfig: decode → the schema's checks → the definition's hook.
 */
export async function validateConfigRpc(
  schema: Schema,
  typeName: string,
  definition: { readonly validateConfig?: unknown },
  raw: DynamicValue | undefined,
  call: CallContext,
  clientCapabilities: ClientCapabilities | undefined,
): Promise<DiagnosticsResponse> {
  const diagnostics = new Diagnostics();
  const what = schema.kind === "provider" ? "provider configuration" : "configuration";
  const config = decodeValue(raw, schema.type, what, typeName, diagnostics);
  if (config === FAILED) return { diagnostics: wire(diagnostics.all, schema.type) };
  diagnostics.add(
    validateConfig(
      schema,
      config,
      clientCapabilities === undefined
        ? {}
        : { writeOnlyAttributesAllowed: clientCapabilities.writeOnlyAttributesAllowed },
    ),
  );
  const hook = definition.validateConfig as ValidateHook;
  // A null or wholly unknown configuration has no model to check (core validates again later).
  if (hook === undefined || config.isNull() || !config.isKnown() || diagnostics.hasErrors()) {
    return { diagnostics: wire(diagnostics.all, schema.type) };
  }
  const model = modelOf(schema, config, "config", what, typeName, diagnostics);
  if (model !== FAILED) {
    try {
      await hook.call(
        definition,
        model as never,
        {
          signal: call.signal,
          logger: call.logger.with({ tf_type: typeName }),
          diagnostics,
          clientCapabilities,
        } as never,
      );
    } catch (e) {
      diagnostics.add(hookFailed("validateConfig", typeName, e, call.logger));
    }
  }
  return { diagnostics: wire(diagnostics.all, schema.type) };
}
