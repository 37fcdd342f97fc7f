/// <reference types="node" />
/**
 * Conformance vectors produced by the real go-cty, and typed loaders for them.
 *
 * Each `vectors/<file>.jsonl` starts with a {@link VectorHeader} line followed by one vector per
 * line, each with a stable unique `name`. Values and types are described in the small tagged JSON
 * form documented in the package README ({@link ValueDesc}, {@link TypeJson}); consumers rebuild
 * them with their own constructors and run `it.each(vectors)("$name", …)`.
 *
 * @packageDocumentation
 */
import { readFileSync } from "node:fs";

/**
 * A cty type in go-cty's type JSON, already parsed: `"string"`, `["list","number"]`,
 * `["object",{"a":"string"},["a"]]`, `["tuple",[…]]`.
 * @category models
 */
export type TypeJson = string | readonly unknown[];

/**
 * A number as its go-cty precision and canonical text (`Text('f',-1)`), or `"+Inf"`/`"-Inf"`.
 *
 * @remarks Precision 512 means "as parsed" (`ParseNumberVal`), 53 means float64
 * (`NumberFloatVal`), 64 means an int64/uint64 integer (`NumberIntVal`/`NumberUIntVal`). The text is
 * the shortest decimal that identifies the value at that precision, so parsing it back at that
 * precision rebuilds the value exactly.
 * @category models
 */
export interface NumberDesc {
  /** Precision in bits: 53, 64 or 512 (incidental for infinities). */
  readonly p: number;
  /** Canonical decimal text, `"+Inf"` or `"-Inf"`. */
  readonly s: string;
}

/** One end of a number range in a {@link RefinementDesc}. @category models */
export interface NumberBoundDesc {
  /** The bound. */
  readonly n: NumberDesc;
  /** Whether the bound itself is in range. */
  readonly inclusive: boolean;
}

/**
 * The refinement of an unknown value (go-cty v1.13+). Absent members mean "nothing known"; an
 * empty object is a present but empty refinement (not `RawEquals` to a plain unknown).
 * @category models
 */
export interface RefinementDesc {
  /** Definitely not null. */
  readonly notNull?: boolean;
  /** Known string prefix, stored exactly (as `StringPrefixFull` stores it). */
  readonly prefix?: string;
  /** Number lower bound. */
  readonly lower?: NumberBoundDesc;
  /** Number upper bound. */
  readonly upper?: NumberBoundDesc;
  /** Collection length lower bound (absent = 0). */
  readonly lenLower?: number;
  /** Collection length upper bound (absent = unbounded). */
  readonly lenUpper?: number;
}

/**
 * A cty value: its type `t` plus exactly one of `unknown`, `null` or `v`.
 *
 * @remarks `v` is a string, boolean or {@link NumberDesc} for primitives; an array of element
 * descriptions for lists, sets (in go-cty iteration order) and tuples; an object of descriptions
 * for maps and objects. `marks` lists the value's own marks (nested values carry theirs).
 * @category models
 */
export interface ValueDesc {
  /** The value's type. */
  readonly t: TypeJson;
  /** Present when the value is unknown. */
  readonly unknown?: true;
  /** Refinement of an unknown value; absent for a plain unknown. */
  readonly refine?: RefinementDesc;
  /** Present when the value is null. */
  readonly null?: true;
  /** The known value. */
  readonly v?: string | boolean | NumberDesc | readonly ValueDesc[] | { readonly [key: string]: ValueDesc };
  /** Marks on this value itself. */
  readonly marks?: readonly string[];
}

/**
 * An expected error. `message` null means "any error"; `exact` false means the message embeds Go
 * library text (encoding/json, msgpack) that an implementation need not reproduce word for word.
 * @category models
 */
export interface ErrorDesc {
  /** go-cty's message, without the path. */
  readonly message: string | null;
  /** The error's path rendered as Terraform renders it (`.a[0]["k"]`), `""` for none. */
  readonly path: string;
  /** Whether the message is expected verbatim. */
  readonly exact: boolean;
}

/** Members every vector has. @category models */
export interface VectorBase {
  /** Stable, unique name within the file. */
  readonly name: string;
  /** `"go-cty"`: produced by go-cty itself; `"spec"`: taken from tfkit's spec (see `note`). */
  readonly source: "go-cty" | "spec";
  /** Why a spec vector differs from the generator's go-cty. */
  readonly note?: string;
  /** A second note, when two differences apply. */
  readonly note2?: string;
}

