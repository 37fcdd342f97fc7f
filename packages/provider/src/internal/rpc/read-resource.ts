import { checkReadResult } from "@tfkit/contracts";
import { nullVal, type Value } from "@tfkit/cty-values";
import type {
  CallContext,
  DeferredReason,
  ReadResourceRequest,
  ReadResourceResponse,
} from "@tfkit/grpc-transport";
import { semanticEquality } from "@tfkit/plan-engine";
import type { Diagnostic } from "@tfkit/schema";
import { Diagnostics } from "../../diagnostics.js";
import type { AnyResource } from "../resource-types.js";
import { deferral, reportViolations, type Runtime, wire } from "../runtime.js";
import {
  decodePrivateState,
  decodeValue,
  encodePrivateState,
  encodeValue,
  FAILED,
  hookContext,
  hookFailed,
  knownObject,
  modelOf,
  valueOfResult,
  whollyKnownState,
} from "../steps.js";
import { operationTimeout } from "../operation-timeout.js";
import { formatDuration, runWithTimeout } from "../timeouts.js";

/**
 * @internal ReadResource: decode → validate → the state as `read` sees it (any attribute may be
 * null right after an import) → the hook → the refreshed state as a value → contract checks →
 * encode. A failing read keeps the current state.
 */
export async function readResourceRpc(
  rt: Runtime,
  res: AnyResource,
  req: ReadResourceRequest,
  call: CallContext,
): Promise<ReadResourceResponse> {
  const { schema, typeName } = res;
  const type = schema.type;
  const def = res.definition;
  const diagnostics = new Diagnostics();

  // decode
  const current = decodeValue(req.currentState, type, "current state", typeName, diagnostics);
  const priv = decodePrivateState(req.private, def.privateState, typeName, diagnostics);
  if (current === FAILED || priv === FAILED) return { diagnostics: wire(diagnostics.all, type) };
  let deferredReason: DeferredReason | undefined;
  const answer = (v: Value): ReadResourceResponse => ({
    newState: encodeValue(v, type),
    private: encodePrivateState(priv.value, typeName, diagnostics),
    diagnostics: wire(diagnostics.all, type),
    ...(deferredReason === undefined ? {} : { deferred: { reason: deferredReason } }),
  });

  // validate, model
  if (
    !knownObject(current, "current state", typeName, diagnostics, { nullable: true }) ||
    !whollyKnownState(current, "current state", typeName, diagnostics)
  ) {
    return { diagnostics: wire(diagnostics.all, type) };
  }
  if (current.isNull()) return answer(current);
  const model = modelOf(schema, current, "read", "current state", typeName, diagnostics);
  if (model === FAILED) return answer(current);

  // hook
  const timeout = operationTimeout(current, "read", def.timeouts, diagnostics);
  const readDeferral = deferral(req.clientCapabilities, "read", diagnostics);
  const outcome = await runWithTimeout(call.signal, timeout, rt.timeoutGraceMs, (signal) =>
    def.read.call(
      def,
      model as never,
      hookContext(rt, typeName, call, signal, diagnostics, priv, readDeferral.context) as never,
    ),
  );
  // A deferred read keeps the current state; Terraform reads again in a later round.
  deferredReason = readDeferral.reason;
  if (deferredReason !== undefined) return answer(current);
  if (outcome.kind === "threw") {
    diagnostics.add(hookFailed("read", typeName, outcome.error, call.logger));
    return answer(current);
  }
  if (outcome.kind === "timeout") {
    diagnostics.error(
      "read timed out",
      `The read hook of ${typeName} did not finish within its timeout of ${formatDuration(timeout ?? 0)}. Its signal was aborted.`,
    );
    return answer(current);
  }
  if (outcome.value === undefined) {
    diagnostics.error(
      "Missing resource state after read",
      `The read hook of ${typeName} returned undefined. Return the refreshed state, or null when the object no longer exists.`,
    );
    return answer(current);
  }
  if (outcome.value === null) return answer(nullVal(type));

  // value, check, encode
  const returned = valueOfResult(
    schema,
    outcome.value,
    "state",
    current,
    "read",
    typeName,
    "state",
    diagnostics,
  );
  if (returned === FAILED) return answer(current);
  // A refreshed value that means the same as the current one keeps it: no drift (semantic types).
  const newState = semanticEquality(schema, current, returned);
  const out: Diagnostic[] = [];
  reportViolations(
    rt,
    call.logger,
    typeName,
    () => checkReadResult(schema, newState),
    () => "read",
    out,
  );
  diagnostics.add(out);
  return answer(newState);
}
