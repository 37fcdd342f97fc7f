/**
 * Rebuilds the conformance vectors' type, value and number descriptions with cty-values
 * constructors, and describes cty-values results in the same form so a vector's expectation can be
 * compared with `toEqual` (a readable diff, stricter than RawEquals: precision, set order and
 * refinements must match go-cty's exactly).
 */
import type {
  ErrorDesc,
  NumberDesc,
  NumberRecipe,
  RefinementDesc,
  TypeJson,
  ValueDesc,
} from "@tfkit/conformance";
import { expect } from "vitest";
import { isCtyError } from "../src/errors.js";
import { CtyNumber } from "../src/number.js";
import {
  boolType,
  dynamicType,
  listType,
  mapType,
  numberType,
  objectType,
  setType,
  stringType,
  tupleType,
  type Type,
} from "../src/type.js";
import { setVal } from "../src/set.js";
import {
  boolVal,
  DynamicVal,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  mark,
  nullVal,
  numberVal,
  objectVal,
  type Refinement,
  refinedUnknownVal,
  setValEmpty,
  stringVal,
  tupleVal,
  unknownVal,
  unmark,
  type Value,
} from "../src/value.js";

// --- types

/** Builds a type from go-cty type JSON (already parsed), without the codec under test. */
export function buildType(tj: TypeJson): Type {
  if (typeof tj === "string") {
    switch (tj) {
      case "string":
        return stringType;
      case "number":
        return numberType;
      case "bool":
        return boolType;
      case "dynamic":
        return dynamicType;
    }
    throw new Error(`unknown primitive type ${tj}`);
  }
  const [kind, arg, optional] = tj as readonly [string, unknown, unknown];
  switch (kind) {
    case "list":
      return listType(buildType(arg as TypeJson));
    case "set":
      return setType(buildType(arg as TypeJson));
    case "map":
      return mapType(buildType(arg as TypeJson));
    case "tuple":
      return tupleType((arg as TypeJson[]).map(buildType));
    case "object": {
      const attrs: Record<string, Type> = {};
      for (const [k, t] of Object.entries(arg as Record<string, TypeJson>)) attrs[k] = buildType(t);
      return objectType(attrs, (optional as string[] | undefined) ?? []);
    }
  }
  throw new Error(`unknown type kind ${kind}`);
}

/** Describes a type as go-cty type JSON (parsed form), for comparisons. */
export function typeToTj(t: Type): TypeJson {
  switch (t.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return t.kind;
    case "list":
    case "set":
    case "map":
      return [t.kind, typeToTj(t.elementType)];
    case "tuple":
      return ["tuple", t.elementTypes.map(typeToTj)];
    case "object": {
      const attrs: Record<string, TypeJson> = {};
      for (const [k, a] of Object.entries(t.attributeTypes)) attrs[k] = typeToTj(a);
      return t.optional.size > 0 ? ["object", attrs, [...t.optional]] : ["object", attrs];
    }
  }
}

// --- numbers

/** Builds a number from its precision and canonical text. */
export function buildNumber(n: NumberDesc): CtyNumber {
  if (n.s === "+Inf") return CtyNumber.positiveInfinity;
  if (n.s === "-Inf") return CtyNumber.negativeInfinity;
  switch (n.p) {
    case 512:
      return CtyNumber.parse(n.s);
    case 53:
      return CtyNumber.fromFloat64(Number(n.s));
    case 64:
      return CtyNumber.fromInt(BigInt(n.s));
  }
  throw new Error(`cannot build a ${n.p}-bit number`);
}

function float64FromText(s: string): number {
  if (s === "+Inf") return Number.POSITIVE_INFINITY;
  if (s === "-Inf") return Number.NEGATIVE_INFINITY;
  return Number(s);
}

