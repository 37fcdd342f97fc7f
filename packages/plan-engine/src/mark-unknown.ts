import type { Value } from "@tfkit/cty-values";
import { dynamicType, unknownVal } from "@tfkit/cty-values";
import type { SchemaBody } from "@tfkit/schema";
import { configElementByDefaultedValue } from "./defaults.js";
import { configNullForMarking, rootCursor } from "./internal/cursor.js";
import { transformBody } from "./internal/transform-body.js";

/**
 * Marks every Computed attribute without a default whose config value is null as unknown
 * ("known after apply").
 *
 * @remarks The Go framework's `MarkComputedNilsAsUnknown` (internal/fwserver/
 * server_planresourcechange.go, spec §6.4), applied to the whole planned object; the pipeline
 * only calls it when the plan differs from the prior state. The config value is found with
 * `tftypes.WalkAttributePath` semantics: a step that cannot be taken yields the last value
 * reached, so children of a null config object are marked, while computed children of a set
 * element that matches no config element (it carries prior computed values) are not — unless the
 * collection has `keyBy`, which finds the config element by key. A set element whose only
 * difference from its config element is the defaults {@link applyDefaults} filled in is found
 * through them (tfkit; the Go framework finds none and leaves a new element's computed
 * attributes null, which core rejects after apply). Dynamic attributes become `DynamicVal`.
 * @category combinators
 */
export function markComputedNilsAsUnknown(schema: SchemaBody, planned: Value, config: Value): Value {
  return transformBody(
    schema,
    planned,
    rootCursor(config),
    (spec, v, c) => {
      if (!spec.computed || spec.default !== undefined || !configNullForMarking(c)) return v;
      return unknownVal(spec.type.kind === "dynamic" ? dynamicType : v.type);
    },
    configElementByDefaultedValue,
  );
}
