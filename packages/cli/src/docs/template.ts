import { existsSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";

/**
 * A value a docs template can use: text, a flag (for `if`) or a list of text (for `range`).
 *
 * @category models
 */
export type DocsTemplateValue = string | boolean | readonly string[];

/**
 * The fields a docs template sees as `{{ .Name }}`, by name.
 *
 * @category models
 */
export type DocsTemplateFields = Readonly<Record<string, DocsTemplateValue>>;

/**
 * One problem in a docs template: the template file, the 1-based line of the action, what is
 * wrong.
 *
 * @category diagnostics
 */
export interface DocsTemplateProblem {
  /** The template file, as it was named to the renderer. */
  readonly file: string;
  /** 1-based line of the `{{ … }}` action. */
  readonly line: number;
  /** What is wrong, e.g. `unknown field .Nmae (fields: …)`. */
  readonly message: string;
}

/**
 * Options of {@link renderDocsTemplate}.
 *
 * @category models
 */
export interface DocsTemplateOptions {
  /** Where relative paths of `tffile` and `codefile` are read from. Default: the working directory. */
  readonly baseDir?: string;
}

/**
 * What {@link renderDocsTemplate} produced: the text, or every problem found.
 *
 * @category models
 */
export type DocsTemplateResult =
  | {
      /** Rendered without problems. */
      readonly ok: true;
      /** The rendered text. */
      readonly text: string;
    }
  | {
      /** At least one problem; nothing is rendered. */
      readonly ok: false;
      /** Every problem found, in file order. */
      readonly problems: readonly DocsTemplateProblem[];
    };

/**
 * Thrown by `generateProviderDocs` when templates have problems: all of them, with file and line.
 *
 * @category diagnostics
 */
export class DocsTemplateError extends Error {
  /** Every problem, in template and line order. */
  readonly problems: readonly DocsTemplateProblem[];

  /** @param problems - The problems; the message lists them one per line as `file:line: message`. */
  constructor(problems: readonly DocsTemplateProblem[]) {
    super(`tfkit docs: template problems:\n${formatDocsTemplateProblems(problems)}`);
    this.name = "DocsTemplateError";
    this.problems = problems;
  }
}

/**
 * Formats template problems one per line as `file:line: message`, the form editors link.
 *
 * @category diagnostics
 */
export function formatDocsTemplateProblems(problems: readonly DocsTemplateProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join("\n");
}

// ---------------------------------------------------------------------------------------------
// The language: a deliberate subset of Go's text/template, the one tfplugindocs templates use.
//   text {{ .Field }} text          fields of the page
//   {{ .Description | trimspace }}  pipelines into functions
//   {{ tffile "examples/x.tf" }}     functions with string literal or field arguments
//   {{ if .HasExample }}…{{ else if … }}…{{ else }}…{{ end }}
//   {{ range .ExampleFiles }}{{ tffile . }}{{ end }}   (`.` is the element, `$` the page)
//   {{- … -}}                       trim the whitespace before / after
//   {{/* comment */}}
//   {{ tffile (printf "examples/%s/resource.tf" .Name) }}   (parentheses, integers, printf, index, len)
// Anything else (variables, `with`, `define`, floats) is reported, never ignored.

type Arg =
  | { readonly kind: "field"; readonly root: boolean; readonly name: string | undefined }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "func"; readonly name: string }
  | { readonly kind: "pipeline"; readonly pipeline: Pipeline };

type Command = readonly Arg[];
type Pipeline = readonly Command[];

type Node =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "action"; readonly line: number; readonly pipeline: Pipeline }
  | {
      readonly kind: "if";
      readonly line: number;
      readonly cond: Pipeline;
      readonly whenTrue: Node[];
      readonly otherwise: Node[];
    }
  | {
      readonly kind: "range";
      readonly line: number;
      readonly list: Pipeline;
      readonly body: Node[];
      readonly otherwise: Node[];
    };

/** What an expression evaluates to: a field's kind of value, or an integer (`len`, `index`). */
type Value = DocsTemplateValue | number;

