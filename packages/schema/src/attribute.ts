import type { CtyNumber, Type, Value } from "@tfkit/cty-values";
import { listType, mapType, objectType, setType } from "@tfkit/cty-values";
import { defaultToValue } from "./model.js";
import type { AttributesModel } from "./model-types.js";
import type {
  AnyAttributeSpec,
  AttributeNesting,
  AttributeSpec,
  AttributeSpecBase,
  Attributes,
  NestedAttributeSpec,
  Presence,
} from "./spec.js";
import { t } from "./type-constructors.js";
import type { CollectionOptions, ElementModel, Int64, ModelOfType, TypeSpec } from "./type-spec.js";
import type { PlanModifier, Validator } from "./validator.js";
import type { PathTarget } from "./validators/path-expression.js";

/**
 * Options shared by every attribute.
 * @typeParam M - model of a known, non-null value of the attribute.
 * @category models
 */
export interface AttributeOptions<M> {
  /** The user must set it (tfplugin6 `required`). */
  readonly required?: boolean;
  /** The user may set it (tfplugin6 `optional`). */
  readonly optional?: boolean;
  /** The provider may set it; with `optional`, when the user does not (tfplugin6 `computed`). */
  readonly computed?: boolean;
  /** Hide the value in plan output (tfplugin6 `sensitive`). */
  readonly sensitive?: boolean;
  /** Accepted in config, never persisted to plan or state (tfplugin6 `write_only`; Terraform 1.11+). */
  readonly writeOnly?: boolean;
  /** Mark deprecated; a string is the deprecation message shown to users. */
  readonly deprecated?: boolean | string;
  /** Plain-text description. */
  readonly description?: string;
  /** Markdown description (sent instead of `description` when given). */
  readonly markdownDescription?: string;
  /** Static default, applied at plan time when the config value is null; requires `computed`. */
  readonly default?: M | Value;
  /** Config validators; they only see known, non-null values. */
  readonly validators?: readonly Validator<M>[];
  /** Plan modifiers, run in order by `@tfkit/plan-engine`. */
  readonly planModifiers?: readonly PlanModifier<M>[];
  /** Sibling attributes/blocks (by name) or {@link PathExpression}s that must not be set together with this one. */
  readonly conflictsWith?: readonly PathTarget[];
  /** Sibling attributes/blocks (by name) or {@link PathExpression}s that must be set when this one is. */
  readonly alsoRequires?: readonly PathTarget[];
  /** Siblings (by name) or {@link PathExpression}s of which, together with this one, exactly one must be set. */
  readonly exactlyOneOf?: readonly PathTarget[];
  /** Siblings (by name) or {@link PathExpression}s of which, together with this one, at least one must be set. */
  readonly atLeastOneOf?: readonly PathTarget[];
}

/**
 * Options of nested attributes (list, set, map and single nesting).
 * @category models
 */
export interface NestedAttributeOptions<M> extends AttributeOptions<M> {
  /**
   * List and set nesting: names of nested attributes that identify an element, so the plan
   * engine matches prior and planned elements by key instead of position or whole-value equality.
   */
  readonly keyBy?: readonly string[];
}

/** The literal value of a flag in an options type (`false` when absent). */
type Flag<O, K extends string> = O extends Readonly<Record<K, infer V>> ? V : false;

/** The presence an options literal describes. @category models */
export type PresenceOf<O> =
  Flag<O, "required"> extends true
    ? "required"
    : Flag<O, "computed"> extends true
      ? Flag<O, "optional"> extends true
        ? "optional_computed"
        : "computed"
      : "optional";

/** Whether an options literal makes the attribute write-only. @category models */
export type WriteOnlyOf<O> = Flag<O, "writeOnly"> extends true ? true : false;

/**
 * Whether an options literal gives the attribute a static `default` (which makes the planned
 * value never null). @category models
 */
export type HasDefaultOf<O> = O extends {
  /** The static default. */
  readonly default: infer X;
}
  ? undefined extends X
    ? false
    : true
  : false;

/** Options as seen by the implementation, whatever the model type. */
interface LooseOptions {
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
  readonly writeOnly?: boolean;
  readonly deprecated?: boolean | string;
  readonly description?: string;
  readonly markdownDescription?: string;
  readonly default?: unknown;
  readonly validators?: readonly unknown[];
  readonly planModifiers?: readonly unknown[];
  readonly conflictsWith?: readonly PathTarget[];
  readonly alsoRequires?: readonly PathTarget[];
  readonly exactlyOneOf?: readonly PathTarget[];
  readonly atLeastOneOf?: readonly PathTarget[];
  readonly keyBy?: readonly string[];
}

function loose(o: unknown): LooseOptions {
  return (o ?? {}) as LooseOptions;
}

/** @internal */
export function presenceOf(o: { required?: boolean; optional?: boolean; computed?: boolean }): Presence {
  if (o.required === true) return "required";
  if (o.computed === true) return o.optional === true ? "optional_computed" : "computed";
  return "optional";
}

