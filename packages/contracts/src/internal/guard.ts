import { isCtyError } from "@tfkit/cty-values";
import { ContractRule, type ContractStage, type Violation, violation } from "../violation.js";

/**
 * @internal Runs a check and turns anything it throws into a `malformed_input` violation, so a
 * check never throws on odd values (the oddity is reported instead).
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
        ContractRule.malformedInput,
        [],
        `cannot check value: ${e instanceof Error ? e.message : String(e)}`,
      ),
    ];
  }
}
