import { ProviderError } from "@tfkit/provider";
import type { Int64, PathInput } from "@tfkit/schema";

/**
 * An int64 model value (a `number`, or a `bigint` beyond 2^53) as a `number` between `min`
 * and `max`; a {@link ProviderError} on `path` otherwise.
 *
 * @remarks The attribute validators refuse these values at validate and plan time; this is for
 * one that reaches create or update anyway (a plan made without them).
 * @category conversion
 */
export function int64InRange(value: Int64, min: number, max: number, path: PathInput, what: string): number {
  // A bigint model value is outside the safe-integer range, so outside any range used here.
  if (typeof value === "bigint" || value < min || value > max) {
    throw new ProviderError(`Demo cloud: invalid ${what}`, {
      path,
      detail: `The ${what} must be between ${min} and ${max}, got ${String(value)}.`,
    });
  }
  return value;
}
