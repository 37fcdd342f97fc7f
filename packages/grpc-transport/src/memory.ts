/**
 * Returning memory after large messages.
 *
 * A 250 MiB request leaves ~1 GiB of ArrayBuffers behind it once answered (grpc-js's received
 * chunks and the joined message, the encoded response and grpc-js's framed copy of it). Nothing
 * references them, but V8 frees ArrayBuffer memory only when a garbage collection finds the
 * buffers' JavaScript objects dead, and it collects only when JavaScript allocates: a provider
 * that goes idle after a big answer keeps all of it. So after a call with a large message the
 * transport runs one full collection, once the call has ended and no other large call followed
 * within {@link GC_DELAY_MS} (and a few more, a second apart, while a large message's worth of
 * ArrayBuffers is still alive: a client still reading a large answer).
 *
 * `gc()` exists only under `--expose-gc`; otherwise it is taken, once, from a new `vm` context
 * created while the flag is set, and the flag is reset at once (V8's flag hash, which code caches
 * are checked against, is then what it was: `v8.cachedDataVersionTag()` does not change). Nothing
 * here is loaded before the first large message.
 *
 * @internal
 * @packageDocumentation
 */
import type { Logger } from "./logger.js";

/** How long after a large call ends the collection waits for further large calls. @internal */
export const GC_DELAY_MS = 100;

/** Default of `ServeOptions.gcAfterMessageBytes`: 16 MiB. @internal */
export const DEFAULT_GC_AFTER_MESSAGE_BYTES = 16 << 20;

let gcFunction: (() => void) | null | undefined;

function builtin<T>(id: string): T | undefined {
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  return get?.(id) as T | undefined;
}

/** The `gc()` function of this process, or `null` when none can be had. @internal */
export async function garbageCollector(): Promise<(() => void) | null> {
  if (gcFunction !== undefined) return gcFunction;
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === "function") {
    gcFunction = exposed as () => void;
    return gcFunction;
  }
  try {
    const v8 = builtin<typeof import("node:v8")>("node:v8") ?? (await import("node:v8"));
    const vm = builtin<typeof import("node:vm")>("node:vm") ?? (await import("node:vm"));
    v8.setFlagsFromString("--expose-gc");
    try {
      const gc = vm.runInNewContext("gc") as unknown;
      gcFunction = typeof gc === "function" ? (gc as () => void) : null;
    } finally {
      v8.setFlagsFromString("--no-expose-gc");
    }
  } catch {
    gcFunction = null;
  }
  return gcFunction;
}

/** Schedules a full collection after large calls. @internal */
export interface MemoryReleaser {
  /** Records that a call whose largest message had `bytes` bytes has ended. */
  callEnded(bytes: number): void;
  /** Cancels a pending collection (server stopping). */
  cancel(): void;
}

/**
 * How long after `gc()` memory is measured: V8 frees dead ArrayBuffers' memory on a background
 * thread after the collection, over tens of milliseconds for hundreds of MiB. @internal
 */
export const SWEEP_WAIT_MS = 250;

/**
 * How often a collection is tried again, {@link RETRY_DELAY_MS} apart, while a large message's
 * worth of ArrayBuffers is still alive after it (a client still reading a large answer). @internal
 */
export const GC_RETRIES = 3;
/** @internal */
export const RETRY_DELAY_MS = 1000;

const mib = (n: number): number => Math.round((n / 1048576) * 10) / 10;
const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** A {@link MemoryReleaser}; `thresholdBytes` false makes one that never collects. @internal */
export function createMemoryReleaser(thresholdBytes: number | false, logger: Logger): MemoryReleaser {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  let largest = 0;
  const schedule = (delay: number, attempt: number): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void collect(attempt), delay);
    timer.unref();
  };
  const collect = async (attempt: number): Promise<void> => {
    timer = undefined;
    const bytes = largest;
    const gc = await garbageCollector();
    if (gc === null) {
      logger.debug("cannot run a garbage collection after a large message: no gc() available", {
        message_bytes: bytes,
      });
      largest = 0;
      return;
    }
    const before = process.memoryUsage();
    const started = performance.now();
    gc();
    const gcMs = performance.now() - started;
    await sleep(SWEEP_WAIT_MS);
    if (cancelled) return;
    const after = process.memoryUsage();
    logger.debug("collected garbage after a large message", {
      message_bytes: bytes,
      attempt,
      gc_ms: Math.round(gcMs * 10) / 10,
      rss_mib_before: mib(before.rss),
      rss_mib_after: mib(after.rss),
      array_buffers_mib_before: mib(before.arrayBuffers),
      array_buffers_mib_after: mib(after.arrayBuffers),
    });
    if (timer !== undefined) return; // another large call ended meanwhile: its collection is due
    if (thresholdBytes !== false && after.arrayBuffers >= thresholdBytes && attempt <= GC_RETRIES) {
      schedule(RETRY_DELAY_MS, attempt + 1);
    } else {
      largest = 0;
    }
  };
  return {
    callEnded(bytes) {
      if (thresholdBytes === false || bytes < thresholdBytes || cancelled) return;
      largest = Math.max(largest, bytes);
      schedule(GC_DELAY_MS, 1);
    },
    cancel() {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
