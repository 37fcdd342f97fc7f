import { formatPath, goQuote, type Path } from "@tfkit/cty-values";
import type { Diagnostic } from "@tfkit/schema";
import { pathGoString } from "./internal/values.js";
import { ContractRule, type ContractStage, formatViolation, type Violation } from "./violation.js";

/**
 * Who and what a diagnostic is about; fills the blanks of core's wording.
 * @category models
 */
export interface DiagnosticContext {
  /** The resource instance address, e.g. `demo_server.web` or `module.a.demo_server.web[0]`. */
  readonly resourceAddress: string;
  /** The provider's source address, e.g. `registry.terraform.io/tfkit/demo`. */
  readonly provider: string;
  /**
   * The provider configuration address core prints in apply-time messages; default
   * `provider["<provider>"]` (the default, unaliased configuration).
   */
  readonly providerConfig?: string;
  /** The provider type name used by upgrade messages; default the resource type's prefix (`demo`). */
  readonly providerType?: string;
  /** Which hook produced the checked value (`"create"`, `"modifyPlan"`, …); added to the detail. */
  readonly origin?: string;
  /** Append a line naming the rule (and origin) to the detail (default `true`). */
  readonly annotate?: boolean;
}

/**
 * A Terraform-shaped error diagnostic for a broken contract, plus the data behind it.
 * @category diagnostics
 */
export interface ContractDiagnostic extends Diagnostic {
  /** Always `"error"`: core rejects the answer. */
  readonly severity: "error";
  /** Core's summary line, e.g. `Provider produced inconsistent result after apply`. */
  readonly summary: string;
  /** Core's detail text (plus, unless disabled, a line naming the rule and origin). */
  readonly detail: string;
  /** The attribute path the problem is about. */
  readonly path: Path;
  /** The broken rule. */
  readonly rule: ContractRule;
  /** The checkpoint that found it. */
  readonly stage: ContractStage;
  /** The hook that produced the value, when known. */
  readonly origin?: string;
}

const BUG =
  "\n\nThis is a bug in the provider, which should be reported in the provider's own issue tracker.";
const WRITE_ONLY_TAIL =
  "Write-only attributes cannot be read back from the provider. This is a bug in the provider, which should be reported in the provider's own issue tracker.";

/** Terraform `tfdiags.FormatErrorPrefixed(err, addr)`. */
function prefixed(addr: string, v: Violation): string {
  return v.path.length === 0 ? `${addr}: ${v.message}` : `${addr}${formatPath(v.path)}: ${v.message}`;
}

