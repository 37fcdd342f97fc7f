import type { Value } from "@tfkit/cty-values";
import { replaceAttributes } from "@tfkit/cty-values";
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
 * Keeps earlier values where the new ones are semantically equal to them, for every attribute
 * (or collection element, object attribute, nested attribute, block) of a semantic type (`SemanticType` of `@tfkit/schema`).
 *
 * @remarks The Go framework's `SchemaSemanticEquality` / `ValueSemanticEquality`: nothing
 * happens where either value is null or unknown; otherwise a semantic type's value becomes the
 * earlier one when its `semantic.valuesEqual` says they mean the same. Lists and
 * tuples pair elements by index (in `keyBy` collections too: Terraform checks a plan against
 * the prior element at the same index, so only that one may be kept), maps by key,
 * objects by attribute name; set elements are left alone (a changed set element is a
 * different element). The planner runs it on the proposed new state against the prior state
 * (so `"{\"a\": 1}"` then `"{ \"a\":1 }"` plans no change, which Terraform accepts because
 * the prior value is kept); a provider runs it on what read returns against the current state,
 * and on what create and update return against the planned state, as the Go framework does.
 * Returns `proposed` itself when nothing changes, and at once when the schema has no semantic
 * type.
 * @example
 * ```ts
 * const newState = semanticEquality(schema, currentState, readResult);
 * ```
 * @category combinators
 */
export function semanticEquality(schema: SchemaBody, prior: Value, proposed: Value): Value {
  if (!bodyHolds(schema)) return proposed;
  return body(schema, prior, proposed);
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
    if (spec.element !== undefined && spec.kind !== "set") return typeHolds(spec.element);
    if (spec.attributes !== undefined) return Object.values(spec.attributes).some(typeHolds);
    if (spec.elements !== undefined) return spec.elements.some(typeHolds);
    return false;
  });
}

function attributeHolds(spec: AnyAttributeSpec): boolean {
  if (spec.kind === "attribute") return typeHolds(spec.valueType);
  return spec.nesting !== "set" && cached(spec, () => Object.values(spec.attributes).some(attributeHolds));
}

function blockHolds(spec: BlockSpec): boolean {
  return spec.nesting !== "set" && bodyHolds(spec);
}

function bodyHolds(b: SchemaBody): boolean {
  return cached(
    b,
    () => Object.values(b.attributes).some(attributeHolds) || Object.values(b.blocks).some(blockHolds),
  );
}

/** Null or unknown on either side: the new value stands, and nothing inside is compared. */
function skip(prior: Value, proposed: Value): boolean {
  return prior.isNull() || !prior.isKnown() || proposed.isNull() || !proposed.isKnown();
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
      blocks: Object.entries(b.blocks).filter(([, spec]) => blockHolds(spec)),
    };
    holders.set(b, h);
  }
  return h;
}

function body(b: SchemaBody, prior: Value, proposed: Value): Value {
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
    if (spec.kind === "attribute") visit(name, (p, n) => typed(spec.valueType, p, n));
    else {
      const inner = nestedBody(spec);
      visit(name, (p, n) => nested(inner, spec.nesting, p, n));
    }
  }
  for (const [name, spec] of blocks) visit(name, (p, n) => nested(spec, spec.nesting, p, n));
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

function nested(b: SchemaBody, nesting: string, prior: Value, proposed: Value): Value {
  if (skip(prior, proposed)) return proposed;
  if (nesting === "single" || nesting === "group") return body(b, prior, proposed);
  const k = proposed.type.kind;
  if (k !== "list" && k !== "map" && k !== "tuple" && k !== "object") return proposed;
  return mapElements(proposed, (el) => {
    const p = findCounterpart(prior, el, [], "position");
    return p === undefined ? el.value : body(b, p, el.value);
  });
}

function typed(spec: TypeSpec, prior: Value, proposed: Value): Value {
  if (skip(prior, proposed)) return proposed;
  if (isSemanticType(spec)) return spec.semantic.valuesEqual(proposed, prior) ? prior : proposed;
  if (!typeHolds(spec)) return proposed;
  switch (spec.kind) {
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
              : spec.element;
        return p === undefined || es === undefined ? el.value : typed(es, p, el.value);
      });
    default:
      return proposed;
  }
}
