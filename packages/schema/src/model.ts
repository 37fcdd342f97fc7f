import type { Path, Value } from "@tfkit/cty-values";
import {
  boolVal,
  CtyError,
  isValue,
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
  unknownVal,
  unmarkDeep,
} from "@tfkit/cty-values";
import { withAttribute, withIndex } from "./internal/path.js";
import type { Model, Phase, SchemaBody } from "./model-types.js";
import type { AnyAttributeSpec, Attributes, BlockSpec, NestedAttributeSpec } from "./spec.js";
import type { TypeSpec } from "./type-spec.js";
import { isUnknown, Unknown } from "./unknown.js";

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function fail(message: string, path: Path): never {
  throw new CtyError("conversion", message, { path });
}

// ---------------------------------------------------------------------------------------------
// Value → model

/**
 * @internal Maps a known, non-null, wholly known value of a type spec to its model.
 */
export function typeValueToModel(spec: TypeSpec, v: Value, path: Path): unknown {
  if (spec.kind === "dynamic") return v;
  if (v.isNull()) fail("null values are not supported here in models; use the cty Value API", path);
  if (!v.isKnown()) fail("unexpected unknown value", path);
  switch (spec.kind) {
    case "string":
      return v.asString();
    case "bool":
      return v.asBool();
    case "number":
      return v.asNumber();
    case "int64": {
      const n = v.asNumber();
      if (!n.isInt64()) fail(`Value ${n.text()} cannot be represented as a 64-bit integer.`, path);
      const b = n.toBigInt();
      if (b > MAX_SAFE || b < -MAX_SAFE) {
        fail(
          `Value ${n.text()} cannot be represented exactly as a JavaScript number; use t.number for exact values.`,
          path,
        );
      }
      return Number(b);
    }
    case "float64": {
      const n = v.asNumber();
      const x = n.toFloat64();
      if (!Number.isFinite(x) && !n.isInfinite()) {
        fail(`Value ${n.text()} cannot be represented as a 64-bit floating point.`, path);
      }
      return x;
    }
    case "list":
    case "set":
      return v
        .elements()
        .map((e, i) => typeValueToModel(spec.element as TypeSpec, e, withIndex(path, indexKey(v, e, i))));
    case "tuple":
      return v.elements().map((e, i) => {
        const p = withIndex(path, numberVal(i));
        const es = (spec.elements as readonly TypeSpec[])[i] as TypeSpec;
        return e.isNull() ? null : typeValueToModel(es, e, p);
      });
    case "map": {
      const out: Record<string, unknown> = {};
      for (const [k, e] of v.entries()) {
        defineEntry(out, k, typeValueToModel(spec.element as TypeSpec, e, withIndex(path, stringVal(k))));
      }
      return out;
    }
    case "object": {
      const out: Record<string, unknown> = {};
      const attrs = spec.attributes as Readonly<Record<string, TypeSpec>>;
      for (const [k, as] of Object.entries(attrs)) {
        const e = v.entries().get(k);
        if (e === undefined) fail(`missing required attribute "${k}"`, path);
        const p = withAttribute(path, k);
        defineEntry(out, k, e.isNull() ? null : typeValueToModel(as, e, p));
      }
      return out;
    }
  }
}

function indexKey(collection: Value, element: Value, i: number): Value {
  return collection.type.kind === "set" ? element : numberVal(i);
}

/** Sets an own enumerable property, even for keys such as `__proto__`. */
function defineEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Ctx {
  readonly phase: Phase;
}

function mayBeUnknown(spec: AnyAttributeSpec, phase: Phase, inComputed: boolean): boolean {
  if (phase === "config" || phase === "proposed") return true;
  if (phase === "state" || phase === "known_config") return false;
  return inComputed || spec.computed;
}

function mayBeNull(spec: AnyAttributeSpec, phase: Phase, inComputed: boolean): boolean {
  const configured = phase === "config" || phase === "known_config";
  if (!configured && spec.writeOnly) return true;
  if (inComputed && !configured) return true;
  return !spec.required;
}

const PHASE_NAME: Record<Phase, string> = {
  config: "configuration",
  known_config: "configuration",
  proposed: "proposed state",
  plan: "planned state",
  state: "state",
};