interface FunctionSpec {
  /** Number of arguments (the piped value counts as the last one). */
  readonly arity: number | "any";
  readonly run: (args: readonly Value[], ctx: RunContext) => Value;
}

interface RunContext {
  readonly baseDir: string;
}

class Problem extends Error {}

function describe(v: Value): string {
  return typeof v === "boolean"
    ? "a flag"
    : typeof v === "number"
      ? "a number"
      : typeof v === "string"
        ? "text"
        : "a list";
}

function text(v: Value | undefined, fn: string, position: number): string {
  if (typeof v === "string") return v;
  if (v === undefined) throw new Problem(`${fn}: argument ${position} is missing`);
  throw new Problem(`${fn}: argument ${position} is ${describe(v)}, not text`);
}

function truthy(v: Value | undefined): boolean {
  if (v === undefined) return false;
  if (typeof v === "number") return v !== 0;
  return typeof v === "boolean" ? v : v.length > 0;
}

/** Go's comparison functions: two texts or two integers (`eq` also two flags). */
function compare(name: string, test: (order: number) => boolean, flags: boolean): FunctionSpec {
  return {
    arity: 2,
    run: ([a, b]) => {
      const same =
        typeof a === typeof b &&
        (typeof a === "string" || typeof a === "number" || (flags && typeof a === "boolean"));
      if (!same || a === undefined || b === undefined) {
        throw new Problem(
          `${name}: compares two texts${flags ? ", two flags" : ""} or two numbers, given ${describe(a ?? "")} and ${describe(b ?? "")}`,
        );
      }
      return test(a < b ? -1 : a > b ? 1 : 0);
    },
  };
}

/** Go's `printf` verbs that docs templates use: `%s`, `%v`, `%d`, `%q`, `%%`. */
function printf(format: string, args: readonly Value[]): string {
  let next = 0;
  return format.replace(/%([%svdq])|%(.?)/g, (_all, verb: string | undefined, other: string | undefined) => {
    if (verb === "%") return "%";
    if (verb === undefined)
      throw new Problem(`printf: %${other ?? ""} is not supported (use %s, %v, %d, %q or %%)`);
    const arg = args[next++];
    if (arg === undefined)
      throw new Problem(`printf: ${format} needs more arguments than the ${args.length} given`);
    if (verb === "d" && typeof arg !== "number")
      throw new Problem(`printf: %d needs a number, given ${describe(arg)}`);
    if (verb === "q") return JSON.stringify(text(arg, "printf %q", next));
    return Array.isArray(arg) ? `[${arg.join(" ")}]` : String(arg);
  });
}

