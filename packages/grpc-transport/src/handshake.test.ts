import { describe, expect, it } from "vitest";
import {
  MAGIC_COOKIE_KEY,
  formatHandshakeLine,
  hasMagicCookie,
  negotiateProtocolVersion,
  reattachProvidersJson,
} from "./handshake.js";

describe("formatHandshakeLine", () => {
  it("writes CORE|APP|NETWORK|ADDRESS|PROTOCOL|SERVERCERT with exactly six fields", () => {
    const line = formatHandshakeLine({ network: "unix", address: "/tmp/plugin123" }, 6, "MIIBcert");
    expect(line).toBe("1|6|unix|/tmp/plugin123|grpc|MIIBcert");
    expect(line.split("|")).toHaveLength(6);
  });

  it("leaves the cert field empty without AutoMTLS (the sixth field is still there)", () => {
    expect(formatHandshakeLine({ network: "tcp", address: "127.0.0.1:10000" }, 6, "")).toBe(
      "1|6|tcp|127.0.0.1:10000|grpc|",
    );
  });

  it("refuses addresses that would break the line", () => {
    expect(() => formatHandshakeLine({ network: "unix", address: "/tmp/a|b" }, 6, "")).toThrow();
    expect(() => formatHandshakeLine({ network: "unix", address: "/tmp/a\nb" }, 6, "")).toThrow();
  });
});

describe("negotiateProtocolVersion", () => {
  it("picks 6 whatever the order Terraform sends", () => {
    expect(negotiateProtocolVersion({ PLUGIN_PROTOCOL_VERSIONS: "5,6" })).toEqual({
      version: 6,
      offered: true,
    });
    expect(negotiateProtocolVersion({ PLUGIN_PROTOCOL_VERSIONS: "6,5" })).toEqual({
      version: 6,
      offered: true,
    });
    expect(negotiateProtocolVersion({ PLUGIN_PROTOCOL_VERSIONS: " 6 " })).toEqual({
      version: 6,
      offered: true,
    });
  });

  it("still answers 6 when not offered, so the client reports the mismatch", () => {
    expect(negotiateProtocolVersion({ PLUGIN_PROTOCOL_VERSIONS: "5" })).toEqual({
      version: 6,
      offered: false,
    });
    expect(negotiateProtocolVersion({})).toEqual({ version: 6, offered: false });
  });
});

describe("hasMagicCookie", () => {
  it("accepts only Terraform's exact cookie", () => {
    expect(
      hasMagicCookie({
        [MAGIC_COOKIE_KEY]: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
      }),
    ).toBe(true);
    expect(hasMagicCookie({ [MAGIC_COOKIE_KEY]: "d602bf8f" })).toBe(false);
    expect(hasMagicCookie({})).toBe(false);
  });
});

describe("reattachProvidersJson", () => {
  it("produces the TF_REATTACH_PROVIDERS shape Terraform parses, with Test:true and protocol 6", () => {
    const json = reattachProvidersJson(
      "example.test/acme/proto",
      { network: "unix", address: "/tmp/plugin8" },
      12345,
    );
    expect(JSON.parse(json)).toEqual({
      "example.test/acme/proto": {
        Protocol: "grpc",
        ProtocolVersion: 6,
        Pid: 12345,
        Test: true,
        Addr: { Network: "unix", String: "/tmp/plugin8" },
      },
    });
  });
});
