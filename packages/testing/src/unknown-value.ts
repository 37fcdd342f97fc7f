import { isCtyError, refine, type Type, unknownVal, type Value } from "@tfkit/cty-values";

const BRAND = Symbol.for("@tfkit/testing/UnknownConfigValue");

/**
 * What is known about an unknown value: Terraform's refinements (go-cty's `RefinementBuilder`).
 *
 * @remarks Any refinement implies `notNull`, as the Terraform expressions that produce one (a
 * template with a known prefix, a conditional between two known values) are never null; the
 * fake core and the HCL rendered for `runAcceptance` agree on that.
 * @category testing
 */
export interface UnknownRefinements {
  /** The value will not be null. */
  readonly notNull?: true;
  /**
   * A string's known prefix (e.g. from `"web-${...}"`). Like Terraform, the last character is
   * kept only when nothing could combine with it: `"web-"` stays, `"web"` becomes `"we"`.
   */
  readonly prefix?: string;
  /** A number's inclusive lower bound. */
  readonly min?: number | bigint;
  /** A number's inclusive upper bound. */
  readonly max?: number | bigint;
  /** A list, set or map's minimum length. */
  readonly minLength?: number;
  /** A list, set or map's maximum length. */
  readonly maxLength?: number;
}

/**
 * A value in a structured config that is unknown at plan time, as a reference to a resource not
 * yet created would be; made by {@link unknownValue}.
 *
 * @category testing
 */
export interface UnknownConfigValue {
  /** The brand. */
  readonly [BRAND]: true;
  /** What is known about the eventual value. */
  readonly refinements: UnknownRefinements;
}

/**
 * An unknown value, optionally refined, for an attribute of a structured config: plan logic
 * that must cope with values "known after apply" — or use what Terraform knows about them — is
 * tested in one line.
 *
 * @remarks Under the fake core it becomes go-cty's refined unknown of the attribute's type (via
 * `refine` of `@tfkit/cty-values`); `runAcceptance` writes an HCL expression that Terraform
 * 1.11 evaluates to an unknown with the same refinements (from `timestamp()`, unknown during
 * plan: `"web-${timestamp()}"` for a prefix, `timestamp() == "" ? 1 : 5` for number bounds, a
 * conditional between two lists for lengths). An unknown configuration can only be planned: use
 * it in `planOnly` steps (with `expectNonEmptyPlan`) or with {@link planResource}. Under
 * `runAcceptance`, number bounds need both `min` and `max`, lengths both `minLength` and
 * `maxLength` (of string or number collections).
 * @example
 * ```ts
 * structuredConfig: { resources: { "demo_server.a": { name: unknownValue({ prefix: "web-" }) } } }
 * ```
 * @category testing
 */
export function unknownValue(refinements: UnknownRefinements = {}): UnknownConfigValue {
  return Object.freeze({ [BRAND]: true as const, refinements: Object.freeze({ ...refinements }) });
}

/**
 * Whether a config value is an {@link unknownValue}.
 *
 * @internal
 */
export function isUnknownConfigValue(v: unknown): v is UnknownConfigValue {
  return typeof v === "object" && v !== null && (v as { [BRAND]?: unknown })[BRAND] === true;
}

const refined = (r: UnknownRefinements): boolean =>
  r.prefix !== undefined ||
  r.min !== undefined ||
  r.max !== undefined ||
  r.minLength !== undefined ||
  r.maxLength !== undefined;

/**
 * The refined unknown of `type`; throws a `CtyError("refinement")` when a refinement does not
 * fit the type (a prefix on a number).
 *
 * @internal
 */
export function refinedUnknown(type: Type, r: UnknownRefinements): Value {
  let b = refine(unknownVal(type));
  if (r.notNull || refined(r)) b = b.notNull();
  if (r.prefix !== undefined) b = b.stringPrefix(r.prefix);
  if (r.min !== undefined) b = b.numberLowerBound(r.min, true);
  if (r.max !== undefined) b = b.numberUpperBound(r.max, true);
  if (r.minLength !== undefined) b = b.collectionLengthLowerBound(r.minLength);
  if (r.maxLength !== undefined) b = b.collectionLengthUpperBound(r.maxLength);
  return b.newValue();
}

/** An attribute's type as `terraform providers schema -json` writes it, or a cty Type. */
type TypeLike = unknown;

