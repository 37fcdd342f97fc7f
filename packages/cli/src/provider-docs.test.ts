import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  defineDataSource,
  defineEphemeralResource,
  defineFunction,
  defineProvider,
  defineResource,
} from "@tfkit/provider";
import {
  attr,
  block,
  dataSourceSchema,
  ephemeralResourceSchema,
  providerSchema,
  resourceSchema,
  t,
} from "@tfkit/schema";
import { afterEach, describe, expect, it } from "vitest";
import { checkProviderDocs, formatDocsDifferences, writeProviderDocs } from "./docs-files.js";
import { DocsTemplateError } from "./docs/template.js";
import { validateProviderDocs } from "./docs/validate.js";
import { generateProviderDocs } from "./provider-docs.js";
import { docTypeName, renderSchemaMarkdown } from "./schema-markdown.js";

// A small provider with one of each thing the docs show: required / optional / optional+computed /
// computed, sensitive, deprecated, write-only, a nested attribute, a block with limits, an object
// attribute, a data source and a function with a variadic parameter.
const widget = defineResource({
  typeName: "acme_widget",
  schema: resourceSchema({
    description: "A widget of the Acme API.",
    attributes: {
      id: attr.string({ computed: true }),
      name: attr.string({ required: true, description: "Widget name." }),
      size: attr.int64({ optional: true, computed: true, default: 3, description: "Size (default 3)." }),
      color: attr.string({ optional: true, deprecated: true, description: "Use `paint` instead." }),
      secret: attr.string({ optional: true, sensitive: true, writeOnly: true, description: "Never stored." }),
      labels: attr.map(t.string, { optional: true }),
      owner: attr.object({ name: t.string, ids: t.list(t.number) }, { computed: true }),
      parts: attr.listNested(
        { sku: attr.string({ required: true }), price: attr.float64({ computed: true }) },
        { optional: true, description: "Parts.\n\nOne per line." },
      ),
    },
    blocks: {
      mount: block.list({ attributes: { path: attr.string({ required: true }) }, minItems: 1, maxItems: 2 }),
    },
  }),
  create: (plan) => ({
    ...plan,
    id: "w-1",
    size: 3,
    owner: { name: "me", ids: [] },
    parts: [],
    secret: null,
  }),
  read: (state) => state,
  update: (plan) => ({
    ...plan,
    id: "w-1",
    size: 3,
    owner: { name: "me", ids: [] },
    parts: [],
    secret: null,
  }),
  delete: () => {},
});

const catalog = defineDataSource({
  typeName: "acme_catalog",
  schema: dataSourceSchema({
    description: "Lists widget names.",
    attributes: { prefix: attr.string({ optional: true }), names: attr.list(t.string, { computed: true }) },
  }),
  read: (config) => ({ ...config, names: [] }),
});

const join3 = defineFunction({
  name: "join_all",
  summary: "Joins strings.",
  description: "Joins every string with `sep`.",
  parameters: [{ name: "sep", type: t.string, description: "The separator." }],
  variadic: { name: "parts", type: t.string, description: "The strings." },
  returns: t.string,
  run: ([sep], parts) => parts.join(sep),
});

const token = defineEphemeralResource({
  typeName: "acme_token",
  schema: ephemeralResourceSchema({
    description: "A short-lived API token.",
    attributes: { value: attr.string({ computed: true, sensitive: true, description: "The token." }) },
  }),
  open: () => ({ value: "t" }),
});

const acme = defineProvider({
  metadata: { typeName: "acme" },
  schema: providerSchema({
    description: "The Acme provider manages widgets.",
    attributes: { token: attr.string({ optional: true, sensitive: true, description: "API token." }) },
  }),
  resources: [widget],
  dataSources: [catalog],
  ephemeralResources: [token],
  functions: [join3],
});

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-docs-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("docTypeName", () => {
  it("names types as the registry does", () => {
    expect(docTypeName("string")).toBe("String");
    expect(docTypeName("dynamic")).toBe("Dynamic");
    expect(docTypeName(["set", "bool"])).toBe("Set of Bool");
    expect(docTypeName(["map", ["list", "number"]])).toBe("Map of List of Number");
    expect(docTypeName(["object", { a: "string" }])).toBe("Object");
    expect(docTypeName(["list", ["object", { a: "string" }]])).toBe("List of Object");
  });
});

