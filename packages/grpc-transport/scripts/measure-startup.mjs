// Measures exec → handshake-line time of a minimal provider built on dist/ (run `npx tsup` first),
// next to bare `node -e 0`, in the same run. Usage: node scripts/measure-startup.mjs [runs]
//
// Reports four numbers per case (medians): wall time from spawn to the handshake line as the
// parent sees it; the child's own clock (performance.now() = ms since its time origin) when the
// line is written; the child's CPU time (user+sys) by then — the least load-sensitive one; and
// wall time from spawn to the first GetProviderSchema answer over (m)TLS, which is what
// Terraform waits for (it includes the lazily loaded protobuf codec).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 20);
const { generateServerCertificate, MAGIC_COOKIE_VALUE } = await import(join(root, "dist/index.js"));
const grpc = await import("@grpc/grpc-js");
const terraformCert = generateServerCertificate({ curve: "P-521" }); // like Terraform's
const clientCert = terraformCert.certPem;

function firstCall(handshake) {
  const [, , network, address, , cert] = handshake.trim().split("|");
  const target = network === "unix" ? `unix:${address}` : address;
  let creds = grpc.credentials.createInsecure();
  if (cert) {
    const pem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(cert, "base64").toString("base64")}\n-----END CERTIFICATE-----\n`;
    creds = grpc.credentials.createSsl(
      Buffer.from(pem),
      Buffer.from(terraformCert.keyPem),
      Buffer.from(terraformCert.certPem),
    );
  }
  const client = new grpc.Client(target, creds, { "grpc.ssl_target_name_override": "localhost" });
  return new Promise((resolve, reject) =>
    client.makeUnaryRequest(
      "/tfplugin6.Provider/GetProviderSchema",
      (b) => b,
      (b) => b,
      Buffer.alloc(0),
      (error, res) => {
        client.close();
        error ? reject(error) : resolve(res);
      },
    ),
  );
}

const dir = join(root, ".test-build");
mkdirSync(dir, { recursive: true });
const report = `process.stderr.write("@@" + JSON.stringify({ t: performance.now(), cpu: process.cpuUsage() }) + "\\n");`;
const esm = join(dir, "startup-fixture.mjs");
writeFileSync(
  esm,
  `import { serve } from "../dist/index.js";\nawait serve({ getProviderSchema: () => ({ provider: { block: {} } }) });\n${report}\n`,
);
const cjs = join(dir, "startup-fixture.cjs");
writeFileSync(
  cjs,
  `const { serve } = require("../dist/index.cjs");\nserve({ getProviderSchema: () => ({ provider: { block: {} } }) }).then(() => { ${report} });\n`,
);

function time(args, env, untilLine) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let wall;
    let inner;
    let first = untilLine ? undefined : Number.NaN;
    let err = "";
    const finish = () => {
      if (wall === undefined || inner === undefined || first === undefined) return;
      resolve({ wall, t: inner.t, cpu: (inner.cpu.user + inner.cpu.system) / 1000, first });
      child.kill("SIGKILL");
    };
    child.stdout.on("data", (d) => {
      if (untilLine && wall === undefined && d.includes(10)) {
        wall = Number(process.hrtime.bigint() - start) / 1e6;
        firstCall(String(d)).then(() => {
          first = Number(process.hrtime.bigint() - start) / 1e6;
          finish();
        }, reject);
        finish();
      }
    });
    child.stderr.on("data", (d) => {
      err += d;
      const m = /@@(\{.*\})\n/.exec(err);
      if (m && inner === undefined) {
        inner = JSON.parse(m[1]);
        finish();
      }
    });
    child.on("exit", () => {
      if (!untilLine && wall === undefined) {
        wall = Number(process.hrtime.bigint() - start) / 1e6;
        finish();
      }
      if (wall === undefined || inner === undefined)
        setTimeout(() => reject(new Error(`no handshake: ${err}`)), 10);
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Children are SIGKILLed after the handshake and cannot remove their sockets: use our own dir.
const socketDir = mkdtempSync(join(tmpdir(), "tfkit-startup-"));
process.on("exit", () => rmSync(socketDir, { recursive: true, force: true }));
const pluginEnv = {
  TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
  PLUGIN_PROTOCOL_VERSIONS: "5,6",
  PLUGIN_UNIX_SOCKET_DIR: socketDir,
};
const cases = [
  ["node (empty script)", ["-e", report], {}, false],
  ["ESM provider, plaintext", [esm], pluginEnv, true],
  ["ESM provider, AutoMTLS", [esm], { ...pluginEnv, PLUGIN_CLIENT_CERT: clientCert }, true],
  ["CJS provider, AutoMTLS", [cjs], { ...pluginEnv, PLUGIN_CLIENT_CERT: clientCert }, true],
];
const results = Object.fromEntries(cases.map(([name]) => [name, []]));
for (let i = 0; i < runs; i++) {
  // interleave the cases so machine noise hits them alike
  for (const [name, args, env, untilLine] of cases) results[name].push(await time(args, env, untilLine));
}
const base = results["node (empty script)"];
const baseOf = (k) => median(base.map((r) => r[k]));
console.log(`${runs} runs each, medians; Δ = difference to bare node`);
for (const [name, rs] of Object.entries(results)) {
  const cell = (k) => {
    const m = median(rs.map((r) => r[k]));
    return `${m.toFixed(1).padStart(6)} ms (Δ ${(m - baseOf(k)).toFixed(1).padStart(5)})`;
  };
  const firstCell = name.startsWith("node")
    ? ""
    : `  first answer ${median(rs.map((r) => r.first))
        .toFixed(1)
        .padStart(6)} ms (handshake + ${median(rs.map((r) => r.first - r.wall)).toFixed(1)})`;
  console.log(
    `${name.padEnd(24)} wall ${cell("wall")}  in-process ${cell("t")}  cpu ${cell("cpu")}${firstCell}`,
  );
}
