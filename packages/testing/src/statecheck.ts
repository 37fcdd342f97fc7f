/**
 * Checks on the state after a step, as in terraform-plugin-testing's `statecheck` package.
 *
 * @packageDocumentation
 */
import type { KnownValueMatcher, StateCheck } from "./checks.js";
import { renderJson } from "./json.js";
import { type AttrPath, formatAttrPath, toAttrPath } from "./path.js";
import { type StateResource, type TerraformState, lookup, markedAt } from "./terraform-json.js";

function stateCheck(
  description: string,
  checkState: (state: TerraformState) => string | undefined,
): StateCheck {
  return Object.freeze({ description, checkState });
}

function findResource(state: TerraformState, address: string): StateResource | string {
  const resource = state.resources.find((r) => r.address === address);
  if (resource) return resource;
  const known = state.resources.map((r) => r.address);
  return `${address}: not in the state (resources: ${known.length === 0 ? "none" : known.join(", ")})`;
}

/**
 * Expects the value at `path` of the resource instance `address` in state to match `matcher`.
 *
 * @remarks terraform-plugin-testing `statecheck.ExpectKnownValue`.
 * @example
 * ```ts
 * stateChecks: [statecheck.expectKnownValue("demo_server.web", path("id"), knownvalue.stringRegexp(/^srv-/))]
 * ```
 * @category testing
 */
export function expectKnownValue(
  address: string,
  path: AttrPath | string,
  matcher: KnownValueMatcher,
): StateCheck {
  const p = toAttrPath(path);
  return stateCheck(`expectKnownValue(${address}, ${formatAttrPath(p)}, ${matcher.description})`, (state) => {
    const resource = findResource(state, address);
    if (typeof resource === "string") return resource;
    const at = `${address}: at ${formatAttrPath(p)}`;
    const found = lookup(resource.values, p);
    if (!found.found)
      return `${at}: expected ${matcher.description}, but the path does not exist: ${found.reason}`;
    const failure = matcher.check(found.value);
    return failure === undefined ? undefined : `${at}: ${matcher.description}: ${failure}`;
  });
}

/**
 * Expects the value at `path` of `address` in state to be sensitive.
 *
 * @remarks terraform-plugin-testing `statecheck.ExpectSensitiveValue`. Read from
 * `sensitive_values`.
 * @category testing
 */
export function expectSensitiveValue(address: string, path: AttrPath | string): StateCheck {
  const p = toAttrPath(path);
  return stateCheck(`expectSensitiveValue(${address}, ${formatAttrPath(p)})`, (state) => {
    const resource = findResource(state, address);
    if (typeof resource === "string") return resource;
    return markedAt(resource.sensitiveValues, p)
      ? undefined
      : `${address}: at ${formatAttrPath(p)}: expected a sensitive value, but it is not marked sensitive (sensitive_values: ${renderJson(resource.sensitiveValues)})`;
  });
}

/**
 * Expects the root module output `name` to match `matcher`.
 *
 * @remarks terraform-plugin-testing `statecheck.ExpectKnownOutputValue`.
 * @category testing
 */
export function expectKnownOutputValue(name: string, matcher: KnownValueMatcher): StateCheck {
  return stateCheck(`expectKnownOutputValue(${name}, ${matcher.description})`, (state) => {
    const output = state.outputs[name];
    if (!output)
      return `output ${name}: not in the state (outputs: ${Object.keys(state.outputs).join(", ") || "none"})`;
    const failure = matcher.check(output.value);
    return failure === undefined ? undefined : `output ${name}: ${matcher.description}: ${failure}`;
  });
}

/**
 * Expects the resource instance `address` to exist in state (or, with `false`, not to).
 *
 * @remarks A small addition to terraform-plugin-testing's set, handy after `removed` blocks or
 * `count` changes.
 * @category testing
 */
export function expectResourceExists(address: string, exists = true): StateCheck {
  return stateCheck(`expectResourceExists(${address}, ${exists})`, (state) => {
    const present = state.resources.some((r) => r.address === address);
    if (present === exists) return undefined;
    return exists
      ? (findResource(state, address) as string)
      : `${address}: expected no such resource in the state, but it is there`;
  });
}
