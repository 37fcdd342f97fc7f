import type { AttributeShape, BlockShape, BodyShape } from "@tfkit/contracts";
import {
  boolVal,
  convert,
  dynamicType,
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
  tupleVal,
  type Type,
  type Value,
} from "@tfkit/cty-values";
import {
  isUnknownConfigValue,
  refinedUnknown,
  refinementProblem,
  type UnknownConfigValue,
} from "../unknown-value.js";

/**
 * One value in a {@link StructuredConfig}: what an HCL expression would produce.
 *
 * @remarks Strings, numbers (a `string` with digits is a string: write exact numbers as
 * `bigint` or use `number`), booleans, `null`, arrays (lists, sets, tuples; and repeated nested
 * blocks) and plain objects (maps, objects; and single nested blocks); and, as an attribute's
 * whole value, a value unknown at plan time ({@link unknownValue}).
 * @category models
 */
export type ConfigValue =
  | null
  | UnknownConfigValue
  | string
  | number
  | bigint
  | boolean
  | readonly ConfigValue[]
  | { readonly [key: string]: ConfigValue };

/**
 * The body of one `resource`, `data` or `provider` block: attribute values and nested blocks by
 * name. Omitted names are null (or, for list, set and map blocks, no blocks).
 *
 * @remarks Nested blocks are given as values: an array of objects for `list` and `set` blocks,
 * an object for `single` and `group` blocks, an object of objects (by label) for `map` blocks.
 * @category models
 */
export interface ConfigBody {
  /** An attribute value or a nested block, by name. */
  readonly [name: string]: ConfigValue;
}

/**
 * A Terraform configuration given as data instead of HCL: the fake core uses it directly (the
 * values converted with each schema's implied type) and the real-CLI runner renders it to HCL.
 *
 * @remarks References between resources, `count`, `for_each` and modules are out of scope: each
 * block is a constant body. terraform-plugin-testing has no equivalent (it takes HCL only).
 * @example
 * ```ts
 * const config: StructuredConfig = {
 *   resources: { "notes_note.a": { title: "hello world", tags: { env: "dev" } } },
 * };
 * ```
 * @category models
 */
export interface StructuredConfig {
  /** Provider configurations by provider local name (`notes` for `provider "notes" {}`). */
  readonly providers?: Readonly<Record<string, ConfigBody>>;
  /** Managed resources by address `<type>.<name>` (e.g. `notes_note.a`). */
  readonly resources?: Readonly<Record<string, ConfigBody>>;
  /** Data sources by address without the `data.` prefix (`notes_lookup.x` is `data.notes_lookup.x`). */
  readonly dataSources?: Readonly<Record<string, ConfigBody>>;
}

/**
 * A structured config that does not fit the schema (what Terraform reports while decoding HCL).
 *
 * @internal
 */
export class ConfigError extends TypeError {
  /** Terraform's summary for the problem. */
  readonly summary: string;
  /** Terraform's detail for the problem. */
  readonly detail: string;
  constructor(message: string, summary = "Invalid configuration", detail = message) {
    super(message);
    this.name = "ConfigError";
    this.summary = summary;
    this.detail = detail;
  }
}

/**
 * Splits a `type.name` address.
 *
 * @internal
 */
export function splitAddress(address: string): { type: string; name: string } {
  const match = /^([A-Za-z_][A-Za-z0-9_-]*)\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(address);
  if (!match) {
    throw new TypeError(
      `@tfkit/testing: ${JSON.stringify(address)} is not a resource address of the form <type>.<name>`,
    );
  }
  return { type: match[1] as string, name: match[2] as string };
}

const isPlainObject = (v: ConfigValue | undefined): v is { readonly [key: string]: ConfigValue } =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !isUnknownConfigValue(v);

/** The cty value an HCL literal of this shape evaluates to (before conversion). */
function literal(v: ConfigValue): Value {
  if (v === null) return nullVal(dynamicType);
  if (isUnknownConfigValue(v))
    throw new ConfigError(
      "@tfkit/testing: structured config: unknownValue() is supported as an attribute's whole value, not inside a collection or object",
    );
  if (typeof v === "string") return stringVal(v);
  if (typeof v === "number" || typeof v === "bigint") return numberVal(v);
  if (typeof v === "boolean") return boolVal(v);
  if (Array.isArray(v)) return tupleVal((v as readonly ConfigValue[]).map(literal));
  const attrs: Record<string, Value> = {};
  for (const [k, e] of Object.entries(v as { readonly [key: string]: ConfigValue })) attrs[k] = literal(e);
  return objectVal(attrs);
}

function where(path: string): string {
  return path === "" ? "the block" : path;
}

/** An unknownValue() as the refined unknown of the attribute's type. */
function unknownOf(v: UnknownConfigValue, type: Type, path: string): Value {
  try {
    return refinedUnknown(type, v.refinements);
  } catch (error) {
    const why = refinementProblem(error);
    if (why === undefined) throw error;
    throw new ConfigError(`@tfkit/testing: structured config ${where(path)}: unknownValue: ${why}`);
  }
}

