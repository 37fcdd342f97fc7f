import {
  attributeStep,
  refineNotNull,
  indexStep,
  listType,
  listVal,
  listValEmpty,
  nullVal,
  numberType,
  numberVal,
  objectType,
  objectVal,
  stringType,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { attr, block, resourceSchema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { toDiagnostics } from "./diagnostics.js";
import {
  checkApplyResult,
  checkDataSourceResult,
  checkDestroyPlan,
  checkFinalPlan,
  checkPlannedState,
  checkReadResult,
  checkRequiresReplace,
  checkUpgradeResult,
} from "./responses.js";
import { ContractRule, formatViolation, formatViolations } from "./violation.js";

// Resource Instance Change Lifecycle: a compute instance whose remote system adds a default network interface. The
// configured `network_interface` blocks must keep their count; the full list (including the
// default one) is reported through the computed `all_network_interfaces` attribute.
const server = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    port: attr.int64({ optional: true, computed: true }),
    password: attr.string({ optional: true, sensitive: true, writeOnly: true }),
    description: attr.string({ optional: true }),
    all_network_interfaces: attr.listNested(
      { name: attr.string({ computed: true }), ip: attr.string({ computed: true }) },
      { computed: true },
    ),
  },
  blocks: {
    network_interface: block.list({
      attributes: { name: attr.string({ required: true }), ip: attr.string({ computed: true }) },
    }),
  },
});

const S = stringVal;
const str = stringType;
const nicT = objectType({ name: str, ip: str });
const nic = (name: string, ip: Value) => objectVal({ name: S(name), ip });

interface ServerFields {
  id?: Value;
  name?: Value;
  port?: Value;
  password?: Value;
  description?: Value;
  all?: Value;
  nics?: Value;
}
const srv = (f: ServerFields): Value =>
  objectVal({
    id: f.id ?? nullVal(str),
    name: f.name ?? S("web"),
    port: f.port ?? nullVal(numberType),
    password: f.password ?? nullVal(str),
    description: f.description ?? nullVal(str),
    all_network_interfaces: f.all ?? nullVal(listType(nicT)),
    network_interface: f.nics ?? listVal([nic("eth0", nullVal(str))]),
  });
const priorNull = nullVal(server.type);
const config = srv({});
const ctx = { resourceAddress: "demo_server.web", provider: "registry.terraform.io/tfkit/demo" };

