import { randomUUID } from "node:crypto";
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Options of {@link withFileLock}.
 * @category models
 */
export interface FileLockOptions {
  /** Give up after this many milliseconds of waiting (default 60 000). */
  readonly timeoutMs?: number;
  /** A lock older than this is stale even when its holder looks alive (default 30 000 ms). */
  readonly staleMs?: number;
}

/**
 * The lock could not be taken in time.
 * @category errors
 */
export class LockTimeoutError extends Error {
  override name = "LockTimeoutError";
}

/** How old a lock (or a temporary file of the store) must be to be stale when its holder looks alive. @internal */
export const DEFAULT_STALE_MS = 30_000;

/** Serialises lock users inside this process, so they queue instead of polling the file. */
const localQueues = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` while holding an exclusive cross-process lock on `lockPath`.
 *
 * @remarks The lock is a file created with `O_CREAT | O_EXCL` (atomic on local file systems)
 * holding `pid host token time`. A lock is stale when its holder process (same host) is gone,
 * or when it is older than `staleMs` (a holder keeps it for milliseconds); a stale lock is
 * renamed away (atomic) and the renamed file re-read, so two breakers cannot both delete a
 * fresh lock. Inside one process, callers queue on a promise chain first. Written here rather
 * than taken from `proper-lockfile`: that package needs `graceful-fs`, `retry` and
 * `signal-exit`, refreshes mtimes on a timer, and still has the same stale-break window; the
 * demo's needs fit in 100 lines with no new dependency.
 * @category combinators
 */
export async function withFileLock<T>(
  lockPath: string,
  fn: () => T | Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const previous = localQueues.get(lockPath) ?? Promise.resolve();
  let releaseLocal!: () => void;
  const mine = new Promise<void>((resolve) => {
    releaseLocal = resolve;
  });
  const chained = previous.then(() => mine);
  localQueues.set(lockPath, chained);
  await previous;
  try {
    const token = await acquire(lockPath, options);
    try {
      return await fn();
    } finally {
      release(lockPath, token);
    }
  } finally {
    releaseLocal();
    if (localQueues.get(lockPath) === chained) localQueues.delete(lockPath);
  }
}

async function acquire(lockPath: string, options: FileLockOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const token = `${process.pid} ${hostname()} ${randomUUID()} ${Date.now()}`;
  const started = Date.now();
  let wait = 2;
  for (;;) {
    try {
      const fd = openSync(lockPath, "wx", 0o644);
      try {
        writeSync(fd, token);
      } finally {
        closeSync(fd);
      }
      return token;
    } catch (error) {
      if (code(error) !== "EEXIST") throw error;
    }
    const held = readLock(lockPath);
    if (held !== undefined && isStale(lockPath, held, staleMs)) {
      breakStale(lockPath, held);
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new LockTimeoutError(
        `could not lock ${lockPath} within ${timeoutMs} ms (held by: ${held ?? "unknown"}); delete the file if no demo provider is running`,
      );
    }
    await sleep(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 50);
  }
}

function release(lockPath: string, token: string): void {
  // Only remove the lock if it is still ours (it may have been broken as stale meanwhile).
  if (readLock(lockPath) === token) {
    try {
      unlinkSync(lockPath);
    } catch (error) {
      if (code(error) !== "ENOENT") throw error;
    }
  }
}

function readLock(lockPath: string): string | undefined {
  try {
    return readFileSync(lockPath, "utf8");
  } catch (error) {
    if (code(error) === "ENOENT") return undefined;
    throw error;
  }
}

function isStale(lockPath: string, content: string, staleMs: number): boolean {
  const [pidText, host] = content.split(" ");
  const pid = Number(pidText);
  if (host === hostname() && Number.isInteger(pid) && pid > 0 && !processAlive(pid)) return true;
  try {
    // An empty file is a holder between open and write: stale only by age.
    return Date.now() - statSync(lockPath).mtimeMs > staleMs;
  } catch {
    return false;
  }
}

/** Whether a process with this pid exists on this host (EPERM: it exists, owned by someone else). @internal */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return code(error) === "EPERM";
  }
}

function breakStale(lockPath: string, staleContent: string): void {
  const grave = `${lockPath}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(lockPath, grave);
  } catch (error) {
    if (code(error) === "ENOENT") return; // someone else broke it first
    throw error;
  }
  if (readLock(grave) !== staleContent) {
    // We renamed a fresh lock that replaced the stale one meanwhile: put it back unless a
    // newer one exists already (link fails then).
    try {
      linkSync(grave, lockPath);
    } catch {
      // a newer lock exists; the holder of the renamed one keeps running (tiny window, logged by callers)
    }
  }
  try {
    unlinkSync(grave);
  } catch {
    // already gone
  }
}

function code(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}
