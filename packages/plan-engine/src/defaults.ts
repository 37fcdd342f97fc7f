import type { Value } from "@tfkit/cty-values";
import type { SchemaBody } from "@tfkit/schema";
import { configNullForDefaults, rootCursor } from "./internal/cursor.js";
import { transformBody } from "./internal/transform-body.js";

/**
 * Applies attribute defaults to a planned object: every attribute with a `default` whose config
 * value is null gets the default.
 *
 * @remarks The Go framework's `Data.TransformDefaults` (internal/fwschemadata/data_default.go,
 * spec §6.3): a bottom-up walk of the planned value; the config value is looked up at the same
 * path, and any step that cannot be taken reads as null. A default therefore beats the prior
 * state and forces a diff. Inside set nested attributes and blocks the config element is found
 * by the planned element's value (so an element that already differs gets defaults), or by key
 * attributes when the collection has `keyBy`. A null or unknown planned value is returned as is.
 * @category combinators
 */
export function applyDefaults(schema: SchemaBody, planned: Value, config: Value): Value {
  return transformBody(schema, planned, rootCursor(config), (spec, v, c) =>
    spec.default !== undefined && configNullForDefaults(c) ? spec.default : v,
  );
}