describe("Resource Instance Change Lifecycle: plan", () => {
  const goodPlan = srv({
    id: unknownVal(str),
    port: unknownVal(numberType),
    all: unknownVal(listType(nicT)),
    nics: listVal([nic("eth0", unknownVal(str))]),
  });

  it("a plan that keeps config values and leaves computed ones unknown is valid", () => {
    expect(checkPlannedState(server, { prior: priorNull, config, planned: goodPlan })).toEqual([]);
  });

  it("computed attributes null in config may take any value of their type", () => {
    const planned = srv({
      id: S("srv-1"),
      port: numberVal(8080),
      all: listVal([nic("eth0", S("10.0.0.2")), nic("default", S("10.0.0.3"))]),
      nics: listVal([nic("eth0", S("10.0.0.2"))]),
    });
    expect(checkPlannedState(server, { prior: priorNull, config, planned })).toEqual([]);
  });

  it("…but a non-computed attribute null in config must stay null", () => {
    const planned = srv({ id: unknownVal(str), description: S("default description") });
    expect(checkPlannedState(server, { prior: priorNull, config, planned }).map(formatViolation)).toEqual([
      '.description: planned value cty.StringVal("default description") for a non-computed attribute',
    ]);
  });

  it("nested block count is preserved: a default interface may not be added as a block", () => {
    const planned = srv({
      id: unknownVal(str),
      nics: listVal([nic("eth0", unknownVal(str)), nic("default", unknownVal(str))]),
    });
    const v = checkPlannedState(server, { prior: priorNull, config, planned });
    expect(v.map(formatViolation)).toEqual([
      ".network_interface: block count in plan (2) disagrees with count in config (1)",
    ]);
    expect(v[0]?.rule).toBe(ContractRule.blockCount);
  });

  it("a non-null config value must be planned as is", () => {
    const planned = srv({ name: S("b"), id: unknownVal(str) });
    const [d, ...rest] = toDiagnostics(checkPlannedState(server, { prior: priorNull, config, planned }), ctx);
    expect(rest).toEqual([]);
    expect(d?.summary).toBe("Provider produced invalid plan");
    expect(d?.detail).toBe(
      'Provider "registry.terraform.io/tfkit/demo" planned an invalid value for demo_server.web.name: planned value cty.StringVal("b") does not match config value cty.StringVal("web").\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.\n\ntfkit: contract rule "config_mismatch" (plan).',
    );
    expect(d?.path).toEqual([{ kind: "attribute", name: "name" }]);
  });

  it("…or as the prior value when prior and config are both set (diff suppression)", () => {
    const prior = srv({ name: S("WEB"), id: S("srv-1"), port: numberVal(80) });
    const planned = srv({ name: S("WEB"), id: S("srv-1"), port: numberVal(80) });
    expect(checkPlannedState(server, { prior, config, planned })).toEqual([]);
  });

  it("write-only attributes must be planned null (checked before anything else)", () => {
    const planned = srv({ id: unknownVal(str), password: S("hunter2") });
    const v = checkPlannedState(server, {
      prior: priorNull,
      config: srv({ password: S("hunter2") }),
      planned,
    });
    expect(v.map((x) => [x.rule, formatViolation(x)])).toEqual([
      [ContractRule.writeOnlyReturned, ".password: write-only attribute must be null"],
    ]);
    expect(toDiagnostics(v, { ...ctx, annotate: false })[0]?.detail).toBe(
      'Provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" returned a value for the write-only attribute "demo_server.web.password" during planning. Write-only attributes cannot be read back from the provider. This is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
    );
  });

  it("a planned value of the wrong type is a conformance error, and nothing else is checked", () => {
    const planned = objectVal({ id: S("x") });
    const v = checkPlannedState(server, { prior: priorNull, config, planned });
    expect(v.every((x) => x.rule === ContractRule.typeConformance)).toBe(true);
    expect(v.map(formatViolation)).toContain('missing required attribute "name"');
  });

  it("the replace re-plan only checks write-only and conformance", () => {
    const planned = srv({ name: S("other"), id: unknownVal(str) });
    expect(checkPlannedState(server, { prior: priorNull, config, planned }, { replacePlan: true })).toEqual(
      [],
    );
  });

  it("destroy plans must be null", () => {
    expect(checkDestroyPlan(nullVal(server.type))).toEqual([]);
    const v = checkDestroyPlan(config);
    expect(toDiagnostics(v, { ...ctx, annotate: false })).toEqual([
      {
        severity: "error",
        summary: "Provider produced invalid plan",
        detail:
          'Provider "registry.terraform.io/tfkit/demo" planned a non-null destroy value for demo_server.web.\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
        path: [],
        rule: ContractRule.destroyNonNull,
        stage: "destroy_plan",
      },
    ]);
  });
});

