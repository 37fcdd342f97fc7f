import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/**
 * One way a docs folder breaks the registry's rules: the file, the 1-based line when one is to
 * blame, what is wrong.
 *
 * @category diagnostics
 */
export interface DocsProblem {
  /** The file or directory, as the docs folder was named plus the path inside it. */
  readonly file: string;
  /** 1-based line, for problems inside a file's front matter. */
  readonly line?: number | undefined;
  /** What is wrong and what the registry expects instead. */
  readonly message: string;
}

/**
 * Options of {@link validateProviderDocs}.
 *
 * @category models
 */
export interface ValidateDocsOptions {
  /**
   * The pages the provider has, relative to the docs folder (the keys of `generateProviderDocs`'s
   * answer). With them, a missing page and a page in `resources/`, `data-sources/`,
   * `ephemeral-resources/` or `functions/` that nothing documents are problems too.
   */
  readonly expectedPages?: Iterable<string>;
  /** When given, a `subcategory` outside this list is a problem (guides and index excepted). */
  readonly allowedSubcategories?: readonly string[];
}

/**
 * What {@link validateProviderDocs} found.
 *
 * @category models
 */
export interface DocsValidation {
  /** The documentation files checked, relative to the docs folder, sorted. */
  readonly files: readonly string[];
  /** Every problem, in file order; empty when the folder is fit for the registry. */
  readonly problems: readonly DocsProblem[];
}

/** The registry's page folders (tfplugindocs `ValidRegistryDirectories`). */
const PAGE_DIRS = [
  "actions",
  "data-sources",
  "ephemeral-resources",
  "functions",
  "guides",
  "list-resources",
  "resources",
  "state-stores",
] as const;
const CDKTF_LANGUAGES = ["csharp", "go", "java", "python", "typescript"];
const LEGACY_DIRS: Readonly<Record<string, string>> = { r: "resources", d: "data-sources" };
/** Registry storage limits (tfplugindocs `RegistryMaximumSizeOfFile`, `RegistryMaximumNumberOfFiles`). */
const MAX_FILE_BYTES = 500_000;
const MAX_FILES = 2000;
const FRONT_MATTER_FIELDS = ["page_title", "subcategory", "description"];
/** The folders whose pages must each document something the provider has. */
const SCHEMA_DIRS: Readonly<Record<string, string>> = {
  resources: "resource",
  "data-sources": "data source",
  "ephemeral-resources": "ephemeral resource",
  functions: "function",
};

type PageKind = "index" | "guide" | "page";

/**
 * Checks a docs folder against the Terraform Registry's layout and front matter rules, as
 * tfplugindocs `validate` does for the registry layout.
 *
 * @remarks Checked: the folder holds only `index.md` and the registry's folders
 * (`resources/`, `data-sources/`, `ephemeral-resources/`, `functions/`, `guides/`, `actions/`,
 * `list-resources/`, `state-stores/`, and `cdktf/<language>/…`), not the legacy `r/` or `d/` and
 * no nested folders; pages end in `.md` and are under the registry's 500 KB and 2000-file
 * limits; no legacy `website/docs` beside the folder (mixed layouts); each page starts with YAML
 * front matter holding only `page_title`, `subcategory` and `description` as text (no `layout`
 * or `sidebar_current`, which belong to the legacy layout), no `subcategory` on the index, a
 * `page_title` on every guide. With `expectedPages`, also the pages missing or extraneous against
 * the provider (tfplugindocs' file mismatch check). Front matter is read as the plain
 * `key: text` YAML that registry pages use (plain, quoted and `|`/`>` block text); anything else
 * (lists, nested maps, anchors) is reported rather than guessed at. Unreadable input is a problem,
 * never an exception.
 * @example
 * ```ts
 * const { problems } = validateProviderDocs("docs", { expectedPages: pages.keys() });
 * if (problems.length > 0) {
 *   console.error(formatDocsProblems(problems));
 *   process.exitCode = 1;
 * }
 * ```
 * @category validation
 */
