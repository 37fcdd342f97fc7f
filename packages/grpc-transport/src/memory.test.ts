import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.js";
import { GC_DELAY_MS, SWEEP_WAIT_MS, createMemoryReleaser, garbageCollector } from "./memory.js";

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: "trace", write: (l) => lines.push(l) });
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, entries };
}

describe("garbageCollector", () => {
  it("finds a gc() without --expose-gc, leaves the flag as it was, and frees dead ArrayBuffers", async () => {
    const exposed = typeof (globalThis as { gc?: unknown }).gc === "function";
    const v8 = await import("node:v8");
    const tag = v8.cachedDataVersionTag(); // covers V8's flag hash, which code caches must match
    const gc = await garbageCollector();
    expect(v8.cachedDataVersionTag()).toBe(tag);
    expect(typeof gc).toBe("function");
    expect(await garbageCollector()).toBe(gc);
    // the flag was reset: no gc() appears in contexts made later
    const vm = await import("node:vm");
    expect(vm.runInNewContext("typeof gc")).toBe(exposed ? "function" : "undefined");

    let buffers: Uint8Array[] | undefined = Array.from({ length: 4 }, () => new Uint8Array(16 * MiB).fill(1));
    const held = process.memoryUsage().arrayBuffers;
    const count = buffers.length;
    buffers = undefined;
    expect(count).toBe(4);
    expect(held).toBeGreaterThanOrEqual(64 * MiB);
    gc?.();
    for (let i = 0; i < 40 && process.memoryUsage().arrayBuffers > held - 56 * MiB; i++) await sleep(25);
    expect(process.memoryUsage().arrayBuffers).toBeLessThanOrEqual(held - 56 * MiB);
  });
});

describe("createMemoryReleaser", () => {
  it("collects once, after a burst of large calls has ended, and logs what it freed", async () => {
    const { logger, entries } = capture();
    const releaser = createMemoryReleaser(16 * MiB, logger);
    releaser.callEnded(1 * MiB); // small: nothing
    releaser.callEnded(20 * MiB);
    await sleep(GC_DELAY_MS / 2);
    releaser.callEnded(30 * MiB); // restarts the wait
    await sleep(GC_DELAY_MS + SWEEP_WAIT_MS + 300);
    const collected = entries().filter((e) => e["@message"] === "collected garbage after a large message");
    expect(collected).toHaveLength(1);
    expect(collected[0]).toMatchObject({ "@level": "debug", message_bytes: 30 * MiB, attempt: 1 });
    for (const key of ["gc_ms", "rss_mib_before", "rss_mib_after", "array_buffers_mib_after"])
      expect(typeof collected[0]?.[key]).toBe("number");
    releaser.cancel();
  });

  it("does nothing for small calls, when turned off, or once cancelled", async () => {
    const { logger, entries } = capture();
    const small = createMemoryReleaser(16 * MiB, logger);
    small.callEnded(16 * MiB - 1);
    const off = createMemoryReleaser(false, logger);
    off.callEnded(1024 * MiB);
    const cancelled = createMemoryReleaser(16 * MiB, logger);
    cancelled.callEnded(64 * MiB);
    cancelled.cancel();
    cancelled.callEnded(64 * MiB);
    await sleep(GC_DELAY_MS + SWEEP_WAIT_MS + 200);
    expect(entries()).toEqual([]);
  });
});