describe("Resource Instance Change Lifecycle: final plan", () => {
  const first = srv({
    id: unknownVal(str),
    port: numberVal(80),
    nics: listVal([nic("eth0", unknownVal(str))]),
  });

  it("unknowns may become known; known values stay identical", () => {
    const final = srv({ id: S("srv-1"), port: numberVal(80), nics: listVal([nic("eth0", S("10.0.0.2"))]) });
    expect(
      checkFinalPlan(server, { initial: first, final, initialAction: "Create", finalAction: "Create" }),
    ).toEqual([]);
  });

  it("a known value that changed is reported with core's final-plan wording", () => {
    const final = srv({
      id: unknownVal(str),
      port: numberVal(81),
      nics: listVal([nic("eth0", unknownVal(str))]),
    });
    const d = toDiagnostics(checkFinalPlan(server, { initial: first, final }), { ...ctx, annotate: false });
    expect(d.map((x) => [x.summary, x.detail])).toEqual([
      [
        "Provider produced inconsistent final plan",
        'When expanding the plan for demo_server.web to include new values learned so far during apply, provider "registry.terraform.io/tfkit/demo" produced an invalid new value for .port: was cty.NumberIntVal(80), but now cty.NumberIntVal(81).\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
      ],
    ]);
  });

  it("an unknown may become any value its refinements allow, and nothing else", () => {
    const refined = srv({
      id: refineNotNull(unknownVal(str)),
      port: numberVal(80),
      nics: listVal([nic("eth0", unknownVal(str))]),
    });
    const resolved = srv({
      id: S("srv-1"),
      port: numberVal(80),
      nics: listVal([nic("eth0", S("10.0.0.2"))]),
    });
    expect(checkFinalPlan(server, { initial: refined, final: resolved })).toEqual([]);
    const nulled = srv({
      id: nullVal(str),
      port: numberVal(80),
      nics: listVal([nic("eth0", S("10.0.0.2"))]),
    });
    expect(checkFinalPlan(server, { initial: refined, final: nulled }).map(formatViolation)).toEqual([
      ".id: final value cty.NullVal(cty.String) does not conform to planning placeholder cty.UnknownVal(cty.String).RefineNotNull()",
    ]);
  });

  it("the action may only change from Update to NoOp", () => {
    expect(
      checkFinalPlan(server, { initial: first, final: first, initialAction: "Update", finalAction: "NoOp" }),
    ).toEqual([]);
    const v = checkFinalPlan(server, {
      initial: first,
      final: first,
      initialAction: "Update",
      finalAction: "DeleteThenCreate",
    });
    expect(toDiagnostics(v, { ...ctx, annotate: false })[0]?.detail).toBe(
      'When expanding the plan for demo_server.web to include new values learned so far during apply, provider "registry.terraform.io/tfkit/demo" changed the planned action from Update to DeleteThenCreate.\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
    );
  });

  // node_resource_apply_instance.go checkPlannedChange: only Update → NoOp passes silently; a
  // swap of the two replace orders is "a bug in Terraform", not the provider's; anything else is
  // the provider's inconsistent final plan.
  it.each([
    ["Create", "NoOp", true],
    ["NoOp", "Update", true],
    ["Update", "CreateThenDelete", true],
    ["Update", "Create", true],
    ["DeleteThenCreate", "Update", true],
    ["CreateThenDelete", "NoOp", true],
    ["Update", "NoOp", false],
    ["CreateThenDelete", "DeleteThenCreate", false],
    ["DeleteThenCreate", "CreateThenDelete", false],
    ["Update", "Update", false],
  ] as const)("action %s → %s reported: %s", (from, to, reported) => {
    const v = checkFinalPlan(server, { initial: first, final: first, initialAction: from, finalAction: to });
    expect(v).toEqual(
      reported
        ? [
            {
              stage: "final_plan",
              rule: ContractRule.actionChanged,
              path: [],
              message: `changed the planned action from ${from} to ${to}`,
              actions: [from, to],
            },
          ]
        : [],
    );
  });

  it("an action given on one side only is not compared", () => {
    expect(checkFinalPlan(server, { initial: first, final: first, initialAction: "Create" })).toEqual([]);
    expect(checkFinalPlan(server, { initial: first, final: first, finalAction: "Delete" })).toEqual([]);
  });

  it("an action change and a value change are both reported, the action first", () => {
    const final = srv({
      id: unknownVal(str),
      port: numberVal(81),
      nics: listVal([nic("eth0", unknownVal(str))]),
    });
    const v = checkFinalPlan(server, {
      initial: first,
      final,
      initialAction: "Update",
      finalAction: "Create",
    });
    expect(v.map((x) => [x.rule, x.stage])).toEqual([
      [ContractRule.actionChanged, "final_plan"],
      [ContractRule.valueChanged, "final_plan"],
    ]);
  });

  it("a non-conforming initial plan is reported as input, not judged", () => {
    const v = checkFinalPlan(server, {
      initial: S("x"),
      final: first,
      initialAction: "Create",
      finalAction: "NoOp",
    });
    expect(v.map((x) => x.rule)).toEqual([ContractRule.malformedInput]);
  });
});

