import { formatViolation, toDiagnostics, type Violation } from "@tfkit/contracts";
import { isCtyError, type Path, type Type } from "@tfkit/cty-values";
import type {
  CallContext,
  ClientCapabilities,
  DeferredReason,
  Diagnostic as WireDiagnostic,
  Logger,
} from "@tfkit/grpc-transport";
import { type Diagnostic, toPath } from "@tfkit/schema";
import { Diagnostics, toWire } from "../diagnostics.js";
import { isProviderError, ProviderError } from "../errors.js";
import { DecodeError } from "./codec.js";
import { decodePrivate } from "./private-state.js";

/** @internal Provider-wide settings and state the RPC implementations share. */
export interface Runtime {
  /** Contract violations are errors (else warning log lines). */
  readonly strict: boolean;
  /** The provider source address used in contract wording. */
  readonly providerAddress: string;
  /** How long a hook may run on after its timeout aborted its signal. */
  readonly timeoutGraceMs: number;
  /** The configured client; throws "Provider not configured" when configure has not run. */
  client(): unknown;
}

/** @internal Turns a thrown value into a diagnostic naming the hook. */
export function thrownDiagnostic(hook: string, typeName: string, e: unknown): Diagnostic {
  if (isProviderError(e)) {
    const d: { severity: "error"; summary: string; detail?: string; path?: Path } = {
      severity: "error",
      summary: e.summary,
    };
    if (e.detail !== "") d.detail = e.detail;
    if (e.path !== undefined) {
      try {
        d.path = toPath(e.path);
      } catch {
        // a bad path must not hide the error itself
      }
    }
    return d;
  }
  if (e instanceof DecodeError) {
    const d: { severity: "error"; summary: string; detail: string; path?: Path } = {
      severity: "error",
      summary: "Invalid value from Terraform",
      detail: `${typeName}: ${e.message}`,
    };
    if (e.path !== undefined) d.path = e.path;
    return d;
  }
  if (isAbort(e)) {
    return {
      severity: "error",
      summary: `${hook} was cancelled`,
      detail: `The ${hook} hook of ${typeName} stopped because the operation was cancelled: ${messageOf(e)}`,
    };
  }
  const message = messageOf(e);
  const stack = e instanceof Error && e.stack !== undefined ? `\n\n${e.stack}` : "";
  return {
    severity: "error",
    summary: `Unexpected error in ${hook}`,
    detail: `The ${hook} hook of ${typeName} threw: ${message}${stack}`,
  };
}

/** @internal A handler result that does not fit the schema/phase: error with the model path. */
export function resultDiagnostic(hook: string, typeName: string, what: string, e: unknown): Diagnostic {
  const path = isCtyError(e) ? e.path : undefined;
  const raw = isCtyError(e) ? e.rawMessage : messageOf(e);
  const where = path !== undefined && path.length > 0 ? ` at ${formatPathSafe(path)}` : "";
  const d: { severity: "error"; summary: string; detail: string; path?: Path } = {
    severity: "error",
    summary: `Invalid ${what} from ${hook}`,
    detail: `The ${hook} hook of ${typeName} returned ${what === "state" ? "a state" : `a ${what}`} that does not fit the schema${where}: ${raw}.\n\nThis is a bug in the provider.`,
  };
  if (path !== undefined && path.length > 0) d.path = path;
  return d;
}

function formatPathSafe(path: Path): string {
  return path
    .map((s) =>
      s.kind === "attribute"
        ? `.${s.name}`
        : `[${s.key.isKnown() && s.key.type.kind === "string" ? JSON.stringify(s.key.asString()) : s.key.isKnown() && s.key.type.kind === "number" ? s.key.asNumber().text() : "…"}]`,
    )
    .join("");
}

function isAbort(e: unknown): boolean {
  return (
    typeof e === "object" &&
    e !== null &&
    "name" in e &&
    ((e as { name: unknown }).name === "AbortError" || (e as { name: unknown }).name === "TimeoutError")
  );
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * @internal Reports contract violations: error diagnostics naming attribute, rule and origin in
 * strict mode, warning log lines otherwise.
 */
export function reportViolations(
  rt: Runtime,
  logger: Logger,
  typeName: string,
  violations: readonly Violation[],
  origin: (v: Violation) => string,
  out: Diagnostic[],
): void {
  if (violations.length === 0) return;
  for (const v of violations) {
    const who = origin(v);
    if (rt.strict) {
      const [d] = toDiagnostics([v], {
        resourceAddress: typeName,
        provider: rt.providerAddress,
        origin: who,
      });
      if (d !== undefined) {
        out.push({
          severity: "error",
          summary: `${d.summary} (tfkit strict mode: ${v.rule} in ${who})`,
          detail: d.detail,
          path: d.path,
        });
      }
    } else {
      logger.warn("provider answer breaks a Terraform contract", {
        tf_resource_type: typeName,
        rule: v.rule,
        stage: v.stage,
        origin: who,
        violation: formatViolation(v),
      });
    }
  }
}

/** @internal Private state: decoded JSON, validated by the resource's parser. */
export function readPrivate(
  bytes: Uint8Array | undefined,
  parser: { parse(json: unknown): unknown } | undefined,
): unknown {
  const json = decodePrivate(bytes);
  if (json === undefined || parser === undefined) return json;
  return parser.parse(json);
}

/** @internal A mutable holder for a hook's private state. */
export class PrivateHolder {
  value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

/** @internal Builds the common parts of a hook context. */
export function hookBase(call: CallContext, signal: AbortSignal, diagnostics: Diagnostics) {
  return { signal, logger: call.logger, diagnostics };
}

/** @internal Defines a `client` getter that asks the runtime lazily. */
export function withClient<T extends object>(rt: Runtime, target: T): T {
  Object.defineProperty(target, "client", { get: () => rt.client(), enumerable: true });
  return target;
}

/** @internal Collects diagnostics into wire form. */
export function wire(diags: readonly Diagnostic[], type?: Type): WireDiagnostic[] {
  return toWire(diags, type);
}

/** @internal Unconfigured-provider error for `ctx.client`. */
export function notConfigured(): ProviderError {
  return new ProviderError("Provider not configured", {
    detail:
      "This operation needs the provider's client, but ConfigureProvider has not run in this provider process. " +
      "This happens when a hook that runs on an unconfigured provider (validation, functions) reads ctx.client.",
  });
}

export { Diagnostics };

/** @internal A hook's deferral: the context part and the reason it chose (if any). */
export interface Deferral {
  readonly context: { readonly deferralAllowed: boolean; defer(reason: DeferredReason): void };
  reason: DeferredReason | undefined;
}

/** @internal Builds the deferral part of a context; deferring when not allowed is an error. */
export function deferral(
  caps: ClientCapabilities | undefined,
  hook: string,
  diagnostics: Diagnostics,
): Deferral {
  const allowed = caps?.deferralAllowed === true;
  const d: Deferral = {
    reason: undefined,
    context: {
      deferralAllowed: allowed,
      defer(reason: DeferredReason) {
        if (!allowed) {
          diagnostics.error(
            "Deferral not allowed",
            `The ${hook} hook deferred (${reason}), but Terraform did not enable deferred actions (-allow-deferral). Check ctx.deferralAllowed first.`,
          );
          return;
        }
        d.reason = reason;
      },
    },
  };
  return d;
}
