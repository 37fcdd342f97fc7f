import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import {
  DocsTemplateError,
  type DocsTemplateFields,
  type DocsTemplateProblem,
  plainMarkdown,
  renderDocsTemplate,
} from "./docs/template.js";
import {
  type DocsIdentitySchema,
  type DocsSchema,
  docTypeName,
  parseTypeJson,
  renderIdentitySchemaMarkdown,
  renderSchemaMarkdown,
  signatureTypeName,
} from "./schema-markdown.js";

/**
 * One parameter of a provider function, as GetProviderSchema describes it.
 *
 * @remarks tfplugin6 `Function.Parameter`.
 * @category models
 */
export interface DocsFunctionParameter {
  /** Parameter name. */
  readonly name: string;
  /** Type JSON. */
  readonly type: string | Uint8Array;
  /** Whether null may be passed. */
  readonly allowNullValue?: boolean | undefined;
  /** Description. */
  readonly description?: string | undefined;
}

/**
 * A provider function's signature, as GetProviderSchema describes it.
 *
 * @remarks tfplugin6 `Function`.
 * @category models
 */
export interface DocsFunction {
  /** Positional parameters. */
  readonly parameters?: readonly DocsFunctionParameter[] | undefined;
  /** The variadic parameter. */
  readonly variadicParameter?: DocsFunctionParameter | undefined;
  /** Return type JSON. */
  readonly returnType: string | Uint8Array;
  /** One-line summary. */
  readonly summary?: string | undefined;
  /** Description. */
  readonly description?: string | undefined;
  /** Non-empty: the function is deprecated. */
  readonly deprecationMessage?: string | undefined;
}

/**
 * What documentation needs from a provider: the two schema RPCs of `ProviderServer`
 * (`@tfkit/grpc-transport`), which every `@tfkit/provider` provider implements.
 *
 * @remarks Only the public protocol-level interface is used, so any `ProviderServer` works,
 * whatever framework built it.
 * @category models
 */
export interface DocumentableProvider {
  /** GetProviderSchema. */
  getProviderSchema(
    req: Record<string, never>,
    ctx: DocsCallContext,
  ): DocsProviderSchema | Promise<DocsProviderSchema>;
  /** GetFunctions (used when GetProviderSchema lists no functions). */
  getFunctions?(req: Record<string, never>, ctx: DocsCallContext): DocsFunctions | Promise<DocsFunctions>;
  /** GetResourceIdentitySchemas (protocol 6.9), for the identity part of resource pages. */
  getResourceIdentitySchemas?(
    req: Record<string, never>,
    ctx: DocsCallContext,
  ): DocsIdentitySchemas | Promise<DocsIdentitySchemas>;
}

/**
 * The GetResourceIdentitySchemas answer, as far as documentation reads it.
 *
 * @remarks tfplugin6 `GetResourceIdentitySchemas.Response`.
 * @category models
 */
export interface DocsIdentitySchemas {
  /** Identity schemas by resource type name. */
  readonly identitySchemas?: Readonly<Record<string, DocsIdentitySchema>> | undefined;
  /** Diagnostics: an error here stops generation. */
  readonly diagnostics?: readonly DocsDiagnostic[] | undefined;
}

/**
 * The GetFunctions answer, as far as documentation reads it.
 *
 * @remarks tfplugin6 `GetFunctions.Response`.
 * @category models
 */
export interface DocsFunctions {
  /** Functions by name. */
  readonly functions?: Readonly<Record<string, DocsFunction>> | undefined;
}

/**
 * A diagnostic of a schema answer (an error stops generation).
 *
 * @remarks tfplugin6 `Diagnostic`.
 * @category models
 */
export interface DocsDiagnostic {
  /** `"error"` or `"warning"`. */
  readonly severity?: string | undefined;
  /** One-line summary. */
  readonly summary?: string | undefined;
  /** Details. */
  readonly detail?: string | undefined;
}

