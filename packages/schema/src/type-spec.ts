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
import { semanticType } from "./semantic/semantic-type.js";

/** The kinds of {@link TypeSpec}. @category models */
export type TypeSpecKind =
  | "string"
  | "number"
  | "int64"
  | "int32"
  | "float64"
  | "float32"
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
 * @remarks `int64`, `int32`, `float64` and `float32` are cty `number` on the wire; they only
 * change the model (a JS `number`) and add the Go framework's conversion checks (`Int64Type`,
 * `Int32Type`: a whole number in range; `Float32Type`: within single precision's range). Build
 * specs with {@link t}.
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
  /**
   * List, set and map: whether elements may be null (default `true`, as in Terraform). When
   * `false`, a null element is refused at validate time with the element's path, and the model
   * type drops the `| null`.
   */
  readonly nullElements?: boolean;
  /** Type-level only: the model type. Never present at run time. */
  readonly "~model"?: M;
}

/** The model type of a {@link TypeSpec}. @category models */
export type ModelOfType<S> = S extends TypeSpec<infer M> ? M : never;

/**
 * The model of an `int64` value: a JS `number` while the value is a safe integer
 * (|n| ≤ 2^53 − 1), a `bigint` beyond that, so the whole int64 range is exact. Handlers may
 * return either.
 * @category models
 */
export type Int64 = number | bigint;

/**
 * Options of the collection type constructors `t.list`, `t.set` and `t.map`.
 * @category models
 */
export interface CollectionOptions {
  /**
   * Whether elements may be null (default `true`: Terraform accepts `["a", null]` and
   * `{ k = null }`, so the model type holds `null`). Set `false` to refuse null elements at
   * validate time, with the element's path; the model type then has no `| null`.
   */
  readonly nullElements?: boolean;
}

/**
 * The model of one collection element: `M | null`, or `M` when the options say
 * `nullElements: false`.
 * @category models
 */
export type ElementModel<M, O> = O extends {
  /** Null elements are refused. */
  readonly nullElements: false;
}
  ? M
  : M | null;

function spec<M>(kind: TypeSpecKind, type: Type, extra: Partial<TypeSpec> = {}): TypeSpec<M> {
  return Object.freeze({ kind, type, ...extra }) as TypeSpec<M>;
}

const STRING = spec<string>("string", stringType);
const NUMBER = spec<CtyNumber>("number", numberType);
const INT64 = spec<Int64>("int64", numberType);
const INT32 = spec<number>("int32", numberType);
const FLOAT64 = spec<number>("float64", numberType);
// float32 carries the Go framework's Float32SemanticEquals: a new value that rounds to the same
// float32 as the prior one keeps the prior one (config 0.01 → 0.0100000001 plans no change).
const FLOAT32 = semanticType(spec<number>("float32", numberType), {
  name: "float32",
  description: "A number, used with single precision.",
});
const BOOL = spec<boolean>("bool", boolType);
const DYNAMIC = spec<Value>("dynamic", dynamicType);

/**
 * Type constructors for attribute types, each carrying its TypeScript model.
 *
 * @remarks Models: `string` → `string`; `number` → exact `CtyNumber`; `int64` → {@link Int64}
 * (a `number`, or a `bigint` beyond 2^53, exact over the whole int64 range); `float64` → JS
 * `number`; `bool` → `boolean`; `dynamic` → the cty `Value` itself; `list`/`set` → arrays (sets
 * in cty iteration order); `map` → a record; `object` → a record whose attributes may be `null`;
 * `tuple` → a TS tuple. Collection elements may be `null`, as Terraform allows; pass
 * `{ nullElements: false }` to refuse them at validate time and drop `| null` from the model.
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
  /** cty `number` restricted to int64; model {@link Int64} (`number`, `bigint` beyond 2^53). */
  int64: INT64,
  /** cty `number` restricted to int32 (−2^31 … 2^31 − 1); model JS `number`. */
  int32: INT32,
  /** cty `number` read as float64; model JS `number`. */
  float64: FLOAT64,
  /**
   * cty `number` read as float32; model JS `number` rounded to single precision
   * (`Math.fround`); a configured value keeps its exact text in plan and state.
   */
  float32: FLOAT32,
  /** cty `bool`; model `boolean`. */
  bool: BOOL,
  /** cty `dynamic` (any type); model: the cty `Value`. */
  dynamic: DYNAMIC,
  /** `list(T)`; model `(M | null)[]` (`M[]` with `{ nullElements: false }`). */
  list<M, const O extends CollectionOptions = object>(
    element: TypeSpec<M>,
    options?: O,
  ): TypeSpec<ElementModel<M, O>[]> {
    return spec("list", listType(element.type), { element, nullElements: options?.nullElements !== false });
  },
  /** `set(T)`; model `(M | null)[]` in cty iteration order (`M[]` with `{ nullElements: false }`). */
  set<M, const O extends CollectionOptions = object>(
    element: TypeSpec<M>,
    options?: O,
  ): TypeSpec<ElementModel<M, O>[]> {
    return spec("set", setType(element.type), { element, nullElements: options?.nullElements !== false });
  },
  /** `map(T)`; model `Record<string, M | null>` (no `| null` with `{ nullElements: false }`). */
  map<M, const O extends CollectionOptions = object>(
    element: TypeSpec<M>,
    options?: O,
  ): TypeSpec<Record<string, ElementModel<M, O>>> {
    return spec("map", mapType(element.type), { element, nullElements: options?.nullElements !== false });
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
