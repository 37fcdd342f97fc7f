import type { CtyNumber, Type, Value } from "@tfkit/cty-values";
import {
  boolType,
  dynamicType,
  listType,
  mapType,
  numberType,
  objectType,
  setType,
  stringType,
  tupleType,
} from "@tfkit/cty-values";

/** The kinds of {@link TypeSpec}. @category models */
export type TypeSpecKind =
  | "string"
  | "number"
  | "int64"
  | "float64"
  | "bool"
  | "dynamic"
  | "list"
  | "set"
  | "map"
  | "object"
  | "tuple";

/**
 * A cty type together with the TypeScript model its values map to.
 *
 * @remarks `int64` and `float64` are cty `number` on the wire; they only change the model (a JS
 * `number`) and, for `int64`, add the "whole number in int64 range" check of the Go framework's
 * `Int64Type`. Build specs with {@link t}.
 * @typeParam M - the model type of a known, non-null value.
 * @category models
 */
export interface TypeSpec<M = unknown> {
  /** Which kind of type this is. */
  readonly kind: TypeSpecKind;
  /** The cty type of the values. */
  readonly type: Type;
  /** Element spec of a list, set or map. */
  readonly element?: TypeSpec;
  /** Attribute specs of an object. */
  readonly attributes?: Readonly<Record<string, TypeSpec>>;
  /** Element specs of a tuple. */
  readonly elements?: readonly TypeSpec[];
  /** Type-level only: the model type. Never present at run time. */
  readonly "~model"?: M;
}

/** The model type of a {@link TypeSpec}. @category models */
export type ModelOfType<S> = S extends TypeSpec<infer M> ? M : never;

function spec<M>(kind: TypeSpecKind, type: Type, extra: Partial<TypeSpec> = {}): TypeSpec<M> {
  return Object.freeze({ kind, type, ...extra }) as TypeSpec<M>;
}

const STRING = spec<string>("string", stringType);
const NUMBER = spec<CtyNumber>("number", numberType);
const INT64 = spec<number>("int64", numberType);
const FLOAT64 = spec<number>("float64", numberType);
const BOOL = spec<boolean>("bool", boolType);
const DYNAMIC = spec<Value>("dynamic", dynamicType);

/**
 * Type constructors for attribute types, each carrying its TypeScript model.
 *
 * @remarks Models: `string` → `string`; `number` → exact `CtyNumber`; `int64` → JS `number`
 * (must be a safe integer); `float64` → JS `number`; `bool` → `boolean`; `dynamic` → the cty
 * `Value` itself; `list`/`set` → arrays (sets in cty iteration order); `map` → a record;
 * `object` → a record whose attributes may be `null`; `tuple` → a TS tuple. Collection elements
 * are never `null` in models (go-cty allows null elements; {@link toModel} reports them).
 * @example
 * ```ts
 * attr.list(t.string, { optional: true });
 * attr.of(t.map(t.object({ port: t.int64, host: t.string })), { required: true });
 * ```
 * @category constructors
 */
export const t = {
  /** cty `string`; model `string`. */
  string: STRING,
  /** cty `number`, exact; model `CtyNumber`. */
  number: NUMBER,
  /** cty `number` restricted to int64; model JS `number` (safe integers only). */
  int64: INT64,
  /** cty `number` read as float64; model JS `number`. */
  float64: FLOAT64,
  /** cty `bool`; model `boolean`. */
  bool: BOOL,
  /** cty `dynamic` (any type); model: the cty `Value`. */
  dynamic: DYNAMIC,
  /** `list(T)`; model `M[]`. */
  list<M>(element: TypeSpec<M>): TypeSpec<M[]> {
    return spec<M[]>("list", listType(element.type), { element });
  },
  /** `set(T)`; model `M[]` in cty iteration order. */
  set<M>(element: TypeSpec<M>): TypeSpec<M[]> {
    return spec<M[]>("set", setType(element.type), { element });
  },
  /** `map(T)`; model `Record<string, M>`. */
  map<M>(element: TypeSpec<M>): TypeSpec<Record<string, M>> {
    return spec<Record<string, M>>("map", mapType(element.type), { element });
  },
  /** `object({...})`; model `{ [name]: M | null }`. */
  object<A extends Readonly<Record<string, TypeSpec>>>(
    attributes: A,
  ): TypeSpec<{ -readonly [K in keyof A]: ModelOfType<A[K]> | null }> {
    const types: Record<string, Type> = {};
    for (const [k, v] of Object.entries(attributes)) types[k] = v.type;
    return spec("object", objectType(types), { attributes: Object.freeze({ ...attributes }) });
  },
  /** `tuple([...])`; model a TS tuple whose elements may be `null`. */
  tuple<const E extends readonly TypeSpec[]>(
    elements: E,
  ): TypeSpec<{ -readonly [I in keyof E]: ModelOfType<E[I]> | null }> {
    return spec("tuple", tupleType(elements.map((e) => e.type)), { elements: Object.freeze([...elements]) });
  },
} as const;
