import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileStore, nextId, STORE_FILE_MODE, StoreError } from "./file-store.js";
import { LockTimeoutError, withFileLock } from "./file-lock.js";

const dir = mkdtempSync(join(tmpdir(), "tfkit-demo-store-"));
const worker = join(dir, "store-worker.mjs");

beforeAll(async () => {
  await build({
    entryPoints: [new URL("../../test/fixtures/store-worker.ts", import.meta.url).pathname],
    outfile: worker,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "error",
    conditions: ["@tfkit/source"],
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): { child: ChildProcess; done: Promise<number> } {
  const child = spawn(process.execPath, [worker, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const done = new Promise<number>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? (signal ? -1 : 0))),
  );
  return { child, done };
}

describe("FileStore", () => {
  it("reads a missing file as an empty store and commits updates with a serial", async () => {
    const store = new FileStore(join(dir, "basic.json"));
    expect(store.read()).toEqual({ format: 1, serial: 0, sequences: {}, objects: {} });
    const id = await store.update((data) => {
      const next = nextId(data, "net");
      data.objects[next] = { kind: "network", id: next, attributes: { name: "a" } };
      return next;
    });
    expect(id).toBe("net-1");
    expect(store.read().serial).toBe(1);
    expect(store.read().objects["net-1"]?.attributes).toEqual({ name: "a" });
    // No lock or temporary file is left behind.
    expect(readdirSync(dir).filter((f) => f.startsWith("basic.json"))).toEqual(["basic.json"]);
  });

  it("a failing update commits nothing and releases the lock", async () => {
    const store = new FileStore(join(dir, "failing.json"));
    await store.update((data) => {
      data.sequences.x = 1;
    });
    await expect(
      store.update((data) => {
        data.sequences.x = 2;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(store.read().sequences.x).toBe(1);
    expect(existsSync(store.lockPath)).toBe(false);
  });

  it("parallel updates in one process lose nothing", async () => {
    const store = new FileStore(join(dir, "in-process.json"));
    await Promise.all(
      Array.from({ length: 40 }, () =>
        store.update(async (data) => {
          const before = data.sequences.n ?? 0;
          await new Promise((r) => setTimeout(r, 1));
          data.sequences.n = before + 1;
        }),
      ),
    );
    expect(store.read().sequences.n).toBe(40);
    expect(store.read().serial).toBe(40);
  });

  it("4 processes × 3 async chains × 15 updates lose nothing", async () => {
    const path = join(dir, "multi.json");
    const runs = Array.from({ length: 4 }, () => run([path, "15", "3", "1"]));
    expect(await Promise.all(runs.map((r) => r.done))).toEqual([0, 0, 0, 0]);
    const data = JSON.parse(readFileSync(path, "utf8"));
    expect(data.sequences.counter).toBe(4 * 3 * 15);
    expect(data.serial).toBe(4 * 3 * 15);
  }, 60_000);

  it("SIGKILL at random moments never leaves a torn file, and the dead holder's lock is recovered", async () => {
    const path = join(dir, "killed.json");
    for (let round = 0; round < 8; round++) {
      const r = run([path, "1000", "2", "0"]);
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 250));
      r.child.kill("SIGKILL");
      await r.done;
      // Either the old or the new content: always whole JSON.
      if (existsSync(path)) {
        const data = JSON.parse(readFileSync(path, "utf8"));
        expect(data.sequences.counter).toBe(data.serial);
      }
    }
    // The last victim may have died holding the lock: a new process breaks it (dead pid) and goes on.
    const before = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")).sequences.counter : 0;
    const last = run([path, "5", "1", "0"]);
    expect(await last.done).toBe(0);
    expect(JSON.parse(readFileSync(path, "utf8")).sequences.counter).toBe(before + 5);
  }, 60_000);
});

describe("FileStore errors", () => {
  it("a lock not taken in time is a StoreError naming the lock file; a throwing change passes through", async () => {
    const path = join(dir, "held.json");
    const store = new FileStore(path, { timeoutMs: 150 });
    writeFileSync(
      store.lockPath,
      `${process.pid} ${(await import("node:os")).hostname()} other ${Date.now()}`,
    );
    const e = await store.update(() => undefined).catch((error: unknown) => error);
    expect(e).toBeInstanceOf(StoreError);
    expect((e as Error).message).toContain(`cannot update ${path}: could not lock ${store.lockPath}`);
    rmSync(store.lockPath);
    const boom = new RangeError("from the change");
    await expect(
      store.update(() => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });
});

describe("withFileLock", () => {
  it("breaks a lock whose holder process is gone", async () => {
    const lock = join(dir, "dead.lock");
    // PID 2^22 + 1 is above Linux's pid_max default: no such process.
    writeFileSync(lock, `4194305 ${(await import("node:os")).hostname()} token ${Date.now()}`);
    expect(await withFileLock(lock, () => "ran")).toBe("ran");
    expect(existsSync(lock)).toBe(false);
  });

  it("waits for a live holder and gives up with a clear error after the timeout", async () => {
    const lock = join(dir, "live.lock");
    writeFileSync(lock, `${process.pid} ${(await import("node:os")).hostname()} someone-else ${Date.now()}`);
    await expect(withFileLock(lock, () => "never", { timeoutMs: 200 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    rmSync(lock);
  });

  it("treats a lock older than staleMs as stale even when the holder looks alive", async () => {
    const lock = join(dir, "old.lock");
    writeFileSync(lock, `${process.pid} ${(await import("node:os")).hostname()} hung ${Date.now()}`);
    await new Promise((r) => setTimeout(r, 120));
    expect(await withFileLock(lock, () => "ran", { staleMs: 100 })).toBe("ran");
  });
});

const modeOf = (file: string): number => statSync(file).mode & 0o777;
/** PID 2^22 + 1 is above Linux's pid_max default: no such process. */
const DEAD_PID = 4194305;

describe("FileStore file modes (it holds admin_password in plaintext)", () => {
  it("creates the store file 0600", async () => {
    const store = new FileStore(join(dir, "mode-new.json"));
    await store.update((data) => {
      data.objects["srv-1"] = { kind: "server", id: "srv-1", attributes: { admin_password: "hunter2" } };
    });
    // The store file is the renamed temporary file (same inode, never chmod-ed after the
    // rename), so this is also the mode the temporary file was created with.
    expect(STORE_FILE_MODE).toBe(0o600);
    expect(modeOf(store.path)).toBe(0o600);
  });

  it("tightens an existing 0644 store file at open, before any write", () => {
    const path = join(dir, "mode-old.json");
    writeFileSync(path, JSON.stringify({ format: 1, serial: 3, sequences: {}, objects: {} }));
    chmodSync(path, 0o644);
    const store = new FileStore(path);
    expect(modeOf(path)).toBe(0o600);
    expect(store.read().serial).toBe(3);
  });
});

describe("FileStore temporary files left by killed writers", () => {
  const tempName = (store: string, pid: number) => `${store}.tmp-${pid}-${randomUUID()}`;

  it("removes at open those whose writer is gone, and only this store's", async () => {
    const sub = join(dir, "sweep");
    mkdirSync(sub);
    const path = join(sub, "s.json");
    const dead = tempName(path, DEAD_PID);
    const deadOther = tempName(join(sub, "other.json"), DEAD_PID);
    const notOurs = `${path}.tmp-notes`;
    // A live writer in another process, between creating its temporary file and renaming it.
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    const livePid = live.pid ?? 0;
    const liveFile = tempName(path, livePid);
    for (const f of [dead, deadOther, notOurs, liveFile]) writeFileSync(f, "{", { mode: 0o600 });
    try {
      const store = new FileStore(path);
      expect(existsSync(dead)).toBe(false);
      expect([existsSync(deadOther), existsSync(notOurs), existsSync(liveFile)]).toEqual([true, true, true]);
      expect(store.temporaryFiles()).toEqual([liveFile]);
      // The first update (under the lock) leaves a fresh file of a live writer alone too.
      await store.update((data) => {
        data.sequences.x = 1;
      });
      expect(existsSync(liveFile)).toBe(true);
    } finally {
      live.kill("SIGKILL");
      await new Promise((resolve) => live.once("exit", resolve));
    }
    // Once its writer is gone, the next open removes it.
    new FileStore(path);
    expect(existsSync(liveFile)).toBe(false);
    expect(readdirSync(sub).sort()).toEqual([basename(deadOther), basename(notOurs), "s.json"].sort());
  });

  it("removes at the first locked update those older than the stale age, whatever their pid", async () => {
    const path = join(dir, "aged.json");
    // Our own pid is alive, as a reused pid would be: only the age can tell.
    const old = tempName(path, process.pid);
    const fresh = tempName(path, process.pid);
    writeFileSync(old, "{", { mode: 0o600 });
    writeFileSync(fresh, "{", { mode: 0o600 });
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, hourAgo, hourAgo);
    const store = new FileStore(path);
    expect(store.temporaryFiles().sort()).toEqual([fresh, old].sort());
    await store.update((data) => {
      data.sequences.x = 1;
    });
    expect(store.temporaryFiles()).toEqual([fresh]);
    rmSync(fresh);
  });

  it("a writer SIGKILLed mid-write leaves a 0600 temporary file; the next open removes it", async () => {
    const path = join(dir, "killed-mid-write.json");
    let leftover: string | undefined;
    let rounds = 0;
    while (leftover === undefined && rounds < 40) {
      rounds++;
      const r = run([path, "1000", "1", "0"]);
      await new Promise((resolve) => setTimeout(resolve, 120 + Math.random() * 200));
      r.child.kill("SIGKILL");
      await r.done;
      // Looked at without opening a FileStore (that would sweep it).
      leftover = readdirSync(dir)
        .filter((f) => f.startsWith("killed-mid-write.json.tmp-"))
        .map((f) => join(dir, f))[0];
    }
    expect(leftover, `no kill landed inside a write in ${rounds} rounds`).toBeDefined();
    expect(modeOf(leftover as string)).toBe(0o600);
    const store = new FileStore(path);
    expect(existsSync(leftover as string)).toBe(false);
    expect(store.temporaryFiles()).toEqual([]);
    // The store itself is whole.
    expect(store.read().sequences.counter).toBe(store.read().serial);
  }, 60_000);
});