/** The kind of a type, from either form; collections with their element kind. */
function describe(t: TypeLike): { kind: string; element?: string } {
  if (typeof t === "string") return { kind: t };
  if (Array.isArray(t)) return { kind: String(t[0]), element: typeof t[1] === "string" ? t[1] : "complex" };
  const k = (t as { kind?: unknown } | null)?.kind;
  if (typeof k !== "string") return { kind: "unknown" };
  const el = (t as { elementType?: { kind?: unknown } }).elementType?.kind;
  return { kind: k, ...(typeof el === "string" ? { element: el } : {}) };
}

/** A template string with no `${` of its own: escape as HCL's quoted template. */
function template(prefix: string, hclString: (s: string) => string): string {
  return `"${hclString(prefix).slice(1, -1)}\${timestamp()}"`;
}

/**
 * The HCL expression Terraform evaluates to an unknown with these refinements, for an attribute
 * of type `attributeType` (its `terraform providers schema -json` type or a cty Type). Throws a
 * `TypeError` naming `where` when no expression fits.
 *
 * @internal
 */
export function hclUnknownExpression(
  r: UnknownRefinements,
  attributeType: TypeLike,
  where: string,
  hclString: (s: string) => string,
): string {
  const t = describe(attributeType);
  const fail = (why: string): never => {
    throw new TypeError(
      `@tfkit/testing: ${where}: unknownValue(${JSON.stringify(r)}) ${why}; run this step under the fake core (runFakeCore), which takes any refinement`,
    );
  };
  // `timestamp()` is unknown during plan and known (never null) after: the seed of every expression.
  const seed = 'timestamp() == ""';
  const collection = (n: number): string => {
    const el = t.element;
    if (el !== "string" && el !== "number") return fail(`cannot be written in HCL for a ${t.kind} of ${el}`);
    const item = (i: number) => (el === "string" ? hclString(String(i)) : String(i));
    if (t.kind === "map")
      return `tomap({${Array.from({ length: n }, (_, i) => `${hclString(`k${i}`)} = ${item(i)}`).join(", ")}})`;
    const fn = t.kind === "set" ? "toset" : "tolist";
    return `${fn}([${Array.from({ length: n }, (_, i) => item(i)).join(", ")}])`;
  };
  const isCollection = t.kind === "list" || t.kind === "set" || t.kind === "map";
  if (!refined(r)) {
    if (r.notNull) {
      if (t.kind === "string") return "timestamp()";
      if (t.kind === "number") return 'parseint(formatdate("YYYY", timestamp()), 10)';
      if (t.kind === "bool") return `(${seed})`;
      return fail(`(not null, nothing else) cannot be written in HCL for a ${t.kind}`);
    }
    // Either branch could be taken: unknown, maybe null, nothing else known.
    if (t.kind === "string") return `(${seed} ? null : "x")`;
    if (t.kind === "number") return `(${seed} ? null : 0)`;
    if (t.kind === "bool") return `(${seed} ? null : true)`;
    if (isCollection) return `(${seed} ? null : ${collection(1)})`;
    return fail(`cannot be written in HCL for a ${t.kind}`);
  }
  if (r.prefix !== undefined) {
    if (t.kind !== "string") return fail(`has a prefix, but the attribute is a ${t.kind}`);
    if (r.min !== undefined || r.max !== undefined || r.minLength !== undefined || r.maxLength !== undefined)
      return fail("mixes a prefix with bounds");
    return template(r.prefix, hclString);
  }
  if (r.min !== undefined || r.max !== undefined) {
    if (t.kind !== "number") return fail(`has number bounds, but the attribute is a ${t.kind}`);
    if (r.min === undefined || r.max === undefined) return fail("needs both min and max under terraform");
    return `(${seed} ? ${String(r.min)} : ${String(r.max)})`;
  }
  if (!isCollection) return fail(`has length bounds, but the attribute is a ${t.kind}`);
  if (r.minLength === undefined || r.maxLength === undefined)
    return fail("needs both minLength and maxLength under terraform");
  return `(${seed} ? ${collection(r.minLength)} : ${collection(r.maxLength)})`;
}

/**
 * Why an unknown value cannot be built for a type, for the structured-config error.
 *
 * @internal
 */
export function refinementProblem(error: unknown): string | undefined {
  return isCtyError(error) ? error.message : undefined;
}