/**
 * The GetProviderSchema answer, as far as documentation reads it.
 *
 * @remarks tfplugin6 `GetProviderSchema.Response`.
 * @category models
 */
export interface DocsProviderSchema {
  /** Provider configuration schema. */
  readonly provider?: DocsSchema | undefined;
  /** Managed resources by type name. */
  readonly resourceSchemas?: Readonly<Record<string, DocsSchema>> | undefined;
  /** Data sources by type name. */
  readonly dataSourceSchemas?: Readonly<Record<string, DocsSchema>> | undefined;
  /** Ephemeral resources by type name. */
  readonly ephemeralResourceSchemas?: Readonly<Record<string, DocsSchema>> | undefined;
  /** Functions by name. */
  readonly functions?: Readonly<Record<string, DocsFunction>> | undefined;
  /** Diagnostics: an error here stops generation. */
  readonly diagnostics?: readonly DocsDiagnostic[] | undefined;
}

/**
 * The call context handed to the schema RPCs: a signal and a silent logger.
 *
 * @remarks Shaped like `@tfkit/grpc-transport`'s `CallContext`.
 * @category models
 */
export interface DocsCallContext {
  /** RPC name. */
  readonly rpc: string;
  /** Never aborted. */
  readonly signal: AbortSignal;
  /** A logger that drops every line. */
  readonly logger: unknown;
}

/**
 * Options of {@link generateProviderDocs}.
 *
 * @category models
 */
export interface GenerateDocsOptions {
  /** The provider's type name (`demo` for `demo_server`). */
  readonly providerName: string;
  /** A description for `index.md`. Default: the provider schema's block description, else none. */
  readonly description?: string;
  /**
   * The examples directory (tfplugindocs layout): `provider/provider.tf`,
   * `resources/<type>/resource.tf` (+ `import.sh`, `import-by-string-id.tf`,
   * `import-by-identity.tf` for the Import section), `data-sources/<type>/data-source.tf`,
   * `ephemeral-resources/<type>/ephemeral-resource.tf`, `functions/<name>/function.tf`.
   * Missing files are left out of the pages.
   */
  readonly examplesDir?: string;
  /**
   * The templates directory (tfplugindocs layout), for pages the provider writes itself:
   * `index.md.tmpl`; `resources/<name>.md.tmpl` (name with or without the provider prefix), else
   * the kind's fallback `resources.md.tmpl`; the same for `data-sources`, `ephemeral-resources`
   * and `functions`; `guides/<name>.md.tmpl` for guide pages. A page without `.tmpl`
   * (`resources/<name>.md`, `guides/<name>.md`, `index.md`) is taken as it is, before the
   * fallback. Pages without a template are generated as usual. See {@link renderDocsTemplate} for
   * the template language and {@link generateProviderDocs} for the fields.
   */
  readonly templatesDir?: string;
  /** Where `tffile` / `codefile` paths in templates are read from. Default: the working directory. */
  readonly baseDir?: string;
}

const GENERATED = "# generated by tfkit docs (@tfkit/cli); do not edit, run `tfkit docs` again";
const SCHEMA_MARKER = "<!-- schema generated by tfkit docs -->";
const SIGNATURE_MARKER = "<!-- signature generated by tfkit docs -->";
const ARGUMENTS_MARKER = "<!-- arguments generated by tfkit docs -->";
const VARIADIC_MARKER = "<!-- variadic argument generated by tfkit docs -->";

function silentLogger(): unknown {
  const logger = {
    level: "off",
    trace() {},
    debug() {},
    info() {},
    warn() {},
    error() {},
    with: () => logger,
    named: () => logger,
    isEnabled: () => false,
  };
  return logger;
}

function callContext(rpc: string): DocsCallContext {
  return { rpc, signal: new AbortController().signal, logger: silentLogger() };
}

