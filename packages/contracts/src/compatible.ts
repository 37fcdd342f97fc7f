import {
  goQuote,
  attributeStep,
  compareUtf8,
  friendlyName,
  indexStep,
  isPrimitiveType,
  mismatchMessage,
  numberVal,
  type Path,
  stringVal,
  testConformance,
  type Type,
  unmark,
  unmarkDeep,
  type Value,
  valueGoString,
  valueRange,
} from "@tfkit/cty-values";
import { guarded } from "./internal/guard.js";
import {
  attrPath,
  child,
  elementsOf,
  entriesOf,
  equalsKnownTrue,
  getAttrOr,
  hasMarkDeep,
  indexStrForErrors,
  lengthIntOf,
  knownObjectEntries,
} from "./internal/values.js";
import { type AttributeShape, type BlockShape, type BodyShape, sortedNames } from "./shape.js";
import { ContractRule, type ContractStage, type Violation, violation } from "./violation.js";

/**
 * Checks that `actual` is a valid completion of the possibly partly unknown `planned` object
 * (Terraform `objchange.AssertObjectCompatible`), as core does after apply and for the final plan.
 *
 * @remarks Every known planned value must come back `Equals`-equal (so `1` and `1.0`, float64
 * `0.1` and parsed `0.1` are compatible); nulls may not appear or vanish; an unknown planned
 * value accepts any value of its type that lies within its refinements ("final value … does not
 * conform to planning placeholder …"); list, map and tuple elements may not vanish or appear;
 * set elements must correlate both ways and a set may shrink (unknowns can merge) but never grow;
 * nested block counts are fixed unless planned unknown; `dynamic` attributes accept anything.
 * Attributes that are Sensitive in the schema or marked sensitive get the vague
 * `inconsistent values for sensitive attribute`. Core's quirks are kept: a computed block type
 * that comes back null, or that was planned wholly unknown, ends the check of the object there.
 * Odd values never throw.
 * @example
 * ```ts
 * assertObjectCompatible(schema, planned, actual).map(formatViolation)
 * // ['.port: was cty.NumberIntVal(80), but now cty.NumberIntVal(81)']
 * ```
 * @category guards
 */
export function assertObjectCompatible(
  schema: BodyShape,
  planned: Value,
  actual: Value,
  stage: ContractStage = "apply",
): Violation[] {
  return guarded(stage, () => new Compat(stage).object(schema, planned, actual, []));
}

/**
 * Checks one value against its planned placeholder (Terraform `objchange.AssertValueCompatible`),
 * without a schema: marks are stripped, and there is no sensitive redaction.
 *
 * @remarks The value-level rules of {@link assertObjectCompatible}.
 * @category guards
 */
export function assertValueCompatible(
  planned: Value,
  actual: Value,
  stage: ContractStage = "apply",
): Violation[] {
  return guarded(stage, () => new Compat(stage).value(unmarkDeep(planned), unmarkDeep(actual), []));
}

/**
 * @internal go-cty's `MismatchMessage` including its v1.18 "X required, but have Y" rule for
 * types that cannot be confused (the sibling `mismatchMessage` predates it).
 *
 * @remarks Go tries its object/object and structural/collection cases first; every pair those
 * take is "likely confusing" here, so the "but have" rule never pre-empts them.
 */
export function wrongTypeMessage(got: Type, want: Type): string {
  if (!typesLikelyConfusing(got, want))
    return `${friendlyName(want)} required, but have ${friendlyName(got)}`;
  return mismatchMessage(got, want);
}

function typesLikelyConfusing(got: Type, want: Type): boolean {
  if (isPrimitiveType(got) !== isPrimitiveType(want)) return false;
  if (want.kind === "string") return false;
  if ((want.kind === "bool" && got.kind === "number") || (got.kind === "bool" && want.kind === "number"))
    return false;
  if (got.kind === "tuple" && want.kind === "object") return false;
  return true;
}

class Compat {
  readonly #stage: ContractStage;

