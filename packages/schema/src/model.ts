import type { Path, Type, Value } from "@tfkit/cty-values";
import {
  boolVal,
  CtyError,
  isCtyNumber,
  isValue,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  replaceAttributes,
  setVal,
  setValEmpty,
  stringVal,
  tupleVal,
  typeEquals,
  unknownVal,
  unmarkDeep,
} from "@tfkit/cty-values";
import { attributeEntries, blockEntries } from "./entries.js";
import {
  float32Of,
  float32Problem,
  float64Problem,
  INT32_MAX,
  INT32_MIN,
  int32Problem,
} from "./internal/number-kinds.js";
import { withAttribute, withIndex, withListIndex, withMapKey } from "./internal/path.js";
import type { Model, Phase, SchemaBody } from "./model-types.js";
import type { AnyAttributeSpec, Attributes, Blocks, BlockSpec, NestedAttributeSpec } from "./spec.js";
import type { TypeSpec } from "./type-spec.js";
import { isUnknown, Unknown } from "./unknown.js";

function fail(message: string, path: Path): never {
  throw new CtyError("conversion", message, { path });
}

// ---------------------------------------------------------------------------------------------
// Value → model

/**
 * The value each model object (a resource, a nested object or block) and each collection of
 * them was made from. `fromModel` reuses it (and the values inside it) wherever the model still
 * holds what it was made from, so what a hook did not touch goes back exactly: refinements of
 * unknowns, number text beyond float64, marks. Plain attribute values (lists, maps of strings…)
 * are compared with the value at the same place in their parent's origin instead: registering
 * every one of them costs more than it saves.
 */
const ORIGIN = new WeakMap<object, Value>();

function madeFrom<T extends object>(model: T, v: Value): T {
  ORIGIN.set(model, v);
  return model;
}

