import type { Path, Type, Value } from "@tfkit/cty-values";
import { dynamicType, goQuote, pathEquals, rawEquals } from "@tfkit/cty-values";
import { withAttribute, withIndex, withListIndex, withMapKey } from "../internal/path.js";
import type { SchemaBody } from "../model-types.js";
import { specAtPath } from "../spec-at-path.js";
import type { AnyAttributeSpec, BlockSpec } from "../spec.js";
import { type PathExpressionStep, type PathTarget, targetExpression } from "./path-expression.js";

/**
 * @internal A step of an expression merged with a concrete path: no parents left, and set
 * elements of the base path kept by value.
 */
export type ResolvedStep =
  | Exclude<PathExpressionStep, { kind: "parent" }>
  | { readonly kind: "set_value"; readonly value: Value };

/** @internal Steps of a concrete path, as expression steps. */
export function pathSteps(path: Path): ResolvedStep[] {
  return path.map((s): ResolvedStep => {
    if (s.kind === "attribute") return { kind: "attribute", name: s.name };
    const k = s.key;
    if (k.isKnown() && !k.isNull() && k.type.kind === "number")
      return { kind: "list_index", index: Number(k.asNumber().toBigInt()) };
    if (k.isKnown() && !k.isNull() && k.type.kind === "string") return { kind: "map_key", key: k.asString() };
    return { kind: "set_value", value: k };
  });
}

/**
 * @internal Merges a target with the steps of the attribute it is declared on (relative targets)
 * and resolves parents; `undefined` when a parent step goes above the root (Go: `Resolve`).
 */
export function resolveTarget(target: PathTarget, base: readonly ResolvedStep[]): ResolvedStep[] | undefined {
  const expr = targetExpression(target);
  const out: ResolvedStep[] = expr.root ? [] : [...base];
  for (const step of expr.steps) {
    if (step.kind !== "parent") out.push(step);
    else if (out.pop() === undefined) return undefined;
  }
  return out.length === 0 ? undefined : out;
}

/** @internal Renders resolved steps like the Go framework's paths and expressions. */
export function resolvedString(steps: readonly ResolvedStep[]): string {
  let out = "";
  for (const step of steps) {
    switch (step.kind) {
      case "attribute":
        out += out === "" ? step.name : `.${step.name}`;
        break;
      case "list_index":
        out += `[${step.index}]`;
        break;
      case "any_list_index":
        out += "[*]";
        break;
      case "map_key":
        out += `[${goQuote(step.key)}]`;
        break;
      case "any_map_key":
        out += '["*"]';
        break;
      case "any_set_value":
        out += "[Value(*)]";
        break;
      case "set_value":
        out += "[...]";
        break;
    }
  }
  return out;
}

/** @internal One value an expression matched. */
export interface Match {
  readonly path: Path;
  readonly value: Value;
}

/** @internal What an expression matched in a configuration. */
export interface Matches {
  readonly matches: readonly Match[];
  /** A value on the way was unknown: what it holds is not known yet, so rules must wait. */
  readonly unknown: boolean;
}

/**
 * @internal Finds the values resolved steps point at. A null value on the way matches nothing
 * below it (as the Go framework's `PathMatches`); an unknown one sets `unknown`.
 */
export function matchSteps(steps: readonly ResolvedStep[], config: Value): Matches {
  let current: Match[] = [{ path: [], value: config }];
  let unknown = false;
  for (const step of steps) {
    const next: Match[] = [];
    for (const { path, value: v } of current) {
      if (!v.isKnown()) {
        unknown = true;
        continue;
      }
      if (v.isNull()) continue;
      const kind = v.type.kind;
      switch (step.kind) {
        case "attribute": {
          if (kind !== "object") break;
          const e = v.entries().get(step.name);
          if (e !== undefined) next.push({ path: withAttribute(path, step.name), value: e });
          break;
        }
        case "list_index": {
          if (kind !== "list" && kind !== "tuple") break;
          const e = v.elements()[step.index];
          if (e !== undefined) next.push({ path: withListIndex(path, step.index), value: e });
          break;
        }
        case "any_list_index":
          if (kind === "list" || kind === "tuple")
            v.elements().forEach((e, i) => {
              next.push({ path: withListIndex(path, i), value: e });
            });
          break;
        case "map_key": {
          if (kind !== "map" && kind !== "object") break;
          const e = v.entries().get(step.key);
          if (e !== undefined) next.push({ path: withMapKey(path, step.key), value: e });
          break;
        }
        case "any_map_key":
          if (kind === "map" || kind === "object")
            for (const [k, e] of v.entries()) next.push({ path: withMapKey(path, k), value: e });
          break;
        case "any_set_value":
          if (kind === "set") for (const e of v.elements()) next.push({ path: withIndex(path, e), value: e });
          break;
        case "set_value":
          if (kind === "set")
            for (const e of v.elements())
              if (rawEquals(e, step.value)) next.push({ path: withIndex(path, e), value: e });
          break;
      }
    }
    current = next;
  }
  return { matches: current, unknown };
}

