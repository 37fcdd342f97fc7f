/**
 * A parser for the part of HCL's native syntax that provider test configurations use: blocks,
 * attributes, and expressions (literals, templates and heredocs, tuples, objects, references,
 * indexing, function calls, operators, conditionals, `for` expressions).
 *
 * Anything else — template directives (`%{ if }`), splats (`[*]`), `...` grouping in `for`,
 * strip markers (`${~`) — is a {@link HclUnsupported} naming the construct, never a guess.
 * Syntax errors are {@link HclSyntaxError}s with a line and column.
 */

/** A position in the source (1-based), for messages. */
export interface Pos {
  readonly line: number;
  readonly column: number;
}

/** An HCL expression. */
export type Expr =
  | { readonly kind: "number"; readonly text: string; readonly pos: Pos }
  | { readonly kind: "bool"; readonly value: boolean; readonly pos: Pos }
  | { readonly kind: "null"; readonly pos: Pos }
  | { readonly kind: "template"; readonly parts: readonly (string | Expr)[]; readonly pos: Pos }
  | { readonly kind: "tuple"; readonly items: readonly Expr[]; readonly pos: Pos }
  | {
      readonly kind: "object";
      readonly items: readonly { readonly key: Expr; readonly value: Expr }[];
      readonly pos: Pos;
    }
  | { readonly kind: "variable"; readonly name: string; readonly pos: Pos }
  | { readonly kind: "getattr"; readonly target: Expr; readonly name: string; readonly pos: Pos }
  | { readonly kind: "index"; readonly target: Expr; readonly key: Expr; readonly pos: Pos }
  | {
      readonly kind: "call";
      readonly name: string;
      readonly args: readonly Expr[];
      readonly expandFinal: boolean;
      readonly pos: Pos;
    }
  | { readonly kind: "unary"; readonly op: "!" | "-"; readonly operand: Expr; readonly pos: Pos }
  | {
      readonly kind: "binary";
      readonly op: string;
      readonly left: Expr;
      readonly right: Expr;
      readonly pos: Pos;
    }
  | {
      readonly kind: "conditional";
      readonly cond: Expr;
      readonly then: Expr;
      readonly else: Expr;
      readonly pos: Pos;
    }
  | {
      readonly kind: "for";
      readonly keyVar: string | undefined;
      readonly valueVar: string;
      readonly collection: Expr;
      readonly keyExpr: Expr | undefined;
      readonly valueExpr: Expr;
      readonly cond: Expr | undefined;
      readonly object: boolean;
      readonly pos: Pos;
    }
  | { readonly kind: "parens"; readonly inner: Expr; readonly pos: Pos };

/** An attribute `name = expr`. */
export interface Attribute {
  readonly name: string;
  readonly expr: Expr;
  readonly pos: Pos;
}

/** A block `type "label" … { body }`. */
export interface Block {
  readonly type: string;
  readonly labels: readonly string[];
  readonly body: Body;
  readonly pos: Pos;
}

/** A body: attributes (unique by name) and blocks, in source order. */
export interface Body {
  readonly attributes: ReadonlyMap<string, Attribute>;
  readonly blocks: readonly Block[];
}

/** An error Terraform would report while evaluating the configuration. */
export class HclEvalError extends Error {
  /** Terraform's summary line. */
  readonly summary: string;
  constructor(summary: string, detail: string, pos?: Pos) {
    super(`${summary}: ${detail}${pos ? ` (line ${pos.line}, column ${pos.column})` : ""}`);
    this.name = "HclEvalError";
    this.summary = summary;
  }
}

/** A syntax error, with where it is. */
export class HclSyntaxError extends Error {
  constructor(message: string, pos: Pos) {
    super(`line ${pos.line}, column ${pos.column}: ${message}`);
    this.name = "HclSyntaxError";
  }
}

/** Valid HCL that the fake core does not evaluate: the message names the construct. */
export class HclUnsupported extends Error {
  /** The construct, e.g. "splat expressions ([*])". */
  readonly construct: string;
  constructor(construct: string, pos?: Pos) {
    super(`${construct}${pos ? ` (line ${pos.line}, column ${pos.column})` : ""}`);
    this.name = "HclUnsupported";
    this.construct = construct;
  }
}

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_-]/;

/** Parses a whole configuration file into its top-level body. */
export function parseHcl(src: string): Body {
  return new Parser(src).file();
}

/** Parses a single expression (for tests and type constraints). */
export function parseExpression(src: string): Expr {
  const p = new Parser(src);
  const e = p.expressionOnly();
  return e;
}

