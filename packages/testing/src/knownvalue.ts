/**
 * Matchers for known values, as in terraform-plugin-testing's `knownvalue` package.
 *
 * @packageDocumentation
 */
import { type CtyNumber, isCtyNumber, numberFrom } from "@tfkit/cty-values";
import type { KnownValueMatcher } from "./checks.js";
import { type JsonObject, type JsonValue, isJsonObject, renderJson } from "./json.js";

/**
 * What collection matchers accept for an element: a matcher, or a plain value meaning "exactly
 * this" (string, number, bigint, boolean, null).
 *
 * @remarks A convenience over terraform-plugin-testing, where every element needs a matcher.
 * @category testing
 */
export type ElementExpectation = KnownValueMatcher | string | number | bigint | boolean | null | CtyNumber;

function matcher(description: string, check: (actual: JsonValue) => string | undefined): KnownValueMatcher {
  return Object.freeze({ description, check });
}

function toMatcher(e: ElementExpectation): KnownValueMatcher {
  if (e === null) return nullValue();
  if (typeof e === "string") return stringExact(e);
  if (typeof e === "boolean") return bool(e);
  if (typeof e === "number" || typeof e === "bigint" || isCtyNumber(e)) return numberExact(e);
  return e;
}

const got = (actual: JsonValue) => `got ${renderJson(actual)}`;

/**
 * Matches a string equal to `expected`.
 *
 * @remarks `knownvalue.StringExact`.
 * @category testing
 */
export function stringExact(expected: string): KnownValueMatcher {
  return matcher(`stringExact(${JSON.stringify(expected)})`, (actual) =>
    actual === expected ? undefined : `expected ${JSON.stringify(expected)}, ${got(actual)}`,
  );
}

/**
 * Matches a string that `pattern` matches.
 *
 * @remarks `knownvalue.StringRegexp`.
 * @category testing
 */
export function stringRegexp(pattern: RegExp): KnownValueMatcher {
  return matcher(`stringRegexp(${pattern})`, (actual) => {
    if (typeof actual !== "string") return `expected a string matching ${pattern}, ${got(actual)}`;
    pattern.lastIndex = 0;
    return pattern.test(actual) ? undefined : `expected a string matching ${pattern}, ${got(actual)}`;
  });
}

/**
 * Matches a number exactly equal to `expected` (compared as exact cty numbers, so
 * `numberExact("0.1")` is not the float64 nearest 0.1).
 *
 * @remarks `knownvalue.NumberExact` / `Int64Exact` / `Float64Exact`. A JS number is taken as
 * its float64 value (safe integers as integers); pass a string or bigint for exact decimals and
 * big integers.
 * @category testing
 */
export function numberExact(expected: number | bigint | string | CtyNumber): KnownValueMatcher {
  const want = numberFrom(expected);
  return matcher(`numberExact(${want.text()})`, (actual) =>
    isCtyNumber(actual) && actual.equals(want) ? undefined : `expected ${want.text()}, ${got(actual)}`,
  );
}

/**
 * Matches the boolean `expected`.
 *
 * @remarks `knownvalue.Bool`.
 * @category testing
 */
export function bool(expected: boolean): KnownValueMatcher {
  return matcher(`bool(${expected})`, (actual) =>
    actual === expected ? undefined : `expected ${expected}, ${got(actual)}`,
  );
}

/**
 * Matches null.
 *
 * @remarks `knownvalue.Null`. Exported as `knownvalue.null`.
 * @category testing
 */
export function nullValue(): KnownValueMatcher {
  return matcher("null()", (actual) => (actual === null ? undefined : `expected null, ${got(actual)}`));
}

/**
 * Matches any value except null.
 *
 * @remarks `knownvalue.NotNull`.
 * @category testing
 */
export function notNull(): KnownValueMatcher {
  return matcher("notNull()", (actual) =>
    actual === null ? "expected a non-null value, got null" : undefined,
  );
}

function elementsOf(actual: JsonValue, what: string): readonly JsonValue[] | string {
  return Array.isArray(actual) ? (actual as readonly JsonValue[]) : `expected a ${what}, ${got(actual)}`;
}