describe("generateProviderDocs", () => {
  it("writes one page per resource, data source and function, and the index", async () => {
    const pages = await generateProviderDocs(acme, { providerName: "acme" });
    expect([...pages.keys()].sort()).toEqual([
      "data-sources/catalog.md",
      "ephemeral-resources/token.md",
      "functions/join_all.md",
      "index.md",
      "resources/widget.md",
    ]);
  });

  it("groups a resource's schema as Required / Optional / Read-Only with nested sections", async () => {
    const page =
      (await generateProviderDocs(acme, { providerName: "acme" })).get("resources/widget.md") ?? "";
    expect(page.startsWith("---\n# generated by tfkit docs")).toBe(true);
    expect(page).toContain(
      'page_title: "acme_widget Resource - acme"\nsubcategory: ""\ndescription: |-\n  A widget of the Acme API.\n---',
    );
    expect(page).toContain("# acme_widget (Resource)\n\nA widget of the Acme API.\n");
    const required = section(page, "### Required");
    expect(required).toEqual([
      "- `mount` (Block List, Min: 1, Max: 2) (see [below for nested schema](#nestedblock--mount))",
      "- `name` (String) Widget name.",
    ]);
    const optional = section(page, "### Optional");
    expect(optional).toEqual([
      "> **NOTE**: [Write-only arguments](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments) are supported in Terraform 1.11 and later.",
      "- `color` (String, Deprecated) Use `paint` instead.",
      "- `labels` (Map of String)",
      "- `parts` (Attributes List) Parts.  \nOne per line. (see [below for nested schema](#nestedatt--parts))",
      "- `secret` (String, Sensitive, [Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments)) Never stored.",
      "- `size` (Number) Size (default 3).",
    ]);
    expect(section(page, "### Read-Only")).toEqual([
      "- `id` (String) The ID of this resource.",
      "- `owner` (Object) (see [below for nested schema](#nestedatt--owner))",
    ]);
    expect(page).toContain(
      '<a id="nestedblock--mount"></a>\n### Nested Schema for `mount`\n\nRequired:\n\n- `path` (String)\n',
    );
    expect(page).toContain(
      '<a id="nestedatt--parts"></a>\n### Nested Schema for `parts`\n\nRequired:\n\n- `sku` (String)\n\nRead-Only:\n\n- `price` (Number)\n',
    );
    expect(page).toContain(
      '<a id="nestedatt--owner"></a>\n### Nested Schema for `owner`\n\nRead-Only:\n\n- `ids` (List of Number)\n- `name` (String)\n',
    );
    // No examples directory: no Example Usage and no Import section.
    expect(page).not.toContain("## Example Usage");
    expect(page).not.toContain("## Import");
  });

  it("documents ephemeral resources and data sources with their kind", async () => {
    const pages = await generateProviderDocs(acme, { providerName: "acme" });
    const eph = pages.get("ephemeral-resources/token.md") ?? "";
    expect(eph).toContain('page_title: "acme_token Ephemeral Resource - acme"');
    expect(eph).toContain("# acme_token (Ephemeral Resource)\n\nA short-lived API token.\n");
    expect(section(eph, "### Read-Only")).toEqual(["- `value` (String, Sensitive) The token."]);
    const ds = pages.get("data-sources/catalog.md") ?? "";
    expect(ds).toContain("# acme_catalog (Data Source)\n\nLists widget names.\n");
    expect(section(ds, "### Optional")).toEqual(["- `prefix` (String)"]);
    expect(section(ds, "### Read-Only")).toEqual(["- `names` (List of String)"]);
  });

  it("documents functions with their signature and numbered arguments", async () => {
    const page =
      (await generateProviderDocs(acme, { providerName: "acme" })).get("functions/join_all.md") ?? "";
    expect(page).toContain('page_title: "join_all function - acme"');
    expect(page).toContain("description: |-\n  Joins strings.\n");
    expect(page).toContain("# function: join_all\n\nJoins every string with `sep`.\n");
    expect(page).toContain("## Signature\n\n```text\njoin_all(sep string, ...parts string) string\n```");
    expect(page).toContain(
      "## Arguments\n\n1. `sep` (String) The separator.\n2. `parts` (Variadic, String) The strings.\n",
    );
  });

  it("takes the provider description and configuration schema for the index", async () => {
    const page = (await generateProviderDocs(acme, { providerName: "acme" })).get("index.md") ?? "";
    expect(page).toContain('page_title: "acme Provider"');
    expect(page).toContain("# acme Provider\n\nThe Acme provider manages widgets.\n");
    expect(section(page, "### Optional")).toEqual(["- `token` (String, Sensitive) API token."]);
  });

  it("adds Example Usage and Import from the examples directory (tfplugindocs layout)", async () => {
    const examples = tempDir();
    mkdirSync(join(examples, "resources", "acme_widget"), { recursive: true });
    writeFileSync(
      join(examples, "resources", "acme_widget", "resource.tf"),
      'resource "acme_widget" "w" {\n  name = "w"\n}\n',
    );
    writeFileSync(
      join(examples, "resources", "acme_widget", "import.sh"),
      "terraform import acme_widget.w w-1\n",
    );
    mkdirSync(join(examples, "provider"), { recursive: true });
    writeFileSync(join(examples, "provider", "provider.tf"), 'provider "acme" {}\n');
    const pages = await generateProviderDocs(acme, { providerName: "acme", examplesDir: examples });
    const page = pages.get("resources/widget.md") ?? "";
    expect(page).toContain(
      '## Example Usage\n\n```terraform\nresource "acme_widget" "w" {\n  name = "w"\n}\n```\n\n<!-- schema generated by tfkit docs -->\n## Schema',
    );
    expect(
      page.endsWith(
        "## Import\n\nImport is supported using the following syntax:\n\n```shell\nterraform import acme_widget.w w-1\n```\n",
      ),
    ).toBe(true);
    expect(pages.get("index.md")).toContain('## Example Usage\n\n```terraform\nprovider "acme" {}\n```');
    expect(pages.get("data-sources/catalog.md")).not.toContain("## Example Usage");
  });

  it("renders the same bytes every time", async () => {
    const a = await generateProviderDocs(acme, { providerName: "acme" });
    const b = await generateProviderDocs(acme, { providerName: "acme" });
    expect([...a]).toEqual([...b]);
  });
});

