import { CtyError } from "./errors.js";
import { goQuote } from "./internal/go-quote.js";
import { attributeStep, indexStep, type Path } from "./path.js";
import { friendlyName } from "./type-format.js";
import { compareUtf8, numberType, stringType, type Type, typeEquals } from "./type.js";
import { numberVal, unknownVal } from "./value.js";

/**
 * Checks that a type conforms to another, returning every mismatch (go-cty `Type.TestConformance`).
 *
 * @remarks `want` may contain the dynamic pseudo-type, which accepts anything; otherwise types
 * must be equal. Objects report `unsupported attribute "x"` and `missing required attribute "x"`
 * at the object's path, then recurse into shared attributes; lists, maps and sets recurse into
 * their element types; any other difference is `<want> required, but received <given>` using
 * friendly names. Tuples of different lengths report `N elements are required, but got M`; tuples of
 * equal length recurse element by element.
 * Each error is a `CtyError` with code `"conversion"` and a path whose element steps have unknown
 * keys (a number for lists, a string for maps, the given element type for sets), rendered
 * `[(not yet known)]`. Errors come in attribute-name order (go-cty's order follows Go map
 * iteration and varies).
 * @example
 * ```ts
 * testConformance(objectType({ a: stringType }), objectType({ a: numberType }))[0]?.message
 * // ".a: number required, but received string"
 * ```
 * @category guards
 */
export function testConformance(given: Type, want: Type): CtyError[] {
  const errs: CtyError[] = [];
  conform(given, want, [], errs);
  return errs;
}

function conform(given: Type, want: Type, path: Path, errs: CtyError[]): void {
  if (want.kind === "dynamic") return;
  if (typeEquals(given, want)) return;

  if (given.kind === "object" && want.kind === "object") {
    const givenNames = Object.keys(given.attributeTypes).sort(compareUtf8);
    const wantNames = Object.keys(want.attributeTypes).sort(compareUtf8);
    for (const k of givenNames) {
      if (!Object.hasOwn(want.attributeTypes, k))
        errs.push(conformanceError(path, `unsupported attribute ${goQuote(k)}`));
    }
    for (const k of wantNames) {
      if (!Object.hasOwn(given.attributeTypes, k)) {
        errs.push(conformanceError(path, `missing required attribute ${goQuote(k)}`));
      }
    }
    for (const k of wantNames) {
      const g = given.attributeTypes[k];
      if (g !== undefined) conform(g, want.attributeTypes[k] as Type, [...path, attributeStep(k)], errs);
    }
    return;
  }
  if (given.kind === "tuple" && want.kind === "tuple") {
    if (given.elementTypes.length !== want.elementTypes.length) {
      errs.push(
        conformanceError(
          path,
          `${want.elementTypes.length} elements are required, but got ${given.elementTypes.length}`,
        ),
      );
      return;
    }
    want.elementTypes.forEach((w, i) => {
      conform(given.elementTypes[i] as Type, w, [...path, indexStep(numberVal(i))], errs);
    });
    return;
  }
  if (given.kind === "list" && want.kind === "list") {
    conform(given.elementType, want.elementType, [...path, indexStep(unknownVal(numberType))], errs);
    return;
  }
  if (given.kind === "map" && want.kind === "map") {
    conform(given.elementType, want.elementType, [...path, indexStep(unknownVal(stringType))], errs);
    return;
  }
  if (given.kind === "set" && want.kind === "set") {
    conform(given.elementType, want.elementType, [...path, indexStep(unknownVal(given.elementType))], errs);
    return;
  }
  errs.push(conformanceError(path, `${friendlyName(want)} required, but received ${friendlyName(given)}`));
}

function conformanceError(path: Path, message: string): CtyError {
  return new CtyError("conversion", message, { path: [...path] });
}