function attributeToModel(
  spec: AnyAttributeSpec,
  v: Value,
  ctx: Ctx,
  inComputed: boolean,
  path: Path,
): unknown {
  const unknownHere =
    !v.isKnown() ||
    (spec.kind === "attribute" && spec.valueType.kind !== "dynamic" && !v.isWhollyKnown()) ||
    (spec.kind === "nested_attribute" && spec.nesting !== "single" && !v.isNull() && hasUnknownElement(v));
  if (unknownHere) {
    if (!mayBeUnknown(spec, ctx.phase, inComputed))
      fail(`unexpected unknown value in the ${PHASE_NAME[ctx.phase]}`, path);
    return Unknown;
  }
  if (v.isNull()) {
    if (!mayBeNull(spec, ctx.phase, inComputed))
      fail(`required attribute is null in the ${PHASE_NAME[ctx.phase]}`, path);
    return null;
  }
  if (spec.writeOnly && ctx.phase !== "config" && ctx.phase !== "known_config") {
    fail(`write-only attribute has a value in the ${PHASE_NAME[ctx.phase]}; it must be null`, path);
  }
  if (spec.kind === "attribute") return typeValueToModel(spec.valueType, v, path);
  return nestedToModel(spec, v, ctx, inComputed || spec.computed, path);
}

function hasUnknownElement(v: Value): boolean {
  if (!v.isKnown()) return true;
  if (v.type.kind === "map" || v.type.kind === "object") {
    for (const e of v.entries().values()) if (!e.isKnown()) return true;
    return false;
  }
  return v.elements().some((e) => !e.isKnown());
}

function nestedToModel(
  spec: NestedAttributeSpec,
  v: Value,
  ctx: Ctx,
  inComputed: boolean,
  path: Path,
): unknown {
  const body: SchemaBody = { attributes: spec.attributes, blocks: {} };
  switch (spec.nesting) {
    case "single":
      return bodyToModel(body, v, ctx, inComputed, path);
    case "list":
    case "set":
      return v.elements().map((e, i) => {
        const p = withIndex(path, indexKey(v, e, i));
        if (e.isNull()) fail("null elements are not supported in models", p);
        return bodyToModel(body, e, ctx, inComputed, p);
      });
    case "map": {
      const out: Record<string, unknown> = {};
      for (const [k, e] of v.entries()) {
        const p = withIndex(path, stringVal(k));
        if (e.isNull()) fail("null elements are not supported in models", p);
        defineEntry(out, k, bodyToModel(body, e, ctx, inComputed, p));
      }
      return out;
    }
  }
}

function blockToModel(spec: BlockSpec, v: Value, ctx: Ctx, inComputed: boolean, path: Path): unknown {
  if (
    !v.isKnown() ||
    (spec.nesting !== "single" && spec.nesting !== "group" && !v.isNull() && hasUnknownElement(v))
  ) {
    const allowed =
      ctx.phase === "config" || ctx.phase === "proposed" || (ctx.phase === "plan" && spec.computed);
    if (!allowed) fail(`unexpected unknown block in the ${PHASE_NAME[ctx.phase]}`, path);
    return Unknown;
  }
  const body: SchemaBody = spec;
  const configured = ctx.phase === "config" || ctx.phase === "known_config";
  const inner = inComputed || (spec.computed && !configured);
  switch (spec.nesting) {
    case "single":
      if (v.isNull()) {
        if (spec.required) fail(`required block is absent from the ${PHASE_NAME[ctx.phase]}`, path);
        return null;
      }
      return bodyToModel(body, v, ctx, inner, path);
    case "group":
      if (v.isNull()) fail("a group block must never be null", path);
      return bodyToModel(body, v, ctx, inner, path);
    case "list":
    case "set":
      if (v.isNull()) return [];
      return v.elements().map((e, i) => {
        const p = withIndex(path, indexKey(v, e, i));
        if (e.isNull()) fail("a nested block must not be null", p);
        return bodyToModel(body, e, ctx, inner, p);
      });
    case "map": {
      const out: Record<string, unknown> = {};
      if (v.isNull()) return out;
      for (const [k, e] of v.entries()) {
        const p = withIndex(path, stringVal(k));
        if (e.isNull()) fail("a nested block must not be null", p);
        defineEntry(out, k, bodyToModel(body, e, ctx, inner, p));
      }
      return out;
    }
  }
}

