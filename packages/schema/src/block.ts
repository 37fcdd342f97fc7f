import type { ObjectType, Type } from "@tfkit/cty-values";
import { dynamicType, hasDynamicTypes, listType, mapType, objectType, setType } from "@tfkit/cty-values";
import type { BodyModel } from "./model-types.js";
import type { Attributes, BlockNesting, Blocks, BlockSpec } from "./spec.js";
import type { PlanModifier, Validator } from "./validator.js";

/**
 * The definition of a block type: its body and options.
 * @typeParam M - the config-phase model of the whole block type value (what validators get).
 * @category models
 */
export interface BlockDefinition<A extends Attributes, B extends Blocks, M> {
  /** Attributes of each block. */
  readonly attributes?: A;
  /** Nested block types of each block. */
  readonly blocks?: B;
  /** List and set nesting: minimum number of blocks (0 = none). */
  readonly minItems?: number;
  /** List and set nesting: maximum number of blocks (0 = unlimited). */
  readonly maxItems?: number;
  /** Plain-text description. */
  readonly description?: string;
  /** Markdown description (sent instead of `description` when given). */
  readonly markdownDescription?: string;
  /** Mark deprecated; a string is the deprecation message. */
  readonly deprecated?: boolean | string;
  /** The provider may fill the whole block type when the config has none (tfplugin6 6.11 `Block.computed`). */
  readonly computed?: boolean;
  /** Validators of the whole value (skipped when it is unknown). */
  readonly validators?: readonly Validator<M>[];
  /**
   * Plan modifiers of the whole value (resources only), run in order by `@tfkit/plan-engine`
   * before the plan modifiers of the attributes inside, as the Go framework runs a block's
   * `PlanModifiers`; e.g. `requiresReplace()` to replace the resource when the block changes.
   */
  readonly planModifiers?: readonly PlanModifier<M>[];
  /** List and set nesting: attribute names identifying a block, for the plan engine's keyed matching. */
  readonly keyBy?: readonly string[];
}

/** @internal The object type of a body (attributes and block types). */
export function bodyObjectType(attributes: Attributes, blocks: Blocks): ObjectType {
  const types: Record<string, Type> = {};
  for (const [k, v] of Object.entries(attributes)) types[k] = v.type;
  for (const [k, v] of Object.entries(blocks)) types[k] = v.type;
  return objectType(types);
}

function build<
  A extends Attributes,
  B extends Blocks,
  N extends BlockNesting,
  R extends boolean,
  Cb extends boolean,
>(
  nesting: N,
  def: BlockDefinition<A, B, never> & { readonly required?: R; readonly computed?: Cb },
): BlockSpec<A, B, N, R, Cb> {
  const attributes = Object.freeze({ ...(def.attributes ?? {}) }) as A;
  const blocks = Object.freeze({ ...(def.blocks ?? {}) }) as B;
  const obj = bodyObjectType(attributes, blocks);
  let type: Type;
  switch (nesting) {
    case "single":
    case "group":
      type = obj;
      break;
    case "list":
      // hcldec decodes list blocks with dynamic attributes as a tuple; its implied type is dynamic.
      type = hasDynamicTypes(obj) ? dynamicType : listType(obj);
      break;
    case "set":
      type = setType(obj);
      break;
    default:
      type = hasDynamicTypes(obj) ? dynamicType : mapType(obj);
  }
  const required = (def.required === true) as R;
  const single = nesting === "single";
  return Object.freeze({
    kind: "block",
    nesting,
    attributes,
    blocks,
    minItems: single ? (required ? 1 : 0) : (def.minItems ?? 0),
    maxItems: single ? (required ? 1 : 0) : (def.maxItems ?? 0),
    required,
    computed: (def.computed === true) as Cb,
    deprecated: def.deprecated !== undefined && def.deprecated !== false,
    deprecationMessage: typeof def.deprecated === "string" ? def.deprecated : "",
    description: def.description ?? "",
    markdownDescription: def.markdownDescription ?? "",
    validators: Object.freeze([...(def.validators ?? [])]),
    planModifiers: Object.freeze([...(def.planModifiers ?? [])]),
    keyBy: Object.freeze([...(def.keyBy ?? [])]),
    objectType: obj,
    type,
  });
}

