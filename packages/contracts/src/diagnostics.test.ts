import { attributeStep, indexStep, numberVal, stringVal } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { toDiagnostic, toDiagnostics } from "./diagnostics.js";
import {
  ContractRule,
  type ContractStage,
  formatViolation,
  formatViolations,
  violation,
} from "./violation.js";

const BUG =
  "\n\nThis is a bug in the provider, which should be reported in the provider's own issue tracker.";
const ctx = {
  resourceAddress: "demo_server.web",
  provider: "registry.terraform.io/tfkit/demo",
  annotate: false,
} as const;
const at = [attributeStep("nics"), indexStep(numberVal(0)), attributeStep("ip")];
const v = (stage: ContractStage, rule: ContractRule, message = "msg", path = at) =>
  violation(stage, rule, path, message);

describe("formatViolation", () => {
  it("prefixes the path, or not at the root", () => {
    expect(formatViolation(v("plan", ContractRule.configMismatch, "m"))).toBe(".nics[0].ip: m");
    expect(formatViolation(v("plan", ContractRule.configMismatch, "m", []))).toBe("m");
    expect(
      formatViolations([
        v("plan", ContractRule.configMismatch, "a", []),
        v("plan", ContractRule.configMismatch, "b"),
      ]),
    ).toBe("a\n.nics[0].ip: b");
  });

  it("renders map keys quoted", () => {
    expect(
      formatViolation(
        violation(
          "apply",
          ContractRule.valueChanged,
          [attributeStep("tags"), indexStep(stringVal('a"b'))],
          "x",
        ),
      ),
    ).toBe('.tags["a\\"b"]: x');
  });
});

