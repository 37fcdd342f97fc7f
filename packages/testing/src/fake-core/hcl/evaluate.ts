import {
  boolVal,
  convert,
  CtyNumber,
  dynamicType,
  equals,
  nullVal,
  numberType,
  numberVal,
  objectVal,
  refineNotNull,
  stringType,
  stringVal,
  boolType,
  tupleVal,
  type Type,
  unify,
  unknownVal,
  type Value,
  refine,
} from "@tfkit/cty-values";
import { callBuiltin } from "./functions.js";
import { type Expr, HclEvalError, HclUnsupported, type Pos } from "./parse.js";

export { HclEvalError };

/** Where names are looked up while evaluating. */
export interface EvalScope {
  /**
   * The value of a reference's head: `var.x`, `local.x`, `count.index`, `each.key`,
   * `<type>.<name>`, `data.<type>.<name>` (`names` holds the one or two names after the root).
   * Returns how many of `names` it consumed.
   */
  resolve(root: string, names: readonly string[], pos: Pos): { value: Value; used: number };
  /** Calls a provider-defined function (`provider::<name>::<fn>`). */
  callProvider?(name: string, args: readonly Value[], pos: Pos): Value;
}

/** A reference found in an expression: its root and up to two names after it. */
export interface Reference {
  readonly root: string;
  readonly names: readonly string[];
  readonly pos: Pos;
}

/** The head of a traversal chain: a root variable and the attribute names right after it. */
function chain(e: Expr): { root: string; names: string[]; rest: Expr[]; pos: Pos } | undefined {
  const steps: Expr[] = [];
  let cur = e;
  while (cur.kind === "getattr" || cur.kind === "index") {
    steps.unshift(cur);
    cur = cur.target;
  }
  if (cur.kind !== "variable") return undefined;
  const names: string[] = [];
  for (const s of steps) {
    if (s.kind === "getattr") names.push(s.name);
    else if (
      s.kind === "index" &&
      s.key.kind === "template" &&
      s.key.parts.every((p) => typeof p === "string")
    )
      names.push(s.key.parts.join(""));
    else if (s.kind === "index" && s.key.kind === "number") names.push(s.key.text);
    else break;
  }
  return { root: cur.name, names, rest: steps, pos: cur.pos };
}

/** Every reference in an expression (for the dependency graph), minus `for` variables. */
export function references(e: Expr, bound: ReadonlySet<string> = new Set()): Reference[] {
  const out: Reference[] = [];
  const walk = (x: Expr, b: ReadonlySet<string>): void => {
    switch (x.kind) {
      case "variable":
        if (!b.has(x.name)) out.push({ root: x.name, names: [], pos: x.pos });
        return;
      case "getattr":
      case "index": {
        const c = chain(x);
        if (c && !b.has(c.root)) {
          out.push({ root: c.root, names: c.names.slice(0, 3), pos: c.pos });
          for (const s of c.rest) if (s.kind === "index") walk(s.key, b);
          return;
        }
        walk(x.target, b);
        if (x.kind === "index") walk(x.key, b);
        return;
      }
      case "template":
        for (const p of x.parts) if (typeof p !== "string") walk(p, b);
        return;
      case "tuple":
        for (const i of x.items) walk(i, b);
        return;
      case "object":
        for (const i of x.items) {
          walk(i.key, b);
          walk(i.value, b);
        }
        return;
      case "call":
        for (const a of x.args) walk(a, b);
        return;
      case "unary":
        walk(x.operand, b);
        return;
      case "binary":
        walk(x.left, b);
        walk(x.right, b);
        return;
      case "conditional":
        walk(x.cond, b);
        walk(x.then, b);
        walk(x.else, b);
        return;
      case "parens":
        walk(x.inner, b);
        return;
      case "for": {
        walk(x.collection, b);
        const inner = new Set(b);
        inner.add(x.valueVar);
        if (x.keyVar) inner.add(x.keyVar);
        if (x.keyExpr) walk(x.keyExpr, inner);
        walk(x.valueExpr, inner);
        if (x.cond) walk(x.cond, inner);
        return;
      }
      default:
        return;
    }
  };
  walk(e, bound);
  return out;
}

