/**
 * The contracts side of the differential: every recorded provider answer is handed to the
 * @tfkit/contracts check core would run at that point, on the exact bytes terraform received.
 */
import {
  checkApplyResult,
  checkDataSourceResult,
  checkDestroyPlan,
  checkFinalPlan,
  checkPlannedState,
  checkReadResult,
  checkRequiresReplace,
  checkUpgradeResult,
  formatViolation,
  type PlanAction,
  type Violation,
} from "@tfkit/contracts";
import { equals, getPath, nullVal, type Path, type Type, type Value } from "@tfkit/cty-values";
import { toCtyPath } from "./provider.js";
import { type CallRecord, decodeRecorded, decodeRequest, type PlanRecord } from "./record.js";
import { schemaOf, typeOf } from "./schema.js";

/**
 * The action core derives from a PlanResourceChange answer (terraform `plan()` in
 * node_resource_abstract_instance.go): Create from nothing, NoOp when the plan equals the prior
 * state, a replacement when a `requires_replace` path's value changes (the scenarios never set
 * create_before_destroy, so DeleteThenCreate), else Update.
 */
export function planAction(prior: Value, planned: Value, requiresReplace: readonly Path[]): PlanAction {
  if (prior.isNull()) return "Create";
  if (knownTrue(equals(planned, prior))) return "NoOp";
  const at = (v: Value, p: Path): Value | undefined => {
    try {
      return getPath(v, p);
    } catch {
      return undefined;
    }
  };
  const replaces = requiresReplace.some((p) => {
    const before = at(prior, p);
    const after = at(planned, p);
    return before === undefined || after === undefined || !knownTrue(equals(after, before));
  });
  return replaces ? "DeleteThenCreate" : "Update";
}

const knownTrue = (v: Value): boolean => v.isKnown() && !v.isNull() && v.asBool();

/**
 * The action of a recorded plan; a replace re-plan (null prior after a plan from a prior state by
 * the same process) carries the action of that plan.
 */
function actionOf(r: PlanRecord, before: readonly PlanRecord[], t: Type): PlanAction {
  const decided = (x: PlanRecord) =>
    planAction(
      decodeRequest(x.prior, t),
      decodeRecorded(x.planned, t)?.value ?? nullVal(t),
      x.requiresReplace.map(toCtyPath),
    );
  if (decodeRequest(r.prior, t).isNull()) {
    const replaced = before
      .filter(
        (x) => x !== r && x.pid === r.pid && x.typeName === r.typeName && !decodeRequest(x.prior, t).isNull(),
      )
      .at(-1);
    if (replaced !== undefined) return decided(replaced);
  }
  return decided(r);
}

/** One check contracts ran on one recorded answer. */
export interface Check {
  /** Which answer and which check, e.g. `PlanResourceChange#1 checkPlannedState`. */
  readonly check: string;
  /** What contracts reported. */
  readonly violations: readonly Violation[];
  /** Set when the bytes did not decode as the schema's type (terraform's decoder refuses them). */
  readonly undecodable?: string;
}

/** Every violation of one check as `<check>: [<rule>] <message>` lines. */
export function describeCheck(c: Check): string[] {
  return c.violations.map((v) => `${c.check}: [${v.rule}] ${formatViolation(v)}`);
}

/**
 * Runs the contracts check core applies to each recorded answer.
 *
 * @remarks The final plan is a PlanResourceChange made by another provider process than an
 * earlier one for the same resource type (terraform starts a fresh process for the apply walk,
 * and only `terraform apply` plans in two walks); it is compared with the last plan of the
 * other process (the plan walk). A plan with a null prior made
 * after one with a non-null prior in the same process is the replace re-plan, which core checks
 * for conformance only.
 */
