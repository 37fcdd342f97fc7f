/**
 * Checks on a plan, as in terraform-plugin-testing's `plancheck` package.
 *
 * @packageDocumentation
 */
import {
  type KnownValueMatcher,
  type PlanCheck,
  type ResourceAction,
  actionMatches,
  actionName,
} from "./checks.js";
import { isJsonObject, renderJson } from "./json.js";
import { type AttrPath, formatAttrPath, toAttrPath } from "./path.js";
import { type PlannedResourceChange, type TerraformPlan, lookup, markedAt } from "./terraform-json.js";

function planCheck(description: string, checkPlan: (plan: TerraformPlan) => string | undefined): PlanCheck {
  return Object.freeze({ description, checkPlan });
}

function findChange(plan: TerraformPlan, address: string): PlannedResourceChange | string {
  const change = plan.resourceChanges.find((rc) => rc.address === address);
  if (change) return change;
  const known = plan.resourceChanges.map((rc) => rc.address);
  return `${address}: not in the plan (resource changes: ${known.length === 0 ? "none" : known.join(", ")})`;
}

/**
 * Expects Terraform to plan `action` for the resource instance at `address`.
 *
 * @remarks terraform-plugin-testing `plancheck.ExpectResourceAction`.
 * @example
 * ```ts
 * planChecks: [plancheck.expectResourceAction("demo_server.web", "replace")]
 * ```
 * @category testing
 */
export function expectResourceAction(address: string, action: ResourceAction): PlanCheck {
  return planCheck(`expectResourceAction(${address}, ${action})`, (plan) => {
    const change = findChange(plan, address);
    if (typeof change === "string") return change;
    if (actionMatches(action, change.actions)) return undefined;
    const why =
      change.replacePaths.length > 0
        ? ` (replace paths: ${change.replacePaths.map((p) => formatAttrPath(p)).join(", ")})`
        : "";
    return `${address}: expected action ${action}, got ${actionName(change.actions)}${why}`;
  });
}

/**
 * Expects the plan to change nothing: every resource change and output change is a no-op.
 *
 * @remarks terraform-plugin-testing `plancheck.ExpectEmptyPlan`.
 * @category testing
 */
export function expectEmptyPlan(): PlanCheck {
  return planCheck("expectEmptyPlan()", (plan) => {
    const changes = [
      ...plan.resourceChanges
        .filter((rc) => actionName(rc.actions) !== "no-op")
        .map((rc) => `${rc.address}: ${actionName(rc.actions)}`),
      ...Object.entries(plan.outputChanges)
        .filter(([, actions]) => actionName(actions) !== "no-op")
        .map(([name, actions]) => `output ${name}: ${actionName(actions)}`),
    ];
    return changes.length === 0 ? undefined : `expected an empty plan, got ${changes.join("; ")}`;
  });
}

/**
 * Expects the plan to change something (a resource or an output).
 *
 * @remarks terraform-plugin-testing `plancheck.ExpectNonEmptyPlan`.
 * @category testing
 */
export function expectNonEmptyPlan(): PlanCheck {
  return planCheck("expectNonEmptyPlan()", (plan) => {
    const changed =
      plan.resourceChanges.some((rc) => actionName(rc.actions) !== "no-op") ||
      Object.values(plan.outputChanges).some((a) => actionName(a) !== "no-op");
    return changed ? undefined : "expected a non-empty plan, got no changes";
  });
}

/**
 * Expects the planned value at `path` of `address` to be unknown ("known after apply").
 *
 * @remarks terraform-plugin-testing `plancheck.ExpectUnknownValue`. Read from `after_unknown`; a
 * path under an unknown parent counts as unknown.
 * @category testing
 */
export function expectUnknownValue(address: string, path: AttrPath | string): PlanCheck {
  const p = toAttrPath(path);
  return planCheck(`expectUnknownValue(${address}, ${formatAttrPath(p)})`, (plan) => {
    const change = findChange(plan, address);
    if (typeof change === "string") return change;
    if (markedAt(change.afterUnknown, p)) return undefined;
    const found = lookup(change.after, p);
    const actual = found.found ? `known: ${renderJson(found.value)}` : `absent (${found.reason})`;
    return `${address}: at ${formatAttrPath(p)}: expected an unknown value, got ${actual}`;
  });
}

/**
 * Expects the planned value at `path` of `address` to be known and to match `matcher`.
 *
 * @remarks terraform-plugin-testing `plancheck.ExpectKnownValue`.
 * @example
 * ```ts
 * plancheck.expectKnownValue("demo_server.web", path("size"), knownvalue.numberExact(2))
 * ```
 * @category testing
 */