/** Reads a file as tfplugindocs' `codefile` does: trimmed, fenced, an empty file is an error. */
function codeFile(format: string, file: string, ctx: RunContext): string {
  const path = isAbsolute(file) ? file : join(ctx.baseDir, file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new Problem(`no file ${path}`);
  const content = readFileSync(path, "utf8").trim();
  if (content === "") throw new Problem(`${path} is empty`);
  return `\`\`\`${format}\n${content}\n\`\`\``;
}

/**
 * The front matter's description is plain text: markdown links, code marks and emphasis go.
 *
 * @internal
 */
export function plainMarkdown(markdown: string): string {
  return markdown
    .trim()
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1");
}

const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  codefile: { arity: 2, run: ([f, p], ctx) => codeFile(text(f, "codefile", 1), text(p, "codefile", 2), ctx) },
  tffile: { arity: 1, run: ([p], ctx) => codeFile("terraform", text(p, "tffile", 1), ctx) },
  lower: { arity: 1, run: ([s]) => text(s, "lower", 1).toLowerCase() },
  upper: { arity: 1, run: ([s]) => text(s, "upper", 1).toUpperCase() },
  // Go's cases.Title: each word capitalised, the rest of it lower case.
  title: {
    arity: 1,
    run: ([s]) =>
      text(s, "title", 1).replace(
        /\p{L}[\p{L}\p{N}']*/gu,
        (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
      ),
  },
  trimspace: { arity: 1, run: ([s]) => text(s, "trimspace", 1).trim() },
  plainmarkdown: { arity: 1, run: ([s]) => plainMarkdown(text(s, "plainmarkdown", 1)) },
  prefixlines: {
    arity: 2,
    run: ([prefix, s]) => {
      const p = text(prefix, "prefixlines", 1);
      return p + text(s, "prefixlines", 2).split("\n").join(`\n${p}`);
    },
  },
  split: { arity: 2, run: ([s, sep]) => text(s, "split", 1).split(text(sep, "split", 2)) },
  not: { arity: 1, run: ([v]) => !truthy(v) },
  and: { arity: "any", run: (args) => args.find((a) => !truthy(a)) ?? (args.at(-1) as DocsTemplateValue) },
  or: { arity: "any", run: (args) => args.find(truthy) ?? (args.at(-1) as DocsTemplateValue) },
  eq: compare("eq", (o) => o === 0, true),
  ne: compare("ne", (o) => o !== 0, true),
  lt: compare("lt", (o) => o < 0, false),
  le: compare("le", (o) => o <= 0, false),
  gt: compare("gt", (o) => o > 0, false),
  ge: compare("ge", (o) => o >= 0, false),
  len: {
    arity: 1,
    run: ([v]) => {
      if (typeof v === "string" || Array.isArray(v)) return v.length;
      throw new Problem(`len: needs text or a list, given ${describe(v ?? "")}`);
    },
  },
  index: {
    arity: 2,
    run: ([list, i]) => {
      if (!Array.isArray(list)) throw new Problem(`index: needs a list first, given ${describe(list ?? "")}`);
      if (typeof i !== "number")
        throw new Problem(`index: needs a number second, given ${describe(i ?? "")}`);
      const element = (list as readonly string[])[i];
      if (element === undefined || i < 0)
        throw new Problem(`index: ${i} is out of range (the list has ${list.length})`);
      return element;
    },
  },
  printf: {
    arity: "any",
    run: ([format, ...args]) => printf(text(format, "printf", 1), args),
  },
};

const UNSUPPORTED_KEYWORDS = new Set(["with", "define", "template", "block", "break", "continue", "nil"]);

interface Token {
  readonly kind: "field" | "string" | "number" | "ident" | "pipe" | "open" | "close";
  readonly text: string;
  readonly value?: string;
}

function tokenize(body: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < body.length) {
    const c = body.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "|" || c === "(" || c === ")") {
      tokens.push({ kind: c === "|" ? "pipe" : c === "(" ? "open" : "close", text: c });
      i++;
      continue;
    }
    const number = /^-?\d+(?![\w.])/.exec(body.slice(i));
    if (number !== null) {
      tokens.push({ kind: "number", text: number[0] });
      i += number[0].length;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < body.length && body.charAt(j) !== '"') j += body.charAt(j) === "\\" ? 2 : 1;
      if (j >= body.length) throw new Problem("unterminated string");
      const literal = body.slice(i, j + 1);
      let value: string;
      try {
        value = JSON.parse(literal) as string;
      } catch {
        throw new Problem(`bad string ${literal}`);
      }
      tokens.push({ kind: "string", text: literal, value });
      i = j + 1;
      continue;
    }
    if (c === "`") {
      const j = body.indexOf("`", i + 1);
      if (j < 0) throw new Problem("unterminated raw string");
      tokens.push({ kind: "string", text: body.slice(i, j + 1), value: body.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    const word = /^(?:\$?\.[A-Za-z_][A-Za-z0-9_]*|\$|\.|[A-Za-z_][A-Za-z0-9_]*)/.exec(body.slice(i));
    if (word === null) {
      const rest = body.slice(i).split(/\s/)[0] ?? c;
      const what = c === ":" || c === "=" ? "variables" : `"${rest}"`;
      throw new Problem(`${what} not supported in tfkit docs templates`);
    }
    const w = word[0];
    if (w === "$" && /[A-Za-z_]/.test(body.charAt(i + 1))) {
      throw new Problem(
        `variables ($${/^\w+/.exec(body.slice(i + 1))?.[0]}) not supported in tfkit docs templates`,
      );
    }
    if (/^\.[A-Za-z_]/.test(body.slice(i + w.length))) {
      throw new Problem(`${w}${body.slice(i + w.length).split(/\s/)[0]}: fields of fields are not supported`);
    }
    tokens.push({ kind: w.startsWith(".") || w.startsWith("$") ? "field" : "ident", text: w });
    i += w.length;
  }
  return tokens;
}

function parsePipeline(tokens: readonly Token[]): Pipeline {
  if (tokens.length === 0) throw new Problem("empty action");
  let pos = 0;
  // A pipeline up to the end of the action, or up to the ")" closing a parenthesised one.
  const pipeline = (nested: boolean): Pipeline => {
    const commands: Command[] = [];
    let current: Arg[] = [];
    while (pos < tokens.length) {
      const token = tokens[pos] as Token;
      if (token.kind === "close") {
        if (!nested) throw new Problem("unexpected )");
        break;
      }
      pos++;
      if (token.kind === "pipe") {
        if (current.length === 0) throw new Problem("missing command before |");
        commands.push(current);
        current = [];
      } else if (token.kind === "open") {
        const inner = pipeline(true);
        if (tokens[pos]?.kind !== "close") throw new Problem("unclosed (");
        pos++;
        current.push({ kind: "pipeline", pipeline: inner });
      } else if (token.kind === "string") current.push({ kind: "string", value: token.value ?? "" });
      else if (token.kind === "number") current.push({ kind: "number", value: Number(token.text) });
      else if (token.kind === "field") {
        const root = token.text.startsWith("$");
        const name = token.text.replace(/^\$?\.?/, "");
        current.push({ kind: "field", root, name: name === "" ? undefined : name });
      } else if (token.text === "true" || token.text === "false") {
        current.push({ kind: "bool", value: token.text === "true" });
      } else if (
        UNSUPPORTED_KEYWORDS.has(token.text) ||
        ["if", "else", "end", "range"].includes(token.text)
      ) {
        throw new Problem(`"${token.text}" not supported here in tfkit docs templates`);
      } else current.push({ kind: "func", name: token.text });
    }
    if (current.length === 0)
      throw new Problem(commands.length === 0 ? "empty ( )" : "missing command after |");
    commands.push(current);
    return commands;
  };
  return pipeline(false);
}

interface RawAction {
  readonly line: number;
  readonly body: string;
}

type Item =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "action"; readonly action: RawAction };

/** Splits a template into text and actions, applying the `{{-` / `-}}` trim markers. */
function lex(source: string): Item[] {
  const items: Item[] = [];
  let pos = 0;
  let line = 1;
  let trimNext = false;
  const countLines = (s: string) => s.split("\n").length - 1;
  while (pos <= source.length) {
    const open = source.indexOf("{{", pos);
    let literal = open < 0 ? source.slice(pos) : source.slice(pos, open);
    const literalLines = countLines(literal);
    if (trimNext) literal = literal.replace(/^\s+/, "");
    trimNext = false;
    if (open < 0) {
      if (literal !== "") items.push({ kind: "text", text: literal });
      break;
    }
    line += literalLines;
    let start = open + 2;
    if (source.charAt(start) === "-" && /\s/.test(source.charAt(start + 1))) {
      literal = literal.replace(/\s+$/, "");
      start += 1;
    }
    if (literal !== "") items.push({ kind: "text", text: literal });
    const close = findClose(source, start);
    if (close < 0) throw Object.assign(new Problem("unclosed action: no }}"), { line });
    let end = close;
    if (/\s-$/.test(source.slice(start, close))) {
      trimNext = true;
      end = close - 1;
    }
    const body = source.slice(start, end).trim();
    items.push({ kind: "action", action: { line, body } });
    line += countLines(source.slice(open, close + 2));
    pos = close + 2;
  }
  return items;
}

/** The `}}` that closes an action starting at `from`, skipping string literals and comments. */
function findClose(source: string, from: number): number {
  let i = from;
  while (/\s/.test(source.charAt(i))) i++;
  if (source.startsWith("/*", i)) {
    const endComment = source.indexOf("*/", i + 2);
    if (endComment < 0) return -1;
    i = endComment + 2;
  }
  while (i < source.length - 1) {
    const c = source.charAt(i);
    if (c === '"' || c === "`") {
      let j = i + 1;
      while (j < source.length && source.charAt(j) !== c && source.charAt(j) !== "\n") {
        j += c === '"' && source.charAt(j) === "\\" ? 2 : 1;
      }
      i = j + 1;
      continue;
    }
    if (c === "}" && source.charAt(i + 1) === "}") return i;
    i++;
  }
  return -1;
}

interface Frame {
  readonly kind: "root" | "if" | "range";
  readonly line: number;
  nodes: Node[];
  readonly cond?: Pipeline;
  thenBranch?: Node[];
  elseIfs: number;
}

function parse(source: string, file: string, problems: DocsTemplateProblem[]): Node[] {
  let items: Item[];
  try {
    items = lex(source);
  } catch (e) {
    problems.push({ file, line: (e as { line?: number }).line ?? 1, message: (e as Error).message });
    return [];
  }
  const root: Frame = { kind: "root", line: 0, nodes: [], elseIfs: 0 };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1] as Frame;
  // Closes an `if` frame (and the frames `else if` opened inside it) into its parent.
  const closeIf = (frame: Frame): Node => {
    const node: Node =
      frame.thenBranch === undefined
        ? { kind: "if", line: frame.line, cond: frame.cond ?? [], whenTrue: frame.nodes, otherwise: [] }
        : {
            kind: "if",
            line: frame.line,
            cond: frame.cond ?? [],
            whenTrue: frame.thenBranch,
            otherwise: frame.nodes,
          };
    return node;
  };
  for (const item of items) {
    if (item.kind === "text") {
      top().nodes.push({ kind: "text", text: item.text });
      continue;
    }
    const { line, body } = item.action;
    if (body.startsWith("/*")) {
      if (!body.endsWith("*/"))
        problems.push({ file, line, message: "a comment must end with */ right before }}" });
      continue;
    }
    try {
      const tokens = tokenize(body);
      const head = tokens[0];
      const keyword = head?.kind === "ident" ? head.text : undefined;
      if (keyword === "if" || keyword === "range") {
        if (tokens.length === 1)
          throw new Problem(`{{ ${keyword} }} needs a ${keyword === "if" ? "condition" : "list"}`);
        const pipeline = parsePipeline(tokens.slice(1));
        stack.push(
          keyword === "if"
            ? { kind: "if", line, nodes: [], cond: pipeline, elseIfs: 0 }
            : { kind: "range", line, nodes: [], cond: pipeline, elseIfs: 0 },
        );
      } else if (keyword === "else") {
        const frame = top();
        if (frame.kind === "root" || frame.thenBranch !== undefined) {
          throw new Problem(
            frame.kind === "root" ? "{{ else }} outside {{ if }} or {{ range }}" : "a second {{ else }}",
          );
        }
        frame.thenBranch = frame.nodes;
        frame.nodes = [];
        if (tokens[1]?.text === "if") {
          if (frame.kind !== "if") throw new Problem("{{ else if }} inside {{ range }}");
          // `else if X` is `else` + a nested `if X` closed by the same `end`.
          stack.push({
            kind: "if",
            line,
            nodes: [],
            cond: parsePipeline(tokens.slice(2)),
            elseIfs: frame.elseIfs + 1,
          });
        } else if (tokens.length > 1) throw new Problem(`unexpected "${tokens[1]?.text}" after else`);
      } else if (keyword === "end") {
        if (tokens.length > 1) throw new Problem(`unexpected "${tokens[1]?.text}" after end`);
        let frame = top();
        if (frame.kind === "root") throw new Problem("{{ end }} without {{ if }} or {{ range }}");
        stack.pop();
        // Unwind `else if` chains: each nested if is the else branch of the one before it.
        while (frame.elseIfs > 0 && frame.kind === "if") {
          const parent = top();
          stack.pop();
          parent.nodes.push(closeIf(frame));
          frame = parent;
        }
        const node: Node =
          frame.kind === "if"
            ? closeIf(frame)
            : {
                kind: "range",
                line: frame.line,
                list: frame.cond ?? [],
                body: frame.thenBranch ?? frame.nodes,
                otherwise: frame.thenBranch === undefined ? [] : frame.nodes,
              };
        top().nodes.push(node);
      } else if (keyword !== undefined && UNSUPPORTED_KEYWORDS.has(keyword)) {
        throw new Problem(`{{ ${keyword} }} is not supported in tfkit docs templates`);
      } else {
        top().nodes.push({ kind: "action", line, pipeline: parsePipeline(tokens) });
      }
    } catch (e) {
      if (!(e instanceof Problem)) throw e;
      problems.push({ file, line, message: e.message });
    }
  }
  for (const frame of stack.slice(1)) {
    if (frame.elseIfs === 0)
      problems.push({ file, line: frame.line, message: `{{ ${frame.kind} }} has no {{ end }}` });
  }
  return root.nodes;
}

