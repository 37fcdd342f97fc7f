import {
  attributeStep,
  formatPath,
  indexStep,
  listVal,
  listValEmpty,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  type Path,
  setVal,
  stringVal,
  tupleVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import type { Diagnostic } from "./diagnostics.js";
import { hasErrors } from "./diagnostics.js";
import { emptyValue } from "./implied-type.js";
import { resourceSchema, type Schema } from "./schema.js";
import { t } from "./type-constructors.js";
import { semanticTypes } from "./semantic/builtins.js";
import { Unknown } from "./unknown.js";
import { validateConfig } from "./validate-config.js";
import { matchRoot } from "./validators/path-expression.js";

/** A config object: every schema attribute null / block empty, then the given values. */
function config(schema: Schema, values: Record<string, Value>): Value {
  const m = new Map(emptyValue(schema).entries());
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  return objectVal(m);
}

/** Diagnostics as compact strings: "<severity> <path>: <summary> | <detail>". */
function show(diags: readonly Diagnostic[]): string[] {
  return diags.map(
    (d) => `${d.severity} ${d.path ? formatPath(d.path) : ""}: ${d.summary} | ${d.detail ?? ""}`,
  );
}

const ok = { optional: true } as const;

describe("validateConfig: presence", () => {
  const schema = resourceSchema({
    attributes: {
      id: attr.string({ computed: true }),
      name: attr.string({ required: true }),
      region: attr.string({ optional: true, computed: true }),
    },
  });

  it("accepts a config with the required attribute set", () => {
    expect(validateConfig(schema, config(schema, { name: stringVal("a") }))).toEqual([]);
  });

  it("reports a missing required argument in HCL's words", () => {
    expect(show(validateConfig(schema, config(schema, {})))).toEqual([
      'error .name: Missing required argument | The argument "name" is required, but no definition was found.',
    ]);
  });

  it("allows an unknown required value", () => {
    expect(validateConfig(schema, config(schema, { name: unknownVal(t.string.type) }))).toEqual([]);
  });

  it("rejects a value, even an unknown one, on a computed-only attribute", () => {
    const detail =
      "Cannot set value for this attribute as the provider has marked it as read-only. Remove the configuration line setting the value.\n\n" +
      "Refer to the provider documentation or contact the provider developers for additional information about configurable and read-only attributes that are supported.";
    for (const v of [stringVal("x"), unknownVal(t.string.type)]) {
      const d = validateConfig(schema, config(schema, { name: stringVal("a"), id: v }));
      expect(show(d)).toEqual([`error .id: Invalid Configuration for Read-Only Attribute | ${detail}`]);
    }
    expect(validateConfig(schema, config(schema, { name: stringVal("a"), region: stringVal("eu") }))).toEqual(
      [],
    );
  });

  it("has nothing to check in a null or unknown config", () => {
    expect(validateConfig(schema, nullVal(schema.type))).toEqual([]);
    expect(validateConfig(schema, unknownVal(schema.type))).toEqual([]);
  });

  it("checks required attributes inside nested attribute elements, with the element path", () => {
    const s = resourceSchema({
      attributes: {
        disks: attr.listNested(
          { size: attr.int64({ required: true }), id: attr.string({ computed: true }) },
          ok,
        ),
      },
    });
    const disk = (size: Value, id: Value) => objectVal({ size, id });
    const v = config(s, {
      disks: listVal([
        disk(numberVal(1), nullVal(t.string.type)),
        disk(nullVal(t.int64.type), stringVal("x")),
        unknownVal(s.attributes.disks.objectType),
      ]),
    });
    expect(show(validateConfig(s, v)).map((l) => l.split(" | ")[0])).toEqual([
      "error .disks[1].size: Missing required argument",
      "error .disks[1].id: Invalid Configuration for Read-Only Attribute",
    ]);
  });
});

describe("validateConfig: blocks", () => {
  const nicAttrs = { ip: attr.string({ required: true }) };
  const schema = resourceSchema({
    blocks: {
      nic: block.list({ attributes: nicAttrs, minItems: 1, maxItems: 2 }),
      tag: block.set({ attributes: nicAttrs, maxItems: 1 }),
      boot: block.single({ attributes: nicAttrs, required: true }),
    },
  });
  const obj = (ip: Value) => objectVal({ ip });
  const boot = obj(stringVal("b"));
  const nicType = schema.blocks.nic.objectType;

  it("counts blocks against min and max items with HCL's words", () => {
    expect(show(validateConfig(schema, config(schema, { boot })))).toEqual([
      'error .nic: Insufficient nic blocks | At least 1 "nic" blocks are required.',
    ]);
    const three = listVal([obj(stringVal("1")), obj(stringVal("2")), obj(stringVal("3"))]);
    expect(show(validateConfig(schema, config(schema, { boot, nic: three })))).toEqual([
      'error .nic: Too many nic blocks | No more than 2 "nic" blocks are allowed',
    ]);
    expect(validateConfig(schema, config(schema, { boot, nic: listVal([obj(stringVal("1"))]) }))).toEqual([]);
  });

  it("treats a null list block as no blocks", () => {
    expect(
      show(validateConfig(schema, config(schema, { boot, nic: nullVal(schema.blocks.nic.type) }))),
    ).toHaveLength(1);
  });

  it("skips counts that are not known: unknown blocks and sets holding unknowns", () => {
    expect(validateConfig(schema, config(schema, { boot, nic: unknownVal(schema.blocks.nic.type) }))).toEqual(
      [],
    );
    const nic = listVal([obj(stringVal("1"))]);
    const tags = setVal([obj(unknownVal(t.string.type)), obj(unknownVal(t.string.type))]);
    expect(validateConfig(schema, config(schema, { boot, nic, tag: tags }))).toEqual([]);
    const known = setVal([obj(stringVal("a")), obj(stringVal("b"))]);
    expect(show(validateConfig(schema, config(schema, { boot, nic, tag: known })))).toEqual([
      'error .tag: Too many tag blocks | No more than 1 "tag" blocks are allowed',
    ]);
  });

  it("requires a required single block", () => {
    const nic = listVal([obj(stringVal("1"))]);
    expect(show(validateConfig(schema, config(schema, { nic })))).toEqual([
      'error .boot: Missing boot block | A block of type "boot" is required here.',
    ]);
  });

  it("validates attributes inside blocks with element paths", () => {
    const nic = listVal([obj(stringVal("1")), obj(nullVal(t.string.type))]);
    expect(show(validateConfig(schema, config(schema, { boot, nic }))).map((l) => l.split(" | ")[0])).toEqual(
      ["error .nic[1].ip: Missing required argument"],
    );
    expect(listValEmpty(nicType).lengthInt()).toBe(0);
  });
});

describe("validateConfig: validators", () => {
  const calls: unknown[] = [];
  const schema = resourceSchema({
    attributes: {
      name: attr.string({
        optional: true,
        validators: [
          (v) => {
            calls.push(v);
            return v.length < 3 ? `must be at least 3 characters, got ${v.length}` : undefined;
          },
          {
            description: "no spaces",
            validate: (v) =>
              v.includes(" ") ? { severity: "warning", summary: "Spaces", detail: "has spaces" } : undefined,
          },
        ],
      }),
      ports: attr.list(t.int64, {
        optional: true,
        validators: [(v) => (v.some((p) => p !== null && p > 65535) ? "port out of range" : undefined)],
      }),
      disks: attr.listNested(
        { size: attr.int64({ optional: true }) },
        { optional: true, validators: [(v) => (v.length > 1 ? "only one disk" : undefined)] },
      ),
    },
  });

  it("runs validators on known values, with their messages and the attribute path", () => {
    calls.length = 0;
    expect(show(validateConfig(schema, config(schema, { name: stringVal("a b") })))).toEqual([
      "warning .name: Spaces | has spaces",
    ]);
    expect(show(validateConfig(schema, config(schema, { name: stringVal("ab") })))).toEqual([
      "error .name: Invalid Attribute Value | must be at least 3 characters, got 2",
    ]);
    expect(calls).toEqual(["a b", "ab"]);
  });

  it("skips validators on null and unknown values", () => {
    calls.length = 0;
    expect(validateConfig(schema, config(schema, {}))).toEqual([]);
    expect(validateConfig(schema, config(schema, { name: unknownVal(t.string.type) }))).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("skips validators of plain attributes that are only partly known", () => {
    const partial = listVal([numberVal(70000), unknownVal(t.int64.type)]);
    expect(validateConfig(schema, config(schema, { ports: partial }))).toEqual([]);
    expect(show(validateConfig(schema, config(schema, { ports: listVal([numberVal(70000)]) })))).toEqual([
      "error .ports: Invalid Attribute Value | port out of range",
    ]);
  });

  it("runs nested attribute validators on the model of the objects", () => {
    const disk = objectVal({ size: numberVal(1) });
    expect(show(validateConfig(schema, config(schema, { disks: listVal([disk, disk]) })))).toEqual([
      "error .disks: Invalid Attribute Value | only one disk",
    ]);
  });

  it("runs block validators on the model of the blocks", () => {
    const seen: unknown[] = [];
    const s = resourceSchema({
      blocks: {
        rule: block.list({
          attributes: { port: attr.int64(ok) },
          validators: [
            (v) => {
              seen.push(v);
              return new Set(v.map((r) => r.port)).size < v.length ? "ports must be unique" : undefined;
            },
          ],
        }),
      },
    });
    const rule = (p: Value) => objectVal({ port: p });
    expect(
      show(validateConfig(s, config(s, { rule: listVal([rule(numberVal(1)), rule(numberVal(1))]) }))),
    ).toEqual(["error .rule: Invalid Attribute Value | ports must be unique"]);
    expect(
      validateConfig(s, config(s, { rule: listVal([rule(numberVal(1)), rule(unknownVal(t.int64.type))]) })),
    ).toEqual([]);
    expect(seen[1]).toEqual([{ port: 1 }, { port: Unknown }]);
    expect(validateConfig(s, config(s, { rule: unknownVal(s.blocks.rule.type) }))).toEqual([]);
    expect(seen).toHaveLength(2);
  });

  it("reports int64 values that are not whole numbers in range", () => {
    expect(show(validateConfig(schema, config(schema, { ports: listVal([numberVal("1.5")]) })))).toEqual([
      "error .ports[0]: Invalid Attribute Value | Value 1.5 cannot be represented as a 64-bit integer.",
    ]);
  });

  it("accepts int64 values beyond 2^53 and refuses those beyond int64", () => {
    expect(
      show(
        validateConfig(
          schema,
          config(schema, { ports: listVal([numberVal(2n ** 63n - 1n), numberVal(2n ** 63n)]) }),
        ),
      ),
    ).toEqual([
      "error .ports[1]: Invalid Attribute Value | Value 9223372036854775808 cannot be represented as a 64-bit integer.",
    ]);
  });

  it("turns a throwing validator into a diagnostic", () => {
    const s = resourceSchema({
      attributes: {
        a: attr.string({
          optional: true,
          validators: [
            () => {
              throw new Error("boom");
            },
          ],
        }),
      },
    });
    expect(show(validateConfig(s, config(s, { a: stringVal("x") })))).toEqual([
      "error .a: Attribute Validation Error | A validator failed: boom",
    ]);
  });
});

describe("validateConfig: null elements", () => {
  const s = resourceSchema({
    attributes: {
      names: attr.list(t.string, { optional: true, nullElements: false }),
      labels: attr.map(t.string, { optional: true, nullElements: false }),
      zones: attr.set(t.string, { optional: true }),
      disks: attr.listNested({ size: attr.int64(ok) }, ok),
      inner: attr.of(t.list(t.list(t.string, { nullElements: false })), ok),
    },
  });
  const str = (x: string | null): Value => (x === null ? nullVal(t.string.type) : stringVal(x));

  it("refuses null elements where the schema says nullElements: false, at the element's path", () => {
    const c = config(s, {
      names: listVal([str("a"), str(null)]),
      labels: mapVal({ k: str(null), j: str("x") }),
      inner: listVal([listVal([str(null)])]),
    });
    expect(show(validateConfig(s, c))).toEqual([
      "error .names[1]: Invalid Null Element | This list does not accept null elements. Remove the null element or give it a value.",
      'error .labels["k"]: Invalid Null Element | This map does not accept null elements. Remove the null element or give it a value.',
      "error .inner[0][0]: Invalid Null Element | This list does not accept null elements. Remove the null element or give it a value.",
    ]);
  });

  it("accepts null elements by default", () => {
    expect(validateConfig(s, config(s, { zones: setVal([str("a"), str(null)]) }))).toEqual([]);
  });

  it("refuses a null object in a nested attribute collection", () => {
    const disks = listVal([nullVal(s.attributes.disks.objectType), objectVal({ size: numberVal(1) })]);
    expect(show(validateConfig(s, config(s, { disks })))).toEqual([
      "error .disks[0]: Invalid Null Element | This list nested attribute does not accept null elements. Remove the null element or give it a value.",
    ]);
  });
});

describe("validateConfig: cross-attribute rules", () => {
  const schema = resourceSchema({
    attributes: {
      password: attr.string({ optional: true, conflictsWith: ["key_file"], alsoRequires: ["username"] }),
      key_file: attr.string({ optional: true }),
      username: attr.string({ optional: true }),
      cidr: attr.string({ optional: true, exactlyOneOf: ["ipv6_cidr"] }),
      ipv6_cidr: attr.string({ optional: true }),
      zone: attr.string({ optional: true, atLeastOneOf: ["region", "location"] }),
      region: attr.string({ optional: true }),
    },
    blocks: { location: block.list({ attributes: { name: attr.string(ok) } }) },
  });
  const s = (x: string) => stringVal(x);
  const base = { cidr: s("10.0.0.0/8"), zone: s("z") };
  const lines = (values: Record<string, Value>) =>
    show(validateConfig(schema, config(schema, { ...base, ...values })));

  it("conflictsWith", () => {
    expect(lines({ password: s("p"), username: s("u"), key_file: s("k") })).toEqual([
      'error .password: Invalid Attribute Combination | Attribute "key_file" cannot be specified when "password" is specified',
    ]);
    expect(lines({ password: s("p"), username: s("u"), key_file: unknownVal(t.string.type) })).toEqual([]);
    expect(lines({ key_file: s("k") })).toEqual([]);
  });

  it("alsoRequires", () => {
    expect(lines({ password: s("p") })).toEqual([
      'error .password: Invalid Attribute Combination | Attribute "username" must be specified when "password" is specified',
    ]);
    expect(lines({ password: unknownVal(t.string.type) })).toEqual([]);
  });

  it("exactlyOneOf", () => {
    expect(lines({ cidr: nullVal(t.string.type) })).toEqual([
      "error .cidr: Invalid Attribute Combination | No attribute specified when one (and only one) of [cidr,ipv6_cidr] is required",
    ]);
    expect(lines({ ipv6_cidr: s("::/0") })).toEqual([
      "error .cidr: Invalid Attribute Combination | 2 attributes specified when one (and only one) of [cidr,ipv6_cidr] is required",
    ]);
    expect(lines({ cidr: nullVal(t.string.type), ipv6_cidr: s("::/0") })).toEqual([]);
    expect(lines({ cidr: nullVal(t.string.type), ipv6_cidr: unknownVal(t.string.type) })).toEqual([]);
    expect(lines({ ipv6_cidr: unknownVal(t.string.type) })).toEqual([]);
    // framework-validators wait while the attribute itself is unknown, whatever its siblings hold.
    expect(lines({ cidr: unknownVal(t.string.type), ipv6_cidr: s("::/0") })).toEqual([]);
    expect(lines({ cidr: unknownVal(t.string.type) })).toEqual([]);
  });

  it("conflictsWith, alsoRequires and atLeastOneOf wait while the attribute itself is unknown", () => {
    const unknown = unknownVal(t.string.type);
    expect(lines({ password: unknown, key_file: s("k") })).toEqual([]);
    expect(lines({ zone: unknown })).toEqual([]);
  });

  it("atLeastOneOf, counting a non-empty block as specified", () => {
    expect(lines({ zone: nullVal(t.string.type) })).toEqual([
      "error .zone: Invalid Attribute Combination | At least one attribute out of [zone,region,location] must be specified",
    ]);
    expect(lines({ zone: nullVal(t.string.type), region: s("r") })).toEqual([]);
    const loc = listVal([objectVal({ name: s("x") })]);
    expect(lines({ zone: nullVal(t.string.type), location: loc })).toEqual([]);
    expect(lines({ zone: nullVal(t.string.type), region: unknownVal(t.string.type) })).toEqual([]);
  });

  it("applies rules between siblings inside nested objects, with full paths", () => {
    const s2 = resourceSchema({
      blocks: {
        rule: block.list({
          attributes: {
            port: attr.int64({ optional: true, conflictsWith: ["range"] }),
            range: attr.string(ok),
          },
        }),
      },
    });
    const rule = listVal([objectVal({ port: numberVal(1), range: stringVal("1-2") })]);
    expect(show(validateConfig(s2, config(s2, { rule })))).toEqual([
      'error .rule[0].port: Invalid Attribute Combination | Attribute "rule[0].range" cannot be specified when "rule[0].port" is specified',
    ]);
  });
});

describe("validateConfig: deprecation and write-only", () => {
  const schema = resourceSchema({
    attributes: {
      old: attr.string({ optional: true, deprecated: "Use new instead." }),
      secret: attr.string({ optional: true, writeOnly: true }),
    },
    blocks: { legacy: block.list({ attributes: { x: attr.string(ok) }, deprecated: "Gone soon." }) },
  });

  it("warns about deprecated attributes and blocks only when set", () => {
    expect(validateConfig(schema, config(schema, {}))).toEqual([]);
    expect(validateConfig(schema, config(schema, { old: unknownVal(t.string.type) }))).toEqual([]);
    const d = validateConfig(
      schema,
      config(schema, { old: stringVal("x"), legacy: listVal([objectVal({ x: stringVal("1") })]) }),
    );
    expect(show(d)).toEqual([
      "warning .old: Attribute Deprecated | Use new instead.",
      "warning .legacy: Block Deprecated | Gone soon.",
    ]);
    expect(hasErrors(d)).toBe(false);
  });

  it("rejects write-only values only when the client says it cannot handle them", () => {
    const v = config(schema, { secret: stringVal("s") });
    expect(validateConfig(schema, v)).toEqual([]);
    expect(validateConfig(schema, v, { writeOnlyAttributesAllowed: true })).toEqual([]);
    expect(show(validateConfig(schema, v, { writeOnlyAttributesAllowed: false }))).toEqual([
      "error .secret: WriteOnly Attribute Not Allowed | The resource contains a non-null value for WriteOnly attribute secret. Write-only attributes are only supported in Terraform 1.11 and later.",
    ]);
  });
});

describe("diagnostic paths", () => {
  it("are cty paths with attribute and index steps (set elements by value)", () => {
    const s = resourceSchema({
      attributes: { items: attr.setNested({ n: attr.string({ required: true }) }, ok) },
    });
    const el = objectVal({ n: nullVal(t.string.type) });
    const [d] = validateConfig(s, config(s, { items: setVal([el]) }));
    const expected: Path = [attributeStep("items"), indexStep(el), attributeStep("n")];
    expect(d?.path?.map((p) => p.kind)).toEqual(expected.map((p) => p.kind));
    expect(d?.path && formatPath(d.path)).toBe(".items[...].n");
  });
});

describe("validateConfig: inside single and map nesting", () => {
  const port = attr.int64({
    optional: true,
    validators: [(p) => (p > 65535 ? `port ${p} out of range` : undefined)],
  });
  const inner = { ip: attr.string({ required: true }), id: attr.string({ computed: true }), port };
  const s = resourceSchema({
    attributes: {
      net: attr.singleNested(inner, ok),
      nets: attr.mapNested(inner, ok),
    },
    blocks: {
      boot: block.single({ attributes: inner }),
      named: block.map({ attributes: inner }),
      grp: block.group({ attributes: { port } }),
    },
  });
  const str = (x: string) => stringVal(x);
  const nul = nullVal(t.string.type);
  const bad = (ip: Value = nul) => objectVal({ ip, id: str("x"), port: numberVal(70000) });
  const good = objectVal({ ip: str("10.0.0.1"), id: nul, port: numberVal(22) });
  const heads = (values: Record<string, Value>) =>
    show(validateConfig(s, config(s, values))).map((l) => l.split(" | ")[0]);

  it("accepts an absent optional single block and absent nested attributes", () => {
    expect(validateConfig(s, config(s, {}))).toEqual([]);
    expect(validateConfig(s, config(s, { boot: nullVal(s.blocks.boot.type) }))).toEqual([]);
  });

  it("checks every rule inside a single nested attribute, with its path", () => {
    expect(heads({ net: bad() })).toEqual([
      "error .net.ip: Missing required argument",
      "error .net.id: Invalid Configuration for Read-Only Attribute",
      "error .net.port: Invalid Attribute Value",
    ]);
    expect(show(validateConfig(s, config(s, { net: bad(str("a")) })))[1]).toBe(
      "error .net.port: Invalid Attribute Value | port 70000 out of range",
    );
    expect(validateConfig(s, config(s, { net: good }))).toEqual([]);
  });

  it("checks every element of a map nested attribute, with its key", () => {
    const nets = mapVal({ a: good, b: bad(str("b")) });
    expect(heads({ nets })).toEqual([
      'error .nets["b"].id: Invalid Configuration for Read-Only Attribute',
      'error .nets["b"].port: Invalid Attribute Value',
    ]);
  });

  it("checks the contents of single, map and group blocks", () => {
    expect(heads({ boot: bad() })).toEqual([
      "error .boot.ip: Missing required argument",
      "error .boot.id: Invalid Configuration for Read-Only Attribute",
      "error .boot.port: Invalid Attribute Value",
    ]);
    expect(heads({ named: mapVal({ k: bad(str("k")) }) })).toEqual([
      'error .named["k"].id: Invalid Configuration for Read-Only Attribute',
      'error .named["k"].port: Invalid Attribute Value',
    ]);
    expect(heads({ grp: objectVal({ port: numberVal(70000) }) })).toEqual([
      "error .grp.port: Invalid Attribute Value",
    ]);
  });

  it("skips unknown single objects and unknown map elements", () => {
    expect(validateConfig(s, config(s, { net: unknownVal(s.attributes.net.type) }))).toEqual([]);
    expect(validateConfig(s, config(s, { boot: unknownVal(s.blocks.boot.type) }))).toEqual([]);
    const nets = mapVal({ a: unknownVal(s.attributes.nets.objectType), b: bad(str("b")) });
    expect(heads({ nets })).toHaveLength(2);
  });
});

describe("validateConfig: what each check looks at", () => {
  const str = (x: string | null): Value => (x === null ? nullVal(t.string.type) : stringVal(x));
  const heads = (sch: Schema, values: Record<string, Value>) =>
    show(validateConfig(sch, config(sch, values))).map((l) => l.split(" | ")[0]);

  it("takes a validator's null as no issue, and each issue of a list or a single issue object", () => {
    const s = resourceSchema({
      attributes: {
        a: attr.string({
          optional: true,
          validators: [
            // A validator written in plain JS may return null.
            () => null as unknown as undefined,
            () => ["first", { summary: "Second", detail: "second", severity: "warning" }],
            () => ({ detail: "third", path: [] }),
          ],
        }),
      },
    });
    expect(show(validateConfig(s, config(s, { a: str("x") })))).toEqual([
      "error .a: Invalid Attribute Value | first",
      "warning .a: Second | second",
      "error : Invalid Attribute Value | third",
    ]);
  });

  it("reports a semantic type's problem as an error at the attribute, deep inside collections", () => {
    const s = resourceSchema({ attributes: { at: attr.list(semanticTypes.rfc3339, ok) } });
    expect(heads(s, { at: listVal([str("2023-07-25T20:43:16Z"), str("nope")]) })).toEqual([
      "error .at[1]: Invalid RFC3339 String Value",
    ]);
  });

  it("refuses null elements of sets and nested sets and maps, naming the collection", () => {
    const s = resourceSchema({
      attributes: {
        zones: attr.set(t.string, { optional: true, nullElements: false }),
        disks: attr.setNested({ n: attr.string(ok) }, ok),
        named: attr.mapNested({ n: attr.string(ok) }, ok),
      },
    });
    const nullObj = nullVal(s.attributes.disks.objectType);
    expect(
      show(
        validateConfig(
          s,
          config(s, {
            zones: setVal([str("a"), str(null)]),
            disks: setVal([nullObj, objectVal({ n: str("x") })]),
            named: mapVal({ k: nullObj }),
          }),
        ),
      ),
    ).toEqual([
      "error .zones[null]: Invalid Null Element | This set does not accept null elements. Remove the null element or give it a value.",
      "error .disks[null]: Invalid Null Element | This set nested attribute does not accept null elements. Remove the null element or give it a value.",
      'error .named["k"]: Invalid Null Element | This map nested attribute does not accept null elements. Remove the null element or give it a value.',
    ]);
  });

  it("checks numbers inside sets, maps and tuples at their paths, float64 included", () => {
    const s = resourceSchema({
      attributes: {
        ids: attr.set(t.int64, ok),
        sizes: attr.map(t.int32, ok),
        pair: attr.of(t.tuple([t.int64, t.string]), ok),
        ratio: attr.float64(ok),
      },
    });
    expect(
      show(
        validateConfig(
          s,
          config(s, {
            ids: setVal([numberVal(1), numberVal("2.5")]),
            sizes: mapVal({ k: numberVal(2n ** 40n) }),
            pair: tupleVal([numberVal("0.5"), str("x")]),
            ratio: numberVal("1e400"),
          }),
        ),
      ).map((l) => l.replace(/ \| .*/, "")),
    ).toEqual([
      "error .ids[2.5]: Invalid Attribute Value",
      'error .sizes["k"]: Invalid Attribute Value',
      "error .pair[0]: Invalid Attribute Value",
      "error .ratio: Invalid Attribute Value",
    ]);
    // As Float64Type: beyond the range, or so small it would round to zero.
    const [tiny] = show(validateConfig(s, config(s, { ratio: numberVal("-1e-400") })));
    expect(tiny).toMatch(
      /^error \.ratio: Invalid Attribute Value \| Value -0\.0{399}1 cannot be represented as a 64-bit floating point\.$/,
    );
    for (const fits of ["1e300", "5e-324", "0", "-0.5"])
      expect(validateConfig(s, config(s, { ratio: numberVal(fits) })), fits).toEqual([]);
  });

  it("does not run validators on a value whose model cannot be made", () => {
    const seen: unknown[] = [];
    const record = (v: unknown) => {
      seen.push(v);
      return undefined;
    };
    const s = resourceSchema({
      attributes: {
        n: attr.int64({ optional: true, validators: [record] }),
        disks: attr.listNested({ x: attr.string(ok) }, { optional: true, validators: [record] }),
      },
      blocks: {
        boot: block.single({ attributes: { x: attr.string(ok) }, validators: [record] }),
        rule: block.list({ attributes: { x: attr.string(ok) }, validators: [record] }),
      },
    });
    const nullObj = nullVal(s.attributes.disks.objectType);
    expect(
      heads(s, {
        n: numberVal("1.5"),
        disks: listVal([nullObj]),
        rule: listVal([nullObj]),
      }),
    ).toEqual(["error .n: Invalid Attribute Value", "error .disks[0]: Invalid Null Element"]);
    expect(seen).toEqual([]);
    // An absent single block is null: block validators see only blocks that are there.
    expect(validateConfig(s, config(s, {}))).toEqual([]);
    expect(seen).toEqual([[]]);
  });

  it("names the attribute or block in the default deprecation message", () => {
    const s = resourceSchema({
      attributes: { old: attr.string({ optional: true, deprecated: true }) },
      blocks: { legacy: block.single({ attributes: { x: attr.string(ok) }, deprecated: true }) },
    });
    expect(show(validateConfig(s, config(s, { old: str("x"), legacy: objectVal({ x: str("y") }) })))).toEqual(
      [
        'warning .old: Attribute Deprecated | The attribute "old" is deprecated.',
        'warning .legacy: Block Deprecated | The block "legacy" is deprecated.',
      ],
    );
  });

  it("counts only list and set blocks: a present single block is one block whatever it holds", () => {
    const s = resourceSchema({
      blocks: {
        boot: block.single({ attributes: { a: attr.string(ok), b: attr.string(ok) }, required: true }),
      },
    });
    expect(validateConfig(s, config(s, { boot: objectVal({ a: str("x"), b: str("y") }) }))).toEqual([]);
  });

  it("checks each block of a map block holding a dynamic attribute (an object value), with its key", () => {
    const s = resourceSchema({
      blocks: {
        named: block.map({ attributes: { d: attr.dynamic(ok), name: attr.string({ required: true }) } }),
      },
    });
    const named = objectVal({
      a: objectVal({ d: numberVal(1), name: str("x") }),
      b: objectVal({ d: str("s"), name: str(null) }),
    });
    expect(heads(s, { named })).toEqual(['error .named["b"].name: Missing required argument']);
  });

  it("counts list blocks whose elements hold unknowns (the count is known)", () => {
    const s = resourceSchema({
      blocks: { nic: block.list({ attributes: { ip: attr.string(ok) }, maxItems: 1 }) },
    });
    const nic = (ip: Value) => objectVal({ ip });
    expect(heads(s, { nic: listVal([nic(unknownVal(t.string.type)), nic(str("b"))]) })).toEqual([
      "error .nic: Too many nic blocks",
    ]);
  });

  it("exactlyOneOf waits while a collection on the way is unknown; atLeastOneOf finds any element", () => {
    const s = resourceSchema({
      attributes: {
        a: attr.string({ optional: true, exactlyOneOf: [matchRoot("rule").atAnyListIndex().atName("name")] }),
      },
      blocks: { rule: block.list({ attributes: { name: attr.string(ok) } }) },
    });
    const rule = (name: Value) => objectVal({ name });
    expect(heads(s, { rule: unknownVal(s.blocks.rule.type) })).toEqual([]);
    expect(heads(s, { rule: listVal([rule(str(null))]) })).toEqual([
      "error .a: Invalid Attribute Combination",
    ]);
    const at = resourceSchema({
      attributes: {
        a: attr.string({ optional: true, atLeastOneOf: [matchRoot("rule").atAnyListIndex().atName("name")] }),
      },
      blocks: { rule: block.list({ attributes: { name: attr.string(ok) } }) },
    });
    expect(heads(at, { rule: listVal([rule(str(null)), rule(str("n"))]) })).toEqual([]);
    expect(heads(at, { rule: listVal([rule(str(null)), rule(str(null))]) })).toEqual([
      "error .a: Invalid Attribute Combination",
    ]);
  });
});