describe("generateProviderDocs with templates (tfplugindocs templates/ layout)", () => {
  function templates(files: Record<string, string>): string {
    const dir = tempDir();
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dir, file, ".."), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    return dir;
  }

  it("renders a page's own template with the generated pieces as fields", async () => {
    const examples = tempDir();
    mkdirSync(join(examples, "resources", "acme_widget"), { recursive: true });
    writeFileSync(
      join(examples, "resources", "acme_widget", "resource.tf"),
      'resource "acme_widget" "w" {}\n',
    );
    writeFileSync(
      join(examples, "resources", "acme_widget", "resource-full.tf"),
      'resource "acme_widget" "f" {}\n',
    );
    writeFileSync(
      join(examples, "resources", "acme_widget", "import.sh"),
      "terraform import acme_widget.w 1\n",
    );
    const dir = templates({
      "resources/widget.md.tmpl": [
        "---",
        'page_title: "{{.Name}} {{.Type}} - {{.RenderedProviderName}}"',
        'subcategory: "Widgets"',
        "description: |-",
        '{{ .Description | plainmarkdown | trimspace | prefixlines "  " }}',
        "---",
        "",
        "# {{ .Name }} ({{ .ProviderName }})",
        "",
        "Hand-written intro.",
        "{{ range .ExampleFiles }}",
        "{{ tffile . }}",
        "{{- end }}",
        "",
        "{{ .SchemaMarkdown | trimspace }}",
        "{{ if .HasImport }}",
        '{{ codefile "shell" .ImportFile }}',
        "{{- end }}",
        "",
      ].join("\n"),
    });
    const plain = await generateProviderDocs(acme, { providerName: "acme" });
    const pages = await generateProviderDocs(acme, {
      providerName: "acme",
      templatesDir: dir,
      examplesDir: examples,
    });
    const page = pages.get("resources/widget.md") ?? "";
    expect(page.startsWith('---\npage_title: "acme_widget Resource - acme"\nsubcategory: "Widgets"\n')).toBe(
      true,
    );
    expect(page).toContain(
      "description: |-\n  A widget of the Acme API.\n---\n\n# acme_widget (terraform-provider-acme)\n",
    );
    // Both examples, sorted, fenced.
    expect(page).toContain(
      'Hand-written intro.\n\n```terraform\nresource "acme_widget" "f" {}\n```\n```terraform\nresource "acme_widget" "w" {}\n```\n',
    );
    // The schema section is exactly the generated page's.
    const generatedSchema = (plain.get("resources/widget.md") ?? "").split(
      "<!-- schema generated by tfkit docs -->",
    )[1];
    expect(generatedSchema).toBeDefined();
    expect(page).toContain(`<!-- schema generated by tfkit docs -->${generatedSchema?.trimEnd()}`);
    expect(page.endsWith("```shell\nterraform import acme_widget.w 1\n```\n")).toBe(true);
    // Other pages are generated as without templates.
    expect(pages.get("data-sources/catalog.md")).toBe(plain.get("data-sources/catalog.md"));
    expect(pages.get("index.md")).toBe(plain.get("index.md"));
  });

  it("uses a kind's fallback template for pages without their own, the page's own first", async () => {
    const dir = templates({
      "resources.md.tmpl": "fallback {{ .Name }}\n",
      "resources/acme_widget.md.tmpl": "own (full name) {{ .Name }}\n",
      "data-sources.md.tmpl": "{{ .Type }}: {{ .Name }}\n",
      "ephemeral-resources.md.tmpl": "{{ .Type }}: {{ .Name }}, example {{ .HasExample }}\n",
      "functions.md.tmpl":
        "{{ .Name }} ({{ .Type }}): {{ .Summary }}\n{{ .FunctionSignatureMarkdown }}\n{{ .FunctionArgumentsMarkdown }}\n{{ if .HasVariadic }}{{ .FunctionVariadicArgumentMarkdown }}{{ end }}\n",
      "index.md.tmpl": "# {{ .ProviderShortName }}\n{{ .Description }}\n{{ .SchemaMarkdown }}",
    });
    const pages = await generateProviderDocs(acme, { providerName: "acme", templatesDir: dir });
    expect(pages.get("resources/widget.md")).toBe("own (full name) acme_widget\n");
    expect(pages.get("data-sources/catalog.md")).toBe("Data Source: acme_catalog\n");
    expect(pages.get("ephemeral-resources/token.md")).toBe("Ephemeral Resource: acme_token, example false\n");
    expect(pages.get("functions/join_all.md")).toBe(
      [
        "join_all (function): Joins strings.",
        "<!-- signature generated by tfkit docs -->",
        "```text",
        "join_all(sep string, ...parts string) string",
        "```",
        "<!-- arguments generated by tfkit docs -->",
        "1. `sep` (String) The separator.",
        "<!-- variadic argument generated by tfkit docs -->",
        "2. `parts` (Variadic, String) The strings.",
        "",
      ].join("\n"),
    );
    expect(pages.get("index.md")).toContain(
      "# acme\nThe Acme provider manages widgets.\n<!-- schema generated by tfkit docs -->\n## Schema\n\n### Optional\n\n- `token` (String, Sensitive) API token.",
    );
  });

  it("renders a template in tfplugindocs' default style: ranges, import forms and the identity schema", async () => {
    const examples = tempDir();
    const widgetExamples = join(examples, "resources", "acme_widget");
    mkdirSync(widgetExamples, { recursive: true });
    writeFileSync(join(widgetExamples, "resource.tf"), 'resource "acme_widget" "w" {}\n');
    writeFileSync(join(widgetExamples, "import.sh"), "terraform import acme_widget.w 1\n");
    writeFileSync(
      join(widgetExamples, "import-by-string-id.tf"),
      'import {\n  to = acme_widget.w\n  id = "1"\n}\n',
    );
    writeFileSync(
      join(widgetExamples, "import-by-identity.tf"),
      'import {\n  to       = acme_widget.w\n  identity = { id = "1" }\n}\n',
    );
    const dir = templates({
      "resources.md.tmpl": [
        "# {{ .Name }} ({{ .Type }})",
        "{{ if .HasExamples -}}",
        "## Example Usage",
        "{{- range .ExampleFiles }}",
        "",
        "{{ tffile . }}",
        "{{- end }}",
        "{{- end }}",
        "{{- if or .HasImport .HasImportIDConfig .HasImportIdentityConfig }}",
        "",
        "## Import",
        "{{- end }}",
        "{{- if .HasImportIdentityConfig }}",
        "",
        "{{ tffile .ImportIdentityConfigFile }}",
        "",
        "{{ .IdentitySchemaMarkdown | trimspace }}",
        "{{- end }}",
        "{{- if .HasImportIDConfig }}",
        "",
        "{{ tffile .ImportIDConfigFile }}",
        "{{- end }}",
        "{{- if .HasImport }}",
        "",
        '{{ codefile "shell" .ImportFile }}',
        "{{- end }}",
        "",
      ].join("\n"),
    });
    const identified = {
      getProviderSchema: (req: Record<string, never>, ctx: never) => acme.getProviderSchema(req, ctx),
      getResourceIdentitySchemas: () => ({
        identitySchemas: {
          acme_widget: {
            identityAttributes: [
              { name: "region", type: '"string"', optionalForImport: true },
              { name: "id", type: '"string"', requiredForImport: true, description: "The widget's ID." },
            ],
          },
        },
      }),
    };
    const options = { providerName: "acme", examplesDir: examples };
    const page = (await generateProviderDocs(identified, { ...options, templatesDir: dir })).get(
      "resources/widget.md",
    );
    expect(page).toBe(
      [
        "# acme_widget (Resource)",
        "## Example Usage",
        "",
        "```terraform",
        'resource "acme_widget" "w" {}',
        "```",
        "",
        "## Import",
        "",
        "```terraform",
        "import {",
        "  to       = acme_widget.w",
        '  identity = { id = "1" }',
        "}",
        "```",
        "",
        "<!-- schema generated by tfkit docs -->",
        "### Identity Schema",
        "",
        "#### Required",
        "",
        "- `id` (String) The widget's ID.",
        "",
        "#### Optional",
        "",
        "- `region` (String)",
        "",
        "```terraform",
        "import {",
        "  to = acme_widget.w",
        '  id = "1"',
        "}",
        "```",
        "",
        "```shell",
        "terraform import acme_widget.w 1",
        "```",
        "",
      ].join("\n"),
    );
    // Without a template, the generated page shows the same three import forms.
    const generated = (await generateProviderDocs(identified, options)).get("resources/widget.md") ?? "";
    const importSection = generated.slice(generated.indexOf("## Import"));
    expect(importSection).toContain("the `identity` attribute, for example:\n\n```terraform\nimport {");
    expect(importSection).toContain("#### Required\n\n- `id` (String) The widget's ID.\n");
    expect(importSection).toContain("the `id` attribute, for example:");
    expect(importSection).toContain("The [`terraform import` command]");
    expect(importSection.indexOf("identity")).toBeLessThan(importSection.indexOf("`id` attribute"));
    // An identity example for a resource without an identity is refused, as tfplugindocs does.
    await expect(generateProviderDocs(acme, options)).rejects.toThrow(
      /import-by-identity\.tf: acme_widget has no identity schema/,
    );
  });

  it("takes a page without .tmpl as it is, before the kind's fallback", async () => {
    const dir = templates({
      "functions/join_all.md": '---\npage_title: "join_all"\n---\nWritten by hand, {{ not a template }}.\n',
      "functions.md.tmpl": "{{ .Name }}\n",
      "guides/faq.md": '---\npage_title: "FAQ"\n---\n{{ as is }}\n',
    });
    const pages = await generateProviderDocs(acme, { providerName: "acme", templatesDir: dir });
    expect(pages.get("functions/join_all.md")).toBe(
      '---\npage_title: "join_all"\n---\nWritten by hand, {{ not a template }}.\n',
    );
    expect(pages.get("guides/faq.md")).toBe('---\npage_title: "FAQ"\n---\n{{ as is }}\n');
  });

  it("renders the README's example template, which then passes --validate", async () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const example = /### Templates[\s\S]*?```markdown\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const examples = tempDir();
    mkdirSync(join(examples, "resources", "acme_widget"), { recursive: true });
    writeFileSync(
      join(examples, "resources", "acme_widget", "resource.tf"),
      'resource "acme_widget" "w" {}\n',
    );
    const dir = templates({ "resources.md.tmpl": example ?? "" });
    const pages = await generateProviderDocs(acme, {
      providerName: "acme",
      templatesDir: dir,
      examplesDir: examples,
    });
    expect(pages.get("resources/widget.md")).toContain(
      '# acme_widget (Resource)\n\nA widget of the Acme API.\n\n## Example Usage\n\n```terraform\nresource "acme_widget" "w" {}\n```\n\n<!-- schema generated by tfkit docs -->\n## Schema',
    );
    const out = tempDir();
    writeProviderDocs(pages, out);
    expect(validateProviderDocs(out, { expectedPages: pages.keys() }).problems).toEqual([]);
  });

  it("renders guides from guides/<name>.md.tmpl", async () => {
    const dir = templates({
      "guides/getting-started.md.tmpl": '---\npage_title: "Start with {{ .ProviderShortName }}"\n---\n',
    });
    const pages = await generateProviderDocs(acme, { providerName: "acme", templatesDir: dir });
    expect(pages.get("guides/getting-started.md")).toBe('---\npage_title: "Start with acme"\n---\n');
  });

  it("removes a generated guide whose template is gone, and keeps hand-written ones", async () => {
    const dir = templates({
      "guides/old.md.tmpl": '---\n# generated by tfkit docs\npage_title: "Old"\n---\n',
    });
    const out = tempDir();
    writeProviderDocs(await generateProviderDocs(acme, { providerName: "acme", templatesDir: dir }), out);
    writeFileSync(join(out, "guides", "mine.md"), '---\npage_title: "Mine"\n---\n');
    rmSync(join(dir, "guides", "old.md.tmpl"));
    const pages = await generateProviderDocs(acme, { providerName: "acme", templatesDir: dir });
    expect(checkProviderDocs(pages, out)).toEqual([{ file: "guides/old.md", problem: "stale" }]);
    expect(writeProviderDocs(pages, out).removed).toEqual(["guides/old.md"]);
    expect(readFileSync(join(out, "guides", "mine.md"), "utf8")).toBe('---\npage_title: "Mine"\n---\n');
  });

  it("reports every template problem with file and line, and writes nothing silently empty", async () => {
    const dir = templates({
      "resources/widget.md.tmpl": "# {{ .Name }}\n\n{{ .SchemaMarkdwn }}\n",
      "functions.md.tmpl": "{{ .Name }}\n{{ .SchemaMarkdown }}\n",
      "data-sources/catalgo.md.tmpl": "{{ .Name }}\n",
      "resource.md.tmpl": "typo in the fallback's name\n",
    });
    const error = await generateProviderDocs(acme, { providerName: "acme", templatesDir: dir }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(DocsTemplateError);
    const lines = (error as DocsTemplateError).problems.map(
      (p) => `${p.file.slice(dir.length + 1)}:${p.line}: ${p.message}`,
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^resources\/widget\.md\.tmpl:3: unknown field \.SchemaMarkdwn \(fields: .*SchemaMarkdown/,
      ),
      // Functions have no SchemaMarkdown: their fields are listed.
      expect.stringMatching(
        /^functions\.md\.tmpl:2: unknown field \.SchemaMarkdown \(fields: .*FunctionArgumentsMarkdown/,
      ),
      "data-sources/catalgo.md.tmpl:1: no data source of this name: templates are named after one the provider has (catalog)",
      expect.stringMatching(/^resource\.md\.tmpl:1: not a template tfkit docs reads/),
    ]);
    expect((error as Error).message).toContain(
      `${join(dir, "resources/widget.md.tmpl")}:3: unknown field .SchemaMarkdwn`,
    );
  });
});

