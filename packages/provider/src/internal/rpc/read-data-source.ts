import { checkDataSourceResult } from "@tfkit/contracts";
import type { CallContext, ReadDataSourceRequest, ReadDataSourceResponse } from "@tfkit/grpc-transport";
import { plannedDataResourceObject, semanticEquality } from "@tfkit/plan-engine";
import type { Diagnostic, Schema } from "@tfkit/schema";
import type { DataSourceType } from "../../data-source.js";
import { Diagnostics } from "../../diagnostics.js";
import { deferral, reportViolations, type Runtime, wire } from "../runtime.js";
import { operationTimeout } from "../operation-timeout.js";
import { encodeValue, FAILED, hookContext, hookFailed, knownConfiguration, valueOfResult } from "../steps.js";
import { formatDuration, runWithTimeout } from "../timeouts.js";

/**
 * @internal ReadDataSource: decode → validate (a known configuration that fits the schema, no
 * value on a computed-only attribute) → the hook → the result as a value → contract checks →
 * encode.
 */
export async function readDataSourceRpc(
  rt: Runtime,
  ds: DataSourceType<Schema, unknown>,
  req: ReadDataSourceRequest,
  call: CallContext,
): Promise<ReadDataSourceResponse> {
  const { schema, typeName } = ds;
  const type = schema.type;
  const diagnostics = new Diagnostics();
  const stop = (): ReadDataSourceResponse => ({ diagnostics: wire(diagnostics.all, type) });

  // decode, validate, model
  const decoded = knownConfiguration(req.config, schema, typeName, diagnostics);
  if (decoded === FAILED) return stop();
  const { config, model } = decoded;

  // hook
  const readDeferral = deferral(req.clientCapabilities, "read", diagnostics);
  // The configured `timeouts { read = ... }`, else the definition's default (the Go module's datasource/timeouts).
  const timeout = operationTimeout(config, "read", ds.definition.timeouts, diagnostics);
  const outcome = await runWithTimeout(call.signal, timeout, rt.timeoutGraceMs, (signal) => {
    const ctx = hookContext(
      rt,
      typeName,
      call,
      signal,
      diagnostics,
      { value: undefined },
      readDeferral.context,
    );
    return ds.definition.read.call(ds.definition, model as never, ctx as never);
  });
  if (outcome.kind === "threw") {
    diagnostics.add(hookFailed("read", typeName, outcome.error, call.logger));
    return stop();
  }
  if (outcome.kind === "timeout") {
    diagnostics.error(
      "read timed out",
      `The read hook of ${typeName} did not finish within its timeout of ${formatDuration(timeout ?? 0)}. Its signal was aborted.`,
    );
    return stop();
  }
  const returned: unknown = outcome.value;
  if (readDeferral.reason !== undefined && !diagnostics.hasErrors()) {
    // Deferred: the value stays unknown (computed attributes), as core plans an unread data source.
    return {
      state: encodeValue(plannedDataResourceObject(schema, config), type),
      diagnostics: wire(diagnostics.all, type),
      deferred: { reason: readDeferral.reason },
    };
  }
  if (diagnostics.hasErrors()) return stop();

  // value, check, encode
  const result = valueOfResult(schema, returned, "state", config, "read", typeName, "state", diagnostics);
  if (result === FAILED) return stop();
  // A configured value the result spells differently but means the same keeps its configured spelling.
  const state = semanticEquality(schema, config, result);
  const out: Diagnostic[] = [];
  reportViolations(
    rt,
    call.logger,
    typeName,
    () => checkDataSourceResult(schema, state),
    () => "read",
    out,
  );
  diagnostics.add(out);
  return { state: encodeValue(state, type), diagnostics: wire(diagnostics.all, type) };
}
