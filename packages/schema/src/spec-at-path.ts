import type { Path } from "@tfkit/cty-values";
import type { SchemaBody } from "./model-types.js";
import type { AnyAttributeSpec, BlockSpec } from "./spec.js";

/**
 * The attribute or block type a value path points at, or into.
 *
 * @remarks Attribute steps pick attributes and block types; index steps into nested attribute
 * and block collections (list index, map key, set element) are passed over. A path that goes on
 * into a plain attribute's value (a list element, an object attribute of an `object` type)
 * answers with that attribute, the deepest schema node containing the value. Answers `undefined`
 * for the empty path and for names the schema does not have. Useful to ask whether a value at a
 * path is sensitive, write-only or computed (core's `SensitivePaths`, contract messages).
 * @example
 * ```ts
 * specAtPath(serverSchema, toPath(["network_interface", 0, "ip"]))?.kind; // "attribute"
 * ```
 * @category combinators
 */
export function specAtPath(body: SchemaBody, path: Path): AnyAttributeSpec | BlockSpec | undefined {
  let current: SchemaBody = body;
  let found: AnyAttributeSpec | BlockSpec | undefined;
  for (const step of path) {
    if (found !== undefined && found.kind === "attribute") return found;
    if (step.kind === "index") {
      if (found === undefined) return undefined;
      continue;
    }
    const attribute = Object.hasOwn(current.attributes, step.name)
      ? current.attributes[step.name]
      : undefined;
    const block = Object.hasOwn(current.blocks, step.name) ? current.blocks[step.name] : undefined;
    found = attribute ?? block;
    if (found === undefined) return undefined;
    if (found.kind === "nested_attribute") current = { attributes: found.attributes, blocks: {} };
    else if (found.kind === "block") current = found;
  }
  return found;
}
