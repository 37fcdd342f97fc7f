import { describe, expect, it } from "vitest";
import {
  expectedFailureReason,
  loadExpectedFailures,
  loadHeader,
  loadVectors,
  runVector,
  type ValueDesc,
  vectorFiles,
} from "./index.js";

describe.each(vectorFiles)("%s.jsonl", (file) => {
  it("has a header naming the generator and the go-cty and Go versions", () => {
    const header = loadHeader(file);
    expect(header.file).toBe(file);
    expect(header.generator).toBe("scripts/gen-vectors/main.go");
    expect(header.goCty).toMatch(/\d+\.\d+\.\d+/);
    expect(header.go).toMatch(/^go\d/);
  });

  it("has vectors with unique names, each from go-cty or explained", () => {
    const vectors = loadVectors(file);
    expect(vectors.length).toBeGreaterThan(10);
    expect(new Set(vectors.map((v) => v.name)).size).toBe(vectors.length);
    for (const v of vectors) {
      expect(["go-cty", "spec"]).toContain(v.source);
      if (v.source === "spec") expect(v.note, v.name).toBeTruthy();
    }
  });
});

describe("value descriptions", () => {
  function walk(d: ValueDesc, visit: (d: ValueDesc) => void): void {
    visit(d);
    if (Array.isArray(d.v)) for (const e of d.v as ValueDesc[]) walk(e, visit);
    else if (d.v !== null && typeof d.v === "object" && d.t !== "number") {
      for (const e of Object.values(d.v as Record<string, ValueDesc>)) walk(e, visit);
    }
  }

  it("say exactly one of unknown, null or v, and numbers carry a precision go-cty uses", () => {
    let count = 0;
    for (const v of loadVectors("msgpack")) {
      for (const d of [v.value, v.decoded]) {
        if (!d) continue;
        walk(d, (n) => {
          count++;
          const states = [n.unknown === true, n.null === true, n.v !== undefined].filter(Boolean);
          expect(states, v.name).toHaveLength(1);
          if (n.t === "number" && n.v !== undefined) {
            const num = n.v as { p: number; s: string };
            // Infinities keep whatever precision go-cty gave them (0 for cty.PositiveInfinity).
            if (num.s !== "+Inf" && num.s !== "-Inf") expect([53, 64, 512], v.name).toContain(num.p);
          }
        });
      }
    }
    expect(count).toBeGreaterThan(500);
  });
});

describe("expected failures", () => {
  it("name only vectors that exist", () => {
    for (const key of loadExpectedFailures().keys()) {
      const colon = key.indexOf(":");
      const file = key.slice(0, colon);
      expect(vectorFiles, key).toContain(file);
      const names = loadVectors(file as (typeof vectorFiles)[number]).map((v) => v.name);
      expect(names, key).toContain(key.slice(colon + 1));
    }
  });

  const listed = [...loadExpectedFailures().keys()][0];
  it.skipIf(listed === undefined)(
    "runVector rejects a listed vector that passes, and accepts it failing",
    () => {
      const [file, ...rest] = (listed ?? "").split(":");
      const name = rest.join(":");
      expect(() => runVector(file as (typeof vectorFiles)[number], name, () => {})).toThrow(/now passes/);
      expect(() =>
        runVector(file as (typeof vectorFiles)[number], name, () => {
          throw new Error("still broken");
        }),
      ).not.toThrow();
    },
  );

  it("runVector passes a passing check and rethrows a failing one for unlisted vectors", () => {
    const name = loadVectors("msgpack")[0]?.name ?? "";
    expect(expectedFailureReason("msgpack", `${name}-not-listed`)).toBeUndefined();
    expect(() => runVector("msgpack", `${name}-not-listed`, () => {})).not.toThrow();
    expect(() =>
      runVector("msgpack", `${name}-not-listed`, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
  });
});
