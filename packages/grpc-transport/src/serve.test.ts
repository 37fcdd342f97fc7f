import { X509Certificate } from "node:crypto";
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import * as controller from "./gen/grpc_controller_pb.js";
import * as health from "./gen/health_pb.js";
import * as pb from "./gen/tfplugin6_pb.js";
import { MAGIC_COOKIE_VALUE } from "./handshake.js";
import { createLogger } from "./logger.js";
import type { ProviderServer } from "./provider-server.js";
import { MAX_MESSAGE_BYTES, type ServeHandle, type ServeOptions, serve } from "./serve.js";
import { type TestClient, connect } from "./test-support/client.js";
import { grpcFrame, rawGrpcCall } from "./test-support/raw-http2.js";
import { generateServerCertificate } from "./tls/self-signed-cert.js";

// Terraform's side of AutoMTLS: a self-signed P-521 certificate passed as PEM in PLUGIN_CLIENT_CERT.
const terraformCert = generateServerCertificate({ curve: "P-521" });

const schemaServer: ProviderServer = {
  getProviderSchema: () => ({
    provider: { block: { attributes: [{ name: "endpoint", type: '"string"', optional: true }] } },
    resourceSchemas: {
      proto_thing: {
        version: 2,
        block: {
          attributes: [
            { name: "id", type: '"string"', computed: true },
            {
              name: "tags",
              type: ["map", "string"].length ? '["map","string"]' : "",
              optional: true,
              sensitive: true,
            },
          ],
          blockTypes: [
            {
              typeName: "rule",
              nesting: "list",
              maxItems: 3,
              block: { attributes: [{ name: "port", type: '"number"', required: true }] },
            },
          ],
        },
      },
    },
    functions: {
      upper: { parameters: [{ name: "s", type: '"string"' }], returnType: '"string"', summary: "Uppercase" },
    },
    serverCapabilities: { planDestroy: true, getProviderSchemaOptional: false },
  }),
};

interface Started {
  handle: ServeHandle;
  stdout: string[];
  logs: string[];
  exitCodes: number[];
  client(opts?: { clientCert?: { certPem: string; keyPem: string } | null }): TestClient;
}

const running: ServeHandle[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const h of running.splice(0)) await h.stop("test finished");
});

async function start(
  server: ProviderServer,
  options: Partial<ServeOptions> = {},
  tls = true,
): Promise<Started> {
  const stdout: string[] = [];
  const logs: string[] = [];
  const exitCodes: number[] = [];
  const handle = await serve(server, {
    env: {
      TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "5,6",
      ...(tls ? { PLUGIN_CLIENT_CERT: terraformCert.certPem } : {}),
    },
    writeStdout: (t) => stdout.push(t),
    exit: (code) => exitCodes.push(code),
    redirectConsole: false,
    handleSignals: false,
    watchParent: false,
    logger: createLogger({ level: "trace", write: (l) => logs.push(l) }),
    ...options,
  });
  running.push(handle);
  return {
    handle,
    stdout,
    logs,
    exitCodes,
    client: (opts = {}) => {
      const c = connect(handle.listen, {
        ...(handle.serverCertPem === undefined ? {} : { serverCertPem: handle.serverCertPem }),
        ...(opts.clientCert === null ? {} : { clientCert: opts.clientCert ?? terraformCert }),
      });
      clients.push(c);
      return c;
    },
  };
}

const P = (rpc: string) => `/tfplugin6.Provider/${rpc}`;

