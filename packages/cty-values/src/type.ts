import { CtyError } from "./errors.js";

/**
 * cty types: primitive, collection, structural and the dynamic pseudo-type.
 *
 * Types are plain immutable objects discriminated by `kind`. Two types are the same when
 * {@link typeEquals} says so; identity (`===`) only holds for the primitive singletons.
 */

/** A primitive type: `string`, `number` or `bool`. @category models */
export interface PrimitiveType {
  /** Which primitive. */
  readonly kind: "string" | "number" | "bool";
}

/** `list(T)`: an ordered sequence of values of one type. @category models */
export interface ListType {
  /** Discriminator. */
  readonly kind: "list";
  /** The type of every element. */
  readonly elementType: Type;
}

/** `set(T)`: an unordered collection of distinct values of one type. @category models */
export interface SetType {
  /** Discriminator. */
  readonly kind: "set";
  /** The type of every element. */
  readonly elementType: Type;
}

/** `map(T)`: string keys to values of one type. @category models */
export interface MapType {
  /** Discriminator. */
  readonly kind: "map";
  /** The type of every element. */
  readonly elementType: Type;
}

/**
 * `object({...})`: named attributes, each of its own type.
 *
 * @remarks `optional` names attributes that may be omitted during conversion. It only has
 * meaning on type constraints; values always carry plain object types (go-cty `ObjectVal`).
 * @category models
 */
export interface ObjectType {
  /** Discriminator. */
  readonly kind: "object";
  /**
   * Attribute types keyed by NFC-normalized name (a null-prototype record). Keys are inserted in
   * ascending byte-wise order, but JavaScript lists integer-like keys (`"9"`, `"10"`) first: sort
   * with {@link compareUtf8} where go-cty's order matters.
   */
  readonly attributeTypes: Readonly<Record<string, Type>>;
  /** Names of optional attributes (type constraints only). */
  readonly optional: ReadonlySet<string>;
}

/** `tuple([...])`: a fixed-length sequence, each position of its own type. @category models */
export interface TupleType {
  /** Discriminator. */
  readonly kind: "tuple";
  /** The type of each position. */
  readonly elementTypes: readonly Type[];
}

/**
 * The dynamic pseudo-type (`any type` as a constraint, go-cty `DynamicPseudoType`).
 * @category models
 */
export interface DynamicType {
  /** Discriminator. */
  readonly kind: "dynamic";
}

/** Any cty type. @category models */
export type Type = PrimitiveType | ListType | SetType | MapType | ObjectType | TupleType | DynamicType;

/** Collection types: list, set and map. @category models */
export type CollectionType = ListType | SetType | MapType;

/** The `string` type. @category constructors */
export const stringType: PrimitiveType = Object.freeze({ kind: "string" });
/** The `number` type (exact, arbitrary precision). @category constructors */
export const numberType: PrimitiveType = Object.freeze({ kind: "number" });
/** The `bool` type. @category constructors */
export const boolType: PrimitiveType = Object.freeze({ kind: "bool" });
/** The dynamic pseudo-type (go-cty `DynamicPseudoType`). @category constructors */
export const dynamicType: DynamicType = Object.freeze({ kind: "dynamic" });

/** `list(elementType)`. @category constructors */
export function listType(elementType: Type): ListType {
  return Object.freeze({ kind: "list", elementType });
}

/** `set(elementType)`. @category constructors */
export function setType(elementType: Type): SetType {
  return Object.freeze({ kind: "set", elementType });
}

/** `map(elementType)`. @category constructors */
export function mapType(elementType: Type): MapType {
  return Object.freeze({ kind: "map", elementType });
}

const EMPTY_SET: ReadonlySet<string> = Object.freeze(new Set<string>());

/**
 * `object({...})`, optionally with optional attributes (a type constraint).
 *
 * @remarks Attribute names are NFC-normalized and stored in ascending byte-wise order, as go-cty
 * does. Optional names must be attributes of the object.
 * @example
 * ```ts
 * objectType({ name: stringType, port: numberType }, ["port"])
 * ```
 * @throws {@link CtyError} with code `"invalid_type"` when an optional name is not an attribute.
 * @category constructors
 */