  constructor(stage: ContractStage) {
    this.#stage = stage;
  }

  #v(rule: ContractRule, path: Path, message: string): Violation {
    return violation(this.#stage, rule, path, message);
  }

  object(schema: BodyShape, planned: Value, actual: Value, path: Path): Violation[] {
    const errs: Violation[] = [];
    const atRoot = path.length === 0 ? "Root object " : "";
    if (planned.isNull() && !actual.isNull()) {
      return [this.#v(ContractRule.presenceChanged, path, `${atRoot}was absent, but now present`)];
    }
    if (actual.isNull() && !planned.isNull()) {
      return [this.#v(ContractRule.presenceChanged, path, `${atRoot}was present, but now absent`)];
    }
    if (planned.isNull()) return errs;

    // Two plain objects of one type (the usual case): their attributes read straight from them.
    // Stryker disable next-line all: equivalent by design, a fast path; getAttrOr reads the same values.
    const plannedEntries = planned.type === actual.type ? knownObjectEntries(planned) : undefined;
    const actualEntries = plannedEntries === undefined ? undefined : knownObjectEntries(actual);
    for (const name of sortedNames(schema.attributes)) {
      const attrS = schema.attributes[name] as AttributeShape;
      const plannedV = plannedEntries?.get(name) ?? getAttrOr(planned, name, attrS.type);
      const actualV = actualEntries?.get(name) ?? getAttrOr(actual, name, attrS.type);
      // The provider handed back the planned value itself: nothing in it can have changed.
      // Stryker disable next-line ConditionalExpression: equivalent by design (identical values compare equal).
      if (plannedV === actualV) continue;
      const p = attrPath(path, name);
      const sensitive =
        attrS.sensitive || hasMarkDeep(plannedV, "sensitive") || hasMarkDeep(actualV, "sensitive");
      const more = this.value(unmarkDeep(plannedV), unmarkDeep(actualV), p);
      if (sensitive) {
        // Vague on purpose: the values must not reach logs or bug reports.
        if (more.length > 0)
          errs.push(
            this.#v(ContractRule.sensitiveInconsistent, p, "inconsistent values for sensitive attribute"),
          );
      } else {
        errs.push(...more);
      }
    }

    for (const name of sortedNames(schema.blocks)) {
      const blockS = schema.blocks[name] as BlockShape;
      const [plannedV] = unmark(getAttrOr(planned, name, blockS.type));
      const [actualV] = unmark(getAttrOr(actual, name, blockS.type));

      if (blockS.computed) {
        // Core quirk: both branches end the whole object's check, and the error sits on the
        // parent's path.
        if (actualV.isNull() && blockS.nesting !== "single") {
          errs.push(this.#v(ContractRule.computedBlockNull, path, "null block value after apply"));
          return errs;
        }
        if (!plannedV.isKnown()) return this.value(unmarkDeep(plannedV), unmarkDeep(actualV), []);
      }

      const p = attrPath(path, name);
      switch (blockS.nesting) {
        case "single":
        case "group":
          // An unknown placeholder may have expanded into no block at all.
          if (!plannedV.isKnown() && actualV.isNull()) continue;
          errs.push(...this.object(blockS, plannedV, actualV, p));
          break;
        case "list": {
          if (!plannedV.isKnown() || !actualV.isKnown() || plannedV.isNull() || actualV.isNull()) continue;
          const plannedL = lengthIntOf(plannedV);
          const actualL = lengthIntOf(actualV);
          if (plannedL !== actualL) {
            errs.push(
              this.#v(
                ContractRule.blockCountChanged,
                p,
                `block count changed from ${plannedL} to ${actualL}`,
              ),
            );
            continue;
          }
          const actualEls = elementsOf(actualV);
          elementsOf(plannedV).forEach((plannedEV, i) => {
            const actualEV = actualEls[i];
            if (actualEV !== undefined)
              errs.push(...this.object(blockS, plannedEV, actualEV, child(p, indexStep(numberVal(i)))));
          });
          break;
        }
        case "map":
          errs.push(...this.#mapBlock(blockS, plannedV, actualV, p));
          break;
        case "set": {
          if (!plannedV.isKnown() || !actualV.isKnown() || plannedV.isNull() || actualV.isNull()) continue;
          errs.push(
            ...this.#setCorrelation(
              plannedV,
              actualV,
              p,
              (pe, ae) => this.object(blockS, pe, ae, child(p, indexStep(ae))).length === 0,
              Object.keys(blockS.attributes),
            ),
          );
          // Fewer elements are fine (unknowns may have merged once known); more are not.
          const plannedL = lengthIntOf(plannedV);
          const actualL = lengthIntOf(actualV);
          if (plannedL < actualL) {
            errs.push(
              this.#v(
                ContractRule.blockCountChanged,
                p,
                `block set length changed from ${plannedL} to ${actualL}`,
              ),
            );
          }
          break;
        }
      }
    }
    return errs;
  }

