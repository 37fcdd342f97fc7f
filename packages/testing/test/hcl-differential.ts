/**
 * Differential helpers for HCL cases: record what a runner planned and stored at every step, in
 * a form where the fake core's record and terraform's must be equal.
 */
import { isCtyNumber } from "@tfkit/cty-values";
import type { PlanCheck, StateCheck, TestCase, TestStep } from "../src/index.js";

/**
 * Widget ids are `w-<serial>-<time>` (demo ids `srv-<n>` are kept) and serials count creates, which terraform makes
 * concurrently (in any order): both are compared as "a widget id" and "a number". Numbers are
 * compared by their exact text.
 */
export function normalise(v: unknown, key?: string): unknown {
  if (isCtyNumber(v)) return key === "serial" ? "<serial>" : v.text();
  // Creation times differ between runs: compared as "a timestamp".
  if (typeof v === "string" && /^\d{4}-\d\d-\d\dT[0-9:.]+Z$/.test(v)) return "<timestamp>";
  if (typeof v === "string") return v.replace(/w-\d+-[a-z0-9]+/g, "<widget id>");
  if (Array.isArray(v)) return v.map((e) => normalise(e));
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, normalise(e, k)]));
  return v;
}

/** Records what a runner planned and stored at every step. */
export function recorder(): {
  record: unknown[];
  plan: PlanCheck;
  state: StateCheck;
  importedState: StateCheck;
} {
  const record: unknown[] = [];
  return {
    record,
    plan: {
      description: "record the plan",
      checkPlan: (plan) => {
        record.push({
          plan: plan.resourceChanges
            .map((c) => ({
              address: c.address,
              actions: c.actions,
              after: normalise(c.after),
              unknown: c.afterUnknown,
            }))
            .sort((a, b) => a.address.localeCompare(b.address)),
          outputChanges: normalise(plan.raw.output_changes ?? {}),
        });
        return undefined;
      },
    },
    importedState: {
      description: "record the imported state",
      checkState: (state) => {
        record.push({
          imported: state.resources
            .map((r) => ({ address: r.address, values: normalise(r.values) }))
            .sort((a, b) => a.address.localeCompare(b.address)),
        });
        return undefined;
      },
    },
    state: {
      description: "record the state",
      checkState: (state) => {
        record.push({
          state: state.resources
            .map((r) => ({ address: r.address, values: normalise(r.values) }))
            .sort((a, b) => a.address.localeCompare(b.address)),
          outputs: normalise(state.outputs),
        });
        return undefined;
      },
    },
  };
}

/** The case with recording checks added to every step. */
export function recorded(
  steps: readonly TestStep[],
  r: ReturnType<typeof recorder>,
  providers: TestCase["providers"],
  extra: Partial<TestCase> = {},
): TestCase {
  return {
    ...extra,
    providers,
    steps: steps.map((s) => ({
      ...s,
      planChecks: [...(s.planChecks ?? []), r.plan],
      // An import step's state is a separate one; what the CLI lists as its outputs depends on
      // runAcceptance's import directory, so only its resources are compared.
      stateChecks: [...(s.stateChecks ?? []), s.importState ? r.importedState : r.state],
    })),
  };
}