/**
 * A msgpack vector: encode `value` as `type` to `hex` (or fail with `encodeError`), and decode
 * `hex` as `type` to `decoded` (or fail with `decodeError`). Decode-only vectors have no `value`.
 * @category models
 */
export interface MsgpackVector extends VectorBase {
  /** The target type. */
  readonly type: TypeJson;
  /** The value to encode. */
  readonly value?: ValueDesc;
  /** Expected bytes, lowercase hex. */
  readonly hex?: string;
  /** Expected result of decoding `hex`. */
  readonly decoded?: ValueDesc;
  /** Expected encode failure. */
  readonly encodeError?: ErrorDesc;
  /** Expected decode failure. */
  readonly decodeError?: ErrorDesc;
}

/**
 * A value-JSON vector, shaped like {@link MsgpackVector} with `json` text instead of hex.
 * @category models
 */
export interface JsonVector extends VectorBase {
  /** The target type. */
  readonly type: TypeJson;
  /** The value to encode. */
  readonly value?: ValueDesc;
  /** Expected JSON text (exact bytes). */
  readonly json?: string;
  /** Expected result of decoding `json`. */
  readonly decoded?: ValueDesc;
  /** Expected encode failure. */
  readonly encodeError?: ErrorDesc;
  /** Expected decode failure. */
  readonly decodeError?: ErrorDesc;
}

/**
 * A type-JSON vector: decoding `input` gives the type whose canonical encoding is `json`, or fails
 * with `decodeError`.
 * @category models
 */
export interface TypeJsonVector extends VectorBase {
  /** Text to decode. */
  readonly input: string;
  /** Canonical (compact) type JSON of the decoded type. */
  readonly json?: string;
  /** Expected decode failure. */
  readonly decodeError?: ErrorDesc;
  /** Expected encode failure. */
  readonly encodeError?: ErrorDesc;
}

/**
 * A conversion vector: `convert(value, want)` gives `result` or fails with `error`; `safe` and
 * `unsafe` say whether go-cty's `GetConversion` / `GetConversionUnsafe` find a conversion between
 * the types.
 * @category models
 */
export interface ConvertVector extends VectorBase {
  /** Input value. */
  readonly value: ValueDesc;
  /** Target type (may hold optional attributes and dynamic parts). */
  readonly want: TypeJson;
  /** A safe conversion exists between the types. */
  readonly safe: boolean;
  /** An unsafe conversion exists between the types. */
  readonly unsafe: boolean;
  /** Expected result. */
  readonly result?: ValueDesc;
  /** Expected failure. */
  readonly error?: ErrorDesc;
}

/** A unification vector: `unify(types)` / `unifyUnsafe(types)`; null means no type. @category models */
export interface UnifyVector extends VectorBase {
  /** Input types. */
  readonly types: readonly TypeJson[];
  /** Result of safe unification, null when none. */
  readonly safe: TypeJson | null;
  /** Result of unsafe unification, null when none. */
  readonly unsafe: TypeJson | null;
  /** Per input type: does safe unification need a conversion for it (go-cty's non-nil entries). */
  readonly safeConversions?: readonly boolean[];
  /** Per input type: does unsafe unification need a conversion for it. */
  readonly unsafeConversions?: readonly boolean[];
}

/** An equality vector: `equals(a, b)` and `rawEquals(a, b)`. @category models */
export interface EqualityVector extends VectorBase {
  /** Left operand. */
  readonly a: ValueDesc;
  /** Right operand. */
  readonly b: ValueDesc;
  /** Expected cty Bool (possibly unknown, refined, marked). */
  readonly equals: ValueDesc;
  /** Expected RawEquals result. */
  readonly rawEquals: boolean;
}

/**
 * A set vector: `setVal(input)` stores `length` elements, iterated as `expected`. `set` describes
 * the whole set when marks moved from the elements onto it.
 * @category models
 */
export interface SetOrderVector extends VectorBase {
  /** Elements in insertion order. */
  readonly input: readonly ValueDesc[];
  /** Stored elements in go-cty iteration order (marks removed). */
  readonly expected: readonly ValueDesc[];
  /** Stored element count (`LengthInt`). */
  readonly length: number;
  /** The resulting set, when it carries marks. */
  readonly set?: ValueDesc;
}

/**
 * How to build a number: parse text (512 bits), an int64/uint64 (64 bits), a float64 (53 bits,
 * given as its shortest text or `+Inf`/`-Inf`/`-0`), or arithmetic on other recipes.
 * @category models
 */
