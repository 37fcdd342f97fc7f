import type { AttributeShape, BlockShape, BodyShape } from "@tfkit/contracts";
import {
  convert,
  dynamicType,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  setValEmpty,
  stringVal,
  tupleVal,
  type Type,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { HclEvalError, type EvalScope, evaluate, references } from "./evaluate.js";
import {
  type Attribute,
  type Block,
  type Body,
  type Expr,
  HclUnsupported,
  parseHcl,
  type Pos,
} from "./parse.js";
import { parseTypeConstraint } from "./types.js";

/** A `resource`, `data` or `ephemeral` block, its meta-arguments taken apart. */
export interface ResourceDecl {
  readonly mode: "managed" | "data" | "ephemeral";
  readonly type: string;
  readonly name: string;
  /** `type.name` (managed), `data.type.name` or `ephemeral.type.name`. */
  readonly address: string;
  readonly body: Body;
  readonly count: Expr | undefined;
  readonly forEach: Expr | undefined;
  /** Resource addresses (`type.name`, `data.type.name`) this one depends on, explicit or by reference. */
  readonly dependsOn: ReadonlySet<string>;
  readonly ignoreChanges: readonly string[] | "all";
  readonly createBeforeDestroy: boolean;
  readonly preventDestroy: boolean;
  /** Resource (instance) addresses in `replace_triggered_by`, with an optional attribute. */
  readonly replaceTriggeredBy: readonly {
    readonly address: string;
    readonly key?: string;
    readonly attribute?: string;
  }[];
  readonly pos: Pos;
}

/** A `moved` block. */
export interface MovedDecl {
  readonly from: string;
  readonly to: string;
}

/** An `import` block (a single resource instance, an ID expression). */
export interface ImportDecl {
  readonly to: string;
  readonly id: Expr;
  readonly pos: Pos;
}

/** An `output` block. */
export interface OutputDecl {
  readonly name: string;
  readonly value: Expr;
  readonly sensitive: boolean;
}

/** An instance of a resource: its address and `count.index` / `each` values. */
export interface Instance {
  readonly address: string;
  /** The instance key: a number (count), a string (for_each), or undefined. */
  readonly key: number | string | undefined;
  readonly each: { readonly key: Value; readonly value: Value } | undefined;
}

const META = new Set([
  "count",
  "for_each",
  "depends_on",
  "provider",
  "lifecycle",
  "provisioner",
  "connection",
]);

const unsupported = (what: string, pos?: Pos): never => {
  throw new HclUnsupported(what, pos);
};

/** The traversal text of a reference expression (`a.b[0]`), or undefined when it is not one. */
function traversalText(e: Expr): { parts: (string | number)[]; pos: Pos } | undefined {
  const parts: (string | number)[] = [];
  let cur = e;
  while (cur.kind === "getattr" || cur.kind === "index") {
    if (cur.kind === "getattr") parts.unshift(cur.name);
    else if (cur.key.kind === "number") parts.unshift(Number(cur.key.text));
    else if (cur.key.kind === "template" && cur.key.parts.every((p) => typeof p === "string"))
      parts.unshift(cur.key.parts.join(""));
    else return undefined;
    cur = cur.target;
  }
  if (cur.kind !== "variable") return undefined;
  parts.unshift(cur.name);
  return { parts, pos: e.pos };
}

/** `a.b`, `a.b[0]`, `a.b["k"]` as an instance address string. */
function addressText(parts: readonly (string | number)[]): string {
  let out = "";
  for (const p of parts) {
    if (typeof p === "number") out += `[${p}]`;
    else if (out === "" || /^[0-9]/.test(p)) out += out === "" ? p : `.${p}`;
    else out += `.${p}`;
  }
  return out;
}

/**
 * A parsed configuration (one file of HCL) as the fake core evaluates it, with everything it
 * does not evaluate refused up front.
 */
export class HclModule {
  readonly providerBodies = new Map<string, Body>();
  readonly variables = new Map<
    string,
    { readonly default: Expr | undefined; readonly type: Type; readonly pos: Pos }
  >();
  readonly locals = new Map<string, Attribute>();
  readonly resources: ResourceDecl[] = [];
  readonly outputs: OutputDecl[] = [];
  readonly moved: MovedDecl[] = [];
  readonly imports: ImportDecl[] = [];
  readonly source: string;

  constructor(source: string) {
    this.source = source;
    const body = parseHcl(source);
    if (body.attributes.size > 0) {
      const [a] = body.attributes.values();
      throw new HclEvalError(
        "Unsupported argument",
        `An argument named "${a?.name}" is not expected here.`,
        a?.pos,
      );
    }
    for (const block of body.blocks) this.topLevel(block);
    const names = new Set<string>();
    for (const r of this.resources) {
      if (names.has(r.address))
        throw new HclEvalError(
          "Duplicate resource configuration",
          `A${r.mode === "managed" ? " managed" : r.mode === "data" ? " data" : "n ephemeral"} resource named "${r.name}" of type "${r.type}" was already declared.`,
          r.pos,
        );
      names.add(r.address);
    }
    // Core configures a provider before anything of its types, after what its block refers to
    // (an ephemeral resource's value, say): those are dependencies of every resource it serves.
    for (const r of this.resources) {
      const body = this.providerBodies.get(providerLocalName(r.type));
      if (body === undefined) continue;
      const into = r.dependsOn as Set<string>;
      for (const a of body.attributes.values())
        for (const ref of references(a.expr)) this.noteDependency(ref, into);
      into.delete(r.address);
    }
  }

  private topLevel(b: Block): void {
    const labels = (n: number) => {
      if (b.labels.length !== n)
        throw new HclEvalError(`Invalid ${b.type} block`, `A ${b.type} block needs ${n} label(s).`, b.pos);
    };
    switch (b.type) {
      case "terraform":
        for (const inner of b.body.blocks)
          if (inner.type !== "required_providers")
            unsupported(`the terraform block's ${inner.type} block`, inner.pos);
        for (const a of b.body.attributes.values())
          unsupported(`the terraform block's ${a.name} argument`, a.pos);
        return;
      case "provider": {
        labels(1);
        const name = b.labels[0] as string;
        if (b.body.attributes.has("alias")) unsupported("provider aliases (alias =)", b.pos);
        this.providerBodies.set(name, b.body);
        return;
      }
      case "variable": {
        labels(1);
        const name = b.labels[0] as string;
        for (const a of b.body.attributes.values())
          if (!["default", "type", "description", "nullable"].includes(a.name))
            unsupported(`the variable argument ${a.name}`, a.pos);
        if (b.body.blocks.length > 0)
          unsupported(`variable ${b.body.blocks[0]?.type} blocks`, b.body.blocks[0]?.pos);
        const typeExpr = b.body.attributes.get("type")?.expr;
        this.variables.set(name, {
          default: b.body.attributes.get("default")?.expr,
          type: typeExpr ? parseTypeConstraint(typeExpr) : dynamicType,
          pos: b.pos,
        });
        return;
      }
      case "locals":
        for (const a of b.body.attributes.values()) {
          if (this.locals.has(a.name))
            throw new HclEvalError(
              "Duplicate local value definition",
              `A local value named "${a.name}" was already defined.`,
              a.pos,
            );
          this.locals.set(a.name, a);
        }
        return;
      case "output": {
        labels(1);
        for (const a of b.body.attributes.values())
          if (!["value", "sensitive", "description"].includes(a.name))
            unsupported(`the output argument ${a.name}`, a.pos);
        if (b.body.blocks.length > 0)
          unsupported(`output ${b.body.blocks[0]?.type} blocks`, b.body.blocks[0]?.pos);
        const value = b.body.attributes.get("value");
        if (!value)
          throw new HclEvalError(
            "Missing required argument",
            'The argument "value" is required, but no definition was found.',
            b.pos,
          );
        const sensitive = b.body.attributes.get("sensitive")?.expr;
        if (sensitive && sensitive.kind !== "bool")
          unsupported("output sensitive set by an expression", sensitive.pos);
        this.outputs.push({
          name: b.labels[0] as string,
          value: value.expr,
          sensitive: sensitive?.kind === "bool" && sensitive.value,
        });
        return;
      }
      case "moved": {
        const from = b.body.attributes.get("from");
        const to = b.body.attributes.get("to");
        const f = from && traversalText(from.expr);
        const t = to && traversalText(to.expr);
        if (!f || !t)
          throw new HclEvalError(
            "Invalid moved block",
            "A moved block needs from and to, each a resource address.",
            b.pos,
          );
        if (f.parts[0] === "module" || t.parts[0] === "module")
          unsupported("moved blocks with modules", b.pos);
        if (f.parts[0] !== t.parts[0])
          unsupported("moved blocks between resource types (MoveResourceState)", b.pos);
        this.moved.push({ from: addressText(f.parts), to: addressText(t.parts) });
        return;
      }
      case "import": {
        for (const a of b.body.attributes.values())
          if (a.name !== "to" && a.name !== "id") unsupported(`the import argument ${a.name}`, a.pos);
        if (b.body.blocks.length > 0)
          unsupported(`import ${b.body.blocks[0]?.type} blocks`, b.body.blocks[0]?.pos);
        const to = b.body.attributes.get("to");
        const id = b.body.attributes.get("id");
        const t = to && traversalText(to.expr);
        if (!t || !id)
          throw new HclEvalError(
            "Invalid import block",
            "An import block needs to (a resource address) and id.",
            b.pos,
          );
        if (t.parts.length !== 2 || t.parts[0] === "data" || t.parts[0] === "module")
          unsupported("import blocks into anything but a whole resource without count or for_each", b.pos);
        this.imports.push({ to: addressText(t.parts), id: id.expr, pos: b.pos });
        return;
      }
      case "resource":
      case "data":
      case "ephemeral":
        labels(2);
        this.resources.push(this.resource(b));
        return;
      default:
        unsupported(`${b.type} blocks`, b.pos);
    }
  }

  private resource(b: Block): ResourceDecl {
    const mode = b.type === "data" ? "data" : b.type === "ephemeral" ? "ephemeral" : "managed";
    const [type, name] = b.labels as [string, string];
    const address = mode === "managed" ? `${type}.${name}` : `${mode}.${type}.${name}`;
    const attrs = b.body.attributes;
    if (attrs.has("provider")) unsupported("the provider meta-argument", attrs.get("provider")?.pos);
    const count = attrs.get("count")?.expr;
    const forEach = attrs.get("for_each")?.expr;
    if (count && forEach)
      throw new HclEvalError(
        'Invalid combination of "count" and "for_each"',
        'The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.',
        b.pos,
      );
    const dependsOn = new Set<string>();
    const explicit = attrs.get("depends_on")?.expr;
    if (explicit) {
      if (explicit.kind !== "tuple")
        throw new HclEvalError(
          "Invalid depends_on",
          "depends_on must be a list of references.",
          explicit.pos,
        );
      for (const item of explicit.items) {
        const t = traversalText(item);
        if (!t)
          throw new HclEvalError(
            "Invalid depends_on reference",
            "References in depends_on must be to a whole object, not a computed value.",
            item.pos,
          );
        const head = t.parts[0] === "data" ? t.parts.slice(0, 3) : t.parts.slice(0, 2);
        if (head[0] === "module" || head[0] === "var" || head[0] === "local")
          unsupported(`depends_on ${addressText(t.parts)}`, item.pos);
        dependsOn.add(addressText(head));
      }
      if (mode === "data")
        unsupported("depends_on on a data source (its read may be deferred to apply)", explicit.pos);
    }
    let ignoreChanges: string[] | "all" = [];
    let createBeforeDestroy = false;
    let preventDestroy = false;
    const replaceTriggeredBy: { address: string; key?: string; attribute?: string }[] = [];
    for (const inner of b.body.blocks) {
      if (inner.type === "dynamic") unsupported("dynamic blocks", inner.pos);
      if (inner.type === "provisioner" || inner.type === "connection")
        unsupported(`${inner.type} blocks`, inner.pos);
      if (inner.type !== "lifecycle") continue;
      if (mode !== "managed")
        unsupported(
          `lifecycle blocks on ${mode === "data" ? "data sources" : "ephemeral resources"}`,
          inner.pos,
        );
      for (const lb of inner.body.blocks)
        unsupported(`lifecycle ${lb.type} blocks (preconditions and postconditions)`, lb.pos);
      for (const a of inner.body.attributes.values()) {
        const literalBool = () => {
          if (a.expr.kind !== "bool")
            throw new HclEvalError("Invalid lifecycle argument", `${a.name} must be true or false.`, a.pos);
          return a.expr.value;
        };
        switch (a.name) {
          case "create_before_destroy":
            createBeforeDestroy = literalBool();
            break;
          case "prevent_destroy":
            preventDestroy = literalBool();
            break;
          case "ignore_changes":
            if (a.expr.kind === "variable" && a.expr.name === "all") ignoreChanges = "all";
            else if (a.expr.kind === "tuple") {
              ignoreChanges = a.expr.items.map((item) => {
                const t = traversalText(item);
                if (t?.parts.length !== 1)
                  unsupported("ignore_changes paths below a top-level attribute", item.pos);
                return (t as NonNullable<typeof t>).parts[0] as string;
              });
            } else
              throw new HclEvalError(
                "Invalid ignore_changes",
                "ignore_changes must be a list of attribute references or all.",
                a.pos,
              );
            break;
          case "replace_triggered_by":
            if (a.expr.kind !== "tuple")
              throw new HclEvalError(
                "Invalid replace_triggered_by",
                "replace_triggered_by must be a list of references.",
                a.pos,
              );
            for (const item of a.expr.items) {
              const t = traversalText(item);
              if (
                !t ||
                t.parts[0] === "data" ||
                t.parts[0] === "var" ||
                t.parts[0] === "local" ||
                t.parts.length < 2
              )
                unsupported(
                  "replace_triggered_by entries other than managed resources (and their attributes)",
                  item.pos,
                );
              const parts = (t as NonNullable<typeof t>).parts;
              const address = `${parts[0]}.${parts[1]}`;
              let i = 2;
              let key: string | undefined;
              if (
                typeof parts[2] === "number" ||
                (parts[2] !== undefined && item.kind === "index" && parts.length === 3)
              ) {
                key = typeof parts[2] === "number" ? `[${parts[2]}]` : `[${JSON.stringify(parts[2])}]`;
                i = 3;
              }
              if (parts.length > i + 1)
                unsupported("replace_triggered_by paths below a top-level attribute", item.pos);
              const attribute = parts[i] as string | undefined;
              replaceTriggeredBy.push({
                address,
                ...(key === undefined ? {} : { key }),
                ...(attribute === undefined ? {} : { attribute }),
              });
              dependsOn.add(address);
            }
            break;
          default:
            unsupported(`lifecycle ${a.name}`, a.pos);
        }
      }
    }
    // Implicit dependencies: every resource reference in the body and meta-arguments.
    const exprs: Expr[] = [];
    const collect = (body: Body) => {
      for (const a of body.attributes.values()) if (a.name !== "depends_on") exprs.push(a.expr);
      for (const inner of body.blocks) if (inner.type !== "lifecycle") collect(inner.body);
    };
    collect(b.body);
    for (const e of exprs) for (const r of references(e)) this.noteDependency(r, dependsOn);
    const body: Body = {
      attributes: new Map([...attrs].filter(([k]) => !META.has(k))),
      blocks: b.body.blocks.filter((x) => !META.has(x.type)),
    };
    return {
      mode,
      type,
      name,
      address,
      body,
      count,
      forEach,
      dependsOn,
      ignoreChanges,
      createBeforeDestroy,
      preventDestroy,
      replaceTriggeredBy,
      pos: b.pos,
    };
  }

  /** Adds the resources a reference (through locals too) depends on. */
  noteDependency(
    r: { root: string; names: readonly string[] },
    into: Set<string>,
    seen = new Set<string>(),
  ): void {
    if (r.root === "local") {
      const name = r.names[0];
      if (name === undefined || seen.has(name)) return;
      seen.add(name);
      const l = this.locals.get(name);
      if (l) for (const inner of references(l.expr)) this.noteDependency(inner, into, seen);
      return;
    }
    if ((r.root === "data" || r.root === "ephemeral") && r.names.length >= 2)
      into.add(`${r.root}.${r.names[0]}.${r.names[1]}`);
    else if (
      !["var", "count", "each", "self", "path", "terraform", "module", "data", "ephemeral"].includes(
        r.root,
      ) &&
      r.names.length >= 1
    )
      into.add(`${r.root}.${r.names[0]}`);
  }

  /** The resources in dependency order (Terraform's graph walk, serialised). */
  order(): ResourceDecl[] {
    const byAddress = new Map(this.resources.map((r) => [r.address, r]));
    const out: ResourceDecl[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (r: ResourceDecl, path: string[]) => {
      const s = state.get(r.address);
      if (s === "done") return;
      if (s === "visiting") throw new HclEvalError("Cycle", `${[...path, r.address].join(" -> ")}`, r.pos);
      state.set(r.address, "visiting");
      for (const d of r.dependsOn) {
        const dep = byAddress.get(d);
        if (dep === undefined)
          throw new HclEvalError(
            "Reference to undeclared resource",
            `A resource "${d}" has not been declared in the root module.`,
            r.pos,
          );
        if (dep !== r) visit(dep, [...path, r.address]);
        else
          throw new HclEvalError(
            "Self-referential block",
            "Configuration for " + r.address + " may not refer to itself.",
            r.pos,
          );
      }
      state.set(r.address, "done");
      out.push(r);
    };
    for (const r of this.resources) visit(r, []);
    return out;
  }
}

/** Where resource values and instance keys come from while evaluating. */
export interface ValueSource {
  /** The current value of a resource instance (planned, applied or read), if it has one. */
  instance(address: string): Value | undefined;
  /** The instance keys a resource expanded to (undefined when not expanded yet). */
  keys(address: string): readonly (number | string | undefined)[] | undefined;
  /** The resource's object type (for unknown values), by resource address. */
  objectType(address: string): Type;
  /** A provider function call (synchronous: results are fetched ahead by the caller). */
  callProvider?(name: string, args: readonly Value[], pos: Pos): Value;
}

/**
 * The local name of the provider a resource type belongs to, as core infers it without a
 * `provider` argument: the type name up to its first underscore (`local` for `local_command`,
 * `echo` for `echo`).
 */
export function providerLocalName(type: string): string {
  const i = type.indexOf("_");
  return i < 0 ? type : type.slice(0, i);
}

function instanceAddress(base: string, key: number | string | undefined): string {
  if (key === undefined) return base;
  return typeof key === "number" ? `${base}[${key}]` : `${base}[${JSON.stringify(key)}]`;
}

/** The evaluation context of one configuration in one command. */
export class HclEvaluation {
  private readonly localCache = new Map<string, Value>();
  private readonly localBusy = new Set<string>();
  private readonly varCache = new Map<string, Value>();
  readonly module: HclModule;
  private readonly source: ValueSource;
  constructor(module: HclModule, source: ValueSource) {
    this.module = module;
    this.source = source;
  }

  scope(instance?: Instance): EvalScope {
    const scope: EvalScope = {
      resolve: (root, names, pos) => this.resolve(root, names, pos, instance),
      ...(this.source.callProvider ? { callProvider: this.source.callProvider } : {}),
    };
    return scope;
  }

  eval(e: Expr, instance?: Instance): Value {
    return evaluate(e, this.scope(instance));
  }

  private resolve(
    root: string,
    names: readonly string[],
    pos: Pos,
    instance: Instance | undefined,
  ): { value: Value; used: number } {
    const first = names[0];
    switch (root) {
      case "var": {
        if (first === undefined) unsupported("var as a whole object", pos);
        const v = this.variable(first as string, pos);
        return { value: v, used: 1 };
      }
      case "local": {
        if (first === undefined) unsupported("local as a whole object", pos);
        return { value: this.local(first as string, pos), used: 1 };
      }
      case "count": {
        if (instance === undefined || typeof instance.key !== "number")
          throw new HclEvalError(
            'Reference to "count" in non-counted context',
            'The "count" object can only be used in "module", "resource", and "data" blocks, and only when the "count" argument is set.',
            pos,
          );
        if (first !== "index")
          throw new HclEvalError(
            "Invalid count attribute",
            'The "count" object has only the attribute "index".',
            pos,
          );
        return { value: numberVal(instance.key), used: 1 };
      }
      case "each": {
        if (instance?.each === undefined)
          throw new HclEvalError(
            'Reference to "each" in context without for_each',
            'The "each" object can be used only in "module" or "resource" blocks, and only when the "for_each" argument is set.',
            pos,
          );
        if (first === "key") return { value: instance.each.key, used: 1 };
        if (first === "value") return { value: instance.each.value, used: 1 };
        throw new HclEvalError(
          "Invalid each attribute",
          'The "each" object has only the attributes "key" and "value".',
          pos,
        );
      }
      case "data":
      case "ephemeral": {
        if (names.length < 2) unsupported(`${root} as a whole object`, pos);
        return { value: this.resourceValue(`${root}.${names[0]}.${names[1]}`, pos), used: 2 };
      }
      case "path":
      case "terraform":
      case "self":
      case "module":
        return unsupported(`references to ${root}.*`, pos);
      default: {
        if (first === undefined)
          throw new HclEvalError(
            "Invalid reference",
            `A reference to a resource type must be followed by at least one attribute access, specifying the resource name.`,
            pos,
          );
        const address = `${root}.${first}`;
        if (!this.module.resources.some((r) => r.address === address))
          throw new HclEvalError(
            "Reference to undeclared resource",
            `A managed resource "${root}" "${first}" has not been declared in the root module.`,
            pos,
          );
        return { value: this.resourceValue(address, pos), used: 1 };
      }
    }
  }

  /** A resource's value as expressions see it: an object, a tuple (count) or an object by key (for_each). */
  private resourceValue(address: string, pos: Pos): Value {
    const decl = this.module.resources.find((r) => r.address === address);
    if (decl === undefined)
      throw new HclEvalError(
        "Reference to undeclared resource",
        `A resource "${address}" has not been declared in the root module.`,
        pos,
      );
    const keys = this.source.keys(address);
    if (keys === undefined) {
      // Not expanded yet (validation, or an orphan): unknown, as core's validate walk has it.
      return unknownVal(decl.count || decl.forEach ? dynamicType : this.source.objectType(address));
    }
    const of = (key: number | string | undefined) =>
      this.source.instance(instanceAddress(address, key)) ?? unknownVal(this.source.objectType(address));
    if (decl.count) return tupleVal(keys.map(of));
    if (decl.forEach) {
      const attrs: Record<string, Value> = {};
      for (const k of keys) attrs[String(k)] = of(k);
      return objectVal(attrs);
    }
    return of(undefined);
  }

  variable(name: string, pos: Pos): Value {
    const cached = this.varCache.get(name);
    if (cached) return cached;
    const decl = this.module.variables.get(name);
    if (decl === undefined)
      throw new HclEvalError(
        "Reference to undeclared input variable",
        `An input variable with the name "${name}" has not been declared.`,
        pos,
      );
    if (decl.default === undefined)
      throw new HclEvalError(
        "No value for required variable",
        `The root module input variable "${name}" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.`,
        decl.pos,
      );
    // Defaults are constants: no references allowed (Terraform's rule).
    if (references(decl.default).length > 0)
      throw new HclEvalError("Variables not allowed", "Variables may not be used here.", decl.default.pos);
    const raw = evaluate(decl.default, {
      resolve: () => unsupported("references in variable defaults", decl.pos),
    });
    let v: Value;
    try {
      v = decl.type.kind === "dynamic" ? raw : convert(raw, decl.type);
    } catch (error) {
      throw new HclEvalError(
        "Invalid default value for variable",
        `This default value is not compatible with the variable's type constraint: ${error instanceof Error ? error.message : String(error)}.`,
        decl.default.pos,
      );
    }
    this.varCache.set(name, v);
    return v;
  }

  local(name: string, pos: Pos): Value {
    const cached = this.localCache.get(name);
    if (cached) return cached;
    const decl = this.module.locals.get(name);
    if (decl === undefined)
      throw new HclEvalError(
        "Reference to undeclared local value",
        `A local value with the name "${name}" has not been declared.`,
        pos,
      );
    if (this.localBusy.has(name)) throw new HclEvalError("Cycle", `local.${name} refers to itself.`, pos);
    this.localBusy.add(name);
    try {
      const v = this.eval(decl.expr);
      this.localCache.set(name, v);
      return v;
    } finally {
      this.localBusy.delete(name);
    }
  }

  /** The instances of a resource: count and for_each must be known now, as core requires. */
  expand(decl: ResourceDecl): Instance[] {
    if (decl.count) {
      const v = this.eval(decl.count);
      if (!v.isKnown())
        throw new HclEvalError(
          "Invalid count argument",
          'The "count" value depends on resource attributes that cannot be determined until apply, so Terraform cannot predict how many instances will be created.',
          decl.count.pos,
        );
      let n: Value;
      try {
        n = convert(v, numberVal(0).type);
      } catch {
        throw new HclEvalError(
          "Invalid count argument",
          'The given "count" argument value is unsuitable: number required.',
          decl.count.pos,
        );
      }
      if (n.isNull())
        throw new HclEvalError(
          "Invalid count argument",
          'The given "count" argument value is null. An integer is required.',
          decl.count.pos,
        );
      const num = n.asNumber();
      if (!num.isInteger() || num.sign() < 0)
        throw new HclEvalError(
          "Invalid count argument",
          'The given "count" argument value is unsuitable: must be a whole number, greater than or equal to zero.',
          decl.count.pos,
        );
      const count = Number(num.toBigInt());
      return Array.from({ length: count }, (_, i) => ({
        address: instanceAddress(decl.address, i),
        key: i,
        each: undefined,
      }));
    }
    if (decl.forEach) {
      const v = this.eval(decl.forEach);
      if (!v.isWhollyKnown())
        throw new HclEvalError(
          "Invalid for_each argument",
          'The "for_each" map includes keys or set values that cannot be determined until apply, so Terraform cannot determine the full set of keys that will identify the instances of this resource.',
          decl.forEach.pos,
        );
      if (v.isNull())
        throw new HclEvalError(
          "Invalid for_each argument",
          'The given "for_each" argument value is unsuitable: the given "for_each" argument value is null. A map, or set of strings is allowed.',
          decl.forEach.pos,
        );
      const t = v.type;
      if (t.kind === "set") {
        if (t.elementType.kind !== "string")
          throw new HclEvalError(
            "Invalid for_each set argument",
            `The given "for_each" argument value is unsuitable: "for_each" supports maps and sets of strings, but you have provided a set containing type ${t.elementType.kind}.`,
            decl.forEach.pos,
          );
        return v.elements().map((e) => ({
          address: instanceAddress(decl.address, e.asString()),
          key: e.asString(),
          each: { key: e, value: e },
        }));
      }
      if (t.kind === "map" || t.kind === "object") {
        return [...v.entries()]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, e]) => ({
            address: instanceAddress(decl.address, k),
            key: k,
            each: { key: stringVal(k), value: e },
          }));
      }
      throw new HclEvalError(
        "Invalid for_each argument",
        'The given "for_each" argument value is unsuitable: the "for_each" argument must be a map, or set of strings, and you have provided a value of type ' +
          t.kind +
          ".",
        decl.forEach.pos,
      );
    }
    return [{ address: decl.address, key: undefined, each: undefined }];
  }

  /** Decodes a block body against its schema, as core's hcldec does: the configuration value. */
  decode(schema: BodyShape, body: Body, instance: Instance | undefined, where: string): Value {
    for (const [name, a] of body.attributes) {
      if (!(name in schema.attributes)) {
        if (name in schema.blocks)
          throw new HclEvalError(
            "Unsupported argument",
            `An argument named "${name}" is not expected here. Did you mean to define a block of type "${name}"?`,
            a.pos,
          );
        throw new HclEvalError(
          "Unsupported argument",
          `An argument named "${name}" is not expected here.`,
          a.pos,
        );
      }
    }
    for (const b of body.blocks) {
      if (b.type === "dynamic") unsupported("dynamic blocks", b.pos);
      if (!(b.type in schema.blocks))
        throw new HclEvalError(
          "Unsupported block type",
          `Blocks of type "${b.type}" are not expected here.`,
          b.pos,
        );
    }
    const attrs: Record<string, Value> = {};
    for (const [name, attr] of Object.entries(schema.attributes)) {
      const a = body.attributes.get(name);
      const path = where === "" ? name : `${where}.${name}`;
      if (a === undefined) {
        if (!attr.optional && !attr.computed)
          throw new HclEvalError(
            "Missing required argument",
            `The argument "${name}" is required, but no definition was found.`,
          );
        attrs[name] = nullVal(attr.type);
        continue;
      }
      // A computed-only attribute set in configuration is the provider's to refuse (in
      // ValidateResourceConfig), as in terraform: core decodes it like an optional one.
      const v = this.eval(a.expr, instance);
      attrs[name] =
        attr.kind === "nested_attribute"
          ? this.nested(attr, v, path, a.pos)
          : this.typed(v, attr.type, path, a.pos);
    }
    for (const [name, spec] of Object.entries(schema.blocks)) {
      const blocks = body.blocks.filter((b) => b.type === name);
      attrs[name] = this.blocks(spec, blocks, instance, where === "" ? name : `${where}.${name}`);
    }
    return objectVal(attrs);
  }

  private typed(v: Value, t: Type, path: string, pos: Pos): Value {
    try {
      return convert(v, t);
    } catch (error) {
      throw new HclEvalError(
        "Incorrect attribute value type",
        `Inappropriate value for attribute "${path}": ${error instanceof Error ? error.message : String(error)}.`,
        pos,
      );
    }
  }

  /** A nested attribute's value: missing optional attributes null, as their object types say. */
  private nested(attr: AttributeShape, v: Value, path: string, pos: Pos): Value {
    if (v.isNull()) return nullVal(attr.type);
    if (!v.isKnown()) return unknownVal(attr.type);
    const inner = attr.attributes ?? {};
    const object = (e: Value, p: string): Value => {
      if (!e.isKnown()) return unknownVal(attr.objectType ?? dynamicType);
      if (e.isNull()) return nullVal(attr.objectType ?? dynamicType);
      if (!(e.type.kind === "object" || e.type.kind === "map"))
        throw new HclEvalError(
          "Incorrect attribute value type",
          `Inappropriate value for attribute "${p}": object required.`,
          pos,
        );
      const given = e.entries();
      for (const k of given.keys())
        if (!(k in inner))
          throw new HclEvalError(
            "Incorrect attribute value type",
            `Inappropriate value for attribute "${p}": unsupported attribute "${k}".`,
            pos,
          );
      const out: Record<string, Value> = {};
      for (const [k, a] of Object.entries(inner)) {
        const x = given.get(k);
        if (x === undefined) {
          if (!a.optional && !a.computed)
            throw new HclEvalError(
              "Incorrect attribute value type",
              `Inappropriate value for attribute "${p}": attribute "${k}" is required.`,
              pos,
            );
          out[k] = nullVal(a.type);
        } else
          out[k] =
            a.kind === "nested_attribute"
              ? this.nested(a, x, `${p}.${k}`, pos)
              : this.typed(x, a.type, `${p}.${k}`, pos);
      }
      return objectVal(out);
    };
    switch (attr.nesting) {
      case "list":
      case "set": {
        if (!["list", "tuple", "set"].includes(v.type.kind))
          throw new HclEvalError(
            "Incorrect attribute value type",
            `Inappropriate value for attribute "${path}": list of object required.`,
            pos,
          );
        const elems = v.elements().map((e, i) => object(e, `${path}[${i}]`));
        const et = attr.objectType ?? dynamicType;
        if (elems.length === 0) return attr.nesting === "list" ? listValEmpty(et) : setValEmpty(et);
        return attr.nesting === "list" ? listVal(elems) : setVal(elems);
      }
      case "map": {
        if (!(v.type.kind === "map" || v.type.kind === "object"))
          throw new HclEvalError(
            "Incorrect attribute value type",
            `Inappropriate value for attribute "${path}": map of object required.`,
            pos,
          );
        const entries = [...v.entries()];
        if (entries.length === 0) return mapValEmpty(attr.objectType ?? dynamicType);
        return mapVal(Object.fromEntries(entries.map(([k, e]) => [k, object(e, `${path}["${k}"]`)])));
      }
      default:
        return object(v, path);
    }
  }

  private blocks(
    spec: BlockShape,
    blocks: readonly Block[],
    instance: Instance | undefined,
    path: string,
  ): Value {
    const one = (b: Block) => {
      if (spec.nesting !== "map" && b.labels.length > 0)
        throw new HclEvalError(
          "Extraneous label for " + b.type,
          `No labels are expected for ${b.type} blocks.`,
          b.pos,
        );
      return this.decode(spec, b.body, instance, path);
    };
    switch (spec.nesting) {
      case "single":
      case "group": {
        if (blocks.length > 1)
          throw new HclEvalError(
            "Duplicate " + path + " block",
            `Only one ${path} block is allowed. Another was defined earlier.`,
            blocks[1]?.pos,
          );
        const b = blocks[0];
        if (b === undefined)
          return spec.nesting === "single"
            ? nullVal(spec.objectType)
            : this.decode(spec, { attributes: new Map(), blocks: [] }, instance, path);
        return one(b);
      }
      case "list":
      case "set": {
        const elems = blocks.map(one);
        if (elems.length === 0)
          return spec.nesting === "list" ? listValEmpty(spec.objectType) : setValEmpty(spec.objectType);
        return spec.nesting === "list" ? listVal(elems) : setVal(elems);
      }
      case "map": {
        if (blocks.length === 0) return mapValEmpty(spec.objectType);
        const out: Record<string, Value> = {};
        for (const b of blocks) {
          if (b.labels.length !== 1)
            throw new HclEvalError("Missing label", `${b.type} blocks need one label.`, b.pos);
          out[b.labels[0] as string] = this.decode(spec, b.body, instance, path);
        }
        return mapVal(out);
      }
    }
  }
}

export { instanceAddress };
