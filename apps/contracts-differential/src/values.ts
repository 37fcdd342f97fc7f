/**
 * Small cty helpers the scenarios use to craft answers: patch attributes, fill unknowns the way a
 * well-behaved provider would, turn unconfigured computed values unknown.
 */
import {
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  setValEmpty,
  stringVal,
  True,
  type Type,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import type { Schema } from "@tfkit/schema";

/** The attributes of a known, non-null object. */
export function attrs(v: Value): Record<string, Value> {
  return Object.fromEntries(v.entries());
}

/** The object with some attributes replaced. */
export function patch(v: Value, changes: Readonly<Record<string, Value>>): Value {
  return objectVal({ ...attrs(v), ...changes });
}

/** The known, non-null elements of a list or set as an array. */
export function items(v: Value): Value[] {
  return [...v.elements()];
}

/** A list of the given element type (empty allowed). */
export function list(elementType: Type, elements: readonly Value[]): Value {
  return elements.length === 0 ? listValEmpty(elementType) : listVal(elements);
}

/** A map of the given element type (empty allowed). */
export function map(elementType: Type, entries: Readonly<Record<string, Value>>): Value {
  return Object.keys(entries).length === 0 ? mapValEmpty(elementType) : mapVal(entries);
}

/** A map's entries with a function applied to each value. */
function mapEntries(v: Value, fn: (e: Value) => Value): Record<string, Value> {
  return Object.fromEntries([...v.entries()].map(([k, e]) => [k, fn(e)] as const));
}

/** A set of the given element type (empty allowed). */
export function set(elementType: Type, elements: readonly Value[]): Value {
  return elements.length === 0 ? setValEmpty(elementType) : setVal(elements);
}

/** A known value of a type, as a provider would make one up ("filled", 1, true, empty collections). */
function madeUp(t: Type, v: Value): Value {
  const prefix = v.refinement?.stringPrefix ?? "";
  switch (t.kind) {
    case "string":
      return stringVal(`${prefix}filled`);
    case "number":
      return numberVal(1);
    case "bool":
      return True;
    case "list":
      return listVal([madeUp(t.elementType, unknownVal(t.elementType))]);
    case "set":
      return setValEmpty(t.elementType);
    case "object":
      return objectVal(
        Object.fromEntries(
          Object.entries(t.attributeTypes).map(([n, at]) => [n, madeUp(at, unknownVal(at))] as const),
        ),
      );
    default:
      return nullVal(t);
  }
}

/** The value with every unknown (at any depth) replaced by a made-up known value. */
export function fillUnknowns(v: Value): Value {
  if (!v.isKnown()) return madeUp(v.type, v);
  if (v.isNull()) return v;
  const t = v.type;
  switch (t.kind) {
    case "object":
      return objectVal(Object.fromEntries([...v.entries()].map(([n, a]) => [n, fillUnknowns(a)] as const)));
    case "list":
      return list(t.elementType, items(v).map(fillUnknowns));
    case "set":
      return set(t.elementType, items(v).map(fillUnknowns));
    case "map":
      return map(t.elementType, mapEntries(v, fillUnknowns));
    default:
      return v;
  }
}

/**
 * The proposed new state with every computed attribute that is null turned unknown (at the top
 * level and inside list/set block elements), as a provider plans a create or an update.
 */
export function unknownComputed(schema: Pick<Schema, "attributes" | "blocks">, v: Value): Value {
  if (!v.isKnown() || v.isNull()) return v;
  const out = attrs(v);
  for (const [name, spec] of Object.entries(schema.attributes)) {
    const a = out[name];
    if (a && spec.computed && a.isNull()) out[name] = unknownVal(a.type);
  }
  for (const [name, spec] of Object.entries(schema.blocks)) {
    const b = out[name];
    if (!b?.isKnown() || b.isNull()) continue;
    if (b.type.kind === "map")
      out[name] = map(
        b.type.elementType,
        mapEntries(b, (e) => unknownComputed(spec, e)),
      );
    if (b.type.kind === "list")
      out[name] = list(
        b.type.elementType,
        items(b).map((e) => unknownComputed(spec, e)),
      );
    if (b.type.kind === "set")
      out[name] = set(
        b.type.elementType,
        items(b).map((e) => unknownComputed(spec, e)),
      );
    // single and group blocks: the block's own object.
    if (b.type.kind === "object") out[name] = unknownComputed(spec, b);
  }
  return objectVal(out);
}

/** The object with every top-level write-only attribute null, as a provider must answer. */
export function nullWriteOnly(schema: Pick<Schema, "attributes">, v: Value): Value {
  if (!v.isKnown() || v.isNull()) return v;
  const out = attrs(v);
  for (const [name, spec] of Object.entries(schema.attributes)) {
    const a = out[name];
    if (a && spec.writeOnly) out[name] = nullVal(a.type);
  }
  return objectVal(out);
}

/**
 * Replaces the msgpack fixstr encoding of `from` inside `bytes` with `to` as given (no NFC
 * normalization), as a fixstr or as msgpack `bin 8`: other encodings of a string that go-cty's
 * decoder accepts.
 */
export function replaceMsgpackString(
  bytes: Uint8Array,
  from: string,
  to: string,
  as: "str" | "bin" = "str",
): Uint8Array {
  const utf8 = (x: string) => new TextEncoder().encode(x);
  const fromBytes = utf8(from);
  const toBytes = utf8(to);
  if (fromBytes.length > 31 || toBytes.length > 31) throw new Error("only short strings");
  const needle = Uint8Array.of(0xa0 | fromBytes.length, ...fromBytes);
  const replacement =
    as === "str"
      ? Uint8Array.of(0xa0 | toBytes.length, ...toBytes)
      : Uint8Array.of(0xc4, toBytes.length, ...toBytes);
  const at = Buffer.from(bytes).indexOf(Buffer.from(needle));
  if (at < 0) throw new Error(`msgpack string ${JSON.stringify(from)} not found`);
  return Uint8Array.from([...bytes.subarray(0, at), ...replacement, ...bytes.subarray(at + needle.length)]);
}
