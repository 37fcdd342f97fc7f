import {
  dynamicType,
  hasDynamicTypes,
  listType,
  mapType,
  objectType,
  setType,
  type Type,
} from "@tfkit/cty-values";
import type { AttributeShape, BlockShape, BodyShape } from "../shape.js";

// Test-only builders for schema shapes without @tfkit/schema's self-check, so the tables can
// reproduce Terraform's own test schemas verbatim (some of which the self-check would refuse,
// e.g. nested attributes with no presence flag at all).

/** @internal Presence and other flags, all false by default. */
export interface Flags {
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
  readonly writeOnly?: boolean;
}

/** @internal A plain attribute. */
export function attr(type: Type, flags: Flags = {}): AttributeShape {
  return {
    kind: "attribute",
    type,
    optional: flags.optional === true,
    computed: flags.computed === true,
    sensitive: flags.sensitive === true,
    writeOnly: flags.writeOnly === true,
  };
}

/** @internal A nested attribute. */
export function nested(
  nesting: "single" | "list" | "set" | "map",
  attributes: Record<string, AttributeShape>,
  flags: Flags = {},
): AttributeShape {
  const types: Record<string, Type> = {};
  for (const [k, a] of Object.entries(attributes)) types[k] = a.type;
  const obj = objectType(types);
  const type =
    nesting === "single"
      ? obj
      : nesting === "list"
        ? listType(obj)
        : nesting === "set"
          ? setType(obj)
          : mapType(obj);
  return { ...attr(type, flags), kind: "nested_attribute", nesting, attributes, objectType: obj };
}

/** @internal A body. */
export function body(def: {
  attributes?: Record<string, AttributeShape>;
  blocks?: Record<string, BlockShape>;
}): BodyShape {
  return { attributes: def.attributes ?? {}, blocks: def.blocks ?? {} };
}

/** @internal A nested block type. */
export function blk(
  nesting: BlockShape["nesting"],
  def: { attributes?: Record<string, AttributeShape>; blocks?: Record<string, BlockShape> } = {},
  flags: { computed?: boolean } = {},
): BlockShape {
  const b = body(def);
  const types: Record<string, Type> = {};
  for (const [k, a] of Object.entries(b.attributes)) types[k] = a.type;
  for (const [k, x] of Object.entries(b.blocks)) types[k] = x.type;
  const obj = objectType(types);
  let type: Type;
  if (nesting === "single" || nesting === "group") type = obj;
  else if (nesting === "list") type = hasDynamicTypes(obj) ? dynamicType : listType(obj);
  else if (nesting === "set") type = setType(obj);
  else type = hasDynamicTypes(obj) ? dynamicType : mapType(obj);
  return { ...b, kind: "block", nesting, computed: flags.computed === true, objectType: obj, type };
}
