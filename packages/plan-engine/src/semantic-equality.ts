import type { Value } from "@tfkit/cty-values";
import { rawEquals, replaceAttributes, setHashString, setVal } from "@tfkit/cty-values";
import {
  type AnyAttributeSpec,
  type BlockSpec,
  isSemanticType,
  type SchemaBody,
  type TypeSpec,
} from "@tfkit/schema";
import { findCounterpart } from "./internal/correlate.js";
import { mapElements } from "./internal/transform-body.js";

/**
 * Options of {@link semanticEquality}.
 * @category models
 */
export interface SemanticEqualityOptions {
  /**
   * Plan mode: an attribute that is not a nested attribute keeps its prior value only as a
   * whole, never partly (a list with one element kept and another changed). Terraform checks a
   * planned attribute value against the configured and the prior one as a whole, so a partly
   * kept value would be an invalid plan. Nested attributes and blocks are checked per attribute
   * inside, so they may be kept partly either way. Default `false` (what read and apply results
   * need).
   */
  readonly wholeAttributes?: boolean;
}

/**
 * Keeps earlier values where the new ones are semantically equal to them, for every attribute
 * (or collection element, object attribute, nested attribute, block) of a semantic type
 * (`SemanticType` of `@tfkit/schema`).
 *
 * @remarks The Go framework's `SchemaSemanticEquality` / `ValueSemanticEquality`: nothing
 * happens where either value is null or unknown; otherwise a semantic type's value becomes the
 * earlier one when its `semantic.valuesEqual` says they mean the same. Lists and tuples pair
 * elements by index (in `keyBy` collections too: Terraform checks a plan against the prior
 * element at the same index, so only that one may be kept), maps by key, objects by attribute
 * name; a set element takes the first unused earlier element it is semantically equal to (as
 * Go's `ValueSemanticEqualitySetElements`), unless that would merge two elements. The planner
 * runs it on the proposed new state against the prior state with
 * {@link SemanticEqualityOptions.wholeAttributes} (so `"{\"a\": 1}"` then `"{ \"a\":1 }"`
 * plans no change, which Terraform accepts because the prior value is kept); a provider runs it
 * on what read returns against the current state, and on what create and update return against
 * the planned state, as the Go framework does. Returns `proposed` itself when nothing changes,
 * and at once when the schema has no semantic type.
 * @example
 * ```ts
 * const newState = semanticEquality(schema, currentState, readResult);
 * ```
 * @category combinators
 */
export function semanticEquality(
  schema: SchemaBody,
  prior: Value,
  proposed: Value,
  options: SemanticEqualityOptions = {},
): Value {
  if (!bodyHolds(schema)) return proposed;
  return body(schema, prior, proposed, options.wholeAttributes === true);
}

const holding = new WeakMap<object, boolean>();

function cached(key: object, compute: () => boolean): boolean {
  let h = holding.get(key);
  if (h === undefined) {
    h = compute();
    holding.set(key, h);
  }
  return h;
}

function typeHolds(spec: TypeSpec): boolean {
  return cached(spec, () => {
    if (isSemanticType(spec)) return true;
    if (spec.element !== undefined) return typeHolds(spec.element);
    if (spec.attributes !== undefined) return Object.values(spec.attributes).some(typeHolds);
    if (spec.elements !== undefined) return spec.elements.some(typeHolds);
    return false;
  });
}

function attributeHolds(spec: AnyAttributeSpec): boolean {
  if (spec.kind === "attribute") return typeHolds(spec.valueType);
  return cached(spec, () => Object.values(spec.attributes).some(attributeHolds));
}

function bodyHolds(b: SchemaBody): boolean {
  return cached(
    b,
    () => Object.values(b.attributes).some(attributeHolds) || Object.values(b.blocks).some(bodyHolds),
  );
}

/** The attributes and blocks of a body that hold a semantic type, listed once per body. */
interface Holders {
  readonly attributes: readonly (readonly [string, AnyAttributeSpec])[];
  readonly blocks: readonly (readonly [string, BlockSpec])[];
}

const holders = new WeakMap<SchemaBody, Holders>();

function holdersOf(b: SchemaBody): Holders {
  let h = holders.get(b);
  if (h === undefined) {
    h = {
      attributes: Object.entries(b.attributes).filter(([, spec]) => attributeHolds(spec)),
      blocks: Object.entries(b.blocks).filter(([, spec]) => bodyHolds(spec)),
    };
    holders.set(b, h);
  }
  return h;
}

/** Null or unknown on either side: the new value stands, and nothing inside is compared. */
function skip(prior: Value, proposed: Value): boolean {
  return prior.isNull() || !prior.isKnown() || proposed.isNull() || !proposed.isKnown();
}

