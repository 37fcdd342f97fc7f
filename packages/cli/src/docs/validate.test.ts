import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatDocsProblems, validateProviderDocs } from "./validate.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A provider folder with docs/ (and whatever else) written from `files`; returns its docs path. */
function docs(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "tfkit-validate-"));
  roots.push(root);
  mkdirSync(join(root, "docs"), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return join(root, "docs");
}

const page = (title: string) =>
  `---\npage_title: "${title}"\nsubcategory: ""\ndescription: |-\n  About ${title}.\n---\n\n# ${title}\n`;

/** Problems as `path-inside-docs:line: message`. */
function report(dir: string, options = {}): string[] {
  return formatDocsProblems(validateProviderDocs(dir, options).problems)
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => (l.startsWith(dir) ? l.slice(dir.length + 1) : l.slice(dirname(dir).length + 1)));
}

describe("validateProviderDocs", () => {
  it("passes a registry-layout folder and lists the pages it checked", () => {
    const dir = docs({
      "docs/index.md": '---\npage_title: "x Provider"\ndescription: ""\n---\n# x\n',
      "docs/resources/thing.md": page("x_thing Resource"),
      "docs/data-sources/thing.md": page("x_thing Data Source"),
      "docs/ephemeral-resources/token.md": page("x_token Ephemeral Resource"),
      "docs/functions/f.md": page("f function"),
      // Every text form registry pages use: quoted, single-quoted, folded, comments, blank lines.
      "docs/guides/start.md":
        "---\n# a comment\npage_title: 'Getting ''started'''\n\nsubcategory: Guides # trailing comment\ndescription: >-\n  Folded\n  text.\n\n  Second paragraph.\n---\n",
      "docs/cdktf/python/resources/thing.md": page("x_thing"),
      "docs/.DS_Store": "",
    });
    const result = validateProviderDocs(dir, { allowedSubcategories: [""] });
    expect(result.problems).toEqual([]);
    expect(result.files).toEqual([
      "cdktf/python/resources/thing.md",
      "data-sources/thing.md",
      "ephemeral-resources/token.md",
      "functions/f.md",
      "guides/start.md",
      "index.md",
      "resources/thing.md",
    ]);
  });

  it("reports every layout and front matter problem with its file and line", () => {
    const big = `${page("big")}${"x".repeat(500_000)}`;
    const dir = docs({
      "docs/index.md": '---\npage_title: "x Provider"\nsubcategory: ""\n---\n',
      "docs/README.md": "# notes\n",
      "docs/index.html.markdown": page("legacy index"),
      "docs/r/thing.html.markdown": page("legacy"),
      "docs/images/logo.png": "png",
      "docs/resources/no-front-matter.md": "# thing\n",
      "docs/resources/legacy-fields.md":
        '---\nlayout: "x"\npage_title: "t"\nsidebar_current: "docs-x"\ntitle: "t"\n---\n',
      "docs/resources/open.md": '---\npage_title: "t"\n',
      "docs/resources/thing.html.markdown": page("t"),
      "docs/resources/nested/deep.md": page("t"),
      "docs/data-sources/colon.md": "---\npage_title: x\ndescription: a: b\n---\n",
      "docs/data-sources/shapes.md":
        "---\npage_title: x\nsubcategory:\n  - a\ndescription: [a]\npage_title: y\n  \ttabbed\n---\n",
      "docs/functions/big.md": big,
      "docs/guides/untitled.md": "---\ndescription: x\n---\n",
      "docs/cdktf/ruby/resources/x.md": page("x"),
      "website/docs/r/thing.html.markdown": page("legacy"),
    });
    expect(report(dir)).toEqual([
      "website/docs: legacy website/docs layout beside the registry layout in " +
        `${dir}: the registry reads only one; move these pages to ${dir}`,
      "README.md: the registry reads only index.md at the top of the docs folder; pages go in its folders",
      "cdktf/ruby: not a CDKTF language folder (expected one of csharp, go, java, python, typescript)",
      "data-sources/colon.md:3: description: ': ' inside unquoted text is YAML syntax; quote the text",
      "data-sources/shapes.md:3: subcategory: a list is not allowed: front matter values are text",
      "data-sources/shapes.md:5: description: a flow list or map is not allowed: front matter values are text",
      "data-sources/shapes.md:7: tabs cannot indent YAML",
      `functions/big.md: ${Buffer.byteLength(big)} bytes: the registry takes pages under 500000 bytes`,
      "guides/untitled.md:1: a guide needs a page_title in its front matter",
      "images: not a registry documentation folder (expected one of actions, data-sources, ephemeral-resources, functions, guides, list-resources, resources, state-stores, cdktf)",
      "index.html.markdown: the registry layout's index page is index.md",
      "index.md:3: the index page has no subcategory",
      "r: legacy website/docs folder name: the registry layout calls it resources/",
      "resources/legacy-fields.md:2: layout belongs to the legacy website/ layout; the registry layout does not allow it",
      "resources/legacy-fields.md:4: sidebar_current belongs to the legacy website/ layout; the registry layout does not allow it",
      "resources/legacy-fields.md:5: unknown front matter field title (the registry reads page_title, subcategory, description)",
      "resources/nested: nested folder: the registry reads resources/<name>.md only",
      "resources/no-front-matter.md:1: no front matter: a page starts with a --- line, then YAML, then ---",
      "resources/open.md:1: front matter has no closing --- line",
      "resources/thing.html.markdown: file does not end with .md, the registry layout's only page extension",
    ]);
  });

  it("follows symbolic links to pages", () => {
    const dir = docs({ "shared/thing.md": "# no front matter\n" });
    mkdirSync(join(dir, "resources"));
    symlinkSync(join(dir, "..", "shared", "thing.md"), join(dir, "resources", "thing.md"));
    expect(report(dir)).toEqual([
      "resources/thing.md:1: no front matter: a page starts with a --- line, then YAML, then ---",
    ]);
  });

  it("reports a repeated field", () => {
    const dir = docs({ "docs/resources/a.md": '---\npage_title: "a"\n\npage_title: "b"\n---\n' });
    expect(report(dir)).toEqual(["resources/a.md:4: page_title appears twice (first on line 2)"]);
  });

  it("checks pages against the provider's: missing and extraneous or misnamed pages", () => {
    const dir = docs({
      "docs/index.md": '---\npage_title: "x"\n---\n',
      "docs/resources/thing.md": page("t"),
      "docs/resources/thnig.md": page("t"),
      "docs/functions/gone.md": page("t"),
      "docs/guides/free.md": page("guides are not checked against the provider"),
    });
    expect(
      report(dir, {
        expectedPages: ["index.md", "resources/thing.md", "data-sources/thing.md", "functions/f.md"],
      }),
    ).toEqual([
      "data-sources/thing.md: missing: the provider has this page; run tfkit docs",
      "functions/f.md: missing: the provider has this page; run tfkit docs",
      'functions/gone.md: no function "gone" in the provider: the page is extraneous or misnamed',
      'resources/thnig.md: no resource "thnig" in the provider: the page is extraneous or misnamed',
    ]);
  });

  it("holds subcategories to an allowed list when one is given", () => {
    const dir = docs({ "docs/resources/a.md": '---\npage_title: "a"\nsubcategory: "Netwrok"\n---\n' });
    expect(report(dir, { allowedSubcategories: ["Network", "Compute"] })).toEqual([
      'resources/a.md:3: subcategory "Netwrok" is not one of "Network", "Compute"',
    ]);
    expect(report(dir)).toEqual([]);
  });

  it("reports a docs folder that is not there", () => {
    expect(validateProviderDocs(join(tmpdir(), "no-such-docs-folder")).problems).toEqual([
      { file: join(tmpdir(), "no-such-docs-folder"), message: "no such directory" },
    ]);
  });
});