/**
 * Matches a list or tuple whose elements match `expected`, in order, with the same length.
 *
 * @remarks `knownvalue.ListExact` / `TupleExact`.
 * @category testing
 */
export function listExact(expected: readonly ElementExpectation[]): KnownValueMatcher {
  const matchers = expected.map(toMatcher);
  return matcher(`listExact([${matchers.map((m) => m.description).join(", ")}])`, (actual) => {
    const list = elementsOf(actual, "list");
    if (typeof list === "string") return list;
    if (list.length !== matchers.length)
      return `expected ${matchers.length} elements, ${got(actual)} (${list.length} elements)`;
    for (let i = 0; i < list.length; i++) {
      const failure = (matchers[i] as KnownValueMatcher).check(list[i] as JsonValue);
      if (failure) return `element [${i}]: ${failure}`;
    }
    return undefined;
  });
}

/**
 * Matches a list or tuple whose elements at the given indices match (other elements are free).
 *
 * @remarks `knownvalue.ListPartial`.
 * @category testing
 */
export function listPartial(expected: Readonly<Record<number, ElementExpectation>>): KnownValueMatcher {
  const entries = Object.entries(expected).map(([k, e]) => [Number(k), toMatcher(e)] as const);
  return matcher(
    `listPartial({${entries.map(([k, m]) => `${k}: ${m.description}`).join(", ")}})`,
    (actual) => {
      const list = elementsOf(actual, "list");
      if (typeof list === "string") return list;
      for (const [i, m] of entries) {
        if (i >= list.length) return `element [${i}]: absent, ${got(actual)}`;
        const failure = m.check(list[i] as JsonValue);
        if (failure) return `element [${i}]: ${failure}`;
      }
      return undefined;
    },
  );
}

function sizeMatcher(name: string, what: string, size: number): KnownValueMatcher {
  return matcher(`${name}(${size})`, (actual) => {
    const n = Array.isArray(actual)
      ? actual.length
      : isJsonObject(actual)
        ? Object.keys(actual).length
        : undefined;
    if (n === undefined) return `expected a ${what}, ${got(actual)}`;
    return n === size ? undefined : `expected ${size} elements, got ${n}: ${renderJson(actual)}`;
  });
}

/**
 * Matches a list or tuple with exactly `size` elements.
 *
 * @remarks `knownvalue.ListSizeExact`.
 * @category testing
 */
export function listSizeExact(size: number): KnownValueMatcher {
  return sizeMatcher("listSizeExact", "list", size);
}

/**
 * Matches a set with exactly `size` elements.
 *
 * @remarks `knownvalue.SetSizeExact`.
 * @category testing
 */
export function setSizeExact(size: number): KnownValueMatcher {
  return sizeMatcher("setSizeExact", "set", size);
}

/**
 * Matches a map with exactly `size` keys.
 *
 * @remarks `knownvalue.MapSizeExact`.
 * @category testing
 */
export function mapSizeExact(size: number): KnownValueMatcher {
  return sizeMatcher("mapSizeExact", "map", size);
}

/** Assigns each matcher a distinct element (backtracking); returns the unmatched matcher index. */
function assignSet(
  matchers: readonly KnownValueMatcher[],
  elements: readonly JsonValue[],
): number | undefined {
  const used = new Array<boolean>(elements.length).fill(false);
  let firstStuck: number | undefined;
  const solve = (m: number): boolean => {
    if (m === matchers.length) return true;
    for (let e = 0; e < elements.length; e++) {
      if (used[e] || (matchers[m] as KnownValueMatcher).check(elements[e] as JsonValue) !== undefined)
        continue;
      used[e] = true;
      if (solve(m + 1)) return true;
      used[e] = false;
    }
    firstStuck ??= m;
    return false;
  };
  return solve(0) ? undefined : (firstStuck ?? 0);
}

/**
 * Matches a set whose elements match `expected` in any order, one element per matcher, with the
 * same size.
 *
 * @remarks `knownvalue.SetExact`. Terraform's JSON lists set elements in go-cty order; this
 * matcher does not depend on it.
 * @category testing
 */
