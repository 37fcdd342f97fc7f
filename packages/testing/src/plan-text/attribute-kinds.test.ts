import type { Value } from "@tfkit/cty-values";
import {
  listVal,
  listValEmpty,
  nullVal,
  objectVal,
  stringType,
  stringVal,
  unknownVal,
  valueGoString,
} from "@tfkit/cty-values";
import { planResourceChange, proposedNew } from "@tfkit/plan-engine";
import {
  type AnyAttributeSpec,
  attr,
  block,
  resourceSchema,
  type Schema,
  validateConfig,
} from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { renderPlan } from "./render-plan.js";

const s = (x: string): Value => stringVal(x);
const obj = (attrs: Record<string, Value>): Value => objectVal(attrs);
const list = (...els: Value[]): Value => listVal(els);
const NS = nullVal(stringType);
const US = unknownVal(stringType);

/** Asserts two values are the same (compared through their Go-syntax rendering, which shows types and order). */
function expectValue(got: Value, want: Value): void {
  expect(valueGoString(got)).toBe(valueGoString(want));
}

// Every row of every table in the write-up of SDK attribute kinds ("Attributes", "Optional & Default", "Optional &
// Computed", "Embedded Resources", "resource attribute", "Computed resources", "Optional &
// Computed resources"): attribute kind × in state or not × in config or not (equal or not) → the
// plan symbol and value the table gives, asserted on the planned value and on the rendered
// plan line. `<error>` cells are config errors, asserted with @tfkit/schema's validateConfig.
// The write-up describes the legacy SDK; rows where the plugin framework (what tfkit follows)
// differs say so.

function plan(schema: Schema, prior: Value, config: Value) {
  const proposed = proposedNew(schema, prior, config);
  const r = planResourceChange({ schema, prior, proposed, config });
  expect(r.diagnostics).toEqual([]);
  const text = renderPlan(schema, "test_resource.x", prior, r.plannedState, r.requiresReplace);
  return { ...r, text };
}

function lineFor(text: string, name: string): string | undefined {
  return text.split("\n").find((l) => new RegExp(`^\\s+[-+~ ]{1,3} ${name}\\s*( =|\\s\\{)`).test(l));
}

const kinds = {
  required: attr.string({ required: true }),
  optional: attr.string({ optional: true }),
  computed: attr.string({ computed: true }),
  optionalComputed: attr.string({ optional: true, computed: true }),
  optionalDefault: attr.string({ optional: true, computed: true, default: "d" }),
} as const;

type Kind = keyof typeof kinds;

function single(kind: Kind): Schema {
  return resourceSchema({ attributes: { a: kinds[kind] as AnyAttributeSpec } });
}

const NONE = nullVal(resourceSchema({ attributes: { a: kinds.optional } }).type);

function errorsFor(schema: Schema, config: Value): number {
  return validateConfig(schema, config).filter((d) => d.severity === "error").length;
}

describe("attribute kinds table 'Attributes' (Required / Optional / Computed)", () => {
  it("row 1, not in state, not in config: Required <error>, Optional null, Computed + (known after apply)", () => {
    expect(errorsFor(single("required"), obj({ a: NS }))).toBeGreaterThan(0);

    const opt = plan(single("optional"), NONE, obj({ a: NS }));
    expectValue(opt.plannedState, obj({ a: NS }));
    expect(lineFor(opt.text, "a")).toBeUndefined();

    const cmp = plan(single("computed"), NONE, obj({ a: NS }));
    expectValue(cmp.plannedState, obj({ a: US }));
    expect(lineFor(cmp.text, "a")).toBe("      + a = (known after apply)");
  });

  it("row 2, not in state, in config: Required + config, Optional + config, Computed <error>", () => {
    for (const k of ["required", "optional"] as const) {
      const r = plan(single(k), NONE, obj({ a: s("c") }));
      expectValue(r.plannedState, obj({ a: s("c") }));
      expect(lineFor(r.text, "a")).toBe('      + a = "c"');
    }
    expect(errorsFor(single("computed"), obj({ a: s("c") }))).toBeGreaterThan(0);
  });

  it("row 3, in state, not in config: Required <error>, Optional - state -> null, Computed state", () => {
    expect(errorsFor(single("required"), obj({ a: NS }))).toBeGreaterThan(0);

    const opt = plan(single("optional"), obj({ a: s("s") }), obj({ a: NS }));
    expectValue(opt.plannedState, obj({ a: NS }));
    expect(opt.action).toBe("update");
    expect(lineFor(opt.text, "a")).toBe('      - a = "s" -> null');

    const cmp = plan(single("computed"), obj({ a: s("s") }), obj({ a: NS }));
    expectValue(cmp.plannedState, obj({ a: s("s") }));
    expect(cmp.action).toBe("noop");
    expect(cmp.text).toBe("");
  });

  it("row 4a, config == state: state (no change) for Required and Optional; Computed <error>", () => {
    for (const k of ["required", "optional"] as const) {
      const r = plan(single(k), obj({ a: s("s") }), obj({ a: s("s") }));
      expectValue(r.plannedState, obj({ a: s("s") }));
      expect(r.action).toBe("noop");
      expect(r.text).toBe("");
    }
    expect(errorsFor(single("computed"), obj({ a: s("s") }))).toBeGreaterThan(0);
  });

  it("row 4b, config != state: ~ state -> config for Required and Optional; Computed <error>", () => {
    for (const k of ["required", "optional"] as const) {
      const r = plan(single(k), obj({ a: s("s") }), obj({ a: s("c") }));
      expectValue(r.plannedState, obj({ a: s("c") }));
      expect(r.action).toBe("update");
      expect(lineFor(r.text, "a")).toBe('      ~ a = "s" -> "c"');
    }
    expect(errorsFor(single("computed"), obj({ a: s("c") }))).toBeGreaterThan(0);
  });
});

