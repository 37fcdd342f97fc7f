import type { Value } from "@tfkit/cty-values";
import type { Schema, SchemaBody } from "@tfkit/schema";
import { Diagnostics } from "../diagnostics.js";
import type { Model } from "./resource-types.js";
import { asProviderError, FAILED, modelOf } from "./steps.js";

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

/**
 * @internal `ctx.writeOnly` of create and update: the configured values of every top-level
 * attribute that is write-only or holds write-only attributes inside (nested attributes and
 * blocks), since those values are never in the plan.
 */
export function writeOnlyValues(schema: Schema, config: Value, typeName: string): Model {
  const names: string[] = [];
  for (const [n, a] of Object.entries(schema.attributes)) {
    if (
      a.writeOnly ||
      (a.kind === "nested_attribute" && holdsWriteOnly({ attributes: a.attributes, blocks: {} }))
    )
      names.push(n);
  }
  for (const [n, b] of Object.entries(schema.blocks)) if (holdsWriteOnly(b)) names.push(n);
  if (names.length === 0 || config.isNull()) return {};
  const d = new Diagnostics();
  const model = modelOf(schema, config, "known_config", "configuration", typeName, d);
  if (model === FAILED) throw asProviderError(d);
  const out: Model = {};
  for (const n of names) out[n] = model[n] ?? null;
  return out;
}
