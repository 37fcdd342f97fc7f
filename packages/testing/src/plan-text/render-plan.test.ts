import {
  attributeStep,
  boolType,
  indexStep,
  numberVal,
  listVal,
  listValEmpty,
  mapVal,
  mark,
  nullVal,
  objectVal,
  setVal,
  stringType,
  stringVal,
  True,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { attr, block, resourceSchema, t } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { renderPlan } from "./render-plan.js";

const s = (x: string): Value => stringVal(x);
const n = (x: number): Value => numberVal(x);
const obj = (attrs: Record<string, Value>): Value => objectVal(attrs);
const list = (...els: Value[]): Value => listVal(els);
const set = (...els: Value[]): Value => setVal(els);
const NS = nullVal(stringType);
const US = unknownVal(stringType);

// Expected texts are written by hand in the format of terraform 1.11's human plan output
// (internal/command/jsonformat), colors stripped.

const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    size: attr.number({ optional: true }),
    enabled: attr.bool({ optional: true, computed: true }),
    tags: attr.map(t.string, { optional: true }),
    password: attr.string({ optional: true, sensitive: true }),
    disks: attr.listNested(
      { size_gb: attr.int64({ required: true }), uuid: attr.string({ computed: true }) },
      { optional: true },
    ),
  },
  blocks: {
    network_interface: block.list({
      attributes: { subnet: attr.string({ required: true }), ip: attr.string({ computed: true }) },
    }),
  },
});

const NIC = schema.blocks.network_interface.objectType;

/** A full resource object: unspecified attributes null, no network_interface blocks. */
function value(v: Record<string, Value>): Value {
  return obj({
    id: NS,
    name: NS,
    size: nullVal(schema.attributes.size.type),
    enabled: nullVal(schema.attributes.enabled.type),
    tags: nullVal(schema.attributes.tags.type),
    password: NS,
    disks: nullVal(schema.attributes.disks.type),
    network_interface: listValEmpty(NIC),
    ...v,
  });
}

