import type { Value } from "@tfkit/cty-values";
import { type PlannedElement, findCounterpart } from "./correlate.js";

/**
 * A position in the config value that follows a position in the planned value, the way
 * tftypes `WalkAttributePath` walks: when a step cannot be taken (null or unknown parent,
 * missing element) the walk stops and remembers the last value it reached.
 * @internal
 */
export interface ConfigCursor {
  /** The value reached. */
  readonly value: Value;
  /** Whether a step failed; `value` is then the last value reached. */
  readonly stuck: boolean;
}

/** @internal A cursor at the root config value. */
export function rootCursor(config: Value): ConfigCursor {
  return { value: config, stuck: false };
}

/** @internal Steps into an object attribute. */
export function cursorAttr(c: ConfigCursor, name: string): ConfigCursor {
  if (c.stuck) return c;
  const v = c.value;
  if (v.isNull() || !v.isKnown() || v.type.kind !== "object" || !Object.hasOwn(v.type.attributeTypes, name)) {
    return { value: v, stuck: true };
  }
  return { value: v.getAttr(name), stuck: false };
}

/**
 * Steps into the counterpart of a planned collection element (sets by value, as tftypes does).
 * `fallback` is asked when no counterpart is found that way.
 * @internal
 */
export function cursorElement(
  c: ConfigCursor,
  el: PlannedElement,
  keyBy: readonly string[],
  fallback?: (config: Value, el: PlannedElement) => Value | undefined,
): ConfigCursor {
  if (c.stuck) return c;
  const v = c.value;
  if (v.isNull() || !v.isKnown()) return { value: v, stuck: true };
  const found = findCounterpart(v, el, keyBy, "value") ?? fallback?.(v, el);
  return found === undefined ? { value: v, stuck: true } : { value: found, stuck: false };
}

/**
 * The Go framework's config lookup for defaults (`Data.ValueAtPath`): any failed step reads as
 * null. Reports whether the config value there is null.
 * @internal
 */
export function configNullForDefaults(c: ConfigCursor): boolean {
  return c.stuck || c.value.isNull();
}

/**
 * The Go framework's config lookup for unknown marking (`tftypes.WalkAttributePath`): a failed
 * step yields the last value reached. Reports whether that value is null.
 * @internal
 */
export function configNullForMarking(c: ConfigCursor): boolean {
  return c.value.isNull();
}