describe("generated docs pass tfkit docs --validate", () => {
  it("holds for the generated pages, with examples, and for tfplugindocs-style templates", async () => {
    const examples = tempDir();
    mkdirSync(join(examples, "resources", "acme_widget"), { recursive: true });
    writeFileSync(
      join(examples, "resources", "acme_widget", "resource.tf"),
      'resource "acme_widget" "w" {}\n',
    );
    writeFileSync(
      join(examples, "resources", "acme_widget", "import.sh"),
      "terraform import acme_widget.w 1\n",
    );
    mkdirSync(join(examples, "provider"), { recursive: true });
    writeFileSync(join(examples, "provider", "provider.tf"), 'provider "acme" {}\n');
    const plain = await generateProviderDocs(acme, { providerName: "acme", examplesDir: examples });
    const out = tempDir();
    writeProviderDocs(plain, out);
    const result = validateProviderDocs(out, { expectedPages: plain.keys() });
    expect(result.problems).toEqual([]);
    expect(result.files).toEqual([...plain.keys()].sort());
    expect(plain.get("index.md")).not.toContain("subcategory");

    const templatesDir = tempDir();
    mkdirSync(join(templatesDir, "guides"), { recursive: true });
    writeFileSync(
      join(templatesDir, "resources.md.tmpl"),
      '---\npage_title: "{{ .Name }} {{ .Type }} - {{ .RenderedProviderName }}"\nsubcategory: "Widgets"\ndescription: |-\n{{ .Description | plainmarkdown | trimspace | prefixlines "  " }}\n---\n\n# {{ .Name }}\n\n{{ .SchemaMarkdown | trimspace }}\n',
    );
    writeFileSync(join(templatesDir, "guides", "start.md.tmpl"), '---\npage_title: "Start"\n---\n# Start\n');
    const templated = await generateProviderDocs(acme, {
      providerName: "acme",
      examplesDir: examples,
      templatesDir,
    });
    const out2 = tempDir();
    writeProviderDocs(templated, out2);
    expect(
      validateProviderDocs(out2, { expectedPages: plain.keys(), allowedSubcategories: ["Widgets", ""] })
        .problems,
    ).toEqual([]);

    // A template that writes what the registry refuses is caught by --validate.
    writeFileSync(
      join(templatesDir, "index.md.tmpl"),
      '---\npage_title: "{{ .ProviderShortName }}"\nsubcategory: "x"\n---\n',
    );
    const bad = await generateProviderDocs(acme, { providerName: "acme", templatesDir });
    const out3 = tempDir();
    writeProviderDocs(bad, out3);
    expect(validateProviderDocs(out3).problems).toEqual([
      { file: join(out3, "index.md"), line: 3, message: "the index page has no subcategory" },
    ]);
  });
});