function wording(v: Violation, ctx: DiagnosticContext): { summary: string; detail: string } {
  const addr = ctx.resourceAddress;
  const prov = goQuote(ctx.provider);
  const cfg = goQuote(ctx.providerConfig ?? `provider[${goQuote(ctx.provider)}]`);
  const typeName =
    ctx.providerType ?? addr.replace(/^(?:module\.[^.]+\.)*(?:data\.)?/, "").split("_")[0] ?? addr;
  const at = `${addr}${formatPath(v.path)}`;
  const [from, to] = v.actions ?? [];
  if (v.rule === ContractRule.internalError) {
    // Not one of core's checks either: the check failed, which is tfkit's bug.
    return {
      summary: "Internal error in a contract check",
      detail: `tfkit failed while checking the ${v.stage.replace("_", " ")} result for ${addr}: ${formatViolation(v)}. This is a bug in tfkit.`,
    };
  }
  if (v.rule === ContractRule.malformedInput) {
    // Not one of core's checks: the values handed to the check were themselves unusable.
    return {
      summary: "Invalid input to a contract check",
      detail: `tfkit could not check the ${v.stage.replace("_", " ")} result for ${addr}: ${formatViolation(v)}.`,
    };
  }
  switch (v.stage) {
    case "plan":
      if (v.rule === ContractRule.replacePathMissing) {
        return {
          summary: "Provider produced invalid plan",
          detail: `Provider ${prov} has indicated "requires replacement" on ${addr} for a non-existent attribute path ${pathGoString(v.path)}.${BUG}`,
        };
      }
      if (v.rule === ContractRule.writeOnlyReturned) {
        return {
          summary: "Provider produced invalid plan",
          detail: `Provider ${cfg} returned a value for the write-only attribute "${at}" during planning. ${WRITE_ONLY_TAIL}`,
        };
      }
      return {
        summary: "Provider produced invalid plan",
        detail: `Provider ${prov} planned an invalid value for ${prefixed(addr, v)}.${BUG}`,
      };
    case "destroy_plan":
      return {
        summary: "Provider produced invalid plan",
        detail: `Provider ${prov} planned a non-null destroy value for ${addr}.${BUG}`,
      };
    case "final_plan":
      if (v.rule === ContractRule.actionChanged) {
        return {
          summary: "Provider produced inconsistent final plan",
          detail: `When expanding the plan for ${addr} to include new values learned so far during apply, provider ${prov} changed the planned action from ${from ?? "?"} to ${to ?? "?"}.${BUG}`,
        };
      }
      return {
        summary: "Provider produced inconsistent final plan",
        detail: `When expanding the plan for ${addr} to include new values learned so far during apply, provider ${prov} produced an invalid new value for ${formatViolation(v)}.${BUG}`,
      };
    case "apply":
      switch (v.rule) {
        case ContractRule.nilValue:
          return {
            summary: "Provider produced invalid object",
            detail: `Provider ${cfg} produced an invalid nil value after apply for ${addr}.${BUG}`,
          };
        case ContractRule.typeConformance:
          return {
            summary: "Provider produced invalid object",
            detail: `Provider ${cfg} produced an invalid value after apply for ${prefixed(addr, v)}. The result cannot not be saved in the Terraform state.${BUG}`,
          };
        case ContractRule.writeOnlyReturned:
          return {
            summary: "Provider produced invalid object",
            detail: `Provider ${cfg} returned a value for the write-only attribute "${at}" after apply. ${WRITE_ONLY_TAIL}`,
          };
        case ContractRule.unknownValue:
          return {
            summary: "Provider returned invalid result object after apply",
            detail: `After the apply operation, the provider still indicated an unknown value for ${at}. All values must be known after apply, so this is always a bug in the provider and should be reported in the provider's own repository. Terraform will still save the other known object values in the state.`,
          };
        case ContractRule.nullnessAfterApply:
          return from === "Delete"
            ? {
                summary: "Provider returned invalid result object after apply",
                detail: `After applying a ${from} plan, the provider returned a non-null object for ${addr}. Destroying should always produce a null value, so this is always a bug in the provider and should be reported in the provider's own repository. Terraform will still save this errant object in the state for debugging and recovery.`,
              }
            : {
                summary: "Provider returned invalid result object after apply",
                detail: `After applying a ${from ?? "Update"} plan, the provider returned a null object for ${addr}. Only destroying should always produce a null value, so this is always a bug in the provider and should be reported in the provider's own repository.`,
              };
        default:
          return {
            summary: "Provider produced inconsistent result after apply",
            detail: `When applying changes to ${addr}, provider ${cfg} produced an unexpected new value: ${formatViolation(v)}.${BUG}`,
          };
      }
    case "refresh":
      if (v.rule === ContractRule.writeOnlyReturned) {
        return {
          summary: "Provider produced invalid object",
          detail: `Provider ${cfg} returned a value for the write-only attribute "${at}" during refresh. ${WRITE_ONLY_TAIL}`,
        };
      }
      return {
        summary: "Provider produced invalid object",
        detail: `Provider ${prov} planned an invalid value for ${addr} during refresh: ${formatViolation(v)}.${BUG}`,
      };
    case "data_source":
      switch (v.rule) {
        case ContractRule.nullObject:
          return {
            summary: "Provider produced null object",
            detail: `Provider ${cfg} produced a null value for ${addr}.${BUG}`,
          };
        case ContractRule.unknownValue:
          return {
            summary: "Provider produced invalid object",
            detail: `Provider ${cfg} produced a value for ${addr} that is not wholly known.${BUG}`,
          };
        default:
          return {
            summary: "Provider produced invalid object",
            detail: `Provider ${cfg} produced an invalid value for ${prefixed(addr, v)}.${BUG}`,
          };
      }
    case "upgrade":
      if (v.rule === ContractRule.writeOnlyReturned) {
        return {
          summary: "Invalid resource state upgrade",
          detail: `While attempting to upgrade state of resource ${addr}, the provider ${goQuote(typeName)} returned a value for the write-only attribute "${at}". ${WRITE_ONLY_TAIL}`,
        };
      }
      return {
        summary: "Invalid resource state upgrade",
        detail: `The ${typeName} provider upgraded the state for ${addr} from a previous version, but produced an invalid result: ${formatViolation(v)}.`,
      };
  }
}

/**
 * Turns a violation into the error diagnostic Terraform core would show, with the path, the
 * rule and (optionally) the hook that produced the value.
 *
 * @remarks Summary and detail follow core's wording per checkpoint: `Provider produced invalid
 * plan` (`Provider "<provider>" planned an invalid value for <addr><path>: <msg>.`), `Provider
 * produced inconsistent final plan`, `Provider produced inconsistent result after apply` (`When
 * applying changes to <addr>, provider "provider[\"<provider>\"]" produced an unexpected new
 * value: <path>: <msg>.`), `Provider returned invalid result object after apply`, `Provider
 * produced invalid object`, `Provider produced null object`, `Invalid resource state upgrade`.
 * With `annotate` (default) a last paragraph names the rule and the origin hook, so a provider
 * author sees their own bug rather than core's generic one.
 * @example
 * ```ts
 * toDiagnostic(v, { resourceAddress: "demo_server.web", provider: "registry.terraform.io/tfkit/demo", origin: "update" })
 * ```
 * @category diagnostics
 */
export function toDiagnostic(v: Violation, ctx: DiagnosticContext): ContractDiagnostic {
  const { summary, detail } = wording(v, ctx);
  const note =
    ctx.annotate === false
      ? ""
      : `\n\ntfkit: contract rule "${v.rule}" (${v.stage})${ctx.origin !== undefined ? `, value produced by ${ctx.origin}` : ""}.`;
  const d: { -readonly [K in keyof ContractDiagnostic]: ContractDiagnostic[K] } = {
    severity: "error",
    summary,
    detail: detail + note,
    path: v.path,
    rule: v.rule,
    stage: v.stage,
  };
  if (ctx.origin !== undefined) d.origin = ctx.origin;
  return Object.freeze(d);
}

/**
 * {@link toDiagnostic} for each violation.
 * @category diagnostics
 */
export function toDiagnostics(vs: readonly Violation[], ctx: DiagnosticContext): ContractDiagnostic[] {
  return vs.map((v) => toDiagnostic(v, ctx));
}
