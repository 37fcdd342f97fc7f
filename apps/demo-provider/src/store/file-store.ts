import { randomUUID } from "node:crypto";
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { DEFAULT_STALE_MS, type FileLockOptions, processAlive, withFileLock } from "./file-lock.js";

/**
 * The mode of the store file and its temporary files: owner only, because the store holds
 * sensitive attributes (`admin_password`) in plaintext.
 * @category constants
 */
export const STORE_FILE_MODE = 0o600;

/**
 * A JSON value as stored.
 * @category models
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One object of the demo cloud (a network, server or volume).
 * @category models
 */
export interface StoredObject {
  /** The resource kind, e.g. `server`. */
  readonly kind: string;
  /** The object's ID. */
  readonly id: string;
  /** Its attributes as the cloud keeps them. */
  readonly attributes: { readonly [key: string]: JsonValue };
}

/**
 * The whole content of the store file.
 * @category models
 */
export interface StoreData {
  /** File format version. */
  readonly format: 1;
  /** Incremented by every committed update (a quick way to see lost updates). */
  serial: number;
  /** The next sequence number per ID prefix. */
  readonly sequences: { [prefix: string]: number };
  /** Every object, by ID. */
  readonly objects: { [id: string]: StoredObject };
}

/**
 * The store file cannot be used: not a demo store, another format, an I/O error, or its lock
 * not taken in time. The message names the file.
 * @category errors
 */
export class StoreError extends Error {
  override name = "StoreError";
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function emptyStore(): StoreData {
  return { format: 1, serial: 0, sequences: {}, objects: {} };
}

/**
 * The demo cloud's embedded store: one JSON file, updated under a cross-process lock with
 * atomic replacement.
 *
 * @remarks Every update is read-modify-write under the lock (no lost updates between parallel
 * RPCs or between the several provider processes Terraform starts). The new content goes to a
 * temporary file in the same directory, is fsynced, and renamed over the store (atomic), then
 * the directory is fsynced: a kill at any moment leaves either the old or the new file, never a
 * torn one. Readers need no lock for a consistent snapshot.
 *
 * The file and its temporary files have mode 0600 ({@link STORE_FILE_MODE}): the store keeps
 * sensitive attributes in plaintext. Opening a store (the constructor) tightens an existing
 * file that is readable by others and removes the temporary files of writers that died
 * mid-write (their pid is gone); the first update, under the lock, also removes temporary files
 * older than the lock's stale age, whose writer pid may have been reused.
 * @category models
 */
export class FileStore {
  /** The store file. */
  readonly path: string;
  /** The lock file next to it. */
  readonly lockPath: string;
  readonly #lockOptions: FileLockOptions;
  #sweptUnderLock = false;

  constructor(path: string, lockOptions: FileLockOptions = {}) {
    this.path = path;
    this.lockPath = `${path}.lock`;
    this.#lockOptions = lockOptions;
    this.#tightenMode();
    // Without the lock: only files whose writer is gone, which nobody will rename any more.
    this.#sweepTemporaryFiles(Number.POSITIVE_INFINITY);
  }

  /**
   * The temporary files of this store in its directory (`<store>.tmp-<pid>-<uuid>`), left by
   * writers killed between creating and renaming them.
   */
  temporaryFiles(): string[] {
    let names: string[];
    try {
      names = readdirSync(dirname(this.path));
    } catch {
      return [];
    }
    const prefix = `${basename(this.path)}.tmp-`;
    return names
      .filter((n) => n.startsWith(prefix) && TEMP_SUFFIX.test(n.slice(prefix.length)))
      .map((n) => join(dirname(this.path), n));
  }

