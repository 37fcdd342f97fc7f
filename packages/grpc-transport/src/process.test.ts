/**
 * Tests against a real child process, as Terraform runs a provider: the fixture provider is bundled
 * with esbuild and started with node.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { create, toBinary } from "@bufbuild/protobuf";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as controller from "./gen/grpc_controller_pb.js";
import * as pb from "./gen/tfplugin6_pb.js";
import { MAGIC_COOKIE_VALUE, NOT_A_PLUGIN_MESSAGE } from "./handshake.js";
import { connect } from "./test-support/client.js";
import { generateServerCertificate } from "./tls/self-signed-cert.js";

const buildDir = join(import.meta.dirname, "..", ".test-build", `process-${process.pid}`);
const fixture = join(buildDir, "fixture.cjs");
const terraformCert = generateServerCertificate({ curve: "P-521" });
const children: ChildProcess[] = [];

beforeAll(async () => {
  mkdirSync(buildDir, { recursive: true });
  await build({
    entryPoints: [join(import.meta.dirname, "test-support", "fixture-provider.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: fixture,
    logLevel: "warning",
  });
}, 60_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(buildDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  handshake: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

function startProvider(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [fixture], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no handshake; stderr: ${err}`)), 15_000);
    const check = (): void => {
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve({ child, handshake: out.slice(0, nl), stdout: () => out, stderr: () => err, exited });
      }
    };
    child.stdout?.on("data", check);
    void exited.then(() => {
      clearTimeout(timer);
      resolve({ child, handshake: "", stdout: () => out, stderr: () => err, exited });
    });
  });
}

const pluginEnv = {
  TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
  PLUGIN_PROTOCOL_VERSIONS: "6,5",
  PLUGIN_CLIENT_CERT: terraformCert.certPem,
};

function clientFor(handshake: string) {
  const [, , network, address, , cert] = handshake.split("|");
  const der = Buffer.from(cert ?? "", "base64");
  const pem = `-----BEGIN CERTIFICATE-----\n${der
    .toString("base64")
    .match(/.{1,64}/g)
    ?.join("\n")}\n-----END CERTIFICATE-----\n`;
  return connect(
    { network: network as "unix", address: address ?? "" },
    { serverCertPem: pem, clientCert: terraformCert },
  );
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("bundled provider", () => {
  it("starts when bundled by esbuild as ESM with code splitting (grpc-js then arrives as `default`)", async () => {
    const outdir = join(buildDir, "esm-split");
    const entry = join(buildDir, "entry.ts");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      entry,
      `import { serve } from ${JSON.stringify(join(import.meta.dirname, "index.ts"))};\n` +
        "await serve({ getProviderSchema: () => ({ provider: { block: {} } }) });\n",
    );
    await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outdir,
      outExtension: { ".js": ".mjs" },
      banner: {
        js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
      logLevel: "warning",
    });
    const child = spawn(process.execPath, [join(outdir, "entry.mjs")], {
      env: { PATH: process.env.PATH ?? "", ...pluginEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let err = "";
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
    });
    const line = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no handshake: ${err}`)), 15_000);
      child.stdout?.once("data", (d: Buffer) => {
        clearTimeout(t);
        resolve(d.toString().split("\n")[0] ?? "");
      });
      child.on("exit", () => reject(new Error(`exited: ${err}`)));
    });
    expect(line).toMatch(/^1\|6\|unix\|/);
    const client = clientFor(line);
    const res = await client.unary(
      "/tfplugin6.Provider/GetProviderSchema",
      pb.GetProviderSchema_RequestSchema,
      pb.GetProviderSchema_ResponseSchema,
      {},
    );
    expect(res.provider?.block).toBeDefined();
    client.close();
    child.kill("SIGTERM");
  }, 60_000);
});

describe("provider process", () => {
  it("run by hand (no magic cookie): prints the human message on stderr, nothing on stdout, exits 1", async () => {
    const p = await startProvider({});
    expect(await p.exited).toBe(1);
    expect(p.stderr()).toContain(NOT_A_PLUGIN_MESSAGE.trim());
    expect(p.stdout()).toBe("");
  });

  it("writes exactly one handshake line; later console output goes to stderr; Shutdown exits 0", async () => {
    const p = await startProvider({ ...pluginEnv, TF_LOG: "debug" });
    expect(p.handshake).toMatch(/^1\|6\|unix\|\/[^|]+\|grpc\|[A-Za-z0-9+/]{100,}$/);
    const client = clientFor(p.handshake);
    const res = await client.unary(
      "/tfplugin6.Provider/ValidateResourceConfig",
      pb.ValidateResourceConfig_RequestSchema,
      pb.ValidateResourceConfig_ResponseSchema,
      {
        typeName: "proto_thing",
      },
    );
    expect(res.diagnostics).toEqual([]);
    await client.unary("/plugin.GRPCController/Shutdown", controller.EmptySchema, controller.EmptySchema, {});
    client.close();
    expect(await p.exited).toBe(0);
    expect(p.stdout()).toBe(`${p.handshake}\n`);
    expect(p.stderr()).toContain("noise from console.log");
    expect(p.stderr()).toContain("noise from process.stdout.write");
    // every stderr line that is JSON has string @level/@message/@timestamp with 6 digits
    const jsonLines = p
      .stderr()
      .split("\n")
      .filter((l) => l.startsWith("{"));
    expect(jsonLines.length).toBeGreaterThan(0);
    for (const l of jsonLines) {
      const entry = JSON.parse(l) as Record<string, unknown>;
      expect(typeof entry["@message"]).toBe("string");
      expect(typeof entry["@level"]).toBe("string");
      expect(entry["@timestamp"]).toMatch(/\.\d{6}Z$/);
    }
  }, 30_000);

  it("ignores SIGINT like go-plugin (Terraform sends StopProvider and Shutdown instead)", async () => {
    const p = await startProvider(pluginEnv);
    p.child.kill("SIGINT");
    await new Promise((r) => setTimeout(r, 300));
    expect(p.child.exitCode).toBeNull();
    const client = clientFor(p.handshake);
    const res = await client.unary(
      "/tfplugin6.Provider/GetProviderSchema",
      pb.GetProviderSchema_RequestSchema,
      pb.GetProviderSchema_ResponseSchema,
      {},
    );
    expect(res.resourceSchemas.proto_thing).toBeDefined();
    client.close();
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
  }, 30_000);

  it("exits when its parent dies (no orphan left behind)", async () => {
    // An intermediate parent starts the provider, reports its pid, and is then SIGKILLed.
    const parentScript = `
      const { spawn } = require("node:child_process");
      const child = spawn(process.execPath, [${JSON.stringify(fixture)}], { stdio: ["ignore", "pipe", "ignore"] });
      child.stdout.once("data", () => process.stdout.write(String(child.pid) + "\\n"));
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["-e", parentScript], {
      env: { ...process.env, ...pluginEnv },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(parent);
    const pid = await new Promise<number>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error("no pid")), 15_000);
      parent.stdout?.once("data", (d: Buffer) => {
        clearTimeout(t);
        resolve(Number(d.toString().trim()));
      });
    });
    expect(alive(pid)).toBe(true);
    parent.kill("SIGKILL");
    const deadline = Date.now() + 5_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid)).toBe(false);
  }, 30_000);

  it("gives back the buffers of large requests once answered, while idle, without --expose-gc", async () => {
    const MiB = 1024 * 1024;
    const p = await startProvider({ ...pluginEnv, TF_LOG: "debug" });
    const client = clientFor(p.handshake);
    const memory = async (): Promise<NodeJS.MemoryUsage> => {
      const res = await client.unary(
        "/tfplugin6.Provider/ValidateProviderConfig",
        pb.ValidateProviderConfig_RequestSchema,
        pb.ValidateProviderConfig_ResponseSchema,
        {},
      );
      return JSON.parse(res.diagnostics[0]?.summary ?? "{}") as NodeJS.MemoryUsage;
    };
    const before = await memory();
    for (let i = 1; i <= 2; i++) {
      const request = toBinary(
        pb.ReadResource_RequestSchema,
        create(pb.ReadResource_RequestSchema, {
          typeName: "proto_thing",
          currentState: { msgpack: new Uint8Array(40 * MiB).fill(i) },
        }),
      );
      const answer = await client.raw("/tfplugin6.Provider/ReadResource", request);
      expect(answer.byteLength).toBeGreaterThan(40 * MiB);
    }
    // Each answered call leaves ~4× its size in ArrayBuffers that nothing references. V8 alone
    // keeps them until enough JavaScript allocation (here: ~8 s of these 100 ms samples); the
    // transport collects 100 ms after the call ends.
    const collected = () =>
      p
        .stderr()
        .split("\n")
        .slice(0, -1) // complete lines only
        .filter((l) => l.includes('"collected garbage after a large message"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    let after = await memory();
    for (const deadline = Date.now() + 6_000; Date.now() < deadline; ) {
      if (after.arrayBuffers < before.arrayBuffers + 8 * MiB) break;
      await new Promise((r) => setTimeout(r, 100));
      after = await memory();
    }
    expect(after.arrayBuffers).toBeLessThan(before.arrayBuffers + 8 * MiB);
    expect(after.external).toBeLessThan(before.external + 8 * MiB);
    for (const deadline = Date.now() + 4_000; Date.now() < deadline; ) {
      if (collected().some((e) => Number(e.array_buffers_mib_after) < 8)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const last = collected().find((e) => Number(e.array_buffers_mib_after) < 8);
    expect(last).toMatchObject({ "@level": "debug", "@module": "provider.tfkit-grpc" });
    expect(last?.message_bytes).toBeGreaterThanOrEqual(40 * MiB);
    client.close();
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
  }, 60_000);
});
