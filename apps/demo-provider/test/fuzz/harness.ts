/**
 * Runs fuzz requests through the demo provider in-process, exactly as the gRPC transport's
 * dispatcher does (the ProviderServer method the service calls, with the decoded request object),
 * and classifies every answer. No vitest here: the long-run script uses it too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { fromMsgpack, type Type } from "@tfkit/cty-values";
import { type CallContext, createLogger, type Diagnostic, type ProviderServer } from "@tfkit/grpc-transport";
import fc from "fast-check";
import { arbRequest, type FuzzRequest } from "./generators.js";
import { encode, map, str } from "./msgpack.js";
import { targetsOf } from "./schema.js";

/**
 * The outcome classes; `internal` is the failure. `contract` is a strict-mode contract
 * diagnostic: Terraform core's own verdict, in core's words, on the answer the provider gave to
 * a request core would never send (say, a planned `id` the provider did not plan). In a real run
 * core itself reports the same answer the same way; it is a diagnostic with a path, not a crash.
 */
export type Outcome = "ok" | "error" | "warning" | "contract" | "internal";

/** Why an answer counts as an internal error. */
export interface Failure {
  readonly rpc: string;
  readonly typeName: string;
  readonly note: string;
  readonly message: string;
  /** Size of the request's payloads, to keep the smallest repro per class. */
  readonly size: number;
}

/** What a run measured. */
export interface FuzzReport {
  readonly seed: number;
  readonly inputs: number;
  readonly counts: Record<Outcome, number>;
  readonly perRpc: Record<string, Record<Outcome, number>>;
  /** One smallest example per failure class (RPC + normalised message). */
  readonly failures: Map<string, Failure & { count: number }>;
  readonly rssBefore: number;
  readonly rssAfter: number;
  readonly heapBefore: number;
  readonly heapAfter: number;
  readonly ms: number;
  /** RPCs that received at least one request. */
  readonly rpcsSeen: Set<string>;
}

/** How long one call may take before it counts as hung. */
const HANG_MS = 20_000;

function gcFunction(): () => void {
  setFlagsFromString("--expose_gc");
  return runInNewContext("gc") as () => void;
}

/** Where the demo's store goes: tmpfs when there is one (every store write is fsynced). */
export function fuzzDir(): string {
  let base = tmpdir();
  try {
    base = mkdtempSync("/dev/shm/tfkit-fuzz-");
    return base;
  } catch {
    return mkdtempSync(join(base, "tfkit-fuzz-"));
  }
}

const bugMarkers = ["This is a bug in the provider", "\n    at "];

/** Classifies one answer the way a Terraform user would meet it. */
export function classify(rpc: string, answer: unknown): { outcome: Outcome; message?: string } {
  const a = (answer ?? {}) as { diagnostics?: readonly Diagnostic[]; error?: unknown };
  if (rpc === "CallFunction" && a.error !== undefined) {
    const text = (a.error as { text?: string }).text ?? "";
    if (text.startsWith("Unexpected error") || bugMarkers.some((m) => text.includes(m)))
      return { outcome: "internal", message: text };
    return { outcome: "error" };
  }
  if (rpc === "StopProvider" && typeof a.error === "string" && a.error !== "") return { outcome: "error" };
  const diags = a.diagnostics ?? [];
  for (const d of diags) {
    if (d.summary.includes("(tfkit strict mode:")) continue;
    const text = `${d.summary}\n${d.detail ?? ""}`;
    if (d.summary.startsWith("Unexpected error") || bugMarkers.some((m) => text.includes(m)))
      return { outcome: "internal", message: `${d.summary} — ${(d.detail ?? "").split("\n")[0]}` };
  }
  if (diags.some((d) => d.summary.includes("(tfkit strict mode:"))) return { outcome: "contract" };
  if (diags.some((d) => d.severity === "error")) return { outcome: "error" };
  if (diags.length > 0) return { outcome: "warning" };
  return { outcome: "ok" };
}

