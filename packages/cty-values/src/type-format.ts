import { goQuote } from "./internal/go-quote.js";
import type { CtyNumber } from "./number.js";
import type { Path } from "./path.js";
import { compareUtf8, type Type } from "./type.js";
import { type NumberBound, type Refinement, Value } from "./value.js";

/**
 * The English name go-cty uses for a type in error messages (go-cty `Type.FriendlyName`).
 *
 * @remarks `string`, `number`, `bool`, `list of string`, `set of map of number`, `object`,
 * `tuple`, and `dynamic` for the dynamic pseudo-type.
 * @category encoding
 */
export function friendlyName(t: Type): string {
  return name(t, false);
}

/**
 * The name go-cty uses for a type *constraint* (go-cty `Type.FriendlyNameForConstraint`).
 *
 * @remarks Like {@link friendlyName}, except the dynamic pseudo-type is `any type`, and a
 * collection of it is `list of any single type` (likewise for sets and maps).
 * @category encoding
 */
export function friendlyNameForConstraint(t: Type): string {
  return name(t, true);
}

function name(t: Type, constraint: boolean): string {
  switch (t.kind) {
    case "string":
    case "number":
    case "bool":
      return t.kind;
    case "dynamic":
      return constraint ? "any type" : "dynamic";
    case "object":
    case "tuple":
      return t.kind;
    case "list":
    case "set":
    case "map": {
      const elem =
        constraint && t.elementType.kind === "dynamic" ? "any single type" : name(t.elementType, constraint);
      return `${t.kind} of ${elem}`;
    }
  }
}

/**
 * The Go-syntax rendering of a type (go-cty `Type.GoString`, Go `%#v`).
 *
 * @example
 * ```ts
 * typeGoString(objectType({ b: boolType, a: listType(stringType) }))
 * // 'cty.Object(map[string]cty.Type{"a":cty.List(cty.String), "b":cty.Bool})'
 * ```
 * @category encoding
 */
export function typeGoString(t: Type): string {
  switch (t.kind) {
    case "string":
      return "cty.String";
    case "number":
      return "cty.Number";
    case "bool":
      return "cty.Bool";
    case "dynamic":
      return "cty.DynamicPseudoType";
    case "list":
      return `cty.List(${typeGoString(t.elementType)})`;
    case "set":
      return `cty.Set(${typeGoString(t.elementType)})`;
    case "map":
      return `cty.Map(${typeGoString(t.elementType)})`;
    case "tuple":
      if (t.elementTypes.length === 0) return "cty.EmptyTuple";
      return `cty.Tuple([]cty.Type{${t.elementTypes.map(typeGoString).join(", ")}})`;
    case "object": {
      const names = Object.keys(t.attributeTypes).sort(compareUtf8);
      if (names.length === 0) return "cty.EmptyObject";
      const attrs = `map[string]cty.Type{${names.map((n) => `${goQuote(n)}:${typeGoString(t.attributeTypes[n] as Type)}`).join(", ")}}`;
      if (t.optional.size > 0) {
        const opt = [...t.optional].sort(compareUtf8).map(goQuote).join(", ");
        return `cty.ObjectWithOptionalAttrs(${attrs}, []string{${opt}})`;
      }
      return `cty.Object(${attrs})`;
    }
  }
}

/**
 * The Go-syntax rendering of a value (go-cty `Value.GoString`, Go `%#v`), as embedded in
 * Terraform's contract error messages.
 *
 * @remarks
 * - `cty.StringVal("a\"b\n")`, `cty.True`, `cty.False`, `cty.NullVal(cty.String)`,
 *   `cty.DynamicVal`, `cty.UnknownVal(cty.String)`;
 * - refined unknowns: `….RefineNotNull()` when only not-null is known, otherwise
 *   `….Refine().NotNull().StringPrefixFull("a").NewValue()` and so on;
 * - numbers: integers `cty.NumberIntVal(21)` (Go `%v` of the big float: `1e+06`), other values
 *   exact as float64 `cty.NumberFloatVal(1.5)`, anything else `cty.MustParseNumberVal("0.1")`;
 * - collections: `cty.ListVal([]cty.Value{…})`, `cty.ListValEmpty(cty.String)`, sets in
 *   iteration order, `cty.MapVal(map[string]cty.Value{"a":cty.False, "b":cty.True})` with sorted
 *   keys, `cty.ObjectVal(…)`, `cty.TupleVal(…)`, `cty.EmptyObjectVal`, `cty.EmptyTupleVal`;
 * - marks: `cty.StringVal("secret").Mark("sensitive")`, or
 *   `.WithMarks(cty.NewValueMarks("a", "b"))` for several (sorted; go-cty's order varies).
 * @category encoding
 */
