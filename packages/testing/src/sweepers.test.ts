import { describe, expect, it } from "vitest";
import { createSweepers, parseSweepArgs } from "./sweepers.js";

/** A registry whose sweepers log `name@region`; `fail` names sweepers that throw. */
function logged(fail: readonly string[] = []) {
  const log: string[] = [];
  const sweeper = (name: string, dependencies: string[] = []) => ({
    name,
    dependencies,
    sweep: async (region: string) => {
      log.push(`${name}@${region}`);
      if (fail.includes(name)) throw new Error(`${name} could not delete in ${region}`);
    },
  });
  const registry = createSweepers()
    .add(sweeper("server", ["attachment", "address"]))
    .add(sweeper("attachment", ["address"]))
    .add(sweeper("address"))
    .add(sweeper("bucket"));
  return { registry, log };
}

describe("createSweepers", () => {
  it("runs every sweeper once per region, dependencies first", async () => {
    const { registry, log } = logged();
    const report = await registry.run({ regions: ["eu", "us"] });
    expect(log).toEqual([
      "address@eu",
      "attachment@eu",
      "server@eu",
      "bucket@eu",
      "address@us",
      "attachment@us",
      "server@us",
      "bucket@us",
    ]);
    expect(report.ok).toBe(true);
    expect(report.results.map((r) => `${r.sweeper}@${r.region}:${r.ok}`)).toEqual(
      log.map((l) => `${l}:true`),
    );
  });

  it("runs only the named sweepers and what they depend on", async () => {
    const { registry, log } = logged();
    await registry.run({ regions: ["eu"], only: ["attachment"] });
    expect(log).toEqual(["address@eu", "attachment@eu"]);
  });

  it("stops at the first failure unless allowFailures", async () => {
    const stopped = logged(["attachment"]);
    const report = await stopped.registry.run({ regions: ["eu", "us"] });
    expect(stopped.log).toEqual(["address@eu", "attachment@eu"]);
    expect(report.ok).toBe(false);
    expect(report.results.at(-1)).toMatchObject({
      sweeper: "attachment",
      region: "eu",
      ok: false,
      error: "attachment could not delete in eu",
    });

    const going = logged(["attachment"]);
    const all = await going.registry.run({ regions: ["eu"], allowFailures: true });
    // As terraform-plugin-testing with -sweep-allow-failures: the dependent still runs.
    expect(going.log).toEqual(["address@eu", "attachment@eu", "server@eu", "bucket@eu"]);
    expect(all.ok).toBe(false);
    expect(all.results.filter((r) => !r.ok).map((r) => r.sweeper)).toEqual(["attachment"]);
  });

  it("rejects unknown names, unknown dependencies, cycles and duplicates before running anything", async () => {
    const log: string[] = [];
    const sweep = (region: string) => void log.push(region);
    await expect(logged().registry.run({ regions: ["eu"], only: ["sever"] })).rejects.toThrow(
      'no sweeper named "sever" (registered: server, attachment, address, bucket)',
    );
    await expect(
      createSweepers()
        .add({ name: "a", dependencies: ["b"], sweep })
        .run({ regions: ["eu"] }),
    ).rejects.toThrow('sweeper "a" depends on "b", but no sweeper has that name');
    await expect(
      createSweepers()
        .add({ name: "a", dependencies: ["b"], sweep })
        .add({ name: "b", dependencies: ["c"], sweep })
        .add({ name: "c", dependencies: ["a"], sweep })
        .run({ regions: ["eu"] }),
    ).rejects.toThrow("the dependencies form a cycle: a → b → c → a");
    await expect(createSweepers().run({ regions: [] })).rejects.toThrow("name at least one region");
    expect(() => createSweepers().add({ name: "a", sweep }).add({ name: "a", sweep })).toThrow(
      'a sweeper named "a" is already registered',
    );
    expect(log).toEqual([]);
  });
});

describe("parseSweepArgs", () => {
  it("reads the flags, then the environment; undefined without a region", () => {
    expect(parseSweepArgs(["--sweep=eu,us", "--sweep-run", "server", "--sweep-allow-failures"], {})).toEqual({
      regions: ["eu", "us"],
      only: ["server"],
      allowFailures: true,
    });
    expect(parseSweepArgs(["-sweep=eu"], {})).toEqual({ regions: ["eu"] });
    expect(parseSweepArgs([], { TFKIT_SWEEP: "eu, us", TFKIT_SWEEP_RUN: "a,b" })).toEqual({
      regions: ["eu", "us"],
      only: ["a", "b"],
    });
    expect(parseSweepArgs([], { TFKIT_SWEEP: "eu", TFKIT_SWEEP_ALLOW_FAILURES: "1" })).toEqual({
      regions: ["eu"],
      allowFailures: true,
    });
    expect(parseSweepArgs(["run", "--reporter=dot"], {})).toBeUndefined();
    expect(parseSweepArgs([], { TFKIT_SWEEP: " , " })).toBeUndefined();
  });
});
