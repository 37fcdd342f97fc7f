import type {
  AttributeNesting,
  AttributeSpec,
  Attributes,
  BlockNesting,
  Blocks,
  BlockSpec,
  NestedAttributeSpec,
  Presence,
} from "./spec.js";
import type { Unknown } from "./unknown.js";

/**
 * The phase a model describes.
 *
 * @remarks
 * - `"config"`: the configuration as validated and planned. Anything the user can set may be
 *   {@link Unknown} (derived from other resources' unknown results); optional values may be
 *   `null`; computed-only attributes are left out (they are always null in config).
 * - `"known_config"`: the configuration handed to create, read, update and delete, which never
 *   holds unknowns ("Accessing State, Config, and Plan"); otherwise as `"config"`.
 * - `"proposed"`: a planned state while planning (what a resource's plan hook sees): anything
 *   may be {@link Unknown}, since configuration may still be unknown; optional and computed
 *   values may be `null`; write-only values are `null`.
 * - `"plan"`: the planned new state handed to create/update ("Accessing State, Config, and Plan"). Required values are
 *   known and non-null; optional non-computed values are known, maybe `null`; computed values
 *   (and everything inside a computed nested attribute) may be {@link Unknown} or `null`;
 *   write-only values are `null`.
 * - `"state"`: state, which never holds unknowns. Required values are non-null; write-only
 *   values are `null`.
 * - `"read"`: a state as `read` receives it, which may come straight from an import: as
 *   `"state"`, but any attribute may be `null` (import fills in only what it knows) and a
 *   required single block may be absent.
 * @category models
 */
export type Phase = "config" | "known_config" | "proposed" | "plan" | "state" | "read";

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Or<A extends boolean, B extends boolean> = A extends true ? true : B;
type IsComputed<P> = P extends "computed" | "optional_computed" ? true : false;

/**
 * The model of one attribute field given its presence, write-only flag, phase, whether a parent
 * is computed, and whether it has a static default (D: never null once planned).
 */
type Field<
  V,
  P extends Presence,
  W extends boolean,
  Ph extends Phase,
  C extends boolean,
  D extends boolean = false,
> = Ph extends "config"
  ? P extends "required"
    ? V | Unknown
    : V | null | Unknown
  : Ph extends "known_config"
    ? P extends "required"
      ? V
      : V | null
    : W extends true
      ? null
      : Ph extends "proposed"
        ? P extends "required"
          ? C extends true
            ? V | null | Unknown
            : V | Unknown
          : D extends true
            ? V | Unknown
            : V | null | Unknown
        : Ph extends "plan"
          ? C extends true
            ? V | null | Unknown
            : P extends "required"
              ? V
              : P extends "optional"
                ? V | null
                : D extends true
                  ? V | Unknown
                  : V | null | Unknown
          : Ph extends "read"
            ? V | null
            : C extends true
              ? V | null
              : P extends "required"
                ? V
                : D extends true
                  ? V
                  : V | null;

type NestWrap<N extends AttributeNesting | BlockNesting, O> = N extends "single" | "group"
  ? O
  : N extends "map"
    ? Record<string, O>
    : O[];

/**
 * The model of a known, non-null value of an attribute (no `null`/{@link Unknown} at the top).
 * @category models
 */
export type AttributeValueModel<X, Ph extends Phase, C extends boolean = false> =
  X extends NestedAttributeSpec<infer A, infer N, infer P, boolean>
    ? NestWrap<N, AttributesModel<A, Ph, Or<C, IsComputed<P>>>>
    : X extends AttributeSpec<infer M, Presence, boolean>
      ? M
      : never;

type AttributeField<X, Ph extends Phase, C extends boolean> =
  X extends NestedAttributeSpec<Attributes, AttributeNesting, infer P, infer W, infer D>
    ? Field<AttributeValueModel<X, Ph, C>, P, W, Ph, C, D>
    : X extends AttributeSpec<unknown, infer P, infer W, infer D>
      ? Field<AttributeValueModel<X, Ph, C>, P, W, Ph, C, D>
      : never;

