#!/usr/bin/env node
// The READMEs and guides name `@tfkit/*` exports; this checks that every name they import or link
// exists, and that every export they mention in prose is linked (once per file) to its page on
// the API site. Pages are named as typedoc names them (`functions/_tfkit_provider.serve.html`);
// when docs/api has been built (`npm run docs`) each linked page and `#member` anchor must exist
// in it too. Run by docs/guides/examples' tests and after `npm run docs`; alone:
// `node scripts/check-doc-exports.mjs` (exit 1 and a list), `--fix` links each unlinked first
// mention (needs docs/api built).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where the API site (the typedoc output, `docs/api` locally) is published. */
export const API_SITE = "https://tfkit.github.io/tfkit/";

/** The published packages' entry points, as typedoc names their modules. */
const ENTRIES = [
  ["cli", "src/index.ts", "_tfkit_cli"],
  ["contracts", "src/index.ts", "_tfkit_contracts"],
  ["cty-values", "src/index.ts", "_tfkit_cty-values"],
  ["grpc-transport", "src/index.ts", "_tfkit_grpc-transport"],
  ["plan-engine", "src/index.ts", "_tfkit_plan-engine"],
  ["provider", "src/index.ts", "_tfkit_provider"],
  ["schema", "src/index.ts", "_tfkit_schema"],
  ["testing", "src/index.ts", "_tfkit_testing.index"],
  ["testing", "src/vitest.ts", "_tfkit_testing.vitest"],
  ["testing", "src/echo-provider.ts", "_tfkit_testing.echo-provider"],
  ["upgrade", "src/index.ts", "_tfkit_upgrade"],
].map(([pkg, file, slug]) => ({
  pkg,
  specifier: `@tfkit/${pkg}${file.endsWith("index.ts") ? "" : `/${file.slice(4, -3)}`}`,
  file: join(root, "packages", pkg, file),
  slug,
}));

/** The typedoc folders a declaration can land in (a `const` arrow function is shown as a function). */
function kindDirs(symbol) {
  const f = symbol.flags;
  if (f & ts.SymbolFlags.Function) return ["functions"];
  if (f & ts.SymbolFlags.Class) return ["classes"];
  if (f & ts.SymbolFlags.Interface) return ["interfaces"];
  if (f & ts.SymbolFlags.Enum) return ["enums"];
  if (f & ts.SymbolFlags.Variable) return ["variables", "functions"];
  if (f & ts.SymbolFlags.TypeAlias) return ["types"];
  if (f & ts.SymbolFlags.Module) return ["modules"];
  return [];
}

/**
 * Every export of every published entry point: `name` → candidate pages (`kind/slug.name.html`),
 * with namespace members (`plancheck.expectPlanText`) as `ns.member`.
 */
export function apiExports() {
  const program = ts.createProgram(
    ENTRIES.map((e) => e.file),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      customConditions: ["@tfkit/source"],
      noEmit: true,
      skipLibCheck: true,
    },
  );
  const checker = program.getTypeChecker();
  const byEntry = new Map();
  for (const entry of ENTRIES) {
    const source = program.getSourceFile(entry.file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    const names = new Map();
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const name = exported.getName();
      const pages = kindDirs(symbol).map((dir) =>
        dir === "modules" ? `modules/${entry.slug}.${name}.html` : `${dir}/${entry.slug}.${name}.html`,
      );
      names.set(name, pages);
      if (symbol.flags & ts.SymbolFlags.Module) {
        for (const member of checker.getExportsOfModule(symbol)) {
          const m = member.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(member) : member;
          names.set(
            `${name}.${member.getName()}`,
            kindDirs(m).map((dir) => `${dir}/${entry.slug}.${name}.${member.getName()}.html`),
          );
        }
      }
    }
    byEntry.set(entry.specifier, { ...entry, names });
  }
  return byEntry;
}

/** The markdown files checked: root README, package and app READMEs, guides. */
export function docFiles() {
  const readmes = (dir) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(root, dir, d.name, "README.md")))
      .map((d) => join(dir, d.name, "README.md"));
  const guides = readdirSync(join(root, "docs/guides"))
    .filter((n) => n.endsWith(".md"))
    .map((n) => join("docs/guides", n));
  return ["README.md", ...readmes("packages"), ...readmes("apps"), ...guides].sort();
}

/** Splits markdown into fenced code blocks and prose (line-preserving). */
function split(markdown) {
  const code = [];
  const prose = markdown.replace(/^```(\w*)[^\n]*\n([\s\S]*?)^```$/gm, (whole, lang, body) => {
    code.push({ lang, body });
    return whole.replace(/[^\n]/g, " ");
  });
  return { code, prose };
}