function toTyped(v: ConfigValue | undefined, type: Type, path: string): Value {
  if (v === undefined || v === null) return nullVal(type);
  if (isUnknownConfigValue(v)) return unknownOf(v, type, path);
  try {
    return convert(literal(v), type);
  } catch (error) {
    const message = `@tfkit/testing: structured config ${where(path)}: ${error instanceof Error ? error.message : String(error)}`;
    throw new ConfigError(
      message,
      "Incorrect attribute value type",
      `Inappropriate value for attribute "${path}": ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
}

function nestedAttribute(attr: AttributeShape, v: ConfigValue | undefined, path: string): Value {
  const attrs = attr.attributes ?? {};
  const object = (e: ConfigValue | undefined, p: string): Value => {
    if (!isPlainObject(e))
      throw new ConfigError(`@tfkit/testing: structured config ${p}: expected an object`);
    return bodyObject({ attributes: attrs, blocks: {} }, e, p);
  };
  if (v === undefined || v === null) return nullVal(attr.type);
  if (isUnknownConfigValue(v)) return unknownOf(v, attr.type, path);
  const elementType = attr.objectType;
  switch (attr.nesting) {
    case "list":
    case "set": {
      if (!Array.isArray(v))
        throw new ConfigError(`@tfkit/testing: structured config ${path}: expected an array`);
      const elems = (v as readonly ConfigValue[]).map((e, i) => object(e, `${path}[${i}]`));
      if (elems.length === 0 && elementType)
        return attr.nesting === "list" ? listValEmpty(elementType) : setValEmpty(elementType);
      return attr.nesting === "list" ? listVal(elems) : setVal(elems);
    }
    case "map": {
      if (!isPlainObject(v))
        throw new ConfigError(`@tfkit/testing: structured config ${path}: expected an object`);
      const entries = Object.entries(v);
      if (entries.length === 0 && elementType) return mapValEmpty(elementType);
      return mapVal(Object.fromEntries(entries.map(([k, e]) => [k, object(e, `${path}["${k}"]`)])));
    }
    default:
      return object(v, path);
  }
}

function block(spec: BlockShape, v: ConfigValue | undefined, path: string): Value {
  const object = (e: ConfigValue | undefined, p: string): Value => {
    if (!isPlainObject(e))
      throw new ConfigError(`@tfkit/testing: structured config ${p}: a block must be an object`);
    return bodyObject(spec, e, p);
  };
  switch (spec.nesting) {
    case "single":
      return v === undefined || v === null ? nullVal(spec.objectType) : object(v, path);
    case "group":
      return object(v ?? {}, path);
    case "list":
    case "set": {
      const items = v === undefined || v === null ? [] : v;
      if (!Array.isArray(items))
        throw new ConfigError(`@tfkit/testing: structured config ${path}: repeated blocks must be an array`);
      const elems = (items as readonly ConfigValue[]).map((e, i) => object(e, `${path}[${i}]`));
      if (elems.length === 0)
        return spec.nesting === "list" ? listValEmpty(spec.objectType) : setValEmpty(spec.objectType);
      return spec.nesting === "list" ? listVal(elems) : setVal(elems);
    }
    case "map": {
      const items = v === undefined || v === null ? {} : v;
      if (!isPlainObject(items))
        throw new ConfigError(
          `@tfkit/testing: structured config ${path}: map blocks must be an object by label`,
        );
      const entries = Object.entries(items);
      if (entries.length === 0) return mapValEmpty(spec.objectType);
      return mapVal(Object.fromEntries(entries.map(([k, e]) => [k, object(e, `${path}["${k}"]`)])));
    }
  }
}

function bodyObject(schema: BodyShape, body: { readonly [key: string]: ConfigValue }, path: string): Value {
  const known = new Set([...Object.keys(schema.attributes), ...Object.keys(schema.blocks)]);
  for (const name of Object.keys(body)) {
    if (!known.has(name)) {
      throw new ConfigError(
        `@tfkit/testing: structured config ${where(path)}: unsupported argument "${name}" (the schema has ${[...known].join(", ") || "none"})`,
        "Unsupported argument",
        `An argument named "${name}" is not expected here.`,
      );
    }
  }
  const attrs: Record<string, Value> = {};
  for (const [name, attr] of Object.entries(schema.attributes)) {
    const p = path === "" ? name : `${path}.${name}`;
    attrs[name] =
      attr.kind === "nested_attribute"
        ? nestedAttribute(attr, body[name], p)
        : toTyped(body[name], attr.type, p);
  }
  for (const [name, spec] of Object.entries(schema.blocks)) {
    attrs[name] = block(spec, body[name], path === "" ? name : `${path}.${name}`);
  }
  return objectVal(attrs);
}

/**
 * Converts a block body given as data into the cty object core would decode from HCL, with the
 * schema's implied type: omitted attributes null, omitted repeated blocks empty.
 *
 * @remarks Like Terraform's `hcldec.Decode(body, schema.DecoderSpec())` for constant bodies;
 * conversions follow go-cty `convert` (a number for a string attribute becomes its text).
 * Unknown argument names throw a `TypeError` ("unsupported argument").
 * @internal
 */
export function configToValue(schema: BodyShape, body: ConfigBody | undefined): Value {
  return bodyObject(schema, body ?? {}, "");
}
