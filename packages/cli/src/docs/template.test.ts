import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type DocsTemplateFields, formatDocsTemplateProblems, renderDocsTemplate } from "./template.js";

const base = mkdtempSync(join(tmpdir(), "tfkit-template-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
mkdirSync(join(base, "examples"), { recursive: true });
writeFileSync(join(base, "examples", "a.tf"), '\nresource "x_a" "one" {}\n\n');
writeFileSync(join(base, "examples", "b.tf"), 'resource "x_a" "two" {}\n');
writeFileSync(join(base, "examples", "import.sh"), "terraform import x_a.one 1\n");
writeFileSync(join(base, "examples", "empty.tf"), "  \n");

const fields: DocsTemplateFields = {
  Name: "x_a",
  Type: "Resource",
  Description: "  A [thing](https://example.com) with `code`.\nSecond line.  ",
  HasExample: true,
  HasImport: false,
  ExampleFiles: ["examples/a.tf", "examples/b.tf"],
  NoFiles: [],
};

function render(source: string, f: DocsTemplateFields = fields) {
  return renderDocsTemplate(source, "templates/resources/a.md.tmpl", f, { baseDir: base });
}

function rendered(source: string): string {
  const result = render(source);
  if (!result.ok) throw new Error(formatDocsTemplateProblems(result.problems));
  return result.text;
}

function problems(source: string): string[] {
  const result = render(source);
  return result.ok ? [] : result.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
}

describe("renderDocsTemplate: the tfplugindocs subset", () => {
  it("substitutes fields and leaves other text as it is", () => {
    expect(rendered("# {{.Name}} ({{ .Type }})\n{ not an action }\n")).toBe(
      "# x_a (Resource)\n{ not an action }\n",
    );
  });

  it("pipes through the tfplugindocs functions as tfplugindocs' default front matter does", () => {
    expect(
      rendered('description: |-\n{{ .Description | plainmarkdown | trimspace | prefixlines "  " }}\n'),
    ).toBe("description: |-\n  A thing with code.\n  Second line.\n");
    expect(rendered('{{ upper .Type }} {{ .Type | lower }} {{ title "hELLO wORLD" }}')).toBe(
      "RESOURCE resource Hello World",
    );
  });

  it("inlines example files as fenced code (tffile, codefile), relative to the base directory", () => {
    expect(rendered('{{ tffile "examples/a.tf" }}')).toBe('```terraform\nresource "x_a" "one" {}\n```');
    expect(rendered('{{ codefile "shell" "examples/import.sh" }}')).toBe(
      "```shell\nterraform import x_a.one 1\n```",
    );
    expect(rendered(`{{ tffile "${join(base, "examples", "b.tf")}" }}`)).toContain('"two"');
  });

  it("takes if / else if / else branches by the fields' truth", () => {
    const t = "{{ if .HasImport }}import{{ else if not .HasExample }}none{{ else }}example{{ end }}";
    expect(rendered(t)).toBe("example");
    expect(render(t, { ...fields, HasExample: false })).toEqual({ ok: true, text: "none" });
    expect(render(t, { ...fields, HasImport: true })).toEqual({ ok: true, text: "import" });
    expect(rendered('{{ if and .HasExample .Name }}y{{ end }}{{ if eq .Name "x_b" }}n{{ end }}')).toBe("y");
    expect(rendered("{{ if or .HasImport .NoFiles }}n{{ else }}neither{{ end }}")).toBe("neither");
  });

  it("takes the right branch of a long else-if chain, with ifs nested in branches", () => {
    const t =
      '{{ if eq .Name "a" }}A{{ else if eq .Name "b" }}B{{ else if eq .Name "x_a" }}{{ if .HasImport }}X!{{ else }}X{{ end }}{{ else }}D{{ end }}.';
    expect(rendered(t)).toBe("X.");
    expect(render(t, { ...fields, Name: "b" })).toEqual({ ok: true, text: "B." });
    expect(render(t, { ...fields, Name: "z" })).toEqual({ ok: true, text: "D." });
    expect(render(t, { ...fields, HasImport: true })).toEqual({ ok: true, text: "X!." });
  });

  it("ranges over a list with . as the element and $ as the page", () => {
    expect(rendered("{{ range .ExampleFiles }}\n{{ tffile . }} ({{ $.Name }})\n{{- end }}")).toBe(
      '\n```terraform\nresource "x_a" "one" {}\n``` (x_a)\n```terraform\nresource "x_a" "two" {}\n``` (x_a)',
    );
    expect(rendered("{{ range .NoFiles }}x{{ else }}no examples{{ end }}")).toBe("no examples");
  });

  it("evaluates parenthesised pipelines, printf, index, len and comparisons, as real provider templates do", () => {
    // terraform-provider-random: {{ tffile (printf "examples/resources/%s/resource.tf" .Name) }}
    mkdirSync(join(base, "examples", "resources", "x_a"), { recursive: true });
    writeFileSync(join(base, "examples", "resources", "x_a", "resource.tf"), 'resource "x_a" "r" {}\n');
    expect(rendered('{{ tffile (printf "examples/resources/%s/resource.tf" .Name) }}')).toBe(
      '```terraform\nresource "x_a" "r" {}\n```',
    );
    // terraform-provider-local: {{ tffile (index .ExampleFiles 0) }}
    expect(rendered("{{ tffile (index .ExampleFiles 1) }}")).toContain('"two"');
    expect(rendered("{{ len .ExampleFiles }} {{ if gt (len .ExampleFiles) 1 }}several{{ end }}")).toBe(
      "2 several",
    );
    expect(rendered('{{ printf "%q has %d, 100%%" .Name (len .ExampleFiles) }}')).toBe('"x_a" has 2, 100%');
    expect(rendered('{{ if (ne .Type "Data Source") }}{{ .Type | printf "a %s" }}{{ end }}')).toBe(
      "a Resource",
    );
    expect(rendered("{{ if and (not .HasImport) (le (len .NoFiles) 0) }}ok{{ end }} {{ -3 }}")).toBe("ok -3");
  });

  it("trims whitespace at {{- and -}} and drops comments", () => {
    expect(rendered("a  \n\n{{- .Name -}}\n\n  b{{/* a note */}}c {{- /* trimmed */ -}} d")).toBe("ax_abcd");
  });
});

describe("renderDocsTemplate: problems name the file and line, nothing renders silently empty", () => {
  it("reports an unknown field with the fields there are", () => {
    expect(problems("line 1\n\n{{ .Nmae }}\n")).toEqual([
      "templates/resources/a.md.tmpl:3: unknown field .Nmae (fields: Description, ExampleFiles, HasExample, HasImport, Name, NoFiles, Type)",
    ]);
  });

  it("reports an unknown field even in a branch that is not taken, and every problem at once", () => {
    expect(
      problems("{{ if .HasImport }}\n{{ .ImportFle }}\n{{ end }}\n{{ nope .Name }}\n{{ trimspace }}"),
    ).toEqual([
      expect.stringMatching(/:2: unknown field \.ImportFle/),
      expect.stringMatching(
        /:4: unknown function nope \(functions: and, codefile, eq, ge, gt, index, le, len, lower, lt, ne, not, or, plainmarkdown, prefixlines, printf, split, tffile, title, trimspace, upper\)/,
      ),
      "templates/resources/a.md.tmpl:5: trimspace takes 1 argument, given 0",
    ]);
  });

  it("counts lines across multi-line actions and trimmed text", () => {
    expect(problems('a\n{{- /* two\nlines */ -}}\n\n{{ tffile\n  "x" }}\n{{ .Bad }}')).toEqual([
      expect.stringMatching(/:7: unknown field \.Bad/),
    ]);
  });

  it("reports unbalanced parentheses and checks inside them", () => {
    expect(problems("{{ tffile (printf .Name }}")[0]).toMatch(/:1: unclosed \(/);
    expect(problems("{{ .Name ) }}")[0]).toMatch(/:1: unexpected \)/);
    expect(problems("{{ () }}")[0]).toMatch(/:1: empty \( \)/);
    expect(problems("x\n{{ tffile (printf .Nmae) }}")).toEqual([
      expect.stringMatching(/:2: unknown field \.Nmae/),
    ]);
    expect(problems("{{ tffile (index .ExampleFiles) }}")).toEqual([
      "templates/resources/a.md.tmpl:1: index takes 2 arguments, given 1",
    ]);
  });

  it("reports structure errors: unclosed actions, a missing or extra end, a stray else", () => {
    expect(problems("a\n{{ .Name ")).toEqual(["templates/resources/a.md.tmpl:2: unclosed action: no }}"]);
    expect(problems("{{ if .HasImport }}\nx\n")).toEqual([
      "templates/resources/a.md.tmpl:1: {{ if }} has no {{ end }}",
    ]);
    expect(problems("x\n{{ end }}")).toEqual([
      "templates/resources/a.md.tmpl:2: {{ end }} without {{ if }} or {{ range }}",
    ]);
    expect(problems("{{ else }}")).toEqual([
      "templates/resources/a.md.tmpl:1: {{ else }} outside {{ if }} or {{ range }}",
    ]);
  });

  it("refuses what the subset leaves out instead of ignoring it", () => {
    expect(problems("{{ $x := .Name }}")[0]).toMatch(/:1: variables \(\$x\) not supported/);
    expect(problems("{{ $x }}")[0]).toMatch(/:1: variables \(\$x\) not supported/);
    expect(problems("{{ if }}x{{ end }}")[0]).toMatch(/:1: \{\{ if \}\} needs a condition/);
    expect(problems("{{ with .Name }}{{ . }}{{ end }}")[0]).toMatch(/:1: \{\{ with \}\} is not supported/);
    expect(problems("{{ .Name.Foo }}")[0]).toMatch(/fields of fields are not supported/);
    expect(problems("{{ 3.5 }}")[0]).toMatch(/"3\.5" not supported/);
    expect(problems("{{ . }}")[0]).toMatch(/\. is the whole page; name a field/);
    expect(problems("{{ range .ExampleFiles }}{{ .Name }}{{ end }}")[0]).toMatch(
      /inside range, \. is one element \(text\); use \$\.Name/,
    );
  });

  it("reports what goes wrong while rendering: a missing or empty file, a list printed, a flag trimmed", () => {
    expect(problems('x\n{{ tffile "examples/missing.tf" }}')).toEqual([
      `templates/resources/a.md.tmpl:2: no file ${join(base, "examples/missing.tf")}`,
    ]);
    expect(problems('{{ tffile "examples/empty.tf" }}')[0]).toMatch(/empty\.tf is empty/);
    expect(problems("{{ .ExampleFiles }}")[0]).toMatch(/:1: a list cannot be printed; use \{\{ range \}\}/);
    expect(problems("{{ .HasImport | trimspace }}")[0]).toMatch(/trimspace: argument 1 is a flag, not text/);
    expect(problems("{{ range .Name }}x{{ end }}")[0]).toMatch(
      /range needs a list, e\.g\. \.ExampleFiles, given text/,
    );
    expect(problems("{{ index .ExampleFiles 2 }}")[0]).toMatch(
      /:1: index: 2 is out of range \(the list has 2\)/,
    );
    expect(problems('{{ printf "%x" .Name }}')[0]).toMatch(/printf: %x is not supported/);
    expect(problems('{{ printf "%s %s" .Name }}')[0]).toMatch(
      /printf: %s %s needs more arguments than the 1 given/,
    );
    expect(problems('{{ printf "%d" .Name }}')[0]).toMatch(/printf: %d needs a number, given text/);
    expect(problems("{{ gt .Name 1 }}")[0]).toMatch(
      /gt: compares two texts or two numbers, given text and a number/,
    );
    expect(problems("{{ len .HasImport }}")[0]).toMatch(/len: needs text or a list, given a flag/);
  });
});
