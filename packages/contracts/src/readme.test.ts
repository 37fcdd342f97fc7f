// The README example, run.
import { numberVal, objectVal, stringType, stringVal, unknownVal } from "@tfkit/cty-values";
import { attr, resourceSchema } from "@tfkit/schema";
import { expect, it } from "vitest";
import { checkApplyResult, formatViolation, toDiagnostics } from "./index.js";

it("README example", () => {
  const serverSchema = resourceSchema({
    attributes: {
      id: attr.string({ computed: true }),
      port: attr.int64({ optional: true, computed: true }),
    },
  });
  const planned = objectVal({ id: unknownVal(stringType), port: numberVal(80) });
  const newState = objectVal({ id: stringVal("srv-1"), port: numberVal(81) });

  const violations = checkApplyResult(serverSchema, { planned, newState, action: "Create" });
  expect(violations.map(formatViolation)).toEqual([
    ".port: was cty.NumberIntVal(80), but now cty.NumberIntVal(81)",
  ]);

  expect(
    toDiagnostics(violations, {
      resourceAddress: "demo_server.web",
      provider: "registry.terraform.io/tfkit/demo",
      origin: "create",
    }),
  ).toEqual([
    {
      severity: "error",
      summary: "Provider produced inconsistent result after apply",
      detail:
        'When applying changes to demo_server.web, provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" produced an unexpected new value: .port: was cty.NumberIntVal(80), but now cty.NumberIntVal(81).\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.\n\ntfkit: contract rule "value_changed" (apply), value produced by create.',
      path: [{ kind: "attribute", name: "port" }],
      rule: "value_changed",
      stage: "apply",
      origin: "create",
    },
  ]);
});
