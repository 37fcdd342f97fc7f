import { type ChildProcess, execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as grpc from "@grpc/grpc-js";
import { encode } from "@msgpack/msgpack";
import { generateServerCertificate } from "@tfkit/grpc-transport";
import { type CertPair, generateCert, handshakeCert } from "../support/certs.js";
import { connectPlugin, unaryRaw } from "../support/grpc-client.js";
import {
  cpuTimeNs,
  killAndWait,
  peakRssBytes,
  type StartedPlugin,
  startPlugin,
  timeProcess,
} from "../support/plugin-process.js";
import { planResourceChangeRequest } from "../support/proto-wire.js";
import { resourceObject } from "../support/resource-fixture.js";
import type { MetricSuite, TimedCase, TimedSuite } from "../runner.js";

const MAGIC_COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/** Built fixture scripts sit next to the bundled bench.js in dist/. */
const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}.js`, import.meta.url));
/** The one-file CommonJS fixtures the tsup config's onSuccess bundles. */
export const fixtureCjs = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}.cjs`, import.meta.url));

/** Environment as terraform gives it to a provider (plus a private socket/temp dir). */
function pluginEnv(socketDir: string, clientCert: CertPair | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE,
    PLUGIN_PROTOCOL_VERSIONS: "5,6",
    PLUGIN_MIN_PORT: "10000",
    PLUGIN_MAX_PORT: "25000",
    PLUGIN_UNIX_SOCKET_DIR: socketDir,
    TMPDIR: socketDir,
  };
  delete env.PLUGIN_CLIENT_CERT;
  if (clientCert) env.PLUGIN_CLIENT_CERT = clientCert.certPem;
  return env;
}

/**
 * The faster launch forms of the same empty provider, made in the scratch directory for this Node
 * binary: a startup snapshot of the one-file CommonJS bundle (`node --build-snapshot`), and the V8
 * code cache of that bundle (written by one training run of the code-cache launcher).
 */
export interface LaunchForms {
  /** `node --snapshot-blob <blob>` starts the provider from the snapshot. */
  readonly snapshotBlob: string;
  /** Environment for the code-cache launcher (names the cache file). */
  readonly codeCacheEnv: NodeJS.ProcessEnv;
}