function bodyToModel(
  body: SchemaBody,
  v: Value,
  ctx: Ctx,
  inComputed: boolean,
  path: Path,
): Record<string, unknown> {
  if (v.type.kind !== "object") fail(`object required, but received ${v.type.kind}`, path);
  const entries = v.entries();
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(body.attributes)) {
    const p = withAttribute(path, name);
    const av = entries.get(name);
    if (av === undefined) fail(`missing required attribute "${name}"`, path);
    if ((ctx.phase === "config" || ctx.phase === "known_config") && spec.presence === "computed") {
      if (!av.isNull()) fail("a computed-only (read-only) attribute is set in the configuration", p);
      continue;
    }
    defineEntry(out, name, attributeToModel(spec, av, ctx, inComputed, p));
  }
  for (const [name, spec] of Object.entries(body.blocks)) {
    const p = withAttribute(path, name);
    const bv = entries.get(name);
    if (bv === undefined) fail(`missing required attribute "${name}"`, path);
    defineEntry(out, name, blockToModel(spec, bv, ctx, inComputed, p));
  }
  return out;
}

/**
 * Maps a cty object value of a schema to its TypeScript model for a phase.
 *
 * @remarks
 * - Unknown values become {@link Unknown}. A plain (non-nested) attribute that is only partly
 *   unknown (e.g. a list with one unknown element) becomes {@link Unknown} as a whole, and so
 *   does a nested list/set/map attribute with an unknown element.
 * - The phase's promises are checked (see {@link Phase}): an unknown in state, a null required
 *   attribute in a plan, or a write-only value in state throws.
 * - Empty or null list/set/map blocks become `[]`/`{}` (the Go framework shows them as null).
 * - Marks (sensitive) are dropped; they belong to core, not to provider code.
 * @throws `CtyError` (from `@tfkit/cty-values`) with code `"conversion"` and the path of the offending value when the
 * value does not fit the schema or the phase.
 * @example
 * ```ts
 * const schema = resourceSchema({ attributes: { id: attr.string({ computed: true }), name: attr.string({ required: true }) } });
 * toModel(schema, objectVal({ id: unknownVal(stringType), name: stringVal("web") }), "plan");
 * // { id: Unknown, name: "web" }
 * toModel(schema, objectVal({ id: unknownVal(stringType), name: stringVal("web") }), "state");
 * // throws CtyError ".id: unexpected unknown value in the state"
 * ```
 * @category conversion
 */
export function toModel<S extends SchemaBody, Ph extends Phase>(
  schema: S,
  value: Value,
  phase: Ph,
): Model<S, Ph> {
  const v = unmarkDeep(value);
  if (v.isNull()) fail("the object is null", []);
  if (!v.isKnown()) fail("the object is unknown", []);
  return bodyToModel(schema, v, { phase }, false, []) as Model<S, Ph>;
}

// ---------------------------------------------------------------------------------------------
// Model → value

function isPlainRecord(u: unknown): u is Record<string, unknown> {
  return typeof u === "object" && u !== null && !Array.isArray(u) && !isValue(u);
}