  #mapBlock(blockS: BlockShape, plannedV: Value, actualV: Value, p: Path): Violation[] {
    const errs: Violation[] = [];
    if (plannedV.type.kind === "object") {
      const plannedAtys = plannedV.type.attributeTypes;
      const actualAtys = actualV.type.kind === "object" ? actualV.type.attributeTypes : {};
      for (const k of sortedNames(plannedAtys)) {
        if (!Object.hasOwn(actualAtys, k)) {
          errs.push(this.#v(ContractRule.blockCountChanged, p, `block key ${goQuote(k)} has vanished`));
          continue;
        }
        const plannedEV = getAttrOr(plannedV, k, blockS.objectType);
        const actualEV = getAttrOr(actualV, k, blockS.objectType);
        errs.push(...this.object(blockS, plannedEV, actualEV, child(p, attributeStep(k))));
      }
      // New blocks may appear only where the plan had unknown blocks.
      if (plannedV.isKnown()) {
        for (const k of sortedNames(actualAtys)) {
          if (!Object.hasOwn(plannedAtys, k)) {
            errs.push(this.#v(ContractRule.blockCountChanged, p, `new block key ${goQuote(k)} has appeared`));
          }
        }
      }
      return errs;
    }
    if (!plannedV.isKnown() || plannedV.isNull() || !actualV.isKnown() || actualV.isNull()) return errs;
    const plannedL = lengthIntOf(plannedV);
    const actualL = lengthIntOf(actualV);
    if (plannedL !== actualL) {
      return [
        this.#v(ContractRule.blockCountChanged, p, `block count changed from ${plannedL} to ${actualL}`),
      ];
    }
    const actualEntries = entriesOf(actualV);
    for (const [k, plannedEV] of entriesOf(plannedV)) {
      const actualEV = actualEntries.get(k);
      if (actualEV !== undefined)
        errs.push(...this.object(blockS, plannedEV, actualEV, child(p, indexStep(stringVal(k)))));
    }
    return errs;
  }

  value(planned: Value, actual: Value, path: Path): Violation[] {
    if (planned === actual || planned.type.kind === "dynamic") return [];
    if (testConformance(actual.type, planned.type).length > 0) {
      return [
        this.#v(
          ContractRule.wrongType,
          path,
          `wrong final value type: ${wrongTypeMessage(actual.type, planned.type)}`,
        ),
      ];
    }
    if (!planned.isKnown()) {
      // Only the type and the planned refinements bind the final value.
      if (planned.refinement === undefined) return [];
      const ok = valueRange(planned).includes(actual);
      if (ok.isKnown() && !ok.asBool()) {
        return [
          this.#v(
            ContractRule.refinementViolated,
            path,
            `final value ${valueGoString(actual)} does not conform to planning placeholder ${valueGoString(planned)}`,
          ),
        ];
      }
      return [];
    }
    if (actual.isNull()) {
      if (planned.isNull()) return [];
      return [this.#v(ContractRule.valueChanged, path, `was ${valueGoString(planned)}, but now null`)];
    }
    if (planned.isNull())
      return [this.#v(ContractRule.valueChanged, path, `was null, but now ${valueGoString(actual)}`)];

    const ty = planned.type;
    if (!actual.isKnown()) return [this.#v(ContractRule.becameUnknown, path, "was known, but now unknown")];
    if (isPrimitiveType(ty)) {
      if (!equalsKnownTrue(actual, planned)) {
        return [
          this.#v(
            ContractRule.valueChanged,
            path,
            `was ${valueGoString(planned)}, but now ${valueGoString(actual)}`,
          ),
        ];
      }
      return [];
    }
    const errs: Violation[] = [];
    switch (ty.kind) {
      case "list":
      case "tuple": {
        const actualEls = elementsOf(actual);
        const plannedEls = elementsOf(planned);
        plannedEls.forEach((plannedV, i) => {
          const key = numberVal(i);
          const actualV = actualEls[i];
          if (actualV === undefined) {
            errs.push(
              this.#v(ContractRule.elementsChanged, path, `element ${indexStrForErrors(key)} has vanished`),
            );
            return;
          }
          errs.push(...this.value(plannedV, actualV, child(path, indexStep(key))));
        });
        for (let i = plannedEls.length; i < actualEls.length; i++) {
          errs.push(
            this.#v(
              ContractRule.elementsChanged,
              path,
              `new element ${indexStrForErrors(numberVal(i))} has appeared`,
            ),
          );
        }
        return errs;
      }
      case "map": {
        const actualEntries = entriesOf(actual);
        const plannedEntries = entriesOf(planned);
        for (const [k, plannedV] of plannedEntries) {
          const key = stringVal(k);
          const actualV = actualEntries.get(k);
          if (actualV === undefined) {
            errs.push(
              this.#v(ContractRule.elementsChanged, path, `element ${indexStrForErrors(key)} has vanished`),
            );
            continue;
          }
          errs.push(...this.value(plannedV, actualV, child(path, indexStep(key))));
        }
        for (const k of actualEntries.keys()) {
          if (!plannedEntries.has(k)) {
            errs.push(
              this.#v(
                ContractRule.elementsChanged,
                path,
                `new element ${indexStrForErrors(stringVal(k))} has appeared`,
              ),
            );
          }
        }
        return errs;
      }
      case "object":
        for (const name of sortedNames(ty.attributeTypes)) {
          const attrType = ty.attributeTypes[name] as Type;
          errs.push(
            ...this.value(
              getAttrOr(planned, name, attrType),
              getAttrOr(actual, name, attrType),
              attrPath(path, name),
            ),
          );
        }
        return errs;
      case "set": {
        errs.push(
          ...this.#setCorrelation(
            planned,
            actual,
            path,
            (pe, ae) => this.value(pe, ae, child(path, indexStep(ae))).length === 0,
          ),
        );
        const plannedL = lengthIntOf(planned);
        const actualL = lengthIntOf(actual);
        if (plannedL < actualL)
          errs.push(this.#v(ContractRule.setGrew, path, `length changed from ${plannedL} to ${actualL}`));
        return errs;
      }
      default:
        return errs;
    }
  }

