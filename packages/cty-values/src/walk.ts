import { pathEquals } from "./path-ops.js";
import { attributeStep, indexStep, type Path } from "./path.js";
import { withMarks } from "./internal/marks.js";
import { setVal } from "./set.js";
import { listVal, mapVal, numberVal, objectVal, stringVal, tupleVal, unmark, type Value } from "./value.js";

/**
 * Visits a value and everything inside it, depth-first, parents before children (go-cty `cty.Walk`).
 *
 * @remarks Children of lists and tuples get index steps with number keys, maps string keys, sets
 * the element itself as key, objects attribute steps (in name order). Null and unknown values have
 * no children. Returning `false` from the callback skips the children of that value; throw to stop
 * the walk. The path array passed to the callback is a fresh copy each time.
 * @example
 * ```ts
 * walk(v, (path, value) => { if (value.hasMark("sensitive")) found.push(path); })
 * ```
 * @category combinators
 */
export function walk(v: Value, cb: (path: Path, value: Value) => unknown): void {
  walkAt([], v, cb);
}

function walkAt(path: Path, v: Value, cb: (path: Path, value: Value) => unknown): void {
  if (cb(path, v) === false) return;
  if (v.isNull() || !v.isKnown()) return;
  forEachChild(v, (step, child) => walkAt([...path, step], child, cb));
}

function forEachChild(v: Value, fn: (step: Path[number], child: Value) => void): void {
  const p = v.payload;
  switch (v.type.kind) {
    case "list":
    case "tuple":
      (p as readonly Value[]).forEach((e, i) => {
        fn(indexStep(numberVal(i)), e);
      });
      return;
    case "set":
      for (const e of p as readonly Value[]) fn(indexStep(e), e);
      return;
    case "map":
      for (const [k, e] of p as ReadonlyMap<string, Value>) fn(indexStep(stringVal(k)), e);
      return;
    case "object":
      for (const [k, e] of p as ReadonlyMap<string, Value>) fn(attributeStep(k), e);
      return;
    default:
      return;
  }
}

/**
 * Callbacks for {@link transformWith}: `enter` runs before a value's children are visited
 * (pre-order), `exit` after they have been rebuilt (post-order).
 * @category models
 */
export interface Transformer {
  /** Replaces a value before its children are visited. */
  readonly enter?: (path: Path, value: Value) => Value;
  /** Replaces a value after its children have been transformed and it has been rebuilt. */
  readonly exit?: (path: Path, value: Value) => Value;
}

/**
 * Rebuilds a value bottom-up, letting the callback replace each value after its children
 * (go-cty `cty.Transform`, post-order).
 *
 * @remarks Lists, sets, maps, objects and tuples are rebuilt with the constructors from the
 * transformed children (sets are re-deduplicated and re-ordered); empty and null/unknown values are
 * passed through. A container's own marks are kept. The callback must keep element types
 * consistent, or the rebuild throws as the constructors do.
 * @example
 * ```ts
 * transform(v, (_path, x) => (x.type.kind === "string" && x.isKnown() && !x.isNull() ? stringVal(x.asString().toUpperCase()) : x))
 * ```
 * @category combinators
 */
export function transform(v: Value, cb: (path: Path, value: Value) => Value): Value {
  return transformAt([], v, { exit: cb });
}

/**
 * Rebuilds a value with pre-order and post-order callbacks (go-cty `TransformWithTransformer`).
 * @category combinators
 */
export function transformWith(v: Value, t: Transformer): Value {
  return transformAt([], v, t);
}

function transformAt(path: Path, input: Value, t: Transformer): Value {
  const v = t.enter ? t.enter(path, input) : input;
  let out = v;
  if (v.isKnown() && !v.isNull()) {
    const [raw, marks] = unmark(v);
    const p = raw.payload;
    const kind = raw.type.kind;
    if (kind === "list" || kind === "set" || kind === "tuple") {
      const els = p as readonly Value[];
      if (els.length > 0) {
        const next: Value[] = [];
        forEachChild(raw, (step, child) => next.push(transformAt([...path, step], child, t)));
        const rebuilt = kind === "list" ? listVal(next) : kind === "set" ? setVal(next) : tupleVal(next);
        out = withMarks(rebuilt, marks);
      }
    } else if (kind === "map" || kind === "object") {
      const m = p as ReadonlyMap<string, Value>;
      if (m.size > 0) {
        const next = new Map<string, Value>();
        forEachChild(raw, (step, child) => {
          const name = step.kind === "attribute" ? step.name : (step.key.payload as string);
          next.set(name, transformAt([...path, step], child, t));
        });
        out = withMarks(kind === "map" ? mapVal(next) : objectVal(next), marks);
      }
    }
  }
  return t.exit ? t.exit(path, out) : out;
}

/**
 * Marks found at one path (go-cty `PathValueMarks`).
 * @category models
 */
export interface PathValueMarks {
  /** Where the marks were. */
  readonly path: Path;
  /** The marks on the value at that path (not including marks of values inside it). */
  readonly marks: ReadonlySet<string>;
}

/**
 * Removes every mark and reports where each was (go-cty `UnmarkDeepWithPaths`).
 *
 * @remarks Terraform strips marks this way before calling a provider and restores them with
 * {@link markWithPaths} afterwards. Paths come in pre-order, object attributes in name order.
 * @example
 * ```ts
 * const [plain, pvm] = unmarkDeepWithPaths(config);
 * const remarked = markWithPaths(plain, pvm);
 * ```
 * @category combinators
 */
export function unmarkDeepWithPaths(v: Value): [Value, PathValueMarks[]] {
  const found: PathValueMarks[] = [];
  const out = transformWith(v, {
    enter: (path, x) => {
      const [u, marks] = unmark(x);
      if (marks.size > 0) found.push({ path: [...path], marks });
      return u;
    },
  });
  return [out, found];
}

/**
 * Puts marks back at the given paths (go-cty `MarkWithPaths`).
 *
 * @remarks For each visited value the first entry whose path equals the value's path
 * ({@link pathEquals}) adds its marks; paths that do not exist in the value are ignored. Marks
 * addressed to set elements end up on the set, since sets cannot hold marked elements.
 * @category combinators
 */
export function markWithPaths(v: Value, pvm: readonly PathValueMarks[]): Value {
  if (pvm.length === 0) return v;
  return transformWith(v, {
    exit: (path, x) => {
      for (const entry of pvm) {
        if (pathEquals(path, entry.path)) return withMarks(x, entry.marks);
      }
      return x;
    },
  });
}