describe("attribute kinds table 'Optional & Default' (a default needs Computed in the framework)", () => {
  const sch = single("optionalDefault");

  it("row 1, not in state, not in config: Optional null; Optional & Default + default", () => {
    const r = plan(sch, NONE, obj({ a: NS }));
    expectValue(r.plannedState, obj({ a: s("d") }));
    expect(lineFor(r.text, "a")).toBe('      + a = "d"');
  });

  it("row 2, in config: + config", () => {
    const r = plan(sch, NONE, obj({ a: s("c") }));
    expectValue(r.plannedState, obj({ a: s("c") }));
    expect(lineFor(r.text, "a")).toBe('      + a = "c"');
  });

  it("row 3a, in state, not in config, default == state: state", () => {
    const r = plan(sch, obj({ a: s("d") }), obj({ a: NS }));
    expectValue(r.plannedState, obj({ a: s("d") }));
    expect(r.action).toBe("noop");
  });

  it("row 3b, in state, not in config, default != state: ~ state -> default", () => {
    const r = plan(sch, obj({ a: s("s") }), obj({ a: NS }));
    expectValue(r.plannedState, obj({ a: s("d") }));
    expect(lineFor(r.text, "a")).toBe('      ~ a = "s" -> "d"');
  });

  it("rows 4a and 4b, in config: state when equal, ~ state -> config otherwise", () => {
    expect(plan(sch, obj({ a: s("s") }), obj({ a: s("s") })).action).toBe("noop");
    const r = plan(sch, obj({ a: s("s") }), obj({ a: s("c") }));
    expectValue(r.plannedState, obj({ a: s("c") }));
    expect(lineFor(r.text, "a")).toBe('      ~ a = "s" -> "c"');
  });
});

describe("attribute kinds table 'Optional & Computed' (Optional / Optional & Computed / Computed)", () => {
  it("row 1: Optional null, Optional & Computed + (known after apply), Computed + (known after apply)", () => {
    expect(lineFor(plan(single("optional"), NONE, obj({ a: NS })).text, "a")).toBeUndefined();
    for (const k of ["optionalComputed", "computed"] as const) {
      const r = plan(single(k), NONE, obj({ a: NS }));
      expectValue(r.plannedState, obj({ a: US }));
      expect(lineFor(r.text, "a")).toBe("      + a = (known after apply)");
    }
  });

  it("row 2: Optional & Computed + config; Computed <error>", () => {
    const r = plan(single("optionalComputed"), NONE, obj({ a: s("c") }));
    expect(lineFor(r.text, "a")).toBe('      + a = "c"');
    expect(errorsFor(single("computed"), obj({ a: s("c") }))).toBeGreaterThan(0);
  });

  it("row 3: Optional - state -> null; Optional & Computed state; Computed state", () => {
    expect(lineFor(plan(single("optional"), obj({ a: s("s") }), obj({ a: NS })).text, "a")).toBe(
      '      - a = "s" -> null',
    );
    for (const k of ["optionalComputed", "computed"] as const) {
      const r = plan(single(k), obj({ a: s("s") }), obj({ a: NS }));
      expectValue(r.plannedState, obj({ a: s("s") }));
      expect(r.action).toBe("noop");
    }
  });

  it("row 3 when another attribute changes: the framework marks Optional & Computed unknown", () => {
    const sch = resourceSchema({ attributes: { a: kinds.optionalComputed, b: kinds.optional } });
    const r = plan(sch, obj({ a: s("s"), b: s("1") }), obj({ a: NS, b: s("2") }));
    expectValue(r.plannedState, obj({ a: US, b: s("2") }));
    expect(lineFor(r.text, "a")).toBe('      ~ a = "s" -> (known after apply)');
  });

  it("rows 4a and 4b: Optional & Computed state / ~ state -> config; Computed <error>", () => {
    expect(plan(single("optionalComputed"), obj({ a: s("s") }), obj({ a: s("s") })).action).toBe("noop");
    const r = plan(single("optionalComputed"), obj({ a: s("s") }), obj({ a: s("c") }));
    expect(lineFor(r.text, "a")).toBe('      ~ a = "s" -> "c"');
    expect(errorsFor(single("computed"), obj({ a: s("s") }))).toBeGreaterThan(0);
  });
});

