import { dynamicType, stringType, stringVal, unknownVal } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import {
  checkSchema,
  dataSourceSchema,
  isSchemaError,
  providerSchema,
  resourceSchema,
  type SchemaDefinition,
} from "./schema.js";
import type { Attributes, Blocks } from "./spec.js";
import { t } from "./type-constructors.js";

/** The problems a resource definition is rejected with ([] when accepted). */
function problems(def: SchemaDefinition<Attributes, Blocks>, make = resourceSchema): readonly string[] {
  try {
    make(def);
    return [];
  } catch (e) {
    if (!isSchemaError(e)) throw e;
    return e.problems;
  }
}

const ok = { optional: true } as const;
/** A plan modifier the plan engine can run (the shape @tfkit/plan-engine builds). */
const runnable = { kind: "custom", modify: () => undefined };

describe("schema self-check", () => {
  it("accepts a well-formed schema", () => {
    expect(
      problems({
        version: 3,
        attributes: {
          id: attr.string({ computed: true }),
          name: attr.string({ required: true, conflictsWith: ["alias"] }),
          alias: attr.string({ optional: true }),
          port: attr.int64({ optional: true, computed: true, default: 80 }),
          secret: attr.string({ optional: true, writeOnly: true }),
          disks: attr.setNested(
            { size: attr.int64({ required: true }) },
            { optional: true, keyBy: ["size"] },
          ),
        },
        blocks: {
          nic: block.list({ attributes: { ip: attr.string(ok) }, minItems: 1, maxItems: 2 }),
          boot: block.single({ attributes: { image: attr.string({ required: true }) }, required: true }),
          group: block.group({ attributes: { x: attr.string(ok) } }),
        },
      }),
    ).toEqual([]);
  });

  it("reports core's presence rules with the attribute path", () => {
    expect(problems({ attributes: { a: attr.string({}) } })).toEqual([
      "a: must set Optional, Required or Computed",
    ]);
    expect(problems({ attributes: { a: attr.string({ required: true, optional: true }) } })).toEqual([
      "a: cannot set both Optional and Required",
    ]);
    expect(problems({ attributes: { a: attr.string({ required: true, computed: true }) } })).toEqual([
      "a: cannot set both Computed and Required",
    ]);
  });

  it("names the full path of nested attributes and blocks", () => {
    const p = problems({
      blocks: {
        network_interface: block.list({
          attributes: {
            addr: attr.singleNested({ ip: attr.string({ required: true, computed: true }) }, ok),
          },
        }),
      },
    });
    expect(p).toEqual(["network_interface.addr.ip: cannot set both Computed and Required"]);
  });

  it("requires Computed for a default and checks the default's type", () => {
    expect(problems({ attributes: { a: attr.string({ optional: true, default: "x" }) } })).toEqual([
      "a: an attribute with a default must be Computed (the default is a value the provider sets)",
    ]);
    expect(
      problems({
        attributes: { a: attr.string({ optional: true, computed: true, default: stringVal("x") }) },
      }),
    ).toEqual([]);
    const wrong = problems({
      attributes: { a: attr.int64({ optional: true, computed: true, default: stringVal("x") }) },
    });
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^a: the default value does not fit the attribute's type/);
    expect(
      problems({
        attributes: { a: attr.string({ optional: true, computed: true, default: unknownVal(stringType) }) },
      }),
    ).toEqual(["a: the default value must be wholly known"]);
    const bad = problems({ attributes: { a: attr.int64({ optional: true, computed: true, default: 1.5 }) } });
    expect(bad).toEqual([
      "a: invalid default: a whole number is required, but received number 1.5 (use a bigint beyond 2^53)",
    ]);
  });

  it("rejects validators and cross-attribute rules that can never run", () => {
    expect(
      problems({ attributes: { id: attr.string({ computed: true, validators: [() => undefined] }) } }),
    ).toEqual(["id: validators of a computed-only attribute never run (its configuration is always null)"]);
    expect(
      problems({
        attributes: { id: attr.string({ computed: true, conflictsWith: ["x"] }), x: attr.string(ok) },
      }),
    ).toEqual([
      "id: cross-attribute rules on a computed-only attribute never apply (it is never configured)",
    ]);
  });

  it("applies write-only rules", () => {
    expect(
      problems({ attributes: { a: attr.string({ optional: true, computed: true, writeOnly: true }) } }),
    ).toEqual(["a: write-only attributes cannot be Computed"]);
    expect(
      problems({
        attributes: { a: attr.string({ optional: true, computed: true, writeOnly: true, default: "x" }) },
      }),
    ).toEqual([
      "a: write-only attributes cannot be Computed",
      "a: write-only attributes cannot have a default",
    ]);
    expect(
      problems({ attributes: { a: attr.string({ optional: true, writeOnly: true }) } }, dataSourceSchema),
    ).toEqual(["a: write-only attributes are only supported in managed resource schemas"]);
    expect(
      problems({
        attributes: { s: attr.setNested({ w: attr.string({ optional: true, writeOnly: true }) }, ok) },
      }),
    ).toEqual(["s: NestingSet attributes may not contain WriteOnly attributes"]);
    expect(
      problems({
        blocks: { s: block.set({ attributes: { w: attr.string({ optional: true, writeOnly: true }) } }) },
      }),
    ).toEqual(["s: NestingSet blocks may not contain WriteOnly attributes"]);
  });

  it("checks names: lowercase, digits, underscores, not starting with a digit", () => {
    expect(problems({ attributes: { Name: attr.string(ok) } })).toEqual([
      'Name: invalid name "Name": names must only contain lowercase letters (a-z), digits (0-9) and underscores (_)',
    ]);
    expect(problems({ attributes: { "1a": attr.string(ok) } })).toEqual([
      '1a: invalid name "1a": names must begin with a lowercase letter (a-z) or underscore (_) and must only contain lowercase letters (a-z), digits (0-9) and underscores (_)',
    ]);
    expect(problems({ blocks: { "my-block": block.list({}) } })).toHaveLength(1);
    expect(problems({ attributes: { _ok_1: attr.string(ok) } })).toEqual([]);
  });

  it("reserves meta-argument names at the resource root only", () => {
    for (const name of [
      "count",
      "for_each",
      "depends_on",
      "lifecycle",
      "provider",
      "provisioner",
      "connection",
    ]) {
      expect(problems({ attributes: { [name]: attr.string(ok) } })).toEqual([
        `${name}: "${name}" is a reserved root attribute/block name`,
      ]);
    }
    expect(problems({ blocks: { lifecycle: block.list({}) } })).toEqual([
      'lifecycle: "lifecycle" is a reserved root attribute/block name',
    ]);
    expect(problems({ blocks: { b: block.list({ attributes: { count: attr.int64(ok) } }) } })).toEqual([]);
    expect(problems({ attributes: { count: attr.int64(ok) } }, providerSchema)).toEqual([]);
    expect(problems({ attributes: { alias: attr.string(ok) } }, providerSchema)).toEqual([
      'alias: "alias" is a reserved root attribute/block name',
    ]);
  });

  it("rejects a name used for both an attribute and a block", () => {
    expect(problems({ attributes: { disk: attr.string(ok) }, blocks: { disk: block.list({}) } })).toEqual([
      "disk: name defined as both attribute and child block type",
    ]);
  });

  it("checks block item counts per nesting mode with core's words", () => {
    expect(problems({ blocks: { b: block.list({ minItems: 3, maxItems: 2 }) } })).toEqual([
      "b: MinItems must be less than or equal to MaxItems in NestingList mode",
    ]);
    expect(problems({ blocks: { b: block.set({ minItems: 3, maxItems: 2 }) } })).toEqual([
      "b: MinItems must be less than or equal to MaxItems in NestingSet mode",
    ]);
    expect(problems({ blocks: { b: block.list({ minItems: 3 }) } })).toEqual([]);
    expect(problems({ blocks: { b: block.list({ minItems: -1 }) } })).toEqual([
      "b: MinItems and MaxItems must both be greater than zero",
    ]);
    const sneaky = { minItems: 1 } as unknown as Parameters<typeof block.map>[0];
    expect(problems({ blocks: { b: block.map(sneaky) } })).toEqual([
      "b: MinItems and MaxItems must both be 0 in NestingMap mode",
    ]);
    expect(problems({ blocks: { b: block.group(sneaky as Parameters<typeof block.group>[0]) } })).toEqual([
      "b: MinItems and MaxItems cannot be used in NestingGroup mode",
    ]);
  });

  it("forbids dynamic types in sets", () => {
    expect(problems({ attributes: { s: attr.setNested({ d: attr.dynamic(ok) }, ok) } })).toEqual([
      "s: NestingSet attributes may not contain attributes of cty.DynamicPseudoType",
    ]);
    expect(problems({ blocks: { s: block.set({ attributes: { d: attr.dynamic(ok) } }) } })).toEqual([
      "s: NestingSet blocks may not contain attributes of cty.DynamicPseudoType",
    ]);
    expect(problems({ attributes: { s: attr.set(t.list(t.dynamic), ok) } })).toEqual([
      "s: set types may not contain cty.DynamicPseudoType (set elements need an exact type)",
    ]);
    // Core allows dynamic attributes in list nested attributes and list blocks.
    expect(problems({ attributes: { l: attr.listNested({ d: attr.dynamic(ok) }, ok) } })).toEqual([]);
    expect(problems({ blocks: { l: block.list({ attributes: { d: attr.dynamic(ok) } }) } })).toEqual([]);
    expect(dynamicType.kind).toBe("dynamic");
  });

  it("checks cross-attribute references and keyBy names", () => {
    expect(problems({ attributes: { a: attr.string({ optional: true, conflictsWith: ["nope"] }) } })).toEqual(
      ['a: conflictsWith refers to "nope", which is not an attribute or block of the same object'],
    );
    expect(problems({ attributes: { a: attr.string({ optional: true, exactlyOneOf: ["a"] }) } })).toEqual([
      "a: exactlyOneOf refers to the attribute itself",
    ]);
    expect(
      problems({
        attributes: { a: attr.string({ optional: true, atLeastOneOf: ["b"] }) },
        blocks: { b: block.list({}) },
      }),
    ).toEqual([]);
    expect(
      problems({
        attributes: { l: attr.listNested({ x: attr.string(ok) }, { optional: true, keyBy: ["y"] }) },
      }),
    ).toEqual(['l: keyBy refers to "y", which is not an attribute of the element']);
    expect(
      problems({ blocks: { b: block.single({ attributes: { x: attr.string(ok) }, keyBy: ["x"] }) } }),
    ).toEqual(["b: keyBy only applies to list and set nesting"]);
  });

  it("limits features to the schema kinds that support them", () => {
    expect(problems({ attributes: { a: attr.string({ computed: true }) } }, providerSchema)).toEqual([
      "a: provider schemas cannot have Computed attributes",
    ]);
    expect(
      problems(
        { attributes: { a: attr.string({ optional: true, computed: true, default: "x" }) } },
        dataSourceSchema,
      ),
    ).toEqual(["a: defaults are only supported in managed resource schemas"]);
    expect(
      problems(
        { attributes: { a: attr.string({ optional: true, planModifiers: [runnable] }) } },
        dataSourceSchema,
      ),
    ).toEqual(["a: plan modifiers are only supported in managed resource schemas"]);
    expect(
      problems(
        { blocks: { b: block.list({ attributes: { x: attr.string(ok) }, planModifiers: [runnable] }) } },
        dataSourceSchema,
      ),
    ).toEqual(["b: plan modifiers are only supported in managed resource schemas"]);
  });

  it("refuses plan modifiers that cannot run", () => {
    const bare = { kind: "requires_replace" };
    expect(problems({ attributes: { a: attr.string({ optional: true, planModifiers: [bare] }) } })).toEqual([
      'a: the plan modifier of kind "requires_replace" has no modify function, so it cannot run (build plan modifiers with @tfkit/plan-engine)',
    ]);
    expect(
      problems({
        blocks: {
          b: block.single({
            attributes: { x: attr.string(ok) },
            planModifiers: [bare, "x" as never],
          }),
        },
      }),
    ).toEqual([
      'b: the plan modifier of kind "requires_replace" has no modify function, so it cannot run (build plan modifiers with @tfkit/plan-engine)',
      "b: a plan modifier must be an object with a string kind",
    ]);
    // A block built by hand with planModifiers that is not an array.
    const cast = {
      ...block.set({ attributes: { x: attr.string(ok) } }),
      planModifiers: { kind: "x" },
    } as never;
    expect(problems({ blocks: { b: cast } })).toEqual(["b: planModifiers must be an array"]);
    expect(
      problems({
        blocks: { b: block.group({ attributes: { x: attr.string(ok) }, planModifiers: [runnable] }) },
      }),
    ).toEqual([]);
  });

  it("checks the schema version", () => {
    expect(problems({ version: -1 })).toEqual(["schema version must be a non-negative integer, got -1"]);
    expect(problems({ version: 1.5 })).toEqual(["schema version must be a non-negative integer, got 1.5"]);
  });

  it("lists every problem in the thrown error and in checkSchema", () => {
    let message = "";
    try {
      resourceSchema({ attributes: { A: attr.string({}), count: attr.string(ok) } });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(
      [
        "invalid resource schema:",
        '- A: invalid name "A": names must only contain lowercase letters (a-z), digits (0-9) and underscores (_)',
        "- A: must set Optional, Required or Computed",
        '- count: "count" is a reserved root attribute/block name',
      ].join("\n"),
    );
    const good = resourceSchema({ attributes: { a: attr.string(ok) } });
    expect(checkSchema(good)).toEqual([]);
  });
});
