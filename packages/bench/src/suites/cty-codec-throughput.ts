import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { decode, encode } from "@msgpack/msgpack";
import {
  boolVal,
  fromMsgpack,
  listVal,
  mapVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  toMsgpack,
  type Type,
  typeToJson,
  type Value,
} from "@tfkit/cty-values";
import {
  type CaseResult,
  type CustomSuite,
  median,
  percentile,
  rmePercent,
  type TimedSuite,
} from "../runner.js";
import { resourceObject } from "../support/resource-fixture.js";

/**
 * Codec throughput as issue #2 asks for it: msgpack encode and decode of (a) a list of 10,000
 * objects with 10 attributes each and (b) a realistic nested resource state, in MB/s, against
 * `@msgpack/msgpack` in the same run (decoding the very same bytes; encoding the equivalent plain
 * JS data).
 *
 * Every case declares `ops` = its msgpack size in MB (10^6 bytes), so the table's `ops/s` column
 * reads as MB/s and `median` as the time per MB; `ratio` compares time per MB (below 1 = faster
 * than @msgpack/msgpack).
 */

/** One row of the 10k list: mixed strings, numbers (ints and floats) and bools, keys sorted. */
function row(i: number): Record<string, string | number | boolean> {
  return {
    arn: `arn:aws:ec2:eu-west-1:123456789012:instance/i-${i.toString(16).padStart(8, "0")}`,
    cpu: 2 + (i % 7),
    enabled: i % 3 !== 0,
    hourly_price: 0.0416 + (i % 10) * 0.0125,
    id: `i-${i.toString(16).padStart(8, "0")}`,
    memory_mb: 1024 * (1 + (i % 8)),
    name: `web-${i}`,
    public: i % 2 === 0,
    weight: i,
    zone: `eu-west-1${"abc"[i % 3]}`,
  };
}

/**
 * The plain fixture as the equivalent cty value: arrays are lists (`security_groups` a set),
 * objects are objects (`tags` a map). Its type is the schema-implied type, as every value is known.
 */
function toCty(plain: unknown, key = ""): Value {
  if (typeof plain === "string") return stringVal(plain);
  if (typeof plain === "number") return numberVal(plain);
  if (typeof plain === "boolean") return boolVal(plain);
  if (Array.isArray(plain)) {
    const elements = plain.map((e) => toCty(e));
    return key === "security_groups" ? setVal(elements) : listVal(elements);
  }
  const record = Object.fromEntries(
    Object.entries(plain as Record<string, unknown>).map(([k, v]) => [k, toCty(v, k)]),
  );
  return key === "tags" ? mapVal(record) : objectVal(record);
}

/** A plain JS fixture and, once {@link prepare}d, its cty form and both encodings. */
interface Fixture {
  readonly plain: unknown;
  value?: Value;
  type?: Type;
  /** go-cty-compatible bytes of `value` (toMsgpack). */
  bytes: Uint8Array;
  /** `@msgpack/msgpack` bytes of `plain`. */
  plainBytes: Uint8Array;
}

const list10k: Fixture = {
  plain: Array.from({ length: 10_000 }, (_, i) => row(i)),
  bytes: new Uint8Array(),
  plainBytes: new Uint8Array(),
};
const resource: Fixture = { plain: resourceObject(7), bytes: new Uint8Array(), plainBytes: new Uint8Array() };

/** Builds values and encodings in setup, so a codec failure only affects these suites. */
function prepare(f: Fixture): () => void {
  return () => {
    if (f.bytes.length > 0) return;
    const value = toCty(f.plain);
    f.value = value;
    f.type = value.type;
    f.bytes = toMsgpack(value, value.type);
    f.plainBytes = encode(f.plain);
    // The baseline must decode to the same data, or the ratio compares different work.
    if (canonical(decode(f.bytes)) !== canonical(f.plain)) {
      throw new Error("cty bytes do not decode to the plain fixture");
    }
  };
}

