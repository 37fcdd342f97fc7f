import type { BodyShape } from "@tfkit/contracts";
import { nullVal, replaceAttributes, type Value } from "@tfkit/cty-values";
import { references } from "./evaluate.js";
import { HclModule, type ResourceDecl } from "./module.js";
import { HclEvalError, HclSyntaxError, HclUnsupported } from "./parse.js";

/**
 * A step's HCL configuration, parsed, as the fake core carries it between commands (the
 * structured-config counterpart).
 *
 * @internal
 */
export class HclStepConfig {
  /** The parsed module. */
  readonly module: HclModule;
  constructor(source: string) {
    this.module = new HclModule(source);
  }
}

/**
 * What to say when a configuration cannot run under the fake core, or is invalid: the problem
 * and, for a construct outside the subset, "run this case with runAcceptance".
 *
 * @internal
 */
export function hclProblem(error: unknown): { message: string; summary: string; detail: string } | undefined {
  if (error instanceof HclUnsupported)
    return {
      message: `the fake core does not evaluate ${error.message}; run this case with runAcceptance (the real terraform CLI)`,
      summary: "Unsupported by the fake core",
      detail: error.message,
    };
  if (error instanceof HclSyntaxError)
    return {
      message: `HCL syntax error: ${error.message}`,
      summary: "Invalid configuration syntax",
      detail: error.message,
    };
  if (error instanceof HclEvalError)
    return { message: error.message, summary: error.summary, detail: error.message };
  return undefined;
}

/**
 * `lifecycle { ignore_changes }`: the configuration with the ignored (top-level) attributes
 * taken from the prior state, as core's `processIgnoreChanges` does before planning.
 *
 * @internal
 */
export function applyIgnoreChanges(
  decl: ResourceDecl,
  schema: BodyShape,
  config: Value,
  prior: Value | undefined,
): Value {
  if (prior === undefined || prior.isNull() || !prior.isKnown()) return config;
  if (decl.ignoreChanges === "all") {
    // Core: the prior object, with computed-only attributes null (they are not configuration).
    const replacements = new Map<string, Value>();
    for (const [n, a] of Object.entries(schema.attributes))
      replacements.set(n, a.computed && !a.optional ? nullVal(a.type) : prior.getAttr(n));
    for (const [n, b] of Object.entries(schema.blocks)) {
      if (
        Object.values(b.attributes).some((a) => a.computed && !a.optional) ||
        Object.keys(b.blocks).length > 0
      )
        throw new HclUnsupported(
          `ignore_changes = all on ${decl.address}, whose block ${n} holds computed attributes`,
        );
      replacements.set(n, prior.getAttr(n));
    }
    return replaceAttributes(config, replacements);
  }
  const names = decl.ignoreChanges;
  const replacements = new Map<string, Value>();
  for (const n of names) {
    if (!(n in schema.attributes) && !(n in schema.blocks))
      throw new HclEvalError(
        "Unsupported attribute",
        `This object has no argument, nested block, or exported attribute named "${n}".`,
      );
    replacements.set(n, prior.getAttr(n));
  }
  return replacements.size === 0 ? config : replaceAttributes(config, replacements);
}

/**
 * The sensitive top-level attributes an output's value reads (directly or through locals) when
 * the output is not marked sensitive: Terraform rejects such outputs.
 *
 * @internal
 */
export function sensitiveReads(
  module: HclModule,
  expr: Parameters<typeof references>[0],
  schemaOf: (address: string) => BodyShape | undefined,
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (e: Parameters<typeof references>[0]) => {
    for (const r of references(e)) {
      if (r.root === "local") {
        const name = r.names[0];
        if (name === undefined || seen.has(name)) continue;
        seen.add(name);
        const l = module.locals.get(name);
        if (l) visit(l.expr);
        continue;
      }
      if (["var", "count", "each", "path", "terraform", "self", "module"].includes(r.root)) continue;
      const isData = r.root === "data";
      const address = isData ? `data.${r.names[0]}.${r.names[1]}` : `${r.root}.${r.names[0]}`;
      const schema = schemaOf(address);
      if (!schema) continue;
      const decl = module.resources.find((d) => d.address === address);
      const rest = r.names.slice(isData ? 2 : 1);
      // With count/for_each the next name is the instance key.
      const attr = decl?.forEach || decl?.count ? rest[1] : rest[0];
      const sensitive = Object.entries(schema.attributes).filter(([, a]) => a.sensitive);
      if (attr === undefined) {
        if (sensitive.length > 0) out.push(`${address} (${sensitive.map(([n]) => n).join(", ")})`);
      } else if (schema.attributes[attr]?.sensitive) out.push(`${address}.${attr}`);
    }
  };
  visit(expr);
  return out;
}

/**
 * The ephemeral resources an expression reads (directly or through locals): Terraform marks
 * their values ephemeral, and the mark follows them into whatever uses them.
 *
 * @internal
 */
export function ephemeralReads(module: HclModule, expr: Parameters<typeof references>[0]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (e: Parameters<typeof references>[0]) => {
    for (const r of references(e)) {
      if (r.root === "local") {
        const name = r.names[0];
        if (name === undefined || seen.has(name)) continue;
        seen.add(name);
        const l = module.locals.get(name);
        if (l) visit(l.expr);
      } else if (r.root === "ephemeral" && r.names.length >= 2)
        out.push(`ephemeral.${r.names[0]}.${r.names[1]}`);
    }
  };
  visit(expr);
  return out;
}

/**
 * The managed resources a data block refers to directly (its arguments, nested blocks, `count`
 * and `for_each`; not through locals): core reads the data source during apply when one of
 * them has changes planned, as if each were in its `depends_on`.
 *
 * @internal
 */
export function directManagedReferences(module: HclModule, decl: ResourceDecl): Set<string> {
  const out = new Set<string>();
  const notResources = [
    "var",
    "local",
    "count",
    "each",
    "self",
    "path",
    "terraform",
    "module",
    "data",
    "ephemeral",
  ];
  const add = (e: Parameters<typeof references>[0]) => {
    for (const r of references(e)) {
      if (notResources.includes(r.root) || r.names[0] === undefined) continue;
      const address = `${r.root}.${r.names[0]}`;
      if (module.resources.some((d) => d.address === address && d.mode === "managed")) out.add(address);
    }
  };
  const visit = (body: ResourceDecl["body"]) => {
    for (const a of body.attributes.values()) add(a.expr);
    for (const b of body.blocks) visit(b.body);
  };
  visit(decl.body);
  if (decl.count) add(decl.count);
  if (decl.forEach) add(decl.forEach);
  return out;
}