/** Builds a number from a recipe, with the same steps go-cty took. */
export function buildRecipe(r: NumberRecipe): CtyNumber {
  if ("parse" in r) return CtyNumber.parse(r.parse);
  if ("int" in r) return CtyNumber.fromInt(BigInt(r.int));
  if ("uint" in r) return CtyNumber.fromInt(BigInt(r.uint));
  if ("float64" in r) return CtyNumber.fromFloat64(float64FromText(r.float64));
  if ("add" in r) return buildRecipe(r.add[0]).add(buildRecipe(r.add[1]));
  if ("subtract" in r) return buildRecipe(r.subtract[0]).subtract(buildRecipe(r.subtract[1]));
  if ("multiply" in r) return buildRecipe(r.multiply[0]).multiply(buildRecipe(r.multiply[1]));
  if ("divide" in r) return buildRecipe(r.divide[0]).divide(buildRecipe(r.divide[1]));
  return buildRecipe(r.negate).negate();
}

/** Describes a number; infinities carry no precision (go-cty's is incidental). */
export function numberToDesc(n: CtyNumber): NumberDesc | { s: string } {
  if (n.isInfinite()) return { s: n.sign() > 0 ? "+Inf" : "-Inf" };
  return { p: n.precision, s: n.text() };
}

// --- values

function buildRefinement(r: RefinementDesc): Refinement {
  const out: {
    -readonly [K in keyof Refinement]: Refinement[K];
  } = {};
  if (r.notNull) out.notNull = true;
  if (r.prefix !== undefined) out.stringPrefix = r.prefix;
  if (r.lower) out.numberLowerBound = { value: buildNumber(r.lower.n), inclusive: r.lower.inclusive };
  if (r.upper) out.numberUpperBound = { value: buildNumber(r.upper.n), inclusive: r.upper.inclusive };
  if (r.lenLower !== undefined) out.lengthLowerBound = r.lenLower;
  if (r.lenUpper !== undefined) out.lengthUpperBound = r.lenUpper;
  return out;
}

/** Builds a value from its description, with the cty-values constructors. */
export function buildValue(d: ValueDesc): Value {
  const t = buildType(d.t);
  let v: Value;
  if (d.unknown) {
    if (d.refine) v = refinedUnknownVal(t, buildRefinement(d.refine));
    else v = t.kind === "dynamic" ? DynamicVal : unknownVal(t);
  } else if (d.null) {
    v = nullVal(t);
  } else {
    v = buildKnown(t, d.v);
  }
  return d.marks && d.marks.length > 0 ? mark(v, ...d.marks) : v;
}

function buildKnown(t: Type, raw: ValueDesc["v"]): Value {
  switch (t.kind) {
    case "string":
      return stringVal(raw as string);
    case "bool":
      return boolVal(raw as boolean);
    case "number":
      return numberVal(buildNumber(raw as NumberDesc));
    case "list": {
      const items = (raw as ValueDesc[]).map(buildValue);
      return items.length > 0 ? listVal(items) : listValEmpty(t.elementType);
    }
    case "set": {
      const items = (raw as ValueDesc[]).map(buildValue);
      return items.length > 0 ? setVal(items) : setValEmpty(t.elementType);
    }
    case "tuple":
      return tupleVal((raw as ValueDesc[]).map(buildValue));
    case "map": {
      const entries = Object.entries(raw as Record<string, ValueDesc>);
      if (entries.length === 0) return mapValEmpty(t.elementType);
      return mapVal(new Map(entries.map(([k, e]) => [k, buildValue(e)])));
    }
    case "object":
      return objectVal(
        new Map(Object.entries(raw as Record<string, ValueDesc>).map(([k, e]) => [k, buildValue(e)])),
      );
    case "dynamic":
      throw new Error("a known value cannot have the dynamic type");
  }
}

function refinementToDesc(r: Refinement): RefinementDesc {
  const out: { -readonly [K in keyof RefinementDesc]: RefinementDesc[K] } = {};
  if (r.notNull) out.notNull = true;
  if (r.stringPrefix !== undefined && r.stringPrefix !== "") out.prefix = r.stringPrefix;
  if (r.numberLowerBound) {
    out.lower = {
      n: numberToDesc(r.numberLowerBound.value) as NumberDesc,
      inclusive: r.numberLowerBound.inclusive,
    };
  }
  if (r.numberUpperBound) {
    out.upper = {
      n: numberToDesc(r.numberUpperBound.value) as NumberDesc,
      inclusive: r.numberUpperBound.inclusive,
    };
  }
  if (r.lengthLowerBound !== undefined && r.lengthLowerBound > 0) out.lenLower = r.lengthLowerBound;
  if (r.lengthUpperBound !== undefined && Number.isSafeInteger(r.lengthUpperBound))
    out.lenUpper = r.lengthUpperBound;
  return out;
}