  /**
   * Every planned element must correlate with some actual element and vice versa (core's
   * `assertSetValuesCompatible`); planned-side failures are reported alone.
   */
  #setCorrelation(
    planned: Value,
    actual: Value,
    path: Path,
    correlates: (p: Value, a: Value) => boolean,
    checkedAttrs?: readonly string[],
  ): Violation[] {
    const as = elementsOf(planned);
    const bs = elementsOf(actual);
    const aeqs = as.map(() => false);
    const beqs = bs.map(() => false);
    // Core compares every pair (O(n·m)); only pairs whose known primitive leaves agree can
    // correlate, so an index on those leaves skips the rest without changing the outcome.
    const candidates = correlationCandidates(as, bs, checkedAttrs);
    as.forEach((av, ai) => {
      for (const bi of candidates(av)) {
        if (aeqs[ai] && beqs[bi]) continue;
        if (correlates(av, bs[bi] as Value)) {
          aeqs[ai] = true;
          beqs[bi] = true;
        }
      }
    });
    const errs: Violation[] = [];
    aeqs.forEach((eq, i) => {
      if (!eq) {
        errs.push(
          this.#v(
            ContractRule.setUncorrelated,
            path,
            `planned set element ${valueGoString(as[i] as Value)} does not correlate with any element in actual`,
          ),
        );
      }
    });
    if (errs.length > 0) return errs;
    beqs.forEach((eq, i) => {
      if (!eq) {
        errs.push(
          this.#v(
            ContractRule.setUncorrelated,
            path,
            `actual set element ${valueGoString(bs[i] as Value)} does not correlate with any element in plan`,
          ),
        );
      }
    });
    return errs;
  }
}

