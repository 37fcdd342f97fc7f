import type { Type } from "@tfkit/cty-values";

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
