import type { Schema, SchemaBody } from "@tfkit/schema";
import type { Model } from "./resource-types.js";

/** Whether a body holds a write-only attribute at any depth. */
export function holdsWriteOnly(body: SchemaBody): boolean {
  for (const a of Object.values(body.attributes)) {
    if (a.writeOnly) return true;
    if (a.kind === "nested_attribute" && holdsWriteOnly({ attributes: a.attributes, blocks: {} }))
      return true;
  }
  for (const b of Object.values(body.blocks)) if (holdsWriteOnly(b)) return true;
  return false;
}

const writeOnlyNames = new WeakMap<Schema, readonly string[]>();

/** The top-level attributes and blocks that are, or hold, write-only attributes (once per schema). */
function writeOnlyNamesOf(schema: Schema): readonly string[] {
  let names = writeOnlyNames.get(schema);
  if (names === undefined) {
    const found: string[] = [];
    for (const [n, a] of Object.entries(schema.attributes)) {
      if (
        a.writeOnly ||
        (a.kind === "nested_attribute" && holdsWriteOnly({ attributes: a.attributes, blocks: {} }))
      )
        found.push(n);
    }
    for (const [n, b] of Object.entries(schema.blocks)) if (holdsWriteOnly(b)) found.push(n);
    names = found;
    writeOnlyNames.set(schema, names);
  }
  return names;
}

/**
 * @internal `ctx.writeOnly` of create and update: from the configuration model, the values of
 * every top-level attribute that is write-only or holds write-only attributes inside (nested
 * attributes and blocks), since those values are never in the plan.
 */
export function writeOnlyValues(schema: Schema, config: Model): Model {
  const out: Model = {};
  for (const n of writeOnlyNamesOf(schema)) out[n] = config[n] ?? null;
  return out;
}
