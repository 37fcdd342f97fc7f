import { checkDataSourceResult } from "@tfkit/contracts";
import type { Value } from "@tfkit/cty-values";
import type {
  CallContext,
  ClientCapabilities,
  CloseEphemeralResourceRequest,
  DiagnosticsResponse,
  OpenEphemeralResourceRequest,
  OpenEphemeralResourceResponse,
  ReadDataSourceRequest,
  ReadDataSourceResponse,
  RenewEphemeralResourceRequest,
  RenewEphemeralResourceResponse,
} from "@tfkit/grpc-transport";
import { nullWriteOnlyAttributes, plannedDataResourceObject } from "@tfkit/plan-engine";
import { type Diagnostic, fromModel, type Schema, toModel, validateConfig } from "@tfkit/schema";
import type { DataSourceType } from "../data-source.js";
import { Diagnostics } from "../diagnostics.js";
import type { EphemeralContext, EphemeralResourceType } from "../ephemeral-resource.js";
import { decodeDynamic, encodeDynamic } from "./codec.js";
import { keepUnchanged } from "./model-merge.js";
import { encodePrivate } from "./private-state.js";
import {
  deferral,
  readPrivate,
  reportViolations,
  resultDiagnostic,
  type Runtime,
  thrownDiagnostic,
  wire,
} from "./runtime.js";

type Model = Record<string, unknown>;

/** @internal Schema validation plus the definition's own `validateConfig` hook. */
export async function validateWithHook(
  schema: Schema,
  typeName: string,
  hook: ((config: never, ctx: never) => unknown) | undefined,
  self: unknown,
  config: Value,
  call: CallContext,
  clientCapabilities: ClientCapabilities | undefined,
): Promise<DiagnosticsResponse> {
  const diagnostics = new Diagnostics();
  diagnostics.add(validateConfig(schema, config));
  if (hook !== undefined && !config.isNull() && !diagnostics.hasErrors()) {
    try {
      const model = toModel(schema, config, "config");
      await hook.call(
        self,
        model as never,
        {
          signal: call.signal,
          logger: call.logger.with({ tf_type: typeName }),
          diagnostics,
          clientCapabilities,
        } as never,
      );
    } catch (e) {
      diagnostics.add(thrownDiagnostic("validateConfig", typeName, e));
    }
  }
  return { diagnostics: wire(diagnostics.all, schema.type) };
}

function baseContext(
  rt: Runtime,
  typeName: string,
  call: CallContext,
  diagnostics: Diagnostics,
  priv: { value: unknown },
) {
  return {
    typeName,
    signal: call.signal,
    logger: call.logger.with({ tf_resource_type: typeName }),
    diagnostics,
    get client(): unknown {
      return rt.client();
    },
    get private(): unknown {
      return priv.value;
    },
    setPrivate(value: unknown): void {
      priv.value = value;
    },
  };
}

/** @internal ReadDataSource. */
export async function readDataSource(
  rt: Runtime,
  ds: DataSourceType<Schema, unknown>,
  req: ReadDataSourceRequest,
  call: CallContext,
): Promise<ReadDataSourceResponse> {
  const { schema } = ds;
  const type = schema.type;
  const diagnostics = new Diagnostics();
  const fail = (d: Diagnostic): ReadDataSourceResponse => {
    diagnostics.add(d);
    return { diagnostics: wire(diagnostics.all, type) };
  };
  let config: Value;
  let model: Model;
  try {
    config = decodeDynamic(req.config, type, "configuration");
    model = toModel(schema, config, "known_config") as Model;
  } catch (e) {
    return fail(thrownDiagnostic("ReadDataSource", ds.typeName, e));
  }
  let returned: unknown;
  const readDeferral = deferral(req.clientCapabilities, "read", diagnostics);
  try {
    const ctx = Object.assign(
      baseContext(rt, ds.typeName, call, diagnostics, { value: undefined }),
      readDeferral.context,
    );
    returned = await ds.definition.read.call(ds.definition, model as never, ctx as never);
  } catch (e) {
    return fail(thrownDiagnostic("read", ds.typeName, e));
  }
  if (readDeferral.reason !== undefined && !diagnostics.hasErrors()) {
    // Deferred: the value stays unknown (computed attributes), as core plans an unread data source.
    return {
      state: encodeDynamic(plannedDataResourceObject(schema, config), type),
      diagnostics: wire(diagnostics.all, type),
      deferred: { reason: readDeferral.reason },
    };
  }
  if (diagnostics.hasErrors()) return { diagnostics: wire(diagnostics.all, type) };
  let state: Value;
  try {
    const v = fromModel(schema, returned as never, "state");
    state = nullWriteOnlyAttributes(schema, keepUnchanged(schema, config, model, returned as Model, v));
  } catch (e) {
    return fail(resultDiagnostic("read", ds.typeName, "state", e));
  }
  const out: Diagnostic[] = [];
  reportViolations(rt, call.logger, ds.typeName, checkDataSourceResult(schema, state), () => "read", out);
  diagnostics.add(out);
  return { state: encodeDynamic(state, type), diagnostics: wire(diagnostics.all, type) };
}