/** JSON with sorted keys and sorted string arrays (cty orders object keys and set elements). */
function canonical(x: unknown): string {
  if (Array.isArray(x)) {
    const items = x.map(canonical);
    if (x.every((e) => typeof e === "string")) items.sort();
    return `[${items.join(",")}]`;
  }
  if (x !== null && typeof x === "object") {
    const keys = Object.keys(x).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((x as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(x);
}

/** The prepared value and type (setup has run). */
function typed(f: Fixture): [Value, Type] {
  if (f.value === undefined || f.type === undefined) throw new Error("fixture not prepared");
  return [f.value, f.type];
}

const MB = 1e6;

function encodeSuite(name: string, f: Fixture, what: string): TimedSuite {
  return {
    kind: "timed",
    name: `cty/msgpack-encode-throughput/${name}`,
    note: `${what}; ops/s = MB/s of msgpack written (each case's own output size)`,
    time: 1500,
    rounds: 3,
    setup: prepare(f),
    baseline: {
      name: `@msgpack/msgpack/encode/${name}-plain`,
      get ops() {
        return f.plainBytes.length / MB;
      },
      fn: () => encode(f.plain),
    },
    cases: [
      {
        name: `cty-values/toMsgpack/${name}`,
        get ops() {
          return f.bytes.length / MB;
        },
        fn: () => toMsgpack(...typed(f)),
      },
    ],
  };
}

function decodeSuite(name: string, f: Fixture, what: string): TimedSuite {
  return {
    kind: "timed",
    name: `cty/msgpack-decode-throughput/${name}`,
    note: `${what}; both decode the same go-cty bytes; ops/s = MB/s read`,
    time: 1500,
    rounds: 3,
    setup: prepare(f),
    baseline: {
      name: `@msgpack/msgpack/decode/${name}`,
      get ops() {
        return f.bytes.length / MB;
      },
      fn: () => decode(f.bytes),
    },
    cases: [
      {
        name: `cty-values/fromMsgpack/${name}`,
        get ops() {
          return f.bytes.length / MB;
        },
        fn: () => fromMsgpack(f.bytes, typed(f)[1]),
      },
    ],
  };
}

const LIST = "list of 10,000 objects × 10 attributes (string/number/bool)";
const RESOURCE = "resource state: 22 attributes, nested blocks, a set and a map (~1 KiB)";

/** packages/bench: above dist/bench.js when bundled, above src/suites/ under vitest. */
const benchRoot = [new URL("..", import.meta.url), new URL("../..", import.meta.url)]
  .map((u) => fileURLToPath(u))
  .find((dir) => existsSync(join(dir, "go-floor", "build-codec.sh"))) as string;

/** go-floor/codec built once per bench process: its path, or why it cannot run here. */
let goCodec: { readonly exe: string } | { readonly skipped: string } | undefined;

function buildGoCodec(): { readonly exe: string } | { readonly skipped: string } {
  if (goCodec === undefined) {
    const run = spawnSync("sh", [join(benchRoot, "go-floor", "build-codec.sh")], { encoding: "utf8" });
    goCodec =
      run.status === 0
        ? { exe: run.stdout.trim().split("\n").pop() ?? "" }
        : { skipped: (run.stderr || run.error?.message || `build-codec.sh exited ${run.status}`).trim() };
    if ("skipped" in goCodec) console.warn(`\n!!! go-cty SKIPPED: ${goCodec.skipped} !!!\n`);
  }
  return goCodec;
}

type Op = "decode" | "encode";
const KINDS = ["go-cty", "cty-values", "@msgpack/msgpack"] as const;
type Kind = (typeof KINDS)[number];

/**
 * The last result, kept so the optimiser cannot drop the measured calls.
 * @public exported only so no tool can prove it unread
 */
export let kept: unknown;

/**
 * Samples (process CPU ns per operation, every thread: the garbage collector's too) of `fn` run
 * in batches of `batch` for at least `ms` of wall time.
 */
function sampleJs(fn: () => unknown, batch: number, ms: number): number[] {
  for (let i = 0; i < batch; i++) fn(); // warm-up
  const out: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const start = process.cpuUsage();
    for (let i = 0; i < batch; i++) kept = fn();
    const used = process.cpuUsage(start);
    out.push(((used.user + used.system) * 1e3) / batch);
  }
  return out;
}

/** Samples (process CPU ns per operation) of go-cty doing the same, in its own process. */
function sampleGo(exe: string, dir: string, name: string, op: Op, batch: number, ms: number): number[] {
  const run = spawnSync(
    exe,
    [
      "-type",
      join(dir, `${name}.type.json`),
      "-in",
      join(dir, `${name}.msgpack`),
      "-op",
      op,
      "-ms",
      String(ms),
      "-batch",
      String(batch),
    ],
    { encoding: "utf8" },
  );
  if (run.status !== 0)
    throw new Error(`go-cty ${op} of ${name}: ${(run.stderr || run.error?.message || "").trim()}`);
  return run.stdout
    .trim()
    .split("\n")
    .map((line) => Number(line));
}

/**
 * tfkit against go-cty itself (issue 19: msgpack decode at least 5× go-cty's throughput): the
 * same bytes decoded (and the same value encoded) by `go-floor/codec` with go-cty's
 * `msgpack.Unmarshal`/`Marshal`, by cty-values and, for reference, by `@msgpack/msgpack` (plain JS,
 * untyped), in interleaved rounds; medians of process CPU time per MB (all threads, garbage
 * collection included: steadier than wall time on a shared machine), ratio = that / go-cty's. Without Go the
 * go-cty cases are skipped loudly and the ratios are taken against `@msgpack/msgpack`.
 */
export const ctyMsgpackVsGo: CustomSuite = {
  kind: "custom",
  name: "cty/msgpack-vs-go-cty",
  note: "CPU time per MB (median; ops/s = MB per CPU second) of the same bytes in each implementation; ratio = CPU time per MB / go-cty's (below 1 = faster than go-cty)",
  cases: (["decode", "encode"] as const).flatMap((op) =>
    ["list-10k-objects", "resource-state"].flatMap((f) => KINDS.map((k) => ({ name: `${op}/${f}/${k}` }))),
  ),
  run: async (selected) => {
    const fixtures = { "list-10k-objects": list10k, "resource-state": resource } as const;
    const go = selected.some((s) => s.endsWith("/go-cty")) ? buildGoCodec() : undefined;
    const dir = mkdtempSync(join(tmpdir(), "tfkit-bench-codec-"));
    const rounds = 3;
    const ms = 600;
    const load0 = loadavg()[0] ?? 0;
    const results: CaseResult[] = [];
    try {
      for (const op of ["decode", "encode"] as const) {
        for (const [name, f] of Object.entries(fixtures)) {
          const kinds = KINDS.filter((k) => selected.includes(`${op}/${name}/${k}`)).filter(
            (k) => k !== "go-cty" || (go !== undefined && "exe" in go),
          );
          if (kinds.length === 0) continue;
          prepare(f)();
          const [value, type] = typed(f);
          writeFileSync(join(dir, `${name}.msgpack`), f.bytes);
          writeFileSync(join(dir, `${name}.type.json`), typeToJson(type));
          const mb = f.bytes.length / MB;
          // A sample is a few ms of work: one list, or 200 resources.
          const batch = f.bytes.length > 100_000 ? 1 : 200;
          const fns: Record<Exclude<Kind, "go-cty">, () => unknown> = {
            "cty-values": op === "decode" ? () => fromMsgpack(f.bytes, type) : () => toMsgpack(value, type),
            "@msgpack/msgpack": op === "decode" ? () => decode(f.bytes) : () => encode(f.plain),
          };
          const samples = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
          for (let round = 0; round < rounds; round++) {
            const order = kinds.map((_, i) => kinds[(i + round) % kinds.length] as Kind);
            for (const k of order) {
              const got =
                k === "go-cty"
                  ? sampleGo((go as { exe: string }).exe, dir, name, op, batch, ms)
                  : sampleJs(fns[k], batch, ms);
              samples.get(k)?.push(...got.map((ns) => ns / mb));
            }
          }
          const base = kinds.includes("go-cty") ? "go-cty" : "@msgpack/msgpack";
          const baseMedian = median(samples.get(base) ?? []);
          for (const k of kinds) {
            const ns = samples.get(k) ?? [];
            const mean = ns.reduce((s, v) => s + v, 0) / ns.length;
            const med = median(ns);
            results.push({
              suite: "cty/msgpack-vs-go-cty",
              name: `${op}/${name}/${k}`,
              baseline: k === base,
              samples: ns.length,
              nsPerOp: mean,
              opsPerSec: 1e9 / mean,
              rmePercent: rmePercent(ns),
              median: med,
              p99: percentile(ns, 99),
              ratio: med / baseMedian,
              delta: med - baseMedian,
              unit: "ns",
            });
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(
      `cty/msgpack-vs-go-cty: load average ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
    );
    return results;
  },
};

/** The four throughput suites, in run order, then the comparison with go-cty. */
export const ctyCodecThroughput: readonly (TimedSuite | CustomSuite)[] = [
  encodeSuite("list-10k-objects", list10k, LIST),
  decodeSuite("list-10k-objects", list10k, LIST),
  encodeSuite("resource-state", resource, RESOURCE),
  decodeSuite("resource-state", resource, RESOURCE),
  ctyMsgpackVsGo,
];