describe("Resource Instance Change Lifecycle: apply", () => {
  const planned = srv({
    id: unknownVal(str),
    port: numberVal(80),
    all: unknownVal(listType(nicT)),
    nics: listVal([nic("eth0", unknownVal(str))]),
  });
  const applied = srv({
    id: S("srv-1"),
    port: numberVal(80),
    all: listVal([nic("eth0", S("10.0.0.2")), nic("default", S("10.0.0.3"))]),
    nics: listVal([nic("eth0", S("10.0.0.2"))]),
  });

  it("the default interface appears only in the computed list: valid", () => {
    expect(checkApplyResult(server, { planned, newState: applied, action: "Create" })).toEqual([]);
  });

  it("adding the default interface as a block changes the block count", () => {
    const newState = srv({
      id: S("srv-1"),
      port: numberVal(80),
      all: listVal([nic("eth0", S("10.0.0.2"))]),
      nics: listVal([nic("eth0", S("10.0.0.2")), nic("default", S("10.0.0.3"))]),
    });
    expect(checkApplyResult(server, { planned, newState, action: "Create" }).map(formatViolation)).toEqual([
      ".network_interface: block count changed from 1 to 2",
    ]);
  });

  it("a known planned value that changed: core's exact diagnostic", () => {
    const newState = srv({
      id: S("srv-1"),
      port: numberVal(81),
      all: listValEmpty(nicT),
      nics: listVal([nic("eth0", S("10.0.0.2"))]),
    });
    expect(
      toDiagnostics(checkApplyResult(server, { planned, newState }), { ...ctx, origin: "create" }),
    ).toEqual([
      {
        severity: "error",
        summary: "Provider produced inconsistent result after apply",
        detail:
          'When applying changes to demo_server.web, provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" produced an unexpected new value: .port: was cty.NumberIntVal(80), but now cty.NumberIntVal(81).\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.\n\ntfkit: contract rule "value_changed" (apply), value produced by create.',
        path: [{ kind: "attribute", name: "port" }],
        rule: ContractRule.valueChanged,
        stage: "apply",
        origin: "create",
      },
    ]);
  });

  it("no unknown may remain: one diagnostic per unknown", () => {
    const newState = srv({
      id: unknownVal(str),
      port: numberVal(80),
      all: listValEmpty(nicT),
      nics: listVal([nic("eth0", unknownVal(str))]),
    });
    const v = checkApplyResult(server, { planned, newState });
    expect(v.map(formatViolation)).toEqual([
      ".id: the provider still indicated an unknown value after apply",
      ".network_interface[0].ip: the provider still indicated an unknown value after apply",
    ]);
    expect(toDiagnostics(v, { ...ctx, annotate: false })[1]).toMatchObject({
      summary: "Provider returned invalid result object after apply",
      detail:
        "After the apply operation, the provider still indicated an unknown value for demo_server.web.network_interface[0].ip. All values must be known after apply, so this is always a bug in the provider and should be reported in the provider's own repository. Terraform will still save the other known object values in the state.",
    });
  });

  it("with the provider's own errors, a partial state is not compared with the plan", () => {
    const partial = srv({
      id: S("srv-1"),
      port: numberVal(81),
      all: listValEmpty(nicT),
      nics: listValEmpty(nicT),
    });
    expect(checkApplyResult(server, { planned, newState: partial, providerReportedErrors: true })).toEqual(
      [],
    );
    expect(checkApplyResult(server, { planned, newState: partial }).length).toBeGreaterThan(0);
    const unknown = srv({ id: unknownVal(str), all: listValEmpty(nicT) });
    expect(
      checkApplyResult(server, { planned, newState: unknown, providerReportedErrors: true }).map(
        (x) => x.rule,
      ),
    ).toEqual([ContractRule.unknownValue]);
  });

  it("no value at all, null after create, non-null after delete", () => {
    expect(checkApplyResult(server, { planned, newState: undefined }).map((x) => x.rule)).toEqual([
      ContractRule.nilValue,
    ]);
    const nullAfterCreate = checkApplyResult(server, {
      planned,
      newState: nullVal(server.type),
      action: "Create",
    });
    expect(nullAfterCreate.map((x) => x.rule)).toEqual([ContractRule.presenceChanged]);
    const nonNullAfterDelete = checkApplyResult(server, { planned: nullVal(server.type), newState: applied });
    expect(toDiagnostics(nonNullAfterDelete, { ...ctx, annotate: false })[0]?.detail).toBe(
      "After applying a Delete plan, the provider returned a non-null object for demo_server.web. Destroying should always produce a null value, so this is always a bug in the provider and should be reported in the provider's own repository. Terraform will still save this errant object in the state for debugging and recovery.",
    );
    expect(
      checkApplyResult(server, { planned: nullVal(server.type), newState: nullVal(server.type) }),
    ).toEqual([]);
  });

  // node_resource_abstract_instance.go apply(): after assertObjectCompatible, a null new value
  // for anything but Delete is "returned a null object". A null plan and a null result pass
  // compatibility, so this check alone catches them (e.g. an Update whose plan was null).
  it("null after a non-delete action whose plan was null too: core's own wording", () => {
    for (const action of ["Update", "Create", "NoOp"] as const) {
      const v = checkApplyResult(server, { planned: priorNull, newState: nullVal(server.type), action });
      expect(v).toEqual([
        {
          stage: "apply",
          rule: ContractRule.nullnessAfterApply,
          path: [],
          message: "returned a null object",
          actions: [action],
        },
      ]);
      expect(toDiagnostics(v, { ...ctx, annotate: false })[0]?.detail).toBe(
        `After applying a ${action} plan, the provider returned a null object for demo_server.web. Only destroying should always produce a null value, so this is always a bug in the provider and should be reported in the provider's own repository.`,
      );
    }
  });

  it("a Delete skips the comparison with the plan; its default comes from a null plan", () => {
    // Explicit Delete with a non-null plan: not compared, only the non-null result is reported.
    const v = checkApplyResult(server, { planned, newState: applied, action: "Delete" });
    expect(v.map((x) => [x.rule, x.message, x.actions])).toEqual([
      [ContractRule.nullnessAfterApply, "returned a non-null object after destroying", ["Delete"]],
    ]);
    // Default action of a non-null plan is Update: a null result is compared and absent.
    expect(
      checkApplyResult(server, { planned, newState: nullVal(server.type) }).map(formatViolation),
    ).toEqual(["Root object was present, but now absent"]);
  });

  it("with the provider's own errors, a missing value is accepted and checks before the comparison still run", () => {
    expect(checkApplyResult(server, { planned, newState: undefined, providerReportedErrors: true })).toEqual(
      [],
    );
    const unknownLeft = srv({ id: unknownVal(str), port: numberVal(80), all: listValEmpty(nicT) });
    expect(
      checkApplyResult(server, { planned, newState: unknownLeft, providerReportedErrors: true }).map(
        (x) => x.rule,
      ),
    ).toContain(ContractRule.unknownValue);
    expect(
      checkApplyResult(server, { planned, newState: nullVal(server.type), providerReportedErrors: true }),
    ).toEqual([]);
  });

  it("write-only attributes must come back null", () => {
    const newState = srv({
      id: S("srv-1"),
      port: numberVal(80),
      password: S("hunter2"),
      all: listValEmpty(nicT),
      nics: listVal([nic("eth0", S("10.0.0.2"))]),
    });
    expect(formatViolations(checkApplyResult(server, { planned, newState }))).toBe(
      ".password: write-only attribute must be null",
    );
  });
});