export function expectKnownValue(
  address: string,
  path: AttrPath | string,
  matcher: KnownValueMatcher,
): PlanCheck {
  const p = toAttrPath(path);
  return planCheck(`expectKnownValue(${address}, ${formatAttrPath(p)}, ${matcher.description})`, (plan) => {
    const change = findChange(plan, address);
    if (typeof change === "string") return change;
    const at = `${address}: at ${formatAttrPath(p)}`;
    if (markedAt(change.afterUnknown, p))
      return `${at}: expected ${matcher.description}, got an unknown value (known after apply)`;
    const found = lookup(change.after, p);
    if (!found.found)
      return `${at}: expected ${matcher.description}, but the path does not exist: ${found.reason}`;
    const failure = matcher.check(found.value);
    return failure === undefined ? undefined : `${at}: ${matcher.description}: ${failure}`;
  });
}

/**
 * Expects the planned value at `path` of `address` to be sensitive.
 *
 * @remarks terraform-plugin-testing `plancheck.ExpectSensitiveValue`. Read from
 * `after_sensitive`; a path under a sensitive parent counts as sensitive.
 * @category testing
 */
export function expectSensitiveValue(address: string, path: AttrPath | string): PlanCheck {
  const p = toAttrPath(path);
  return planCheck(`expectSensitiveValue(${address}, ${formatAttrPath(p)})`, (plan) => {
    const change = findChange(plan, address);
    if (typeof change === "string") return change;
    return markedAt(change.afterSensitive, p)
      ? undefined
      : `${address}: at ${formatAttrPath(p)}: expected a sensitive value, but it is not marked sensitive (after_sensitive: ${renderJson(change.afterSensitive)})`;
  });
}

/**
 * Expects the human plan text — what `terraform plan` prints — to match `pattern` (a regular
 * expression, or a string it must contain).
 *
 * @remarks terraform-plugin-testing has no equivalent (its checks see only the JSON plan). Both
 * runners provide the text ({@link TerraformPlan.text}): `runAcceptance` the plan command's
 * output, `runFakeCore` the resource blocks rendered as terraform 1.11 renders them. Match a
 * resource block's lines, not refresh lines, warnings or output changes, which only the CLI
 * prints. Terraform pads attribute names to align the `=`: match spaces with `\s+`.
 * @example
 * ```ts
 * planChecks: [plancheck.expectPlanText(/~ title\s+= "draft" -> "final"/)]
 * ```
 * @category testing
 */
export function expectPlanText(pattern: RegExp | string): PlanCheck {
  const shown = typeof pattern === "string" ? JSON.stringify(pattern) : String(pattern);
  return planCheck(`expectPlanText(${shown})`, (plan) => {
    if (typeof pattern === "string" ? plan.text.includes(pattern) : new RegExp(pattern).test(plan.text)) {
      return undefined;
    }
    return `the plan text does not match ${shown}; it is:\n${plan.text}`;
  });
}

/**
 * Expects the plan to give output `name` a known value that matches `matcher`.
 *
 * @remarks terraform-plugin-testing `plancheck.ExpectKnownOutputValue`. Read from the plan's
 * `output_changes` (`after`, with `after_unknown`), so it sees what an output will be before
 * apply: a value computed at plan time, such as a provider function's result. The fake core
 * plans no outputs, so this check only passes under `runAcceptance`.
 * @example
 * ```ts
 * planChecks: [plancheck.expectKnownOutputValue("exists", knownvalue.bool(true))]
 * ```
 * @category testing
 */
export function expectKnownOutputValue(name: string, matcher: KnownValueMatcher): PlanCheck {
  return planCheck(`expectKnownOutputValue(${name}, ${matcher.description})`, (plan) => {
    const changes = plan.raw.output_changes;
    const change = isJsonObject(changes) ? changes[name] : undefined;
    if (!isJsonObject(change)) {
      const known = isJsonObject(changes) ? Object.keys(changes) : [];
      return `output ${name}: not in the plan (output changes: ${known.length === 0 ? "none" : known.join(", ")})`;
    }
    if (change.after_unknown === true)
      return `output ${name}: expected ${matcher.description}, got an unknown value (known after apply)`;
    const failure = matcher.check(change.after ?? null);
    return failure === undefined ? undefined : `output ${name}: ${matcher.description}: ${failure}`;
  });
}
