import type { JsonValue } from "./json.js";
import type { TerraformPlan, TerraformState } from "./terraform-json.js";

/**
 * A matcher for a known value at a path, built with the `knownvalue` functions — or an
 * interface you implement for a matcher of your own.
 *
 * @remarks terraform-plugin-testing's `knownvalue.Check`.
 * @category testing
 */
export interface KnownValueMatcher {
  /** What the matcher expects, as failure messages print it (e.g. `stringExact("web")`). */
  readonly description: string;
  /** Returns undefined when `actual` matches, otherwise why not. */
  check(actual: JsonValue): string | undefined;
}

/**
 * A check run on a plan (`terraform show -json <planfile>`, plus the human plan text), built with
 * the `plancheck` functions — or an interface you implement for a check of your own.
 *
 * @remarks terraform-plugin-testing's `plancheck.PlanCheck`. Returning a message (rather than
 * throwing) lets the runner report every failed check of a step at once.
 * @category testing
 */
export interface PlanCheck {
  /** What the check asserts, for failure messages. */
  readonly description: string;
  /** Returns undefined when the plan satisfies the check, otherwise the failure message. */
  checkPlan(plan: TerraformPlan): string | undefined;
}

/**
 * A check run on the state after a step (`terraform show -json`), built with the `statecheck`
 * functions — or an interface you implement for a check of your own (an import step's checks
 * see the imported state).
 *
 * @remarks terraform-plugin-testing's `statecheck.StateCheck`.
 * @category testing
 */
export interface StateCheck {
  /** What the check asserts, for failure messages. */
  readonly description: string;
  /**
   * Returns undefined when the state satisfies the check, otherwise the failure message.
   * `context` identifies the run and step (the runners always pass it), for checks that
   * remember values across steps.
   */
  checkState(state: TerraformState, context?: CheckContext): string | undefined;
}

/**
 * What a runner tells a check about where it runs: which run of which case, and which step.
 *
 * @remarks Checks that record values across steps (`statecheck.compareValue`) key them by
 * {@link CheckContext.run}, so one case run twice — by both runners, or concurrently — never
 * mixes the values of two runs.
 * @category testing
 */
export interface CheckContext {
  /** A fresh object per run of a test case (`runAcceptance` or `runFakeCore` call). */
  readonly run: object;
  /** The 1-based number of the step running the check. */
  readonly step: number;
}

/**
 * What Terraform plans to do with one resource instance.
 *
 * @remarks `replace` accepts both orders; `destroy-before-create` and `create-before-destroy`
 * pin one (terraform-plugin-testing's `ResourceActionReplace`, `ResourceActionDestroyBeforeCreate`,
 * `ResourceActionCreateBeforeDestroy`). `read` is a data source read during apply.
 * @category testing
 */
export type ResourceAction =
  | "create"
  | "update"
  | "replace"
  | "destroy-before-create"
  | "create-before-destroy"
  | "destroy"
  | "no-op"
  | "read";

/**
 * Names Terraform's action list as a {@link ResourceAction} (the specific replace order).
 *
 * @internal
 */
export function actionName(actions: readonly string[]): string {
  const key = actions.join(",");
  switch (key) {
    case "create":
      return "create";
    case "update":
      return "update";
    case "delete":
      return "destroy";
    case "no-op":
      return "no-op";
    case "read":
      return "read";
    case "delete,create":
      return "destroy-before-create";
    case "create,delete":
      return "create-before-destroy";
    default:
      return `[${key}]`;
  }
}

/**
 * Whether Terraform's action list is the expected {@link ResourceAction}.
 *
 * @internal
 */
export function actionMatches(expected: ResourceAction, actions: readonly string[]): boolean {
  const actual = actionName(actions);
  if (expected === "replace") return actual === "destroy-before-create" || actual === "create-before-destroy";
  return actual === expected;
}
