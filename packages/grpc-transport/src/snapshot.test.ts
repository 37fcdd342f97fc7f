/**
 * A bundled provider turned into a Node startup snapshot (`node --build-snapshot`), then started
 * from it (`node --snapshot-blob`), as the fastest launcher in the README's start-up section does.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pb from "./gen/tfplugin6_pb.js";
import { MAGIC_COOKIE_VALUE, NOT_A_PLUGIN_MESSAGE } from "./handshake.js";
import { connect } from "./test-support/client.js";
import { generateServerCertificate } from "./tls/self-signed-cert.js";

const buildDir = join(import.meta.dirname, "..", ".test-build", `snapshot-${process.pid}`);
const bundle = join(buildDir, "fixture.cjs");
const blob = join(buildDir, "fixture.blob");
const terraformCert = generateServerCertificate({ curve: "P-521" });
const children: ChildProcess[] = [];
let buildStderr = "";

beforeAll(async () => {
  mkdirSync(buildDir, { recursive: true });
  await build({
    entryPoints: [join(import.meta.dirname, "test-support", "fixture-provider.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: bundle,
    logLevel: "warning",
  });
  const built = spawnSync(process.execPath, ["--snapshot-blob", blob, "--build-snapshot", bundle], {
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
    timeout: 60_000,
  });
  buildStderr = built.stderr;
  if (built.status !== 0) throw new Error(`--build-snapshot failed (${built.status}): ${built.stderr}`);
}, 90_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(buildDir, { recursive: true, force: true });
});

const pluginEnv = {
  TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
  PLUGIN_PROTOCOL_VERSIONS: "6,5",
  PLUGIN_CLIENT_CERT: terraformCert.certPem,
};

interface Started {
  readonly child: ChildProcess;
  readonly line: string;
  readonly exitCode: Promise<number | null>;
  stderr(): string;
}

function startFromSnapshot(env: Record<string, string>, args: readonly string[] = []): Promise<Started> {
  const child = spawn(process.execPath, ["--snapshot-blob", blob, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exitCode = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no handshake; stderr: ${err}`)), 15_000);
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve({ child, line: out.slice(0, nl), exitCode, stderr: () => err });
      }
    });
    void exitCode.then(() => {
      clearTimeout(timer);
      resolve({ child, line: "", exitCode, stderr: () => err });
    });
  });
}

function certPemOf(line: string): string {
  const der = Buffer.from(line.split("|")[5] ?? "", "base64");
  return `-----BEGIN CERTIFICATE-----\n${der
    .toString("base64")
    .match(/.{1,64}/g)
    ?.join("\n")}\n-----END CERTIFICATE-----\n`;
}

describe("provider started from a startup snapshot", () => {
  it("builds: nothing ran at build time (no handshake, no magic-cookie message)", () => {
    expect(existsSync(blob)).toBe(true);
    expect(buildStderr).not.toContain(NOT_A_PLUGIN_MESSAGE.trim());
  });

  it("handshakes over AutoMTLS and answers GetProviderSchema", async () => {
    const started = await startFromSnapshot(pluginEnv);
    expect(started.line).toMatch(/^1\|6\|unix\|[^|]+\|grpc\|[A-Za-z0-9+/]+$/);
    const [, , network, address] = started.line.split("|");
    const client = connect(
      { network: network as "unix", address: address ?? "" },
      { serverCertPem: certPemOf(started.line), clientCert: terraformCert },
    );
    const res = await client.unary(
      "/tfplugin6.Provider/GetProviderSchema",
      pb.GetProviderSchema_RequestSchema,
      pb.GetProviderSchema_ResponseSchema,
      {},
    );
    expect(Object.keys(res.resourceSchemas)).toEqual(["proto_thing"]);
    expect(res.serverCapabilities?.planDestroy).toBe(true);
    client.close();
    started.child.kill("SIGTERM");
    expect(await started.exitCode).toBe(0);
  }, 30_000);

  it("makes a new key and certificate in every process (none is baked into the snapshot)", async () => {
    const a = await startFromSnapshot(pluginEnv);
    const b = await startFromSnapshot(pluginEnv);
    expect(a.line.split("|")[5]).toBeTruthy();
    expect(a.line.split("|")[5]).not.toBe(b.line.split("|")[5]);
    expect(a.line.split("|")[3]).not.toBe(b.line.split("|")[3]);
    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
    await Promise.all([a.exitCode, b.exitCode]);
  }, 30_000);

  it("--debug after `--` starts debug mode (argv of a snapshot has no script path)", async () => {
    const started = await startFromSnapshot({}, ["--", "--debug"]);
    expect(started.line).toMatch(/^Provider started\. To attach Terraform CLI/);
    started.child.kill("SIGINT");
    expect(await started.exitCode).toBe(0);
  }, 30_000);

  it("reads the environment of the started process: no magic cookie → human message, exit 1", async () => {
    const started = await startFromSnapshot({});
    expect(started.line).toBe("");
    expect(await started.exitCode).toBe(1);
    expect(started.stderr()).toContain(NOT_A_PLUGIN_MESSAGE.trim());
  }, 30_000);
});

/** postject (a dev dependency of @tfkit/cli, hoisted in the workspace) injects the SEA blob. */
const postject = ((): string | undefined => {
  try {
    return createRequire(import.meta.url).resolve("postject/dist/cli.js");
  } catch {
    return undefined;
  }
})();

