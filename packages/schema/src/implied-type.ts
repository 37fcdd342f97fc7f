import type { ObjectType, Type, Value } from "@tfkit/cty-values";
import {
  EmptyObjectVal,
  EmptyTupleVal,
  listValEmpty,
  mapValEmpty,
  nullVal,
  objectVal,
  setValEmpty,
} from "@tfkit/cty-values";
import type { SchemaBody } from "./model-types.js";
import type { AnyAttributeSpec, BlockSpec } from "./spec.js";

/**
 * The cty type of a schema's (or block's, or attribute's) value (Terraform `ImpliedType`, §5.1).
 *
 * @remarks Blocks become attributes of the object: single and group blocks an object, list/set/map
 * blocks a list/set/map of objects, and list/map blocks containing a `dynamic` attribute
 * `dynamic` (their values are tuples/objects, as hcldec decodes them). Nested attributes wrap
 * their object type in list/set/map; optional markers never appear. The type is computed when the
 * schema is built, so this is a field read.
 * @category models
 */
export function impliedType(of: { readonly type: ObjectType } | AnyAttributeSpec | BlockSpec): Type {
  return of.type;
}

function emptyBlockValue(spec: BlockSpec): Value {
  switch (spec.nesting) {
    case "single":
      return nullVal(spec.objectType);
    case "group":
      return emptyValue(spec);
    case "list":
      return spec.type.kind === "dynamic" ? EmptyTupleVal : listValEmpty(spec.objectType);
    case "set":
      return setValEmpty(spec.objectType);
    case "map":
      return spec.type.kind === "dynamic" ? EmptyObjectVal : mapValEmpty(spec.objectType);
  }
}

/**
 * The value of a body when the configuration sets nothing (Terraform `Block.EmptyValue`).
 *
 * @remarks Every attribute null, single blocks null, group blocks their own empty value (never
 * null), list/set/map blocks empty (an empty tuple/object for the dynamic cases). Core uses it as
 * the prior object when planning a create.
 * @category constructors
 */
export function emptyValue(body: SchemaBody): Value {
  const out = new Map<string, Value>();
  for (const [name, spec] of Object.entries(body.attributes)) out.set(name, nullVal(spec.type));
  for (const [name, spec] of Object.entries(body.blocks)) out.set(name, emptyBlockValue(spec));
  return objectVal(out);
}
