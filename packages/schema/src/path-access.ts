import type { Path, PathStep, Type, Value } from "@tfkit/cty-values";
import {
  attributeStep,
  CtyError,
  indexStep,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  rawEquals,
  setVal,
  setValEmpty,
  testConformance,
  tupleVal,
  unknownVal,
} from "@tfkit/cty-values";

/**
 * A path as cty steps, or as a shorthand list: a string is an attribute name, a number a list or
 * tuple index (map keys and set elements need an explicit `indexStep`).
 * @example
 * ```ts
 * getAttribute(state, ["network_interface", 0, "ip"]);
 * getAttribute(state, ["tags", indexStep(stringVal("env"))]);
 * ```
 * @category models
 */
export type PathInput = Path | readonly (string | number | PathStep)[];

/**
 * Turns a {@link PathInput} into a cty `Path`.
 * @category constructors
 */
export function toPath(input: PathInput): Path {
  return input.map((s) =>
    typeof s === "string" ? attributeStep(s) : typeof s === "number" ? indexStep(numberVal(s)) : s,
  );
}

function fail(message: string, path: Path): never {
  throw new CtyError("path", message, { path });
}

function childType(t: Type, step: PathStep, path: Path): Type {
  if (step.kind === "attribute") {
    if (t.kind !== "object") fail(`cannot get attribute "${step.name}" of a ${t.kind} value`, path);
    const at = t.attributeTypes[step.name];
    if (at === undefined || !Object.hasOwn(t.attributeTypes, step.name))
      fail(`object has no attribute "${step.name}"`, path);
    return at;
  }
  switch (t.kind) {
    case "list":
    case "set":
    case "map":
      return t.elementType;
    case "tuple": {
      const i = indexOf(step.key, path);
      const et = t.elementTypes[i];
      if (et === undefined) fail(`tuple has no element ${i}`, path);
      return et;
    }
    default:
      return fail(`cannot index a ${t.kind} value`, path);
  }
}

function indexOf(key: Value, path: Path): number {
  if (key.type.kind !== "number" || !key.isKnown() || key.isNull())
    fail("a known number index is required", path);
  const n = key.asNumber();
  if (!n.isInteger() || n.sign() < 0 || !n.isInt64() || n.toBigInt() > BigInt(Number.MAX_SAFE_INTEGER)) {
    fail(`invalid index ${n.text()}`, path);
  }
  return Number(n.toBigInt());
}

function mapKey(key: Value, path: Path): string {
  if (key.type.kind !== "string" || !key.isKnown() || key.isNull())
    fail("a known string key is required", path);
  return key.asString();
}

function step1(cur: Value, step: PathStep, path: Path): Value {
  const t = childType(cur.type, step, path);
  if (!cur.isKnown()) return unknownVal(t);
  if (cur.isNull()) return nullVal(t);
  if (step.kind === "attribute") return cur.getAttr(step.name);
  switch (cur.type.kind) {
    case "list":
    case "tuple":
      return cur.elements()[indexOf(step.key, path)] ?? nullVal(t);
    case "map":
      return cur.entries().get(mapKey(step.key, path)) ?? nullVal(t);
    default:
      return cur.elements().find((e) => rawEquals(e, step.key)) ?? nullVal(t);
  }
}

/**
 * The value at a path, tolerant of absence, as the Go framework's `GetAttribute` is.
 *
 * @remarks Stepping into a null value gives a null of the child's type, into an unknown an
 * unknown of it; a list index past the end, a missing map key or a set element not in the set
 * give a null. Set elements are addressed by the element value itself (`rawEquals`). Unlike
 * cty-values' `getPath` (go-cty `Path.Apply`), which fails on these, this suits provider code
 * reading optional parts of a plan or state ("Accessing State, Config, and Plan").
 * @throws `CtyError` (from `@tfkit/cty-values`) with code `"path"` when a step cannot apply to the type (no such
 * attribute, indexing a string, a non-number list index).
 * @category combinators
 */
export function getAttribute(value: Value, path: PathInput): Value {
  const p = toPath(path);
  let cur = value;
  p.forEach((step, i) => {
    cur = step1(cur, step, p.slice(0, i));
  });
  return cur;
}

function emptyOf(t: Type): Value {
  switch (t.kind) {
    case "object": {
      const attrs: Record<string, Value> = {};
      for (const [k, at] of Object.entries(t.attributeTypes)) attrs[k] = nullVal(at);
      return objectVal(attrs);
    }
    case "list":
      return listValEmpty(t.elementType);
    case "set":
      return setValEmpty(t.elementType);
    case "map":
      return mapValEmpty(t.elementType);
    default:
      return nullVal(t);
  }
}

function setAt(cur: Value, p: Path, i: number, replacement: Value): Value {
  const here = p.slice(0, i);
  const step = p[i];
  if (step === undefined) {
    const problems = testConformance(replacement.type, cur.type);
    if (problems.length > 0 && !replacement.isNull())
      fail(`the new value does not fit: ${problems[0]?.message}`, here);
    return replacement;
  }
  if (!cur.isKnown()) fail("cannot set a path inside an unknown value", here);
  const t = cur.type;
  const ct = childType(t, step, here);
  const base = cur.isNull() ? emptyOf(t) : cur;
  if (step.kind === "attribute") {
    const m = new Map(base.entries());
    m.set(step.name, setAt(m.get(step.name) ?? nullVal(ct), p, i + 1, replacement));
    return objectVal(m);
  }
  switch (t.kind) {
    case "list":
    case "tuple": {
      const els = base.isNull() ? [] : [...base.elements()];
      const idx = indexOf(step.key, here);
      if (idx > els.length || (t.kind === "tuple" && idx >= els.length))
        fail(`index ${idx} is out of range`, here);
      els[idx] = setAt(els[idx] ?? nullVal(ct), p, i + 1, replacement);
      return t.kind === "tuple" ? tupleVal(els) : els.length === 0 ? listValEmpty(ct) : listVal(els);
    }
    case "map": {
      const m = new Map(base.isNull() ? [] : base.entries());
      const k = mapKey(step.key, here);
      m.set(k, setAt(m.get(k) ?? nullVal(ct), p, i + 1, replacement));
      return mapVal(m);
    }
    default: {
      const els = [...base.elements()];
      const at = els.findIndex((e) => rawEquals(e, step.key));
      const next = setAt(at >= 0 ? (els[at] as Value) : nullVal(ct), p, i + 1, replacement);
      if (at >= 0) els[at] = next;
      else els.push(next);
      return setVal(els);
    }
  }
}

/**
 * A copy of `value` with the value at `path` replaced, creating absent parents, as the Go
 * framework's `SetAttribute` does.
 *
 * @remarks A null object on the way becomes an object of nulls, a null list/set/map an empty
 * one; a list index may point one past the end (append); a missing map key is added; a set step
 * replaces the element `rawEquals` to the key (or adds one) and the set is rebuilt in cty order.
 * The new value must conform to the type at the path (a typed null always does).
 * @throws `CtyError` (from `@tfkit/cty-values`) with code `"path"` when a step does not apply, the path goes inside an
 * unknown value, or the new value does not fit.
 * @category combinators
 */
export function setAttribute(value: Value, path: PathInput, newValue: Value): Value {
  return setAt(value, toPath(path), 0, newValue);
}