export function judgeRecords(records: readonly CallRecord[]): Check[] {
  const out: Check[] = [];
  records.forEach((r, index) => {
    const schema = schemaOf(r.typeName);
    const t = typeOf(r.typeName);
    const label = `${r.rpc}#${index + 1}`;
    const withUndecodable = (c: Check, u: string | undefined): Check =>
      u === undefined ? c : { ...c, undecodable: u };
    switch (r.rpc) {
      case "UpgradeResourceState": {
        const d = decodeRecorded(r.upgraded, t);
        const upgraded = d?.value ?? nullVal(t);
        out.push(
          withUndecodable(
            { check: `${label} checkUpgradeResult`, violations: checkUpgradeResult(schema, upgraded) },
            d?.undecodable,
          ),
        );
        return;
      }
      case "ReadResource": {
        const d = decodeRecorded(r.newState, t);
        out.push(
          withUndecodable(
            {
              check: `${label} checkReadResult`,
              violations: checkReadResult(schema, d?.value ?? nullVal(t)),
            },
            d?.undecodable,
          ),
        );
        return;
      }
      case "PlanResourceChange": {
        const prior = decodeRequest(r.prior, t);
        const config = decodeRequest(r.config, t);
        const d = decodeRecorded(r.planned, t);
        const planned = d?.value ?? nullVal(t);
        if (config.isNull()) {
          out.push(
            withUndecodable(
              { check: `${label} checkDestroyPlan`, violations: checkDestroyPlan(planned) },
              d?.undecodable,
            ),
          );
          return;
        }
        const earlier = records
          .slice(0, index)
          .filter((x): x is PlanRecord => x.rpc === "PlanResourceChange");
        const replacePlan =
          prior.isNull() &&
          earlier.some(
            (x) =>
              x.pid === r.pid &&
              x.typeName === r.typeName &&
              x.prior !== undefined &&
              !decodeRequest(x.prior, t).isNull(),
          );
        out.push(
          withUndecodable(
            {
              check: `${label} checkPlannedState${replacePlan ? " (replace re-plan)" : ""}`,
              violations: checkPlannedState(schema, { prior, config, planned }, { replacePlan }),
            },
            d?.undecodable,
          ),
        );
        out.push({
          check: `${label} checkRequiresReplace`,
          violations: checkRequiresReplace(prior, planned, r.requiresReplace.map(toCtyPath)),
        });
        // The plan walk's provider process planned first; a later plan by another process is
        // the apply walk's final plan. A replacement is planned twice by one process (then the
        // re-plan from a null prior): core takes the action from the first and the value from the
        // re-plan, so the first of the two is not compared on its own.
        const sameType = (x: PlanRecord) => x.typeName === r.typeName;
        const later = records.slice(index + 1).filter((x): x is PlanRecord => x.rpc === "PlanResourceChange");
        const replacedLater = later.some(
          (x) => x.pid === r.pid && sameType(x) && decodeRequest(x.prior, t).isNull() && !prior.isNull(),
        );
        const initial = earlier.filter((x) => x.pid !== r.pid && sameType(x)).at(-1);
        if (initial !== undefined && !replacedLater) {
          const first = decodeRecorded(initial.planned, t)?.value ?? nullVal(t);
          out.push({
            check: `${label} checkFinalPlan`,
            violations: checkFinalPlan(schema, {
              initial: first,
              final: planned,
              initialAction: actionOf(initial, earlier, t),
              finalAction: actionOf(r, earlier, t),
            }),
          });
        }
        return;
      }
      case "ReadDataSource": {
        const d = decodeRecorded(r.state, t);
        out.push(
          withUndecodable(
            {
              check: `${label} checkDataSourceResult`,
              violations: checkDataSourceResult(schema, d?.value ?? nullVal(t)),
            },
            d?.undecodable,
          ),
        );
        return;
      }
      case "ApplyResourceChange": {
        const prior = decodeRequest(r.prior, t);
        const planned = decodeRequest(r.planned, t);
        const d = decodeRecorded(r.newState, t);
        const action: PlanAction = planned.isNull() ? "Delete" : prior.isNull() ? "Create" : "Update";
        out.push(
          withUndecodable(
            {
              check: `${label} checkApplyResult`,
              // An absent new_state reaches core as null (the gRPC client decodes nil as null).
              violations: checkApplyResult(schema, {
                planned,
                newState: d?.value ?? nullVal(t),
                action,
                providerReportedErrors: r.errors,
              }),
            },
            d?.undecodable,
          ),
        );
        return;
      }
    }
  });
  return out;
}
