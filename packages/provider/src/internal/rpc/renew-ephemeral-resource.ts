import type {
  CallContext,
  RenewEphemeralResourceRequest,
  RenewEphemeralResourceResponse,
} from "@tfkit/grpc-transport";
import type { Schema } from "@tfkit/schema";
import { Diagnostics } from "../../diagnostics.js";
import type { EphemeralResourceType } from "../../ephemeral-resource.js";
import { type Runtime, wire } from "../runtime.js";
import { decodePrivateState, encodePrivateState, FAILED, hookFailed } from "../steps.js";
import { ephemeralContext } from "./open-ephemeral-resource.js";

/** @internal RenewEphemeralResource: the private state `open` left → the `renew` hook. */
export async function renewEphemeralResourceRpc(
  rt: Runtime,
  er: EphemeralResourceType<Schema, unknown, unknown>,
  req: RenewEphemeralResourceRequest,
  call: CallContext,
): Promise<RenewEphemeralResourceResponse> {
  const diagnostics = new Diagnostics();
  const renew = { at: undefined as Date | undefined };
  const priv = decodePrivateState(req.private, er.definition.privateState, er.typeName, diagnostics);
  if (priv === FAILED) return { diagnostics: wire(diagnostics.all) };
  try {
    await er.definition.renew?.call(
      er.definition,
      ephemeralContext(rt, er.typeName, call, diagnostics, priv, renew) as never,
    );
  } catch (e) {
    diagnostics.add(hookFailed("renew", er.typeName, e, call.logger));
  }
  const resp: {
    -readonly [K in keyof RenewEphemeralResourceResponse]: RenewEphemeralResourceResponse[K];
  } = { diagnostics: wire(diagnostics.all) };
  if (priv.value !== undefined) resp.private = encodePrivateState(priv.value, er.typeName, diagnostics);
  if (renew.at !== undefined) resp.renewAt = renew.at;
  return resp;
}