export async function prepareLaunchForms(dir: string): Promise<LaunchForms> {
  const snapshotBlob = join(dir, "provider.blob");
  execFileSync(
    process.execPath,
    ["--snapshot-blob", snapshotBlob, "--build-snapshot", fixtureCjs("bundled/empty-provider")],
    {
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const codeCacheEnv = { BENCH_CODE_CACHE: join(dir, "provider.v8cache") };
  const training = await startPlugin(process.execPath, [fixtureCjs("code-cache-launcher")], {
    ...pluginEnv(dir, clientCert),
    ...codeCacheEnv,
    BENCH_CODE_CACHE_TRAIN: "1",
  });
  await new Promise((resolve) => training.child.once("exit", resolve));
  return { snapshotBlob, codeCacheEnv };
}

let launchForms: LaunchForms | undefined;

/** The cold-start cases: one per launch form of the provider, AutoMTLS unless said otherwise. */
function providerLaunchCases<C>(
  make: (name: string, args: () => string[], env: () => NodeJS.ProcessEnv) => C,
): C[] {
  const mtls = () => pluginEnv(scratch, clientCert);
  return [
    make("provider/automtls", () => [fixture("empty-provider")], mtls),
    make(
      "provider/plaintext",
      () => [fixture("empty-provider")],
      () => pluginEnv(scratch, undefined),
    ),
    make("provider/automtls/bundled-cjs", () => [fixtureCjs("bundled/empty-provider")], mtls),
    make(
      "provider/automtls/bundled-cjs+code-cache",
      () => [fixtureCjs("code-cache-launcher")],
      () => ({
        ...mtls(),
        ...launchForms!.codeCacheEnv,
      }),
    ),
    make("provider/automtls/snapshot", () => ["--snapshot-blob", launchForms!.snapshotBlob], mtls),
  ];
}

/** A timed case that starts a process and waits for its first stdout line, then kills it untimed. */
function processStartCase(name: string, args: () => string[], env: () => NodeJS.ProcessEnv): TimedCase {
  let child: ChildProcess | undefined;
  return {
    name,
    async: true,
    fn: async () => {
      const started = await startPlugin(process.execPath, args(), env());
      child = started.child;
      return started.handshake.line;
    },
    afterEach: async () => {
      if (child) await killAndWait(child);
      child = undefined;
    },
  };
}

let scratch = "";
let clientCert: CertPair | undefined;

/**
 * Cold start: from exec to the handshake line, median of 20, next to bare node and a bare
 * grpc-js server started the same way.
 */
export const coldStart: TimedSuite = {
  kind: "timed",
  name: "transport/cold-start",
  note: "exec → first stdout line (handshake); baseline `node -e ''` exec → exit; 20 runs each",
  iterations: 20,
  // Two starts per case per round: load on the shared machine drifts within seconds, and wall time
  // follows it; finer interleaving spreads the drift over all cases alike.
  rounds: 10,
  warmupIterations: 1,
  setup: async () => {
    scratch = mkdtempSync(join(tmpdir(), "tfkit-bench-"));
    clientCert = generateCert();
    launchForms = await prepareLaunchForms(scratch);
  },
  teardown: () => rmSync(scratch, { recursive: true, force: true }),
  baseline: {
    name: "node -e ''",
    async: true,
    fn: () => timeProcess(process.execPath, ["-e", ""], process.env),
  },
  cases: [
    processStartCase(
      "bare-grpc-js/plaintext",
      () => [fixture("bare-grpc-server")],
      () => pluginEnv(scratch, undefined),
    ),
    ...providerLaunchCases(processStartCase),
  ],
};

let provider: StartedPlugin | undefined;
let bare: StartedPlugin | undefined;
let providerClient: grpc.Client | undefined;
let bareClient: grpc.Client | undefined;
const planRequest = planResourceChangeRequest({
  typeName: "bench_instance",
  priorState: encode(resourceObject(1)),
  proposedNewState: encode(resourceObject(2)),
  config: encode(resourceObject(2)),
  priorPrivate: new TextEncoder().encode('{"schema_version":"1"}'),
});

/**
 * RPC round trip over the real mTLS unix socket, against a bare grpc-js server with an empty
 * handler behind the same kind of credentials.
 */
export const rpcRoundTrip: TimedSuite = {
  kind: "timed",
  name: "transport/rpc-mtls",
  note: `unary round trip over TLS on a unix socket, one client; PlanResourceChange request = ${planRequest.length} bytes`,
  time: 3000,
  rounds: 4,
  warmupIterations: 200,
  setup: async () => {
    scratch = mkdtempSync(join(tmpdir(), "tfkit-bench-"));
    const client = generateCert();
    const serverCert = generateCert();
    provider = await startPlugin(process.execPath, [fixture("empty-provider")], pluginEnv(scratch, client));
    bare = await startPlugin(process.execPath, [fixture("bare-grpc-server")], {
      ...pluginEnv(scratch, undefined),
      BENCH_TLS_CERT: serverCert.certPem,
      BENCH_TLS_KEY: serverCert.keyPem,
      BENCH_TLS_CLIENT_CA: client.certPem,
      BENCH_HANDSHAKE_CERT: handshakeCert(serverCert.certPem),
    });
    providerClient = await connectPlugin(provider.handshake, client);
    bareClient = await connectPlugin(bare.handshake, client);
  },
  teardown: async () => {
    providerClient?.close();
    bareClient?.close();
    if (provider) await killAndWait(provider.child);
    if (bare) await killAndWait(bare.child);
    rmSync(scratch, { recursive: true, force: true });
  },
  baseline: {
    name: "bare-grpc-js/echo-empty/plan-sized-request",
    async: true,
    fn: () => unaryRaw(bareClient!, "/bench.Bare/Echo", planRequest),
  },
  cases: [
    {
      name: "provider/GetProviderSchema",
      async: true,
      fn: () => unaryRaw(providerClient!, "/tfplugin6.Provider/GetProviderSchema", new Uint8Array(0)),
    },
    {
      name: "provider/PlanResourceChange/empty-handler",
      async: true,
      fn: () => unaryRaw(providerClient!, "/tfplugin6.Provider/PlanResourceChange", planRequest),
    },
    {
      // Terraform issues up to -parallelism (10) calls at once on one connection.
      name: "provider/PlanResourceChange/empty-handler/10-concurrent",
      ops: 10,
      async: true,
      fn: () =>
        Promise.all(
          Array.from({ length: 10 }, () =>
            unaryRaw(providerClient!, "/tfplugin6.Provider/PlanResourceChange", planRequest),
          ),
        ),
    },
  ],
};

/** Starts a process, waits for its line, lets it idle, reads its peak RSS, kills it. */
async function idlePeakRssMiB(script: string[], env: NodeJS.ProcessEnv, idleMs = 300): Promise<number> {
  const started = await startPlugin(process.execPath, script, env);
  try {
    await new Promise((r) => setTimeout(r, idleMs));
    return (await peakRssBytes(started.child.pid!)) / (1024 * 1024);
  } finally {
    await killAndWait(started.child);
  }
}

/** Starts a process, reads the CPU time it used up to its first stdout line, kills it. */
async function cpuToFirstLineMs(script: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = await startPlugin(process.execPath, script, env);
  try {
    return (await cpuTimeNs(started.child.pid!)) / 1e6;
  } finally {
    await killAndWait(started.child);
  }
}

const NODE_PRINTS_A_LINE = ["-e", "process.stdout.write('ready\\n'); setInterval(() => {}, 1e6)"];

/**
 * Cold start as CPU time (all threads) up to the handshake line: steadier than wall time when
 * the machine is shared.
 */
export const coldStartCpu: MetricSuite = {
  kind: "metric",
  name: "transport/cold-start-cpu",
  unit: "ms",
  note: "CPU time of all threads from exec to the first stdout line (/proc schedstat); median of 20",
  runs: 20,
  setup: async () => {
    scratch = mkdtempSync(join(tmpdir(), "tfkit-bench-"));
    clientCert = generateCert();
    launchForms = await prepareLaunchForms(scratch);
  },
  teardown: () => rmSync(scratch, { recursive: true, force: true }),
  baseline: {
    name: "node printing a line",
    measure: () => cpuToFirstLineMs(NODE_PRINTS_A_LINE, process.env),
  },
  cases: [
    {
      name: "bare-grpc-js/plaintext",
      measure: () => cpuToFirstLineMs([fixture("bare-grpc-server")], pluginEnv(scratch, undefined)),
    },
    ...providerLaunchCases((name, args, env) => ({ name, measure: () => cpuToFirstLineMs(args(), env()) })),
  ],
};

/**
 * Starts a process, connects over mTLS as terraform does, makes one call and reads the CPU time
 * the process used up to its answer (what terraform waits for before it can plan), kills it.
 */
async function cpuToFirstAnswerMs(script: string[], env: NodeJS.ProcessEnv, path: string): Promise<number> {
  const started = await startPlugin(process.execPath, script, env);
  try {
    const client = await connectPlugin(started.handshake, clientCert);
    try {
      await unaryRaw(client, path, new Uint8Array(0));
    } finally {
      client.close();
    }
    return (await cpuTimeNs(started.child.pid!)) / 1e6;
  } finally {
    await killAndWait(started.child);
  }
}

let bareServerCert: CertPair | undefined;

/**
 * Cold start up to the first answer: CPU time of the provider from exec until its first
 * GetProviderSchema answer arrives over mTLS (includes the protobuf codec, which the plain forms
 * load after the handshake), per launch form.
 */
export const firstAnswerCpu: MetricSuite = {
  kind: "metric",
  name: "transport/first-answer-cpu",
  unit: "ms",
  note: "CPU time of all threads from exec to the first answer over mTLS (/proc schedstat); median of 20",
  runs: 20,
  setup: async () => {
    scratch = mkdtempSync(join(tmpdir(), "tfkit-bench-"));
    clientCert = generateCert();
    bareServerCert = generateCert();
    launchForms = await prepareLaunchForms(scratch);
  },
  teardown: () => rmSync(scratch, { recursive: true, force: true }),
  baseline: {
    name: "bare-grpc-js/mtls/echo",
    measure: () =>
      cpuToFirstAnswerMs(
        [fixture("bare-grpc-server")],
        {
          ...pluginEnv(scratch, undefined),
          BENCH_TLS_CERT: bareServerCert!.certPem,
          BENCH_TLS_KEY: bareServerCert!.keyPem,
          BENCH_TLS_CLIENT_CA: clientCert!.certPem,
          BENCH_HANDSHAKE_CERT: handshakeCert(bareServerCert!.certPem),
        },
        "/bench.Bare/Echo",
      ),
  },
  cases: providerLaunchCases((name, args, env) => ({
    name: `${name}/GetProviderSchema`,
    measure: () => cpuToFirstAnswerMs(args(), env(), "/tfplugin6.Provider/GetProviderSchema"),
  })).filter((c) => !c.name.startsWith("provider/plaintext/")),
};

/** Peak RSS (VmHWM) of an idle provider after its handshake, next to an idle bare node. */
export const idleMemory: MetricSuite = {
  kind: "metric",
  name: "transport/idle-peak-rss",
  unit: "MiB",
  note: "VmHWM 300 ms after the first stdout line; median of 5 processes",
  runs: 5,
  setup: () => {
    scratch = mkdtempSync(join(tmpdir(), "tfkit-bench-"));
    clientCert = generateCert();
  },
  teardown: () => rmSync(scratch, { recursive: true, force: true }),
  baseline: {
    name: "node idle",
    measure: () => idlePeakRssMiB(NODE_PRINTS_A_LINE, process.env),
  },
  cases: [
    {
      name: "bare-grpc-js/plaintext",
      measure: () => idlePeakRssMiB([fixture("bare-grpc-server")], pluginEnv(scratch, undefined)),
    },
    {
      name: "provider/automtls",
      measure: () => idlePeakRssMiB([fixture("empty-provider")], pluginEnv(scratch, clientCert)),
    },
  ],
};

/** The AutoMTLS certificate, made in-process at every provider start, next to a bare EC key pair. */
export const serverCertificate: TimedSuite = {
  kind: "timed",
  name: "transport/server-certificate",
  note: "per provider start; baseline = node:crypto ECDSA P-256 key pair alone",
  time: 1500,
  rounds: 3,
  baseline: {
    name: "node:crypto/generateKeyPairSync/ec-p256",
    fn: () => generateKeyPairSync("ec", { namedCurve: "P-256" }),
  },
  cases: [{ name: "generateServerCertificate/p256", fn: () => generateServerCertificate() }],
};