const notNullUnknown = (t: Type): Value => refineNotNull(unknownVal(t));

/** Attribute `name` of a value (unknown stays unknown, with the attribute's type). */
export function getAttr(v: Value, name: string, pos: Pos): Value {
  const t = v.type;
  if (t.kind === "dynamic") return unknownVal(dynamicType);
  if (t.kind === "object") {
    if (!(name in t.attributeTypes))
      throw new HclEvalError(
        "Unsupported attribute",
        `This object does not have an attribute named "${name}".`,
        pos,
      );
    if (!v.isKnown()) return unknownVal(t.attributeTypes[name] as Type);
    if (v.isNull())
      throw new HclEvalError(
        "Attempt to get attribute from null value",
        "This value is null, so it does not have any attributes.",
        pos,
      );
    return v.getAttr(name);
  }
  if (t.kind === "map") {
    if (!v.isKnown()) return unknownVal(t.elementType);
    if (v.isNull())
      throw new HclEvalError(
        "Attempt to get attribute from null value",
        "This value is null, so it does not have any attributes.",
        pos,
      );
    const e = v.entries().get(name);
    if (e === undefined)
      throw new HclEvalError(
        "Missing map element",
        `This map does not have an element with the key "${name}".`,
        pos,
      );
    return e;
  }
  throw new HclEvalError(
    "Unsupported attribute",
    `Can't access attributes on a value of this type (${t.kind}).`,
    pos,
  );
}

/** `v[key]` as HCL's index operator does it. */
export function index(v: Value, key: Value, pos: Pos): Value {
  const t = v.type;
  if (t.kind === "dynamic") return unknownVal(dynamicType);
  if (!key.isKnown()) {
    if (t.kind === "list" || t.kind === "map") return unknownVal(t.elementType);
    return unknownVal(dynamicType);
  }
  if (key.isNull())
    throw new HclEvalError("Invalid index", "Can't use a null value as an indexing key.", pos);
  if (t.kind === "object") return getAttr(v, convertOr(key, stringType, pos).asString(), pos);
  if (t.kind === "map") {
    if (!v.isKnown()) return unknownVal(t.elementType);
    const k = convertOr(key, stringType, pos).asString();
    const e = v.entries().get(k);
    if (e === undefined)
      throw new HclEvalError(
        "Invalid index",
        `The given key does not identify an element in this collection value.`,
        pos,
      );
    return e;
  }
  if (t.kind === "list" || t.kind === "tuple") {
    const n = convertOr(key, numberType, pos).asNumber();
    if (!n.isInteger())
      throw new HclEvalError(
        "Invalid index",
        "The given key does not identify an element in this collection value: a number must be a whole number.",
        pos,
      );
    if (!v.isKnown()) return t.kind === "list" ? unknownVal(t.elementType) : unknownVal(dynamicType);
    if (v.isNull())
      throw new HclEvalError(
        "Attempt to index null value",
        "This value is null, so it does not have any indices.",
        pos,
      );
    const i = Number(n.toBigInt());
    const elems = v.elements();
    if (i < 0 || i >= elems.length)
      throw new HclEvalError(
        "Invalid index",
        "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.",
        pos,
      );
    return elems[i] as Value;
  }
  if (t.kind === "set")
    throw new HclEvalError(
      "Invalid index",
      "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
      pos,
    );
  throw new HclEvalError("Invalid index", `This value does not have any indices.`, pos);
}

function convertOr(v: Value, t: Type, pos: Pos, what = "value"): Value {
  try {
    return convert(v, t);
  } catch (error) {
    throw new HclEvalError("Invalid " + what, error instanceof Error ? error.message : String(error), pos);
  }
}

/** A string for a template: unknown, null and non-string values handled as HCL does. */
function templatePart(v: Value, pos: Pos): Value {
  if (!v.isKnown()) return v;
  if (v.isNull())
    throw new HclEvalError(
      "Invalid template interpolation value",
      "The expression result is null. Cannot include a null value in a string template.",
      pos,
    );
  return convertOr(v, stringType, pos, "template interpolation value");
}