describe("serve() with AutoMTLS", () => {
  it("writes one handshake line whose cert is the served certificate, unpadded", async () => {
    const s = await start(schemaServer);
    expect(s.stdout).toHaveLength(1);
    const line = s.stdout[0] ?? "";
    expect(line.endsWith("\n")).toBe(true);
    const fields = line.trimEnd().split("|");
    expect(fields).toHaveLength(6);
    expect(fields.slice(0, 3)).toEqual(["1", "6", "unix"]);
    expect(fields[3]).toBe(s.handle.listen.address);
    expect(existsSync(fields[3] ?? "")).toBe(true);
    expect(fields[4]).toBe("grpc");
    expect(fields[5]).not.toContain("=");
    const served = new X509Certificate(s.handle.serverCertPem ?? "");
    expect(Buffer.from(fields[5] ?? "", "base64").equals(served.raw)).toBe(true);
    expect(s.handle.tls).toBe(true);
  });

  it("answers GetProviderSchema to a client presenting Terraform's certificate", async () => {
    const s = await start(schemaServer);
    const res = await s
      .client()
      .unary(
        P("GetProviderSchema"),
        pb.GetProviderSchema_RequestSchema,
        pb.GetProviderSchema_ResponseSchema,
        {},
      );
    expect(res.diagnostics).toEqual([]);
    expect(new TextDecoder().decode(res.provider?.block?.attributes[0]?.type)).toBe('"string"');
    const thing = res.resourceSchemas.proto_thing;
    expect(thing?.version).toBe(2n);
    expect(thing?.block?.attributes.map((a) => [a.name, a.computed, a.optional, a.sensitive])).toEqual([
      ["id", true, false, false],
      ["tags", false, true, true],
    ]);
    expect(thing?.block?.blockTypes[0]).toMatchObject({ typeName: "rule", nesting: 2, maxItems: 3n });
    expect(res.functions.upper?.summary).toBe("Uppercase");
    expect(new TextDecoder().decode(res.functions.upper?.return?.type)).toBe('"string"');
    expect(res.serverCapabilities?.planDestroy).toBe(true);
  });

  it("refuses a client without a certificate at the TLS layer", async () => {
    let called = false;
    const s = await start({
      getProviderSchema: () => {
        called = true;
        return {};
      },
    });
    await expect(
      s
        .client({ clientCert: null })
        .unary(
          P("GetProviderSchema"),
          pb.GetProviderSchema_RequestSchema,
          pb.GetProviderSchema_ResponseSchema,
          {},
        ),
    ).rejects.toMatchObject({ code: 14 /* UNAVAILABLE */ });
    expect(called).toBe(false);
    expect(s.logs.join("")).not.toContain('"tf_rpc":"GetProviderSchema"');
  });

  it("refuses a client with a different self-signed certificate", async () => {
    const s = await start(schemaServer);
    const impostor = generateServerCertificate({ curve: "P-521" });
    await expect(
      s
        .client({ clientCert: impostor })
        .unary(
          P("GetProviderSchema"),
          pb.GetProviderSchema_RequestSchema,
          pb.GetProviderSchema_ResponseSchema,
          {},
        ),
    ).rejects.toMatchObject({ code: 14 });
    expect(s.logs.join("")).not.toContain('"tf_rpc":"GetProviderSchema"');
    // …while Terraform's own certificate still works on the same server
    const ok = await s
      .client()
      .unary(
        P("GetProviderSchema"),
        pb.GetProviderSchema_RequestSchema,
        pb.GetProviderSchema_ResponseSchema,
        {},
      );
    expect(ok.provider).toBeDefined();
  });

  it.each([
    ["no PEM block at all", "not a certificate", /no PEM certificate/],
    [
      "a PEM block that is not DER",
      "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
      /the certificate does not parse: .*asn1/i,
    ],
    [
      "a PEM block whose base64 is broken",
      "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n",
      /the certificate does not parse: .*base64/i,
    ],
  ])(
    "logs an unparsable PLUGIN_CLIENT_CERT (%s) at error level and refuses every client",
    async (_, value, reason) => {
      let called = false;
      const logs: string[] = [];
      const s = await start(
        {
          getProviderSchema: () => {
            called = true;
            return {};
          },
        },
        {
          env: {
            TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
            PLUGIN_PROTOCOL_VERSIONS: "6",
            PLUGIN_CLIENT_CERT: value,
          },
          logger: createLogger({ level: "error", write: (l) => logs.push(l) }),
        },
      );
      // the server starts: one handshake line with its own certificate, TLS required
      expect(s.stdout).toHaveLength(1);
      expect(s.handle.tls).toBe(true);
      const entries = logs.map((l) => JSON.parse(l) as Record<string, unknown>);
      const entry = entries.find((e) => e["@message"] === "client cert provided but failed to parse");
      expect(entry).toMatchObject({ "@level": "error", "@module": "provider.tfkit-grpc", cert: value });
      expect(String(entry?.error)).toMatch(reason);
      // …and no client gets through, Terraform's certificate included
      await expect(
        s
          .client()
          .unary(
            P("GetProviderSchema"),
            pb.GetProviderSchema_RequestSchema,
            pb.GetProviderSchema_ResponseSchema,
            {},
          ),
      ).rejects.toMatchObject({ code: 14 /* UNAVAILABLE */ });
      expect(called).toBe(false);
    },
  );

  it("refuses every client when the first PEM block is bad, as OpenSSL stops there, and says so", async () => {
    const garbage = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    const s = await start(schemaServer, {
      env: {
        TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
        PLUGIN_PROTOCOL_VERSIONS: "6",
        PLUGIN_CLIENT_CERT: garbage + terraformCert.certPem,
      },
    });
    const entry = s.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e["@message"] === "client cert provided but failed to parse");
    expect(entry).toMatchObject({ "@level": "error" });
    expect(String(entry?.error)).toMatch(/^certificate 1 of 2 does not parse/);
    await expect(
      s
        .client()
        .unary(
          P("GetProviderSchema"),
          pb.GetProviderSchema_RequestSchema,
          pb.GetProviderSchema_ResponseSchema,
          {},
        ),
    ).rejects.toMatchObject({ code: 14 });
  });

  it("trusts the certificates before a bad PEM block and warns about the rest", async () => {
    const garbage = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    const s = await start(schemaServer, {
      env: {
        TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
        PLUGIN_PROTOCOL_VERSIONS: "6",
        PLUGIN_CLIENT_CERT: terraformCert.certPem + garbage,
      },
    });
    const entries = s.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.some((e) => e["@level"] === "error")).toBe(false);
    expect(
      entries.find((e) => String(e["@message"]).startsWith("client cert partly failed to parse")),
    ).toMatchObject({
      "@level": "warn",
      trusted: 1,
    });
    const ok = await s
      .client()
      .unary(
        P("GetProviderSchema"),
        pb.GetProviderSchema_RequestSchema,
        pb.GetProviderSchema_ResponseSchema,
        {},
      );
    expect(ok.provider).toBeDefined();
  });

  it("logs nothing about Terraform's own certificate", async () => {
    const s = await start(schemaServer);
    expect(s.logs.join("")).not.toContain("client cert");
  });

  it("serves plaintext only when PLUGIN_CLIENT_CERT is absent, with an empty cert field", async () => {
    const s = await start(schemaServer, {}, false);
    expect(s.stdout[0]).toMatch(/^1\|6\|unix\|[^|]+\|grpc\|\n$/);
    expect(s.handle.tls).toBe(false);
    const res = await s
      .client({ clientCert: null })
      .unary(
        P("GetProviderSchema"),
        pb.GetProviderSchema_RequestSchema,
        pb.GetProviderSchema_ResponseSchema,
        {},
      );
    expect(res.resourceSchemas.proto_thing).toBeDefined();
  });
});