/** What `.` is while checking: the page's fields, or one text element inside `range`. */
type Scope = "page" | "element";

function checkPipeline(
  pipeline: Pipeline,
  scope: Scope,
  fields: DocsTemplateFields,
  report: (message: string) => void,
): void {
  pipeline.forEach((command, index) => {
    const [head, ...rest] = command;
    if (head === undefined) return;
    if (head.kind === "func") {
      const spec = FUNCTIONS[head.name];
      if (spec === undefined) {
        report(`unknown function ${head.name} (functions: ${Object.keys(FUNCTIONS).sort().join(", ")})`);
      } else {
        const given = rest.length + (index > 0 ? 1 : 0);
        if (spec.arity === "any" ? given === 0 : given !== spec.arity) {
          const wanted =
            spec.arity === "any"
              ? "at least 1 argument"
              : `${spec.arity} argument${spec.arity === 1 ? "" : "s"}`;
          report(`${head.name} takes ${wanted}, given ${given}`);
        }
      }
    } else {
      if (index > 0) report("only a function can follow |");
      if (rest.length > 0) report("only a function takes arguments");
    }
    for (const arg of command) {
      if (arg.kind === "func" && arg !== head)
        report(`${arg.name}: a function is only allowed first in a command (or in parentheses)`);
      if (arg.kind === "pipeline") checkPipeline(arg.pipeline, scope, fields, report);
      if (arg.kind !== "field") continue;
      const onPage = arg.root || scope === "page";
      if (arg.name === undefined) {
        if (onPage) report(`${arg.root ? "$" : "."} is the whole page; name a field, e.g. .Name`);
      } else if (!onPage) {
        report(`.${arg.name}: inside range, . is one element (text); use $.${arg.name} for the page's field`);
      } else if (!(arg.name in fields)) {
        report(`unknown field .${arg.name} (fields: ${Object.keys(fields).sort().join(", ")})`);
      }
    }
  });
}

