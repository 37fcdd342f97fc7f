import type { Value } from "@tfkit/cty-values";
import { configuredTimeout, type TimeoutOperation } from "@tfkit/schema";
import type { Diagnostics } from "../diagnostics.js";
import type { Timeouts } from "../resource.js";
import { parseDuration } from "./timeouts.js";

/** The longest delay a Node.js timer holds; longer ones fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * @internal The time limit of one operation, in milliseconds: the duration configured in the
 * resource's `timeouts` block or attribute (read from the plan for create and update, from the
 * state for read and delete, as terraform-plugin-framework-timeouts users do), else the
 * resource definition's default, else none.
 *
 * @remarks A configured value that does not parse (validation refuses it, so only a state
 * written otherwise holds one) is reported as the Go module's "Timeout Cannot Be Parsed", as a
 * warning: the default applies and the operation goes on. A zero or negative duration expires at once, as Go's
 * `context.WithTimeout` does; one beyond a Node.js timer's range (about 24.8 days) means none.
 */
export function operationTimeout(
  value: Value,
  operation: TimeoutOperation,
  defaults: Timeouts | undefined,
  diagnostics: Diagnostics,
): number | undefined {
  const configured = configuredTimeout(value, operation);
  let ms: number | undefined;
  if (configured?.ok === true) ms = configured.duration.milliseconds;
  else {
    if (configured?.ok === false) {
      diagnostics.warning(
        "Timeout Cannot Be Parsed",
        `timeout for ${JSON.stringify(operation)} cannot be parsed, ${configured.error}`,
      );
    }
    const d = defaults?.[operation];
    ms = d === undefined ? undefined : parseDuration(d);
  }
  if (ms === undefined || ms > MAX_TIMER_MS) return undefined;
  return Math.max(ms, 0);
}
