// Helpers for driving a provider in-process through the ProviderServer interface.
import { fromMsgpack, toMsgpack, type Type, type Value } from "@tfkit/cty-values";
import { type CallContext, createLogger, type DynamicValue, type Logger } from "@tfkit/grpc-transport";

export interface TestCall extends CallContext {
  readonly lines: Record<string, unknown>[];
  readonly controller: AbortController;
}

export function call(rpc = "Test"): TestCall {
  const lines: Record<string, unknown>[] = [];
  const logger: Logger = createLogger({
    level: "trace",
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const controller = new AbortController();
  return { rpc, signal: controller.signal, logger, lines, controller };
}

export function dv(v: Value, t: Type): DynamicValue {
  return { msgpack: toMsgpack(v, t) };
}

export function decode(d: DynamicValue | undefined, t: Type): Value {
  if (d?.msgpack === undefined) throw new Error("no msgpack in the answer");
  return fromMsgpack(d.msgpack, t);
}

export const noBytes = new Uint8Array(0);