export function validateProviderDocs(docsDir: string, options: ValidateDocsOptions = {}): DocsValidation {
  const problems: DocsProblem[] = [];
  const files: string[] = [];
  const at = (rel: string) => (rel === "" ? docsDir : join(docsDir, rel));
  if (!existsSync(docsDir) || !statSync(docsDir).isDirectory()) {
    return { files, problems: [{ file: docsDir, message: "no such directory" }] };
  }
  const legacy = resolve(docsDir, "..", "website", "docs");
  if (basename(resolve(docsDir)) === "docs" && existsSync(legacy) && walk(legacy).length > 0) {
    problems.push({
      file: join(dirname(docsDir), "website", "docs"),
      message: `legacy website/docs layout beside the registry layout in ${docsDir}: the registry reads only one; move these pages to ${docsDir}`,
    });
  }
  const checkPage = (rel: string, kind: PageKind) => {
    files.push(rel);
    problems.push(...checkFile(docsDir, rel, kind, options));
  };
  for (const entry of entries(docsDir)) {
    if (entry.isFile()) {
      if (entry.name === "index.md") checkPage("index.md", "index");
      else if (/^index\./.test(entry.name)) {
        problems.push({ file: at(entry.name), message: "the registry layout's index page is index.md" });
      } else {
        problems.push({
          file: at(entry.name),
          message: "the registry reads only index.md at the top of the docs folder; pages go in its folders",
        });
      }
      continue;
    }
    if (!entry.isDirectory()) continue;
    const name = entry.name;
    if ((PAGE_DIRS as readonly string[]).includes(name)) {
      checkPageDir(docsDir, name, name === "guides" ? "guide" : "page", checkPage, problems);
    } else if (name === "cdktf") {
      for (const lang of entries(join(docsDir, name))) {
        const rel = `cdktf/${lang.name}`;
        if (!lang.isDirectory() || !CDKTF_LANGUAGES.includes(lang.name)) {
          problems.push({
            file: at(rel),
            message: `not a CDKTF language folder (expected one of ${CDKTF_LANGUAGES.join(", ")})`,
          });
          continue;
        }
        for (const sub of entries(join(docsDir, rel))) {
          const subRel = `${rel}/${sub.name}`;
          if (sub.isFile() && sub.name === "index.md") checkPage(subRel, "index");
          else if (sub.isDirectory() && (PAGE_DIRS as readonly string[]).includes(sub.name)) {
            checkPageDir(docsDir, subRel, sub.name === "guides" ? "guide" : "page", checkPage, problems);
          } else {
            problems.push({ file: at(subRel), message: "not part of the registry's CDKTF layout" });
          }
        }
      }
    } else if (name in LEGACY_DIRS) {
      problems.push({
        file: at(name),
        message: `legacy website/docs folder name: the registry layout calls it ${LEGACY_DIRS[name]}/`,
      });
    } else {
      problems.push({
        file: at(name),
        message: `not a registry documentation folder (expected one of ${PAGE_DIRS.join(", ")}, cdktf)`,
      });
    }
  }
  if (files.length > MAX_FILES) {
    problems.push({
      file: docsDir,
      message: `${files.length} documentation files: the registry takes at most ${MAX_FILES}`,
    });
  }
  if (options.expectedPages !== undefined)
    problems.push(...mismatches(docsDir, files, options.expectedPages));
  return { files: files.sort(), problems };
}

interface Entry {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

/** A folder's entries, dot files left out, symbolic links taken as what they point to. */
function entries(dir: string): Entry[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith("."))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((e) => {
      if (!e.isSymbolicLink()) return e;
      const target = statSync(join(dir, e.name), { throwIfNoEntry: false });
      return {
        name: e.name,
        isFile: () => target?.isFile() ?? false,
        isDirectory: () => target?.isDirectory() ?? false,
      };
    });
}

function walk(dir: string): string[] {
  return entries(dir).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [e.name]));
}

function checkPageDir(
  docsDir: string,
  rel: string,
  kind: PageKind,
  checkPage: (rel: string, kind: PageKind) => void,
  problems: DocsProblem[],
): void {
  for (const entry of entries(join(docsDir, rel))) {
    const fileRel = `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      problems.push({
        file: join(docsDir, fileRel),
        message: `nested folder: the registry reads ${rel}/<name>.md only`,
      });
    } else if (!entry.name.endsWith(".md")) {
      problems.push({
        file: join(docsDir, fileRel),
        message: `file does not end with .md, the registry layout's only page extension`,
      });
    } else checkPage(fileRel, kind);
  }
}