describe("toDiagnostic wording", () => {
  const cases: [string, ContractStage, ContractRule, string, string][] = [
    [
      "plan, AssertPlanValid error",
      "plan",
      ContractRule.nonComputedValue,
      "Provider produced invalid plan",
      `Provider "registry.terraform.io/tfkit/demo" planned an invalid value for demo_server.web.nics[0].ip: msg.${BUG}`,
    ],
    [
      "plan, conformance error",
      "plan",
      ContractRule.typeConformance,
      "Provider produced invalid plan",
      `Provider "registry.terraform.io/tfkit/demo" planned an invalid value for demo_server.web.nics[0].ip: msg.${BUG}`,
    ],
    [
      "final plan, value",
      "final_plan",
      ContractRule.valueChanged,
      "Provider produced inconsistent final plan",
      `When expanding the plan for demo_server.web to include new values learned so far during apply, provider "registry.terraform.io/tfkit/demo" produced an invalid new value for .nics[0].ip: msg.${BUG}`,
    ],
    [
      "apply, compatibility",
      "apply",
      ContractRule.setUncorrelated,
      "Provider produced inconsistent result after apply",
      `When applying changes to demo_server.web, provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" produced an unexpected new value: .nics[0].ip: msg.${BUG}`,
    ],
    [
      "apply, nil",
      "apply",
      ContractRule.nilValue,
      "Provider produced invalid object",
      `Provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" produced an invalid nil value after apply for demo_server.web.${BUG}`,
    ],
    [
      "apply, conformance",
      "apply",
      ContractRule.typeConformance,
      "Provider produced invalid object",
      `Provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" produced an invalid value after apply for demo_server.web.nics[0].ip: msg. The result cannot not be saved in the Terraform state.${BUG}`,
    ],
    [
      "apply, write-only",
      "apply",
      ContractRule.writeOnlyReturned,
      "Provider produced invalid object",
      `Provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" returned a value for the write-only attribute "demo_server.web.nics[0].ip" after apply. Write-only attributes cannot be read back from the provider. This is a bug in the provider, which should be reported in the provider's own issue tracker.`,
    ],
    [
      "refresh, conformance",
      "refresh",
      ContractRule.typeConformance,
      "Provider produced invalid object",
      `Provider "registry.terraform.io/tfkit/demo" planned an invalid value for demo_server.web during refresh: .nics[0].ip: msg.${BUG}`,
    ],
    [
      "data source, conformance",
      "data_source",
      ContractRule.typeConformance,
      "Provider produced invalid object",
      `Provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" produced an invalid value for demo_server.web.nics[0].ip: msg.${BUG}`,
    ],
    [
      "data source, unknown",
      "data_source",
      ContractRule.unknownValue,
      "Provider produced invalid object",
      `Provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" produced a value for demo_server.web that is not wholly known.${BUG}`,
    ],
    [
      "refresh, write-only",
      "refresh",
      ContractRule.writeOnlyReturned,
      "Provider produced invalid object",
      `Provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" returned a value for the write-only attribute "demo_server.web.nics[0].ip" during refresh. Write-only attributes cannot be read back from the provider. This is a bug in the provider, which should be reported in the provider's own issue tracker.`,
    ],
  ];

  it.each(cases)("%s", (_name, stage, rule, summary, detail) => {
    const d = toDiagnostic(v(stage, rule), ctx);
    expect([d.summary, d.detail]).toEqual([summary, detail]);
    expect(d.severity).toBe("error");
    expect(d.path).toEqual(at);
  });

  it("null after a non-delete apply names the action", () => {
    const d = toDiagnostic(violation("apply", ContractRule.nullnessAfterApply, [], "x", ["Create"]), ctx);
    expect(d.detail).toBe(
      "After applying a Create plan, the provider returned a null object for demo_server.web. Only destroying should always produce a null value, so this is always a bug in the provider and should be reported in the provider's own repository.",
    );
  });

  it("words malformed input and a failed check as tfkit's, not the provider's, problem", () => {
    const bad = toDiagnostic(v("final_plan", ContractRule.malformedInput, "cannot check value: x", []), ctx);
    expect(bad.summary).toBe("Invalid input to a contract check");
    expect(bad.detail).toBe(
      "tfkit could not check the final plan result for demo_server.web: cannot check value: x.",
    );
    const failed = toDiagnostic(
      v("final_plan", ContractRule.internalError, "internal error in the check: y", []),
      ctx,
    );
    expect(failed.summary).toBe("Internal error in a contract check");
    expect(failed.detail).toBe(
      "tfkit failed while checking the final plan result for demo_server.web: internal error in the check: y. This is a bug in tfkit.",
    );
  });

  it("uses an explicit provider configuration address (aliases)", () => {
    const d = toDiagnostic(v("apply", ContractRule.valueChanged), {
      ...ctx,
      providerConfig: 'provider["registry.terraform.io/tfkit/demo"].east',
    });
    expect(d.detail).toContain('provider "provider[\\"registry.terraform.io/tfkit/demo\\"].east" produced');
  });

  it("derives the provider type for upgrade messages, skipping module and data prefixes", () => {
    const d = toDiagnostic(v("upgrade", ContractRule.typeConformance, "m", []), {
      ...ctx,
      resourceAddress: "module.net.module.x.demo_server.web",
    });
    expect(d.detail).toBe(
      "The demo provider upgraded the state for module.net.module.x.demo_server.web from a previous version, but produced an invalid result: m.",
    );
  });

  it("annotates with the rule and origin by default, and keeps them as fields", () => {
    const [d] = toDiagnostics([v("apply", ContractRule.valueChanged)], {
      resourceAddress: "demo_server.web",
      provider: "registry.terraform.io/tfkit/demo",
      origin: "update",
    });
    expect(
      d?.detail.endsWith('\n\ntfkit: contract rule "value_changed" (apply), value produced by update.'),
    ).toBe(true);
    expect([d?.rule, d?.stage, d?.origin]).toEqual([ContractRule.valueChanged, "apply", "update"]);
    const [e] = toDiagnostics([v("apply", ContractRule.valueChanged)], {
      resourceAddress: "demo_server.web",
      provider: "registry.terraform.io/tfkit/demo",
    });
    expect(e?.detail.endsWith('\n\ntfkit: contract rule "value_changed" (apply).')).toBe(true);
    expect(e && "origin" in e).toBe(false);
  });
});
