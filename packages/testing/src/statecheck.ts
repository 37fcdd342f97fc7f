/**
 * Checks on the state after a step, as in terraform-plugin-testing's `statecheck` package.
 *
 * @packageDocumentation
 */
import type { CheckContext, KnownValueMatcher, StateCheck } from "./checks.js";
import type { ValueComparer } from "./compare.js";
import { isJsonObject, type JsonValue, renderJson } from "./json.js";
import { type AttrPath, formatAttrPath, toAttrPath } from "./path.js";
import { type StateResource, type TerraformState, lookup, markedAt } from "./terraform-json.js";

function stateCheck(
  description: string,
  checkState: (state: TerraformState, context?: CheckContext) => string | undefined,
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

/**
 * A value comparison across steps: each {@link CompareValue.addStateValue} check records a value
 * from the state of its step and compares every value recorded so far.
 *
 * @remarks terraform-plugin-testing's `statecheck.CompareValue`. Values are kept per run of the
 * case, so the same case object can run under both runners, or twice at once.
 * @category testing
 */
export interface CompareValue {
  /**
   * A state check that records the value at `path` of `address` (the whole JSON value, so
   * objects and lists compare deeply) and runs the comparer on all values recorded so far.
   */
  addStateValue(address: string, path: AttrPath | string): StateCheck;
}

/** Where runs without a context (a check called by hand) keep their values. */
const NO_RUN = Object.freeze({});

/**
 * Starts a value comparison across steps; add `compareValue(...).addStateValue(address, path)`
 * to the `stateChecks` of each step whose value takes part.
 *
 * @remarks terraform-plugin-testing's `statecheck.CompareValue(comparer)`; comparers are in
 * `compare` (`valuesSame`, `valuesDiffer`) or your own {@link ValueComparer}.
 * @example An ID kept by an update and changed by a replacement
 * ```ts
 * const same = statecheck.compareValue(compare.valuesSame());
 * const differ = statecheck.compareValue(compare.valuesDiffer());
 * steps: [
 *   { config: v1, stateChecks: [same.addStateValue("demo_server.a", "id"), differ.addStateValue("demo_server.a", "id")] },
 *   { config: v2, stateChecks: [same.addStateValue("demo_server.a", "id")] },            // update
 *   { config: v3, stateChecks: [differ.addStateValue("demo_server.a", "id")] },          // replace
 * ]
 * ```
 * @category testing
 */
export function compareValue(comparer: ValueComparer): CompareValue {
  const recorded = new WeakMap<object, { label: string; value: JsonValue }[]>();
  return Object.freeze({
    addStateValue(address: string, path: AttrPath | string): StateCheck {
      const p = toAttrPath(path);
      const where = `${address}.${formatAttrPath(p)}`;
      return stateCheck(`compareValue(${comparer.description}).addStateValue(${where})`, (state, context) => {
        const resource = findResource(state, address);
        if (typeof resource === "string") return resource;
        const found = lookup(resource.values, p);
        if (!found.found)
          return `${address}: at ${formatAttrPath(p)}: the path does not exist: ${found.reason}`;
        const run = context?.run ?? NO_RUN;
        const values = recorded.get(run) ?? [];
        recorded.set(run, values);
        values.push({ label: `step ${context?.step ?? "?"} ${where}`, value: found.value });
        const failure = comparer.compareValues(values.map((v) => v.value));
        if (failure === undefined) return undefined;
        return `${failure} (recorded: ${values.map((v) => `${v.label} = ${renderJson(v.value)}`).join("; ")})`;
      });
    },
  });
}

/**
 * Compares two values of the same state: two attributes of one resource, or of two resources.
 *
 * @remarks terraform-plugin-testing's `statecheck.CompareValuePairs`.
 * @example A reference copied from one resource to another
 * ```ts
 * statecheck.compareValuePairs("demo_server.a", "id", "demo_attachment.b", "server_id", compare.valuesSame())
 * ```
 * @category testing
 */
export function compareValuePairs(
  addressOne: string,
  pathOne: AttrPath | string,
  addressTwo: string,
  pathTwo: AttrPath | string,
  comparer: ValueComparer,
): StateCheck {
  const p1 = toAttrPath(pathOne);
  const p2 = toAttrPath(pathTwo);
  const one = `${addressOne}.${formatAttrPath(p1)}`;
  const two = `${addressTwo}.${formatAttrPath(p2)}`;
  return stateCheck(`compareValuePairs(${one}, ${two}, ${comparer.description})`, (state) => {
    const values: JsonValue[] = [];
    for (const [address, p] of [
      [addressOne, p1],
      [addressTwo, p2],
    ] as const) {
      const resource = findResource(state, address);
      if (typeof resource === "string") return resource;
      const found = lookup(resource.values, p);
      if (!found.found)
        return `${address}: at ${formatAttrPath(p)}: the path does not exist: ${found.reason}`;
      values.push(found.value);
    }
    const failure = comparer.compareValues(values);
    return failure === undefined
      ? undefined
      : `${failure} (${one} = ${renderJson(values[0])}, ${two} = ${renderJson(values[1])})`;
  });
}

/** The values a collection path reaches: each step after the first applies inside every element. */
function walkCollection(value: JsonValue, rest: readonly AttrPath[], out: JsonValue[]): string | undefined {
  const elements = Array.isArray(value)
    ? (value as readonly JsonValue[])
    : isJsonObject(value)
      ? Object.keys(value)
          .sort()
          .map((k) => value[k] as JsonValue)
      : undefined;
  if (elements === undefined) {
    out.push(value);
    return undefined;
  }
  for (const element of elements) {
    if (rest.length === 0) {
      out.push(element);
      continue;
    }
    const found = lookup(element, rest[0] as AttrPath);
    if (!found.found) return found.reason;
    const failure = walkCollection(found.value, rest.slice(1), out);
    if (failure !== undefined) return failure;
  }
  return undefined;
}

/**
 * Passes when at least one element of a collection in one resource compares, with `comparer`,
 * to a value of another (or the same) resource: e.g. a server's ID is among a group's members.
 *
 * @remarks terraform-plugin-testing's `statecheck.CompareValueCollection`. `collectionPath[0]`
 * finds the collection (list, set, map or object) in `addressOne`; each further path is applied
 * inside every element, for collections of objects (`[["rule"], ["ports"]]`: the ports of every
 * rule).
 * @example
 * ```ts
 * statecheck.compareValueCollection("demo_group.g", ["member_ids"], "demo_server.a", "id", compare.valuesSame())
 * ```
 * @category testing
 */
export function compareValueCollection(
  addressOne: string,
  collectionPath: readonly (AttrPath | string)[],
  addressTwo: string,
  path: AttrPath | string,
  comparer: ValueComparer,
): StateCheck {
  const paths = collectionPath.map(toAttrPath);
  const p2 = toAttrPath(path);
  const one = `${addressOne}.${paths.map(formatAttrPath).join("[*].")}`;
  const two = `${addressTwo}.${formatAttrPath(p2)}`;
  return stateCheck(`compareValueCollection(${one}, ${two}, ${comparer.description})`, (state) => {
    if (paths.length === 0) return "compareValueCollection: collectionPath is empty";
    const resourceOne = findResource(state, addressOne);
    if (typeof resourceOne === "string") return resourceOne;
    const resourceTwo = findResource(state, addressTwo);
    if (typeof resourceTwo === "string") return resourceTwo;
    const collection = lookup(resourceOne.values, paths[0] as AttrPath);
    if (!collection.found) return `${addressOne}: the path does not exist: ${collection.reason}`;
    const elements: JsonValue[] = [];
    const walkFailure = walkCollection(collection.value, paths.slice(1), elements);
    if (walkFailure !== undefined) return `${addressOne}: ${walkFailure}`;
    const other = lookup(resourceTwo.values, p2);
    if (!other.found)
      return `${addressTwo}: at ${formatAttrPath(p2)}: the path does not exist: ${other.reason}`;
    const failures = new Set<string>();
    for (const element of elements) {
      const failure = comparer.compareValues([element, other.value]);
      if (failure === undefined) return undefined;
      failures.add(failure);
    }
    return `no element of ${one} (${elements.length === 0 ? "none" : elements.map((e) => renderJson(e)).join(", ")}) satisfies ${comparer.description} with ${two} = ${renderJson(other.value)}${failures.size > 0 ? `: ${[...failures].join("; ")}` : ""}`;
  });
}