export function objectType(
  attributeTypes: Readonly<Record<string, Type>>,
  optional: Iterable<string> = [],
): ObjectType {
  const names = Object.keys(attributeTypes)
    .map((n) => [n, n.normalize("NFC")] as const)
    .sort((a, b) => compareUtf8(a[1], b[1]));
  // Null prototype: an attribute may be named "__proto__" or "constructor".
  const attrs: Record<string, Type> = Object.create(null);
  for (const [raw, norm] of names) attrs[norm] = attributeTypes[raw] as Type;
  let opt = EMPTY_SET;
  const optList = [...optional].map((n) => n.normalize("NFC"));
  if (optList.length > 0) {
    for (const n of optList) {
      if (!Object.hasOwn(attrs, n)) {
        throw new CtyError(
          "invalid_type",
          `optional attribute "${n}" is not an attribute of the object type`,
        );
      }
    }
    opt = Object.freeze(new Set(optList.sort(compareUtf8)));
  }
  return Object.freeze({ kind: "object", attributeTypes: Object.freeze(attrs), optional: opt });
}

/**
 * @internal An object type from attribute types whose names are NFC and in byte order already
 * (what `objectVal` has after sorting its entries): no second sort.
 */
export function sortedObjectType(attributeTypes: Readonly<Record<string, Type>>): ObjectType {
  return Object.freeze({
    kind: "object",
    attributeTypes: Object.freeze(attributeTypes),
    optional: EMPTY_SET,
  });
}

/** The empty object type (go-cty `EmptyObject`). @category constructors */
export const emptyObjectType: ObjectType = objectType({});

/** `tuple([...])`. @category constructors */
export function tupleType(elementTypes: readonly Type[]): TupleType {
  return Object.freeze({ kind: "tuple", elementTypes: Object.freeze([...elementTypes]) });
}

/** The empty tuple type (go-cty `EmptyTuple`). @category constructors */
export const emptyTupleType: TupleType = tupleType([]);

/**
 * Reports whether two types are the same type.
 *
 * @remarks Object types are equal when attribute names, attribute types and optional flags all
 * match (go-cty `Type.Equals`).
 * @category guards
 */
export function typeEquals(a: Type, b: Type): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return a.kind === b.kind;
    case "list":
    case "set":
    case "map":
      return b.kind === a.kind && typeEquals(a.elementType, (b as CollectionType).elementType);
    case "tuple": {
      if (b.kind !== "tuple" || b.elementTypes.length !== a.elementTypes.length) return false;
      return a.elementTypes.every((t, i) => typeEquals(t, b.elementTypes[i] as Type));
    }
    case "object": {
      if (b.kind !== "object") return false;
      const an = Object.keys(a.attributeTypes);
      const bn = Object.keys(b.attributeTypes);
      if (an.length !== bn.length || a.optional.size !== b.optional.size) return false;
      for (const n of an) {
        const bt = b.attributeTypes[n];
        if (bt === undefined || !typeEquals(a.attributeTypes[n] as Type, bt)) return false;
        if (a.optional.has(n) !== b.optional.has(n)) return false;
      }
      return true;
    }
  }
}

/** Is the type a primitive (string, number, bool)? @category guards */
export function isPrimitiveType(t: Type): t is PrimitiveType {
  return t.kind === "string" || t.kind === "number" || t.kind === "bool";
}

/** Is the type a collection (list, set, map)? @category guards */
export function isCollectionType(t: Type): t is CollectionType {
  return t.kind === "list" || t.kind === "set" || t.kind === "map";
}

/** Does the type contain the dynamic pseudo-type anywhere? @category guards */
export function hasDynamicTypes(t: Type): boolean {
  switch (t.kind) {
    case "dynamic":
      return true;
    case "list":
    case "set":
    case "map":
      return hasDynamicTypes(t.elementType);
    case "object":
      return Object.values(t.attributeTypes).some(hasDynamicTypes);
    case "tuple":
      return t.elementTypes.some(hasDynamicTypes);
    default:
      return false;
  }
}

/**
 * Orders two strings by their UTF-8 bytes, as Go's `<` on strings does.
 *
 * @remarks JavaScript's default string order compares UTF-16 code units, which differs from
 * UTF-8 byte order for characters above U+FFFF versus U+E000–U+FFFF. go-cty sorts map keys, object
 * attribute names and set strings byte-wise, so every cty ordering goes through this.
 * @category combinators
 */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // Surrogates (D800–DFFF) encode code points above FFFF, which sort after E000–FFFF in UTF-8.
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa !== sb) return sa ? 1 : -1;
    return ca < cb ? -1 : 1;
  }
  return a.length - b.length;
}
