import type { AnyAttributeSpec, Attributes, Blocks, BlockSpec } from "./spec.js";

// Schemas are immutable: their attribute and block lists are listed once, not on every walk
// (a resource's values are walked along its schema several times per request).
const attributeLists = new WeakMap<Attributes, readonly (readonly [string, AnyAttributeSpec])[]>();
const blockLists = new WeakMap<Blocks, readonly (readonly [string, BlockSpec])[]>();

/**
 * The `[name, spec]` pairs of a schema body's attributes, in declaration order: what
 * `Object.entries(body.attributes)` gives, listed once per frozen schema instead of on every call.
 *
 * @remarks Code that walks values along a schema on every request (conversions, plan steps)
 * uses it so the walk allocates nothing per attribute. The list must not be modified.
 * @category models
 */
export function attributeEntries(attributes: Attributes): readonly (readonly [string, AnyAttributeSpec])[] {
  let list = attributeLists.get(attributes);
  if (list === undefined) {
    list = Object.entries(attributes);
    if (Object.isFrozen(attributes)) attributeLists.set(attributes, list);
  }
  return list;
}

/**
 * The `[name, spec]` pairs of a schema body's blocks, in declaration order, listed once per
 * frozen schema; see {@link attributeEntries}.
 * @category models
 */
export function blockEntries(blocks: Blocks): readonly (readonly [string, BlockSpec])[] {
  let list = blockLists.get(blocks);
  if (list === undefined) {
    list = Object.entries(blocks);
    if (Object.isFrozen(blocks)) blockLists.set(blocks, list);
  }
  return list;
}
