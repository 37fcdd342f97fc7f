import { attr, block, resourceSchema, t } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { hclExpression, hclSchemasFromTerraformJson, hclString, renderHcl } from "./hcl.js";

const server = resourceSchema({
  attributes: {
    name: attr.string({ required: true }),
    size: attr.number({ optional: true }),
    tags: attr.map(t.string, { optional: true }),
  },
  blocks: {
    nic: block.list({ attributes: { net: attr.string({ required: true }) } }),
    disk: block.map({ attributes: { gb: attr.number({ required: true }) } }),
    boot: block.single({ attributes: { image: attr.string({ required: true }) } }),
  },
});

describe("hclString", () => {
  it("escapes quotes, backslashes, control characters and template sequences", () => {
    expect(hclString('a"b\\c\nd\te')).toBe('"a\\"b\\\\c\\nd\\te"');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template sequences are the subject here
    expect(hclString("${x} and %{y} but $ and % alone")).toBe('"$${x} and %%{y} but $ and % alone"');
    expect(hclString("\u0001")).toBe('"\\u0001"');
  });
});

describe("hclExpression", () => {
  it("writes numbers, bools, null, lists and objects with quoted keys", () => {
    expect(hclExpression(1.5)).toBe("1.5");
    expect(hclExpression(12345678901234567890n)).toBe("12345678901234567890");
    expect(hclExpression(null)).toBe("null");
    expect(hclExpression([true, "x"])).toBe('[\n  true,\n  "x",\n]');
    expect(hclExpression({ "a b": 1 })).toBe('{\n  "a b" = 1\n}');
    expect(hclExpression([])).toBe("[]");
    expect(() => hclExpression(Number.NaN)).toThrow(/cannot be written/);
  });
});

describe("renderHcl", () => {
  it("tells attributes from blocks with the schema: list blocks repeat, map blocks are labelled", () => {
    const text = renderHcl(
      {
        resources: {
          "demo_server.web": {
            name: "web",
            size: null,
            nic: [{ net: "a" }, { net: "b" }],
            disk: { data: { gb: 10 } },
            boot: { image: "debian" },
          },
        },
      },
      { providers: {}, resources: { demo_server: server }, dataSources: {} },
    );
    expect(text).toBe(
      [
        'resource "demo_server" "web" {',
        '  name = "web"',
        "  nic {",
        '    net = "a"',
        "  }",
        "  nic {",
        '    net = "b"',
        "  }",
        '  disk "data" {',
        "    gb = 10",
        "  }",
        "  boot {",
        '    image = "debian"',
        "  }",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("reads terraform's schema JSON: block_types become blocks", () => {
    const schemas = hclSchemasFromTerraformJson(
      JSON.stringify({
        provider_schemas: {
          "example.test/tfkit/demo": {
            provider: { block: { attributes: { store_path: {} } } },
            resource_schemas: {
              demo_server: {
                block: {
                  attributes: { name: {} },
                  block_types: { nic: { nesting_mode: "set", block: { attributes: { net: {} } } } },
                },
              },
            },
          },
        },
      }),
    );
    expect(Object.keys(schemas.providers)).toEqual(["demo"]);
    expect(schemas.resources.demo_server?.blocks.nic?.nesting).toBe("set");
    expect(
      renderHcl(
        {
          providers: { demo: { store_path: "/x" } },
          resources: { "demo_server.a": { nic: [{ net: "n" }] } },
        },
        schemas,
      ),
    ).toBe(
      'provider "demo" {\n  store_path = "/x"\n}\n\nresource "demo_server" "a" {\n  nic {\n    net = "n"\n  }\n}\n',
    );
  });
});