class Parser {
  private i = 0;
  /** Whether newlines are insignificant here (inside parentheses, brackets, interpolations). */
  private readonly newlineOk: boolean[] = [false];
  private readonly src: string;
  constructor(src: string) {
    this.src = src;
  }

  // --- positions and whitespace ---
  pos(at = this.i): Pos {
    let line = 1;
    let column = 1;
    for (let k = 0; k < at && k < this.src.length; k++) {
      if (this.src[k] === "\n") {
        line++;
        column = 1;
      } else column++;
    }
    return { line, column };
  }
  fail(message: string, at = this.i): never {
    throw new HclSyntaxError(message, this.pos(at));
  }
  peek(n = 0): string {
    return this.src[this.i + n] ?? "";
  }
  startsWith(s: string): boolean {
    return this.src.startsWith(s, this.i);
  }
  /** Skips spaces, tabs and comments, and newlines when `newlines` (or the context allows them). */
  ws(newlines = this.newlineOk[this.newlineOk.length - 1] as boolean): void {
    for (;;) {
      const c = this.peek();
      if (c === " " || c === "\t" || c === "\r") this.i++;
      else if (c === "\n" && newlines) this.i++;
      else if (c === "#" || (c === "/" && this.peek(1) === "/")) {
        while (this.i < this.src.length && this.peek() !== "\n") this.i++;
      } else if (c === "/" && this.peek(1) === "*") {
        const end = this.src.indexOf("*/", this.i + 2);
        if (end < 0) this.fail("unterminated comment");
        const text = this.src.slice(this.i, end);
        // A multi-line comment where newlines matter ends the line it is on.
        if (!newlines && text.includes("\n")) {
          this.i = end + 2;
          return;
        }
        this.i = end + 2;
      } else return;
    }
  }
  expect(s: string): void {
    this.ws();
    if (!this.startsWith(s)) this.fail(`expected "${s}", found ${this.describeHere()}`);
    this.i += s.length;
  }
  describeHere(): string {
    if (this.i >= this.src.length) return "the end of the file";
    const c = this.peek();
    return c === "\n" ? "a newline" : JSON.stringify(c);
  }
  ident(): string | undefined {
    if (!IDENT_START.test(this.peek())) return undefined;
    const start = this.i;
    while (IDENT_PART.test(this.peek())) this.i++;
    return this.src.slice(start, this.i);
  }
  withNewlines<T>(ok: boolean, f: () => T): T {
    this.newlineOk.push(ok);
    try {
      return f();
    } finally {
      this.newlineOk.pop();
    }
  }

  // --- structure ---
  file(): Body {
    const body = this.body(false);
    this.ws(true);
    if (this.i < this.src.length) this.fail(`unexpected ${this.describeHere()}`);
    return body;
  }
  expressionOnly(): Expr {
    const e = this.withNewlines(true, () => this.expression());
    this.ws(true);
    if (this.i < this.src.length) this.fail(`unexpected ${this.describeHere()} after the expression`);
    return e;
  }
  body(nested: boolean): Body {
    const attributes = new Map<string, Attribute>();
    const blocks: Block[] = [];
    for (;;) {
      this.ws(true);
      if (this.i >= this.src.length) {
        if (nested) this.fail('expected "}" to close the block');
        break;
      }
      if (nested && this.peek() === "}") break;
      const at = this.i;
      const pos = this.pos();
      const name = this.ident();
      if (name === undefined) this.fail(`expected an attribute or block name, found ${this.describeHere()}`);
      this.ws(false);
      if (this.peek() === "=" && this.peek(1) !== "=") {
        this.i++;
        const expr = this.withNewlines(false, () => this.expression());
        if (attributes.has(name))
          this.fail(`duplicate argument "${name}" (already defined in this block)`, at);
        attributes.set(name, { name, expr, pos });
        this.endOfItem();
        continue;
      }
      const labels: string[] = [];
      for (;;) {
        this.ws(false);
        if (this.peek() === "{") break;
        if (this.peek() === '"') {
          const t = this.quotedTemplate();
          if (t.kind !== "template" || t.parts.some((p) => typeof p !== "string"))
            this.fail("block labels must be literal strings", at);
          labels.push((t.parts as string[]).join(""));
        } else {
          const l = this.ident();
          if (l === undefined)
            this.fail(`expected a block label or "{" after "${name}", found ${this.describeHere()}`);
          labels.push(l);
        }
      }
      this.i++; // {
      this.ws(false);
      let body: Body;
      if (this.peek() === "\n" || this.peek() === "}" || this.peek() === "") {
        body = this.body(true);
      } else {
        // A single-line block holds at most one attribute: `name { a = 1 }`.
        body = this.body(true);
      }
      this.expect("}");
      blocks.push({ type: name, labels, body, pos });
      this.endOfItem();
    }
    return { attributes, blocks };
  }
  /** After an attribute or a block: a newline, the end of the file or the closing brace. */
  endOfItem(): void {
    this.ws(false);
    const c = this.peek();
    if (c === "\n") {
      this.i++;
      return;
    }
    if (c === "" || c === "}") return;
    this.fail(`expected a newline after the argument or block, found ${this.describeHere()}`);
  }

