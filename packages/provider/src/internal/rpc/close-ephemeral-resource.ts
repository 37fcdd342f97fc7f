import type { CallContext, CloseEphemeralResourceRequest, DiagnosticsResponse } from "@tfkit/grpc-transport";
import type { Schema } from "@tfkit/schema";
import { Diagnostics } from "../../diagnostics.js";
import type { EphemeralResourceType } from "../../ephemeral-resource.js";
import { type Runtime, wire } from "../runtime.js";
import { decodePrivateState, FAILED, hookContext, hookFailed } from "../steps.js";

/** @internal CloseEphemeralResource: the private state `open` left → the `close` hook. */
export async function closeEphemeralResourceRpc(
  rt: Runtime,
  er: EphemeralResourceType<Schema, unknown, unknown>,
  req: CloseEphemeralResourceRequest,
  call: CallContext,
): Promise<DiagnosticsResponse> {
  const diagnostics = new Diagnostics();
  const priv = decodePrivateState(req.private, er.definition.privateState, er.typeName, diagnostics);
  if (priv === FAILED) return { diagnostics: wire(diagnostics.all) };
  try {
    await er.definition.close?.call(
      er.definition,
      hookContext(rt, er.typeName, call, call.signal, diagnostics, priv) as never,
    );
  } catch (e) {
    diagnostics.add(hookFailed("close", er.typeName, e, call.logger));
  }
  return { diagnostics: wire(diagnostics.all) };
}