export type NumberRecipe =
  | { readonly parse: string }
  | { readonly int: string }
  | { readonly uint: string }
  | { readonly float64: string }
  | { readonly add: readonly [NumberRecipe, NumberRecipe] }
  | { readonly subtract: readonly [NumberRecipe, NumberRecipe] }
  | { readonly multiply: readonly [NumberRecipe, NumberRecipe] }
  | { readonly divide: readonly [NumberRecipe, NumberRecipe] }
  | { readonly negate: NumberRecipe };

/** A number formatting vector: what go-cty reports for the number built by `input`. @category models */
export interface NumberFormatVector extends VectorBase {
  /** How to build the number. */
  readonly input: NumberRecipe;
  /** Expected failure (parse errors). */
  readonly error?: ErrorDesc;
  /** `Prec()`. */
  readonly precision?: number;
  /** `Sign()`. */
  readonly sign?: -1 | 0 | 1;
  /** `Text('f', -1)`. */
  readonly text?: string;
  /** `Text('g', -1)`. */
  readonly textG?: string;
  /** `String()` (`Text('g', 10)`), the set hash string. */
  readonly hashString?: string;
  /** `fmt.Sprintf("%v", f)`. */
  readonly formatV?: string;
  /** `%#v` of the cty value. */
  readonly goString?: string;
  /** `IsInt()`. */
  readonly isInteger?: boolean;
  /** Exact as int64. */
  readonly isInt64?: boolean;
  /** Go `Float64()` reports `Exact` (true for ±Inf). */
  readonly isExactFloat64?: boolean;
  /** The float64 value as shortest text, when exact and finite. */
  readonly float64?: string;
}

/** A number equality vector: go-cty `rawNumberEqual` and `Cmp`. @category models */
export interface NumberEqualityVector extends VectorBase {
  /** Left number. */
  readonly a: NumberRecipe;
  /** Right number. */
  readonly b: NumberRecipe;
  /** Expected equality. */
  readonly equal: boolean;
  /** Expected exact comparison. */
  readonly cmp: -1 | 0 | 1;
}

/** Any vector of numbers.jsonl. @category models */
export type NumberVector = NumberFormatVector | NumberEqualityVector;

/** Reports whether a numbers.jsonl vector is an equality vector. @category guards */
export function isNumberEqualityVector(v: NumberVector): v is NumberEqualityVector {
  return "equal" in v;
}

/**
 * A GoString vector: `%#v` of a value (`value/…`) or of a type (`type/…`, with its friendly
 * names).
 * @category models
 */
export interface GoStringVector extends VectorBase {
  /** The value to render. */
  readonly value?: ValueDesc;
  /** The type to render. */
  readonly type?: TypeJson;
  /** Expected `%#v` rendering. */
  readonly goString: string;
  /** Expected `FriendlyName()` (types only). */
  readonly friendlyName?: string;
  /** Expected `FriendlyNameForConstraint()` (types only). */
  readonly friendlyNameForConstraint?: string;
}

/**
 * A type-conformance vector: `given.TestConformance(want)` reports `errors`, each rendered as
 * Terraform renders a path error (`<path>: <message>`), sorted (go-cty's order follows Go map
 * iteration).
 * @category models
 */
export interface TypeConformanceVector extends VectorBase {
  /** The type a value has. */
  readonly given: TypeJson;
  /** The type it must conform to. */
  readonly want: TypeJson;
  /** Sorted rendered errors; empty when `given` conforms. */
  readonly errors: readonly string[];
}

/** The vector type of each file. @category models */
export interface VectorFiles {
  /** msgpack.jsonl */
  readonly msgpack: MsgpackVector;
  /** json.jsonl */
  readonly json: JsonVector;
  /** type-json.jsonl */
  readonly "type-json": TypeJsonVector;
  /** convert.jsonl */
  readonly convert: ConvertVector;
  /** unify.jsonl */
  readonly unify: UnifyVector;
  /** equality.jsonl */
  readonly equality: EqualityVector;
  /** set-order.jsonl */
  readonly "set-order": SetOrderVector;
  /** numbers.jsonl */
  readonly numbers: NumberVector;
  /** go-string.jsonl */
  readonly "go-string": GoStringVector;
  /** type-conformance.jsonl */
  readonly "type-conformance": TypeConformanceVector;
}

/** Name of a vector file (without `.jsonl`). @category models */
export type VectorFile = keyof VectorFiles;