function frontMatter(pageTitle: string, description: string, subcategory = true): string {
  const text = plainMarkdown(description);
  const body =
    text === ""
      ? 'description: ""'
      : `description: |-\n${text
          .split("\n")
          .map((l) => (l === "" ? "" : `  ${l}`))
          .join("\n")}`;
  // The registry refuses a subcategory on the index page (tfplugindocs validate does too).
  const category = subcategory ? 'subcategory: ""\n' : "";
  return `---\n${GENERATED}\npage_title: ${JSON.stringify(pageTitle)}\n${category}${body}\n---\n`;
}

function readExample(dir: string | undefined, ...parts: string[]): string | undefined {
  if (dir === undefined) return undefined;
  const file = join(dir, ...parts);
  return existsSync(file) ? readFileSync(file, "utf8").trimEnd() : undefined;
}

function exampleSection(code: string | undefined, language = "terraform"): string {
  return code === undefined ? "" : `## Example Usage\n\n\`\`\`${language}\n${code}\n\`\`\`\n\n`;
}

function schemaPage(
  kind: "Resource" | "Data Source" | "Ephemeral Resource",
  name: string,
  schema: DocsSchema,
  options: GenerateDocsOptions,
  example: string | undefined,
  imports: Imports,
): string {
  const description = (schema.block.description ?? "").trim();
  const deprecated = schema.block.deprecated ? "~> **Deprecated** This resource type is deprecated.\n\n" : "";
  let page = `${frontMatter(`${name} ${kind} - ${options.providerName}`, description)}\n# ${name} (${kind})\n\n`;
  page += deprecated;
  if (description !== "") page += `${description}\n\n`;
  page += exampleSection(example);
  page += `${SCHEMA_MARKER}\n${renderSchemaMarkdown(schema)}`;
  return page + importSection(imports);
}

/** The import examples of a resource page (tfplugindocs' file names in the examples directory). */
interface Imports {
  /** `import.sh`: the `terraform import` command. */
  readonly shell?: string | undefined;
  /** `import-by-string-id.tf`: an `import` block with `id`. */
  readonly idConfig?: string | undefined;
  /** `import-by-identity.tf`: an `import` block with `identity`. */
  readonly identityConfig?: string | undefined;
  /** The identity schema section, shown with the identity example. */
  readonly identityMarkdown?: string | undefined;
}

const IMPORT_BLOCK = "[`import` block](https://developer.hashicorp.com/terraform/language/import)";

function importSection(imports: Imports): string {
  const { shell, idConfig, identityConfig, identityMarkdown } = imports;
  if (shell === undefined && idConfig === undefined && identityConfig === undefined) return "";
  let out = "\n## Import\n\nImport is supported using the following syntax:\n";
  if (idConfig === undefined && identityConfig === undefined) {
    return `${out}\n\`\`\`shell\n${shell}\n\`\`\`\n`;
  }
  if (identityConfig !== undefined) {
    out += `\nIn Terraform v1.12.0 and later, the ${IMPORT_BLOCK} can be used with the \`identity\` attribute, for example:\n\n\`\`\`terraform\n${identityConfig}\n\`\`\`\n`;
    if (identityMarkdown !== undefined) out += `\n${identityMarkdown}`;
  }
  if (idConfig !== undefined) {
    out += `\nIn Terraform v1.5.0 and later, the ${IMPORT_BLOCK} can be used with the \`id\` attribute, for example:\n\n\`\`\`terraform\n${idConfig}\n\`\`\`\n`;
  }
  if (shell !== undefined) {
    out += `\nThe [\`terraform import\` command](https://developer.hashicorp.com/terraform/cli/commands/import) can be used, for example:\n\n\`\`\`shell\n${shell}\n\`\`\`\n`;
  }
  return out;
}

function parameterSignature(p: DocsFunctionParameter, variadic: boolean): string {
  return `${variadic ? "..." : ""}${p.name} ${signatureTypeName(p.type)}`;
}

function parameterLine(index: number, p: DocsFunctionParameter, variadic: boolean): string {
  const type = docTypeName(parseTypeJson(p.type));
  const notes = `${variadic ? "Variadic, " : ""}${type}${p.allowNullValue ? ", Nullable" : ""}`;
  const description = (p.description ?? "").trim();
  return `${index}. \`${p.name}\` (${notes})${description === "" ? "" : ` ${description}`}`;
}

