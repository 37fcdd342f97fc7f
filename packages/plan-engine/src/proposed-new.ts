import type { Value } from "@tfkit/cty-values";
import {
  listVal,
  mapVal,
  nullVal,
  objectVal,
  rawEquals,
  setHashString,
  setVal,
  tupleVal,
  unknownVal,
  unrefinedDeep,
  walk,
} from "@tfkit/cty-values";
import type {
  AnyAttributeSpec,
  Attributes,
  BlockSpec,
  NestedAttributeSpec,
  Schema,
  SchemaBody,
} from "@tfkit/schema";
import { blockEntries, emptyValue } from "@tfkit/schema";
import {
  attributeByPath,
  attributeType,
  attrOf,
  elementType,
  type NestedSchema,
  tryGetPath,
} from "./internal/values.js";
import { elementsOf, findCounterpart } from "./internal/correlate.js";

/**
 * The proposed new state Terraform core sends to `PlanResourceChange`: config values merged with
 * the prior state's computed values.
 *
 * @remarks Terraform's `objchange.ProposedNew` (internal/plans/objchange/objchange.go), rule for
 * rule (spec §5.2): computed attributes that are null in config take the prior value (except an
 * Optional nested attribute whose prior value holds non-computed data: the user removed it);
 * everything else takes the config value, null and unknown included. Nested blocks and nested
 * attributes are correlated by index (list), key (map) and, for sets, with the first unused prior
 * element that the config element could have produced (they differ only at computed leaves that
 * are null in config). A list element without a prior element is taken from config as is.
 * Config and prior must be unmarked, conform to the schema's implied type, and prior must be
 * wholly known (or null for a create). Config `null` (a destroy) returns the prior value; core
 * itself sends a null proposed state for destroys.
 * @example
 * ```ts
 * const proposed = proposedNew(schema, priorState, config);
 * ```
 * @category combinators
 */
export function proposedNew(schema: SchemaBody, prior: Value, config: Value): Value {
  return proposedNewTop(schema, prior, config, false);
}

/**
 * {@link proposedNew} where list and set collections with `keyBy` correlate config elements with
 * prior elements by their key attributes instead of index or value.
 * @internal
 */
export function proposedNewKeyed(schema: SchemaBody, prior: Value, config: Value): Value {
  return proposedNewTop(schema, prior, config, true);
}

function proposedNewTop(schema: SchemaBody, prior: Value, config: Value, keyed: boolean): Value {
  if (config.isNull() && prior.isNull()) return prior;
  return proposedNewBlock(schema, prior.isNull() ? emptyValue(schema) : prior, config, keyed);
}

/**
 * The planned state of a data source read during apply: every computed attribute that is null
 * in config becomes unknown.
 *
 * @remarks Terraform's `objchange.PlannedDataResourceObject`: {@link proposedNew} with a wholly
 * unknown prior.
 * @category combinators
 */
export function plannedDataResourceObject(schema: Schema, config: Value): Value {
  return proposedNewBlock(schema, unknownVal(schema.type), config, false);
}

function proposedNewBlock(body: SchemaBody, prior: Value, config: Value, keyed: boolean): Value {
  // A block config is only null here for invalid input; like core, keep the prior value.
  if (config.isNull() || !config.isKnown()) return prior;
  const out = proposedNewAttributes(body.attributes, prior, config, keyed);
  for (const [name, blockSpec] of blockEntries(body.blocks)) {
    out.set(name, proposedNewNestedBlock(blockSpec, attrOf(prior, name), config.getAttr(name), keyed));
  }
  return objectVal(out);
}

function proposedNewNestedBlock(spec: BlockSpec, prior: Value, config: Value, keyed: boolean): Value {
  // Only a `dynamic` block with an unknown for_each gives an unknown block value.
  if (!config.isKnown()) return config;
  const schema: NestedSchema = { kind: "block", body: spec, keyBy: spec.keyBy };
  switch (spec.nesting) {
    case "single":
      if (config.isNull()) return config;
      return proposedNewTop(spec, prior, config, keyed);
    case "group":
      return proposedNewTop(spec, prior, config, keyed);
    case "list":
      return proposedNewNestingList(schema, prior, config, keyed);
    case "map":
      return proposedNewNestingMap(schema, prior, config, keyed);
    case "set":
      return proposedNewNestingSet(schema, prior, config, keyed);
  }
}

function proposedNewNestedType(
  spec: NestedAttributeSpec,
  prior: Value,
  config: Value,
  keyed: boolean,
): Value {
  if (!config.isKnown()) return config;
  const schema: NestedSchema = { kind: "object", attributes: spec.attributes, keyBy: spec.keyBy };
  switch (spec.nesting) {
    case "single":
      // Stryker disable next-line ConditionalExpression: equivalent, proposedNewObjectAttributes returns a null config as is too.
      if (config.isNull()) return config;
      return proposedNewObjectAttributes(spec.attributes, prior, config, keyed);
    case "list":
      return proposedNewNestingList(schema, prior, config, keyed);
    case "map":
      return proposedNewNestingMap(schema, prior, config, keyed);
    case "set":
      return proposedNewNestingSet(schema, prior, config, keyed);
  }
}