/** Evaluates an expression. `vars` are the `for` expression variables in scope. */
export function evaluate(e: Expr, scope: EvalScope, vars: ReadonlyMap<string, Value> = new Map()): Value {
  const ev = (x: Expr, v = vars) => evaluate(x, scope, v);
  switch (e.kind) {
    case "number":
      return numberVal(e.text);
    case "bool":
      return boolVal(e.value);
    case "null":
      return nullVal(dynamicType);
    case "parens":
      return ev(e.inner);
    case "template": {
      if (e.parts.length === 1 && typeof e.parts[0] !== "string") {
        // "${x}" alone is x itself, with its type (HCL's template unwrapping).
        return ev(e.parts[0] as Expr);
      }
      let known = "";
      let unknown = false;
      for (const p of e.parts) {
        if (typeof p === "string") {
          if (!unknown) known += p;
          continue;
        }
        const v = templatePart(ev(p), p.pos);
        if (!v.isKnown()) unknown = true;
        else if (!unknown) known += v.asString();
      }
      if (!unknown) return stringVal(known);
      // HCL: an unknown result, not null, refined with the known prefix.
      const r = refine(unknownVal(stringType)).notNull();
      return (known === "" ? r : r.stringPrefix(known)).newValue();
    }
    case "tuple":
      return tupleVal(e.items.map((i) => ev(i)));
    case "object": {
      const attrs: Record<string, Value> = {};
      for (const item of e.items) {
        const k = ev(item.key);
        if (!k.isKnown()) throw new HclUnsupported("object keys unknown until apply", item.key.pos);
        if (k.isNull())
          throw new HclEvalError(
            "Invalid object key",
            "Key expression cannot produce a null value.",
            item.key.pos,
          );
        attrs[convertOr(k, stringType, item.key.pos, "object key").asString()] = ev(item.value);
      }
      return objectVal(attrs);
    }
    case "variable": {
      const local = vars.get(e.name);
      if (local !== undefined) return local;
      return resolveChain(e, scope, vars);
    }
    case "getattr":
    case "index":
      return resolveChain(e, scope, vars);
    case "call": {
      // try and can catch their arguments' errors: evaluated one by one, not up front.
      if (e.name === "try" || e.name === "can") return tryOrCan(e, scope, vars);
      const args = e.args.map((a) => ev(a));
      if (e.expandFinal) {
        const last = args.pop() as Value;
        if (!last.isWhollyKnown()) return unknownVal(dynamicType);
        if (!(last.type.kind === "list" || last.type.kind === "tuple" || last.type.kind === "set"))
          throw new HclEvalError(
            "Invalid expanding argument value",
            "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
            e.pos,
          );
        args.push(...last.elements());
      }
      if (e.name.startsWith("provider::")) {
        if (!scope.callProvider) throw new HclUnsupported(`provider function ${e.name}`, e.pos);
        return scope.callProvider(e.name, args, e.pos);
      }
      return callBuiltin(e.name, args, e.pos);
    }
    case "unary": {
      const v = ev(e.operand);
      if (e.op === "!") {
        const b = convertOr(v, boolType, e.pos, "operand");
        if (!b.isKnown()) return notNullUnknown(boolType);
        return boolVal(!b.asBool());
      }
      const n = convertOr(v, numberType, e.pos, "operand");
      if (!n.isKnown()) return notNullUnknown(numberType);
      return numberVal(n.asNumber().negate());
    }
    case "binary":
      return binary(e.op, ev(e.left), ev(e.right), e.pos);
    case "conditional": {
      const c = convertOr(ev(e.cond), boolType, e.cond.pos, "condition");
      const tryEval = (x: Expr): Value | HclEvalError => {
        try {
          return ev(x);
        } catch (error) {
          if (error instanceof HclEvalError) return error;
          throw error;
        }
      };
      const a = tryEval(e.then);
      const b = tryEval(e.else);
      if (c.isNull())
        throw new HclEvalError(
          "Null condition",
          "The condition value is null. Conditions must either be true or false.",
          e.cond.pos,
        );
      const types = [a, b].filter((x): x is Value => !(x instanceof HclEvalError)).map((x) => x.type);
      const u = unify(types);
      if (!c.isKnown()) {
        if (a instanceof HclEvalError) throw a;
        if (b instanceof HclEvalError) throw b;
        if (u === undefined)
          throw new HclEvalError(
            "Inconsistent conditional result types",
            "The true and false result expressions must have consistent types.",
            e.pos,
          );
        return unknownVal(u.type);
      }
      const chosen = c.asBool() ? a : b;
      if (chosen instanceof HclEvalError) throw chosen;
      if (u === undefined)
        throw new HclEvalError(
          "Inconsistent conditional result types",
          "The true and false result expressions must have consistent types.",
          e.pos,
        );
      return convertOr(chosen, u.type, e.pos, "conditional result");
    }
    case "for":
      return forExpr(e, scope, vars);
  }
}