/** The model of a known int64 number: a `number` when safe, else a `bigint` (exact). */
function int64Model(v: Value, path: Path): number | bigint {
  const n = v.asNumber();
  if (!n.isInt64()) fail(`Value ${n.text()} cannot be represented as a 64-bit integer.`, path);
  return n.isSafeInteger() ? n.toFloat64() : n.toBigInt();
}

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
    case "int64":
      return int64Model(v, path);
    case "int32": {
      const n = v.asNumber();
      const problem = int32Problem(n);
      if (problem !== undefined) fail(problem, path);
      return n.toFloat64();
    }
    case "float32": {
      // Rounded to single precision, as the Go framework's ValueFloat32; fromModel gives back
      // the exact value it was made from while the model still rounds to the same float32.
      const n = v.asNumber();
      const problem = float32Problem(n);
      if (problem !== undefined) fail(problem, path);
      return float32Of(n);
    }
    case "float64": {
      const n = v.asNumber();
      const problem = float64Problem(n);
      if (problem !== undefined) fail(problem, path);
      return n.toFloat64();
    }
    case "list":
    case "set": {
      const es = spec.element as TypeSpec;
      const out = v
        .elements()
        .map((e, i) => knownPlain(es, e) ?? elementToModel(spec, es, e, pathOfElement(path, v, e, i)));
      return out;
    }
    case "tuple": {
      const out = v.elements().map((e, i) => {
        const p = withListIndex(path, i);
        const es = (spec.elements as readonly TypeSpec[])[i] as TypeSpec;
        return e.isNull() ? null : typeValueToModel(es, e, p);
      });
      return out;
    }
    case "map": {
      const out: Record<string, unknown> = {};
      const es = spec.element as TypeSpec;
      for (const [k, e] of v.entries())
        defineEntry(out, k, knownPlain(es, e) ?? elementToModel(spec, es, e, withMapKey(path, k)));
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

/** A collection element: `null` where the collection allows null elements (the default). */
function elementToModel(collection: TypeSpec, element: TypeSpec, e: Value, path: Path): unknown {
  if (e.isNull() && element.kind !== "dynamic") {
    if (collection.nullElements === false) fail("null elements are not allowed in this collection", path);
    return null;
  }
  return typeValueToModel(element, e, path);
}
/** A known string or bool element's model, made without a path (nothing about it can fail). */
function knownPlain(element: TypeSpec, e: Value): string | boolean | undefined {
  if (!e.isKnown() || e.isNull()) return undefined;
  return element.kind === "string" ? e.asString() : element.kind === "bool" ? e.asBool() : undefined;
}

/** The path of a list or set element: sets are indexed by the element itself. */
function pathOfElement(path: Path, collection: Value, element: Value, i: number): Path {
  return collection.type.kind === "set" ? withIndex(path, element) : withListIndex(path, i);
}

/** Sets an own enumerable property, even for keys such as `__proto__`. */
function defineEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  // Plain assignment is several times faster; only "__proto__" would set the prototype instead.
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

interface Ctx {
  readonly phase: Phase;
}

function mayBeUnknown(spec: AnyAttributeSpec, phase: Phase, inComputed: boolean): boolean {
  if (phase === "config" || phase === "proposed") return true;
  if (phase === "state" || phase === "known_config" || phase === "read") return false;
  return inComputed || spec.computed;
}

function mayBeNull(spec: AnyAttributeSpec, phase: Phase, inComputed: boolean): boolean {
  if (phase === "read") return true;
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
  read: "state",
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
      return madeFrom(
        v.elements().map((e, i) => {
          const p = pathOfElement(path, v, e, i);
          if (e.isNull()) fail("a nested object in a collection must not be null", p);
          return bodyToModel(body, e, ctx, inComputed, p);
        }),
        v,
      );
    case "map": {
      const out: Record<string, unknown> = {};
      for (const [k, e] of v.entries()) {
        const p = withMapKey(path, k);
        if (e.isNull()) fail("a nested object in a collection must not be null", p);
        defineEntry(out, k, bodyToModel(body, e, ctx, inComputed, p));
      }
      return madeFrom(out, v);
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
    // ("read" and "state" never hold unknowns.)
    if (!allowed) fail(`unexpected unknown block in the ${PHASE_NAME[ctx.phase]}`, path);
    return Unknown;
  }
  const body: SchemaBody = spec;
  const configured = ctx.phase === "config" || ctx.phase === "known_config";
  const inner = inComputed || (spec.computed && !configured);
  switch (spec.nesting) {
    case "single":
      if (v.isNull()) {
        if (spec.required && ctx.phase !== "read")
          fail(`required block is absent from the ${PHASE_NAME[ctx.phase]}`, path);
        return null;
      }
      return bodyToModel(body, v, ctx, inner, path);
    case "group":
      if (v.isNull()) fail("a group block must never be null", path);
      return bodyToModel(body, v, ctx, inner, path);
    case "list":
    case "set":
      if (v.isNull()) return [];
      return madeFrom(
        v.elements().map((e, i) => {
          const p = pathOfElement(path, v, e, i);
          if (e.isNull()) fail("a nested block must not be null", p);
          return bodyToModel(body, e, ctx, inner, p);
        }),
        v,
      );
    case "map": {
      const out: Record<string, unknown> = {};
      if (v.isNull()) return out;
      for (const [k, e] of v.entries()) {
        const p = withMapKey(path, k);
        if (e.isNull()) fail("a nested block must not be null", p);
        defineEntry(out, k, bodyToModel(body, e, ctx, inner, p));
      }
      return madeFrom(out, v);
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
  const configPhase = ctx.phase === "config" || ctx.phase === "known_config";
  const out = modelTemplate(body, configPhase);
  for (const [name, spec] of attributeEntries(body.attributes)) {
    const av = entries.get(name);
    if (av === undefined) fail(`missing required attribute "${name}"`, path);
    if (configPhase && spec.presence === "computed") {
      if (!av.isNull())
        fail("a computed-only (read-only) attribute is set in the configuration", withAttribute(path, name));
      continue;
    }
    // Known strings, bools and safe int64s, most of a model, have no rule left to check: no path
    // is built.
    const kind = spec.kind === "attribute" && !spec.writeOnly ? spec.valueType.kind : undefined;
    if (kind !== undefined && av.isKnown() && !av.isNull()) {
      if (kind === "string" || kind === "bool") {
        defineEntry(out, name, kind === "string" ? av.asString() : av.asBool());
        continue;
      }
      if (kind === "int64") {
        const n = av.asNumber();
        if (n.isSafeInteger()) {
          defineEntry(out, name, n.toFloat64());
          continue;
        }
      }
    }
    defineEntry(out, name, attributeToModel(spec, av, ctx, inComputed, withAttribute(path, name)));
  }
  for (const [name, spec] of blockEntries(body.blocks)) {
    const bv = entries.get(name);
    if (bv === undefined) fail(`missing required attribute "${name}"`, path);
    defineEntry(out, name, blockToModel(spec, bv, ctx, inComputed, withAttribute(path, name)));
  }
  return madeFrom(out, v);
}

// A model object starts as a copy of one with the body's names in order: V8 then keeps it in
// fast mode, where setting 12 or more properties one by one on `{}` turns it into a dictionary
// (slower to build, to read and to spread in the hook).
const templates = new WeakMap<Attributes, WeakMap<Blocks, { all?: object; config?: object }>>();

function modelTemplate(body: SchemaBody, configPhase: boolean): Record<string, unknown> {
  // Keyed by both lists: an empty attribute list may be one object shared by many bodies.
  const attributes = body.attributes as Attributes;
  let byBlocks = templates.get(attributes);
  if (byBlocks === undefined) {
    byBlocks = new WeakMap();
    if (Object.isFrozen(attributes)) templates.set(attributes, byBlocks);
  }
  let forBody = byBlocks.get(body.blocks);
  if (forBody === undefined) {
    forBody = {};
    if (Object.isFrozen(body.blocks)) byBlocks.set(body.blocks, forBody);
  }
  const key = configPhase ? "config" : "all";
  let template = forBody[key];
  if (template === undefined) {
    const names: [string, undefined][] = [];
    for (const [name, spec] of attributeEntries(attributes))
      if (!(configPhase && spec.presence === "computed")) names.push([name, undefined]);
    for (const [name] of blockEntries(body.blocks)) names.push([name, undefined]);
    template = Object.fromEntries(names);
    forBody[key] = template;
  }
  return { ...template } as Record<string, unknown>;
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
//
// Every function below takes `base`: the value the model at this place was (probably) made
// from — the origin recorded by `toModel` for objects and arrays, else the value at the same
// place in the caller's base. Where the model still holds exactly the model of `base`, `base`
// itself is returned, so untouched values keep what a model cannot show (refinements of
// unknowns, partly unknown collections, number text beyond float64, marks) and cost no
// allocation.

function isPlainRecord(u: unknown): u is Record<string, unknown> {
  return typeof u === "object" && u !== null && !Array.isArray(u) && !isValue(u);
}

/** The base to compare a model with: its recorded origin (when of the right type), else `base`. */
function baseFor(m: unknown, type: Type, base: Value | undefined): Value | undefined {
  if (typeof m === "object" && m !== null) {
    const o = ORIGIN.get(m);
    if (o !== undefined && (o.type === type || typeEquals(o.type, type))) return o;
  }
  return base;
}

/** A known, non-null base, or undefined. */
function knownBase(base: Value | undefined): Value | undefined {
  return base?.isKnown() && !base.isNull() ? base : undefined;
}

/** A known, non-null base of exactly this type, or undefined. */
function typedBase(base: Value | undefined, type: Type): Value | undefined {
  const b = knownBase(base);
  return b !== undefined && (b.type === type || typeEquals(b.type, type)) ? b : undefined;
}

function baseElements(base: Value | undefined): readonly Value[] | undefined {
  const b = knownBase(base);
  if (b === undefined) return undefined;
  const k = b.type.kind;
  return k === "list" || k === "set" || k === "tuple" ? b.elements() : undefined;
}

function baseEntries(base: Value | undefined): ReadonlyMap<string, Value> | undefined {
  const b = knownBase(base);
  if (b === undefined) return undefined;
  const k = b.type.kind;
  return k === "map" || k === "object" ? b.entries() : undefined;
}

function sameElements(els: readonly Value[], base: readonly Value[] | undefined): boolean {
  if (base === undefined || base.length !== els.length) return false;
  for (let i = 0; i < els.length; i++) if (els[i] !== base[i]) return false;
  return true;
}

function sameEntries(
  entries: ReadonlyMap<string, Value>,
  base: ReadonlyMap<string, Value> | undefined,
): boolean {
  if (base === undefined || base.size !== entries.size) return false;
  for (const [k, v] of entries) if (base.get(k) !== v) return false;
  return true;
}

/** Whether a primitive model is the model of a known primitive base value. */
function leafMatches(spec: TypeSpec, m: unknown, b: Value): boolean {
  switch (spec.kind) {
    case "string":
      return typeof m === "string" && b.asString() === m;
    case "bool":
      return typeof m === "boolean" && b.asBool() === m;
    case "number":
      return isCtyNumber(m) && (m === b.asNumber() || m.equals(b.asNumber()));
    case "int64": {
      const n = b.asNumber();
      if (typeof m === "number") return n.isSafeInteger() && n.toFloat64() === m;
      return typeof m === "bigint" && n.isInt64() && n.toBigInt() === m;
    }
    case "float64":
      return typeof m === "number" && Object.is(b.asNumber().toFloat64(), m);
    case "int32": {
      const n = b.asNumber();
      return typeof m === "number" && n.isSafeInteger() && n.toFloat64() === m;
    }
    case "float32":
      // Semantic equality of the Go framework's Float32Value: the same float32 is the same value.
      return typeof m === "number" && Object.is(float32Of(b.asNumber()), Math.fround(m));
    default:
      return false;
  }
}

/**
 * The base itself when a primitive model is its model (the common case of a value the hook left
 * alone): decided before any path is built or any other check runs, none of which can fail then.
 */
function unchangedLeaf(spec: TypeSpec, m: unknown, base: Value): Value | undefined {
  if (base.type !== spec.type || !base.isKnown() || base.isNull()) return undefined;
  return leafMatches(spec, m, base) ? base : undefined;
}

/** Whether a record of primitives is, key for key, the model of the base map's entries. */
function sameLeaves(
  element: TypeSpec,
  m: Record<string, unknown>,
  bent: ReadonlyMap<string, Value>,
): boolean {
  const keys = Object.keys(m);
  if (keys.length !== bent.size) return false;
  for (const k of keys) {
    const be = bent.get(k);
    if (be === undefined || unchangedLeaf(element, m[k], be) === undefined) return false;
  }
  return true;
}

/** Null and Unknown models: the base when it is the same null or unknown (keeps refinements). */
function fits(base: Value, type: Type): boolean {
  return base.type === type || type.kind === "dynamic" || typeEquals(base.type, type);
}

function nullOrUnknown(
  m: unknown,
  type: Type,
  base: Value | undefined,
  partlyUnknownMatches: boolean,
): Value | undefined {
  if (m === null) return base?.isKnown() && base.isNull() && fits(base, type) ? base : nullVal(type);
  if (isUnknown(m)) {
    if (
      base !== undefined &&
      (!base.isKnown() || (partlyUnknownMatches && !base.isNull() && !base.isWhollyKnown())) &&
      fits(base, type)
    )
      return base;
    return unknownVal(type);
  }
  return undefined;
}

/** @internal Maps a model (or null/Unknown) of a type spec to a value of its type. */
export function typeModelToValue(spec: TypeSpec, m: unknown, path: Path, base?: Value): Value {
  const special = nullOrUnknown(m, spec.type, base, true);
  if (special !== undefined) return special;
  const b = spec.kind === "dynamic" ? undefined : typedBase(baseFor(m, spec.type, base), spec.type);
  switch (spec.kind) {
    case "dynamic":
      if (!isValue(m)) fail("a cty Value is required for a dynamic attribute", path);
      return m;
    case "string":
      if (typeof m !== "string") fail(`string required, but received ${describe(m)}`, path);
      return b !== undefined && leafMatches(spec, m, b) ? b : stringVal(m);
    case "bool":
      if (typeof m !== "boolean") fail(`bool required, but received ${describe(m)}`, path);
      return b !== undefined && leafMatches(spec, m, b) ? b : boolVal(m);
    case "number":
      if (b !== undefined && leafMatches(spec, m, b)) return b;
      try {
        return numberVal(m as never);
      } catch (e) {
        return fail(
          `number required, but received ${describe(m)}${e instanceof Error ? ` (${e.message})` : ""}`,
          path,
        );
      }
    case "int64":
      if (typeof m === "bigint") {
        if (m > INT64_MAX || m < INT64_MIN) fail(`Value ${m} is out of the 64-bit integer range`, path);
      } else if (typeof m !== "number" || !Number.isSafeInteger(m)) {
        fail(
          `a whole number is required, but received ${describe(m)}${typeof m === "number" ? ` ${m} (use a bigint beyond 2^53)` : ""}`,
          path,
        );
      }
      return b !== undefined && leafMatches(spec, m, b) ? b : numberVal(m);
    case "float64":
      if (typeof m !== "number" || Number.isNaN(m))
        fail(`number required, but received ${describe(m)}`, path);
      return b !== undefined && leafMatches(spec, m, b) ? b : numberVal(m);
    case "int32":
      if (typeof m !== "number" || !Number.isInteger(m) || m < INT32_MIN || m > INT32_MAX) {
        fail(
          `a whole number in the 32-bit integer range is required, but received ${describe(m)}${typeof m === "number" ? ` ${m}` : ""}`,
          path,
        );
      }
      return b !== undefined && leafMatches(spec, m, b) ? b : numberVal(m);
    case "float32": {
      if (typeof m !== "number" || Number.isNaN(m))
        fail(`number required, but received ${describe(m)}`, path);
      if (b !== undefined && leafMatches(spec, m, b)) return b;
      // Any JS number is rounded to single precision, as Go's float32 conversion does.
      const f = Math.fround(m);
      if (!Number.isFinite(f) || (f === 0 && m !== 0))
        fail(`Value ${m} cannot be represented as a 32-bit floating point.`, path);
      return numberVal(f);
    }
    case "list":
    case "set": {
      if (!Array.isArray(m)) fail(`array required, but received ${describe(m)}`, path);
      const es = spec.element as TypeSpec;
      const bels = baseElements(b);
      const els = m.map((e: unknown, i: number) =>
        typeModelToValue(es, e, withListIndex(path, i), bels?.[i]),
      );
      if (b !== undefined && sameElements(els, bels)) return b;
      if (spec.kind === "list")
        return els.length === 0 ? listValEmpty(es.type) : wrap(() => listVal(els), path);
      return els.length === 0 ? setValEmpty(es.type) : wrap(() => setVal(els), path);
    }
    case "map": {
      if (!isPlainRecord(m)) fail(`object required, but received ${describe(m)}`, path);
      const es = spec.element as TypeSpec;
      const bent = baseEntries(b);
      if (b !== undefined && bent !== undefined && sameLeaves(es, m, bent)) return b;
      const entries = new Map<string, Value>();
      for (const [k, e] of Object.entries(m))
        entries.set(k, typeModelToValue(es, e, withMapKey(path, k), bent?.get(k)));
      if (b !== undefined && sameEntries(entries, bent)) return b;
      return entries.size === 0 ? mapValEmpty(es.type) : wrap(() => mapVal(entries), path);
    }
    case "object": {
      if (!isPlainRecord(m)) fail(`object required, but received ${describe(m)}`, path);
      const bent = baseEntries(b);
      const out = new Map<string, Value>();
      for (const [k, as] of Object.entries(spec.attributes as Readonly<Record<string, TypeSpec>>)) {
        if (!Object.hasOwn(m, k)) fail(`missing attribute "${k}" in the model`, path);
        out.set(k, typeModelToValue(as, m[k], withAttribute(path, k), bent?.get(k)));
      }
      if (b !== undefined && sameEntries(out, bent)) return b;
      return objectVal(out);
    }
    case "tuple": {
      const specs = spec.elements as readonly TypeSpec[];
      if (!Array.isArray(m) || m.length !== specs.length)
        fail(`tuple of ${specs.length} elements required`, path);
      const bels = baseElements(b);
      const els = specs.map((es, i) => typeModelToValue(es, m[i], withListIndex(path, i), bels?.[i]));
      if (b !== undefined && sameElements(els, bels)) return b;
      return tupleVal(els);
    }
  }
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

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
  if (isUnknown(m) && (ctx.phase === "state" || ctx.phase === "known_config" || ctx.phase === "read")) {
    fail(`the ${PHASE_NAME[ctx.phase]} cannot hold unknown values`, path);
  }
}

function attributeFromModel(
  spec: AnyAttributeSpec,
  m: unknown,
  ctx: Ctx,
  path: Path,
  base: Value | undefined,
): Value {
  checkUnknownAllowed(m, ctx, path);
  if (spec.kind === "attribute") {
    // (Only containers can hold an unknown deeper down.)
    if (spec.valueType.kind !== "dynamic" && typeof m === "object" && m !== null)
      checkDeepUnknown(m, ctx, path);
    return typeModelToValue(spec.valueType, m, path, base);
  }
  // Nested collections with an unknown element are Unknown as a whole in models.
  const special = nullOrUnknown(m, spec.type, base, spec.nesting !== "single");
  if (special !== undefined) return special;
  return nestedFromModel(spec, m, ctx, path, baseFor(m, spec.type, base));
}

function checkDeepUnknown(m: unknown, ctx: Ctx, path: Path): void {
  if (ctx.phase !== "state" && ctx.phase !== "known_config" && ctx.phase !== "read") return;
  checkUnknownAllowed(m, ctx, path);
  if (Array.isArray(m)) for (const e of m) checkDeepUnknown(e, ctx, path);
  else if (isPlainRecord(m)) for (const e of Object.values(m)) checkDeepUnknown(e, ctx, path);
}

function nestedFromModel(
  spec: NestedAttributeSpec,
  m: unknown,
  ctx: Ctx,
  path: Path,
  base: Value | undefined,
): Value {
  const body: SchemaBody = { attributes: spec.attributes, blocks: {} };
  const b = typedBase(base, spec.type);
  switch (spec.nesting) {
    case "single":
      return bodyFromModel(body, m, ctx, path, b);
    case "list":
    case "set": {
      if (!Array.isArray(m)) fail(`array required, but received ${describe(m)}`, path);
      const bels = baseElements(b);
      const els = m.map((e: unknown, i: number) =>
        bodyFromModel(body, e, ctx, withListIndex(path, i), bels?.[i]),
      );
      if (b !== undefined && sameElements(els, bels)) return b;
      if (els.length === 0)
        return spec.nesting === "list" ? listValEmpty(spec.objectType) : setValEmpty(spec.objectType);
      return wrap(() => (spec.nesting === "list" ? listVal(els) : setVal(els)), path);
    }
    case "map": {
      if (!isPlainRecord(m)) fail(`object required, but received ${describe(m)}`, path);
      const bent = baseEntries(b);
      const entries = new Map<string, Value>();
      for (const [k, e] of Object.entries(m))
        entries.set(k, bodyFromModel(body, e, ctx, withMapKey(path, k), bent?.get(k)));
      if (b !== undefined && sameEntries(entries, bent)) return b;
      return entries.size === 0 ? mapValEmpty(spec.objectType) : wrap(() => mapVal(entries), path);
    }
  }
}

function blockFromModel(spec: BlockSpec, m: unknown, ctx: Ctx, path: Path, base: Value | undefined): Value {
  checkUnknownAllowed(m, ctx, path);
  if (isUnknown(m)) {
    const partly = spec.nesting !== "single" && spec.nesting !== "group";
    return nullOrUnknown(m, spec.type, base, partly) as Value;
  }
  const tupleLike = spec.type.kind === "dynamic";
  // Blocks holding a dynamic attribute are tuples/objects of varying type: compare structurally.
  const b = tupleLike
    ? knownBase(baseFor(m, spec.type, base))
    : typedBase(baseFor(m, spec.type, base), spec.type);
  switch (spec.nesting) {
    case "single":
      if (m === null) return nullOrUnknown(m, spec.objectType, base, false) as Value;
      return bodyFromModel(spec, m, ctx, path, b);
    case "group":
      if (m === null) fail("a group block must never be null", path);
      return bodyFromModel(spec, m, ctx, path, b);
    case "list":
    case "set": {
      const arr = m === null ? [] : m;
      if (!Array.isArray(arr)) fail(`array required, but received ${describe(m)}`, path);
      const bels = baseElements(b);
      const els = arr.map((e: unknown, i: number) =>
        bodyFromModel(spec, e, ctx, withListIndex(path, i), bels?.[i]),
      );
      if (b !== undefined && sameElements(els, bels)) return b;
      if (spec.nesting === "list" && tupleLike) return tupleVal(els);
      if (els.length === 0)
        return spec.nesting === "list" ? listValEmpty(spec.objectType) : setValEmpty(spec.objectType);
      return wrap(() => (spec.nesting === "list" ? listVal(els) : setVal(els)), path);
    }
    case "map": {
      const rec = m === null ? {} : m;
      if (!isPlainRecord(rec)) fail(`object required, but received ${describe(m)}`, path);
      const bent = baseEntries(b);
      const entries = new Map<string, Value>();
      for (const [k, e] of Object.entries(rec))
        entries.set(k, bodyFromModel(spec, e, ctx, withMapKey(path, k), bent?.get(k)));
      if (b !== undefined && sameEntries(entries, bent)) return b;
      if (tupleLike) return objectVal(entries);
      return entries.size === 0 ? mapValEmpty(spec.objectType) : wrap(() => mapVal(entries), path);
    }
  }
}

function bodyFromModel(body: SchemaBody, m: unknown, ctx: Ctx, path: Path, base: Value | undefined): Value {
  if (!isPlainRecord(m)) fail(`object required, but received ${m === null ? "null" : describe(m)}`, path);
  const origin = ORIGIN.get(m);
  const b = knownBase(origin !== undefined && origin.type.kind === "object" ? origin : base);
  // (`b` may be of another schema's object type: a child is reused only when its type fits.)
  const bent = b !== undefined && b.type.kind === "object" ? b.entries() : undefined;
  const attributes = attributeEntries(body.attributes as Attributes);
  const blocks = blockEntries(body.blocks);
  // Values in schema order; a Map is built only for what differs from the base (usually little).
  const values: Value[] = new Array(attributes.length + blocks.length);
  let sameNames = bent !== undefined && bent.size === values.length;
  let changed = 0;
  let i = 0;
  for (const [name, spec] of attributes) {
    const mv = Object.hasOwn(m, name) ? m[name] : undefined;
    let v: Value;
    if (mv === undefined) {
      if ((ctx.phase === "config" || ctx.phase === "known_config") && spec.presence === "computed") {
        v = nullVal(spec.type);
      } else {
        fail(`missing attribute "${name}" in the model`, path);
      }
    } else {
      const prev = bent?.get(name);
      const same =
        prev !== undefined && spec.kind === "attribute" ? unchangedLeaf(spec.valueType, mv, prev) : undefined;
      v = same ?? attributeFromModel(spec, mv, ctx, withAttribute(path, name), prev);
    }
    values[i++] = v;
    if (sameNames) {
      const prev = (bent as ReadonlyMap<string, Value>).get(name);
      if (prev === undefined) sameNames = false;
      else if (prev !== v) changed++;
    }
  }
  for (const [name, spec] of blocks) {
    const mv = Object.hasOwn(m, name) ? m[name] : undefined;
    if (mv === undefined) fail(`missing block "${name}" in the model`, path);
    const v = blockFromModel(spec, mv, ctx, withAttribute(path, name), bent?.get(name));
    values[i++] = v;
    if (sameNames) {
      const prev = (bent as ReadonlyMap<string, Value>).get(name);
      if (prev === undefined) sameNames = false;
      else if (prev !== v) changed++;
    }
  }
  if (sameNames && b !== undefined && bent !== undefined) {
    // The base's attributes, of which `changed` were given other values: keep its type and order.
    if (changed === 0) return b;
    const changes = new Map<string, Value>();
    i = 0;
    for (const [name] of attributes) {
      const v = values[i++] as Value;
      if (bent.get(name) !== v) changes.set(name, v);
    }
    for (const [name] of blocks) {
      const v = values[i++] as Value;
      if (bent.get(name) !== v) changes.set(name, v);
    }
    return replaceAttributes(b, changes);
  }
  const out = new Map<string, Value>();
  i = 0;
  for (const [name] of attributes) out.set(name, values[i++] as Value);
  for (const [name] of blocks) out.set(name, values[i++] as Value);
  return objectVal(out);
}

/**
 * An object of these attributes: the base's type kept when the base has the same attributes of
 * the same types (no new type, no sorting), else built anew.
 */
function objectLike(
  out: ReadonlyMap<string, Value>,
  base: Value | undefined,
  bent: ReadonlyMap<string, Value> | undefined,
): Value {
  if (base !== undefined && bent !== undefined && bent.size === out.size) {
    let sameNames = true;
    for (const k of out.keys()) {
      if (!bent.has(k)) {
        sameNames = false;
        break;
      }
    }
    if (sameNames) return replaceAttributes(base, out);
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
 *
 * Lossless: wherever the model still holds what {@link toModel} made from a value (or what
 * `base` holds at the same place), that value itself is returned, so an untouched unknown keeps
 * its refinements, a partly unknown list stays partly unknown, a number keeps its exact text,
 * and nothing is rebuilt. Pass the value the hook's input model was made from as `base` when
 * the hook may return a new top-level object (`{ ...plan, id }`).
 * @throws `CtyError` (from `@tfkit/cty-values`) with code `"conversion"` and the model path when the model does not
 * fit (missing attribute, wrong JS type, a fractional or out-of-range `int64`, {@link Unknown} in state).
 * @category conversion
 */
export function fromModel<S extends SchemaBody, Ph extends Phase>(
  schema: S,
  model: Model<S, Ph>,
  phase: Ph,
  base?: Value,
): Value {
  return bodyFromModel(schema, model, { phase }, [], base);
}

/**
 * What {@link fromModelSalvaging} returns: the value that could be built, and why each part that
 * could not was left out.
 * @category conversion
 */
export interface SalvagedValue {
  /** The value: every top-level attribute and block that fits, the others null (blocks empty). */
  readonly value: Value;
  /** One error per attribute or block left out, each with the model path. */
  readonly problems: readonly CtyError[];
}

/**
 * {@link fromModel} that keeps what fits: each top-level attribute or block whose model does not
 * fit the schema or phase becomes null (a block: empty, or null when single), and its error is
 * returned instead of thrown.
 *
 * @remarks For a remote object that exists although its state cannot be stored whole (a create
 * whose API answer has a wrong type, or an unknown left behind): record what can be stored and
 * report the rest, as Terraform core does when a provider returns unknowns after apply, so the
 * object is never orphaned.
 * @category conversion
 */
export function fromModelSalvaging<S extends SchemaBody, Ph extends Phase>(
  schema: S,
  model: Model<S, Ph>,
  phase: Ph,
  base?: Value,
): SalvagedValue {
  // The common case first: everything fits, no need to go attribute by attribute.
  try {
    return { value: bodyFromModel(schema, model, { phase }, [], base), problems: [] };
  } catch (e) {
    if (!(e instanceof CtyError)) throw e;
  }
  const problems: CtyError[] = [];
  const m: unknown = model;
  const record = isPlainRecord(m) ? m : {};
  if (!isPlainRecord(m))
    problems.push(
      new CtyError("conversion", `object required, but received ${m === null ? "null" : describe(m)}`, {
        path: [],
      }),
    );
  const ctx: Ctx = { phase };
  const b = knownBase(base);
  const bent = b !== undefined && b.type.kind === "object" ? b.entries() : undefined;
  const out = new Map<string, Value>();
  const keep = (name: string, empty: () => Value, build: () => Value): void => {
    try {
      out.set(name, build());
    } catch (e) {
      if (!(e instanceof CtyError)) throw e;
      problems.push(e);
      out.set(name, empty());
    }
  };
  for (const [name, spec] of attributeEntries(schema.attributes as Attributes)) {
    const p = withAttribute([], name);
    keep(
      name,
      () => nullVal(spec.type),
      () => {
        if (!Object.hasOwn(record, name) || record[name] === undefined)
          fail(`missing attribute "${name}" in the model`, p);
        return attributeFromModel(spec, record[name], ctx, p, bent?.get(name));
      },
    );
  }
  for (const [name, spec] of blockEntries(schema.blocks)) {
    const p = withAttribute([], name);
    keep(
      name,
      () => emptyBlock(spec),
      () => {
        if (!Object.hasOwn(record, name) || record[name] === undefined)
          fail(`missing block "${name}" in the model`, p);
        return blockFromModel(spec, record[name], ctx, p, bent?.get(name));
      },
    );
  }
  return { value: objectLike(out, b, bent), problems };
}

/** No blocks of a type: null for single, empty collections, a group of nulls. */
function emptyBlock(spec: BlockSpec): Value {
  switch (spec.nesting) {
    case "single":
      return nullVal(spec.objectType);
    case "group": {
      const out = new Map<string, Value>();
      for (const [n, a] of Object.entries(spec.attributes as Attributes)) out.set(n, nullVal(a.type));
      for (const [n, b] of Object.entries(spec.blocks)) out.set(n, emptyBlock(b));
      return objectVal(out);
    }
    case "list":
      return spec.type.kind === "dynamic" ? tupleVal([]) : listValEmpty(spec.objectType);
    case "set":
      return setValEmpty(spec.objectType);
    case "map":
      return spec.type.kind === "dynamic" ? objectVal(new Map()) : mapValEmpty(spec.objectType);
  }
}

/** @internal Converts an attribute's default (model or Value) to a value of its type. */
export function defaultToValue(spec: AnyAttributeSpec, m: unknown): Value {
  if (isValue(m)) return m;
  return attributeFromModel(spec, m, { phase: "state" }, [], undefined);
}

/** @internal The config-phase model of an attribute's or block type's value (for validators). */
export function configModelOf(spec: AnyAttributeSpec | BlockSpec, v: Value, path: Path): unknown {
  const ctx: Ctx = { phase: "config" };
  return spec.kind === "block"
    ? blockToModel(spec, v, ctx, false, path)
    : attributeToModel(spec, v, ctx, false, path);
}