export function setExact(expected: readonly ElementExpectation[]): KnownValueMatcher {
  const matchers = expected.map(toMatcher);
  return matcher(`setExact([${matchers.map((m) => m.description).join(", ")}])`, (actual) => {
    const set = elementsOf(actual, "set");
    if (typeof set === "string") return set;
    if (set.length !== matchers.length)
      return `expected ${matchers.length} elements, ${got(actual)} (${set.length} elements)`;
    const stuck = assignSet(matchers, set);
    return stuck === undefined
      ? undefined
      : `no element matches ${(matchers[stuck] as KnownValueMatcher).description}: ${got(actual)}`;
  });
}

/**
 * Matches a set that contains, for each matcher, a distinct matching element (other elements are
 * free).
 *
 * @remarks `knownvalue.SetPartial`.
 * @category testing
 */
export function setPartial(expected: readonly ElementExpectation[]): KnownValueMatcher {
  const matchers = expected.map(toMatcher);
  return matcher(`setPartial([${matchers.map((m) => m.description).join(", ")}])`, (actual) => {
    const set = elementsOf(actual, "set");
    if (typeof set === "string") return set;
    const stuck = assignSet(matchers, set);
    return stuck === undefined
      ? undefined
      : `no element matches ${(matchers[stuck] as KnownValueMatcher).description}: ${got(actual)}`;
  });
}

function keyedMatcher(
  name: string,
  what: string,
  expected: Readonly<Record<string, ElementExpectation>>,
  exact: boolean,
): KnownValueMatcher {
  const entries = Object.entries(expected).map(([k, e]) => [k, toMatcher(e)] as const);
  return matcher(
    `${name}({${entries.map(([k, m]) => `${JSON.stringify(k)}: ${m.description}`).join(", ")}})`,
    (actual) => {
      if (!isJsonObject(actual)) return `expected ${what === "object" ? "an" : "a"} ${what}, ${got(actual)}`;
      const o: JsonObject = actual;
      for (const [k, m] of entries) {
        if (!Object.hasOwn(o, k)) return `${JSON.stringify(k)}: absent, ${got(actual)}`;
        const failure = m.check(o[k] as JsonValue);
        if (failure) return `${JSON.stringify(k)}: ${failure}`;
      }
      if (exact) {
        const extra = Object.keys(o).filter((k) => !Object.hasOwn(expected, k));
        if (extra.length > 0)
          return `unexpected ${extra.map((k) => JSON.stringify(k)).join(", ")} in ${renderJson(actual)}`;
      }
      return undefined;
    },
  );
}

/**
 * Matches a map with exactly the given keys, each value matching.
 *
 * @remarks `knownvalue.MapExact`.
 * @category testing
 */
export function mapExact(expected: Readonly<Record<string, ElementExpectation>>): KnownValueMatcher {
  return keyedMatcher("mapExact", "map", expected, true);
}

/**
 * Matches a map holding the given keys with matching values (other keys are free).
 *
 * @remarks `knownvalue.MapPartial`.
 * @category testing
 */
export function mapPartial(expected: Readonly<Record<string, ElementExpectation>>): KnownValueMatcher {
  return keyedMatcher("mapPartial", "map", expected, false);
}

/**
 * Matches an object with exactly the given attributes, each matching.
 *
 * @remarks `knownvalue.ObjectExact`. Terraform's JSON lists every attribute of an object type,
 * null ones included, so name them all (or use {@link objectPartial}).
 * @category testing
 */
export function objectExact(expected: Readonly<Record<string, ElementExpectation>>): KnownValueMatcher {
  return keyedMatcher("objectExact", "object", expected, true);
}

/**
 * Matches an object whose given attributes match (other attributes are free).
 *
 * @remarks `knownvalue.ObjectPartial`.
 * @category testing
 */
export function objectPartial(expected: Readonly<Record<string, ElementExpectation>>): KnownValueMatcher {
  return keyedMatcher("objectPartial", "object", expected, false);
}

export { nullValue as null };
