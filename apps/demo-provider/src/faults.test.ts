import { describe, expect, it } from "vitest";
import { isProviderError } from "@tfkit/provider";
import { Faults } from "./faults.js";

describe("Faults", () => {
  it("parses TFKIT_DEMO_FAULTS entries, name targets and latency", () => {
    const f = new Faults(" create_after_remote:demo_server, read:demo_volume=data ,slow:200");
    expect(f.slowMs).toBe(200);
    expect(f.fires("create_after_remote", "demo_server", "web")).toBe(true);
    expect(f.fires("create", "demo_server", "web")).toBe(false);
    expect(f.fires("read", "demo_volume", "data")).toBe(true);
    expect(f.fires("read", "demo_volume", "other")).toBe(false);
    expect(f.fires("read", "demo_server", "data")).toBe(false);
  });

  it("`*` matches every type; an empty or missing variable injects nothing", () => {
    expect(new Faults("delete:*").fires("delete", "demo_network")).toBe(true);
    expect(new Faults("").entries).toEqual([]);
    expect(Faults.fromEnv({}).slowMs).toBe(0);
  });

  it("refuses unknown faults and bad latencies instead of ignoring them", () => {
    expect(() => new Faults("explode:demo_server")).toThrow('unknown fault "explode"');
    expect(() => new Faults("slow:soon")).toThrow('bad slow value "soon"');
    // A ProviderError, so ConfigureProvider reports it as such, not as a provider bug.
    const error = (() => {
      try {
        new Faults("slow:-1");
      } catch (e) {
        return e;
      }
    })();
    expect(isProviderError(error)).toBe(true);
    expect((error as { detail: string }).detail).toContain("comma-separated entries");
  });

  it("latency waits the configured time", async () => {
    const t0 = performance.now();
    await new Faults("slow:60").latency();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
  });
});