describe("read, data source, upgrade", () => {
  const state = srv({
    id: S("srv-1"),
    port: numberVal(80),
    all: listValEmpty(nicT),
    nics: listVal([nic("eth0", S("10.0.0.2"))]),
  });

  it("refresh: drift is fine, unknowns and non-conforming values are not; null means gone", () => {
    expect(
      checkReadResult(server, srv({ ...{ id: S("srv-1") }, port: numberVal(99), all: listValEmpty(nicT) })),
    ).toEqual([]);
    expect(checkReadResult(server, nullVal(server.type))).toEqual([]);
    const unknown = checkReadResult(server, srv({ id: unknownVal(str), all: listValEmpty(nicT) }));
    expect(toDiagnostics(unknown, { ...ctx, annotate: false }).map((d) => [d.summary, d.detail])).toEqual([
      [
        "Provider produced invalid object",
        'Provider "registry.terraform.io/tfkit/demo" planned an invalid value for demo_server.web during refresh: The returned state contains unknown values.\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
      ],
    ]);
    expect(checkReadResult(server, objectVal({ id: S("x") }))[0]?.rule).toBe(ContractRule.typeConformance);
  });

  it("data source: must be non-null and wholly known", () => {
    const ds = { ...ctx, resourceAddress: "data.demo_server.web", annotate: false };
    expect(checkDataSourceResult(server, state)).toEqual([]);
    expect(
      toDiagnostics(checkDataSourceResult(server, nullVal(server.type)), ds).map((d) => [
        d.summary,
        d.detail,
      ]),
    ).toEqual([
      [
        "Provider produced null object",
        'Provider "provider[\\"registry.terraform.io/tfkit/demo\\"]" produced a null value for data.demo_server.web.\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
      ],
    ]);
    expect(checkDataSourceResult(server, srv({ id: unknownVal(str) })).map((x) => x.rule)).toEqual([
      ContractRule.unknownValue,
    ]);
  });

  it("upgrade: must conform to the current schema and be wholly known", () => {
    expect(checkUpgradeResult(server, state)).toEqual([]);
    const v = checkUpgradeResult(server, objectVal({ id: S("x"), name: S("web") }));
    const d = toDiagnostics(v, { ...ctx, annotate: false });
    expect(d[0]?.summary).toBe("Invalid resource state upgrade");
    expect(d[0]?.detail).toBe(
      'The demo provider upgraded the state for demo_server.web from a previous version, but produced an invalid result: missing required attribute "all_network_interfaces".',
    );
    const unknown = toDiagnostics(checkUpgradeResult(server, srv({ id: unknownVal(str) })), {
      ...ctx,
      annotate: false,
    });
    expect(unknown.map((x) => [x.summary, x.detail])).toEqual([
      [
        "Invalid resource state upgrade",
        "The demo provider upgraded the state for demo_server.web from a previous version, but produced an invalid result: The returned state contains unknown values.",
      ],
    ]);
    const pw = srv({ id: S("x"), password: S("pw"), all: listValEmpty(nicT) });
    expect(toDiagnostics(checkUpgradeResult(server, pw), { ...ctx, annotate: false })[0]?.detail).toBe(
      'While attempting to upgrade state of resource demo_server.web, the provider "demo" returned a value for the write-only attribute "demo_server.web.password". Write-only attributes cannot be read back from the provider. This is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
    );
  });
});