/** @internal ProposedNew for one element of a nested block or nested attribute collection. */
export function proposedNewElement(schema: NestedSchema, prior: Value, config: Value, keyed: boolean): Value {
  return schema.kind === "block"
    ? proposedNewTop(schema.body, prior, config, keyed)
    : proposedNewObjectAttributes(schema.attributes, prior, config, keyed);
}

function proposedNewNestingList(schema: NestedSchema, prior: Value, config: Value, keyed: boolean): Value {
  const n = config.isNull() ? 0 : config.lengthInt();
  if (n === 0) return config;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, keyed matching without keys pairs list elements by index too.
  if (keyed && schema.keyBy.length > 0) return proposedNewKeyedElements(schema, prior, config);
  const out: Value[] = [];
  config.elements().forEach((configEV, i) => {
    if (prior.isKnown() && (prior.isNull() || i >= prior.lengthInt())) {
      // No prior element at this index: the config element as is.
      out.push(configEV);
      return;
    }
    const priorEV = prior.isKnown() ? (prior.elements()[i] as Value) : unknownVal(elementType(prior.type, i));
    out.push(proposedNewElement(schema, priorEV, configEV, keyed));
  });
  return config.type.kind === "tuple" ? tupleVal(out) : listVal(out);
}

function proposedNewNestingMap(schema: NestedSchema, prior: Value, config: Value, keyed: boolean): Value {
  if (config.isNull() || !config.isKnown() || config.lengthInt() === 0) return config;
  const priorMap: ReadonlyMap<string, Value> =
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, an empty prior map has no entries either way.
    !prior.isNull() && prior.isKnown() && prior.lengthInt() > 0 ? prior.entries() : new Map();
  const out = new Map<string, Value>();
  for (const [key, configEV] of config.entries()) {
    // A wholly unknown prior (a data source planned for apply) has unknown elements under every
    // key: their computed attributes become unknown. A known prior without the key contributes
    // nothing, so the config element stands as is.
    const priorEV = priorMap.get(key) ?? (prior.isKnown() ? undefined : unknownVal(configEV.type));
    out.set(key, priorEV === undefined ? configEV : proposedNewElement(schema, priorEV, configEV, keyed));
  }
  // The value leaves with the type it came in with: an object for maps of dynamic-typed blocks.
  return config.type.kind === "object" ? objectVal(out) : mapVal(out);
}

function proposedNewNestingSet(schema: NestedSchema, prior: Value, config: Value, keyed: boolean): Value {
  if (!config.isKnown() || config.isNull() || config.lengthInt() === 0) return config;
  if (keyed && schema.keyBy.length > 0) return proposedNewKeyedElements(schema, prior, config);
  const match = setPriorMatcher(schema, prior);
  const out = config
    .elements()
    .map((configEV) =>
      proposedNewElement(schema, match(configEV) ?? nullVal(elementType(config.type)), configEV, keyed),
    );
  return setVal(out);
}

/**
 * Core's set correlation as a function: each call takes a config element and returns the first
 * unused prior element it could have come from ({@link validPriorFromConfig}), or `undefined`.
 * @internal
 */
export function setPriorMatcher(schema: NestedSchema, prior: Value): (config: Value) => Value | undefined {
  const priorVals = prior.isKnown() && !prior.isNull() ? prior.elements() : [];
  // Stryker disable next-line ArrowFunction: equivalent, `used[i] === true` reads undefined as unused too.
  const used = priorVals.map(() => false);
  // Only prior elements whose non-computed plain attributes equal the config element's can pass
  // validPriorFromConfig, so bucket by those first: same result, without the quadratic walk.
  const buckets = new Map<string, number[]>();
  priorVals.forEach((p, i) => {
    const sig = signature(schema, p);
    const b = buckets.get(sig);
    if (b === undefined) buckets.set(sig, [i]);
    else b.push(i);
  });
  return (configEV) => {
    for (const i of buckets.get(signature(schema, configEV)) ?? []) {
      if (used[i] === true) continue;
      const candidate = priorVals[i] as Value;
      // The first match wins; go-cty iteration order makes it deterministic.
      if (validPriorFromConfig(schema, candidate, configEV)) {
        used[i] = true;
        return candidate;
      }
    }
    return undefined;
  };
}

/**
 * The hash strings of an element's non-computed plain attributes: elements with different
 * signatures differ at a non-computed leaf, which validPriorFromConfig always rejects.
 */
