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
import type {
  CollectionOptions,
  ElementModel,
  Int64,
  ModelOfType,
  TypeSpec,
  TypeSpecKind,
} from "./type-spec.js";

// The constructors live apart from the TypeSpec types: float32 is built with semanticType, whose
// module needs those types, so one module holding both would import itself in a circle.

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