// Stryker disable all: the set-correlation index only prunes pairs that cannot correlate; a
// coarser key (the mutants here) only keeps more candidates, so the verdict is unchanged. The
// property tests compare it with core's pairwise definition.
/**
 * The key under which a known, non-null primitive compares equal (cty `Equals`): strings by
 * content, bools by value, numbers as exact integers or else by their canonical text (go-cty
 * `rawNumberEqual`). `undefined` for anything else.
 */
function primitiveKey(marked: Value): string | undefined {
  const [v] = unmark(marked);
  if (!v.isKnown() || v.isNull()) return undefined;
  switch (v.type.kind) {
    case "string":
      return `s${v.asString()}`;
    case "bool":
      return v.asBool() ? "T" : "F";
    case "number": {
      const n = v.asNumber();
      if (n.isInfinite()) return `n${n.sign()}inf`;
      return n.isInteger() ? `i${n.toBigInt()}` : `f${n.text()}`;
    }
    default:
      return undefined;
  }
}
// Stryker restore all

/**
 * For each planned set element, the indices of actual elements that can possibly correlate:
 * those equal to it (primitive elements) or agreeing on its first known primitive attribute
 * among `checkedAttrs` (object elements). A planned element with nothing known to index on
 * gets every index.
 */
function correlationCandidates(
  planned: readonly Value[],
  actual: readonly Value[],
  checkedAttrs: readonly string[] | undefined,
): (p: Value) => Iterable<number> {
  const all = actual.map((_, i) => i);
  if (planned.length * actual.length < 64) return () => all;
  const index = new Map<string, number[]>();
  const add = (key: string, i: number) => {
    const list = index.get(key);
    if (list === undefined) index.set(key, [i]);
    else list.push(i);
  };
  const attrsOf = (v: Value): readonly string[] =>
    v.type.kind === "object" ? (checkedAttrs ?? Object.keys(v.type.attributeTypes)) : [];
  actual.forEach((a, i) => {
    const k = primitiveKey(a);
    if (k !== undefined) add(`=${k}`, i);
    if (a.type.kind === "object" && a.isKnown() && !a.isNull()) {
      const entries = a.entries();
      for (const name of attrsOf(a)) {
        const av = entries.get(name);
        const ak = av === undefined ? undefined : primitiveKey(av);
        if (ak !== undefined) add(`${name}\u0000${ak}`, i);
      }
    }
  });
  return (p) => {
    const k = primitiveKey(p);
    if (k !== undefined) return index.get(`=${k}`) ?? [];
    if (p.type.kind === "object" && p.isKnown() && !p.isNull()) {
      const entries = p.entries();
      for (const name of [...attrsOf(p)].sort(compareUtf8)) {
        const pv = entries.get(name);
        const pk = pv === undefined ? undefined : primitiveKey(pv);
        if (pk !== undefined) return index.get(`${name}\u0000${pk}`) ?? [];
      }
    }
    return all;
  };
}
