import { compareUtf8, type ObjectType, type Type, typeEquals } from "../type.js";
import { friendlyNameForConstraint } from "../type-format.js";
import { goQuote } from "../internal/go-quote.js";
import type { FindConversion } from "./path-conversion.js";
import { attributeType } from "./type-util.js";

/**
 * `mismatchMessage`'s text, with the conversion search it asks which parts convert.
 * @internal
 */
export function mismatchMessageFor(got: Type, want: Type, find: FindConversion): string {
  if (got.kind === "object" && want.kind === "object") return mismatchMessageObjects(got, want, find);
  // A failed tuple → list/set or object → map conversion with a dynamic element type means the
  // elements had no common type.
  if (got.kind === "tuple" && want.kind === "list" && want.elementType.kind === "dynamic") {
    return "all list elements must have the same type";
  }
  if (got.kind === "tuple" && want.kind === "set" && want.elementType.kind === "dynamic") {
    return "all set elements must have the same type";
  }
  if (got.kind === "object" && want.kind === "map" && want.elementType.kind === "dynamic") {
    return "all map elements must have the same type";
  }
  const wantIsCollection = want.kind === "list" || want.kind === "set" || want.kind === "map";
  if ((got.kind === "tuple" || got.kind === "object") && wantIsCollection) {
    return mismatchMessageCollectionsFromStructural(got, want, find);
  }
  if ((got.kind === "list" || got.kind === "set" || got.kind === "map") && wantIsCollection) {
    return mismatchMessageCollectionsFromCollections(got, want, find);
  }
  return required(want);
}

function required(want: Type): string {
  return `${friendlyNameForConstraint(want)} required`;
}

function mismatchMessageObjects(got: ObjectType, want: ObjectType, find: FindConversion): string {
  // `got` may have more attributes than `want`; report missing ones first, otherwise one
  // attribute that does not convert, preferring one with no unsafe conversion either.
  const missing: string[] = [];
  let unsafeMismatch: string | undefined;
  let safeMismatch: string | undefined;
  for (const name of Object.keys(want.attributeTypes).sort(compareUtf8)) {
    const wantAttr = want.attributeTypes[name] as Type;
    const gotAttr = attributeType(got, name);
    if (gotAttr === undefined) {
      if (!want.optional.has(name)) missing.push(name);
      continue;
    }
    if (typeEquals(gotAttr, wantAttr)) continue;
    if (unsafeMismatch !== undefined) continue;
    if (find(gotAttr, wantAttr, true) === undefined) {
      unsafeMismatch = `attribute ${goQuote(name)}: ${mismatchMessageFor(gotAttr, wantAttr, find)}`;
    }
    if (safeMismatch !== undefined) continue;
    if (find(gotAttr, wantAttr, false) === undefined) {
      safeMismatch = `attribute ${goQuote(name)}: ${mismatchMessageFor(gotAttr, wantAttr, find)}`;
    }
  }
  if (missing.length > 0) {
    // Go's sort.Strings orders by bytes.
    missing.sort(compareUtf8);
    const quoted = missing.map(goQuote);
    if (quoted.length === 1) return `attribute ${quoted[0]} is required`;
    if (quoted.length === 2) return `attributes ${quoted[0]} and ${quoted[1]} are required`;
    return `attributes ${quoted.slice(0, -1).join(", ")}, and ${quoted[quoted.length - 1]} are required`;
  }
  return unsafeMismatch ?? safeMismatch ?? "incorrect object attributes";
}

function mismatchMessageCollectionsFromStructural(
  got: Type,
  want: Type & { kind: "list" | "set" | "map" },
  find: FindConversion,
): string {
  if ((want.kind === "list" || want.kind === "set") && got.kind !== "tuple") return required(want);
  if (want.kind === "map" && got.kind !== "object") return required(want);
  const wantElement = want.elementType;
  if (got.kind === "tuple") {
    for (const [i, gotElement] of got.elementTypes.entries()) {
      if (typeEquals(gotElement, wantElement)) continue;
      if (find(gotElement, wantElement, true) !== undefined) continue;
      return `element ${i}: ${mismatchMessageFor(gotElement, wantElement, find)}`;
    }
    return `all elements must be ${friendlyNameForConstraint(wantElement)}`;
  }
  if (got.kind === "object") {
    for (const name of Object.keys(got.attributeTypes).sort(compareUtf8)) {
      const gotAttr = got.attributeTypes[name] as Type;
      if (typeEquals(gotAttr, wantElement)) continue;
      if (find(gotAttr, wantElement, true) !== undefined) continue;
      return `element ${goQuote(name)}: ${mismatchMessageFor(gotAttr, wantElement, find)}`;
    }
    return `all elements must be ${friendlyNameForConstraint(wantElement)}`;
  }
  return required(want);
}

function mismatchMessageCollectionsFromCollections(
  got: Type & { kind: "list" | "set" | "map" },
  want: Type & { kind: "list" | "set" | "map" },
  find: FindConversion,
): string {
  if ((want.kind === "list" || want.kind === "set") && got.kind === "map") return required(want);
  if (want.kind === "map" && got.kind !== "map") return required(want);
  const noun = `${want.kind} element type`;
  return `incorrect ${noun}: ${mismatchMessageFor(got.elementType, want.elementType, find)}`;
}
