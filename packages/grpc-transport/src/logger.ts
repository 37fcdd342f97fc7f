/**
 * A log level, as hclog and Terraform's `TF_LOG` name them.
 *
 * @remarks go-hclog levels `trace`, `debug`, `info`, `warn`, `error`, plus `off`.
 * @category models
 */
export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "off";

const LEVEL_RANK: Readonly<Record<LogLevel, number>> = {
  trace: 1,
  debug: 2,
  info: 3,
  warn: 4,
  error: 5,
  off: 6,
};

/**
 * Structured key/value fields attached to a log line.
 *
 * @remarks Every key becomes a top-level JSON key next to `@message`; Terraform re-logs them as
 * hclog key/value pairs.
 * @category models
 */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * A leveled, structured logger writing hclog JSON lines that Terraform shows under `TF_LOG`.
 *
 * @remarks Shaped like go-hclog's `Logger` / terraform-plugin-log's `tflog`.
 * @category models
 */
export interface Logger {
  /** The minimum level this logger writes. */
  readonly level: LogLevel;
  /** Logs at TRACE. */
  trace(message: string, fields?: LogFields): void;
  /** Logs at DEBUG. */
  debug(message: string, fields?: LogFields): void;
  /** Logs at INFO. */
  info(message: string, fields?: LogFields): void;
  /** Logs at WARN. */
  warn(message: string, fields?: LogFields): void;
  /** Logs at ERROR. */
  error(message: string, fields?: LogFields): void;
  /** A logger that adds these fields to every line. */
  with(fields: LogFields): Logger;
  /** A logger whose `@module` has `.name` appended. */
  named(name: string): Logger;
  /** Whether a line at this level would be written. */
  isEnabled(level: Exclude<LogLevel, "off">): boolean;
}

/**
 * Options of {@link createLogger}.
 *
 * @remarks Defaults follow Terraform's conventions for provider logs.
 * @category models
 */
export interface LoggerOptions {
  /** Minimum level. Default: {@link logLevelFromEnv} of `process.env`. */
  readonly level?: LogLevel;
  /** The `@module` field. Default `"provider"`. */
  readonly module?: string;
  /** Where lines go. Default: `process.stderr` (never stdout: stdout carries the handshake). */
  readonly write?: (line: string) => void;
  /**
   * Field names whose values are replaced by `***`: exact names or regular expressions.
   * Default: {@link DEFAULT_MASKED_FIELDS}.
   */
  readonly maskFields?: readonly (string | RegExp)[];
  /** Regular expressions whose matches in messages and string field values become `***`. */
  readonly maskPatterns?: readonly RegExp[];
  /** Clock, for tests. Returns microseconds since the epoch. */
  readonly nowMicros?: () => number;
}

/**
 * Field names masked by default: anything that looks like a secret.
 *
 * @remarks Matched case-insensitively against every field key (nested keys too).
 * @category models
 */
export const DEFAULT_MASKED_FIELDS: readonly RegExp[] = [
  /passw(or)?d/i,
  /secret/i,
  /token/i,
  /api[_-]?key/i,
  /private[_-]?key/i,
  /credential/i,
];

const MASK = "***";

/**
 * Reads the provider log level from the environment as Terraform does.
 *
 * @remarks `TF_LOG_PROVIDER`, else `TF_LOG`; empty → `off`; `JSON` → `trace`; an unrecognised
 * value → `trace` (Terraform's internal/logging/logging.go does the same).
 * @category conversion
 */
export function logLevelFromEnv(env: Readonly<Record<string, string | undefined>>): LogLevel {
  const raw = (env.TF_LOG_PROVIDER || env.TF_LOG || "").trim().toLowerCase();
  if (raw === "") return "off";
  if (raw === "json") return "trace";
  if (raw in LEVEL_RANK) return raw as LogLevel;
  return "trace";
}

/**
 * The hclog JSON timestamp: RFC 3339 in UTC with exactly six fractional digits.
 *
 * @remarks go-hclog `TimeFormatJSON = "2006-01-02T15:04:05.000000Z07:00"`. go-plugin fails to parse
 * JS's 3-digit `toISOString()` and then drops the line's level.
 * @category encoding
 */
