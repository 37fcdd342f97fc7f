import type { Value } from "@tfkit/cty-values";
import {
  nullVal,
  rawEquals,
  replaceAttributes,
  setHashString,
  setVal,
  unrefinedDeep,
} from "@tfkit/cty-values";
import type { AnyAttributeSpec, Attributes, BlockSpec, SchemaBody } from "@tfkit/schema";
import { attributeEntries, blockEntries } from "@tfkit/schema";
import { findCounterpart, type PlannedElement } from "./internal/correlate.js";
import {
  type ConfigCursor,
  configNullForDefaults,
  cursorAttr,
  cursorElement,
  rootCursor,
} from "./internal/cursor.js";
import { mapElements } from "./internal/transform-body.js";
import { attrOf, elementType, type NestedSchema } from "./internal/values.js";
import { proposedNewElement, setPriorMatcher } from "./proposed-new.js";

/**
 * Applies attribute defaults to a planned object: every attribute with a `default` whose config
 * value is null gets the default.
 *
 * @remarks The Go framework's `Data.TransformDefaults` (internal/fwschemadata/data_default.go,
 * spec §6.3): a bottom-up walk of the planned value; the config value is looked up at the same
 * path, and any step that cannot be taken reads as null. A default therefore beats the prior
 * state and forces a diff.
 *
 * Sets of nested objects (set nested attributes and set blocks) without `keyBy` that hold
 * defaults are where the Go framework goes wrong: core matched config elements (defaulted
 * attributes null) with prior elements (defaults filled in) before any default existed, and the
 * framework then finds no config element for a planned element, so every default overwrites
 * configured values and distinct elements collapse ("count in plan (1) disagrees with count in
 * config (3)"). Here such a set is planned from its config elements instead: each gets its
 * defaults, is matched with an unused element of `prior` the way core matches (computed leaves
 * that are null in config may differ), takes that element's computed values as core's
 * ProposedNew would, and gets its defaults again on top (so a default still beats the prior
 * value). The planned set has one element per config element, unless two config elements are
 * equal once defaulted. Without `prior` the planned set's own elements are the pool to match
 * against: the element count is right, but a prior element core matched to another config
 * element is no longer seen. With `keyBy` the config element is found by key. A null or unknown
 * planned value is returned as is.
 * @param prior - the prior state (null on create); pass it so set elements are matched with
 *   the prior elements after defaults.
 * @category combinators
 */
export function applyDefaults(schema: SchemaBody, planned: Value, config: Value, prior?: Value): Value {
  return defaultsBody(schema, planned, rootCursor(config), prior);
}

/** `prior` is the prior value at the same position, or `undefined` when it is not followed. */
function defaultsBody(
  body: SchemaBody,
  planned: Value,
  config: ConfigCursor,
  prior: Value | undefined,
): Value {
  if (planned.isNull() || !planned.isKnown()) return planned;
  // Only the attributes that change are collected: most stay as they are.
  const entries = planned.entries();
  let changes: Map<string, Value> | undefined;
  for (const [name, spec] of attributeEntries(body.attributes)) {
    const v = entries.get(name);
    if (v === undefined) continue;
    const c = cursorAttr(config, name);
    let nv = spec.kind === "nested_attribute" ? defaultsNested(spec, v, c, priorAttr(prior, name)) : v;
    // A value that already is the default (the prior value on an update) is kept as it is: no
    // copy of the object, and later steps still see the prior value itself.
    if (spec.default !== undefined && configNullForDefaults(c) && !rawEquals(nv, spec.default))
      nv = spec.default;
    if (nv !== v) {
      changes ??= new Map();
      changes.set(name, nv);
    }
  }
  for (const [name, spec] of blockEntries(body.blocks)) {
    const v = entries.get(name);
    if (v === undefined) continue;
    const nv = defaultsBlock(spec, v, cursorAttr(config, name), priorAttr(prior, name));
    if (nv !== v) {
      changes ??= new Map();
      changes.set(name, nv);
    }
  }
  return changes === undefined ? planned : replaceAttributes(planned, changes);
}

function defaultsNested(
  spec: Extract<AnyAttributeSpec, { kind: "nested_attribute" }>,
  v: Value,
  c: ConfigCursor,
  prior: Value | undefined,
): Value {
  if (v.isNull() || !v.isKnown()) return v;
  const body: SchemaBody = { attributes: spec.attributes, blocks: {} };
  if (spec.nesting === "single") return defaultsBody(body, v, c, prior);
  const schema: NestedSchema = { kind: "object", attributes: spec.attributes, keyBy: spec.keyBy };
  return defaultsElements(body, schema, v, c, prior);
}

function defaultsBlock(spec: BlockSpec, v: Value, c: ConfigCursor, prior: Value | undefined): Value {
  if (v.isNull() || !v.isKnown()) return v;
  if (spec.nesting === "single" || spec.nesting === "group") return defaultsBody(spec, v, c, prior);
  return defaultsElements(spec, { kind: "block", body: spec, keyBy: spec.keyBy }, v, c, prior);
}

