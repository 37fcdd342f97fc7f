import { rawEquals } from "./equality.js";
import { CtyError } from "./errors.js";
import { goQuote } from "./internal/go-quote.js";
import { withMarks } from "./internal/marks.js";
import type { CtyNumber } from "./number.js";
import type { Path, PathStep } from "./path.js";
import { hasElement, setVal } from "./set.js";
import {
  DynamicVal,
  listVal,
  mapVal,
  nullVal,
  objectVal,
  tupleVal,
  unknownVal,
  unmark,
  type Value,
} from "./value.js";

// Following a path through a value (go-cty `Path.Apply`, `Path.Equals`): these need equality and
// sets, which sit above the path model in path.ts.

/**
 * Reports whether two paths are the same (go-cty `Path.Equals`): same steps, attribute names equal,
 * index keys `rawEquals`.
 * @category guards
 */
export function pathEquals(a: Path, b: Path): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as PathStep;
    const y = b[i] as PathStep;
    if (x.kind === "attribute") {
      if (y.kind !== "attribute" || x.name !== y.name) return false;
    } else if (y.kind !== "index" || !rawEquals(x.key, y.key)) return false;
  }
  return true;
}

/**
 * The value at a path (go-cty `Path.Apply`, v1.18).
 *
 * @remarks Follows go-cty: a null value cannot be stepped into (`cannot index a null value`,
 * `cannot access attributes on a null value`); a set step's key is the element itself
 * (`set does not contain the requested element`; unknown when the set may hold it); a number key
 * indexes a list or tuple (`not a list type`), a string key a map (`not a map type`), other keys
 * fail (`key value not number or string`); a missing index or key fails (`value does not have
 * given index key`); an unknown list/map or an unknown key yields an unknown of the element type;
 * an attribute step needs an object (`not an object type`) with that attribute (`object has no
 * attribute "x"`), and on an unknown object yields an unknown of the attribute's type. Marks on
 * containers and keys carry over to the result. Errors read `at step <i>: <reason>`. Where go-cty
 * panics (an unknown key into a tuple) the result is `DynamicVal`.
 * @throws {@link CtyError} with code `"path"`.
 * @category combinators
 */
export function getPath(v: Value, path: Path): Value {
  let cur = v;
  path.forEach((step, i) => {
    try {
      cur = applyStep(cur, step);
    } catch (e) {
      const reason = e instanceof CtyError ? e.rawMessage : String(e);
      throw new CtyError("path", `at step ${i}: ${reason}`, { cause: e });
    }
  });
  return cur;
}

function stepError(message: string): CtyError {
  return new CtyError("path", message);
}

function applyStep(v: Value, step: PathStep): Value {
  if (v.isNull()) {
    throw stepError(
      step.kind === "attribute" ? "cannot access attributes on a null value" : "cannot index a null value",
    );
  }
  const [val, marks] = unmark(v);
  const t = val.type;
  if (step.kind === "attribute") {
    if (t.kind !== "object") throw stepError("not an object type");
    const name = step.name.normalize("NFC");
    const attrType = t.attributeTypes[name];
    if (attrType === undefined || !Object.hasOwn(t.attributeTypes, name)) {
      throw stepError(`object has no attribute ${goQuote(step.name)}`);
    }
    if (!val.isKnown()) return withMarks(unknownVal(attrType), marks);
    return withMarks((val.payload as ReadonlyMap<string, Value>).get(name) as Value, marks);
  }
  const [key, keyMarks] = unmark(step.key);
  if (t.kind === "set") {
    // A set element is its own key: the step yields the element when the set holds it.
    const present = hasElement(val, key);
    if (!present.isKnown()) return withMarks(unknownVal(t.elementType), marks, keyMarks);
    if (present.payload !== true) throw stepError("set does not contain the requested element");
    return withMarks(key, marks, keyMarks);
  }
  const keyKind = key.type.kind;
  if (keyKind === "number") {
    if (t.kind !== "list" && t.kind !== "tuple") throw stepError("not a list type");
  } else if (keyKind === "string") {
    if (t.kind !== "map") throw stepError("not a map type");
  } else {
    throw stepError("key value not number or string");
  }
  if (t.kind === "tuple") {
    // go-cty HasIndex on a tuple only needs a known key; an unknown tuple yields an unknown element.
    if (!key.isKnown()) return DynamicVal; // go-cty panics here (tuples have no single element type)
    const idx = key.isNull() ? undefined : listIndex(key);
    const elementType = idx === undefined ? undefined : t.elementTypes[idx];
    if (idx === undefined || elementType === undefined)
      throw stepError("value does not have given index key");
    if (!val.isKnown()) return withMarks(unknownVal(elementType), marks, keyMarks);
    return withMarks((val.payload as readonly Value[])[idx] as Value, marks, keyMarks);
  }
  // go-cty HasIndex is unknown for an unknown key or collection: the result is a plain unknown.
  if (!key.isKnown() || !val.isKnown()) return unknownVal(t.elementType);
  if (key.isNull()) throw stepError("value does not have given index key");
  if (t.kind === "list") {
    const idx = listIndex(key);
    const els = val.payload as readonly Value[];
    if (idx === undefined || idx >= els.length) throw stepError("value does not have given index key");
    return withMarks(els[idx] as Value, marks, keyMarks);
  }
  const found = (val.payload as ReadonlyMap<string, Value>).get(key.payload as string);
  if (found === undefined) throw stepError("value does not have given index key");
  return withMarks(found, marks, keyMarks);
}