/** The generated pieces of a function page (also template fields). */
function functionPieces(name: string, fn: DocsFunction) {
  const params = fn.parameters ?? [];
  const signature = [
    ...params.map((p) => parameterSignature(p, false)),
    ...(fn.variadicParameter === undefined ? [] : [parameterSignature(fn.variadicParameter, true)]),
  ].join(", ");
  return {
    signature: `\`\`\`text\n${name}(${signature}) ${signatureTypeName(fn.returnType)}\n\`\`\``,
    argumentLines: params.map((p, i) => parameterLine(i + 1, p, false)),
    variadicLine:
      fn.variadicParameter === undefined
        ? undefined
        : parameterLine(params.length + 1, fn.variadicParameter, true),
  };
}

function functionPage(name: string, fn: DocsFunction, options: GenerateDocsOptions): string {
  const summary = (fn.summary ?? "").trim();
  const description = (fn.description ?? "").trim();
  const pieces = functionPieces(name, fn);
  let page = `${frontMatter(`${name} function - ${options.providerName}`, summary)}\n# function: ${name}\n\n`;
  if ((fn.deprecationMessage ?? "") !== "") page += `~> **Deprecated** ${fn.deprecationMessage?.trim()}\n\n`;
  if (description !== "" || summary !== "") page += `${description === "" ? summary : description}\n\n`;
  page += exampleSection(readExample(options.examplesDir, "functions", name, "function.tf"));
  page += `## Signature\n\n${pieces.signature}\n`;
  const lines = [
    ...pieces.argumentLines,
    ...(pieces.variadicLine === undefined ? [] : [pieces.variadicLine]),
  ];
  if (lines.length > 0) page += `\n## Arguments\n\n${lines.join("\n")}\n`;
  return page;
}

function indexPage(schema: DocsProviderSchema, options: GenerateDocsOptions): string {
  const description = (options.description ?? schema.provider?.block.description ?? "").trim();
  let page = `${frontMatter(`${options.providerName} Provider`, description, false)}\n# ${options.providerName} Provider\n\n`;
  if (description !== "") page += `${description}\n\n`;
  page += exampleSection(readExample(options.examplesDir, "provider", "provider.tf"));
  const providerBlock = schema.provider?.block;
  const hasConfig = (providerBlock?.attributes?.length ?? 0) + (providerBlock?.blockTypes?.length ?? 0) > 0;
  if (schema.provider !== undefined && hasConfig)
    page += `${SCHEMA_MARKER}\n${renderSchemaMarkdown(schema.provider)}`;
  return `${page.trimEnd()}\n`;
}

const sortedKeys = (record: Readonly<Record<string, unknown>> | undefined): string[] =>
  Object.keys(record ?? {}).sort();

/** Example files as tfplugindocs finds them: `<base>.tf` and `<base>*.tf`, sorted, as absolute paths. */
function exampleFields(options: GenerateDocsOptions, dir: readonly string[], base: string) {
  const folder = options.examplesDir === undefined ? undefined : resolve(options.examplesDir, ...dir);
  const exampleFile = folder === undefined ? "" : join(folder, `${base}.tf`);
  const files =
    folder === undefined || !existsSync(folder)
      ? []
      : readdirSync(folder)
          .filter((f) => f.startsWith(base) && f.endsWith(".tf"))
          .sort()
          .map((f) => join(folder, f));
  return {
    HasExample: exampleFile !== "" && existsSync(exampleFile),
    HasExamples: files.length > 0,
    ExampleFile: exampleFile,
    ExampleFiles: files,
  };
}

/** One page to write: where, what it is without a template, and what a template sees. */
interface PageSpec {
  readonly path: string;
  /** Templates to try, first found wins (relative to the templates directory). */
  readonly templates: readonly string[];
  readonly fields: DocsTemplateFields;
  readonly generate: () => string;
}

