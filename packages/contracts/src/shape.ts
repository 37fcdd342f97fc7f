import type { ObjectType, Type } from "@tfkit/cty-values";
import { compareUtf8, objectType } from "@tfkit/cty-values";

/**
 * The parts of an attribute spec the checks read; every `@tfkit/schema` attribute satisfies it.
 *
 * @remarks Mirrors the fields of Terraform's `configschema.Attribute` that
 * internal/plans/objchange consults: the implied type, the presence flags, `Sensitive`,
 * `WriteOnly` and, for nested attributes, the nesting mode and the nested attributes.
 * @category models
 */
export interface AttributeShape {
  /** `"attribute"` for a typed attribute, `"nested_attribute"` for one with nested attributes. */
  readonly kind: "attribute" | "nested_attribute";
  /** The implied cty type of the attribute's value. */
  readonly type: Type;
  /** May be set in config. */
  readonly optional: boolean;
  /** The provider may set it. */
  readonly computed: boolean;
  /** Hidden in plan output; contract messages about it are redacted. */
  readonly sensitive: boolean;
  /** Accepted in config, never stored: planned and returned values must be null. */
  readonly writeOnly: boolean;
  /** Nested attributes: how the objects are nested. */
  readonly nesting?: "single" | "list" | "set" | "map";
  /** Nested attributes: the attributes of each object. */
  readonly attributes?: { readonly [name: string]: AttributeShape };
  /** Nested attributes: the cty type of one object. */
  readonly objectType?: ObjectType;
}

/**
 * The parts of a block spec the checks read; every `@tfkit/schema` block satisfies it.
 * @remarks Terraform's `configschema.NestedBlock`.
 * @category models
 */
export interface BlockShape extends BodyShape {
  /** Discriminant. */
  readonly kind: "block";
  /** How the blocks are nested. */
  readonly nesting: "single" | "list" | "set" | "map" | "group";
  /** The provider may fill the whole block type when the config has none (tfplugin6 6.11). */
  readonly computed: boolean;
  /** The cty type of one block's object. */
  readonly objectType: ObjectType;
  /** The implied type of the whole block type value. */
  readonly type: Type;
}

/**
 * A schema body as the checks see it: attributes and nested block types by name. A
 * `@tfkit/schema` `Schema` (and each of its blocks) satisfies it.
 * @remarks Terraform's `configschema.Block`.
 * @category models
 */
export interface BodyShape {
  /** Attributes by name. */
  readonly attributes: { readonly [name: string]: AttributeShape };
  /** Nested block types by name. */
  readonly blocks: { readonly [name: string]: BlockShape };
}

/** @internal The implied object type of a body (Terraform `Block.ImpliedType`). */
export function bodyType(body: BodyShape): ObjectType {
  const withType = body as BodyShape & { readonly type?: Type };
  if (withType.type !== undefined && withType.type.kind === "object" && !("nesting" in body))
    return withType.type;
  if ("objectType" in body) return (body as BlockShape).objectType;
  const types: Record<string, Type> = {};
  for (const [k, a] of Object.entries(body.attributes)) types[k] = a.type;
  for (const [k, b] of Object.entries(body.blocks)) types[k] = b.type;
  return objectType(types);
}

/** @internal The implied object type of one element of a nested attribute. */
export function nestedObjectType(attr: AttributeShape): ObjectType {
  if (attr.objectType !== undefined) return attr.objectType;
  const types: Record<string, Type> = {};
  for (const [k, a] of Object.entries(attr.attributes ?? {})) types[k] = a.type;
  return objectType(types);
}

/** @internal Names in byte-wise order, so reports come out in a stable order. */
export function sortedNames(record: { readonly [name: string]: unknown }): readonly string[] {
  // Schemas' attribute records and cty object types are immutable: sort each once.
  let names = sortedNamesOf.get(record);
  if (names === undefined) {
    names = Object.freeze(Object.keys(record).sort(compareUtf8));
    if (Object.isFrozen(record)) sortedNamesOf.set(record, names);
  }
  return names;
}

const sortedNamesOf = new WeakMap<object, readonly string[]>();
