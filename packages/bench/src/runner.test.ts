import { describe, expect, it } from "vitest";
import { formatNs, median, percentile, rmePercent, selectSuites, type Suite } from "./runner.js";

describe("statistics", () => {
  it("takes the middle value, or the mean of the two middle values", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("uses nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted order
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 1)).toBe(1);
  });

  it("reports no margin of error for constant samples and a positive one otherwise", () => {
    expect(rmePercent([2, 2, 2])).toBe(0);
    // mean 2, sd 1, n 3: 1.96 * (1 / sqrt 3) / 2 = 56.58 %
    expect(rmePercent([1, 2, 3])).toBeCloseTo(56.58, 2);
  });

  it("formats durations with a readable unit", () => {
    expect(formatNs(12.34)).toBe("12.3 ns");
    expect(formatNs(12_345)).toBe("12.35 µs");
    expect(formatNs(45_600_000)).toBe("45.60 ms");
  });
});

describe("selectSuites", () => {
  const noop = () => undefined;
  const suites: Suite[] = [
    {
      kind: "timed",
      name: "transport/cold-start",
      baseline: { name: "node", fn: noop },
      cases: [
        { name: "provider/automtls", fn: noop },
        { name: "bare-grpc-js", fn: noop },
      ],
    },
    {
      kind: "timed",
      name: "cty/msgpack",
      baseline: { name: "plain", fn: noop },
      cases: [{ name: "encode", fn: noop }],
    },
  ];

  it("keeps every suite without a filter", () => {
    expect(selectSuites(suites, undefined)).toHaveLength(2);
  });

  it("keeps matching cases (by case or suite/case name) and always the baseline", () => {
    const picked = selectSuites(suites, /automtls/);
    expect(picked).toHaveLength(1);
    const first = picked[0];
    expect(first?.kind === "timed" ? first.baseline.name : undefined).toBe("node");
    expect(picked[0]?.cases.map((c) => c.name)).toEqual(["provider/automtls"]);
    expect(selectSuites(suites, /^cty\//).map((s) => s.name)).toEqual(["cty/msgpack"]);
  });
});
