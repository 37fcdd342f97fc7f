import { typeFromJson, typeToJson } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import { DESCRIPTION_KIND_NUMBER, NESTING_MODE_NUMBER, toSchemaDescription } from "./description.js";
import { resourceSchema } from "./schema.js";
import { t } from "./type-constructors.js";

const schema = resourceSchema({
  version: 4,
  description: "A server.",
  deprecated: "Use example_server_v2.",
  attributes: {
    name: attr.string({ required: true, description: "The name." }),
    id: attr.string({ computed: true, markdownDescription: "The `id`.", description: "plain" }),
    token: attr.string({ optional: true, sensitive: true, writeOnly: true, deprecated: "Use token_v2." }),
    old: attr.bool({ optional: true, deprecated: true }),
    labels: attr.map(t.set(t.string), { optional: true, computed: true }),
    disks: attr.setNested(
      { size: attr.int64({ required: true }), kind: attr.string({ optional: true, computed: true }) },
      { optional: true },
    ),
  },
  blocks: {
    nic: block.list({
      attributes: { ip: attr.string({ optional: true }) },
      minItems: 1,
      maxItems: 3,
      description: "NICs.",
    }),
    boot: block.single({
      attributes: { image: attr.string({ required: true }) },
      required: true,
      deprecated: "gone",
    }),
    opts: block.group({
      blocks: { inner: block.map({ attributes: { v: attr.string({ optional: true }) } }) },
    }),
  },
});

const text = (b: Uint8Array) => String.fromCharCode(...b);

describe("toSchemaDescription", () => {
  const d = toSchemaDescription(schema);

  it("carries the version on Schema and on the root block", () => {
    expect(d.version).toBe(4);
    expect(d.block.version).toBe(4);
    expect(d.block.description).toBe("A server.");
    expect(d.block.descriptionKind).toBe("plain");
    expect(d.block.deprecated).toBe(true);
    expect(d.block.deprecationMessage).toBe("Use example_server_v2.");
    expect(d.block.computed).toBe(false);
  });

  it("sorts attributes and block types by name", () => {
    expect(d.block.attributes.map((a) => a.name)).toEqual(["disks", "id", "labels", "name", "old", "token"]);
    expect(d.block.blockTypes.map((b) => b.typeName)).toEqual(["boot", "nic", "opts"]);
  });

  it("maps every attribute flag 1:1", () => {
    const byName = Object.fromEntries(d.block.attributes.map((a) => [a.name, a]));
    expect(byName.name).toMatchObject({
      required: true,
      optional: false,
      computed: false,
      sensitive: false,
      description: "The name.",
    });
    expect(byName.id).toMatchObject({
      required: false,
      optional: false,
      computed: true,
      description: "The `id`.",
      descriptionKind: "markdown",
    });
    expect(byName.token).toMatchObject({
      optional: true,
      sensitive: true,
      writeOnly: true,
      deprecated: true,
      deprecationMessage: "Use token_v2.",
    });
    expect(byName.old).toMatchObject({ deprecated: true, deprecationMessage: "" });
    expect(byName.labels).toMatchObject({ optional: true, computed: true });
  });

  it("sends plain attribute types as type-JSON bytes that decode to the same type", () => {
    const labels = d.block.attributes.find((a) => a.name === "labels");
    expect(labels && text(labels.type)).toBe('["map",["set","string"]]');
    expect(labels?.nestedType).toBeUndefined();
    for (const a of d.block.attributes) {
      if (a.nestedType !== undefined) continue;
      const spec = schema.attributes[a.name as keyof typeof schema.attributes];
      expect(typeToJson(typeFromJson(a.type))).toBe(typeToJson(spec.type));
    }
  });

  it("sends nested attributes as nested_type with an empty type", () => {
    const disks = d.block.attributes.find((a) => a.name === "disks");
    expect(disks?.type.length).toBe(0);
    expect(disks?.nestedType?.nesting).toBe("set");
    expect(disks?.nestedType?.minItems).toBe(0);
    expect(disks?.nestedType?.maxItems).toBe(0);
    expect(
      disks?.nestedType?.attributes.map((a) => [a.name, text(a.type), a.required, a.optional, a.computed]),
    ).toEqual([
      ["kind", '"string"', false, true, true],
      ["size", '"number"', true, false, false],
    ]);
  });

  it("maps nested blocks with nesting and item counts", () => {
    const [boot, nic, opts] = d.block.blockTypes;
    expect(nic).toMatchObject({ nesting: "list", minItems: 1, maxItems: 3 });
    expect(nic?.block.description).toBe("NICs.");
    expect(nic?.block.version).toBe(0);
    expect(boot).toMatchObject({ nesting: "single", minItems: 1, maxItems: 1 });
    expect(boot?.block).toMatchObject({ deprecated: true, deprecationMessage: "gone" });
    expect(opts).toMatchObject({ nesting: "group", minItems: 0, maxItems: 0 });
    expect(opts?.block.blockTypes[0]).toMatchObject({
      typeName: "inner",
      nesting: "map",
      minItems: 0,
      maxItems: 0,
    });
  });

  it("exposes the proto enum numbers", () => {
    expect(NESTING_MODE_NUMBER).toEqual({ single: 1, list: 2, set: 3, map: 4, group: 5 });
    expect(DESCRIPTION_KIND_NUMBER).toEqual({ plain: 0, markdown: 1 });
  });
});
