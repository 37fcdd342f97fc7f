import { randomUUID } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { type FileLockOptions, withFileLock } from "./file-lock.js";

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
 * @category models
 */
export class FileStore {
  /** The store file. */
  readonly path: string;
  /** The lock file next to it. */
  readonly lockPath: string;
  readonly #lockOptions: FileLockOptions;

  constructor(path: string, lockOptions: FileLockOptions = {}) {
    this.path = path;
    this.lockPath = `${path}.lock`;
    this.#lockOptions = lockOptions;
  }

  /** A consistent snapshot of the store (a missing file is an empty store). */
  read(): StoreData {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return emptyStore();
      throw error;
    }
    const data = JSON.parse(text) as StoreData;
    if (data.format !== 1) throw new Error(`${this.path}: unknown store format ${String(data.format)}`);
    return data;
  }

  /** Runs `change` on the current content under the lock and commits what it leaves. */
  async update<T>(change: (data: StoreData) => T | Promise<T>): Promise<T> {
    return withFileLock(
      this.lockPath,
      async () => {
        const data = this.read();
        const result = await change(data);
        data.serial += 1;
        this.#write(data);
        return result;
      },
      this.#lockOptions,
    );
  }

  #write(data: StoreData): void {
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true });
    const temp = `${this.path}.tmp-${process.pid}-${randomUUID()}`;
    const fd = openSync(temp, "wx", 0o644);
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
}

/**
 * Takes the next ID with a prefix (`net-1`, `srv-7`) from the store's sequences.
 * @category constructors
 */
export function nextId(data: StoreData, prefix: string): string {
  const n = (data.sequences[prefix] ?? 0) + 1;
  data.sequences[prefix] = n;
  return `${prefix}-${n}`;
}