/** @internal Is a configured block type "specified": non-null, and for collections, not empty. */
export function blockIsSpecified(spec: BlockSpec, v: Value): boolean {
  if (v.isNull()) return false;
  if (!v.isKnown()) return true;
  if (spec.nesting === "single" || spec.nesting === "group") return spec.nesting === "single";
  return v.lengthInt() > 0;
}

/** @internal Whether a matched value counts as configured (blocks: non-empty). */
export function isSpecified(body: SchemaBody | undefined, m: Match): boolean {
  const last = m.path[m.path.length - 1];
  if (body !== undefined && last?.kind === "attribute") {
    const spec = specAtPath(body, m.path);
    if (spec?.kind === "block") return blockIsSpecified(spec, m.value);
  }
  return !m.value.isNull();
}

/** @internal Drops the path of the attribute a rule is declared on (Go skips it too). */
export function withoutSelf(matches: readonly Match[], self: Path): Match[] {
  return matches.filter((m) => !pathEquals(m.path, self));
}

type Node =
  | { readonly kind: "body"; readonly body: SchemaBody }
  | { readonly kind: "spec"; readonly spec: AnyAttributeSpec | BlockSpec }
  | { readonly kind: "type"; readonly type: Type };

const ELEMENT_STEP: Record<string, string> = {
  list: "a list index",
  set: "a set element",
  map: "a map key",
};

function elementKind(step: ResolvedStep): "list" | "set" | "map" | undefined {
  switch (step.kind) {
    case "list_index":
    case "any_list_index":
      return "list";
    case "any_set_value":
    case "set_value":
      return "set";
    case "map_key":
    case "any_map_key":
      return "map";
    default:
      return undefined;
  }
}

function stepNode(node: Node, step: ResolvedStep, where: string): Node | string {
  const el = elementKind(step);
  switch (node.kind) {
    case "body": {
      if (step.kind !== "attribute") return `"${where}" is an object: the next step must be a name`;
      const { attributes, blocks } = node.body;
      const spec = Object.hasOwn(attributes, step.name)
        ? attributes[step.name]
        : Object.hasOwn(blocks, step.name)
          ? blocks[step.name]
          : undefined;
      if (spec === undefined)
        return `there is no attribute or block "${step.name}"${where === "" ? " at the root" : ` in "${where}"`}`;
      return { kind: "spec", spec };
    }
    case "spec": {
      const spec = node.spec;
      if (spec.kind === "attribute") return stepNode({ kind: "type", type: spec.type }, step, where);
      const body: SchemaBody = spec.kind === "block" ? spec : { attributes: spec.attributes, blocks: {} };
      const single = spec.nesting === "single" || spec.nesting === "group";
      if (single) return stepNode({ kind: "body", body }, step, where);
      if (el === spec.nesting) return { kind: "body", body };
      return `"${where}" is a ${spec.nesting}: the next step must be ${ELEMENT_STEP[spec.nesting]}`;
    }
    case "type": {
      const t = node.type;
      if (t.kind === "dynamic") return node;
      if (t.kind === "object") {
        if (step.kind !== "attribute") return `"${where}" is an object: the next step must be a name`;
        const at = t.attributeTypes[step.name];
        if (at === undefined) return `the object "${where}" has no attribute "${step.name}"`;
        return { kind: "type", type: at };
      }
      if (t.kind === "list" || t.kind === "set" || t.kind === "map") {
        if (el !== t.kind) return `"${where}" is a ${t.kind}: the next step must be ${ELEMENT_STEP[t.kind]}`;
        return { kind: "type", type: t.elementType };
      }
      if (t.kind === "tuple" && el === "list") return { kind: "type", type: dynamicType };
      return `"${where}" is a ${t.kind}: it has no ${step.kind === "attribute" ? `attribute "${step.name}"` : "elements"}`;
    }
  }
}

/**
 * @internal Checks that resolved steps can match something in a schema; answers why not.
 */
export function schemaMismatch(steps: readonly ResolvedStep[], root: SchemaBody): string | undefined {
  let node: Node = { kind: "body", body: root };
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as ResolvedStep;
    const next = stepNode(node, step, resolvedString(steps.slice(0, i)));
    if (typeof next === "string") return next;
    node = next;
  }
  return undefined;
}
