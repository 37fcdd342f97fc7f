import { objectVal, unknownVal, type Value } from "@tfkit/cty-values";
import type { CallContext, ConfigureProviderRequest, DiagnosticsResponse } from "@tfkit/grpc-transport";
import type { Schema } from "@tfkit/schema";
import type { ConfigureContext } from "../../context.js";
import { Diagnostics } from "../../diagnostics.js";
import { wire } from "../runtime.js";
import { decodeValue, FAILED, hookFailed, modelOf } from "../steps.js";

/** @internal What configure produced: the client, when it succeeded. */
export type ConfigureOutcome = { readonly ok: true; readonly client: unknown } | { readonly ok: false };

/**
 * @internal ConfigureProvider: decode → the configuration model (a wholly unknown configuration
 * is read as every attribute unknown) → the provider's `configure` hook.
 */
export async function configureProviderRpc(
  schema: Schema,
  typeName: string,
  definition: { configure?: ((config: never, ctx: ConfigureContext) => unknown) | undefined },
  req: ConfigureProviderRequest,
  call: CallContext,
): Promise<{ response: DiagnosticsResponse; outcome: ConfigureOutcome }> {
  const diagnostics = new Diagnostics();
  const failed = () => ({
    response: { diagnostics: wire(diagnostics.all, schema.type) },
    outcome: { ok: false } as const,
  });
  const decoded = decodeValue(req.config, schema.type, "provider configuration", typeName, diagnostics);
  if (decoded === FAILED) return failed();
  if (definition.configure === undefined) return { response: {}, outcome: { ok: true, client: undefined } };
  const config = decoded.isKnown() ? decoded : everyAttributeUnknown(schema);
  const model = config.isNull()
    ? {}
    : modelOf(schema, config, "config", "provider configuration", typeName, diagnostics);
  if (model === FAILED) return failed();
  const ctx: ConfigureContext = {
    signal: call.signal,
    logger: call.logger,
    diagnostics,
    terraformVersion: req.terraformVersion,
    hasUnknownValues: !config.isWhollyKnown(),
    clientCapabilities: req.clientCapabilities,
  };
  let client: unknown;
  try {
    client = await definition.configure.call(definition, model as never, ctx);
  } catch (e) {
    diagnostics.add(hookFailed("configure", typeName, e, call.logger));
  }
  const response = { diagnostics: wire(diagnostics.all, schema.type) };
  return diagnostics.hasErrors()
    ? { response, outcome: { ok: false } }
    : { response, outcome: { ok: true, client } };
}

/** The configuration object with every attribute and block unknown. */
function everyAttributeUnknown(schema: Schema): Value {
  const out = new Map<string, Value>();
  for (const [n, a] of Object.entries(schema.attributes)) out.set(n, unknownVal(a.type));
  for (const [n, b] of Object.entries(schema.blocks)) out.set(n, unknownVal(b.type));
  return objectVal(out);
}
