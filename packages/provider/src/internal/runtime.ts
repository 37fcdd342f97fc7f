import { formatViolation, toDiagnostics, type Violation } from "@tfkit/contracts";
import type { Type } from "@tfkit/cty-values";
import type {
  ClientCapabilities,
  DeferredReason,
  Diagnostic as WireDiagnostic,
  Logger,
} from "@tfkit/grpc-transport";
import type { Diagnostic } from "@tfkit/schema";
import { Diagnostics, toWire } from "../diagnostics.js";
import { ProviderError } from "../errors.js";

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

/**
 * @internal Reports contract violations: error diagnostics naming attribute, rule and origin in
 * strict mode, warning log lines otherwise.
 */
export function reportViolations(
  rt: Runtime,
  logger: Logger,
  typeName: string,
  check: () => readonly Violation[],
  origin: (v: Violation) => string,
  out: Diagnostic[],
): void {
  // Outside strict mode a violation is only a warning log line: when nobody would see it (no
  // TF_LOG at warn or finer), the checks are not worth their time.
  if (!rt.strict && !logger.isEnabled("warn")) return;
  const violations = check();
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