const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"(@tfkit\/[\w-]+(?:\/[\w-]+)?)"/g;
const LINK = new RegExp(`\\]\\(${API_SITE.replace(/[.]/g, "\\.")}([^)#\\s]+)(?:#([^)\\s]+))?\\)`, "g");
// A backticked mention: `name`, `name(…)`, `name.member`, `ns.member(…)`, optionally inside a link.
// A mention followed by "hook", "method", "option", … names a member of something else that
// happens to share an export's name (a resource's `validateConfig` hook): it is not linked.
const MENTION =
  /(\[)?`([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?(\([^`]*\))?`(\]\([^)]*\))?( \(?(?:hooks?|methods?|options?|fields?|RPCs?|property|properties)\b)?/g;

/** The package a file documents, if it is a package README. */
function ownPackage(file) {
  const m = /^packages\/([\w-]+)\/README\.md$/.exec(file);
  return m ? `@tfkit/${m[1]}` : undefined;
}

/**
 * Which entry a prose mention refers to: in a package README its own package's exports;
 * elsewhere an export of exactly one entry (names several packages export are not guessed).
 */
function resolveMention(exportsBy, file, name, member) {
  const own = ownPackage(file);
  const candidates = [...exportsBy.values()].filter((e) =>
    own ? e.specifier === own || e.specifier.startsWith(`${own}/`) : true,
  );
  const hits = candidates.filter((e) => e.names.has(name));
  if (hits.length !== 1) return undefined;
  const entry = hits[0];
  if (member !== undefined && entry.names.has(`${name}.${member}`)) {
    return { entry, key: `${name}.${member}`, anchor: undefined };
  }
  return { entry, key: name, anchor: member?.toLowerCase() };
}

function builtPages() {
  const api = join(root, "docs/api");
  return existsSync(join(api, "index.html")) ? api : undefined;
}

function pageFor(api, pages) {
  if (api === undefined) return pages[0];
  return pages.find((p) => existsSync(join(api, p)));
}

/** Checks (and with `fix`, links) every doc file. Returns the problems and counts. */
export function checkDocExports({ fix = false } = {}) {
  const exportsBy = apiExports();
  const api = builtPages();
  const validPages = new Set([...exportsBy.values()].flatMap((e) => [...e.names.values()].flat()));
  // Module pages: a package (`_tfkit_testing`) and each of its entry points.
  for (const e of exportsBy.values()) {
    validPages.add(`modules/${e.slug}.html`);
    validPages.add(`modules/_tfkit_${e.pkg}.html`);
  }
  const problems = [];
  let imports = 0;
  let links = 0;
  for (const file of docFiles()) {
    let markdown = readFileSync(join(root, file), "utf8");
    const { code, prose } = split(markdown);
    const lineOf = (index) => markdown.slice(0, index).split("\n").length;

    for (const block of code) {
      for (const m of block.body.matchAll(IMPORT)) {
        const entry = exportsBy.get(m[2]);
        if (entry === undefined) continue; // an unpublished workspace or a typo caught by tsc
        for (const raw of m[1].split(",")) {
          const name = raw
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0];
          if (name === "") continue;
          imports++;
          if (!entry.names.has(name))
            problems.push(`${file}: imports ${name} from ${m[2]}, which does not export it`);
        }
      }
    }

    const linked = new Set();
    for (const m of prose.matchAll(LINK)) {
      links++;
      const [, page, anchor] = m;
      if (!validPages.has(page)) {
        problems.push(`${file}:${lineOf(m.index)}: links ${page}, which is no page of an @tfkit export`);
        continue;
      }
      if (api !== undefined) {
        const html = join(api, page);
        if (!existsSync(html))
          problems.push(`${file}:${lineOf(m.index)}: ${page} is not in the built docs/api`);
        else if (anchor !== undefined && !readFileSync(html, "utf8").includes(`id="${anchor}"`)) {
          problems.push(`${file}:${lineOf(m.index)}: ${page} has no #${anchor}`);
        }
      }
      linked.add(page);
    }

    const edits = [];
    const mentioned = new Set();
    for (const m of prose.matchAll(MENTION)) {
      const [matched, openBracket, name, member, , linkTail, notAnExport] = m;
      if (name.length < 3 || openBracket !== undefined || linkTail !== undefined || notAnExport) continue;
      const whole = matched;
      const lineStart = prose.lastIndexOf("\n", m.index) + 1;
      if (/^#/.test(prose.slice(lineStart, m.index))) continue; // headings stay plain
      const target = resolveMention(exportsBy, file, name, member);
      if (target === undefined) continue;
      const pages = target.entry.names.get(target.key);
      if ([...linked].some((p) => pages.includes(p)) || mentioned.has(target.key)) continue;
      mentioned.add(target.key);
      const page = pageFor(api, pages);
      if (fix && page !== undefined) {
        const url = `${API_SITE}${page}${target.anchor ? `#${target.anchor}` : ""}`;
        edits.push({ index: m.index, length: whole.length, text: `[${whole}](${url})` });
      } else {
        problems.push(
          `${file}:${lineOf(m.index)}: ${whole} (${target.entry.specifier}) is never linked to its API page ${API_SITE}${pages[0]}`,
        );
      }
    }
    if (edits.length > 0) {
      for (const e of edits.sort((a, b) => b.index - a.index)) {
        markdown = markdown.slice(0, e.index) + e.text + markdown.slice(e.index + e.length);
      }
      writeFileSync(join(root, file), markdown);
    }
  }
  return { problems, imports, links, files: docFiles().length, built: api !== undefined };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fix = process.argv.includes("--fix");
  if (fix && builtPages() === undefined) {
    console.error("--fix needs the API site: run `npm run docs` first");
    process.exit(1);
  }
  const { problems, imports, links, files, built } = checkDocExports({ fix });
  if (problems.length > 0) {
    console.error(problems.map((p) => relative(".", join(root, p)) && p).join("\n"));
    process.exit(1);
  }
  console.log(
    `${files} doc files: ${imports} imported @tfkit names exist, ${links} API links resolve${built ? " (checked against docs/api)" : ""}`,
  );
}