describe("attribute kinds table 'Embedded Resources' (blocks: Required / Optional)", () => {
  const inner = { x: attr.string({ optional: true }) };
  const required = resourceSchema({
    blocks: { res: block.list({ attributes: inner, minItems: 1, maxItems: 1 }) },
  });
  const optional = resourceSchema({ blocks: { res: block.list({ attributes: inner, maxItems: 1 }) } });
  const ET = optional.blocks.res.objectType;
  const none = obj({ res: listValEmpty(ET) });
  const one = (x: string) => obj({ res: list(obj({ x: s(x) })) });

  it("row 1, not in state, not in config: Required <error>, Optional null (no block)", () => {
    expect(errorsFor(required, none)).toBeGreaterThan(0);
    const r = plan(optional, nullVal(optional.type), none);
    expectValue(r.plannedState, none);
    expect(lineFor(r.text, "res")).toBeUndefined();
  });

  it("row 2, in config: + { + config… }", () => {
    for (const sch of [required, optional]) {
      const r = plan(sch, nullVal(sch.type), one("c"));
      expectValue(r.plannedState, one("c"));
      expect(r.text).toContain('      + res {\n          + x = "c"\n        }\n');
    }
  });

  it("row 3, in state, not in config: Required <error>, Optional - { - state -> null }", () => {
    expect(errorsFor(required, none)).toBeGreaterThan(0);
    const r = plan(optional, one("s"), none);
    expectValue(r.plannedState, none);
    expect(r.text).toContain('      - res {\n          - x = "s" -> null\n        }\n');
  });

  it("row 4a, config == state: { state }", () => {
    for (const sch of [required, optional]) expect(plan(sch, one("s"), one("s")).action).toBe("noop");
  });

  it("row 4b, config != state: ~ { ~ state -> config }", () => {
    for (const sch of [required, optional]) {
      const r = plan(sch, one("s"), one("c"));
      expect(r.text).toContain('      ~ res {\n          ~ x = "s" -> "c"\n        }\n');
    }
  });
});

describe("attribute kinds table 'resource attribute' (attributes inside a block)", () => {
  const sch = resourceSchema({
    blocks: {
      res: block.list({
        attributes: {
          r: attr.string({ optional: true }),
          o: attr.string({ optional: true }),
          c: attr.string({ computed: true }),
        },
        maxItems: 1,
      }),
    },
  });
  const el = (r: Value, o: Value, c: Value) => obj({ res: list(obj({ r, o, c })) });

  it("row 1, block new, attribute not configured: Optional null, Computed + (known after apply)", () => {
    const r = plan(sch, nullVal(sch.type), el(s("k"), NS, NS));
    expectValue(r.plannedState, el(s("k"), NS, US));
    expect(r.text).toContain("          + c = (known after apply)\n");
    expect(lineFor(r.text, "o")).toBeUndefined();
  });

  it("row 2, configured: + config; a Computed attribute set in config is a config error", () => {
    const r = plan(sch, nullVal(sch.type), el(s("k"), s("v"), NS));
    expect(r.text).toContain('          + o = "v"\n');
    expect(errorsFor(sch, el(s("k"), NS, s("x")))).toBeGreaterThan(0);
  });

  it("row 3, in state, not configured: Optional - state -> null, Computed state", () => {
    const r = plan(sch, el(s("k"), s("v"), s("id1")), el(s("k"), NS, NS));
    // The block changes, so the framework marks its computed attribute unknown; with the block
    // unchanged it keeps the state (next case).
    expect(r.text).toContain('          - o = "v" -> null\n');
    const same = plan(sch, el(s("k"), NS, s("id1")), el(s("k"), NS, NS));
    expectValue(same.plannedState, el(s("k"), NS, s("id1")));
    expect(same.action).toBe("noop");
  });

  it("rows 4a and 4b: state when equal, ~ state -> config otherwise", () => {
    expect(plan(sch, el(s("k"), s("v"), s("id1")), el(s("k"), s("v"), NS)).action).toBe("noop");
    const r = plan(sch, el(s("k"), s("v"), s("id1")), el(s("k"), s("w"), NS));
    expect(r.text).toContain('          ~ o = "v" -> "w"\n');
  });
});