/** @internal Maps a model (or null/Unknown) of a type spec to a value of its type. */
export function typeModelToValue(spec: TypeSpec, m: unknown, path: Path): Value {
  if (m === null) return nullVal(spec.type);
  if (isUnknown(m)) return unknownVal(spec.type);
  switch (spec.kind) {
    case "dynamic":
      if (!isValue(m)) fail("a cty Value is required for a dynamic attribute", path);
      return m;
    case "string":
      if (typeof m !== "string") fail(`string required, but received ${describe(m)}`, path);
      return stringVal(m);
    case "bool":
      if (typeof m !== "boolean") fail(`bool required, but received ${describe(m)}`, path);
      return boolVal(m);
    case "number":
      try {
        return numberVal(m as never);
      } catch (e) {
        return fail(
          `number required, but received ${describe(m)}${e instanceof Error ? ` (${e.message})` : ""}`,
          path,
        );
      }
    case "int64":
      if (typeof m !== "number" || !Number.isSafeInteger(m))
        fail(`a safe integer is required, but received ${describe(m)}`, path);
      return numberVal(m);
    case "float64":
      if (typeof m !== "number" || Number.isNaN(m))
        fail(`number required, but received ${describe(m)}`, path);
      return numberVal(m);
    case "list":
    case "set": {
      if (!Array.isArray(m)) fail(`array required, but received ${describe(m)}`, path);
      const es = spec.element as TypeSpec;
      const els = m.map((e: unknown, i: number) => typeModelToValue(es, e, withIndex(path, numberVal(i))));
      if (spec.kind === "list")
        return els.length === 0 ? listValEmpty(es.type) : wrap(() => listVal(els), path);
      return els.length === 0 ? setValEmpty(es.type) : wrap(() => setVal(els), path);
    }
    case "map": {
      if (!isPlainRecord(m)) fail(`object required, but received ${describe(m)}`, path);
      const es = spec.element as TypeSpec;
      const entries = new Map<string, Value>();
      for (const [k, e] of Object.entries(m))
        entries.set(k, typeModelToValue(es, e, withIndex(path, stringVal(k))));
      return entries.size === 0 ? mapValEmpty(es.type) : wrap(() => mapVal(entries), path);
    }
    case "object": {
      if (!isPlainRecord(m)) fail(`object required, but received ${describe(m)}`, path);
      const out = new Map<string, Value>();
      for (const [k, as] of Object.entries(spec.attributes as Readonly<Record<string, TypeSpec>>)) {
        if (!Object.hasOwn(m, k)) fail(`missing attribute "${k}" in the model`, path);
        out.set(k, typeModelToValue(as, m[k], withAttribute(path, k)));
      }
      return objectVal(out);
    }
    case "tuple": {
      const specs = spec.elements as readonly TypeSpec[];
      if (!Array.isArray(m) || m.length !== specs.length)
        fail(`tuple of ${specs.length} elements required`, path);
      return tupleVal(specs.map((es, i) => typeModelToValue(es, m[i], withIndex(path, numberVal(i)))));
    }
  }
}

function wrap(f: () => Value, path: Path): Value {
  try {
    return f();
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e), path);
  }
}

function describe(u: unknown): string {
  if (u === undefined) return "undefined";
  if (Array.isArray(u)) return "array";
  return typeof u;
}

function checkUnknownAllowed(m: unknown, ctx: Ctx, path: Path): void {
  if (isUnknown(m) && (ctx.phase === "state" || ctx.phase === "known_config")) {
    fail(`the ${PHASE_NAME[ctx.phase]} cannot hold unknown values`, path);
  }
}

function attributeFromModel(spec: AnyAttributeSpec, m: unknown, ctx: Ctx, path: Path): Value {
  checkUnknownAllowed(m, ctx, path);
  if (m === null) return nullVal(spec.type);
  if (isUnknown(m)) return unknownVal(spec.type);
  if (spec.kind === "attribute") {
    if (spec.valueType.kind !== "dynamic") checkDeepUnknown(m, ctx, path);
    return typeModelToValue(spec.valueType, m, path);
  }
  return nestedFromModel(spec, m, ctx, path);
}

function checkDeepUnknown(m: unknown, ctx: Ctx, path: Path): void {
  if (ctx.phase !== "state" && ctx.phase !== "known_config") return;
  checkUnknownAllowed(m, ctx, path);
  if (Array.isArray(m)) for (const e of m) checkDeepUnknown(e, ctx, path);
  else if (isPlainRecord(m)) for (const e of Object.values(m)) checkDeepUnknown(e, ctx, path);
}

function nestedFromModel(spec: NestedAttributeSpec, m: unknown, ctx: Ctx, path: Path): Value {
  const body: SchemaBody = { attributes: spec.attributes, blocks: {} };
  switch (spec.nesting) {
    case "single":
      return bodyFromModel(body, m, ctx, path);
    case "list":
    case "set": {
      if (!Array.isArray(m)) fail(`array required, but received ${describe(m)}`, path);
      const els = m.map((e: unknown, i: number) =>
        bodyFromModel(body, e, ctx, withIndex(path, numberVal(i))),
      );
      if (els.length === 0)
        return spec.nesting === "list" ? listValEmpty(spec.objectType) : setValEmpty(spec.objectType);
      return wrap(() => (spec.nesting === "list" ? listVal(els) : setVal(els)), path);
    }
    case "map": {
      if (!isPlainRecord(m)) fail(`object required, but received ${describe(m)}`, path);
      const entries = new Map<string, Value>();
      for (const [k, e] of Object.entries(m))
        entries.set(k, bodyFromModel(body, e, ctx, withIndex(path, stringVal(k))));
      return entries.size === 0 ? mapValEmpty(spec.objectType) : wrap(() => mapVal(entries), path);
    }
  }
}

