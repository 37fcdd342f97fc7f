/**
 * What a scenario is: a configuration (and maybe a stored prior state), the terraform command to
 * run, and hooks that replace the provider's well-behaved answers with crafted ones.
 */
import type { Value } from "@tfkit/cty-values";
import type { AttributePath } from "@tfkit/grpc-transport";

/** The terraform command a scenario runs. */
export type ScenarioCommand = "plan" | "apply" | "destroy-plan" | "destroy";

/** Summary of the error diagnostic a scenario's provider reports itself (see `applyFails`). */
export const PROVIDER_ERROR_SUMMARY = "tfdiff crafted provider error";

/** What the plan hook sees. */
export interface PlanCall {
  /** Prior state (null on create and on the replace re-plan). */
  readonly prior: Value;
  /** Configuration as terraform sent it (null for a destroy plan). */
  readonly config: Value;
  /** Terraform's proposed new state. */
  readonly proposed: Value;
  /** The well-behaved answer: proposed, null computed values unknown, write-only values null. */
  readonly planned: Value;
  /** How many PlanResourceChange calls this terraform command made before this one. */
  readonly planIndex: number;
}

/** A crafted PlanResourceChange answer. */
export interface PlanAnswer {
  /** The planned state to return (its own type is used on the wire when it is not the schema's). */
  readonly planned: Value;
  /** `requires_replace` paths. */
  readonly requiresReplace?: readonly AttributePath[];
}

/** What the apply hook sees. */
export interface ApplyCall {
  /** Prior state (null on create). */
  readonly prior: Value;
  /** The planned state terraform asks to apply (the final plan). */
  readonly planned: Value;
  /** The well-behaved answer: the plan with every unknown filled (null when destroying). */
  readonly newState: Value;
}

/** One differential case. */
export interface Scenario {
  /** Unique, human-readable name (also how the provider finds the scenario). */
  readonly name: string;
  /** The resource type (default `tfdiff_thing`). */
  readonly resource?: string;
  /** A data source type instead: the configuration is `data "<type>" "t" { … }`. */
  readonly dataSource?: string;
  /** Body of `resource "<type>" "t" { … }` (or of the data block). */
  readonly config: string;
  /** Attributes of a stored prior state (written to terraform.tfstate before the run). */
  readonly prior?: Readonly<Record<string, unknown>>;
  /** Which terraform command runs. */
  readonly command: ScenarioCommand;
  /**
   * The rule the crafted answers break, or `undefined` when they obey every rule. Also the
   * scenario's own sanity check: terraform must fail exactly when this is set, printing
   * {@link Scenario.terraformSays}.
   */
  readonly breaks?: string;
  /** A pattern terraform's error output must match when the scenario breaks a rule. */
  readonly terraformSays?: RegExp;
  /**
   * A known difference between terraform 1.11.4 and @tfkit/contracts: the test then expects the
   * verdicts to differ (`it.fails`), and this says why.
   */
  readonly knownDifference?: string;
  /** Crafts the PlanResourceChange answer. */
  readonly plan?: (call: PlanCall) => PlanAnswer;
  /** Crafts the ApplyResourceChange new state (`undefined`: the response has no new state). */
  readonly apply?: (call: ApplyCall) => Value | undefined;
  /** Rewrites the msgpack bytes of the ApplyResourceChange new state (other encodings of one value). */
  readonly rewriteApplyBytes?: (msgpack: Uint8Array) => Uint8Array;
  /**
   * Makes ApplyResourceChange also return an error diagnostic with summary
   * {@link PROVIDER_ERROR_SUMMARY} (a partial state). Terraform then shows that error; it is the
   * provider's own, not a contract violation.
   */
  readonly applyFails?: boolean;
  /** Crafts the ReadResource new state from the current one. */
  readonly read?: (current: Value) => Value;
  /** Crafts the ReadDataSource state from the well-behaved one (config with computed values filled). */
  readonly readData?: (state: Value) => Value;
  /** Crafts the UpgradeResourceState result from the stored state (decoded as the schema's type). */
  readonly upgrade?: (stored: Value) => Value;
}
