import { listVal, mapVal, nullVal, objectVal, setVal, tupleVal, type Value } from "@tfkit/cty-values";
import { attributeEntries, blockEntries } from "./entries.js";
import type { AttributeNesting, Attributes, BlockNesting, Blocks } from "./spec.js";

/** The parts of a schema body the walk needs (a schema, a block, a nested attribute's object). */
type WriteOnlyBody = { readonly attributes: Attributes; readonly blocks?: Blocks };

/**
 * Sets every write-only attribute of an object to null, at any depth (inside nested attributes
 * and blocks of every nesting), returning the value itself when nothing changed.
 *
 * @remarks Write-only values are never planned or stored: Terraform (1.11+) rejects a plan or a
 * state that holds one. The value must conform to the body's implied type; unknown parts are
 * left as they are, except an unknown write-only attribute, which becomes null too.
 * @example
 * ```ts
 * const state = nullWriteOnlyAttributes(schema, fromModel(schema, model, "state"));
 * ```
 * @category conversion
 */
export function nullWriteOnlyAttributes(
  body: { readonly attributes: Attributes; readonly blocks?: Blocks },
  value: Value,
): Value {
  if (!value.isKnown() || value.isNull() || value.type.kind !== "object") return value;
  if (!holdsWriteOnly(body)) return value;
  const entries = value.entries();
  let out: Map<string, Value> | undefined;
  const put = (name: string, before: Value, after: Value): void => {
    if (after === before) return;
    out ??= new Map(entries);
    out.set(name, after);
  };
  for (const [name, spec] of attributeEntries(body.attributes)) {
    const v = entries.get(name);
    if (v === undefined) continue;
    if (spec.writeOnly) {
      // An unknown is dropped too: state never holds one.
      if (!v.isKnown() || !v.isNull()) put(name, v, nullVal(v.type));
    } else if (spec.kind === "nested_attribute") {
      put(name, v, eachObject(v, spec.nesting, { attributes: spec.attributes }));
    }
  }
  for (const [name, spec] of blockEntries(body.blocks ?? NO_BLOCKS)) {
    const v = entries.get(name);
    if (v !== undefined) put(name, v, eachObject(v, spec.nesting, spec));
  }
  return out === undefined ? value : objectVal(out);
}

const NO_BLOCKS: Blocks = Object.freeze({});
// Whether a list of attributes or blocks holds a write-only attribute at any depth, found once
// per schema: most schemas have none, and then a value is returned without a look inside.
const attributesHolding = new WeakMap<Attributes, boolean>();
const blocksHolding = new WeakMap<Blocks, boolean>();

function holdsWriteOnly(body: WriteOnlyBody): boolean {
  return attributesHold(body.attributes) || (body.blocks !== undefined && blocksHold(body.blocks));
}

function attributesHold(attributes: Attributes): boolean {
  let holds = attributesHolding.get(attributes);
  if (holds === undefined) {
    holds = attributeEntries(attributes).some(
      ([, spec]) => spec.writeOnly || (spec.kind === "nested_attribute" && attributesHold(spec.attributes)),
    );
    if (Object.isFrozen(attributes)) attributesHolding.set(attributes, holds);
  }
  return holds;
}

function blocksHold(blocks: Blocks): boolean {
  let holds = blocksHolding.get(blocks);
  if (holds === undefined) {
    holds = blockEntries(blocks).some(([, spec]) => holdsWriteOnly(spec));
    if (Object.isFrozen(blocks)) blocksHolding.set(blocks, holds);
  }
  return holds;
}

/** Applies the walk to each object of a nested attribute's or block type's value. */
function eachObject(v: Value, nesting: AttributeNesting | BlockNesting, inner: WriteOnlyBody): Value {
  if (!v.isKnown() || v.isNull()) return v;
  if (nesting === "single" || nesting === "group") return nullWriteOnlyAttributes(inner, v);
  const kind = v.type.kind;
  if (kind === "list" || kind === "set" || kind === "tuple") {
    const before = v.elements();
    const after = before.map((e) => nullWriteOnlyAttributes(inner, e));
    if (after.every((e, i) => e === before[i])) return v;
    // Same element types as before (nulls keep their type), so the rebuilt collection has v's type.
    return kind === "list" ? listVal(after) : kind === "set" ? setVal(after) : tupleVal(after);
  }
  if (kind === "map" || kind === "object") {
    let changed = false;
    const after = new Map<string, Value>();
    for (const [k, e] of v.entries()) {
      const n = nullWriteOnlyAttributes(inner, e);
      if (n !== e) changed = true;
      after.set(k, n);
    }
    if (!changed) return v;
    return kind === "map" ? mapVal(after) : objectVal(after);
  }
  return v;
}