describe("handlers", () => {
  it("turns a thrown error into an error diagnostic and keeps serving", async () => {
    const s = await start({
      ...schemaServer,
      validateResourceConfig: (req) => {
        throw new Error(`boom in ${req.typeName}`);
      },
    });
    const c = s.client();
    const res = await c.unary(
      P("ValidateResourceConfig"),
      pb.ValidateResourceConfig_RequestSchema,
      pb.ValidateResourceConfig_ResponseSchema,
      {
        typeName: "proto_thing",
      },
    );
    expect(res.diagnostics).toHaveLength(1);
    expect(res.diagnostics[0]?.severity).toBe(pb.Diagnostic_Severity.ERROR);
    expect(res.diagnostics[0]?.summary).toContain("boom in proto_thing");
    const again = await c.unary(
      P("GetProviderSchema"),
      pb.GetProviderSchema_RequestSchema,
      pb.GetProviderSchema_ResponseSchema,
      {},
    );
    expect(again.provider).toBeDefined();
  });

  it("turns an async rejection and a throwing CallFunction into the right error shapes", async () => {
    const s = await start({
      ...schemaServer,
      planResourceChange: async () => {
        throw new TypeError("async nope");
      },
      callFunction: () => {
        throw new Error("fn nope");
      },
    });
    const c = s.client();
    const plan = await c.unary(
      P("PlanResourceChange"),
      pb.PlanResourceChange_RequestSchema,
      pb.PlanResourceChange_ResponseSchema,
      { typeName: "x" },
    );
    expect(plan.diagnostics[0]?.summary).toContain("async nope");
    expect(plan.legacyTypeSystem).toBe(false);
    const fn = await c.unary(
      P("CallFunction"),
      pb.CallFunction_RequestSchema,
      pb.CallFunction_ResponseSchema,
      { name: "upper" },
    );
    expect(fn.error?.text).toContain("fn nope");
  });

  it("passes plain requests with bytes and capabilities, and encodes plain responses", async () => {
    let seen: unknown;
    const s = await start({
      ...schemaServer,
      planResourceChange: (req) => {
        seen = req;
        return {
          plannedState: { msgpack: Uint8Array.of(0x81, 0xa2, 0x69, 0x64, 0xd4, 0, 0) },
          requiresReplace: [
            [
              { kind: "attribute", name: "rule" },
              { kind: "elementKeyInt", key: 1 },
              { kind: "attribute", name: "port" },
            ],
          ],
          plannedPrivate: Uint8Array.of(9),
          diagnostics: [
            {
              severity: "warning",
              summary: "w",
              detail: "d",
              attribute: [{ kind: "elementKeyString", key: "k" }],
            },
          ],
        };
      },
    });
    const res = await s
      .client()
      .unary(
        P("PlanResourceChange"),
        pb.PlanResourceChange_RequestSchema,
        pb.PlanResourceChange_ResponseSchema,
        {
          typeName: "proto_thing",
          priorState: { msgpack: Uint8Array.of(0xc0) },
          proposedNewState: { msgpack: Uint8Array.of(0x80) },
          config: { msgpack: Uint8Array.of(0x80) },
          priorPrivate: Uint8Array.of(1, 2),
          clientCapabilities: { deferralAllowed: true, writeOnlyAttributesAllowed: true },
        },
      );
    expect(seen).toEqual({
      typeName: "proto_thing",
      priorState: { msgpack: Uint8Array.of(0xc0) },
      proposedNewState: { msgpack: Uint8Array.of(0x80) },
      config: { msgpack: Uint8Array.of(0x80) },
      priorPrivate: Uint8Array.of(1, 2),
      plannedPrivate: new Uint8Array(0),
      clientCapabilities: {
        deferralAllowed: true,
        writeOnlyAttributesAllowed: true,
        storePlannedPrivate: false,
        computedBlocksAllowed: false,
      },
    });
    expect(res.plannedState?.msgpack).toEqual(Uint8Array.of(0x81, 0xa2, 0x69, 0x64, 0xd4, 0, 0));
    expect(res.requiresReplace[0]?.steps.map((st) => st.selector)).toEqual([
      { case: "attributeName", value: "rule" },
      { case: "elementKeyInt", value: 1n },
      { case: "attributeName", value: "port" },
    ]);
    expect(res.plannedPrivate).toEqual(Uint8Array.of(9));
    expect(res.diagnostics[0]).toMatchObject({
      severity: pb.Diagnostic_Severity.WARNING,
      summary: "w",
      detail: "d",
    });
    expect(res.diagnostics[0]?.attribute?.steps[0]?.selector).toEqual({
      case: "elementKeyString",
      value: "k",
    });
  });

  it("answers a missing method with a not-supported diagnostic, and optional ones with empty answers", async () => {
    const s = await start(schemaServer);
    const c = s.client();
    const read = await c.unary(
      P("ReadResource"),
      pb.ReadResource_RequestSchema,
      pb.ReadResource_ResponseSchema,
      { typeName: "proto_thing" },
    );
    expect(read.diagnostics[0]?.summary).toBe("ReadResource is not supported by this provider");
    expect(read.diagnostics[0]?.severity).toBe(pb.Diagnostic_Severity.ERROR);
    const ids = await c.unary(
      P("GetResourceIdentitySchemas"),
      pb.GetResourceIdentitySchemas_RequestSchema,
      pb.GetResourceIdentitySchemas_ResponseSchema,
      {},
    );
    expect(ids.diagnostics).toEqual([]);
    const validate = await c.unary(
      P("ValidateProviderConfig"),
      pb.ValidateProviderConfig_RequestSchema,
      pb.ValidateProviderConfig_ResponseSchema,
      {},
    );
    expect(validate.diagnostics).toEqual([]);
    const fn = await c.unary(
      P("CallFunction"),
      pb.CallFunction_RequestSchema,
      pb.CallFunction_ResponseSchema,
      { name: "upper" },
    );
    expect(fn.error?.text).toBe("CallFunction is not supported by this provider");
    const json = new TextEncoder().encode('{"id":"a"}');
    const up = await c.unary(
      P("UpgradeResourceState"),
      pb.UpgradeResourceState_RequestSchema,
      pb.UpgradeResourceState_ResponseSchema,
      {
        typeName: "proto_thing",
        version: 2n,
        rawState: { json },
      },
    );
    expect(up.upgradedState?.json).toEqual(json);
    expect(up.diagnostics).toEqual([]);
  });

  it("answers RPCs newer than 6.9 with UNIMPLEMENTED", async () => {
    const s = await start(schemaServer);
    await expect(s.client().raw(P("ListResource"), new Uint8Array(0))).rejects.toMatchObject({ code: 12 });
  });

  it("rejects a malformed request with INVALID_ARGUMENT and stays up", async () => {
    const s = await start(schemaServer);
    const c = s.client();
    // field 1 (type_name) declared as length-delimited with a length past the end
    await expect(c.raw(P("ValidateResourceConfig"), Uint8Array.of(0x0a, 0x20, 0x41))).rejects.toMatchObject({
      code: 3,
    });
    const ok = await c.unary(
      P("GetProviderSchema"),
      pb.GetProviderSchema_RequestSchema,
      pb.GetProviderSchema_ResponseSchema,
      {},
    );
    expect(ok.provider).toBeDefined();
  });

  it("survives arbitrary request bytes on every RPC (gRPC error or an answer, never a crash)", async () => {
    const fc = await import("fast-check");
    const { PROVIDER_RPCS } = await import("./services.js");
    const s = await start({ ...schemaServer, readResource: (req) => ({ newState: req.currentState }) });
    const c = s.client();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PROVIDER_RPCS),
        fc.uint8Array({ maxLength: 64 }),
        async (rpc, bytes) => {
          if (rpc === "StopProvider") return; // aborts nothing here, but keep the run about decoding
          try {
            await c.raw(P(rpc), bytes);
          } catch (error) {
            expect((error as { code?: number }).code).toBe(3); // INVALID_ARGUMENT
          }
        },
      ),
      { numRuns: 150 },
    );
    const ok = await c.unary(
      P("GetProviderSchema"),
      pb.GetProviderSchema_RequestSchema,
      pb.GetProviderSchema_ResponseSchema,
      {},
    );
    expect(ok.provider).toBeDefined();
  });

  it("reports an unencodable handler response as an error diagnostic", async () => {
    const s = await start({
      ...schemaServer,
      // a path step kind that does not exist
      planResourceChange: () => ({ requiresReplace: [[{ kind: "bogus" } as never]] }),
    });
    const res = await s
      .client()
      .unary(
        P("PlanResourceChange"),
        pb.PlanResourceChange_RequestSchema,
        pb.PlanResourceChange_ResponseSchema,
        {},
      );
    expect(res.diagnostics[0]?.summary).toMatch(/^Invalid PlanResourceChange response/);
  });

  it("hands handlers a logger with tf_rpc bound", async () => {
    const s = await start({
      ...schemaServer,
      configureProvider: (req, ctx) => {
        ctx.logger.info("configuring", { version: req.terraformVersion, api_key: "hidden" });
        return {};
      },
    });
    await s
      .client()
      .unary(
        P("ConfigureProvider"),
        pb.ConfigureProvider_RequestSchema,
        pb.ConfigureProvider_ResponseSchema,
        {
          terraformVersion: "1.11.4",
        },
      );
    const line = s.logs.map((l) => JSON.parse(l)).find((l) => l["@message"] === "configuring");
    expect(line).toMatchObject({
      tf_rpc: "ConfigureProvider",
      version: "1.11.4",
      api_key: "***",
      "@level": "info",
    });
  });
});