function resolveChain(e: Expr, scope: EvalScope, vars: ReadonlyMap<string, Value>): Value {
  const c = chain(e) as NonNullable<ReturnType<typeof chain>>;
  if (c === undefined) {
    // getattr/index on a non-reference expression (a call, a tuple, …)
    if (e.kind === "getattr") return getAttr(evaluate(e.target, scope, vars), e.name, e.pos);
    if (e.kind === "index")
      return index(evaluate(e.target, scope, vars), evaluate(e.key, scope, vars), e.pos);
    throw new Error("unreachable");
  }
  let value: Value;
  let used: number;
  const local = vars.get(c.root);
  if (local !== undefined) {
    value = local;
    used = 0;
  } else {
    ({ value, used } = scope.resolve(c.root, c.names, c.pos));
  }
  for (const s of c.rest.slice(used)) {
    if (s.kind === "getattr") value = getAttr(value, s.name, s.pos);
    else if (s.kind === "index") value = index(value, evaluate(s.key, scope, vars), s.pos);
  }
  return value;
}

function binary(op: string, l: Value, r: Value, pos: Pos): Value {
  if (op === "==" || op === "!=") {
    if (!l.isWhollyKnown() || !r.isWhollyKnown()) return notNullUnknown(boolType);
    const same = equals(l, r);
    const b = same.isKnown() && !same.isNull() && same.asBool();
    return boolVal(op === "==" ? b : !b);
  }
  if (op === "&&" || op === "||") {
    const a = convertOr(l, boolType, pos, "operand");
    const b = convertOr(r, boolType, pos, "operand");
    if (a.isNull() || b.isNull())
      throw new HclEvalError(
        "Invalid operand",
        "Unsuitable value for operand: a bool is required, not null.",
        pos,
      );
    const decisive = op !== "&&";
    if ((a.isKnown() && a.asBool() === decisive) || (b.isKnown() && b.asBool() === decisive))
      return boolVal(decisive);
    if (!a.isKnown() || !b.isKnown()) return notNullUnknown(boolType);
    return boolVal(op === "&&" ? a.asBool() && b.asBool() : a.asBool() || b.asBool());
  }
  const a = convertOr(l, numberType, pos, "operand");
  const b = convertOr(r, numberType, pos, "operand");
  if (a.isNull() || b.isNull())
    throw new HclEvalError(
      "Invalid operand",
      "Unsuitable value for operand: a number is required, not null.",
      pos,
    );
  const comparison = ["<", ">", "<=", ">="].includes(op);
  if (!a.isKnown() || !b.isKnown()) return notNullUnknown(comparison ? boolType : numberType);
  const x = a.asNumber();
  const y = b.asNumber();
  switch (op) {
    case "+":
      return numberVal(x.add(y));
    case "-":
      return numberVal(x.subtract(y));
    case "*":
      return numberVal(x.multiply(y));
    case "/":
      if (y.isZero())
        throw new HclEvalError(
          "Error in function call",
          'Call to function "divide" failed: can\'t divide by zero.',
          pos,
        );
      return numberVal(x.divide(y));
    case "<":
      return boolVal(x.cmp(y) < 0);
    case ">":
      return boolVal(x.cmp(y) > 0);
    case "<=":
      return boolVal(x.cmp(y) <= 0);
    case ">=":
      return boolVal(x.cmp(y) >= 0);
    case "%":
      return numberVal(modulo(x, y, pos));
    default:
      throw new HclUnsupported(`the operator ${op}`, pos);
  }
}