describe("attribute kinds tables 'Computed resources' and 'Optional & Computed resources' (attribute config mode = nested attributes)", () => {
  const computed = resourceSchema({
    attributes: { res: attr.listNested({ x: attr.string({ optional: true }) }, { computed: true }) },
  });
  const oc = resourceSchema({
    attributes: {
      res: attr.listNested({ x: attr.string({ optional: true }) }, { optional: true, computed: true }),
    },
  });
  const LT = oc.attributes.res.type;
  const none = obj({ res: nullVal(LT) });
  const one = (x: string) => obj({ res: list(obj({ x: s(x) })) });

  it("row 1, not in state, not in config: + (known after apply)", () => {
    for (const sch of [computed, oc]) {
      const r = plan(sch, nullVal(sch.type), none);
      expect(r.plannedState.getAttr("res").isKnown()).toBe(false);
      expect(lineFor(r.text, "res")).toBe("      + res = (known after apply)");
    }
  });

  it("row 2, in config: Computed <error>; Optional & Computed + [ + { + config… } ]", () => {
    expect(errorsFor(computed, one("c"))).toBeGreaterThan(0);
    const r = plan(oc, nullVal(oc.type), one("c"));
    expect(r.text).toContain(
      '      + res = [\n          + {\n              + x = "c"\n            },\n        ]\n',
    );
  });

  it("row 3, in state, not in config: [ { state } ] (no change)", () => {
    for (const sch of [computed]) {
      const r = plan(sch, one("s"), none);
      expectValue(r.plannedState, one("s"));
      expect(r.action).toBe("noop");
    }
  });

  it("row 3 (Optional & Computed, attribute mode, block == null): core proposes null; the framework then plans unknown", () => {
    // Core's optionalValueNotComputable: the prior nested value holds a non-computed attribute,
    // so the user removed it and the proposal is null (the write-up's legacy-SDK row 3a: "- state ->
    // null"). The plan differs from state, so the framework marks the computed attribute unknown.
    expectValue(proposedNew(oc, one("s"), none), none);
    const r = plan(oc, one("s"), none);
    expect(r.plannedState.getAttr("res").isKnown()).toBe(false);
    expect(lineFor(r.text, "res")).toBe("      ~ res = [");
    expect(r.text).toContain("        ] -> (known after apply)\n");
  });

  it("rows 4a and 4b (Optional & Computed): [ { state } ] / ~ [ ~ { ~ state -> config } ]", () => {
    expect(plan(oc, one("s"), one("s")).action).toBe("noop");
    const r = plan(oc, one("s"), one("c"));
    expect(r.text).toContain(
      '      ~ res = [\n          ~ {\n              ~ x = "s" -> "c"\n            },\n        ]\n',
    );
  });

  it("'resource attribute Optional, attribute mode' rows 1b/3b: the framework plans null, not the SDK's zero value or state", () => {
    const sch = resourceSchema({
      attributes: {
        res: attr.listNested(
          { x: attr.string({ optional: true }), y: attr.string({ optional: true }) },
          { optional: true, computed: true },
        ),
      },
    });
    const r1 = plan(sch, nullVal(sch.type), obj({ res: list(obj({ x: s("a"), y: NS })) }));
    expectValue(r1.plannedState, obj({ res: list(obj({ x: s("a"), y: NS })) }));
    const r3 = plan(
      sch,
      obj({ res: list(obj({ x: s("a"), y: s("b") })) }),
      obj({ res: list(obj({ x: s("a"), y: NS })) }),
    );
    expectValue(r3.plannedState, obj({ res: list(obj({ x: s("a"), y: NS })) }));
    expect(r3.text).toContain('              - y = "b" -> null\n');
  });
});