const SCHEMA_KINDS = [
  { dir: "resources", type: "Resource", example: "resource", key: "resourceSchemas" },
  { dir: "data-sources", type: "Data Source", example: "data-source", key: "dataSourceSchemas" },
  {
    dir: "ephemeral-resources",
    type: "Ephemeral Resource",
    example: "ephemeral-resource",
    key: "ephemeralResourceSchemas",
  },
] as const;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub === "" ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk("");
  return out.sort();
}

/**
 * Generates registry-format documentation for a provider: `index.md`, `resources/<name>.md`,
 * `data-sources/<name>.md`, `ephemeral-resources/<name>.md` and `functions/<name>.md`, keyed by
 * path relative to the docs directory.
 *
 * @remarks What tfplugindocs `generate` produces for a Go provider, from the same inputs: the
 * GetProviderSchema answer (plus GetFunctions when the schema lists none), the examples
 * directory and the templates directory. Page names drop the provider prefix (`demo_server` →
 * `resources/server.md`), as the registry expects. Deterministic: the same provider gives the same
 * bytes.
 *
 * A page with a template in `templatesDir` is the template rendered (see
 * {@link renderDocsTemplate}) with tfplugindocs' fields:
 * - every page: `ProviderName` (`terraform-provider-<name>`), `ProviderShortName` and
 *   `RenderedProviderName` (`<name>`), `Description`, `HasExample`, `HasExamples`,
 *   `ExampleFile`, `ExampleFiles`;
 * - index, resources, data sources, ephemeral resources: `SchemaMarkdown` (the **Schema**
 *   section, as the generated page has it);
 * - resources, data sources, ephemeral resources: `Name` (`demo_server`), `Type` (`Resource`,
 *   `Data Source`, `Ephemeral Resource`), and for resources `HasImport` / `ImportFile`
 *   (`import.sh`), `HasImportIDConfig` / `ImportIDConfigFile` (`import-by-string-id.tf`),
 *   `HasImportIdentityConfig` / `ImportIdentityConfigFile` (`import-by-identity.tf`) and
 *   `IdentitySchemaMarkdown` (from GetResourceIdentitySchemas; empty without an identity);
 * - functions: `Name`, `Type` (`function`), `Summary`, `FunctionSignatureMarkdown`,
 *   `FunctionArgumentsMarkdown`, `HasVariadic`, `FunctionVariadicArgumentMarkdown`;
 * - guides (`guides/<name>.md.tmpl` → `guides/<name>.md`): the provider names only.
 *
 * @throws {@link DocsTemplateError} listing every template problem (file and line): an unknown
 * field or function, a template for a resource the provider does not have, a file in the
 * templates directory that is not a template.
 * @example
 * ```ts
 * import { provider } from "./provider.js";
 *
 * const pages = await generateProviderDocs(provider, { providerName: "demo", examplesDir: "examples", templatesDir: "templates" });
 * pages.get("resources/server.md"); // "---\npage_title: \"demo_server Resource - demo\"\n…"
 * ```
 * @category encoding
 */