  /** A consistent snapshot of the store (a missing file is an empty store). */
  /**
   * A consistent snapshot of the store (a missing file is an empty store); a {@link StoreError}
   * when the file cannot be read or is not a store of this format.
   */
  read(): StoreData {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return emptyStore();
      throw new StoreError(`cannot read ${this.path}: ${messageOf(error)}`, { cause: error });
    }
    let data: Partial<StoreData> | null;
    try {
      data = JSON.parse(text) as Partial<StoreData> | null;
    } catch (error) {
      throw new StoreError(`${this.path} is not a demo cloud store (not JSON: ${messageOf(error)})`, {
        cause: error,
      });
    }
    if (typeof data !== "object" || data === null || Array.isArray(data) || data.format !== 1) {
      const format = typeof data === "object" && data !== null ? String(data.format) : "none";
      throw new StoreError(`${this.path} is not a demo cloud store of format 1 (format: ${format})`);
    }
    if (typeof data.objects !== "object" || data.objects === null || typeof data.sequences !== "object") {
      throw new StoreError(`${this.path} is not a demo cloud store (no objects or sequences)`);
    }
    return data as StoreData;
  }

  /**
   * Runs `change` on the current content under the lock and commits what it leaves. What
   * `change` throws passes through; a store that cannot be read, locked or written is a
   * {@link StoreError}.
   */
  async update<T>(change: (data: StoreData) => T | Promise<T>): Promise<T> {
    let changeThrew = false;
    try {
      return await withFileLock(
        this.lockPath,
        async () => {
          if (!this.#sweptUnderLock) {
            this.#sweptUnderLock = true;
            // Holding the lock, no live writer is between create and rename unless its lock was
            // broken as stale: a file older than that age is left over (its pid was reused).
            this.#sweepTemporaryFiles(this.#lockOptions.staleMs ?? DEFAULT_STALE_MS);
          }
          const data = this.read();
          let result: T;
          try {
            result = await change(data);
          } catch (error) {
            changeThrew = true;
            throw error;
          }
          data.serial += 1;
          this.#write(data);
          return result;
        },
        this.#lockOptions,
      );
    } catch (error) {
      if (changeThrew || error instanceof StoreError) throw error;
      throw new StoreError(`cannot update ${this.path}: ${messageOf(error)}`, { cause: error });
    }
  }

  #write(data: StoreData): void {
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true });
    const temp = `${this.path}.tmp-${process.pid}-${randomUUID()}`;
    const fd = openSync(temp, "wx", STORE_FILE_MODE);
    try {
      writeSync(fd, `${JSON.stringify(data, null, 2)}\n`);
      fsyncSync(fd);
    } catch (error) {
      closeSync(fd);
      unlinkSync(temp);
      throw error;
    }
    closeSync(fd);
    renameSync(temp, this.path);
    try {
      const dirFd = openSync(dir, "r");
      try {
        fsyncSync(dirFd);
      } finally {
        closeSync(dirFd);
      }
    } catch {
      // Some platforms cannot fsync a directory; the rename is still atomic.
    }
  }

  /** Makes an existing store file owner-only (earlier versions wrote it 0644; a copied-in file may be). */
  #tightenMode(): void {
    try {
      const { mode } = statSync(this.path);
      if ((mode & 0o077) !== 0) chmodSync(this.path, STORE_FILE_MODE);
    } catch {
      // Missing (created 0600 by the first write) or not ours to chmod: nothing to do here.
    }
  }

  /**
   * Removes this store's temporary files whose writer process is gone, or which are older than
   * `maxAgeMs` (whatever their pid).
   */
  #sweepTemporaryFiles(maxAgeMs: number): void {
    const prefix = `${basename(this.path)}.tmp-`;
    for (const file of this.temporaryFiles()) {
      const pid = Number(basename(file).slice(prefix.length).split("-")[0]);
      let stale = pid !== process.pid && !processAlive(pid);
      if (!stale && Number.isFinite(maxAgeMs)) {
        try {
          stale = Date.now() - statSync(file).mtimeMs > maxAgeMs;
        } catch {
          continue; // gone meanwhile
        }
      }
      if (!stale) continue;
      try {
        unlinkSync(file);
      } catch {
        // Removed by another process at the same moment, or not ours: harmless either way.
      }
    }
  }
}

/** `<pid>-<uuid>` after `<store>.tmp-`. */
const TEMP_SUFFIX = /^[1-9]\d*-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Takes the next ID with a prefix (`net-1`, `srv-7`) from the store's sequences.
 * @category constructors
 */
export function nextId(data: StoreData, prefix: string): string {
  const n = (data.sequences[prefix] ?? 0) + 1;
  data.sequences[prefix] = n;
  return `${prefix}-${n}`;
}