function checkFile(
  docsDir: string,
  rel: string,
  kind: PageKind,
  options: ValidateDocsOptions,
): DocsProblem[] {
  const file = join(docsDir, rel);
  const size = statSync(file).size;
  if (size >= MAX_FILE_BYTES) {
    return [{ file, message: `${size} bytes: the registry takes pages under ${MAX_FILE_BYTES} bytes` }];
  }
  const problems: DocsProblem[] = [];
  const lines = readFileSync(file, "utf8")
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") {
    return [
      { file, line: 1, message: "no front matter: a page starts with a --- line, then YAML, then ---" },
    ];
  }
  const close = lines.findIndex((l, i) => i > 0 && l.trimEnd() === "---");
  if (close < 0) return [{ file, line: 1, message: "front matter has no closing --- line" }];
  const parsed = parseFrontMatter(lines.slice(1, close), 2);
  for (const p of parsed.problems) problems.push({ file, line: p.line, message: p.message });
  for (const [key, { line, value }] of parsed.fields) {
    if (key === "layout" || key === "sidebar_current") {
      problems.push({
        file,
        line,
        message: `${key} belongs to the legacy website/ layout; the registry layout does not allow it`,
      });
    } else if (!FRONT_MATTER_FIELDS.includes(key)) {
      problems.push({
        file,
        line,
        message: `unknown front matter field ${key} (the registry reads ${FRONT_MATTER_FIELDS.join(", ")})`,
      });
    } else if (key === "subcategory" && kind === "index") {
      problems.push({ file, line, message: "the index page has no subcategory" });
    } else if (
      key === "subcategory" &&
      kind === "page" &&
      options.allowedSubcategories !== undefined &&
      !options.allowedSubcategories.includes(value)
    ) {
      problems.push({
        file,
        line,
        message: `subcategory ${JSON.stringify(value)} is not one of ${options.allowedSubcategories.map((s) => JSON.stringify(s)).join(", ")}`,
      });
    }
  }
  if (kind === "guide" && !parsed.fields.has("page_title") && parsed.problems.length === 0) {
    problems.push({ file, line: 1, message: "a guide needs a page_title in its front matter" });
  }
  return problems;
}

interface FrontMatter {
  readonly fields: Map<string, { readonly line: number; readonly value: string }>;
  readonly problems: { readonly line: number; readonly message: string }[];
}

/**
 * Reads front matter as `key: text` YAML: plain, single- and double-quoted and block (`|`, `>`)
 * text values. Anything YAML allows beyond that is reported, not guessed at.
 */
function parseFrontMatter(lines: readonly string[], firstLine: number): FrontMatter {
  const fields: FrontMatter["fields"] = new Map();
  const problems: FrontMatter["problems"] = [];
  const indented = (l: string | undefined) => l !== undefined && /^[ \t]/.test(l) && l.trim() !== "";
  let i = 0;
  while (i < lines.length) {
    const raw = lines[i] as string;
    const line = firstLine + i;
    i++;
    if (raw.trim() === "" || raw.trim().startsWith("#")) continue;
    if (/^\s/.test(raw)) {
      problems.push({ line, message: "unexpected indentation: front matter is key: text lines" });
      continue;
    }
    const match = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/.exec(raw);
    if (match === null) {
      problems.push({ line, message: `cannot read ${JSON.stringify(raw)}: expected key: text` });
      continue;
    }
    const key = match[1] as string;
    const rest = (match[2] ?? "").trim();
    // Lines that belong to this key: indented (or blank) lines after it.
    const start = i;
    while (
      i < lines.length &&
      (indented(lines[i]) || (lines[i]?.trim() === "" && indented(nextNonBlank(lines, i))))
    )
      i++;
    const more = lines.slice(start, i);
    if (more.some((l) => /^ *\t/.test(l))) {
      problems.push({ line: line + 1, message: "tabs cannot indent YAML" });
      continue;
    }
    let value: string | undefined;
    try {
      value = scalar(rest, more);
    } catch (e) {
      problems.push({ line, message: `${key}: ${(e as Error).message}` });
      continue;
    }
    if (fields.has(key)) {
      problems.push({ line, message: `${key} appears twice (first on line ${fields.get(key)?.line})` });
      continue;
    }
    fields.set(key, { line, value });
  }
  return { fields, problems };
}

