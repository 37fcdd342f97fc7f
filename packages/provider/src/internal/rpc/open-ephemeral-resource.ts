import { checkDataSourceResult } from "@tfkit/contracts";
import type {
  CallContext,
  OpenEphemeralResourceRequest,
  OpenEphemeralResourceResponse,
} from "@tfkit/grpc-transport";
import type { Diagnostic, Schema } from "@tfkit/schema";
import { Diagnostics } from "../../diagnostics.js";
import type { EphemeralContext, EphemeralResourceType } from "../../ephemeral-resource.js";
import { reportViolations, type Runtime, wire } from "../runtime.js";
import {
  encodePrivateState,
  encodeValue,
  FAILED,
  hookContext,
  hookFailed,
  knownConfiguration,
  valueOfResult,
} from "../steps.js";

/** @internal The context of an ephemeral resource's hooks: a resource context plus `renewAt`. */
export function ephemeralContext(
  rt: Runtime,
  typeName: string,
  call: CallContext,
  diagnostics: Diagnostics,
  priv: { value: unknown },
  renew: { at: Date | undefined },
): EphemeralContext {
  return hookContext(rt, typeName, call, call.signal, diagnostics, priv, {
    renewAt: (when: Date) => {
      renew.at = when;
    },
  }) as unknown as EphemeralContext;
}

/** @internal OpenEphemeralResource: decode → validate → the hook → the result as a value → checks → encode. */
export async function openEphemeralResourceRpc(
  rt: Runtime,
  er: EphemeralResourceType<Schema, unknown, unknown>,
  req: OpenEphemeralResourceRequest,
  call: CallContext,
): Promise<OpenEphemeralResourceResponse> {
  const { schema, typeName } = er;
  const type = schema.type;
  const diagnostics = new Diagnostics();
  const stop = (): OpenEphemeralResourceResponse => ({ diagnostics: wire(diagnostics.all, type) });
  const priv = { value: undefined as unknown };
  const renew = { at: undefined as Date | undefined };
  const decoded = knownConfiguration(req.config, schema, typeName, diagnostics);
  if (decoded === FAILED) return stop();
  const { config, model } = decoded;
  let returned: unknown;
  try {
    returned = await er.definition.open.call(
      er.definition,
      model as never,
      ephemeralContext(rt, typeName, call, diagnostics, priv, renew) as never,
    );
  } catch (e) {
    diagnostics.add(hookFailed("open", typeName, e, call.logger));
    return stop();
  }
  const result = valueOfResult(schema, returned, "state", config, "open", typeName, "state", diagnostics);
  if (result === FAILED) return stop();
  const out: Diagnostic[] = [];
  reportViolations(
    rt,
    call.logger,
    typeName,
    () => checkDataSourceResult(schema, result),
    () => "open",
    out,
  );
  diagnostics.add(out);
  const resp: {
    -readonly [K in keyof OpenEphemeralResourceResponse]: OpenEphemeralResourceResponse[K];
  } = { result: encodeValue(result, type), diagnostics: wire(diagnostics.all, type) };
  if (priv.value !== undefined) resp.private = encodePrivateState(priv.value, typeName, diagnostics);
  if (renew.at !== undefined) resp.renewAt = renew.at;
  return resp;
}