  // --- expressions ---
  expression(): Expr {
    const cond = this.binary(0);
    this.ws();
    if (this.peek() === "?") {
      const pos = this.pos();
      this.i++;
      const then = this.withNewlines(true, () => this.expression());
      this.expect(":");
      const otherwise = this.expression();
      return { kind: "conditional", cond, then, else: otherwise, pos };
    }
    return cond;
  }
  static readonly LEVELS: readonly (readonly string[])[] = [
    ["||"],
    ["&&"],
    ["==", "!="],
    ["<=", ">=", "<", ">"],
    ["+", "-"],
    ["*", "/", "%"],
  ];
  binary(level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      this.ws();
      const ops = Parser.LEVELS[level] as readonly string[];
      const op = ops.find((o) => this.startsWith(o));
      // `=>` (for expressions) and `==` are not `=`; `->` does not exist in HCL.
      if (op === undefined || (op === "<" && this.peek(1) === "<")) return left;
      const pos = this.pos();
      this.i += op.length;
      const right = this.binary(level + 1);
      left = { kind: "binary", op, left, right, pos };
    }
  }
  unary(): Expr {
    this.ws();
    const c = this.peek();
    if (c === "!" || (c === "-" && !/[0-9]/.test(this.peek(1)))) {
      const pos = this.pos();
      this.i++;
      return { kind: "unary", op: c, operand: this.unary(), pos };
    }
    if (c === "-") {
      // A negative number literal binds tighter than any operator.
      const pos = this.pos();
      this.i++;
      return { kind: "unary", op: "-", operand: this.postfix(), pos };
    }
    return this.postfix();
  }
  postfix(): Expr {
    let e = this.primary();
    for (;;) {
      // Traversals do not cross newlines outside brackets.
      const save = this.i;
      this.ws();
      const c = this.peek();
      if (c === "." && this.peek(1) !== ".") {
        const pos = this.pos();
        this.i++;
        if (this.peek() === "*") throw new HclUnsupported("splat expressions (.*)", pos);
        if (/[0-9]/.test(this.peek())) {
          const start = this.i;
          while (/[0-9]/.test(this.peek())) this.i++;
          const text = this.src.slice(start, this.i);
          e = { kind: "index", target: e, key: { kind: "number", text, pos }, pos };
          continue;
        }
        const name = this.ident();
        if (name === undefined) this.fail('expected an attribute name after "."');
        e = { kind: "getattr", target: e, name, pos };
        continue;
      }
      if (c === "[") {
        const pos = this.pos();
        this.i++;
        this.ws(true);
        if (this.peek() === "*") throw new HclUnsupported("splat expressions ([*])", pos);
        const key = this.withNewlines(true, () => this.expression());
        this.expect("]");
        e = { kind: "index", target: e, key, pos };
        continue;
      }
      this.i = save;
      return e;
    }
  }
  primary(): Expr {
    this.ws();
    const pos = this.pos();
    const c = this.peek();
    if (c === "") this.fail("expected an expression, found the end of the file");
    if (/[0-9]/.test(c)) return this.number();
    if (c === '"') return this.quotedTemplate();
    if (c === "<" && this.peek(1) === "<") return this.heredoc();
    if (c === "(") {
      this.i++;
      const inner = this.withNewlines(true, () => this.expression());
      this.expect(")");
      return { kind: "parens", inner, pos };
    }
    if (c === "[") return this.tupleOrFor();
    if (c === "{") return this.objectOrFor();
    const name = this.ident();
    if (name === undefined) this.fail(`expected an expression, found ${this.describeHere()}`);
    if (name === "true" || name === "false") return { kind: "bool", value: name === "true", pos };
    if (name === "null") return { kind: "null", pos };
    // Function calls: `name(`, including provider functions `provider::p::f(`.
    let fn = name;
    while (this.startsWith("::")) {
      this.i += 2;
      const part = this.ident();
      if (part === undefined) this.fail('expected a name after "::"');
      fn += `::${part}`;
    }
    if (this.peek() === "(") {
      this.i++;
      return this.withNewlines(true, () => {
        const args: Expr[] = [];
        let expandFinal = false;
        this.ws();
        while (this.peek() !== ")") {
          args.push(this.expression());
          this.ws();
          if (this.startsWith("...")) {
            this.i += 3;
            expandFinal = true;
            this.ws();
            if (this.peek() !== ")") this.fail('"..." must follow the last argument');
            break;
          }
          if (this.peek() === ",") {
            this.i++;
            this.ws();
            continue;
          }
          if (this.peek() !== ")")
            this.fail(`expected "," or ")" in the call to ${fn}, found ${this.describeHere()}`);
        }
        this.i++;
        return { kind: "call", name: fn, args, expandFinal, pos } as Expr;
      });
    }
    if (fn !== name) this.fail(`expected "(" after the function name ${fn}`);
    return { kind: "variable", name, pos };
  }
  number(): Expr {
    const pos = this.pos();
    const m = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.src.slice(this.i));
    if (!m) this.fail("invalid number");
    this.i += m[0].length;
    return { kind: "number", text: m[0], pos };
  }
  tupleOrFor(): Expr {
    const pos = this.pos();
    this.i++; // [
    return this.withNewlines(true, () => {
      this.ws();
      if (this.isFor()) return this.forExpr(pos, false);
      const items: Expr[] = [];
      while (this.peek() !== "]") {
        items.push(this.expression());
        this.ws();
        if (this.peek() === ",") {
          this.i++;
          this.ws();
          continue;
        }
        if (this.peek() !== "]") this.fail(`expected "," or "]" in the list, found ${this.describeHere()}`);
      }
      this.i++;
      return { kind: "tuple", items, pos } as Expr;
    });
  }
  isFor(): boolean {
    return /^for[\s]/.test(this.src.slice(this.i, this.i + 4));
  }
  forExpr(pos: Pos, object: boolean): Expr {
    this.i += 3;
    this.ws();
    let valueVar = this.ident();
    if (valueVar === undefined) this.fail('expected a variable name after "for"');
    let keyVar: string | undefined;
    this.ws();
    if (this.peek() === ",") {
      this.i++;
      this.ws();
      keyVar = valueVar;
      valueVar = this.ident();
      if (valueVar === undefined) this.fail("expected a second variable name in the for expression");
    }
    this.ws();
    if (!this.startsWith("in") || IDENT_PART.test(this.peek(2)))
      this.fail('expected "in" in the for expression');
    this.i += 2;
    const collection = this.expression();
    this.expect(":");
    let keyExpr: Expr | undefined;
    let valueExpr = this.expression();
    this.ws();
    if (object) {
      if (!this.startsWith("=>")) this.fail('expected "=>" in the object for expression');
      this.i += 2;
      keyExpr = valueExpr;
      valueExpr = this.expression();
      this.ws();
      if (this.startsWith("...")) throw new HclUnsupported('grouping ("...") in for expressions', pos);
    }
    let cond: Expr | undefined;
    this.ws();
    if (this.startsWith("if") && !IDENT_PART.test(this.peek(2))) {
      this.i += 2;
      cond = this.expression();
    }
    this.expect(object ? "}" : "]");
    return { kind: "for", keyVar, valueVar, collection, keyExpr, valueExpr, cond, object, pos };
  }
  objectOrFor(): Expr {
    const pos = this.pos();
    this.i++; // {
    return this.withNewlines(false, () => {
      this.ws(true);
      if (this.isFor()) return this.withNewlines(true, () => this.forExpr(pos, true));
      const items: { key: Expr; value: Expr }[] = [];
      for (;;) {
        this.ws(true);
        if (this.peek() === "}") break;
        const keyPos = this.pos();
        let key: Expr;
        const save = this.i;
        const bare = this.ident();
        this.ws(false);
        if (bare !== undefined && (this.peek() === "=" || this.peek() === ":") && this.peek(1) !== "=") {
          // A bare name is a literal key (HCL: `{ env = 1 }` means the key "env").
          key = { kind: "template", parts: [bare], pos: keyPos };
        } else {
          this.i = save;
          key = this.withNewlines(true, () => this.binary(0));
        }
        this.ws(false);
        if (this.peek() !== "=" && this.peek() !== ":")
          this.fail(`expected "=" after the object key, found ${this.describeHere()}`);
        this.i++;
        const value = this.withNewlines(false, () => this.expression());
        items.push({ key, value });
        this.ws(false);
        if (this.peek() === ",") this.i++;
        else if (this.peek() === "\n") this.i++;
        else if (this.peek() !== "}")
          this.fail(`expected ",", a newline or "}" in the object, found ${this.describeHere()}`);
      }
      this.i++;
      return { kind: "object", items, pos } as Expr;
    });
  }

  // --- templates ---
  quotedTemplate(): Expr {
    const pos = this.pos();
    this.i++; // "
    const parts: (string | Expr)[] = [];
    let text = "";
    for (;;) {
      const c = this.peek();
      if (c === "" || c === "\n") this.fail("unterminated string", this.i);
      if (c === '"') {
        this.i++;
        break;
      }
      if (c === "\\") {
        const e = this.peek(1);
        const simple: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };
        if (e in simple) {
          text += simple[e];
          this.i += 2;
          continue;
        }
        if (e === "u" || e === "U") {
          const len = e === "u" ? 4 : 8;
          const hex = this.src.slice(this.i + 2, this.i + 2 + len);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) this.fail("invalid unicode escape");
          text += String.fromCodePoint(Number.parseInt(hex, 16));
          this.i += 2 + len;
          continue;
        }
        this.fail(`invalid escape sequence "\\${e}"`);
      }
      if (
        this.templateSequence(
          parts,
          () => text,
          (t) => (text = t),
        )
      )
        continue;
      text += c;
      this.i++;
    }
    if (text !== "" || parts.length === 0) parts.push(text);
    return { kind: "template", parts, pos };
  }
  /** `$${`, `%%{`, `${ expr }` or `%{` at the cursor; returns whether it consumed one. */
  templateSequence(parts: (string | Expr)[], get: () => string, set: (t: string) => void): boolean {
    if (this.startsWith("$${") || this.startsWith("%%{")) {
      set(`${get()}${this.peek()}{`);
      this.i += 3;
      return true;
    }
    if (this.startsWith("%{"))
      throw new HclUnsupported("template directives (%{ if }, %{ for })", this.pos());
    if (this.startsWith("${")) {
      if (this.peek(2) === "~") throw new HclUnsupported("template strip markers (${~)", this.pos());
      if (get() !== "") parts.push(get());
      set("");
      this.i += 2;
      const e = this.withNewlines(true, () => this.expression());
      this.ws(true);
      if (this.peek() === "~") throw new HclUnsupported("template strip markers (~})", this.pos());
      this.expect("}");
      parts.push(e);
      return true;
    }
    return false;
  }
  heredoc(): Expr {
    const pos = this.pos();
    this.i += 2;
    const indent = this.peek() === "-";
    if (indent) this.i++;
    const marker = this.ident();
    if (marker === undefined) this.fail("expected a heredoc marker after <<");
    if (this.peek() === "\r") this.i++;
    if (this.peek() !== "\n") this.fail("expected a newline after the heredoc marker");
    this.i++;
    // The lines up to the closing marker, which stands alone on its line.
    const lines: { start: number; text: string }[] = [];
    for (;;) {
      if (this.i >= this.src.length) this.fail(`unterminated heredoc (no closing ${marker})`, this.i);
      const end = this.src.indexOf("\n", this.i);
      const lineEnd = end < 0 ? this.src.length : end;
      const text = this.src.slice(this.i, lineEnd);
      if (text.trim() === marker) {
        this.i = lineEnd;
        break;
      }
      lines.push({ start: this.i, text });
      this.i = end < 0 ? this.src.length : end + 1;
    }
    let strip = 0;
    if (indent) {
      const widths = lines
        .filter((l) => l.text.trim() !== "")
        .map((l) => (/^[ \t]*/.exec(l.text) as RegExpExecArray)[0].length);
      strip = widths.length === 0 ? 0 : Math.min(...widths);
    }
    const content = lines.map((l) => `${l.text.slice(Math.min(strip, l.text.length))}\n`).join("");
    // The content is a template without escapes: parse it with a parser of its own.
    const sub = new Parser(content);
    const parts: (string | Expr)[] = [];
    let text = "";
    try {
      while (sub.i < content.length) {
        if (
          sub.templateSequence(
            parts,
            () => text,
            (t) => (text = t),
          )
        )
          continue;
        text += sub.peek();
        sub.i++;
      }
    } catch (error) {
      if (error instanceof HclSyntaxError)
        this.fail(`in the heredoc: ${error.message}`, pos === undefined ? this.i : this.i);
      throw error;
    }
    if (text !== "" || parts.length === 0) parts.push(text);
    return { kind: "template", parts, pos };
  }
}