export async function generateProviderDocs(
  provider: DocumentableProvider,
  options: GenerateDocsOptions,
): Promise<Map<string, string>> {
  const schema = await provider.getProviderSchema({}, callContext("GetProviderSchema"));
  const errors = (schema.diagnostics ?? []).filter((d) => d.severity === "error");
  if (errors.length > 0) {
    throw new Error(
      `tfkit docs: GetProviderSchema failed: ${errors.map((d) => `${d.summary}: ${d.detail}`).join("; ")}`,
    );
  }
  let functions = schema.functions ?? {};
  if (Object.keys(functions).length === 0 && provider.getFunctions !== undefined) {
    functions = (await provider.getFunctions({}, callContext("GetFunctions"))).functions ?? {};
  }
  let identities: Readonly<Record<string, DocsIdentitySchema>> = {};
  if (provider.getResourceIdentitySchemas !== undefined) {
    const answer = await provider.getResourceIdentitySchemas({}, callContext("GetResourceIdentitySchemas"));
    const failed = (answer.diagnostics ?? []).filter((d) => d.severity === "error");
    if (failed.length > 0) {
      throw new Error(
        `tfkit docs: GetResourceIdentitySchemas failed: ${failed.map((d) => `${d.summary}: ${d.detail}`).join("; ")}`,
      );
    }
    identities = answer.identitySchemas ?? {};
  }
  const name = options.providerName;
  const shortName = (type: string) => (type.startsWith(`${name}_`) ? type.slice(name.length + 1) : type);
  const providerFields = {
    ProviderName: `terraform-provider-${name}`,
    ProviderShortName: name,
    RenderedProviderName: name,
  };
  const specs: PageSpec[] = [];
  specs.push({
    path: "index.md",
    templates: ["index.md.tmpl", "index.md"],
    fields: {
      ...providerFields,
      Description: options.description ?? schema.provider?.block.description ?? "",
      ...exampleFields(options, ["provider"], "provider"),
      SchemaMarkdown: `${SCHEMA_MARKER}\n${renderSchemaMarkdown(schema.provider ?? { block: {} })}`,
    },
    generate: () => indexPage(schema, options),
  });
  const ex = options.examplesDir;
  for (const kind of SCHEMA_KINDS) {
    const schemas = schema[kind.key];
    for (const type of sortedKeys(schemas)) {
      const s = schemas?.[type] as DocsSchema;
      const example = exampleFields(options, [kind.dir, type], kind.example);
      const resource = kind.dir === "resources";
      const file = (f: string) => (resource && ex !== undefined ? resolve(ex, kind.dir, type, f) : "");
      const importFile = file("import.sh");
      const importConfig = file("import-by-string-id.tf");
      const identityConfig = file("import-by-identity.tf");
      const identity = resource ? identities[type] : undefined;
      const identityMarkdown =
        identity === undefined ? undefined : `${SCHEMA_MARKER}\n${renderIdentitySchemaMarkdown(identity)}`;
      if (identityConfig !== "" && existsSync(identityConfig) && identity === undefined) {
        throw new Error(
          `tfkit docs: ${identityConfig}: ${type} has no identity schema (GetResourceIdentitySchemas does not list it), so it cannot be imported by identity`,
        );
      }
      const short = shortName(type);
      specs.push({
        path: `${kind.dir}/${short}.md`,
        templates: [
          `${kind.dir}/${short}.md.tmpl`,
          `${kind.dir}/${type}.md.tmpl`,
          `${kind.dir}/${short}.md`,
          `${kind.dir}.md.tmpl`,
        ],
        fields: {
          ...providerFields,
          Name: type,
          Type: kind.type,
          Description: s.block.description ?? "",
          ...example,
          ...(resource
            ? {
                HasImport: importFile !== "" && existsSync(importFile),
                ImportFile: importFile,
                HasImportIDConfig: importConfig !== "" && existsSync(importConfig),
                ImportIDConfigFile: importConfig,
                HasImportIdentityConfig: identityConfig !== "" && existsSync(identityConfig),
                ImportIdentityConfigFile: identityConfig,
                IdentitySchemaMarkdown: identityMarkdown ?? "",
              }
            : {}),
          SchemaMarkdown: `${SCHEMA_MARKER}\n${renderSchemaMarkdown(s)}`,
        },
        generate: () =>
          schemaPage(
            kind.type,
            type,
            s,
            options,
            readExample(ex, kind.dir, type, `${kind.example}.tf`),
            resource
              ? {
                  shell: readExample(ex, kind.dir, type, "import.sh"),
                  idConfig: readExample(ex, kind.dir, type, "import-by-string-id.tf"),
                  identityConfig: readExample(ex, kind.dir, type, "import-by-identity.tf"),
                  identityMarkdown,
                }
              : {},
          ),
      });
    }
  }
  for (const fnName of sortedKeys(functions)) {
    const fn = functions[fnName] as DocsFunction;
    const pieces = functionPieces(fnName, fn);
    specs.push({
      path: `functions/${fnName}.md`,
      templates: [`functions/${fnName}.md.tmpl`, `functions/${fnName}.md`, "functions.md.tmpl"],
      fields: {
        ...providerFields,
        Name: fnName,
        Type: "function",
        Description: fn.description ?? "",
        Summary: fn.summary ?? "",
        ...exampleFields(options, ["functions", fnName], "function"),
        FunctionSignatureMarkdown: `${SIGNATURE_MARKER}\n${pieces.signature}`,
        FunctionArgumentsMarkdown: `${ARGUMENTS_MARKER}\n${pieces.argumentLines.join("\n")}`,
        HasVariadic: pieces.variadicLine !== undefined,
        FunctionVariadicArgumentMarkdown:
          pieces.variadicLine === undefined ? "" : `${VARIADIC_MARKER}\n${pieces.variadicLine}`,
      },
      generate: () => functionPage(fnName, fn, options),
    });
  }
  return renderPages(specs, providerFields, options);
}