function checkNodes(
  nodes: readonly Node[],
  scope: Scope,
  fields: DocsTemplateFields,
  file: string,
  problems: DocsTemplateProblem[],
): void {
  for (const node of nodes) {
    if (node.kind === "text") continue;
    const report = (message: string) => problems.push({ file, line: node.line, message });
    if (node.kind === "action") checkPipeline(node.pipeline, scope, fields, report);
    else if (node.kind === "if") {
      checkPipeline(node.cond, scope, fields, report);
      checkNodes(node.whenTrue, scope, fields, file, problems);
      checkNodes(node.otherwise, scope, fields, file, problems);
    } else {
      checkPipeline(node.list, scope, fields, report);
      checkNodes(node.body, "element", fields, file, problems);
      checkNodes(node.otherwise, scope, fields, file, problems);
    }
  }
}

function evaluate(
  pipeline: Pipeline,
  dot: DocsTemplateValue | undefined,
  fields: DocsTemplateFields,
  ctx: RunContext,
): Value {
  let piped: Value | undefined;
  const value = (arg: Arg): Value => {
    if (arg.kind === "string" || arg.kind === "bool" || arg.kind === "number") return arg.value;
    if (arg.kind === "pipeline") return evaluate(arg.pipeline, dot, fields, ctx);
    if (arg.kind === "field") {
      if (arg.name === undefined) return dot as DocsTemplateValue;
      return fields[arg.name] as DocsTemplateValue;
    }
    throw new Problem(`${arg.name}: not a value`);
  };
  for (const command of pipeline) {
    const [head, ...rest] = command;
    if (head?.kind === "func") {
      const args = rest.map(value);
      if (piped !== undefined) args.push(piped);
      piped = (FUNCTIONS[head.name] as FunctionSpec).run(args, ctx);
    } else if (head !== undefined) piped = value(head);
  }
  return piped as Value;
}