export function formatHclogTimestamp(micros: number): string {
  const whole = Math.floor(micros);
  const ms = Math.floor(whole / 1000);
  const iso = new Date(ms).toISOString(); // 2026-11-21T17:29:21.787Z
  const fraction = String(whole % 1_000_000).padStart(6, "0");
  return `${iso.slice(0, 19)}.${fraction}Z`;
}

function defaultNowMicros(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}

interface LoggerCore {
  readonly level: LogLevel;
  readonly write: (line: string) => void;
  readonly maskFields: readonly (string | RegExp)[];
  readonly maskPatterns: readonly RegExp[];
  readonly nowMicros: () => number;
}

/**
 * Creates an hclog-JSON logger (one JSON object per line on stderr).
 *
 * @remarks Every line has string `@level`, `@message`, `@timestamp` (a non-string value there
 * crashes Terraform) and `@module`, plus the structured fields. Sensitive fields are masked.
 * @example
 * ```ts
 * const log = createLogger({ module: "provider.demo" });
 * log.debug("configured", { endpoint: "https://example.test", api_token: "s3cr3t" });
 * // {"@level":"debug","@message":"configured","@module":"provider.demo","@timestamp":"…","api_token":"***","endpoint":"…"}
 * ```
 * @category constructors
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const core: LoggerCore = {
    level: options.level ?? logLevelFromEnv(process.env),
    write: options.write ?? ((line) => void process.stderr.write(line)),
    maskFields: options.maskFields ?? DEFAULT_MASKED_FIELDS,
    maskPatterns: options.maskPatterns ?? [],
    nowMicros: options.nowMicros ?? defaultNowMicros,
  };
  return makeLogger(core, options.module ?? "provider", {});
}

function fieldIsMasked(core: LoggerCore, key: string): boolean {
  return core.maskFields.some((m) => (typeof m === "string" ? m === key : m.test(key)));
}

function maskString(core: LoggerCore, s: string): string {
  let out = s;
  for (const re of core.maskPatterns)
    out = out.replace(re.global ? re : new RegExp(re.source, `${re.flags}g`), MASK);
  return out;
}

function sanitize(core: LoggerCore, value: unknown, depth: number): unknown {
  if (typeof value === "string") return maskString(core, value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number" || typeof value === "boolean" || value === null) return value;
  if (value === undefined) return null;
  if (value instanceof Error) return maskString(core, value.message);
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  if (typeof value === "function" || typeof value === "symbol") return String(value);
  if (depth > 8) return "<nested too deep>";
  if (Array.isArray(value)) return value.map((v) => sanitize(core, v, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = fieldIsMasked(core, k) ? MASK : sanitize(core, v, depth + 1);
    return out;
  }
  return String(value);
}

const RESERVED = new Set(["@level", "@message", "@timestamp", "@module"]);

function makeLogger(core: LoggerCore, module: string, bound: LogFields): Logger {
  const rank = LEVEL_RANK[core.level];
  const emit = (level: Exclude<LogLevel, "off">, message: string, fields?: LogFields): void => {
    if (LEVEL_RANK[level] < rank) return;
    const line: Record<string, unknown> = {
      "@level": level,
      "@message": maskString(core, String(message)),
      "@module": module,
      "@timestamp": formatHclogTimestamp(core.nowMicros()),
    };
    for (const source of [bound, fields]) {
      if (source === undefined) continue;
      for (const [k, v] of Object.entries(source)) {
        if (RESERVED.has(k)) continue;
        line[k] = fieldIsMasked(core, k) ? MASK : sanitize(core, v, 0);
      }
    }
    let text: string;
    try {
      text = JSON.stringify(line);
    } catch {
      text = JSON.stringify({
        "@level": level,
        "@message": String(message),
        "@module": module,
        "@timestamp": line["@timestamp"],
      });
    }
    try {
      core.write(`${text}\n`);
    } catch {
      // stderr closed (parent gone): nothing useful to do.
    }
  };
  return {
    level: core.level,
    trace: (m, f) => emit("trace", m, f),
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    with: (fields) => makeLogger(core, module, { ...bound, ...fields }),
    named: (name) => makeLogger(core, `${module}.${name}`, bound),
    isEnabled: (level) => LEVEL_RANK[level] >= rank,
  };
}
