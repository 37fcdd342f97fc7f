import { parseGoDuration } from "@tfkit/schema";

/**
 * @internal Parses a duration: milliseconds as a number, or Go duration text (`"1h30m"`, `"45s"`,
 * `"500ms"`; Go's `time.ParseDuration`, as the `timeouts` block uses), not negative.
 */
export function parseDuration(d: number | string): number {
  if (typeof d === "number") {
    if (!Number.isFinite(d) || d < 0)
      throw new RangeError(`invalid duration ${d}: a non-negative number of milliseconds is required`);
    return d;
  }
  const parsed = parseGoDuration(d);
  if (!parsed.ok)
    throw new RangeError(`${parsed.error}: use a number of milliseconds or text like "30s", "10m", "1h30m"`);
  if (parsed.duration.nanoseconds < 0n)
    throw new RangeError(`invalid duration "${d}": a timeout cannot be negative`);
  return parsed.duration.milliseconds;
}

/** @internal Formats milliseconds for messages (`10m0s` style is Go's; we say `600000 ms (10m)`). */
export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0 && ms > 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0 && ms > 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

/** @internal The outcome of a handler run under a deadline. */
export type TimedResult<T> =
  | { readonly kind: "done"; readonly value: T }
  | { readonly kind: "threw"; readonly error: unknown }
  | {
      readonly kind: "timeout";
      /** What the handler did after the deadline, within the grace period (undefined: still running). */
      readonly late:
        | { readonly kind: "done"; readonly value: T }
        | { readonly kind: "threw"; readonly error: unknown }
        | undefined;
    };

/**
 * @internal Runs a handler with a signal that aborts when the outer signal aborts or the timeout
 * passes. On timeout the signal is aborted first and the handler gets `graceMs` to settle (so it
 * can clean up or record a partial state); if it has not settled by then, the timeout wins.
 */
export function runWithTimeout<T>(
  outer: AbortSignal,
  timeoutMs: number | undefined,
  graceMs: number,
  run: (signal: AbortSignal) => T | Promise<T>,
): Promise<TimedResult<T>> {
  if (timeoutMs === undefined) {
    // No deadline: the outer signal is the hook's signal (no controller, no listener to wire),
    // and a hook that answers at once is not awaited (fewer promise hops per request).
    let r: T | Promise<T>;
    try {
      r = run(outer);
    } catch (error) {
      return Promise.resolve({ kind: "threw", error });
    }
    if (isThenable(r)) {
      return Promise.resolve(r).then(
        (value): TimedResult<T> => ({ kind: "done", value }),
        (error: unknown): TimedResult<T> => ({ kind: "threw", error }),
      );
    }
    return Promise.resolve({ kind: "done", value: r });
  }
  return runWithDeadline(outer, timeoutMs, graceMs, run);
}

function isThenable<T>(r: T | Promise<T>): r is Promise<T> {
  return typeof r === "object" && r !== null && typeof (r as { then?: unknown }).then === "function";
}

async function runWithDeadline<T>(
  outer: AbortSignal,
  timeoutMs: number,
  graceMs: number,
  run: (signal: AbortSignal) => T | Promise<T>,
): Promise<TimedResult<T>> {
  const controller = new AbortController();
  const onOuter = (): void => controller.abort(outer.reason);
  if (outer.aborted) controller.abort(outer.reason);
  else outer.addEventListener("abort", onOuter, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const settled = (async (): Promise<TimedResult<T>> => {
    try {
      return { kind: "done", value: await run(controller.signal) };
    } catch (error) {
      return { kind: "threw", error };
    }
  })();
  try {
    let timedOut = false;
    const deadline = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new DOMException("The operation timed out.", "TimeoutError"));
        resolve("timeout");
      }, timeoutMs);
    });
    const first = await Promise.race([settled, deadline]);
    if (first !== "timeout") return first;
    const grace = new Promise<"timeout">((resolve) => {
      graceTimer = setTimeout(() => resolve("timeout"), graceMs);
    });
    const after = await Promise.race([settled, grace]);
    // A handler that settles during the grace period still timed out; what it returned (a
    // state: the remote object exists) is handed back so the caller can keep it as partial state.
    if (after === "timeout") return { kind: "timeout", late: undefined };
    if (after.kind === "timeout") return after;
    return timedOut ? { kind: "timeout", late: after } : after;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (graceTimer !== undefined) clearTimeout(graceTimer);
    outer.removeEventListener("abort", onOuter);
  }
}