/** A known number key as a non-negative safe integer index, or undefined. */
function listIndex(key: Value): number | undefined {
  const n = key.payload as CtyNumber;
  if (!n.isInteger() || n.sign() < 0 || !n.isInt64()) return undefined;
  const b = n.toBigInt();
  return b > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(b);
}

/**
 * Replaces the value at a path with `fn(old)`, returning the new root (values are immutable).
 *
 * @remarks Attribute steps need a known object with that attribute. Index steps work on known
 * lists and tuples (existing integer index), maps (existing key, or a new key as the last step,
 * where `fn` receives a null of the element type) and sets (the
 * element `rawEquals` to the key; the rebuilt set is deduplicated and re-ordered). Marks on every
 * container along the path are kept. Element types must stay consistent for lists, maps and sets.
 * @example
 * ```ts
 * applyPath(obj, [attributeStep("tags"), indexStep(stringVal("env"))], () => stringVal("prod"))
 * ```
 * @throws {@link CtyError} with code `"path"` when a step does not apply (unknown or null
 * container, missing attribute or index), or `"invalid_value"` when the new element type does
 * not fit the collection.
 * @category combinators
 */
export function applyPath(v: Value, path: Path, fn: (old: Value) => Value): Value {
  return applyAt(v, path, 0, fn);
}

/**
 * Replaces the value at a path, returning the new root. Same rules as {@link applyPath}.
 * @throws {@link CtyError} as {@link applyPath} does.
 * @category combinators
 */
export function setPath(v: Value, path: Path, replacement: Value): Value {
  return applyAt(v, path, 0, () => replacement);
}

function applyAt(v: Value, path: Path, i: number, fn: (old: Value) => Value): Value {
  const step = path[i];
  if (step === undefined) return fn(v);
  const fail = (message: string): CtyError => new CtyError("path", message, { path: path.slice(0, i) });
  const [val, marks] = unmark(v);
  if (!val.isKnown()) throw fail("cannot apply a path step to an unknown value");
  if (val.isNull()) throw fail("cannot apply a path step to a null value");
  const t = val.type;
  if (step.kind === "attribute") {
    if (t.kind !== "object") throw fail("not an object type");
    const name = step.name.normalize("NFC");
    const m = val.payload as ReadonlyMap<string, Value>;
    const old = m.get(name);
    if (old === undefined) throw fail(`object has no attribute ${goQuote(step.name)}`);
    const next = new Map(m);
    next.set(name, applyAt(old, path, i + 1, fn));
    return withMarks(objectVal(next), marks);
  }
  const key = unmark(step.key)[0];
  switch (t.kind) {
    case "list":
    case "tuple": {
      if (key.type.kind !== "number" || !key.isKnown() || key.isNull()) throw fail(`not a ${t.kind} index`);
      const els = val.payload as readonly Value[];
      const idx = listIndex(key);
      if (idx === undefined || idx >= els.length) throw fail("value does not have given index key");
      const next = [...els];
      next[idx] = applyAt(els[idx] as Value, path, i + 1, fn);
      return withMarks(t.kind === "list" ? listVal(next) : tupleVal(next), marks);
    }
    case "map": {
      if (key.type.kind !== "string" || !key.isKnown() || key.isNull()) throw fail("not a map key");
      const m = val.payload as ReadonlyMap<string, Value>;
      const k = (key.payload as string).normalize("NFC");
      const old = m.get(k);
      const next = new Map(m);
      if (old === undefined) {
        if (i + 1 !== path.length) throw fail("value does not have given index key");
        next.set(k, fn(nullVal(t.elementType)));
      } else {
        next.set(k, applyAt(old, path, i + 1, fn));
      }
      return withMarks(mapVal(next), marks);
    }
    case "set": {
      const els = val.payload as readonly Value[];
      const at = els.findIndex((e) => rawEquals(e, key));
      if (at < 0) throw fail("value does not have given index key");
      const next = [...els];
      next[at] = applyAt(els[at] as Value, path, i + 1, fn);
      return withMarks(setVal(next), marks);
    }
    default:
      throw fail("not a collection or tuple type");
  }
}
