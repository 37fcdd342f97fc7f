/**
 * What each provider process costs before terraform gets its first answer, for the kinds of the
 * terraform/floor suites: wall time from exec to the first `GetProviderSchema` answer over mTLS
 * (terraform's own connection set-up: AutoMTLS with its client certificate), and peak RSS of the
 * idle provider. Baselines: `node -e 0` (exec → exit) and an idle node.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CertPair } from "../support/certs.js";
import { generateCert } from "../support/certs.js";
import { connectPlugin, unaryRaw } from "../support/grpc-client.js";
import {
  killAndWait,
  peakRssBytes,
  type StartedPlugin,
  startPlugin,
  timeProcess,
} from "../support/plugin-process.js";
import type { MetricCase, MetricSuite, TimedCase, TimedSuite } from "../runner.js";
import { type FloorKind, prepareKind } from "./terraform-floor.js";

const MAGIC_COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
/** The provider kinds (terraform_data has no process). */
const KINDS: readonly Exclude<FloorKind, "terraform_data">[] = [
  "go",
  "tfkit-package",
  "tfkit-bin",
  "tfkit-package-plain",
  "tfkit-bin-esm",
];

let scratch = "";
let clientCert: CertPair | undefined;
const executables = new Map<FloorKind, string>();

/** The environment terraform gives a provider it starts (protocol 6, AutoMTLS). */
function providerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith("TF_") && !k.startsWith("PLUGIN_")) env[k] = v;
  return {
    ...env,
    TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE,
    PLUGIN_PROTOCOL_VERSIONS: "6",
    PLUGIN_MIN_PORT: "10000",
    PLUGIN_MAX_PORT: "25000",
    PLUGIN_UNIX_SOCKET_DIR: scratch,
    PLUGIN_CLIENT_CERT: clientCert?.certPem ?? "",
  };
}

async function setup(): Promise<void> {
  scratch = mkdtempSync(join(tmpdir(), "tfkit-bench-floor-start-"));
  clientCert = generateCert();
  for (const kind of KINDS) {
    const prepared = await prepareKind(kind);
    if ("executable" in prepared && prepared.executable !== undefined)
      executables.set(kind, prepared.executable);
  }
}

/** Starts a provider kind and waits for its first GetProviderSchema answer over mTLS. */
async function firstAnswer(kind: FloorKind): Promise<StartedPlugin> {
  const started = await startPlugin(executables.get(kind) as string, [], providerEnv());
  const client = await connectPlugin(started.handshake, clientCert);
  try {
    await unaryRaw(client, "/tfplugin6.Provider/GetProviderSchema", new Uint8Array(0));
  } finally {
    client.close();
  }
  return started;
}

/** `go` is on PATH: the Go floor kind can be built (build.sh names any missing package). */
const hasGo = spawnSync("sh", ["-c", "command -v go"], { stdio: "ignore" }).status === 0;
if (!hasGo)
  console.warn(
    "!!! `go` is not on PATH: the Go floor kind (`go`) of the floor-first-answer/idle-rss suites is SKIPPED !!!",
  );

/** The kinds that can run here. */
const built = <C>(make: (kind: FloorKind) => C): C[] =>
  KINDS.filter((kind) => kind !== "go" || hasGo).map(make);

/** Exec → first GetProviderSchema answer over mTLS, wall time, interleaved, median of 20. */
export const floorFirstAnswer: TimedSuite = {
  kind: "timed",
  name: "transport/floor-first-answer",
  note: "wall: exec → first GetProviderSchema answer over mTLS (handshake, TLS, one call); baseline `node -e 0` exec → exit; 20 runs each",
  iterations: 20,
  rounds: 10,
  warmupIterations: 1,
  setup,
  teardown: () => rmSync(scratch, { recursive: true, force: true }),
  baseline: {
    name: "node -e 0",
    async: true,
    fn: () => timeProcess(process.execPath, ["-e", "0"], process.env),
  },
  cases: built((kind): TimedCase => {
    let child: StartedPlugin | undefined;
    return {
      name: `first-answer/${kind}`,
      async: true,
      fn: async () => {
        if (!executables.has(kind))
          throw new Error(`${kind} could not be built (see the SKIPPED line above)`);
        child = await firstAnswer(kind);
      },
      afterEach: async () => {
        if (child) await killAndWait(child.child);
        child = undefined;
      },
    };
  }),
};

/** Peak RSS of an idle provider after its first answer. */
export const floorIdleRss: MetricSuite = {
  kind: "metric",
  name: "transport/floor-idle-rss",
  unit: "MiB",
  note: "VmHWM 300 ms after the first GetProviderSchema answer; baseline an idle node; median of 5",
  runs: 5,
  setup,
  teardown: () => rmSync(scratch, { recursive: true, force: true }),
  baseline: {
    name: "node idle",
    measure: async () => {
      const started = await startPlugin(
        process.execPath,
        ["-e", "process.stdout.write('ready\\n'); setInterval(() => {}, 1e6)"],
        process.env,
      );
      try {
        await new Promise((r) => setTimeout(r, 300));
        return (await peakRssBytes(started.child.pid as number)) / 2 ** 20;
      } finally {
        await killAndWait(started.child);
      }
    },
  },
  cases: built(
    (kind): MetricCase => ({
      name: `idle-rss/${kind}`,
      measure: async () => {
        if (!executables.has(kind))
          throw new Error(`${kind} could not be built (see the SKIPPED line above)`);
        const started = await firstAnswer(kind);
        try {
          await new Promise((r) => setTimeout(r, 300));
          return (await peakRssBytes(started.child.pid as number)) / 2 ** 20;
        } finally {
          await killAndWait(started.child);
        }
      },
    }),
  ),
};
