import { describe, expect, it } from "vitest";
import * as knownvalue from "./knownvalue.js";
import * as plancheck from "./plancheck.js";
import { parsePlanJson } from "./terraform-json.js";

/** A plan in the shape `terraform show -json` prints (format_version 1.2). */
const plan = parsePlanJson(
  JSON.stringify({
    format_version: "1.2",
    resource_changes: [
      {
        address: "demo_server.web",
        mode: "managed",
        type: "demo_server",
        name: "web",
        change: {
          actions: ["create", "delete"],
          before: { id: "s-1", name: "old", nic: [{ ip: "10.0.0.1" }] },
          after: { name: "new", nic: [{}], password: "x" },
          after_unknown: { id: true, nic: [{ ip: true }] },
          before_sensitive: {},
          after_sensitive: { password: true, nic: [{}] },
          replace_paths: [["name"]],
        },
      },
      {
        address: "demo_volume.v",
        mode: "managed",
        type: "demo_volume",
        name: "v",
        change: {
          actions: ["no-op"],
          before: { id: "v" },
          after: { id: "v" },
          after_unknown: {},
          after_sensitive: true,
        },
      },
    ],
    output_changes: { ip: { actions: ["update"] } },
  }),
);

describe("plancheck (offline, on Terraform's JSON plan format)", () => {
  it("expectResourceAction knows both replace orders and quotes the replace paths", () => {
    expect(plancheck.expectResourceAction("demo_server.web", "replace").checkPlan(plan)).toBeUndefined();
    expect(
      plancheck.expectResourceAction("demo_server.web", "create-before-destroy").checkPlan(plan),
    ).toBeUndefined();
    expect(plancheck.expectResourceAction("demo_server.web", "destroy-before-create").checkPlan(plan)).toBe(
      "demo_server.web: expected action destroy-before-create, got create-before-destroy (replace paths: name)",
    );
    expect(plancheck.expectResourceAction("demo_volume.v", "no-op").checkPlan(plan)).toBeUndefined();
  });

  it("expectUnknownValue sees values under an unknown parent and inside lists", () => {
    expect(plancheck.expectUnknownValue("demo_server.web", "id").checkPlan(plan)).toBeUndefined();
    expect(plancheck.expectUnknownValue("demo_server.web", ["nic", 0, "ip"]).checkPlan(plan)).toBeUndefined();
    expect(plancheck.expectUnknownValue("demo_server.web", "name").checkPlan(plan)).toBe(
      'demo_server.web: at name: expected an unknown value, got known: "new"',
    );
  });

  it("expectSensitiveValue reads after_sensitive, including a wholly sensitive object", () => {
    expect(plancheck.expectSensitiveValue("demo_server.web", "password").checkPlan(plan)).toBeUndefined();
    expect(plancheck.expectSensitiveValue("demo_volume.v", "id").checkPlan(plan)).toBeUndefined();
    expect(plancheck.expectSensitiveValue("demo_server.web", "name").checkPlan(plan)).toMatch(
      /^demo_server\.web: at name: expected a sensitive value, but it is not marked sensitive/,
    );
  });

  it("expectEmptyPlan lists what changes, outputs included; expectNonEmptyPlan agrees", () => {
    expect(plancheck.expectEmptyPlan().checkPlan(plan)).toBe(
      "expected an empty plan, got demo_server.web: create-before-destroy; output ip: update",
    );
    expect(plancheck.expectNonEmptyPlan().checkPlan(plan)).toBeUndefined();
    const empty = parsePlanJson('{"resource_changes": [], "output_changes": {}}');
    expect(plancheck.expectEmptyPlan().checkPlan(empty)).toBeUndefined();
    expect(plancheck.expectNonEmptyPlan().checkPlan(empty)).toBe("expected a non-empty plan, got no changes");
  });
});

describe("plancheck.expectPlanText", () => {
  const text = [
    "  # demo_server.web will be updated in-place",
    '  ~ resource "demo_server" "web" {',
    '      ~ name = "web" -> "api"',
    "    }",
  ].join("\n");
  const withText = parsePlanJson('{"resource_changes": [], "output_changes": {}}', text);

  it("passes on a substring or a matching regexp", () => {
    expect(plancheck.expectPlanText("will be updated in-place").checkPlan(withText)).toBeUndefined();
    expect(plancheck.expectPlanText(/~ name\s+= "web" -> "api"/).checkPlan(withText)).toBeUndefined();
  });

  it("fails with the pattern and the whole text", () => {
    const failure = plancheck.expectPlanText(/must be replaced/).checkPlan(withText);
    expect(failure).toContain("does not match /must be replaced/");
    expect(failure).toContain('~ name = "web" -> "api"');
    expect(plancheck.expectPlanText("x").description).toBe('expectPlanText("x")');
  });

  it("a global regexp matches every time (lastIndex is not carried over)", () => {
    const check = plancheck.expectPlanText(/web/g);
    expect(check.checkPlan(withText)).toBeUndefined();
    expect(check.checkPlan(withText)).toBeUndefined();
  });
});

describe("plancheck.expectKnownOutputValue", () => {
  const outputs = parsePlanJson(
    JSON.stringify({
      format_version: "1.2",
      output_changes: {
        exists: { actions: ["create"], before: null, after: true, after_unknown: false },
        later: { actions: ["create"], before: null, after_unknown: true },
        count: { actions: ["create"], before: null, after: 3, after_unknown: false },
      },
    }),
  );

  it("matches a planned output's known value", () => {
    expect(
      plancheck.expectKnownOutputValue("exists", knownvalue.bool(true)).checkPlan(outputs),
    ).toBeUndefined();
    expect(
      plancheck.expectKnownOutputValue("count", knownvalue.numberExact(3)).checkPlan(outputs),
    ).toBeUndefined();
    expect(plancheck.expectKnownOutputValue("exists", knownvalue.bool(false)).checkPlan(outputs)).toMatch(
      /^output exists: bool\(false\): /,
    );
  });

  it("names an unknown or missing output", () => {
    expect(plancheck.expectKnownOutputValue("later", knownvalue.bool(true)).checkPlan(outputs)).toBe(
      "output later: expected bool(true), got an unknown value (known after apply)",
    );
    expect(plancheck.expectKnownOutputValue("nope", knownvalue.bool(true)).checkPlan(outputs)).toBe(
      "output nope: not in the plan (output changes: exists, later, count)",
    );
  });
});