type ConfigKeys<A extends Attributes> = {
  [K in keyof A]: A[K]["presence"] extends "computed" ? never : K;
}[keyof A];

/** The model of an object described by attributes. @category models */
export type AttributesModel<A extends Attributes, Ph extends Phase, C extends boolean = false> = Simplify<{
  -readonly [K in Ph extends "config" | "known_config"
    ? ConfigKeys<A> & KnownKeys<A>
    : KnownKeys<A>]: AttributeField<A[K], Ph, C>;
}>;

/**
 * The model of a known value of a block type (an object, array of objects or record of objects).
 * @category models
 */
export type BlockValueModel<X, Ph extends Phase, C extends boolean = false> =
  X extends BlockSpec<infer A, infer B, infer N, boolean, infer Cb>
    ? NestWrap<N, BodyModel<A, B, Ph, Ph extends "config" | "known_config" ? C : Or<C, Cb>>>
    : never;

type BlockField<X, Ph extends Phase, C extends boolean> =
  X extends BlockSpec<Attributes, Blocks, infer N, infer R, infer Cb>
    ? N extends "single"
      ?
          | (R extends true
              ? Ph extends "read"
                ? BlockValueModel<X, Ph, C> | null
                : BlockValueModel<X, Ph, C>
              : BlockValueModel<X, Ph, C> | null)
          | BlockUnknown<Ph, Cb>
      : N extends "group"
        ? BlockValueModel<X, Ph, C>
        : BlockValueModel<X, Ph, C> | BlockUnknown<Ph, Cb>
    : never;

/** Blocks are unknown only from an unknown `dynamic` block in config, or when computed in a plan. */
type BlockUnknown<Ph extends Phase, Cb extends boolean> = Ph extends "config" | "proposed"
  ? Unknown
  : Ph extends "plan"
    ? Cb extends true
      ? Unknown
      : never
    : never;

/**
 * Record types with a string index signature (the wide `Attributes`/`Blocks`, which TypeScript
 * may infer for an omitted `blocks`) contribute no keys to a model.
 */
type KnownKeys<R> = string extends keyof R ? never : keyof R;

/** The model of a block body: its attributes and its nested block types. @category models */
export type BodyModel<
  A extends Attributes,
  B extends Blocks,
  Ph extends Phase,
  C extends boolean = false,
> = Simplify<AttributesModel<A, Ph, C> & { -readonly [K in KnownKeys<B>]: BlockField<B[K], Ph, C> }>;

/**
 * Anything with attributes and blocks: a schema or a block.
 * @category models
 */
export interface SchemaBody<A extends Attributes = Attributes, B extends Blocks = Blocks> {
  /** Attributes by name. */
  readonly attributes: A;
  /** Nested block types by name. */
  readonly blocks: B;
}

/**
 * The TypeScript model of a whole object of a schema in a phase.
 * @example
 * ```ts
 * type ServerState = Model<typeof serverSchema, "state">;
 * ```
 * @category models
 */
export type Model<S extends SchemaBody, Ph extends Phase> = BodyModel<S["attributes"], S["blocks"], Ph>;

/** The configuration model of a schema (see {@link Phase}). @category models */
export type Config<S extends SchemaBody> = Model<S, "config">;

/** The configuration model handed to create/read/update/delete: no unknowns (see {@link Phase}). @category models */
export type KnownConfig<S extends SchemaBody> = Model<S, "known_config">;

/** A planned state while planning, e.g. in a plan hook (see {@link Phase}). @category models */
export type Proposed<S extends SchemaBody> = Model<S, "proposed">;

/** The planned-state model handed to create/update (see {@link Phase}). @category models */
export type Plan<S extends SchemaBody> = Model<S, "plan">;

/** The state model: nothing unknown (see {@link Phase}). @category models */
export type State<S extends SchemaBody> = Model<S, "state">;

/**
 * The state `read` receives: as {@link State}, but any attribute may be `null`, since right after
 * an import only what `importState` set is known (see {@link Phase}).
 * @category models
 */
export type ReadState<S extends SchemaBody> = Model<S, "read">;
