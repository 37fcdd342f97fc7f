import { goQuote } from "@tfkit/cty-values";
import {
  attributeStep,
  type CtyNumber,
  equals,
  indexStep,
  length,
  nullVal,
  numberVal,
  type Path,
  type PathStep,
  type Type,
  unknownVal,
  unmark,
  type Value,
  valueGoString,
} from "@tfkit/cty-values";

// Defensive value access for the checks. Core's algorithms assume values that conform to the
// schema; tfkit's checks must survive anything a provider hands back (a map where a list
// belongs, a null where an object belongs) without throwing, so every accessor here falls back
// to a null (or unknown) of the expected type instead of raising.

/** @internal Appends a step, returning a new path (never mutates). */
export function child(path: Path, step: PathStep): Path {
  return [...path, step];
}

/** @internal `path` + `.name`. */
export function attrPath(path: Path, name: string): Path {
  return child(path, attributeStep(name));
}

/** @internal `path` + `[i]`. */
export function indexPath(path: Path, i: number): Path {
  return child(path, indexStep(numberVal(i)));
}

/**
 * @internal go-cty `GetAttr` made total: an unknown object yields an unknown attribute, a null
 * object (or anything that is not an object with that attribute) yields a null of `type`.
 */
export function getAttrOr(obj: Value, name: string, type: Type): Value {
  const o = obj.isMarked() ? unmark(obj)[0] : obj;
  if (o.type.kind !== "object" || !Object.hasOwn(o.type.attributeTypes, name)) return nullVal(type);
  const attrType = o.type.attributeTypes[name] as Type;
  if (!o.isKnown()) return unknownVal(attrType);
  if (o.isNull()) return nullVal(attrType);
  return o.getAttr(name);
}

/** @internal Elements of a known, non-null list, tuple or set; otherwise an empty array. */
export function elementsOf(v: Value): readonly Value[] {
  const [u] = unmark(v);
  const k = u.type.kind;
  if ((k === "list" || k === "tuple" || k === "set") && u.isKnown() && !u.isNull()) return u.elements();
  return [];
}

/** @internal Entries of a known, non-null map or object; otherwise an empty map. */
export function entriesOf(v: Value): ReadonlyMap<string, Value> {
  const [u] = unmark(v);
  const k = u.type.kind;
  if ((k === "map" || k === "object") && u.isKnown() && !u.isNull()) return u.entries();
  return new Map();
}

/** @internal go-cty `LengthInt` made total (0 for anything without a known length). */
export function lengthIntOf(v: Value): number {
  const [u] = unmark(v);
  const k = u.type.kind;
  if (!u.isKnown() || u.isNull()) return 0;
  if (k === "list" || k === "tuple" || k === "set" || k === "map" || k === "object") return u.lengthInt();
  return 0;
}

/** @internal go-cty `Length` made total: `undefined` when the value has no length. */
export function lengthOf(v: Value): Value | undefined {
  try {
    return length(v);
  } catch {
    return undefined;
  }
}

/** @internal `v.Equals(o).True()` from Go: a known `true`. */
export function equalsKnownTrue(a: Value, b: Value): boolean {
  try {
    const [r] = unmark(equals(a, b));
    return r.isKnown() && !r.isNull() && r.asBool();
  } catch {
    return false;
  }
}

/**
 * @internal The attributes of a known, non-null, unmarked object value, else undefined: the
 * checks' fast path for reading attributes (what `getAttrOr` gives for such an object).
 */
// Stryker disable next-line all: equivalent by design, a fast path; getAttrOr reads the same values.
export function knownObjectEntries(v: Value): ReadonlyMap<string, Value> | undefined {
  // Stryker disable next-line all: equivalent by design (see above).
  return v.type.kind === "object" && !v.isMarked() && v.isKnown() && !v.isNull() ? v.entries() : undefined;
}

/** @internal Whether the value carries `mark` anywhere (on itself or a nested value). */
export function hasMarkDeep(v: Value, mark: string): boolean {
  if (v.hasMark(mark)) return true;
  // Straight down the payload: no paths, no visitor (this runs for every changed attribute).
  if (!v.isKnown() || v.isNull()) return false;
  const k = v.type.kind;
  if (k === "list" || k === "set" || k === "tuple") {
    for (const e of v.elements()) if (hasMarkDeep(e, mark)) return true;
  } else if (k === "map" || k === "object") {
    for (const e of v.entries().values()) if (hasMarkDeep(e, mark)) return true;
  }
  return false;
}

/** @internal Terraform's `indexStrForErrors`: numbers as `Text('f', -1)`, strings Go-quoted. */
export function indexStrForErrors(key: Value): string {
  if (key.type.kind === "number" && key.isKnown() && !key.isNull())
    return (key.asNumber() as CtyNumber).text();
  if (key.type.kind === "string" && key.isKnown() && !key.isNull()) return goQuote(key.asString());
  return String(key);
}

/** @internal Go's `%#v` of a `cty.Path`. */
export function pathGoString(p: Path): string {
  if (p.length === 0) return "cty.Path(nil)";
  const steps = p.map((s) =>
    s.kind === "attribute"
      ? `cty.GetAttrStep{Name:${goQuote(s.name)}}`
      : `cty.IndexStep{Key:${valueGoString(s.key)}}`,
  );
  return `cty.Path{${steps.join(", ")}}`;
}
