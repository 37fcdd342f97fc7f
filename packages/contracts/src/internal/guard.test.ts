import { CtyError } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { ContractRule } from "../violation.js";
import { guarded } from "./guard.js";

describe("guarded", () => {
  it("passes a check's violations through", () => {
    expect(guarded("plan", () => [])).toEqual([]);
  });

  it("reports a thrown non-cty error as internal_error, so tests can see a check that failed", () => {
    const [v, ...rest] = guarded("apply", () => {
      throw new TypeError("x is undefined");
    });
    expect(rest).toEqual([]);
    expect(v?.rule).toBe(ContractRule.internalError);
    expect(v?.stage).toBe("apply");
    expect(v?.message).toBe("internal error in the check: x is undefined");
  });

  it("reports a cty error (a value of the wrong shape) as malformed_input at its path", () => {
    const [v] = guarded("plan", () => {
      throw new CtyError("path", "bad", { path: [{ kind: "attribute", name: "a" }] });
    });
    expect(v?.rule).toBe(ContractRule.malformedInput);
    expect(v?.path).toEqual([{ kind: "attribute", name: "a" }]);
    expect(v?.message).toBe("cannot check value: bad");
  });
});