/** Every vector file. @category constructors */
export const vectorFiles: readonly VectorFile[] = Object.freeze([
  "msgpack",
  "json",
  "type-json",
  "convert",
  "unify",
  "equality",
  "set-order",
  "numbers",
  "go-string",
  "type-conformance",
]);

/** The first line of every vector file. @category models */
export interface VectorHeader {
  /** Path of the generator in this repository. */
  readonly generator: string;
  /** go-cty version the generator ran against. */
  readonly goCty: string;
  /** Go version the generator ran with. */
  readonly go: string;
  /** The go-cty version the expectations target. */
  readonly reference: string;
  /** The file's name. */
  readonly file: string;
  /** Number of vectors that follow. */
  readonly count: number;
}

interface Loaded {
  readonly header: VectorHeader;
  readonly vectors: readonly VectorBase[];
}

const cache = new Map<VectorFile, Loaded>();

function load(file: VectorFile): Loaded {
  const hit = cache.get(file);
  if (hit) return hit;
  const text = readFileSync(new URL(`../vectors/${file}.jsonl`, import.meta.url), "utf8");
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const [first, ...rest] = lines;
  if (first === undefined) throw new Error(`${file}.jsonl is empty`);
  const header = JSON.parse(first) as VectorHeader;
  const vectors = rest.map((l) => JSON.parse(l) as VectorBase);
  if (header.count !== vectors.length) {
    throw new Error(`${file}.jsonl: header says ${header.count} vectors, found ${vectors.length}`);
  }
  const seen = new Set<string>();
  for (const v of vectors) {
    if (typeof v.name !== "string" || v.name === "") throw new Error(`${file}.jsonl: vector without a name`);
    if (seen.has(v.name)) throw new Error(`${file}.jsonl: duplicate vector name ${v.name}`);
    seen.add(v.name);
  }
  const loaded = { header, vectors: Object.freeze(vectors) };
  cache.set(file, loaded);
  return loaded;
}

/**
 * Loads every vector of one file, in file order.
 * @example
 * ```ts
 * it.each(loadVectors("msgpack"))("$name", (v) => { … });
 * ```
 * @throws Error when the file is malformed (count mismatch, missing or duplicate names).
 * @category decoding
 */
export function loadVectors<F extends VectorFile>(file: F): readonly VectorFiles[F][] {
  return load(file).vectors as readonly VectorFiles[F][];
}

/** Loads the header line of one file (generator, go-cty and Go versions, count). @category decoding */
export function loadHeader(file: VectorFile): VectorHeader {
  return load(file).header;
}

let expected: ReadonlyMap<string, string> | undefined;

/**
 * The expected-failures list: `file:name` → reason, from `expected-failures.txt`.
 *
 * @remarks One entry per line, `<file>:<vector name>`, optionally followed by ` # reason`; blank
 * lines and lines starting with `#` are ignored.
 * @category decoding
 */
export function loadExpectedFailures(): ReadonlyMap<string, string> {
  if (expected) return expected;
  const text = readFileSync(new URL("../expected-failures.txt", import.meta.url), "utf8");
  const map = new Map<string, string>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const hash = line.indexOf(" #");
    const key = (hash < 0 ? line : line.slice(0, hash)).trim();
    const reason = hash < 0 ? "" : line.slice(hash + 2).trim();
    map.set(key, reason);
  }
  expected = map;
  return map;
}

/** Reports why a vector is expected to fail, or undefined when it must pass. @category testing */
export function expectedFailureReason(file: VectorFile, name: string): string | undefined {
  return loadExpectedFailures().get(`${file}:${name}`);
}

/**
 * Runs one vector's check: vectors must pass, except those in `expected-failures.txt`, which must
 * still fail, so the list cannot rot.
 *
 * @remarks Set the environment variable `CONFORMANCE_IGNORE_EXPECTED_FAILURES=1` to run every
 * vector as if none were listed (to measure the real pass rate).
 * @throws whatever `check` throws for a vector that must pass, or an Error when a listed vector
 * passed.
 * @category testing
 */
export function runVector(file: VectorFile, name: string, check: () => void): void {
  const reason =
    process.env.CONFORMANCE_IGNORE_EXPECTED_FAILURES === "1" ? undefined : expectedFailureReason(file, name);
  if (reason === undefined) {
    check();
    return;
  }
  try {
    check();
  } catch {
    return;
  }
  throw new Error(
    `${file}:${name} is listed in expected-failures.txt${reason ? ` (${reason})` : ""} but now passes: remove it from the list`,
  );
}