describe("writeProviderDocs / checkProviderDocs", () => {
  it("finds nothing to report right after writing", async () => {
    const out = tempDir();
    const pages = await generateProviderDocs(acme, { providerName: "acme" });
    writeProviderDocs(pages, out);
    expect(readFileSync(join(out, "resources", "widget.md"), "utf8")).toBe(pages.get("resources/widget.md"));
    expect(checkProviderDocs(pages, out)).toEqual([]);
  });

  it("reports a changed, a missing and a stale page, and leaves hand-written pages alone", async () => {
    const out = tempDir();
    const pages = await generateProviderDocs(acme, { providerName: "acme" });
    writeProviderDocs(pages, out);
    const widgetPath = join(out, "resources", "widget.md");
    writeFileSync(widgetPath, readFileSync(widgetPath, "utf8").replace("Widget name.", "Widget name!"));
    rmSync(join(out, "functions", "join_all.md"));
    writeFileSync(join(out, "resources", "gone.md"), readFileSync(join(out, "index.md"), "utf8"));
    writeFileSync(join(out, "resources", "handwritten.md"), "# notes\n");

    const differences = checkProviderDocs(pages, out);
    expect(differences.map((d) => [d.file, d.problem])).toEqual([
      ["functions/join_all.md", "missing"],
      ["resources/widget.md", "changed"],
      ["resources/gone.md", "stale"],
    ]);
    const changed = differences.find((d) => d.problem === "changed");
    expect(changed?.firstDifference?.expected).toBe("- `name` (String) Widget name.");
    expect(changed?.firstDifference?.found).toBe("- `name` (String) Widget name!");
    expect(formatDocsDifferences(differences)).toContain("changed  resources/widget.md at line");

    const { removed } = writeProviderDocs(pages, out);
    expect(removed).toEqual(["resources/gone.md"]);
    expect(checkProviderDocs(pages, out)).toEqual([]);
    expect(readFileSync(join(out, "resources", "handwritten.md"), "utf8")).toBe("# notes\n");
  });
});

