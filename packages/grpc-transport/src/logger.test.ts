import { describe, expect, it } from "vitest";
import { createLogger, formatHclogTimestamp, logLevelFromEnv } from "./logger.js";

function capture(options: Parameters<typeof createLogger>[0] = {}) {
  const lines: string[] = [];
  const logger = createLogger({
    level: "trace",
    nowMicros: () => 1_795_000_000_123_456,
    ...options,
    write: (l) => lines.push(l),
  });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe("formatHclogTimestamp", () => {
  it("has exactly six fractional digits and a Z suffix (hclog TimeFormatJSON)", () => {
    expect(formatHclogTimestamp(Date.UTC(2026, 10, 21, 17, 29, 21) * 1000 + 787_000)).toBe(
      "2026-11-21T17:29:21.787000Z",
    );
    expect(formatHclogTimestamp(Date.UTC(2026, 0, 2, 3, 4, 5) * 1000 + 7)).toBe(
      "2026-01-02T03:04:05.000007Z",
    );
    expect(formatHclogTimestamp(Date.UTC(2026, 0, 2, 3, 4, 5) * 1000 + 999_999)).toBe(
      "2026-01-02T03:04:05.999999Z",
    );
  });

  it("uses the real clock by default with 6 digits", () => {
    const lines: string[] = [];
    const real = createLogger({ level: "info", write: (l) => lines.push(l) });
    real.info("x");
    expect(JSON.parse(lines[0] ?? "{}")["@timestamp"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });
});

describe("createLogger", () => {
  it("writes one JSON object per line with string @level/@message/@timestamp/@module and fields", () => {
    const { logger, lines, parsed } = capture({ module: "provider.demo" });
    logger.debug("rpc PlanResourceChange", { tf_rpc: "PlanResourceChange", count: 3 });
    expect(lines[0]?.endsWith("\n")).toBe(true);
    expect(lines[0]?.slice(0, -1)).not.toContain("\n");
    const [line] = parsed();
    expect(line).toEqual({
      "@level": "debug",
      "@message": "rpc PlanResourceChange",
      "@module": "provider.demo",
      "@timestamp": formatHclogTimestamp(1_795_000_000_123_456),
      tf_rpc: "PlanResourceChange",
      count: 3,
    });
  });

  it("never lets a field overwrite the reserved keys (a non-string @message crashes Terraform)", () => {
    const { logger, parsed } = capture();
    logger.info("hello", { "@message": 5, "@level": null, "@timestamp": 1 });
    const [line] = parsed();
    expect(line?.["@message"]).toBe("hello");
    expect(line?.["@level"]).toBe("info");
    expect(typeof line?.["@timestamp"]).toBe("string");
  });

  it("filters by level", () => {
    const { logger, parsed } = capture({ level: "warn" });
    logger.trace("t");
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    expect(parsed().map((l) => l["@level"])).toEqual(["warn", "error"]);
    expect(logger.isEnabled("info")).toBe(false);
    expect(logger.isEnabled("error")).toBe(true);
  });

  it("writes nothing when off", () => {
    const { logger, lines } = capture({ level: "off" });
    logger.error("e");
    expect(lines).toEqual([]);
  });

  it("masks sensitive field names by default, nested too", () => {
    const { logger, parsed } = capture();
    logger.info("configured", {
      api_token: "s3cr3t",
      password: "p",
      endpoint: "https://x",
      nested: { client_secret: "z", ok: 1 },
    });
    const [line] = parsed();
    expect(line?.api_token).toBe("***");
    expect(line?.password).toBe("***");
    expect(line?.endpoint).toBe("https://x");
    expect(line?.nested).toEqual({ client_secret: "***", ok: 1 });
  });

  it("masks configurable field names and message patterns", () => {
    const { logger, parsed } = capture({ maskFields: ["region"], maskPatterns: [/AKIA[0-9A-Z]{16}/] });
    logger.info("key AKIAABCDEFGHIJKLMNOP used", {
      region: "eu",
      note: "AKIAABCDEFGHIJKLMNOP",
      password: "kept: not in the list",
    });
    const [line] = parsed();
    expect(line?.["@message"]).toBe("key *** used");
    expect(line?.region).toBe("***");
    expect(line?.note).toBe("***");
    expect(line?.password).toBe("kept: not in the list");
  });

  it("serialises awkward values without throwing", () => {
    const { logger, parsed } = capture();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    logger.info("values", {
      big: 10n ** 20n,
      err: new Error("bad"),
      bytes: new Uint8Array(3),
      undef: undefined,
      cyclic,
    });
    const [line] = parsed();
    expect(line?.big).toBe("100000000000000000000");
    expect(line?.err).toBe("bad");
    expect(line?.bytes).toBe("<3 bytes>");
    expect(line?.undef).toBeNull();
  });

  it("derives loggers with bound fields and sub-modules", () => {
    const { logger, parsed } = capture({ module: "provider" });
    logger.named("sdk").with({ tf_rpc: "ReadResource" }).info("x", { extra: true });
    expect(parsed()[0]).toMatchObject({ "@module": "provider.sdk", tf_rpc: "ReadResource", extra: true });
  });
});

describe("logLevelFromEnv", () => {
  it("follows Terraform: TF_LOG_PROVIDER, else TF_LOG, else off", () => {
    expect(logLevelFromEnv({})).toBe("off");
    expect(logLevelFromEnv({ TF_LOG: "DEBUG" })).toBe("debug");
    expect(logLevelFromEnv({ TF_LOG: "DEBUG", TF_LOG_PROVIDER: "warn" })).toBe("warn");
    expect(logLevelFromEnv({ TF_LOG: "JSON" })).toBe("trace");
    expect(logLevelFromEnv({ TF_LOG: "nonsense" })).toBe("trace");
    expect(logLevelFromEnv({ TF_LOG: "off" })).toBe("off");
  });
});
