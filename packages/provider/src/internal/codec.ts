import {
  fromJson,
  fromMsgpack,
  isCtyError,
  nullVal,
  type Path,
  toMsgpack,
  transform,
  type Type,
  type Value,
} from "@tfkit/cty-values";
import type { DynamicValue } from "@tfkit/grpc-transport";

/** @internal A value Terraform sent could not be decoded with the schema's type. */
export class DecodeError extends Error {
  override name = "DecodeError";
  readonly path: Path | undefined;
  constructor(what: string, message: string, path: Path | undefined) {
    super(`${what}: ${message}`);
    this.path = path;
  }
}

/**
 * @internal Decodes a DynamicValue as core does: msgpack when non-empty, else JSON when
 * non-empty, else a typed null.
 */
export function decodeDynamic(dv: DynamicValue | undefined, type: Type, what: string): Value {
  try {
    if (dv?.msgpack !== undefined && dv.msgpack.length > 0) return fromMsgpack(dv.msgpack, type);
    if (dv?.json !== undefined && dv.json.length > 0) return fromJson(dv.json, type);
  } catch (e) {
    if (isCtyError(e)) throw new DecodeError(what, e.rawMessage, e.path);
    throw new DecodeError(what, e instanceof Error ? e.message : String(e), undefined);
  }
  return nullVal(type);
}

/** @internal Encodes a value for the wire (always msgpack: JSON cannot carry unknowns). */
export function encodeDynamic(v: Value, type: Type): DynamicValue {
  return { msgpack: toMsgpack(v, type) };
}

/** @internal Replaces every unknown in a value by a null of the same type (deep). */
export function unknownsToNull(v: Value): Value {
  return transform(v, (_path, x) => (x.isKnown() ? x : nullVal(x.type)));
}