/**
 * cty's `Modulo` for whole numbers: `x - y * trunc(x / y)` (the sign of `x`), `x` itself when `y`
 * is zero. Fractions and infinities, where cty's answer depends on its 512-bit division, are refused.
 */
function modulo(x: CtyNumber, y: CtyNumber, pos: Pos): CtyNumber {
  if (!x.isInteger() || !y.isInteger())
    throw new HclUnsupported("the operator % with fractional or infinite operands", pos);
  if (y.isZero()) return x;
  return CtyNumber.fromInt(x.toBigInt() % y.toBigInt());
}

function tryOrCan(
  e: Extract<Expr, { kind: "call" }>,
  scope: EvalScope,
  vars: ReadonlyMap<string, Value>,
): Value {
  if (e.name === "can" && e.args.length !== 1)
    throw new HclEvalError("Invalid function call", "can takes one argument.", e.pos);
  for (const a of e.args) {
    let v: Value;
    try {
      v = evaluate(a, scope, vars);
    } catch (error) {
      if (error instanceof HclEvalError) continue;
      throw error;
    }
    // Like Terraform: an argument not yet known makes the whole result unknown.
    if (!v.isWhollyKnown()) return e.name === "can" ? notNullUnknown(boolType) : unknownVal(dynamicType);
    return e.name === "can" ? boolVal(true) : v;
  }
  if (e.name === "can") return boolVal(false);
  throw new HclEvalError(
    "Error in function call",
    'Call to function "try" failed: no expression succeeded.',
    e.pos,
  );
}

function forExpr(
  e: Extract<Expr, { kind: "for" }>,
  scope: EvalScope,
  vars: ReadonlyMap<string, Value>,
): Value {
  const coll = evaluate(e.collection, scope, vars);
  if (!coll.isKnown()) return unknownVal(dynamicType);
  if (coll.isNull())
    throw new HclEvalError(
      "Iteration over null value",
      "A null value cannot be used as the collection in a 'for' expression.",
      e.collection.pos,
    );
  const pairs: [Value, Value][] = [];
  const t = coll.type;
  if (t.kind === "list" || t.kind === "tuple" || t.kind === "set") {
    let i = 0;
    for (const v of coll.elements()) pairs.push([t.kind === "set" ? v : numberVal(i++), v]);
  } else if (t.kind === "map" || t.kind === "object") {
    for (const [k, v] of coll.entries()) pairs.push([stringVal(k), v]);
  } else
    throw new HclEvalError(
      "Iteration over non-iterable value",
      "A value of this type cannot be used as the collection in a 'for' expression.",
      e.collection.pos,
    );
  const keys: Value[] = [];
  const values: Value[] = [];
  for (const [k, v] of pairs) {
    const inner = new Map(vars);
    if (e.keyVar) inner.set(e.keyVar, k);
    inner.set(e.valueVar, v);
    if (e.cond) {
      const c = convertOr(evaluate(e.cond, scope, inner), boolType, e.cond.pos, "for condition");
      if (!c.isKnown()) return unknownVal(dynamicType);
      if (!c.asBool()) continue;
    }
    if (e.keyExpr) {
      const key = evaluate(e.keyExpr, scope, inner);
      if (!key.isKnown()) return unknownVal(dynamicType);
      keys.push(convertOr(key, stringType, e.keyExpr.pos, "object key"));
    }
    values.push(evaluate(e.valueExpr, scope, inner));
  }
  if (!e.object) return tupleVal(values);
  const attrs: Record<string, Value> = {};
  keys.forEach((k, i) => {
    const name = k.asString();
    if (name in attrs)
      throw new HclEvalError(
        "Duplicate object key",
        `Two different items produced the key "${name}" in this 'for' expression.`,
        e.pos,
      );
    attrs[name] = values[i] as Value;
  });
  return objectVal(attrs);
}

// Re-exported for the functions module and the glue.
export { dynamicType };