/** @internal Problems found while building an attribute, reported by the schema self-check. */
export const DEFAULT_PROBLEM = Symbol("defaultProblem");

function baseOf(
  kind: AttributeSpecBase["kind"],
  type: Type,
  o: LooseOptions,
): Omit<AttributeSpecBase, "default"> {
  const deprecated = o.deprecated !== undefined && o.deprecated !== false;
  return {
    kind,
    type,
    presence: presenceOf(o),
    required: o.required === true,
    optional: o.optional === true,
    computed: o.computed === true,
    sensitive: o.sensitive === true,
    writeOnly: o.writeOnly === true,
    deprecated,
    deprecationMessage: typeof o.deprecated === "string" ? o.deprecated : "",
    description: o.description ?? "",
    markdownDescription: o.markdownDescription ?? "",
    validators: Object.freeze([...((o.validators ?? []) as readonly Validator<never>[])]),
    planModifiers: Object.freeze([...((o.planModifiers ?? []) as readonly PlanModifier<never>[])]),
    conflictsWith: Object.freeze([...(o.conflictsWith ?? [])]),
    alsoRequires: Object.freeze([...(o.alsoRequires ?? [])]),
    exactlyOneOf: Object.freeze([...(o.exactlyOneOf ?? [])]),
    atLeastOneOf: Object.freeze([...(o.atLeastOneOf ?? [])]),
  };
}

function withDefault<S extends AnyAttributeSpec>(spec: Omit<S, "default">, o: LooseOptions): S {
  const out = { ...spec, default: undefined } as unknown as {
    default: Value | undefined;
    [DEFAULT_PROBLEM]?: string;
  };
  if (o.default !== undefined) {
    try {
      out.default = defaultToValue(out as unknown as AnyAttributeSpec, o.default);
    } catch (e) {
      out[DEFAULT_PROBLEM] = e instanceof Error ? e.message : String(e);
    }
  }
  return Object.freeze(out) as unknown as S;
}

function collectionOptions(o: CollectionOptions): CollectionOptions {
  return o.nullElements === false ? { nullElements: false } : {};
}

/** An attribute of the given type (see {@link attr} for the shorthands). */
function of<M, const O extends AttributeOptions<M>>(
  valueType: TypeSpec<M>,
  options: O,
): AttributeSpec<M, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
  const o = loose(options);
  const base = baseOf("attribute", valueType.type, o);
  return withDefault(
    { ...base, valueType } as Omit<
      AttributeSpec<M, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>>,
      "default"
    >,
    o,
  );
}

function nested<A extends Attributes, N extends AttributeNesting, O>(
  nesting: N,
  attributes: A,
  options: O,
): NestedAttributeSpec<A, N, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
  const o = loose(options);
  const types: Record<string, Type> = {};
  for (const [k, v] of Object.entries(attributes)) types[k] = v.type;
  const obj = objectType(types);
  const type =
    nesting === "single"
      ? obj
      : nesting === "list"
        ? listType(obj)
        : nesting === "set"
          ? setType(obj)
          : mapType(obj);
  const base = baseOf("nested_attribute", type, o);
  return withDefault(
    {
      ...base,
      nesting,
      attributes: Object.freeze({ ...attributes }),
      objectType: obj,
      keyBy: Object.freeze([...(o.keyBy ?? [])]),
    } as unknown as Omit<
      NestedAttributeSpec<A, N, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>>,
      "default"
    >,
    o,
  );
}

/** Config-phase model of one nested object (what nested-attribute validators receive). */
type NestedObjectModel<A extends Attributes> = AttributesModel<A, "config">;

/**
 * Attribute constructors. Each infers the attribute's TypeScript model and presence.
 *
 * @remarks Every attribute needs at least one of `required`, `optional`, `computed` (checked
 * when the schema is built). Mirrors the Go framework's `schema.StringAttribute`,
 * `schema.ListNestedAttribute`, … and Terraform's `configschema.Attribute`.
 * @example
 * ```ts
 * const attributes = {
 *   id: attr.string({ computed: true }),
 *   name: attr.string({ required: true, validators: [(v) => (v.length > 0 ? undefined : "must not be empty")] }),
 *   port: attr.int64({ optional: true, computed: true, default: 8080 }),
 *   tags: attr.map(t.string, { optional: true }),
 *   disks: attr.listNested({ size: attr.int64({ required: true }) }, { optional: true }),
 * };
 * ```
 * @category constructors
 */
