/**
 * The demo provider's committed registry docs (apps/demo-provider/docs) must be exactly what
 * `tfkit docs` generates from its schema and examples: this runs the real `tfkit` command (the
 * CLI bundled from source) with `--check`, as CI does, and shows that a hand edit makes it fail.
 *
 * Regenerate after changing the demo's schemas or examples:
 *   UPDATE_PROVIDER_DOCS=1 npx vitest run test/demo-docs.test.ts   (in packages/cli)
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const demo = resolve(here, "../../../apps/demo-provider");
const work = mkdtempSync(join(tmpdir(), "tfkit-demo-docs-"));
// The bundled CLI imports its dependencies (esbuild): it must sit where they resolve.
const cacheDir = resolve(here, "../node_modules/.cache");
mkdirSync(cacheDir, { recursive: true });
const cliDir = mkdtempSync(join(cacheDir, "tfkit-docs-cli-"));
const cli = join(cliDir, "cli.mjs");

function tfkit(args: readonly string[], cwd?: string) {
  return spawnSync(process.execPath, [cli, ...args], {
    encoding: "utf8",
    timeout: 120_000,
    ...(cwd ? { cwd } : {}),
  });
}

const providerArgs = ["--provider", join(demo, "src/provider.ts"), "--condition", "@tfkit/source"];

function tfkitDocs(out: string, ...extra: string[]) {
  const args = [
    cli,
    "docs",
    "--provider",
    join(demo, "src/provider.ts"),
    "--condition",
    "@tfkit/source",
    "--examples",
    join(demo, "examples"),
    "--description",
    "Networks, servers and volumes of a demo cloud kept in a local JSON file: the example provider of tfkit.",
    "--out",
    out,
    ...extra,
  ];
  return spawnSync(process.execPath, args, { encoding: "utf8", timeout: 120_000 });
}

beforeAll(async () => {
  await build({
    entryPoints: [resolve(here, "../src/cli.ts")],
    outfile: cli,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "silent",
  });
  if (process.env.UPDATE_PROVIDER_DOCS === "1") {
    const run = tfkitDocs(join(demo, "docs"));
    if (run.status !== 0) throw new Error(`tfkit docs failed: ${run.stderr}`);
  }
}, 120_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(cliDir, { recursive: true, force: true });
});

describe("apps/demo-provider/docs", () => {
  it("is what `tfkit docs --check` expects (regenerate: UPDATE_PROVIDER_DOCS=1)", () => {
    const run = tfkitDocs(join(demo, "docs"), "--check");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/up to date \(\d+ pages\)/);
  }, 120_000);

  it("holds a page per resource, data source and function, with the examples", () => {
    const server = readFileSync(join(demo, "docs/resources/server.md"), "utf8");
    expect(server).toContain("# demo_server (Resource)");
    expect(server).toContain(
      readFileSync(join(demo, "examples/resources/demo_server/resource.tf"), "utf8").trimEnd(),
    );
    expect(server).toContain("terraform import demo_server.web srv-1");
    expect(readFileSync(join(demo, "docs/index.md"), "utf8")).toContain(
      "# demo Provider\n\nNetworks, servers and volumes",
    );
    expect(readFileSync(join(demo, "docs/data-sources/images.md"), "utf8")).toContain(
      "# demo_images (Data Source)",
    );
    expect(readFileSync(join(demo, "docs/functions/cidr_host.md"), "utf8")).toContain(
      "cidr_host(prefix string, hostnum number) string",
    );
  });

  it("fails --check, naming the file and line, when a page was edited by hand", () => {
    const copy = join(work, "docs");
    cpSync(join(demo, "docs"), copy, { recursive: true });
    const page = join(copy, "resources/volume.md");
    writeFileSync(
      page,
      readFileSync(page, "utf8").replace("# demo_volume (Resource)", "# demo_volume (edited)"),
    );
    const run = tfkitDocs(copy, "--check");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("changed  resources/volume.md at line");
    expect(run.stderr).toContain("found:    # demo_volume (edited)");
    // Without --check the same command repairs it.
    expect(tfkitDocs(copy).status).toBe(0);
    expect(tfkitDocs(copy, "--check").status).toBe(0);
  }, 120_000);
});

describe("tfkit docs --validate on the demo provider", () => {
  it("passes apps/demo-provider/docs, layout and front matter, and page for page against the provider", () => {
    const run = tfkit(["docs", "--validate", join(demo, "docs"), ...providerArgs]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/pass validation \(7 pages, checked against the provider\)/);
  }, 120_000);

  it("exits 1 listing each problem with its file and line", () => {
    const copy = join(work, "invalid-docs");
    cpSync(join(demo, "docs"), copy, { recursive: true });
    const page = join(copy, "resources/volume.md");
    writeFileSync(
      page,
      readFileSync(page, "utf8").replace('subcategory: ""', 'subcategory: ""\nlayout: "docs"'),
    );
    writeFileSync(
      join(copy, "data-sources/imgaes.md"),
      readFileSync(join(copy, "data-sources/images.md"), "utf8"),
    );
    rmSync(join(copy, "functions/cidr_host.md"));
    const run = tfkit(["docs", "--validate", copy, ...providerArgs]);
    expect(run.status).toBe(1);
    expect(run.stderr.split("\n")).toEqual([
      `tfkit docs --validate: 3 problems in ${copy}:`,
      `${join(copy, "resources/volume.md")}:5: layout belongs to the legacy website/ layout; the registry layout does not allow it`,
      `${join(copy, "functions/cidr_host.md")}: missing: the provider has this page; run tfkit docs`,
      `${join(copy, "data-sources/imgaes.md")}: no data source "imgaes" in the provider: the page is extraneous or misnamed`,
      "",
    ]);
    // Without --provider only the layout and front matter are checked.
    expect(tfkit(["docs", "--validate", copy]).stderr).toContain("1 problem in");
  }, 120_000);
});

describe("tfkit docs --templates on the demo provider", () => {
  const templates = join(work, "templates");
  mkdirSync(join(templates, "resources"), { recursive: true });
  writeFileSync(
    join(templates, "resources", "server.md.tmpl"),
    [
      "---",
      'page_title: "{{ .Name }} {{ .Type }} - {{ .ProviderShortName }}"',
      'subcategory: "Compute"',
      "description: |-",
      '{{ .Description | plainmarkdown | trimspace | prefixlines "  " }}',
      "---",
      "",
      "# {{ .Name }} ({{ .Type }})",
      "",
      "Servers boot from an image of `demo_images`.",
      "",
      "## Example Usage",
      "",
      '{{ tffile "examples/resources/demo_server/resource.tf" }}',
      "",
      "{{ .SchemaMarkdown | trimspace }}",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(templates, "data-sources.md.tmpl"),
    '---\npage_title: "{{ .Name }} {{ .Type }}"\nsubcategory: "Lookups"\ndescription: ""\n---\n\n# {{ .Name }}\n\n{{ .SchemaMarkdown | trimspace }}\n',
  );

  it("renders the templated pages (examples read relative to where tfkit runs) and they pass --validate", () => {
    const out = join(work, "templated-docs");
    const run = tfkit(["docs", ...providerArgs, "--templates", templates, "--out", out], demo);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const server = readFileSync(join(out, "resources/server.md"), "utf8");
    expect(server).toContain('page_title: "demo_server Resource - demo"\nsubcategory: "Compute"');
    expect(server).toContain("# demo_server (Resource)\n\nServers boot from an image");
    expect(server).toContain(
      `\`\`\`terraform\n${readFileSync(join(demo, "examples/resources/demo_server/resource.tf"), "utf8").trim()}\n\`\`\``,
    );
    // The schema section is the one the committed (generated) page has.
    const committed = readFileSync(join(demo, "docs/resources/server.md"), "utf8");
    const schema = committed.slice(
      committed.indexOf("<!-- schema generated by tfkit docs -->"),
      committed.indexOf("\n## Import"),
    );
    expect(server).toContain(schema.trimEnd());
    expect(readFileSync(join(out, "data-sources/network.md"), "utf8")).toMatch(
      /^---\npage_title: "demo_network Data Source"/,
    );
    // Pages without a template are generated as before.
    expect(readFileSync(join(out, "resources/volume.md"), "utf8")).toBe(
      readFileSync(join(demo, "docs/resources/volume.md"), "utf8"),
    );
    const validate = tfkit([
      "docs",
      "--validate",
      out,
      ...providerArgs,
      "--allowed-subcategories",
      "Compute,Lookups,",
    ]);
    expect(validate.stderr).toBe("");
    expect(validate.status).toBe(0);
  }, 120_000);

  it("fails naming the template file and line of an unknown field", () => {
    const broken = join(work, "broken-templates");
    cpSync(templates, broken, { recursive: true });
    const file = join(broken, "resources", "server.md.tmpl");
    writeFileSync(file, readFileSync(file, "utf8").replace("{{ .Type }})", "{{ .Kind }})"));
    const run = tfkit(["docs", ...providerArgs, "--templates", broken, "--out", join(work, "never")], demo);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${file}:8: unknown field .Kind (fields: Description, ExampleFile,`);
  }, 120_000);
});

describe("tfkit docs usage errors", () => {
  it("exits 2 naming the problem: extra folders, --check with --validate, a missing templates folder", () => {
    const extra = tfkit(["docs", "--validate", "a", "b"]);
    expect(extra.status).toBe(2);
    expect(extra.stderr).toContain("tfkit: docs: unexpected b (only --validate takes a folder, one)");
    const both = tfkit(["docs", "--validate", "--check", ...providerArgs]);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain("docs: --check or --validate, not both");
    const templates = tfkit(["docs", ...providerArgs, "--templates", join(work, "no-templates")]);
    expect(templates.status).toBe(2);
    expect(templates.stderr).toContain(`docs --templates ${join(work, "no-templates")}: no such directory`);
    const folder = tfkit(["docs", "docs", ...providerArgs]);
    expect(folder.status).toBe(2);
    expect(folder.stderr).toContain("docs: unexpected docs (only --validate takes a folder, one)");
  }, 120_000);
});
