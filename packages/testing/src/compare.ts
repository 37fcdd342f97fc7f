/**
 * Value comparers for `statecheck.compareValue` and `statecheck.compareValuePairs`, as in
 * terraform-plugin-testing's `compare` package.
 *
 * @packageDocumentation
 */
import { diffValues, type JsonValue, renderJson } from "./json.js";

/**
 * Compares values recorded from the state (in the order they were recorded) — or an interface you
 * implement for a comparison of your own.
 *
 * @remarks terraform-plugin-testing's `compare.ValueComparer`. Values are the JSON
 * `terraform show -json` prints (numbers exact).
 * @category testing
 */
export interface ValueComparer {
  /** What the comparer asserts, for failure messages (e.g. `valuesSame()`). */
  readonly description: string;
  /** Returns undefined when the values satisfy the comparison, otherwise why not. */
  compareValues(values: readonly JsonValue[]): string | undefined;
}

/** Deep equality of two state values: same JSON, numbers compared exactly. */
function sameValue(a: JsonValue, b: JsonValue): boolean {
  return diffValues(a, b, "").length === 0;
}

/**
 * Every value equals the first one.
 *
 * @remarks terraform-plugin-testing's `compare.ValuesSame()`: e.g. an ID that must survive an
 * in-place update.
 * @example
 * ```ts
 * const id = statecheck.compareValue(compare.valuesSame());
 * // step 1: stateChecks: [id.addStateValue("demo_server.a", "id")]
 * // step 2: stateChecks: [id.addStateValue("demo_server.a", "id")]
 * ```
 * @category testing
 */
export function valuesSame(): ValueComparer {
  return Object.freeze({
    description: "valuesSame()",
    compareValues(values: readonly JsonValue[]) {
      for (let i = 1; i < values.length; i++) {
        const before = values[i - 1] as JsonValue;
        const now = values[i] as JsonValue;
        if (!sameValue(before, now))
          return `expected values to be the same, but they differ: ${renderJson(before)} != ${renderJson(now)}`;
      }
      return undefined;
    },
  });
}

/**
 * Each value differs from the one recorded before it.
 *
 * @remarks terraform-plugin-testing's `compare.ValuesDiffer()`: e.g. an ID that must change when
 * the resource is replaced. Only neighbours are compared: `a, b, a` passes.
 * @category testing
 */
export function valuesDiffer(): ValueComparer {
  return Object.freeze({
    description: "valuesDiffer()",
    compareValues(values: readonly JsonValue[]) {
      for (let i = 1; i < values.length; i++) {
        const before = values[i - 1] as JsonValue;
        const now = values[i] as JsonValue;
        if (sameValue(before, now))
          return `expected values to differ, but they are the same: ${renderJson(before)} == ${renderJson(now)}`;
      }
      return undefined;
    },
  });
}