describe("inputs core would never send", () => {
  it("a non-conforming prior or config is reported, not judged", () => {
    const v = checkPlannedState(server, { prior: objectVal({ id: S("x") }), config, planned: config });
    expect(v.map((x) => x.rule)).toContain(ContractRule.malformedInput);
    expect(v.map(formatViolation)).toContain(
      'prior state does not conform to the schema: missing required attribute "name"',
    );
    expect(toDiagnostics(v, { ...ctx, annotate: false })[0]?.summary).toBe(
      "Invalid input to a contract check",
    );
  });

  it("a non-conforming planned state given to the apply check is reported", () => {
    const v = checkApplyResult(server, { planned: S("x"), newState: config });
    expect(v.map(formatViolation)).toEqual([
      "planned state does not conform to the schema: object required, but received string",
    ]);
  });

  it("nulls of any type are accepted as 'no value'", () => {
    expect(checkPlannedState(server, { prior: nullVal(str), config, planned: config })).toEqual([]);
  });
});

describe("each check tags its violations with its checkpoint and core's message", () => {
  const planned = srv({ id: unknownVal(str), port: numberVal(80), all: unknownVal(listType(nicT)) });
  const known = srv({ id: S("srv-1"), port: numberVal(80), all: listValEmpty(nicT) });
  const withUnknown = srv({ id: unknownVal(str), all: listValEmpty(nicT) });
  const withPassword = srv({ id: S("srv-1"), password: S("pw"), all: listValEmpty(nicT) });
  // Conforms except for one attribute: a string where the schema has a number.
  const odd = srv({ id: S("srv-1"), port: S("eighty"), all: listValEmpty(nicT) });
  const row = (vs: readonly { stage: string; rule: string }[]) =>
    vs.map((v) => [v.stage, v.rule, formatViolation(v as Parameters<typeof formatViolation>[0])]);

  it.each([
    [
      "plan: a non-conforming prior state",
      () => checkPlannedState(server, { prior: odd, config, planned: config }),
      [
        [
          "plan",
          "malformed_input",
          ".port: prior state does not conform to the schema: number required, but received string",
        ],
      ],
    ],
    [
      "plan: a non-conforming config",
      () => checkPlannedState(server, { prior: priorNull, config: odd, planned: config }),
      [
        [
          "plan",
          "malformed_input",
          ".port: config does not conform to the schema: number required, but received string",
        ],
      ],
    ],
    [
      "plan: wrong type",
      () => checkPlannedState(server, { prior: priorNull, config, planned: odd }),
      [["plan", "type_conformance", ".port: number required, but received string"]],
    ],
    [
      "plan: a write-only value",
      () => checkPlannedState(server, { prior: priorNull, config, planned: withPassword }),
      [["plan", "write_only_returned", ".password: write-only attribute must be null"]],
    ],
    [
      "destroy plan: non-null",
      () => checkDestroyPlan(known),
      [["destroy_plan", "destroy_non_null", "planned a non-null destroy value"]],
    ],
    [
      "final plan: a non-conforming initial plan",
      () => checkFinalPlan(server, { initial: odd, final: known }),
      [
        [
          "final_plan",
          "malformed_input",
          ".port: initial plan does not conform to the schema: number required, but received string",
        ],
      ],
    ],
    [
      "apply: a non-conforming planned state",
      () => checkApplyResult(server, { planned: odd, newState: known }),
      [
        [
          "apply",
          "malformed_input",
          ".port: planned state does not conform to the schema: number required, but received string",
        ],
      ],
    ],
    [
      "apply: no value",
      () => checkApplyResult(server, { planned, newState: undefined }),
      [["apply", "nil_value", "invalid nil value after apply"]],
    ],
    [
      "apply: wrong type",
      () => checkApplyResult(server, { planned, newState: odd }),
      [["apply", "type_conformance", ".port: number required, but received string"]],
    ],
    [
      "apply: a write-only value",
      () => checkApplyResult(server, { planned, newState: withPassword }),
      [["apply", "write_only_returned", ".password: write-only attribute must be null"]],
    ],
    [
      "refresh: wrong type",
      () => checkReadResult(server, odd),
      [["refresh", "type_conformance", ".port: number required, but received string"]],
    ],
    [
      "refresh: unknowns",
      () => checkReadResult(server, withUnknown),
      [["refresh", "unknown_value", "The returned state contains unknown values"]],
    ],
    [
      "refresh: a write-only value",
      () => checkReadResult(server, withPassword),
      [["refresh", "write_only_returned", ".password: write-only attribute must be null"]],
    ],
    [
      "data source: wrong type",
      () => checkDataSourceResult(server, odd),
      [["data_source", "type_conformance", ".port: number required, but received string"]],
    ],
    [
      "data source: null",
      () => checkDataSourceResult(server, nullVal(server.type)),
      [["data_source", "null_object", "produced a null value"]],
    ],
    [
      "data source: unknowns",
      () => checkDataSourceResult(server, withUnknown),
      [["data_source", "unknown_value", "produced a value that is not wholly known"]],
    ],
    [
      "upgrade: unknowns",
      () => checkUpgradeResult(server, withUnknown),
      [["upgrade", "unknown_value", "The returned state contains unknown values"]],
    ],
    [
      "upgrade: a write-only value",
      () => checkUpgradeResult(server, withPassword),
      [["upgrade", "write_only_returned", ".password: write-only attribute must be null"]],
    ],
    [
      "requires_replace: a path in neither",
      () => checkRequiresReplace(known, known, [[attributeStep("nope")]]),
      [
        [
          "plan",
          "replace_path_missing",
          '.nope: requires replacement on a non-existent attribute path cty.Path{cty.GetAttrStep{Name:"nope"}}',
        ],
      ],
    ],
  ] as const)("%s", (_, run, want) => {
    expect(row(run())).toEqual(want);
  });
});