function renderPages(
  specs: readonly PageSpec[],
  providerFields: DocsTemplateFields,
  options: GenerateDocsOptions,
): Map<string, string> {
  const dir = options.templatesDir;
  const templates = dir !== undefined && existsSync(dir) && statSync(dir).isDirectory() ? listFiles(dir) : [];
  const problems: DocsTemplateProblem[] = [];
  const used = new Set<string>();
  const pages = new Map<string, string>();
  const render = (template: string, fields: DocsTemplateFields): string => {
    const file = join(dir as string, template);
    // A page without .tmpl is written as it is (tfplugindocs copies such static pages).
    if (!template.endsWith(".tmpl")) return readFileSync(file, "utf8");
    const result = renderDocsTemplate(readFileSync(file, "utf8"), file, fields, {
      baseDir: options.baseDir ?? process.cwd(),
    });
    if (result.ok) return result.text;
    problems.push(...result.problems);
    return "";
  };
  const available = new Set(templates);
  for (const spec of specs) {
    const template = spec.templates.find((t) => available.has(t));
    if (template === undefined) {
      pages.set(spec.path, spec.generate());
      continue;
    }
    used.add(template);
    pages.set(spec.path, render(template, spec.fields));
  }
  for (const template of templates) {
    const guide = /^guides\/([^/]+)\.md(\.tmpl)?$/.exec(template);
    if (guide !== null) {
      used.add(template);
      pages.set(`guides/${guide[1]}.md`, render(template, providerFields));
    }
  }
  const fallbacks = new Set(SCHEMA_KINDS.map((k) => `${k.dir}.md.tmpl`).concat("functions.md.tmpl"));
  for (const template of templates) {
    if (used.has(template) || fallbacks.has(template)) continue;
    const kind = /^([^/]+)\/[^/]+\.md(\.tmpl)?$/.exec(template)?.[1];
    const known = [...SCHEMA_KINDS.map((k) => k.dir), "functions"].includes(kind ?? "");
    problems.push({
      file: join(dir as string, template),
      line: 1,
      message: known
        ? `no ${kind === "functions" ? "function" : (kind ?? "").replace(/s$/, "").replace("-", " ")} of this name: ` +
          `templates are named after one the provider has (${
            specs
              .filter((s) => s.path.startsWith(`${kind}/`))
              .map((s) => relative(kind ?? "", s.path).replace(/\.md$/, ""))
              .join(", ") || "none"
          })`
        : "not a template tfkit docs reads: index.md.tmpl, <kind>.md.tmpl, <kind>/<name>.md.tmpl or " +
          "guides/<name>.md.tmpl (or a page as it is: index.md, <kind>/<name>.md, guides/<name>.md), " +
          "where <kind> is resources, data-sources, ephemeral-resources or functions",
    });
  }
  if (problems.length > 0) throw new DocsTemplateError(problems);
  return pages;
}