/** The DynamicValues of an answer and the type each must decode with. */
function answerValues(rpc: string, answer: Record<string, unknown>, type: Type | undefined) {
  if (type === undefined) return [];
  const dv = (k: string) => answer[k] as { msgpack?: Uint8Array } | undefined;
  switch (rpc) {
    case "PlanResourceChange":
      return [dv("plannedState")];
    case "ApplyResourceChange":
    case "ReadResource":
      return [dv("newState")];
    case "UpgradeResourceState":
      return [dv("upgradedState")];
    case "MoveResourceState":
      return [dv("targetState")];
    case "ReadDataSource":
      return [dv("state")];
    case "ImportResourceState":
      return ((answer.importedResources ?? []) as { state?: { msgpack?: Uint8Array } }[]).map((r) => r.state);
    default:
      return [];
  }
}

/** A failure class: the message with its input-specific parts (values, paths, positions) blanked. */
function normalise(message: string): string {
  let m = message;
  if (/threw: .*(JSON|Unexpected token|Unexpected end of|Bad control character|Unterminated string)/.test(m))
    m = m.replace(/threw: .*/s, "threw: <JSON.parse error>");
  m = m.replace(/threw: The encoded data was not valid for encoding utf-8.*/s, "threw: <UTF-8 decode error>");
  m = m.replace(/threw: \.[\w[\].]+: /, "threw: <path>: ");
  // Contract diagnostics: the rule and where it broke make the class, not the values.
  if (m.includes("tfkit strict mode")) m = m.replace(/ — .*/s, "");
  return m
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, "N")
    .replace(/(at|of) [.\w[\]"…]+/g, "$1 …")
    .slice(0, 160);
}

function sizeOf(req: Record<string, unknown>): number {
  let n = 0;
  JSON.stringify(req, (_k, v) => {
    if (v instanceof Uint8Array) {
      n += v.length;
      return undefined;
    }
    if (typeof v === "string") n += v.length;
    return v;
  });
  return n;
}

/** The demo provider, configured against a temporary store, ready to be fuzzed. */
export async function setUp(
  server: ProviderServer & { getProviderSchema: NonNullable<unknown> },
  dir: string,
) {
  const logger = createLogger({ level: "off", write: () => {} });
  const ctx = (rpc: string): CallContext => ({ rpc, signal: new AbortController().signal, logger });
  const schema = await server.getProviderSchema({}, ctx("GetProviderSchema"));
  const targets = targetsOf(schema);
  const storePath = join(dir, "store.json");
  const goodConfig = { msgpack: encode(map([[str("store_path"), str(storePath)]])) };
  const configure = async () => {
    const r = await server.configureProvider?.(
      { terraformVersion: "1.11.4", config: goodConfig },
      ctx("ConfigureProvider"),
    );
    if ((r?.diagnostics ?? []).some((d) => d.severity === "error"))
      throw new Error(`the fuzz set-up could not configure the provider: ${JSON.stringify(r?.diagnostics)}`);
  };
  await configure();
  const typeOf = (req: FuzzRequest): Type | undefined => {
    if (req.rpc === "ReadDataSource")
      return targets.dataSources.find((t) => t.typeName === req.typeName)?.type;
    return targets.resources.find((t) => t.typeName === req.typeName)?.type;
  };

  /** Calls one RPC; returns its outcome (and why it is internal). */
  const call = async (req: FuzzRequest): Promise<{ outcome: Outcome; message?: string }> => {
    const method = (server as unknown as Record<string, unknown>)[
      req.rpc.charAt(0).toLowerCase() + req.rpc.slice(1)
    ];
    if (typeof method !== "function") return { outcome: "ok" };
    let timer: NodeJS.Timeout | undefined;
    let answer: unknown;
    try {
      answer = await Promise.race([
        (method as (r: unknown, c: CallContext) => unknown).call(server, req.request, ctx(req.rpc)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms (hung)`)), HANG_MS);
        }),
      ]);
    } catch (error) {
      // The transport turns this into "Unexpected error in <RPC>: …" with the stack.
      return {
        outcome: "internal",
        message: `threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      };
    } finally {
      clearTimeout(timer);
    }
    const verdict = classify(req.rpc, answer);
    if (verdict.outcome === "internal") return verdict;
    // An answer Terraform cannot decode is the provider's bug too.
    const type = typeOf(req);
    for (const v of answerValues(req.rpc, (answer ?? {}) as Record<string, unknown>, type)) {
      if (v?.msgpack === undefined || type === undefined) continue;
      try {
        fromMsgpack(v.msgpack, type);
      } catch (error) {
        return { outcome: "internal", message: `answer does not decode: ${(error as Error).message}` };
      }
    }
    return verdict;
  };

  return { targets, call, configure, ctx, storePath, arb: arbRequest(targets) };
}

/** Runs `inputs` fuzz requests with `seed`, then StopProvider; returns what it measured. */
export async function runFuzz(
  server: ProviderServer,
  options: { seed: number; inputs: number; dir: string; onProgress?: (done: number) => void },
): Promise<FuzzReport> {
  const gc = gcFunction();
  const env = await setUp(server as never, options.dir);
  const empty = (): Record<Outcome, number> => ({ ok: 0, error: 0, warning: 0, contract: 0, internal: 0 });
  const counts = empty();
  const perRpc: Record<string, Record<Outcome, number>> = {};
  const failures = new Map<string, Failure & { count: number }>();
  const rpcsSeen = new Set<string>();
  gc();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const record = (req: FuzzRequest, r: { outcome: Outcome; message?: string }) => {
    counts[r.outcome]++;
    rpcsSeen.add(req.rpc);
    perRpc[req.rpc] ??= empty();
    (perRpc[req.rpc] as Record<Outcome, number>)[r.outcome]++;
    if (r.outcome !== "internal") return;
    const key = `${req.rpc}: ${normalise(r.message ?? "")}`;
    const size = sizeOf(req.request);
    const prev = failures.get(key);
    const f = {
      rpc: req.rpc,
      typeName: req.typeName,
      note: req.note,
      message: r.message ?? "",
      size,
      count: (prev?.count ?? 0) + 1,
    };
    if (prev === undefined || size < prev.size) failures.set(key, f);
    else prev.count++;
  };
  const BATCH = 250;
  let done = 0;
  for (let batch = 0; done < options.inputs; batch++) {
    const n = Math.min(BATCH, options.inputs - done);
    const reqs = fc.sample(env.arb, { seed: options.seed + batch, numRuns: n });
    for (const req of reqs) {
      record(req, await env.call(req));
      // A fuzzed configuration may point the store anywhere; the next request uses the fuzz store again.
      if (req.rpc === "ConfigureProvider") await env.configure();
    }
    done += n;
    // The store only grows (applies create objects); start it afresh now and then.
    if (batch % 8 === 7) rmSync(env.storePath, { force: true });
    options.onProgress?.(done);
  }
  const stop = { rpc: "StopProvider", typeName: "", request: {}, note: "last RPC" };
  record(stop, await env.call(stop));
  const ms = performance.now() - started;
  gc();
  return {
    seed: options.seed,
    inputs: done + 1,
    counts,
    perRpc,
    failures,
    rssBefore,
    rssAfter: process.memoryUsage().rss,
    heapBefore,
    heapAfter: process.memoryUsage().heapUsed,
    ms,
    rpcsSeen,
  };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The report as a table (inputs, outcome classes, memory, duration) and the failure classes. */
export function formatReport(r: FuzzReport): string {
  const lines = [
    `fuzz seed ${r.seed}: ${r.inputs} inputs in ${(r.ms / 1000).toFixed(1)} s`,
    "",
    "| RPC | inputs | ok | error diagnostic | warning only | contract (strict) | internal error |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [rpc, c] of Object.entries(r.perRpc).sort()) {
    lines.push(
      `| ${rpc} | ${c.ok + c.error + c.warning + c.contract + c.internal} | ${c.ok} | ${c.error} | ${c.warning} | ${c.contract} | ${c.internal} |`,
    );
  }
  const c = r.counts;
  lines.push(
    `| **all** | ${r.inputs} | ${c.ok} | ${c.error} | ${c.warning} | ${c.contract} | ${c.internal} |`,
  );
  lines.push("");
  lines.push(
    `RSS ${mb(r.rssBefore)} → ${mb(r.rssAfter)}; heap used ${mb(r.heapBefore)} → ${mb(r.heapAfter)} (after gc)`,
  );
  if (r.failures.size > 0) {
    lines.push("", `${r.failures.size} internal-error classes (smallest input of each):`);
    for (const [key, f] of [...r.failures].sort((a, b) => b[1].count - a[1].count)) {
      lines.push(
        `- [${f.count}x] ${key}`,
        `    ${f.rpc} ${f.typeName}: ${f.note.slice(0, 300)}`,
        `    → ${f.message.slice(0, 300)}`,
      );
    }
  }
  return lines.join("\n");
}

/** Removes a fuzz directory. */
export function cleanUp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