/** An empty attributes or blocks record (the default when a block has none). */
type Empty = Record<never, never>;

type Body<A extends Attributes, B extends Blocks> = BodyModel<A, B, "config">;

/**
 * Block constructors, one per nesting mode (tfplugin6 `NestedBlock.nesting`).
 *
 * @remarks Blocks are HCL's `name { ... }` syntax. Prefer nested attributes in new schemas;
 * blocks exist for compatibility. A non-single block type is never null on the wire: no blocks
 * is an empty list/set/map. `single` with `required: true` means min = max = 1. Mirrors the Go
 * framework's `schema.ListNestedBlock` and friends and Terraform's `configschema.NestedBlock`.
 * @example
 * ```ts
 * block.list({
 *   attributes: { name: attr.string({ required: true }), ip: attr.string({ computed: true }) },
 *   maxItems: 8,
 * });
 * ```
 * @category constructors
 */
export const block = {
  /** At most one block; model: the object or `null` (`required: true`: the object). */
  single<
    A extends Attributes = Empty,
    B extends Blocks = Empty,
    R extends boolean = false,
    Cb extends boolean = false,
  >(
    def: Omit<BlockDefinition<A, B, Body<A, B>>, "minItems" | "maxItems" | "computed"> & {
      readonly required?: R;
      readonly computed?: Cb;
    },
  ): BlockSpec<NoInfer<A>, NoInfer<B>, "single", NoInfer<R>, NoInfer<Cb>> {
    return build("single", def as BlockDefinition<A, B, never> & { required?: R; computed?: Cb });
  },
  /** Exactly one block that may be omitted, which is then an object of nulls; model: the object. */
  group<A extends Attributes = Empty, B extends Blocks = Empty, Cb extends boolean = false>(
    def: Omit<BlockDefinition<A, B, Body<A, B>>, "minItems" | "maxItems" | "computed"> & {
      readonly computed?: Cb;
    },
  ): BlockSpec<NoInfer<A>, NoInfer<B>, "group", false, NoInfer<Cb>> {
    return build("group", def as BlockDefinition<A, B, never> & { computed?: Cb });
  },
  /** Zero or more ordered blocks; model: an array of objects. */
  list<A extends Attributes = Empty, B extends Blocks = Empty, Cb extends boolean = false>(
    def: Omit<BlockDefinition<A, B, Body<A, B>[]>, "computed"> & { readonly computed?: Cb },
  ): BlockSpec<NoInfer<A>, NoInfer<B>, "list", false, NoInfer<Cb>> {
    return build("list", def as BlockDefinition<A, B, never> & { computed?: Cb });
  },
  /** Zero or more unordered, distinct blocks; model: an array of objects in cty order. */
  set<A extends Attributes = Empty, B extends Blocks = Empty, Cb extends boolean = false>(
    def: Omit<BlockDefinition<A, B, Body<A, B>[]>, "computed"> & { readonly computed?: Cb },
  ): BlockSpec<NoInfer<A>, NoInfer<B>, "set", false, NoInfer<Cb>> {
    return build("set", def as BlockDefinition<A, B, never> & { computed?: Cb });
  },
  /** Blocks with one label each (`name "label" { }`); model: a record by label. */
  map<A extends Attributes = Empty, B extends Blocks = Empty, Cb extends boolean = false>(
    def: Omit<BlockDefinition<A, B, Record<string, Body<A, B>>>, "minItems" | "maxItems" | "computed"> & {
      readonly computed?: Cb;
    },
  ): BlockSpec<NoInfer<A>, NoInfer<B>, "map", false, NoInfer<Cb>> {
    return build("map", def as BlockDefinition<A, B, never> & { computed?: Cb });
  },
} as const;
