import { checkReadResult } from "@tfkit/contracts";
import type { CallContext, MoveResourceStateRequest, MoveResourceStateResponse } from "@tfkit/grpc-transport";
import { type Diagnostic, toModel } from "@tfkit/schema";
import { decodeStateJson, type JsonObject } from "@tfkit/upgrade";
import { Diagnostics } from "../../diagnostics.js";
import type { AnyResource } from "../resource-types.js";
import { reportViolations, type Runtime, wire } from "../runtime.js";
import { encodePrivateState, encodeValue, FAILED, hookContext, hookFailed, valueOfResult } from "../steps.js";

/**
 * @internal MoveResourceState: the source state's JSON → the first state mover that takes it
 * (decoded with its `sourceSchema` when it has one) → the target state as a value → contract
 * checks → encode.
 */
export async function moveResourceStateRpc(
  rt: Runtime,
  res: AnyResource,
  req: MoveResourceStateRequest,
  call: CallContext,
): Promise<MoveResourceStateResponse> {
  const { schema, typeName } = res;
  const type = schema.type;
  const diagnostics = new Diagnostics();
  const movers = res.definition.moveState ?? [];
  const raw = req.sourceState?.json;
  let json: unknown;
  try {
    if (raw !== undefined && raw.length > 0)
      json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch (e) {
    diagnostics.error(
      "Unable to Read Source State",
      `The source state of ${req.sourceTypeName} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
    );
    return { diagnostics: wire(diagnostics.all) };
  }
  if (json === undefined || json === null || typeof json !== "object" || Array.isArray(json)) {
    diagnostics.error(
      json === undefined ? "Missing Source State" : "Unable to Read Source State",
      json === undefined
        ? `MoveResourceState for ${typeName} received no source state.`
        : `The source state of ${req.sourceTypeName} is not a JSON object.`,
    );
    return { diagnostics: wire(diagnostics.all) };
  }
  const priv = { value: undefined as unknown };
  for (const mover of movers) {
    if (mover.sourceTypeName !== undefined && mover.sourceTypeName !== req.sourceTypeName) continue;
    let state: unknown;
    if (mover.sourceSchema !== undefined && raw !== undefined) {
      try {
        state = toModel(mover.sourceSchema, decodeStateJson(raw, mover.sourceSchema.type), "state");
      } catch (e) {
        call.logger.debug("state mover skipped: source state does not fit its sourceSchema", {
          tf_resource_type: typeName,
          error: e instanceof Error ? e.message : String(e),
        });
        continue;
      }
    }
    let out: unknown;
    try {
      out = await mover.move(
        {
          sourceProviderAddress: req.sourceProviderAddress,
          sourceTypeName: req.sourceTypeName,
          sourceSchemaVersion: req.sourceSchemaVersion,
          json: json as JsonObject,
          state: state as never,
        },
        hookContext(rt, typeName, call, call.signal, diagnostics, priv),
      );
    } catch (e) {
      diagnostics.add(hookFailed("moveState", typeName, e, call.logger));
      return { diagnostics: wire(diagnostics.all, type) };
    }
    if (out === undefined) continue;
    const target = valueOfResult(
      schema,
      out,
      "state",
      undefined,
      "moveState",
      typeName,
      "state",
      diagnostics,
    );
    if (target === FAILED) return { diagnostics: wire(diagnostics.all, type) };
    const violations: Diagnostic[] = [];
    reportViolations(
      rt,
      call.logger,
      typeName,
      () => checkReadResult(schema, target),
      () => "moveState",
      violations,
    );
    diagnostics.add(violations);
    return {
      targetState: encodeValue(target, type),
      targetPrivate: encodePrivateState(priv.value, typeName, diagnostics),
      diagnostics: wire(diagnostics.all, type),
    };
  }
  diagnostics.error(
    "Unable to Move Resource State",
    "The target resource implementation does not include support for moving resource state from the given source. " +
      "This is always an issue in the Terraform Provider and should be reported to the provider developers.\n\n" +
      `Source Provider Address: ${req.sourceProviderAddress}\nSource Resource Type: ${req.sourceTypeName}\n` +
      `Source Resource Schema Version: ${req.sourceSchemaVersion}\nTarget Resource Type: ${typeName}`,
  );
  return { diagnostics: wire(diagnostics.all) };
}
