import {
  attributeStep,
  CtyError,
  convert,
  friendlyName,
  indexStep,
  isCtyError,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  type Path,
  setVal,
  setValEmpty,
  stringVal,
  type Type,
  tupleType,
  tupleVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";

/**
 * The string legacy Terraform wrote into flatmap for a value not known yet (Terraform's
 * `hcl2shim.UnknownVariableValue`).
 * @category decoding
 */
export const FLATMAP_UNKNOWN = "74D93920-ED26-11E3-AC10-0800200C9A66";

type Flatmap = Readonly<Record<string, string>>;

/**
 * Decodes legacy flatmap state (Terraform 0.11 and earlier) as a value of an object type.
 *
 * @remarks Terraform `hcl2shim.HCL2ValueFromFlatmap` rules:
 * - primitives are strings converted to the attribute type; a missing key is null;
 *   {@link FLATMAP_UNKNOWN} is an unknown value;
 * - lists and sets carry a count under `name.#`, maps under `name.%`; no count means null, a
 *   count of 0 an empty collection; list elements are `name.0`, `name.1`, …;
 * - set elements sit under any key (helper/schema wrote hash codes, `~`-prefixed ones for
 *   elements with computed parts), one element per distinct first key segment; a set counted
 *   `1` with no element keys holds one empty element (empty collection, an object of nulls,
 *   or null);
 * - map keys are everything after `name.`, dots included (flatmap maps only hold primitives);
 * - nested objects use `name.attr`; tuples need exactly their length as count; `dynamic`
 *   cannot be decoded.
 * A `null` map (absent) gives a null object, as the Go function does for a nil map.
 * @example
 * ```ts
 * fromFlatmap({ id: "x", "tags.%": "1", "tags.env": "prod", "ports.#": "1", "ports.0": "80" },
 *   objectType({ id: stringType, tags: mapType(stringType), ports: listType(numberType) }))
 * ```
 * @throws `CtyError` with code `"decode"` and the path of the offending value, worded as
 * Terraform words it (`invalid value for "enabled" in state: a bool is required`,
 * `invalid count value for "ports." in state: …`, `wrong number of values for "pair." in
 * state: got 1, but need 2`, `cannot decode dynamic from flatmap`).
 * @category decoding
 */
export function fromFlatmap(flatmap: Flatmap | null | undefined, type: Type): Value {
  if (flatmap === null || flatmap === undefined) return nullVal(type);
  if (type.kind !== "object") {
    throw new CtyError(
      "decode",
      `flatmap state can only be decoded as an object type, not ${friendlyName(type)}`,
    );
  }
  const m = new Map(Object.entries(flatmap));
  return decodeObject(m, "", type.attributeTypes, []);
}

type FlatMap = ReadonlyMap<string, string>;

function fail(path: Path, message: string): never {
  throw new CtyError("decode", message, { path: [...path] });
}

/** Go's `%q` for the keys in messages (flatmap keys are plain ASCII in practice). */
function quote(s: string): string {
  return JSON.stringify(s);
}

function decodeValue(m: FlatMap, key: string, type: Type, path: Path): Value {
  switch (type.kind) {
    case "string":
    case "number":
    case "bool":
      return decodePrimitive(m, key, type, path);
    case "object":
      return decodeObject(m, `${key}.`, type.attributeTypes, path);
    case "tuple":
      return decodeTuple(m, `${key}.`, type.elementTypes, path);
    case "map":
      return decodeMap(m, `${key}.`, type, path);
    case "list":
      return decodeList(m, `${key}.`, type, path);
    case "set":
      return decodeSet(m, `${key}.`, type, path);
    default:
      return fail(path, `cannot decode ${friendlyName(type)} from flatmap`);
  }
}

function decodePrimitive(m: FlatMap, key: string, type: Type, path: Path): Value {
  const raw = m.get(key);
  if (raw === undefined) return nullVal(type);
  if (raw === FLATMAP_UNKNOWN) return unknownVal(type);
  try {
    return convert(stringVal(raw), type);
  } catch (err) {
    const reason = isCtyError(err) ? err.rawMessage : String(err);
    return fail(path, `invalid value for ${quote(key)} in state: ${reason}`);
  }
}

function decodeObject(
  m: FlatMap,
  prefix: string,
  attributeTypes: Readonly<Record<string, Type>>,
  path: Path,
): Value {
  const values = new Map<string, Value>();
  for (const [name, attributeType] of Object.entries(attributeTypes)) {
    values.set(name, decodeValue(m, prefix + name, attributeType, [...path, attributeStep(name)]));
  }
  return objectVal(values);
}

/** Whether the container itself was written as unknown (no count then). */
function containerUnknown(m: FlatMap, prefix: string): boolean {
  return m.get(prefix.replace(/\.+$/, "")) === FLATMAP_UNKNOWN;
}

/** Go's `strconv.Atoi` on a count, with its error text. */
function parseCount(raw: string, prefix: string, path: Path): number {
  if (!/^[+-]?\d+$/.test(raw)) {
    return fail(
      path,
      `invalid count value for ${quote(prefix)} in state: strconv.Atoi: parsing ${quote(raw)}: invalid syntax`,
    );
  }
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) {
    return fail(
      path,
      `invalid count value for ${quote(prefix)} in state: strconv.Atoi: parsing ${quote(raw)}: value out of range`,
    );
  }
  // Go would panic making a negative-length slice; a diagnostic is kinder.
  if (n < 0) return fail(path, `invalid count value for ${quote(prefix)} in state: negative count ${n}`);
  return n;
}