describe("renderPlan", () => {
  it("quotes strings as Go's strconv.Quote does: unprintable characters escaped, printable ones kept", () => {
    const planned = value({ id: US, name: s("a\u00a0b\u200bc é 😀\u0007") });
    const text = renderPlan(schema, "test_resource.x", nullVal(schema.type), planned, []);
    expect(text).toContain('+ name = "a\\u00a0b\\u200bc é 😀\\a"');
  });

  it("create: every non-null attribute with +, unknowns as (known after apply), blocks after a blank line", () => {
    const planned = value({
      id: US,
      name: s("web"),
      size: n(10),
      enabled: unknownVal(boolType),
      tags: mapVal({ env: s("prod") }),
      network_interface: list(obj({ subnet: s("a"), ip: US })),
    });
    expect(renderPlan(schema, "test_resource.x", nullVal(schema.type), planned, [])).toBe(
      [
        "  # test_resource.x will be created",
        '  + resource "test_resource" "x" {',
        "      + enabled = (known after apply)",
        "      + id      = (known after apply)",
        '      + name    = "web"',
        "      + size    = 10",
        "      + tags    = {",
        '          + "env" = "prod"',
        "        }",
        "",
        "      + network_interface {",
        "          + ip     = (known after apply)",
        '          + subnet = "a"',
        "        }",
        "    }",
        "",
      ].join("\n"),
    );
  });

  it("update in place: id always shown, changes with ~, unchanged attributes counted", () => {
    const prior = value({
      id: s("abc"),
      name: s("web"),
      size: n(10),
      enabled: True,
      tags: mapVal({ env: s("prod") }),
    });
    const planned = value({
      id: s("abc"),
      name: s("web2"),
      size: n(10),
      enabled: True,
      tags: mapVal({ env: s("prod"), team: s("x") }),
    });
    expect(renderPlan(schema, "test_resource.x", prior, planned, [])).toBe(
      [
        "  # test_resource.x will be updated in-place",
        '  ~ resource "test_resource" "x" {',
        '        id      = "abc"',
        '      ~ name    = "web" -> "web2"',
        "      ~ tags    = {",
        '            "env"  = "prod"',
        '          + "team" = "x"',
        "        }",
        "        # (2 unchanged attributes hidden)",
        "    }",
        "",
      ].join("\n"),
    );
  });

  it("replace: -/+, # forces replacement, unknown computed as old -> (known after apply)", () => {
    const prior = value({ id: s("abc"), name: s("web"), size: n(10) });
    const planned = value({ id: US, name: s("web"), size: n(20) });
    expect(renderPlan(schema, "test_resource.x", prior, planned, [[attributeStep("size")]])).toBe(
      [
        "  # test_resource.x must be replaced",
        '-/+ resource "test_resource" "x" {',
        '      ~ id   = "abc" -> (known after apply)',
        '        name = "web"',
        "      ~ size = 10 -> 20 # forces replacement",
        "    }",
        "",
      ].join("\n"),
    );
  });

  it("removed optional value: - state -> null; sensitive values hidden", () => {
    const prior = value({ id: s("abc"), name: s("web"), size: n(10), password: s("hunter2") });
    const planned = value({ id: s("abc"), name: s("web"), password: s("changed") });
    expect(renderPlan(schema, "test_resource.x", prior, planned, [])).toBe(
      [
        "  # test_resource.x will be updated in-place",
        '  ~ resource "test_resource" "x" {',
        '        id       = "abc"',
        '        name     = "web"',
        "      ~ password = (sensitive value)",
        "      - size     = 10 -> null",
        "    }",
        "",
      ].join("\n"),
    );
  });

  it("destroy: every attribute with - and -> null", () => {
    const prior = value({
      id: s("abc"),
      name: s("web"),
      network_interface: list(obj({ subnet: s("a"), ip: s("10.0.0.1") })),
    });
    expect(renderPlan(schema, "test_resource.x", prior, nullVal(schema.type), [])).toBe(
      [
        "  # test_resource.x will be destroyed",
        '  - resource "test_resource" "x" {',
        '      - id   = "abc" -> null',
        '      - name = "web" -> null',
        "",
        "      - network_interface {",
        '          - ip     = "10.0.0.1" -> null',
        '          - subnet = "a" -> null',
        "        }",
        "    }",
        "",
      ].join("\n"),
    );
  });

  it("nested list attribute: elements as objects, unchanged ones hidden", () => {
    const disk = (size: number, uuid: string) => obj({ size_gb: n(size), uuid: s(uuid) });
    const prior = value({ id: s("abc"), name: s("web"), disks: list(disk(10, "u1")) });
    const planned = value({
      id: s("abc"),
      name: s("web"),
      disks: list(disk(10, "u1"), obj({ size_gb: n(20), uuid: US })),
    });
    expect(renderPlan(schema, "test_resource.x", prior, planned, [])).toBe(
      [
        "  # test_resource.x will be updated in-place",
        '  ~ resource "test_resource" "x" {',
        "      ~ disks = [",
        "          + {",
        "              + size_gb = 20",
        "              + uuid    = (known after apply)",
        "            },",
        "            # (1 unchanged element hidden)",
        "        ]",
        '        id    = "abc"',
        '        name  = "web"',
        "    }",
        "",
      ].join("\n"),
    );
  });

  it("unchanged blocks are counted after a blank line", () => {
    const nic = obj({ subnet: s("a"), ip: s("10.0.0.1") });
    const prior = value({ id: s("abc"), name: s("web"), size: n(1), network_interface: list(nic) });
    const planned = value({ id: s("abc"), name: s("web"), size: n(2), network_interface: list(nic) });
    expect(renderPlan(schema, "test_resource.x", prior, planned, [])).toBe(
      [
        "  # test_resource.x will be updated in-place",
        '  ~ resource "test_resource" "x" {',
        '        id   = "abc"',
        '        name = "web"',
        "      ~ size = 1 -> 2",
        "",
        "        # (1 unchanged block hidden)",
        "    }",
        "",
      ].join("\n"),
    );
  });

  it("no-op renders nothing; numbers print as their JSON text; sensitive marks hide values", () => {
    const prior = value({ id: s("abc"), name: s("web") });
    expect(renderPlan(schema, "test_resource.x", prior, prior, [])).toBe("");
    const planned = value({ id: s("abc"), name: mark(s("web2"), "sensitive"), size: n(1000000) });
    const text = renderPlan(schema, "test_resource.x", prior, planned, []);
    expect(text).toContain("      ~ name = (sensitive value)\n");
    expect(text).toContain("      + size = 1000000\n");
  });

  it("set attributes: added and removed elements, unchanged counted", () => {
    const sch = resourceSchema({ attributes: { ports: attr.set(t.string, { optional: true }) } });
    const text = renderPlan(
      sch,
      "x_y.z",
      obj({ ports: set(s("a"), s("b")) }),
      obj({ ports: set(s("b"), s("c")) }),
      [],
    );
    expect(text).toBe(
      [
        "  # x_y.z will be updated in-place",
        '  ~ resource "x_y" "z" {',
        "      ~ ports = [",
        '          - "a",',
        '          + "c",',
        "            # (1 unchanged element hidden)",
        "        ]",
        "    }",
        "",
      ].join("\n"),
    );
  });

  it("forces replacement on an attribute inside a list block element", () => {
    const nic = (subnet: string) => obj({ subnet: s(subnet), ip: s("10.0.0.1") });
    const prior = value({ id: s("abc"), name: s("web"), network_interface: list(nic("a")) });
    const planned = value({ id: s("abc"), name: s("web"), network_interface: list(nic("b")) });
    const replace = [[attributeStep("network_interface"), indexStep(numberVal(0)), attributeStep("subnet")]];
    expect(renderPlan(schema, "test_resource.x", prior, planned, replace)).toBe(
      [
        "  # test_resource.x must be replaced",
        '-/+ resource "test_resource" "x" {',
        '        id   = "abc"',
        '        name = "web"',
        "",
        "      ~ network_interface {",
        '          ~ subnet = "a" -> "b" # forces replacement',
        "            # (1 unchanged attribute hidden)",
        "        }",
        "    }",
        "",
      ].join("\n"),
    );
  });
});