describe("renderSchemaMarkdown", () => {
  it("renders a wire schema without any framework (computed single block, group block, tuple)", () => {
    const md = renderSchemaMarkdown({
      block: {
        attributes: [
          { name: "id", type: '"string"', computed: true, description: "Custom id." },
          { name: "pair", type: new TextEncoder().encode('["tuple",["string","number"]]'), optional: true },
        ],
        blockTypes: [
          {
            typeName: "status",
            nesting: "single",
            block: { attributes: [{ name: "ok", type: '"bool"', computed: true }] },
          },
          {
            typeName: "settings",
            nesting: "group",
            block: { attributes: [{ name: "x", type: '"string"', optional: true }] },
          },
        ],
      },
    });
    expect(md).toBe(
      [
        "## Schema",
        "",
        "### Optional",
        "",
        "- `pair` (Tuple)",
        "- `settings` (Block, Optional) (see [below for nested schema](#nestedblock--settings))",
        "",
        "### Read-Only",
        "",
        "- `id` (String) Custom id.",
        "- `status` (Block, Read-only) (see [below for nested schema](#nestedblock--status))",
        "",
        '<a id="nestedblock--settings"></a>',
        "### Nested Schema for `settings`",
        "",
        "Optional:",
        "",
        "- `x` (String)",
        "",
        '<a id="nestedblock--status"></a>',
        "### Nested Schema for `status`",
        "",
        "Read-Only:",
        "",
        "- `ok` (Bool)",
        "",
      ].join("\n"),
    );
  });
});

/** The list lines under a heading, up to the next blank-line-separated heading. */
function section(page: string, heading: string): string[] {
  const start = page.indexOf(`${heading}\n\n`);
  if (start < 0) return [];
  const rest = page.slice(start + heading.length + 2);
  const end = rest.search(/\n\n(###|<a id)/);
  return (end < 0 ? rest : rest.slice(0, end))
    .split(/\n(?=- |> )/)
    .map((l) => l.trimEnd())
    .filter((l) => l !== "");
}
