import type { Value } from "@tfkit/cty-values";
import { listVal, mapVal, objectVal, replaceAttributes, setVal, tupleVal } from "@tfkit/cty-values";
import type { AnyAttributeSpec, BlockSpec, SchemaBody } from "@tfkit/schema";
import { attributeEntries, blockEntries } from "@tfkit/schema";
import { elementsOf, type PlannedElement } from "./correlate.js";
import { type ConfigCursor, cursorAttr, cursorElement } from "./cursor.js";

/** @internal Called for every schema attribute, after its nested attributes were visited (bottom-up). */
export type AttributeVisitor = (spec: AnyAttributeSpec, planned: Value, config: ConfigCursor) => Value;

/**
 * Finds the config element of a planned element of a set without `keyBy` when none equals it.
 * @internal
 */
export type SetElementFallback = (body: SchemaBody, config: Value, planned: Value) => Value | undefined;

/**
 * Walks a planned object along its schema bottom-up, like the Go framework's
 * `tftypes.Transform` passes: attributes (nested ones after their children), and the attributes
 * inside blocks; never inside plain (atomic) or dynamic attributes. The config cursor follows.
 * @internal
 */
export function transformBody(
  body: SchemaBody,
  planned: Value,
  config: ConfigCursor,
  visit: AttributeVisitor,
  fallback?: SetElementFallback,
): Value {
  if (planned.isNull() || !planned.isKnown()) return planned;
  // Only the attributes that change are collected: most stay as they are.
  const entries = planned.entries();
  let changes: Map<string, Value> | undefined;
  for (const [name, spec] of attributeEntries(body.attributes)) {
    const v = entries.get(name);
    if (v === undefined) continue;
    const c = cursorAttr(config, name);
    let nv = spec.kind === "nested_attribute" ? transformNested(spec, v, c, visit, fallback) : v;
    nv = visit(spec, nv, c);
    if (nv !== v) {
      changes ??= new Map();
      changes.set(name, nv);
    }
  }
  for (const [name, spec] of blockEntries(body.blocks)) {
    const v = entries.get(name);
    if (v === undefined) continue;
    const nv = transformBlock(spec, v, cursorAttr(config, name), visit, fallback);
    if (nv !== v) {
      changes ??= new Map();
      changes.set(name, nv);
    }
  }
  return changes === undefined ? planned : replaceAttributes(planned, changes);
}

function transformNested(
  spec: Extract<AnyAttributeSpec, { kind: "nested_attribute" }>,
  v: Value,
  c: ConfigCursor,
  visit: AttributeVisitor,
  fallback: SetElementFallback | undefined,
): Value {
  if (v.isNull() || !v.isKnown()) return v;
  const body: SchemaBody = { attributes: spec.attributes, blocks: {} };
  if (spec.nesting === "single") return transformBody(body, v, c, visit, fallback);
  return transformElements(body, spec.keyBy, v, c, visit, fallback);
}

function transformBlock(
  spec: BlockSpec,
  v: Value,
  c: ConfigCursor,
  visit: AttributeVisitor,
  fallback: SetElementFallback | undefined,
): Value {
  if (v.isNull() || !v.isKnown()) return v;
  if (spec.nesting === "single" || spec.nesting === "group")
    return transformBody(spec, v, c, visit, fallback);
  return transformElements(spec, spec.keyBy, v, c, visit, fallback);
}

function transformElements(
  body: SchemaBody,
  keyBy: readonly string[],
  v: Value,
  c: ConfigCursor,
  visit: AttributeVisitor,
  fallback: SetElementFallback | undefined,
): Value {
  const lookup =
    fallback !== undefined && keyBy.length === 0 && v.type.kind === "set"
      ? (config: Value, el: PlannedElement) => fallback(body, config, el.value)
      : undefined;
  return mapElements(v, (el) =>
    transformBody(body, el.value, cursorElement(c, el, keyBy, lookup), visit, fallback),
  );
}

/** @internal Rebuilds a known, non-null collection with each element replaced (same kind of value). */
export function mapElements(collection: Value, fn: (el: PlannedElement) => Value): Value {
  const els = elementsOf(collection);
  if (els.length === 0) return collection;
  let changed = false;
  const next = els.map((el) => {
    const nv = fn(el);
    if (nv !== el.value) changed = true;
    return nv;
  });
  if (!changed) return collection;
  switch (collection.type.kind) {
    case "list":
      return listVal(next);
    case "set":
      return setVal(next);
    case "tuple":
      return tupleVal(next);
    case "map":
      return mapVal(new Map(els.map((el, i) => [el.key as string, next[i] as Value])));
    default:
      return objectVal(new Map(els.map((el, i) => [el.key as string, next[i] as Value])));
  }
}
