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
  type Value,
} from "@tfkit/cty-values";
import type { TimedSuite } from "../runner.js";
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

/** The four throughput suites, in run order. */
export const ctyCodecThroughput: readonly TimedSuite[] = [
  encodeSuite("list-10k-objects", list10k, LIST),
  decodeSuite("list-10k-objects", list10k, LIST),
  encodeSuite("resource-state", resource, RESOURCE),
  decodeSuite("resource-state", resource, RESOURCE),
];