function execute(
  nodes: readonly Node[],
  dot: DocsTemplateValue | undefined,
  fields: DocsTemplateFields,
  ctx: RunContext,
  file: string,
  problems: DocsTemplateProblem[],
): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "text") {
      out += node.text;
      continue;
    }
    try {
      if (node.kind === "action") {
        const v = evaluate(node.pipeline, dot, fields, ctx);
        if (typeof v === "boolean" || typeof v === "number") out += String(v);
        else if (typeof v === "string") out += v;
        else throw new Problem("a list cannot be printed; use {{ range }}");
      } else if (node.kind === "if") {
        const branch = truthy(evaluate(node.cond, dot, fields, ctx)) ? node.whenTrue : node.otherwise;
        out += execute(branch, dot, fields, ctx, file, problems);
      } else {
        const list = evaluate(node.list, dot, fields, ctx);
        if (!Array.isArray(list))
          throw new Problem(`range needs a list, e.g. .ExampleFiles, given ${describe(list)}`);
        const elements = list as readonly string[];
        if (elements.length === 0) out += execute(node.otherwise, dot, fields, ctx, file, problems);
        for (const element of elements) out += execute(node.body, element, fields, ctx, file, problems);
      }
    } catch (e) {
      if (!(e instanceof Problem)) throw e;
      problems.push({ file, line: node.line, message: e.message });
    }
  }
  return out;
}