function nextNonBlank(lines: readonly string[], from: number): string | undefined {
  for (let j = from; j < lines.length; j++) if (lines[j]?.trim() !== "") return lines[j];
  return undefined;
}

function scalar(rest: string, more: readonly string[]): string {
  const first = rest.charAt(0);
  if (rest === "" || rest.startsWith("#")) {
    if (more.length === 0) return "";
    const nested = more.find((l) => l.trim() !== "")?.trim() ?? "";
    throw new Error(
      nested.startsWith("-")
        ? "a list is not allowed: front matter values are text"
        : "a nested map is not allowed: front matter values are text",
    );
  }
  if (first === "|" || first === ">") {
    if (!/^[|>]([+-]?[1-9]?|[1-9][+-])\s*(#.*)?$/.test(rest)) throw new Error(`bad block header ${rest}`);
    const body = more.map((l) => l.replace(/\s+$/, ""));
    const indent = Math.min(...body.filter((l) => l !== "").map((l) => (/^ */.exec(l)?.[0] ?? "").length));
    const text = body.map((l) => l.slice(Number.isFinite(indent) ? indent : 0));
    const joined = first === "|" ? text.join("\n") : text.join("\n").replace(/([^\n])\n(?=[^\n])/g, "$1 ");
    const header = rest.split("#")[0] as string;
    return header.includes("-") ? joined.replace(/\n+$/, "") : `${joined.replace(/\n+$/, "")}\n`;
  }
  if (first === '"' || first === "'") {
    if (more.length > 0) throw new Error("quoted text over several lines is not supported; use a | block");
    const m =
      first === '"' ? /^"((?:[^"\\]|\\.)*)"\s*(#.*)?$/.exec(rest) : /^'((?:[^']|'')*)'\s*(#.*)?$/.exec(rest);
    if (m === null) throw new Error(`unterminated or trailing text after quoted text: ${rest}`);
    if (first === "'") return (m[1] as string).replace(/''/g, "'");
    try {
      return JSON.parse(`"${m[1]}"`) as string;
    } catch {
      throw new Error(`bad escape in ${rest}`);
    }
  }
  if ("[{".includes(first))
    throw new Error("a flow list or map is not allowed: front matter values are text");
  if ("&*!".includes(first)) throw new Error("anchors, aliases and tags are not supported in front matter");
  if ("@`%".includes(first)) throw new Error(`text cannot start with ${first} unless quoted`);
  if (first === "-" && /^-(\s|$)/.test(rest))
    throw new Error("a list is not allowed: front matter values are text");
  const plain = [rest, ...more.map((l) => l.trim())].join(" ").replace(/\s+#.*$/, "");
  if (/:(\s|$)/.test(plain)) throw new Error("': ' inside unquoted text is YAML syntax; quote the text");
  return plain.trim();
}

function mismatches(
  docsDir: string,
  files: readonly string[],
  expectedPages: Iterable<string>,
): DocsProblem[] {
  const problems: DocsProblem[] = [];
  const expected = new Set(expectedPages);
  const present = new Set(files);
  for (const page of [...expected].sort()) {
    if (!present.has(page)) {
      problems.push({
        file: join(docsDir, page),
        message: "missing: the provider has this page; run tfkit docs",
      });
    }
  }
  for (const file of files) {
    const dir = file.split("/")[0] as string;
    const kind = SCHEMA_DIRS[dir];
    if (kind === undefined || expected.has(file) || file.split("/").length !== 2) continue;
    problems.push({
      file: join(docsDir, file),
      message: `no ${kind} ${JSON.stringify(basename(file).replace(/\..*$/, ""))} in the provider: the page is extraneous or misnamed`,
    });
  }
  return problems;
}

/**
 * Formats {@link DocsProblem}s one per line as `file:line: message` (or `file: message`).
 *
 * @category diagnostics
 */
export function formatDocsProblems(problems: readonly DocsProblem[]): string {
  return problems.map((p) => `${p.file}${p.line === undefined ? "" : `:${p.line}`}: ${p.message}`).join("\n");
}