describe("transport limits and listener options", () => {
  it("accepts and sends messages larger than grpc-js's 4 MiB default (limit 256 MiB)", async () => {
    const big = new Uint8Array(6 * 1024 * 1024).fill(0xa1);
    const s = await start({
      ...schemaServer,
      readResource: (req) => ({ newState: req.currentState }),
    });
    const res = await s
      .client()
      .unary(P("ReadResource"), pb.ReadResource_RequestSchema, pb.ReadResource_ResponseSchema, {
        typeName: "proto_thing",
        currentState: { msgpack: big },
      });
    expect(res.newState?.msgpack.length).toBe(big.length);
  });

  it("serves concurrent calls on one connection", async () => {
    const s = await start({
      ...schemaServer,
      validateResourceConfig: async (req) => {
        await new Promise((r) => setTimeout(r, 20));
        return { diagnostics: [{ severity: "warning", summary: req.typeName }] };
      },
    });
    const c = s.client();
    const names = Array.from({ length: 10 }, (_, i) => `t${i}`);
    const started = performance.now();
    const results = await Promise.all(
      names.map((typeName) =>
        c.unary(
          P("ValidateResourceConfig"),
          pb.ValidateResourceConfig_RequestSchema,
          pb.ValidateResourceConfig_ResponseSchema,
          { typeName },
        ),
      ),
    );
    expect(results.map((r) => r.diagnostics[0]?.summary)).toEqual(names);
    expect(performance.now() - started).toBeLessThan(10 * 20);
  });

  it("puts the socket in PLUGIN_UNIX_SOCKET_DIR and applies PLUGIN_UNIX_SOCKET_GROUP (0660)", async () => {
    const { mkdtempSync, statSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "tfkit-sock-"));
    try {
      const gid = process.getgid?.() ?? 0;
      const s = await start(schemaServer, {
        env: {
          TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
          PLUGIN_PROTOCOL_VERSIONS: "6",
          PLUGIN_CLIENT_CERT: terraformCert.certPem,
          PLUGIN_UNIX_SOCKET_DIR: dir,
          PLUGIN_UNIX_SOCKET_GROUP: String(gid),
        },
      });
      expect(s.handle.listen.address.startsWith(join(dir, "plugin"))).toBe(true);
      const st = statSync(s.handle.listen.address);
      expect(st.isSocket()).toBe(true);
      expect(st.mode & 0o777).toBe(0o660);
      expect(st.gid).toBe(gid);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("warns (and still answers 6) when Terraform does not offer protocol 6", async () => {
    const s = await start(schemaServer, {
      env: { TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "5" },
    });
    expect(s.stdout[0]).toMatch(/^1\|6\|/);
    expect(s.logs.join("")).toContain("did not offer protocol 6");
  });
});

describe("lifecycle", () => {
  it("StopProvider aborts the signal of in-flight calls", async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => {
      entered = r;
    });
    let stopHandlerCalled = false;
    const s = await start({
      ...schemaServer,
      readDataSource: async (_req, ctx) => {
        entered();
        await new Promise<void>((resolve) =>
          ctx.signal.addEventListener("abort", () => resolve(), { once: true }),
        );
        return {
          diagnostics: [{ severity: "error", summary: `aborted: ${(ctx.signal.reason as Error).message}` }],
        };
      },
      stopProvider: (_req, ctx) => {
        stopHandlerCalled = true;
        expect(ctx.signal.aborted).toBe(false);
        return {};
      },
    });
    const c = s.client();
    const pending = c.unary(
      P("ReadDataSource"),
      pb.ReadDataSource_RequestSchema,
      pb.ReadDataSource_ResponseSchema,
      { typeName: "d" },
    );
    await inHandler;
    const stop = await c.unary(
      P("StopProvider"),
      pb.StopProvider_RequestSchema,
      pb.StopProvider_ResponseSchema,
      {},
    );
    expect(stop.Error).toBe("");
    expect(stopHandlerCalled).toBe(true);
    const res = await pending;
    expect(res.diagnostics[0]?.summary).toMatch(/^aborted: StopProvider/);
    // the server keeps serving after a stop
    const ok = await c.unary(
      P("GetProviderSchema"),
      pb.GetProviderSchema_RequestSchema,
      pb.GetProviderSchema_ResponseSchema,
      {},
    );
    expect(ok.provider).toBeDefined();
  });

  it("GRPCController.Shutdown replies, stops the server, removes the socket and exits 0", async () => {
    const s = await start(schemaServer);
    const c = s.client();
    await c.unary("/plugin.GRPCController/Shutdown", controller.EmptySchema, controller.EmptySchema, {});
    expect(await s.handle.stopped).toBe("GRPCController.Shutdown");
    await new Promise((r) => setTimeout(r, 10));
    expect(s.exitCodes).toEqual([0]);
    expect(existsSync(s.handle.listen.address)).toBe(false);
  });

  it("reports the health of the 'plugin' service as SERVING", async () => {
    const s = await start(schemaServer);
    const c = s.client();
    const res = await c.unary(
      "/grpc.health.v1.Health/Check",
      health.HealthCheckRequestSchema,
      health.HealthCheckResponseSchema,
      { service: "plugin" },
    );
    expect(res.status).toBe(health.HealthCheckResponse_ServingStatus.SERVING);
    await expect(
      c.unary(
        "/grpc.health.v1.Health/Check",
        health.HealthCheckRequestSchema,
        health.HealthCheckResponseSchema,
        { service: "nope" },
      ),
    ).rejects.toMatchObject({ code: 5 });
  });

  it("in debug mode prints TF_REATTACH_PROVIDERS and serves plaintext without the cookie", async () => {
    const s = await start(schemaServer, {
      debug: true,
      providerAddress: "example.test/acme/proto",
      env: { PLUGIN_CLIENT_CERT: terraformCert.certPem },
    });
    const out = s.stdout.join("");
    const json = /TF_REATTACH_PROVIDERS='([^']+)'/.exec(out)?.[1] ?? "";
    expect(JSON.parse(json)).toEqual({
      "example.test/acme/proto": {
        Protocol: "grpc",
        ProtocolVersion: 6,
        Pid: process.pid,
        Test: true,
        Addr: { Network: "unix", String: s.handle.listen.address },
      },
    });
    expect(s.handle.tls).toBe(false);
    const res = await s
      .client({ clientCert: null })
      .unary(
        P("GetProviderSchema"),
        pb.GetProviderSchema_RequestSchema,
        pb.GetProviderSchema_ResponseSchema,
        {},
      );
    expect(res.provider).toBeDefined();
  });

  it("falls back to TCP on loopback within PLUGIN_MIN_PORT..PLUGIN_MAX_PORT", async () => {
    const s = await start(schemaServer, {
      network: "tcp",
      env: {
        TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
        PLUGIN_PROTOCOL_VERSIONS: "6",
        PLUGIN_CLIENT_CERT: terraformCert.certPem,
        PLUGIN_MIN_PORT: "23100",
        PLUGIN_MAX_PORT: "23199",
      },
    });
    expect(s.handle.listen.network).toBe("tcp");
    const port = Number(s.handle.listen.address.split(":")[1]);
    expect(s.handle.listen.address.startsWith("127.0.0.1:")).toBe(true);
    expect(port).toBeGreaterThanOrEqual(23100);
    expect(port).toBeLessThanOrEqual(23199);
    expect(s.stdout[0]).toContain(`|tcp|127.0.0.1:${port}|grpc|`);
    const res = await s
      .client()
      .unary(
        P("GetProviderSchema"),
        pb.GetProviderSchema_RequestSchema,
        pb.GetProviderSchema_ResponseSchema,
        {},
      );
    expect(res.provider).toBeDefined();
  });
});