function ephemeralContext(
  rt: Runtime,
  typeName: string,
  call: CallContext,
  diagnostics: Diagnostics,
  priv: { value: unknown },
  renew: { at: Date | undefined },
): EphemeralContext {
  const ctx = baseContext(rt, typeName, call, diagnostics, priv) as unknown as EphemeralContext;
  Object.defineProperty(ctx, "renewAt", {
    value: (when: Date) => {
      renew.at = when;
    },
  });
  return ctx;
}

/** @internal OpenEphemeralResource. */
export async function openEphemeral(
  rt: Runtime,
  er: EphemeralResourceType<Schema, unknown, unknown>,
  req: OpenEphemeralResourceRequest,
  call: CallContext,
): Promise<OpenEphemeralResourceResponse> {
  const { schema } = er;
  const type = schema.type;
  const diagnostics = new Diagnostics();
  const priv = { value: undefined as unknown };
  const renew = { at: undefined as Date | undefined };
  let config: Value;
  let model: Model;
  try {
    config = decodeDynamic(req.config, type, "configuration");
    model = toModel(schema, config, "known_config") as Model;
  } catch (e) {
    diagnostics.add(thrownDiagnostic("OpenEphemeralResource", er.typeName, e));
    return { diagnostics: wire(diagnostics.all, type) };
  }
  let returned: unknown;
  try {
    returned = await er.definition.open.call(
      er.definition,
      model as never,
      ephemeralContext(rt, er.typeName, call, diagnostics, priv, renew) as never,
    );
  } catch (e) {
    diagnostics.add(thrownDiagnostic("open", er.typeName, e));
    return { diagnostics: wire(diagnostics.all, type) };
  }
  let result: Value;
  try {
    const v = fromModel(schema, returned as never, "state");
    result = keepUnchanged(schema, config, model, returned as Model, v);
  } catch (e) {
    diagnostics.add(resultDiagnostic("open", er.typeName, "state", e));
    return { diagnostics: wire(diagnostics.all, type) };
  }
  const out: Diagnostic[] = [];
  reportViolations(rt, call.logger, er.typeName, checkDataSourceResult(schema, result), () => "open", out);
  diagnostics.add(out);
  const resp: {
    -readonly [K in keyof OpenEphemeralResourceResponse]: OpenEphemeralResourceResponse[K];
  } = { result: encodeDynamic(result, type), diagnostics: wire(diagnostics.all, type) };
  if (priv.value !== undefined) resp.private = encodePrivate(priv.value);
  if (renew.at !== undefined) resp.renewAt = renew.at;
  return resp;
}

/** @internal RenewEphemeralResource. */
export async function renewEphemeral(
  rt: Runtime,
  er: EphemeralResourceType<Schema, unknown, unknown>,
  req: RenewEphemeralResourceRequest,
  call: CallContext,
): Promise<RenewEphemeralResourceResponse> {
  const diagnostics = new Diagnostics();
  const priv = { value: undefined as unknown };
  const renew = { at: undefined as Date | undefined };
  try {
    priv.value = readPrivate(req.private, er.definition.privateState);
    await er.definition.renew?.call(
      er.definition,
      ephemeralContext(rt, er.typeName, call, diagnostics, priv, renew) as never,
    );
  } catch (e) {
    diagnostics.add(thrownDiagnostic("renew", er.typeName, e));
  }
  const resp: {
    -readonly [K in keyof RenewEphemeralResourceResponse]: RenewEphemeralResourceResponse[K];
  } = { diagnostics: wire(diagnostics.all) };
  if (priv.value !== undefined) resp.private = encodePrivate(priv.value);
  if (renew.at !== undefined) resp.renewAt = renew.at;
  return resp;
}

/** @internal CloseEphemeralResource. */
export async function closeEphemeral(
  rt: Runtime,
  er: EphemeralResourceType<Schema, unknown, unknown>,
  req: CloseEphemeralResourceRequest,
  call: CallContext,
): Promise<DiagnosticsResponse> {
  const diagnostics = new Diagnostics();
  const priv = { value: undefined as unknown };
  try {
    priv.value = readPrivate(req.private, er.definition.privateState);
    await er.definition.close?.call(
      er.definition,
      baseContext(rt, er.typeName, call, diagnostics, priv) as never,
    );
  } catch (e) {
    diagnostics.add(thrownDiagnostic("close", er.typeName, e));
  }
  return { diagnostics: wire(diagnostics.all) };
}