function body(b: SchemaBody, prior: Value, proposed: Value, whole: boolean): Value {
  if (skip(prior, proposed)) return proposed;
  const entries = proposed.entries();
  const priorEntries = prior.entries();
  let changes: Map<string, Value> | undefined;
  const visit = (name: string, f: (p: Value, n: Value) => Value): void => {
    const n = entries.get(name);
    const p = priorEntries.get(name);
    if (n === undefined || p === undefined) return;
    const v = f(p, n);
    if (v !== n) {
      changes ??= new Map();
      changes.set(name, v);
    }
  };
  const { attributes, blocks } = holdersOf(b);
  for (const [name, spec] of attributes) {
    if (spec.kind === "attribute") {
      visit(name, (p, n) => {
        const v = typed(spec.valueType, p, n);
        // Partly kept is neither the configured nor the prior value: an invalid plan.
        return whole && v !== n && v !== p && !rawEquals(v, p) ? n : v;
      });
    } else {
      const inner = nestedBody(spec);
      visit(name, (p, n) => nested(inner, spec.nesting, p, n, whole));
    }
  }
  for (const [name, spec] of blocks) visit(name, (p, n) => nested(spec, spec.nesting, p, n, whole));
  return changes === undefined ? proposed : replaceAttributes(proposed, changes);
}

const nestedBodies = new WeakMap<object, SchemaBody>();

/** The body of a nested attribute's objects, one object per spec (so its holders are cached). */
function nestedBody(spec: Extract<AnyAttributeSpec, { kind: "nested_attribute" }>): SchemaBody {
  let b = nestedBodies.get(spec);
  if (b === undefined) {
    b = { attributes: spec.attributes, blocks: {} };
    nestedBodies.set(spec, b);
  }
  return b;
}

function nested(b: SchemaBody, nesting: string, prior: Value, proposed: Value, whole: boolean): Value {
  if (skip(prior, proposed)) return proposed;
  if (nesting === "single" || nesting === "group") return body(b, prior, proposed, whole);
  const k = proposed.type.kind;
  if (k === "set") return matchSet(prior, proposed, (p, n) => body(b, p, n, whole));
  if (k !== "list" && k !== "map" && k !== "tuple" && k !== "object") return proposed;
  return mapElements(proposed, (el) => {
    const p = findCounterpart(prior, el, [], "position");
    return p === undefined ? el.value : body(b, p, el.value, whole);
  });
}

function typed(spec: TypeSpec, prior: Value, proposed: Value): Value {
  if (skip(prior, proposed) || rawEquals(prior, proposed)) return proposed;
  if (isSemanticType(spec)) return spec.semantic.valuesEqual(proposed, prior) ? prior : proposed;
  const element = spec.element;
  switch (spec.kind) {
    case "set":
      return element === undefined ? proposed : matchSet(prior, proposed, (p, n) => typed(element, p, n));
    case "list":
    case "map":
    case "tuple":
    case "object":
      return mapElements(proposed, (el) => {
        const p = findCounterpart(prior, el, [], "position");
        const es =
          spec.kind === "tuple"
            ? spec.elements?.[el.index]
            : spec.kind === "object"
              ? spec.attributes?.[el.key as string]
              : element;
        return p === undefined || es === undefined ? el.value : typed(es, p, el.value);
      });
    default:
      return proposed;
  }
}

/**
 * Go's set element matching: each new element that is not an earlier element itself takes the
 * result of the first unused earlier element that changes it. Elements present on both sides
 * are left alone; a result that would merge elements (a shorter set) keeps the new set.
 */
function matchSet(prior: Value, proposed: Value, f: (p: Value, n: Value) => Value): Value {
  const inPrior = membership(prior);
  const inNew = membership(proposed);
  const news = proposed.elements();
  // Earlier elements the new set still has need no counterpart.
  const candidates = prior.elements().filter((p) => !inNew(p));
  if (candidates.length === 0) return proposed;
  let changed = false;
  const out = news.map((n) => {
    if (inPrior(n)) return n;
    for (let i = 0; i < candidates.length; i++) {
      const v = f(candidates[i] as Value, n);
      if (!rawEquals(v, n)) {
        candidates.splice(i, 1);
        changed = true;
        return v;
      }
    }
    return n;
  });
  if (!changed) return proposed;
  const result = setVal(out);
  return result.lengthInt() === proposed.lengthInt() ? result : proposed;
}

/** Set membership by exact value, bucketed by cty's set hash so large sets stay linear. */
function membership(set: Value): (v: Value) => boolean {
  const byHash = new Map<string, Value[]>();
  for (const e of set.elements()) {
    const h = setHashString(e);
    const bucket = byHash.get(h);
    if (bucket === undefined) byHash.set(h, [e]);
    else bucket.push(e);
  }
  return (v) => byHash.get(setHashString(v))?.some((e) => rawEquals(e, v)) === true;
}
