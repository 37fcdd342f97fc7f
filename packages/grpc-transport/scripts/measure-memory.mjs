// Measures a provider process's memory around large requests, the way Terraform sends them: a
// child process serves an echo provider (ReadResource answers with the state it was sent) over
// AutoMTLS on a unix socket, built from src/ with esbuild (no `npx tsup` needed). The parent
// sends N ReadResource requests of S MiB each, then samples the child's process.memoryUsage()
// (through a tiny ValidateProviderConfig call the child answers by printing it on stderr) right
// after each answer and while it sits idle. VmHWM is the child's peak RSS (Linux only).
//
// Usage: node scripts/measure-memory.mjs [--mib 250] [--requests 2] [--idle 1,5,10] [--plaintext]
//                                        [--no-gc] [--node-flag=...]
// --no-gc serves with `gcAfterMessageBytes: false` (what the transport did before it collected
// after large messages). Run the child under e.g. MALLOC_MMAP_THRESHOLD_=16384 to see what glibc
// keeps of the freed memory.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";
import * as grpc from "@grpc/grpc-js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    mib: { type: "string", default: "250" },
    requests: { type: "string", default: "2" },
    idle: { type: "string", default: "1,5,10" },
    plaintext: { type: "boolean", default: false },
    "node-flag": { type: "string", multiple: true, default: [] },
    "no-gc": { type: "boolean", default: false },
  },
});
const mib = Number(args.mib);
const requests = Number(args.requests);
const idleSeconds = args.idle ? args.idle.split(",").map(Number) : [];

const work = mkdtempSync(join(tmpdir(), "tfkit-memory-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

// The child: an echo provider that prints its memory usage when asked.
const child = join(work, "provider.cjs");
await esbuild.build({
  stdin: {
    contents: `
      import { serve } from "./index.ts";
      const sample = () => {
        process.stderr.write("@@" + JSON.stringify(process.memoryUsage()) + "\\n");
        return {};
      };
      serve({
        getProviderSchema: () => ({ provider: { block: {} } }),
        readResource: (req) => ({ newState: req.currentState }),
        validateProviderConfig: sample,
      }, { redirectConsole: false, ${args["no-gc"] ? "gcAfterMessageBytes: false" : ""} });
    `,
    resolveDir: join(root, "src"),
    loader: "ts",
  },
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  outfile: child,
  logLevel: "error",
});
// The parent's certificate, made with the package's own generator (P-521, like Terraform's).
const certModule = join(work, "cert.mjs");
await esbuild.build({
  entryPoints: [join(root, "src/tls/self-signed-cert.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: certModule,
  logLevel: "error",
});
const { generateServerCertificate } = await import(pathToFileURL(certModule).href);
const terraformCert = generateServerCertificate({ curve: "P-521" });

const proc = spawn(process.execPath, [...args["node-flag"], child], {
  env: {
    ...process.env,
    TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
    PLUGIN_PROTOCOL_VERSIONS: "6",
    PLUGIN_UNIX_SOCKET_DIR: work,
    ...(args.plaintext ? {} : { PLUGIN_CLIENT_CERT: terraformCert.certPem }),
  },
  stdio: ["ignore", "pipe", "pipe"],
});
const handshake = await new Promise((resolve, reject) => {
  let out = "";
  proc.stdout.on("data", (d) => {
    out += d;
    if (out.includes("\n")) resolve(out.trim());
  });
  proc.on("exit", (code) => reject(new Error(`provider exited with ${code}`)));
});
const samples = [];
let stderr = "";
proc.stderr.on("data", (d) => {
  stderr += d;
  for (let m = /@@(\{.*\})\n/.exec(stderr); m; m = /@@(\{.*\})\n/.exec(stderr)) {
    samples.push(JSON.parse(m[1]));
    stderr = stderr.slice(m.index + m[0].length);
  }
});

const [, , network, address, , certField] = handshake.split("|");
const credentials = certField
  ? grpc.credentials.createSsl(
      Buffer.from(
        `-----BEGIN CERTIFICATE-----\n${Buffer.from(certField, "base64").toString("base64")}\n-----END CERTIFICATE-----\n`,
      ),
      Buffer.from(terraformCert.keyPem),
      Buffer.from(terraformCert.certPem),
    )
  : grpc.credentials.createInsecure();
const client = new grpc.Client(network === "unix" ? `unix:${address}` : address, credentials, {
  "grpc.ssl_target_name_override": "localhost",
  "grpc.default_authority": "localhost",
  "grpc.max_receive_message_length": -1,
  "grpc.max_send_message_length": -1,
});
const call = (method, bytes) =>
  new Promise((resolve, reject) =>
    client.makeUnaryRequest(
      `/tfplugin6.Provider/${method}`,
      (b) => b,
      (b) => b,
      bytes,
      (error, res) => (error ? reject(error) : resolve(res)),
    ),
  );

const MiB = 1024 * 1024;
const sample = async (label) => {
  const before = samples.length;
  await call("ValidateProviderConfig", Buffer.alloc(0));
  while (samples.length === before) await new Promise((r) => setTimeout(r, 5));
  const m = samples[samples.length - 1];
  const row = { label };
  for (const k of ["rss", "heapTotal", "heapUsed", "external", "arrayBuffers"])
    row[k] = (m[k] / MiB).toFixed(1);
  return row;
};

function varint(n) {
  const out = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}
// ReadResource.Request { type_name = 1: "demo_thing", current_state = 2: { msgpack = 1: payload } }
function readResourceRequest(payload) {
  const dynamicValue = Buffer.concat([Buffer.of(0x0a), varint(payload.length), payload]);
  const typeName = Buffer.from("demo_thing");
  return Buffer.concat([
    Buffer.of(0x0a),
    varint(typeName.length),
    typeName,
    Buffer.of(0x12),
    varint(dynamicValue.length),
    dynamicValue,
  ]);
}

const rows = [];
await call("GetProviderSchema", Buffer.alloc(0));
rows.push(await sample("idle, after GetProviderSchema"));
for (let i = 1; i <= requests; i++) {
  let request = readResourceRequest(Buffer.alloc(mib * MiB, i));
  const started = performance.now();
  const answer = await call("ReadResource", request);
  const ms = performance.now() - started;
  request = undefined;
  if (answer.length < mib * MiB) throw new Error(`short answer: ${answer.length} bytes`);
  rows.push({ ...(await sample(`${mib} MiB request ${i} answered`)), "call ms": ms.toFixed(0) });
}
let waited = 0;
for (const s of idleSeconds) {
  await new Promise((r) => setTimeout(r, (s - waited) * 1000));
  waited = s;
  rows.push(await sample(`idle ${s} s later`));
}
const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.pid}/status`, "utf8"))?.[1];
client.close();
proc.kill("SIGTERM");

console.log(
  `${requests} × ${mib} MiB ReadResource echo, ${args.plaintext ? "plaintext" : "AutoMTLS"}, Node ${process.version}` +
    `${args["node-flag"].length ? ` ${args["node-flag"].join(" ")}` : ""}` +
    `${args["no-gc"] ? ", gcAfterMessageBytes: false" : ""} (MiB)`,
);
console.table(rows);
if (peak) console.log(`peak RSS (VmHWM): ${(Number(peak) / 1024).toFixed(1)} MiB`);
