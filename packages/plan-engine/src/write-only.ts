import type { Value } from "@tfkit/cty-values";
import { nullVal } from "@tfkit/cty-values";
import type { SchemaBody } from "@tfkit/schema";
import { rootCursor } from "./internal/cursor.js";
import { transformBody } from "./internal/transform-body.js";

/**
 * Sets every write-only attribute of a planned object to null.
 * @remarks The Go framework's plan step 5 (spec §6.2); core rejects a plan with a write-only
 * value ("Provider produced invalid plan").
 * @category combinators
 */
export function nullWriteOnlyAttributes(schema: SchemaBody, planned: Value): Value {
  return transformBody(schema, planned, rootCursor(planned), (spec, v) =>
    spec.writeOnly && !v.isNull() ? nullVal(v.type) : v,
  );
}