export function valueGoString(v: Value): string {
  if (v.marks.size > 0) {
    const marks = [...v.marks].sort(compareUtf8);
    const inner = valueGoString(unmarked(v));
    if (marks.length === 1) return `${inner}.Mark(${goQuote(marks[0] as string)})`;
    return `${inner}.WithMarks(cty.NewValueMarks(${marks.map(goQuote).join(", ")}))`;
  }
  const t = v.type;
  if (v.isNull()) return `cty.NullVal(${typeGoString(t)})`;
  if (!v.isKnown()) {
    if (t.kind === "dynamic") return "cty.DynamicVal";
    return `cty.UnknownVal(${typeGoString(t)})${refinementSuffix(t, v.refinement)}`;
  }
  const p = v.payload;
  switch (t.kind) {
    case "bool":
      return p === true ? "cty.True" : "cty.False";
    case "number":
      return numberGoString(p as CtyNumber);
    case "string":
      return `cty.StringVal(${goQuote(p as string)})`;
    case "set":
    case "list": {
      const els = p as readonly Value[];
      const ctor = t.kind === "set" ? "Set" : "List";
      if (els.length === 0) return `cty.${ctor}ValEmpty(${typeGoString(t.elementType)})`;
      return `cty.${ctor}Val(${valueSlice(els)})`;
    }
    case "map": {
      const m = p as ReadonlyMap<string, Value>;
      if (m.size === 0) return `cty.MapValEmpty(${typeGoString(t.elementType)})`;
      return `cty.MapVal(${valueMap(m)})`;
    }
    case "tuple": {
      const els = p as readonly Value[];
      if (els.length === 0) return "cty.EmptyTupleVal";
      return `cty.TupleVal(${valueSlice(els)})`;
    }
    case "object": {
      const m = p as ReadonlyMap<string, Value>;
      if (m.size === 0) return "cty.EmptyObjectVal";
      return `cty.ObjectVal(${valueMap(m)})`;
    }
    case "dynamic":
      return "cty.DynamicVal";
  }
}

function unmarked(v: Value): Value {
  return new Value(v.type, v.payload);
}

function valueSlice(els: readonly Value[]): string {
  return `[]cty.Value{${els.map(valueGoString).join(", ")}}`;
}

function valueMap(m: ReadonlyMap<string, Value>): string {
  const keys = [...m.keys()].sort(compareUtf8);
  return `map[string]cty.Value{${keys.map((k) => `${goQuote(k)}:${valueGoString(m.get(k) as Value)}`).join(", ")}}`;
}

/** @internal go-cty number GoString: NumberIntVal / NumberFloatVal / MustParseNumberVal. */
export function numberGoString(n: CtyNumber): string {
  if (n.isInteger()) return `cty.NumberIntVal(${n.formatV()})`;
  if (n.isExactFloat64()) return `cty.NumberFloatVal(${goFloat64V(n.toFloat64())})`;
  return `cty.MustParseNumberVal(${goQuote(n.text())})`;
}

/** @internal Go `%v` of a float64: shortest digits, `%e` form when the decimal exponent is < -4 or >= 6. */
export function goFloat64V(x: number): string {
  if (x === Number.POSITIVE_INFINITY) return "+Inf";
  if (x === Number.NEGATIVE_INFINITY) return "-Inf";
  if (Number.isNaN(x)) return "NaN";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const neg = x < 0;
  // toExponential() without an argument gives the shortest round-tripping digits.
  const [mant, expText] = Math.abs(x).toExponential().split("e") as [string, string];
  const digits = mant.replace(".", "");
  const exp = Number(expText);
  let body: string;
  if (exp < -4 || exp >= 6) {
    const frac = digits.slice(1);
    const e = Math.abs(exp).toString().padStart(2, "0");
    body = `${digits[0]}${frac.length > 0 ? `.${frac}` : ""}e${exp < 0 ? "-" : "+"}${e}`;
  } else if (exp < 0) {
    body = `0.${"0".repeat(-exp - 1)}${digits}`;
  } else if (digits.length <= exp + 1) {
    body = digits + "0".repeat(exp + 1 - digits.length);
  } else {
    body = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  }
  return neg ? `-${body}` : body;
}

function refinementSuffix(t: Type, r: Refinement | undefined): string {
  if (r === undefined) return "";
  let calls = "";
  if (r.notNull === true) calls += ".NotNull()";
  switch (t.kind) {
    case "string":
      if (r.stringPrefix !== undefined && r.stringPrefix !== "")
        calls += `.StringPrefixFull(${goQuote(r.stringPrefix)})`;
      break;
    case "number":
      if (r.numberLowerBound !== undefined)
        calls += `.NumberLowerBound(${boundGoString(r.numberLowerBound)})`;
      if (r.numberUpperBound !== undefined)
        calls += `.NumberUpperBound(${boundGoString(r.numberUpperBound)})`;
      break;
    case "list":
    case "set":
    case "map":
      if (r.lengthLowerBound !== undefined && r.lengthLowerBound !== 0) {
        calls += `.CollectionLengthLowerBound(${r.lengthLowerBound})`;
      }
      if (r.lengthUpperBound !== undefined && r.lengthUpperBound !== Number.POSITIVE_INFINITY) {
        calls += `.CollectionLengthUpperBound(${r.lengthUpperBound})`;
      }
      break;
    default:
      break;
  }
  if (calls === ".NotNull()") return ".RefineNotNull()";
  return `.Refine()${calls}.NewValue()`;
}

function boundGoString(b: NumberBound): string {
  return `${numberGoString(b.value)}, ${b.inclusive}`;
}

/**
 * A Go-syntax rendering of a path, for debugging and test failure messages.
 * @example
 * ```ts
 * pathToString([attributeStep("a"), indexStep(numberVal(0))]) // 'cty.GetAttrPath("a").Index(cty.NumberIntVal(0))'
 * ```
 * @category encoding
 */
export function pathToString(path: Path): string {
  if (path.length === 0) return "cty.Path{}";
  let out = "";
  path.forEach((step, i) => {
    if (step.kind === "attribute")
      out += i === 0 ? `cty.GetAttrPath(${goQuote(step.name)})` : `.GetAttr(${goQuote(step.name)})`;
    else out += i === 0 ? `cty.IndexPath(${valueGoString(step.key)})` : `.Index(${valueGoString(step.key)})`;
  });
  return out;
}