describe("single executable with a startup snapshot (sea-config useSnapshot)", () => {
  // Linux only: macOS needs the injected binary re-signed, Windows an .exe.
  it.skipIf(postject === undefined || process.platform !== "linux")(
    "builds the blob, and the executable handshakes and answers GetProviderSchema",
    async () => {
      const seaDir = join(buildDir, "sea");
      mkdirSync(seaDir, { recursive: true });
      copyFileSync(bundle, join(seaDir, "provider.cjs"));
      writeFileSync(
        join(seaDir, "sea-config.json"),
        JSON.stringify({
          main: "provider.cjs",
          output: "prep.blob",
          useSnapshot: true,
          disableExperimentalSEAWarning: true,
        }),
      );
      const prepared = spawnSync(process.execPath, ["--experimental-sea-config", "sea-config.json"], {
        cwd: seaDir,
        env: { PATH: process.env.PATH ?? "" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(prepared.stderr).not.toContain(NOT_A_PLUGIN_MESSAGE.trim());
      expect(prepared.status).toBe(0);
      const executable = join(seaDir, "terraform-provider-snap");
      copyFileSync(process.execPath, executable);
      const injected = spawnSync(
        process.execPath,
        [
          postject ?? "",
          executable,
          "NODE_SEA_BLOB",
          join(seaDir, "prep.blob"),
          "--sentinel-fuse",
          "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
        ],
        { encoding: "utf8", timeout: 120_000 },
      );
      expect(injected.status, injected.stderr).toBe(0);

      const child = spawn(executable, [], {
        env: { PATH: process.env.PATH ?? "", ...pluginEnv },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      let err = "";
      child.stderr?.on("data", (d: Buffer) => {
        err += d.toString();
      });
      const exitCode = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no handshake; stderr: ${err}`)), 15_000);
        child.stdout?.once("data", (d: Buffer) => {
          clearTimeout(timer);
          resolve(d.toString().split("\n")[0] ?? "");
        });
        void exitCode.then((code) => reject(new Error(`exited ${code}: ${err}`)));
      });
      expect(line).toMatch(/^1\|6\|unix\|/);
      const [, , network, address] = line.split("|");
      const client = connect(
        { network: network as "unix", address: address ?? "" },
        { serverCertPem: certPemOf(line), clientCert: terraformCert },
      );
      const res = await client.unary(
        "/tfplugin6.Provider/GetProviderSchema",
        pb.GetProviderSchema_RequestSchema,
        pb.GetProviderSchema_ResponseSchema,
        {},
      );
      expect(Object.keys(res.resourceSchemas)).toEqual(["proto_thing"]);
      client.close();
      child.kill("SIGTERM");
      expect(await exitCode).toBe(0);
    },
    180_000,
  );
});