function decodeTuple(m: FlatMap, prefix: string, elementTypes: readonly Type[], path: Path): Value {
  const type = tupleType(elementTypes);
  if (containerUnknown(m, prefix)) return unknownVal(type);
  const countText = m.get(`${prefix}#`);
  if (countText === undefined) return nullVal(type);
  if (countText === FLATMAP_UNKNOWN) return unknownVal(type);
  const count = parseCount(countText, prefix, path);
  if (count !== elementTypes.length) {
    return fail(
      path,
      `wrong number of values for ${quote(prefix)} in state: got ${count}, but need ${elementTypes.length}`,
    );
  }
  return tupleVal(
    elementTypes.map((et, i) => decodeValue(m, prefix + i, et, [...path, indexStep(numberVal(i))])),
  );
}

function keysUnder(m: FlatMap, prefix: string): string[] {
  const keys: string[] = [];
  for (const k of m.keys()) if (k.startsWith(prefix)) keys.push(k);
  // Go ranges over a map in random order; sorting makes errors deterministic.
  return keys.sort();
}

function decodeMap(m: FlatMap, prefix: string, type: Type & { kind: "map" }, path: Path): Value {
  if (containerUnknown(m, prefix)) return unknownVal(type);
  const countText = m.get(`${prefix}%`);
  if (countText === undefined) return nullVal(type);
  if (countText === FLATMAP_UNKNOWN) return unknownVal(type);
  const values = new Map<string, Value>();
  for (const fullKey of keysUnder(m, prefix)) {
    const key = fullKey.slice(prefix.length);
    if (key === "%") continue;
    values.set(key, decodeValue(m, fullKey, type.elementType, [...path, indexStep(stringVal(key))]));
  }
  if (values.size === 0) return mapValEmpty(type.elementType);
  return mapVal(values);
}

function decodeList(m: FlatMap, prefix: string, type: Type & { kind: "list" }, path: Path): Value {
  if (containerUnknown(m, prefix)) return unknownVal(type);
  const countText = m.get(`${prefix}#`);
  if (countText === undefined) return nullVal(type);
  if (countText === FLATMAP_UNKNOWN) return unknownVal(type);
  const count = parseCount(countText, prefix, path);
  if (count === 0) return listValEmpty(type.elementType);
  const values: Value[] = [];
  for (let i = 0; i < count; i++) {
    values.push(decodeValue(m, prefix + i, type.elementType, [...path, indexStep(numberVal(i))]));
  }
  return listVal(values);
}

function decodeSet(m: FlatMap, prefix: string, type: Type & { kind: "set" }, path: Path): Value {
  if (containerUnknown(m, prefix)) return unknownVal(type);
  const countText = m.get(`${prefix}#`);
  if (countText === undefined) return nullVal(type);
  if (countText === FLATMAP_UNKNOWN) return unknownVal(type);
  const elementType = type.elementType;
  const seen = new Set<string>();
  const values: Value[] = [];
  for (const fullKey of keysUnder(m, prefix)) {
    const subKey = fullKey.slice(prefix.length);
    if (subKey === "#") continue;
    const dot = subKey.indexOf(".");
    const key = dot === -1 ? fullKey : fullKey.slice(0, prefix.length + dot);
    if (seen.has(key)) continue;
    seen.add(key);
    // A set element has no key of its own; the path names it by an unknown value, as go-cty does.
    values.push(decodeValue(m, key, elementType, [...path, indexStep(unknownVal(elementType))]));
  }
  if (values.length === 0 && countText === "1") {
    // An empty element leaves no keys behind, yet the count says there is one.
    values.push(emptyElement(elementType));
  } else if (values.length === 0) {
    return setValEmpty(elementType);
  }
  return setVal(values);
}

function emptyElement(t: Type): Value {
  switch (t.kind) {
    case "map":
      return mapValEmpty(t.elementType);
    case "list":
      return listValEmpty(t.elementType);
    case "set":
      return setValEmpty(t.elementType);
    case "object": {
      const attributes = new Map<string, Value>();
      for (const [name, at] of Object.entries(t.attributeTypes)) attributes.set(name, nullVal(at));
      return objectVal(attributes);
    }
    default:
      return nullVal(t);
  }
}