export const attr = {
  /** An attribute of any {@link TypeSpec} (see {@link t}). */
  of,
  /** A `string` attribute; model `string`. */
  string<const O extends AttributeOptions<string>>(
    options: O,
  ): AttributeSpec<string, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.string, options);
  },
  /** An exact `number` attribute; model `CtyNumber`. */
  number<const O extends AttributeOptions<CtyNumber>>(
    options: O,
  ): AttributeSpec<CtyNumber, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.number, options);
  },
  /**
   * A whole-number attribute (cty `number`, int64 range); model {@link Int64}: a `number`, or a
   * `bigint` beyond 2^53, so every int64 is exact. Values that are not whole or out of range are
   * refused at validate time.
   */
  int64<const O extends AttributeOptions<Int64>>(
    options: O,
  ): AttributeSpec<Int64, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.int64, options);
  },
  /** A float64 attribute (cty `number`); model JS `number`. */
  float64<const O extends AttributeOptions<number>>(
    options: O,
  ): AttributeSpec<number, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.float64, options);
  },
  /**
   * A 32-bit integer attribute (cty `number`, the Go framework's `Int32Attribute`); model JS
   * `number`. Values that are not whole or outside −2^31 … 2^31 − 1 are refused at validate
   * time with the attribute's path.
   */
  int32<const O extends AttributeOptions<number>>(
    options: O,
  ): AttributeSpec<number, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.int32, options);
  },
  /**
   * A 32-bit floating point attribute (cty `number`, the Go framework's `Float32Attribute`);
   * model JS `number` rounded to single precision (`Math.fround`). A value the hook leaves at the
   * same float32 goes back exactly as configured (`0.01` stays `0.01`, no "inconsistent result"),
   * and a configuration changed to a number of the same float32 plans no change; values beyond
   * single precision's range are refused at validate time.
   */
  float32<const O extends AttributeOptions<number>>(
    options: O,
  ): AttributeSpec<number, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.float32, options);
  },
  /** A `bool` attribute; model `boolean`. */
  bool<const O extends AttributeOptions<boolean>>(
    options: O,
  ): AttributeSpec<boolean, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.bool, options);
  },
  /** A `dynamic` attribute (any type chosen by the user); model: the cty `Value`. */
  dynamic<const O extends AttributeOptions<Value>>(
    options: O,
  ): AttributeSpec<Value, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.dynamic, options);
  },
  /**
   * A `list(T)` attribute; model `(M | null)[]`, or `M[]` with `nullElements: false` (null
   * elements then refused at validate time).
   */
  list<M, const O extends AttributeOptions<ElementModel<M, O>[]> & CollectionOptions>(
    element: TypeSpec<M>,
    options: O,
  ): AttributeSpec<ElementModel<M, O>[], PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.list(element, collectionOptions(options)), options as never) as never;
  },
  /** A `set(T)` attribute; model `(M | null)[]` in cty order, or `M[]` with `nullElements: false`. */
  set<M, const O extends AttributeOptions<ElementModel<M, O>[]> & CollectionOptions>(
    element: TypeSpec<M>,
    options: O,
  ): AttributeSpec<ElementModel<M, O>[], PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.set(element, collectionOptions(options)), options as never) as never;
  },
  /** A `map(T)` attribute; model `Record<string, M | null>`, no `| null` with `nullElements: false`. */
  map<M, const O extends AttributeOptions<Record<string, ElementModel<M, O>>> & CollectionOptions>(
    element: TypeSpec<M>,
    options: O,
  ): AttributeSpec<Record<string, ElementModel<M, O>>, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.map(element, collectionOptions(options)), options as never) as never;
  },
  /** An `object({...})` attribute (a single value, not nested attributes); model `{ [k]: M | null }`. */
  object<A extends Readonly<Record<string, TypeSpec>>, const O extends AttributeOptions<ObjectModelOf<A>>>(
    attributes: A,
    options: O,
  ): AttributeSpec<ObjectModelOf<A>, PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return of(t.object(attributes), options) as AttributeSpec<
      ObjectModelOf<A>,
      PresenceOf<O>,
      WriteOnlyOf<O>,
      HasDefaultOf<O>
    >;
  },
  /** One nested object (nesting `single`); model: the object or `null`. */
  singleNested<A extends Attributes, const O extends NestedAttributeOptions<NestedObjectModel<A>>>(
    attributes: A,
    options: O,
  ): NestedAttributeSpec<A, "single", PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return nested("single", attributes, options);
  },
  /** A list of nested objects; model: an array of objects. */
  listNested<A extends Attributes, const O extends NestedAttributeOptions<NestedObjectModel<A>[]>>(
    attributes: A,
    options: O,
  ): NestedAttributeSpec<A, "list", PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return nested("list", attributes, options);
  },
  /** A set of nested objects; model: an array of objects in cty order. */
  setNested<A extends Attributes, const O extends NestedAttributeOptions<NestedObjectModel<A>[]>>(
    attributes: A,
    options: O,
  ): NestedAttributeSpec<A, "set", PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return nested("set", attributes, options);
  },
  /** A map of nested objects; model: a record of objects. */
  mapNested<
    A extends Attributes,
    const O extends NestedAttributeOptions<Record<string, NestedObjectModel<A>>>,
  >(
    attributes: A,
    options: O,
  ): NestedAttributeSpec<A, "map", PresenceOf<O>, WriteOnlyOf<O>, HasDefaultOf<O>> {
    return nested("map", attributes, options);
  },
} as const;

type ObjectModelOf<A extends Readonly<Record<string, TypeSpec>>> = {
  -readonly [K in keyof A]: ModelOfType<A[K]> | null;
};