describe("request framing (raw HTTP/2 frames with lying length prefixes)", () => {
  const MiB = 1024 * 1024;
  const started = () => start(schemaServer, {}, false);
  const logged = (s: Started, message: string) =>
    s.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e["@message"] === message);

  it.each([
    ["300 MiB", 300 * MiB],
    ["the limit + 1", MAX_MESSAGE_BYTES + 1],
    ["4 GiB - 1", 0xffffffff],
  ])("answers a length prefix over the 256 MiB limit (%s) RESOURCE_EXHAUSTED", async (_, prefix) => {
    const s = await started();
    for (const endStream of [true, false]) {
      const answer = await rawGrpcCall(
        s.handle.listen,
        P("PlanResourceChange"),
        grpcFrame(prefix, new Uint8Array(10)),
        {
          endStream,
        },
      );
      expect(answer).toEqual({
        code: 8, // RESOURCE_EXHAUSTED
        message: `Received message larger than max (${prefix} vs ${MAX_MESSAGE_BYTES})`,
      });
    }
  });

  it.each([
    ["200 MiB", 200 * MiB],
    ["exactly the limit", MAX_MESSAGE_BYTES],
    ["100 bytes", 100],
  ])(
    "answers a prefix within the limit (%s) whose bytes never come INVALID_ARGUMENT, not UNIMPLEMENTED",
    async (_, prefix) => {
      const s = await started();
      const answer = await rawGrpcCall(
        s.handle.listen,
        P("ApplyResourceChange"),
        grpcFrame(prefix, new Uint8Array(10)),
      );
      expect(answer.code).toBe(3); // INVALID_ARGUMENT
      expect(answer.message).toContain("ended before a whole message arrived");
      expect(logged(s, "refused a malformed request")[0]).toMatchObject({
        "@level": "error",
        grpc_method: "/tfplugin6.Provider/ApplyResourceChange",
      });
      expect(logged(s, "received request")).toEqual([]); // no handler ran
    },
  );

  it("answers a request with no message, or with two, INVALID_ARGUMENT", async () => {
    const s = await started();
    const none = await rawGrpcCall(s.handle.listen, P("GetProviderSchema"), new Uint8Array(0));
    expect(none.code).toBe(3);
    expect(none.message).toContain("or no message at all");
    const two = await rawGrpcCall(
      s.handle.listen,
      P("GetProviderSchema"),
      Buffer.concat([grpcFrame(0), grpcFrame(3, Uint8Array.of(1, 2, 3))]),
    );
    expect(two.code).toBe(3);
    expect(two.message).toContain("received a second one");
  });

  it("still answers a well-framed request, an unknown method UNIMPLEMENTED, and stays up", async () => {
    const s = await started();
    await rawGrpcCall(s.handle.listen, P("ReadResource"), grpcFrame(200 * MiB, new Uint8Array(10)));
    expect(await rawGrpcCall(s.handle.listen, P("GetProviderSchema"), grpcFrame(0))).toEqual({
      code: 0,
      message: "OK",
    });
    expect((await rawGrpcCall(s.handle.listen, P("ListResource"), grpcFrame(0))).code).toBe(12);
    const ok = await s
      .client({ clientCert: null })
      .unary(
        P("GetProviderSchema"),
        pb.GetProviderSchema_RequestSchema,
        pb.GetProviderSchema_ResponseSchema,
        {},
      );
    expect(ok.provider).toBeDefined();
  });
});