/** Describes a cty-values value in the vector form. */
export function valueToDesc(v: Value): ValueDesc {
  const [u, marks] = unmark(v);
  const t = typeToTj(u.type);
  let d: { -readonly [K in keyof ValueDesc]: ValueDesc[K] };
  if (!u.isKnown()) {
    d = { t, unknown: true };
    const r = u.refinement;
    if (r !== undefined) d.refine = refinementToDesc(r);
  } else if (u.isNull()) {
    d = { t, null: true };
  } else {
    switch (u.type.kind) {
      case "string":
        d = { t, v: u.asString() };
        break;
      case "bool":
        d = { t, v: u.asBool() };
        break;
      case "number":
        d = { t, v: numberToDesc(u.asNumber()) as NumberDesc };
        break;
      case "list":
      case "set":
      case "tuple":
        d = { t, v: u.elements().map(valueToDesc) };
        break;
      default: {
        const obj: Record<string, ValueDesc> = {};
        for (const [k, e] of u.entries()) obj[k] = valueToDesc(e);
        d = { t, v: obj };
      }
    }
  }
  if (marks.size > 0) d.marks = [...marks].sort();
  return d;
}

/** The expected description in the form {@link valueToDesc} produces (infinities lose precision). */
export function normalizeDesc(d: ValueDesc): ValueDesc {
  const out: { -readonly [K in keyof ValueDesc]: ValueDesc[K] } = { ...d };
  if (d.refine) {
    const r = { ...d.refine };
    if (r.lower) r.lower = { ...r.lower, n: normalizeNumber(r.lower.n) as NumberDesc };
    if (r.upper) r.upper = { ...r.upper, n: normalizeNumber(r.upper.n) as NumberDesc };
    out.refine = r;
  }
  if (d.v !== undefined && typeof d.v === "object") {
    if (Array.isArray(d.v)) out.v = (d.v as ValueDesc[]).map(normalizeDesc);
    else if (d.t === "number") out.v = normalizeNumber(d.v as NumberDesc) as NumberDesc;
    else {
      const obj: Record<string, ValueDesc> = {};
      for (const [k, e] of Object.entries(d.v as Record<string, ValueDesc>)) obj[k] = normalizeDesc(e);
      out.v = obj;
    }
  }
  return out;
}

function normalizeNumber(n: NumberDesc): NumberDesc | { s: string } {
  return n.s === "+Inf" || n.s === "-Inf" ? { s: n.s } : n;
}

// --- bytes and errors

/** Lowercase hex of bytes. */
export function toHex(b: Uint8Array): string {
  let s = "";
  for (const byte of b) s += byte.toString(16).padStart(2, "0");
  return s;
}

/** Bytes of a hex string. */
export function fromHex(h: string): Uint8Array {
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * Asserts that `run` throws a CtyError matching the vector's error: the exact message (with the
 * Terraform-rendered path prefix) when go-cty's words are reproducible, otherwise only the path.
 */
export function expectCtyError(run: () => unknown, e: ErrorDesc): void {
  let thrown: unknown;
  let result: unknown;
  try {
    result = run();
  } catch (err) {
    thrown = err;
  }
  if (thrown === undefined) {
    throw new Error(`expected an error (${e.message ?? "any"}), got a result: ${String(result)}`);
  }
  expect(isCtyError(thrown), `expected a CtyError, got ${String(thrown)}`).toBe(true);
  const message = (thrown as Error).message;
  if (e.message !== null && e.exact) {
    expect(message).toBe(e.path === "" ? e.message : `${e.path}: ${e.message}`);
  } else if (e.path !== "") {
    expect(message.startsWith(`${e.path}: `), `"${message}" should start with "${e.path}: "`).toBe(true);
  }
}