/**
 * Renders a docs template with a page's fields: the subset of Go's `text/template` that
 * tfplugindocs templates use.
 *
 * @remarks Supported: `{{ .Field }}`, pipelines (`{{ .Description | plainmarkdown | trimspace |
 * prefixlines "  " }}`), parenthesised pipelines as arguments (`{{ tffile (printf
 * "examples/resources/%s/resource.tf" .Name) }}`), text, integer and `true`/`false` literals; the
 * tfplugindocs functions `tffile`, `codefile`, `plainmarkdown`, `prefixlines`, `trimspace`,
 * `lower`, `upper`, `title`, `split`, and Go's `printf` (`%s %v %d %q %%`), `index`, `len`, `not`,
 * `and`, `or`, `eq`, `ne`, `lt`, `le`, `gt`, `ge`; `{{ if }}` / `{{ else if }}` / `{{ else }}` /
 * `{{ end }}`, `{{ range .ExampleFiles }}` (`.` is the element, `$.Field` the page's field),
 * `{{-` / `-}}` trim markers and comments (`{{/*` to the closing star-slash and `}}`).
 * Every field and function is checked before anything is rendered, in every branch, so a typo in
 * a branch not taken is reported too; an unknown field or function, or anything outside the
 * subset (variables, `with`, `define`, `template`, fields of fields), is a problem naming the file and line, never
 * empty output.
 * @example
 * ```ts
 * const result = renderDocsTemplate('# {{ .Name }}\n\n{{ tffile "examples/x.tf" }}\n', "templates/resources/x.md.tmpl", { Name: "demo_x" });
 * if (!result.ok) console.error(formatDocsTemplateProblems(result.problems));
 * ```
 * @category encoding
 */
export function renderDocsTemplate(
  source: string,
  file: string,
  fields: DocsTemplateFields,
  options: DocsTemplateOptions = {},
): DocsTemplateResult {
  const problems: DocsTemplateProblem[] = [];
  const nodes = parse(source, file, problems);
  if (problems.length === 0) checkNodes(nodes, "page", fields, file, problems);
  if (problems.length > 0) return { ok: false, problems };
  const text = execute(
    nodes,
    undefined,
    fields,
    { baseDir: options.baseDir ?? process.cwd() },
    file,
    problems,
  );
  return problems.length > 0 ? { ok: false, problems } : { ok: true, text };
}
