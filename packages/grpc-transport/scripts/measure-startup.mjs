// Measures exec → handshake-line time of a minimal provider built on dist/ (run `npx tsup` first),
// next to bare `node -e 0`, in the same run. Usage: node scripts/measure-startup.mjs [runs]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 20);
const { generateServerCertificate, MAGIC_COOKIE_VALUE } = await import(join(root, "dist/index.js"));
const clientCert = generateServerCertificate({ curve: "P-521" }).certPem; // like Terraform's

const dir = join(root, ".test-build");
mkdirSync(dir, { recursive: true });
const esm = join(dir, "startup-fixture.mjs");
writeFileSync(
  esm,
  `import { serve } from "../dist/index.js";\nawait serve({ getProviderSchema: () => ({ provider: { block: {} } }) });\n`,
);
const cjs = join(dir, "startup-fixture.cjs");
writeFileSync(
  cjs,
  `const { serve } = require("../dist/index.cjs");\nserve({ getProviderSchema: () => ({ provider: { block: {} } }) });\n`,
);

function time(args, env, untilLine) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "ignore"],
    });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(Number(process.hrtime.bigint() - start) / 1e6);
      child.kill("SIGKILL");
    };
    if (untilLine) child.stdout.on("data", (d) => d.includes(10) && finish());
    child.on("exit", () => (untilLine ? done || reject(new Error("exited before handshake")) : finish()));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// The children are SIGKILLed after the handshake and cannot remove their sockets: keep them in a
// directory of our own.
const socketDir = mkdtempSync(join(tmpdir(), "tfkit-startup-"));
process.on("exit", () => rmSync(socketDir, { recursive: true, force: true }));
const pluginEnv = {
  TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
  PLUGIN_PROTOCOL_VERSIONS: "5,6",
  PLUGIN_UNIX_SOCKET_DIR: socketDir,
};
const cases = [
  ["node -e 0", ["-e", "0"], {}, false],
  ["ESM provider, plaintext", [esm], pluginEnv, true],
  ["ESM provider, AutoMTLS", [esm], { ...pluginEnv, PLUGIN_CLIENT_CERT: clientCert }, true],
  ["CJS provider, AutoMTLS", [cjs], { ...pluginEnv, PLUGIN_CLIENT_CERT: clientCert }, true],
];
const results = Object.fromEntries(cases.map(([name]) => [name, []]));
for (let i = 0; i < runs; i++) {
  // interleave the cases so machine noise hits them alike
  for (const [name, args, env, untilLine] of cases) results[name].push(await time(args, env, untilLine));
}
const base = median(results["node -e 0"]);
for (const [name, xs] of Object.entries(results)) {
  const m = median(xs);
  console.log(
    `${name.padEnd(26)} median ${m.toFixed(1)} ms  min ${Math.min(...xs).toFixed(1)} ms  (+${(m - base).toFixed(1)} ms vs bare node)`,
  );
}