describe("requires_replace paths", () => {
  const prior = srv({ id: S("srv-1"), all: listValEmpty(nicT) });
  const planned = srv({ id: S("srv-1"), all: listValEmpty(nicT), name: S("other") });

  it("paths that exist in prior or plan are fine; none are checked on create", () => {
    expect(
      checkRequiresReplace(prior, planned, [
        [attributeStep("name")],
        [attributeStep("network_interface"), indexStep(numberVal(0)), attributeStep("name")],
      ]),
    ).toEqual([]);
    expect(checkRequiresReplace(nullVal(server.type), planned, [[attributeStep("nope")]])).toEqual([]);
  });

  // terraform: a path is invalid only when hcl.ApplyPath fails on the prior AND the planned value.
  it("a path only the plan has (an element added by this plan) is fine", () => {
    const twoNics = srv({
      id: S("srv-1"),
      all: listValEmpty(nicT),
      nics: listVal([nic("eth0", S("a")), nic("eth1", unknownVal(str))]),
    });
    const path = [attributeStep("network_interface"), indexStep(numberVal(1)), attributeStep("name")];
    expect(checkRequiresReplace(prior, twoNics, [path])).toEqual([]);
    // …and one only the prior has (an element this plan removes).
    expect(checkRequiresReplace(twoNics, prior, [path])).toEqual([]);
    // Every path is checked, not just the first.
    expect(
      checkRequiresReplace(prior, planned, [[attributeStep("name")], [attributeStep("nope")]]).map(
        formatViolation,
      ),
    ).toEqual([
      '.nope: requires replacement on a non-existent attribute path cty.Path{cty.GetAttrStep{Name:"nope"}}',
    ]);
  });

  it("a path in neither is core's invalid-plan error", () => {
    const v = checkRequiresReplace(prior, planned, [
      [attributeStep("network_interface"), indexStep(numberVal(3)), attributeStep("name")],
    ]);
    expect(toDiagnostics(v, { ...ctx, annotate: false }).map((d) => [d.summary, d.detail])).toEqual([
      [
        "Provider produced invalid plan",
        'Provider "registry.terraform.io/tfkit/demo" has indicated "requires replacement" on demo_server.web for a non-existent attribute path cty.Path{cty.GetAttrStep{Name:"network_interface"}, cty.IndexStep{Key:cty.NumberIntVal(3)}, cty.GetAttrStep{Name:"name"}}.\n\nThis is a bug in the provider, which should be reported in the provider\'s own issue tracker.',
      ],
    ]);
    expect(v[0]?.rule).toBe(ContractRule.replacePathMissing);
  });
});