function defaultsElements(
  body: SchemaBody,
  schema: NestedSchema,
  planned: Value,
  c: ConfigCursor,
  prior: Value | undefined,
): Value {
  const configSet = c.value;
  if (
    planned.type.kind === "set" &&
    schema.keyBy.length === 0 &&
    !c.stuck &&
    configSet.isKnown() &&
    !configSet.isNull() &&
    hasDefaults(body)
  ) {
    return planSetFromConfig(body, schema, planned, configSet, prior);
  }
  const priorUsed = new Set<number>();
  return mapElements(planned, (el) =>
    defaultsBody(
      body,
      el.value,
      cursorElement(c, el, schema.keyBy),
      priorElement(prior, el, schema.keyBy, priorUsed),
    ),
  );
}

/** A set whose elements hold defaults, planned from its config elements (see {@link applyDefaults}). */
function planSetFromConfig(
  body: SchemaBody,
  schema: NestedSchema,
  planned: Value,
  config: Value,
  prior: Value | undefined,
): Value {
  const match = setPriorMatcher(schema, prior ?? planned);
  const noPrior = nullVal(elementType(planned.type));
  const configEls = config.elements().filter((e) => !e.isNull() && e.isKnown());
  // First with the defaults applied: prior elements hold them, and two config elements that
  // differ only in defaulted attributes must not be taken for each other. Then, for the rest, the
  // way core matched (so an element whose default replaces a value keeps its computed values, as
  // in the Go framework).
  const priors = configEls.map((e) => match(defaultsBody(body, e, rootCursor(e), noPrior)));
  const out = configEls.map((e, i) => {
    const priorEV = priors[i] ?? match(e) ?? noPrior;
    return defaultsBody(body, proposedNewElement(schema, priorEV, e, true), rootCursor(e), priorEV);
  });
  // Config set elements are never null or unknown as a whole; keep any such as they are.
  out.push(...config.elements().filter((e) => e.isNull() || !e.isKnown()));
  return setVal(out);
}

function priorAttr(prior: Value | undefined, name: string): Value | undefined {
  return prior === undefined ? undefined : attrOf(prior, name);
}

/** The prior element core's ProposedNew pairs with a planned list or map element (index, key, or `keyBy`). */
function priorElement(
  prior: Value | undefined,
  el: PlannedElement,
  keyBy: readonly string[],
  used: Set<number>,
): Value | undefined {
  if (prior === undefined || !prior.isKnown()) return undefined;
  // Set elements without a key have no single counterpart: nested sets below follow the planned value.
  if (prior.type.kind === "set" && keyBy.length === 0) return undefined;
  const none = nullVal(elementType(prior.type, el.index));
  if (prior.isNull()) return none;
  return findCounterpart(prior, el, keyBy, "position", used) ?? none;
}

const defaultsInside = new WeakMap<Attributes, boolean>();

/** Whether any attribute of the body, at any depth, has a default. */
function hasDefaults(body: SchemaBody): boolean {
  let found = defaultsInside.get(body.attributes);
  if (found === undefined) {
    found =
      Object.values(body.attributes).some(
        (a) =>
          a.default !== undefined ||
          (a.kind === "nested_attribute" && hasDefaults({ attributes: a.attributes, blocks: {} })),
      ) || Object.values(body.blocks).some((b) => hasDefaults(b));
    defaultsInside.set(body.attributes, found);
  }
  return found;
}

interface DefaultedIndex {
  readonly buckets: Map<string, number[]>;
  readonly defaulted: readonly Value[];
  readonly elements: readonly Value[];
}

// Per config set value and element schema; values are immutable, a WeakMap keeps none alive.
const defaultedIndexes = new WeakMap<Value, WeakMap<Attributes, DefaultedIndex>>();

/**
 * The config element of a set without `keyBy` whose defaulted value equals a planned element:
 * how unknown marking finds the config element of a planned element whose defaults were filled
 * in (by value it finds none, and the element's computed attributes would stay null).
 * @internal
 */
export function configElementByDefaultedValue(
  body: SchemaBody,
  config: Value,
  planned: Value,
): Value | undefined {
  if (config.type.kind !== "set" || !hasDefaults(body)) return undefined;
  let perBody = defaultedIndexes.get(config);
  if (perBody === undefined) {
    perBody = new WeakMap();
    defaultedIndexes.set(config, perBody);
  }
  let idx = perBody.get(body.attributes);
  if (idx === undefined) {
    const elements = config.elements();
    const defaulted = elements.map((e) =>
      unrefinedDeep(defaultsBody(body, e, rootCursor(e), nullVal(e.type))),
    );
    const buckets = new Map<string, number[]>();
    defaulted.forEach((d, i) => {
      const h = setHashString(d);
      const b = buckets.get(h);
      if (b === undefined) buckets.set(h, [i]);
      else b.push(i);
    });
    idx = { buckets, defaulted, elements };
    perBody.set(body.attributes, idx);
  }
  const want = unrefinedDeep(planned);
  for (const i of idx.buckets.get(setHashString(want)) ?? []) {
    if (rawEquals(idx.defaulted[i] as Value, want)) return idx.elements[i];
  }
  return undefined;
}
