/**
 * AutoMTLS as go-plugin's client sees it, with our own client playing terraform: the handshake
 * certificate is usable as the only root, the certificate from PLUGIN_CLIENT_CERT is required
 * and verified, and anything else is refused at the TLS layer.
 */
import { existsSync, rmSync, statSync } from "node:fs";
import type * as grpc from "@grpc/grpc-js";
import { status } from "@grpc/grpc-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type BuiltProvider, buildTestProvider } from "./support/build-provider.js";
import { type CertPair, generateClientCert, handshakeCertificate, hasOpenssl } from "./support/certs.js";
import { callRaw, pluginClient, pluginEnv, type RunningPlugin, startPlugin } from "./support/plugin.js";

const TIMEOUT = 60_000;
const SCHEMA = "/tfplugin6.Provider/GetProviderSchema";

let provider: BuiltProvider;
let terraformCert: CertPair;
const running: RunningPlugin[] = [];
const clients: grpc.Client[] = [];

async function start(env: NodeJS.ProcessEnv): Promise<RunningPlugin> {
  const p = await startPlugin(provider.executable, env);
  running.push(p);
  return p;
}

function client(...args: Parameters<typeof pluginClient>): grpc.Client {
  const c = pluginClient(...args);
  clients.push(c);
  return c;
}

async function expectRefused(call: Promise<Buffer>): Promise<void> {
  const error = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as grpc.ServiceError | undefined;
  expect(error, "the call must be refused").toBeDefined();
  expect(error?.code).toBe(status.UNAVAILABLE);
}

describe.skipIf(!hasOpenssl)("AutoMTLS", { timeout: TIMEOUT }, () => {
  beforeAll(async () => {
    provider = await buildTestProvider();
    terraformCert = generateClientCert("P-521"); // terraform's own curve
  }, TIMEOUT);

  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const p of running.splice(0)) await p.kill();
  });

  afterAll(() => {
    if (provider) rmSync(provider.dir, { recursive: true, force: true });
  });

  it("prints one go-plugin handshake line with an unpadded DER server certificate for localhost", async () => {
    const p = await start(pluginEnv({ PLUGIN_CLIENT_CERT: terraformCert.certPem }));
    const { fields, serverCert } = p.handshake;
    expect(fields).toHaveLength(6);
    expect(fields.slice(0, 3)).toEqual(["1", "6", "unix"]);
    expect(fields[4]).toBe("grpc");
    expect(statSync(p.handshake.address).isSocket()).toBe(true);
    expect(serverCert).toMatch(/^[A-Za-z0-9+/]{51,}$/); // > 50 chars, RawStdEncoding: no '=' padding
    const cert = handshakeCertificate(serverCert);
    expect(cert.checkHost("localhost")).toBe("localhost");
    const now = Date.now();
    expect(Date.parse(cert.validFrom)).toBeLessThanOrEqual(now);
    expect(Date.parse(cert.validTo)).toBeGreaterThan(now);
    expect(cert.verify(cert.publicKey)).toBe(true); // self-signed: trusted directly as the root
    expect(p.stdout()).toBe(`${p.handshake.line}\n`);
  });

  it("serves protocol 6 whatever order PLUGIN_PROTOCOL_VERSIONS lists", async () => {
    const a = await start(
      pluginEnv({ PLUGIN_PROTOCOL_VERSIONS: "6,5", PLUGIN_CLIENT_CERT: terraformCert.certPem }),
    );
    const b = await start(
      pluginEnv({ PLUGIN_PROTOCOL_VERSIONS: "5,6", PLUGIN_CLIENT_CERT: terraformCert.certPem }),
    );
    expect(a.handshake.fields[1]).toBe("6");
    expect(b.handshake.fields[1]).toBe("6");
  });

  it("answers a client presenting the certificate from PLUGIN_CLIENT_CERT", async () => {
    const p = await start(pluginEnv({ PLUGIN_CLIENT_CERT: terraformCert.certPem }));
    const response = await callRaw(client(p.handshake, { kind: "cert", cert: terraformCert }), SCHEMA);
    expect(response.toString("latin1")).toContain("tfkite2e_thing");
    // Still exactly one line on stdout after serving a call.
    expect(p.stdout()).toBe(`${p.handshake.line}\n`);
  });

  it("refuses a client without a certificate, and keeps serving", async () => {
    const p = await start(pluginEnv({ PLUGIN_CLIENT_CERT: terraformCert.certPem }));
    await expectRefused(callRaw(client(p.handshake, { kind: "no-cert" }), SCHEMA));
    const ok = await callRaw(client(p.handshake, { kind: "cert", cert: terraformCert }), SCHEMA);
    expect(ok.length).toBeGreaterThan(0);
  });

  it("refuses a client with a different certificate of the same shape", async () => {
    const p = await start(pluginEnv({ PLUGIN_CLIENT_CERT: terraformCert.certPem }));
    const impostor = generateClientCert("P-521"); // same subject, SAN and usages, other key
    await expectRefused(callRaw(client(p.handshake, { kind: "cert", cert: impostor }), SCHEMA));
    expect(p.child.exitCode).toBeNull();
  });

  it("refuses a plaintext client when AutoMTLS is on", async () => {
    const p = await start(pluginEnv({ PLUGIN_CLIENT_CERT: terraformCert.certPem }));
    await expectRefused(callRaw(client(p.handshake, { kind: "plaintext" }), SCHEMA));
  });

  it("serves plaintext with an empty certificate field when PLUGIN_CLIENT_CERT is absent", async () => {
    const p = await start(pluginEnv({ PLUGIN_CLIENT_CERT: undefined }));
    expect(p.handshake.serverCert).toBe("");
    expect(p.handshake.fields.length).toBeLessThanOrEqual(6);
    const response = await callRaw(client(p.handshake, { kind: "plaintext" }), SCHEMA);
    expect(response.toString("latin1")).toContain("tfkite2e_thing");
  });

  it("removes its socket when it shuts down through GRPCController.Shutdown", async () => {
    const p = await start(pluginEnv({ PLUGIN_CLIENT_CERT: terraformCert.certPem }));
    const c = client(p.handshake, { kind: "cert", cert: terraformCert });
    await callRaw(c, "/plugin.GRPCController/Shutdown").catch(() => undefined);
    const started = Date.now();
    const exit = await p.exited();
    expect(Date.now() - started).toBeLessThan(2_000); // go-plugin SIGKILLs after 2 s
    expect(exit.code).toBe(0);
    expect(existsSync(p.handshake.address)).toBe(false);
  });
});
