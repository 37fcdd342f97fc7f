import { isCtyError } from "@tfkit/cty-values";
import { ContractRule, type ContractStage, type Violation, violation } from "../violation.js";

/**
 * @internal Runs a check and turns anything it throws into a violation, so a check never throws
 * on odd values: a cty error (a value of the wrong shape or type) is `malformed_input`; anything
 * else (a TypeError, a failed invariant) is a bug in the check itself, `internal_error`.
 */
export function guarded(stage: ContractStage, fn: () => Violation[]): Violation[] {
  try {
    return fn();
  } catch (e) {
    if (isCtyError(e)) {
      return [
        violation(stage, ContractRule.malformedInput, e.path ?? [], `cannot check value: ${e.rawMessage}`),
      ];
    }
    return [
      violation(
        stage,
        ContractRule.internalError,
        [],
        `internal error in the check: ${e instanceof Error ? e.message : String(e)}`,
      ),
    ];
  }
}