function blockFromModel(spec: BlockSpec, m: unknown, ctx: Ctx, path: Path): Value {
  checkUnknownAllowed(m, ctx, path);
  if (isUnknown(m)) return unknownVal(spec.type);
  const tupleLike = spec.type.kind === "dynamic";
  switch (spec.nesting) {
    case "single":
      return m === null ? nullVal(spec.objectType) : bodyFromModel(spec, m, ctx, path);
    case "group":
      if (m === null) fail("a group block must never be null", path);
      return bodyFromModel(spec, m, ctx, path);
    case "list":
    case "set": {
      const arr = m === null ? [] : m;
      if (!Array.isArray(arr)) fail(`array required, but received ${describe(m)}`, path);
      const els = arr.map((e: unknown, i: number) =>
        bodyFromModel(spec, e, ctx, withIndex(path, numberVal(i))),
      );
      if (spec.nesting === "list" && tupleLike) return tupleVal(els);
      if (els.length === 0)
        return spec.nesting === "list" ? listValEmpty(spec.objectType) : setValEmpty(spec.objectType);
      return wrap(() => (spec.nesting === "list" ? listVal(els) : setVal(els)), path);
    }
    case "map": {
      const rec = m === null ? {} : m;
      if (!isPlainRecord(rec)) fail(`object required, but received ${describe(m)}`, path);
      const entries = new Map<string, Value>();
      for (const [k, e] of Object.entries(rec))
        entries.set(k, bodyFromModel(spec, e, ctx, withIndex(path, stringVal(k))));
      if (tupleLike) return objectVal(entries);
      return entries.size === 0 ? mapValEmpty(spec.objectType) : wrap(() => mapVal(entries), path);
    }
  }
}

function bodyFromModel(body: SchemaBody, m: unknown, ctx: Ctx, path: Path): Value {
  if (!isPlainRecord(m)) fail(`object required, but received ${m === null ? "null" : describe(m)}`, path);
  const out = new Map<string, Value>();
  for (const [name, spec] of Object.entries(body.attributes as Attributes)) {
    const p = withAttribute(path, name);
    if (!Object.hasOwn(m, name) || m[name] === undefined) {
      if ((ctx.phase === "config" || ctx.phase === "known_config") && spec.presence === "computed") {
        out.set(name, nullVal(spec.type));
        continue;
      }
      fail(`missing attribute "${name}" in the model`, path);
    }
    out.set(name, attributeFromModel(spec, m[name], ctx, p));
  }
  for (const [name, spec] of Object.entries(body.blocks)) {
    if (!Object.hasOwn(m, name) || m[name] === undefined) fail(`missing block "${name}" in the model`, path);
    out.set(name, blockFromModel(spec, m[name], ctx, withAttribute(path, name)));
  }
  return objectVal(out);
}

/**
 * Maps a TypeScript model back to a cty object value of the schema's implied type.
 *
 * @remarks {@link Unknown} becomes a plain `unknownVal` of the attribute's type; `null` a typed
 * null; empty arrays/records of list/set/map blocks empty collections (never null, as core
 * requires). In the `"config"` phase computed-only attributes may be left out (they become
 * null). Sets are deduplicated and put in cty order. List and map blocks containing a dynamic
 * attribute become a tuple and an object, as Terraform decodes them.
 * @throws `CtyError` (from `@tfkit/cty-values`) with code `"conversion"` and the model path when the model does not
 * fit (missing attribute, wrong JS type, an unsafe integer for `int64`, {@link Unknown} in state).
 * @category conversion
 */
export function fromModel<S extends SchemaBody, Ph extends Phase>(
  schema: S,
  model: Model<S, Ph>,
  phase: Ph,
): Value {
  return bodyFromModel(schema, model, { phase }, []);
}

/** @internal Converts an attribute's default (model or Value) to a value of its type. */
export function defaultToValue(spec: AnyAttributeSpec, m: unknown): Value {
  if (isValue(m)) return m;
  return attributeFromModel(spec, m, { phase: "state" }, []);
}

/** @internal The config-phase model of an attribute's or block type's value (for validators). */
export function configModelOf(spec: AnyAttributeSpec | BlockSpec, v: Value, path: Path): unknown {
  const ctx: Ctx = { phase: "config" };
  return spec.kind === "block"
    ? blockToModel(spec, v, ctx, false, path)
    : attributeToModel(spec, v, ctx, false, path);
}