// Stryker disable next-line BlockStatement: equivalent, one signature for every element only keeps more candidates.
function signature(schema: NestedSchema, element: Value): string {
  // Stryker disable next-line all: equivalent by design, the signature only pre-filters candidates for validPriorFromConfig.
  if (element.isNull() || !element.isKnown() || element.type.kind !== "object") return "";
  const attributes = schema.kind === "block" ? schema.body.attributes : schema.attributes;
  // Stryker disable next-line StringLiteral: equivalent, a common prefix changes no bucket.
  let sig = "";
  // Stryker disable next-line BlockStatement: equivalent by design (see above).
  for (const [name, spec] of Object.entries(attributes)) {
    if (
      // Stryker disable next-line ConditionalExpression: equivalent by design (see above).
      spec.computed ||
      spec.kind === "nested_attribute" ||
      // Stryker disable next-line BooleanLiteral: equivalent by design (see above).
      !Object.hasOwn(element.type.attributeTypes, name)
    ) {
      continue;
    }
    // Stryker disable next-line StringLiteral: equivalent by design (see above).
    sig += `${setHashString(unrefinedDeep(element.getAttr(name)))}\u0000`;
  }
  return sig;
}

function proposedNewObjectAttributes(
  attributes: Attributes,
  prior: Value,
  config: Value,
  keyed: boolean,
): Value {
  if (config.isNull()) return config;
  return objectVal(proposedNewAttributes(attributes, prior, config, keyed));
}

/**
 * Keyed correlation (tfkit's `keyBy`): each config element takes the first unused prior element
 * with the same key values; without one it is planned as new (null prior).
 */
function proposedNewKeyedElements(schema: NestedSchema, prior: Value, config: Value): Value {
  const priorKnown = prior.isKnown() && !prior.isNull();
  const used = new Set<number>();
  const out = elementsOf(config).map((el) => {
    // Stryker disable next-line StringLiteral: equivalent, with keyBy the set-matching mode is never read.
    const priorEV = priorKnown ? findCounterpart(prior, el, schema.keyBy, "value", used) : undefined;
    return proposedNewElement(schema, priorEV ?? nullVal(elementType(config.type)), el.value, true);
  });
  switch (config.type.kind) {
    case "set":
      return setVal(out);
    case "tuple":
      return tupleVal(out);
    default:
      return listVal(out);
  }
}

function proposedNewAttributes(
  attributes: Attributes,
  prior: Value,
  config: Value,
  keyed: boolean,
): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const [name, spec] of Object.entries(attributes)) {
    const priorV = prior.isNull() ? nullVal(attributeType(prior.type, name)) : attrOf(prior, name);
    const configV = attrOf(config, name);
    let newV: Value;
    if (spec.computed && configV.isNull()) {
      // Optional+computed or computed-only, not configured: keep what the provider set before,
      // unless the prior value holds data only config can set (the user removed it).
      newV = optionalValueNotComputable(spec, priorV) ? configV : priorV;
    } else if (spec.kind === "nested_attribute") {
      newV = proposedNewNestedType(spec, priorV, configV, keyed);
    } else {
      newV = configV;
    }
    out.set(name, newV);
  }
  return out;
}

/** Terraform's `optionalValueNotComputable`: does the prior nested value hold a non-computed value? */
function optionalValueNotComputable(spec: AnyAttributeSpec, value: Value): boolean {
  if (!spec.optional || spec.kind !== "nested_attribute") return false;
  const schema: NestedSchema = { kind: "object", attributes: spec.attributes, keyBy: spec.keyBy };
  let found = false;
  walk(value, (path, v) => {
    // Stryker disable next-line all: equivalent, a shortcut once the answer is known.
    if (found) return false;
    // Stryker disable next-line BooleanLiteral: equivalent, a null has nothing to descend into.
    if (v.isNull()) return true;
    const attr = attributeByPath(schema, path);
    if (attr === undefined) return true;
    if (!attr.computed) {
      found = true;
      // Stryker disable next-line BooleanLiteral: equivalent, the answer is already known.
      return false;
    }
    return true;
  });
  return found;
}

const STOP = Symbol("stop");

/**
 * Terraform's `validPriorFromConfig`: could this prior set element have come from this config
 * element? True when they are equal (refinements ignored) or differ only at computed leaf
 * attributes that are null in config.
 * @internal
 */
export function validPriorFromConfig(schema: NestedSchema, prior: Value, config: Value): boolean {
  // Stryker disable next-line all: equivalent, core's shortcut; the walk below accepts equal values too.
  if (rawEquals(unrefinedDeep(config), unrefinedDeep(prior))) return true;
  let valid = true;
  try {
    walk(prior, (path, priorV) => {
      const configV = tryGetPath(config, path);
      if (configV === undefined) {
        // Most likely dynamic values of different types.
        valid = false;
        throw STOP;
      }
      // Stryker disable next-line BooleanLiteral: equivalent, children of equal values are equal.
      if (rawEquals(unrefinedDeep(configV), unrefinedDeep(priorV))) return false;
      // Nested sets cannot be correlated further: they must be equal as a whole.
      if (configV.type.kind === "set") {
        valid = false;
        throw STOP;
      }
      const attr = attributeByPath(schema, path);
      if (attr === undefined) return true;
      if (attr.kind === "nested_attribute") return true;
      if (!attr.computed || !configV.isNull()) {
        valid = false;
        throw STOP;
      }
      return false;
    });
    // Stryker disable next-line all: equivalent, the walk only ever throws STOP.
  } catch (e) {
    // Stryker disable next-line all: equivalent (see above).
    if (e !== STOP) throw e;
  }
  return valid;
}
