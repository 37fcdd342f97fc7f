import {
  goQuote,
  attributeStep,
  equals,
  indexStep,
  nullVal,
  type Path,
  rawEquals,
  stringVal,
  unknownVal,
  unmarkDeep,
  unrefinedDeep,
  type Value,
  valueGoString,
  valueRange,
} from "@tfkit/cty-values";
import {
  attrPath,
  child,
  elementsOf,
  entriesOf,
  getAttrOr,
  indexPath,
  lengthIntOf,
  lengthOf,
  knownObjectEntries,
} from "./internal/values.js";
import {
  type AttributeShape,
  type BlockShape,
  type BodyShape,
  nestedObjectType,
  sortedNames,
} from "./shape.js";
import { ContractRule, type ContractStage, type Violation, violation } from "./violation.js";
import { guarded } from "./internal/guard.js";

/**
 * Checks a planned state the way Terraform core checks a PlanResourceChange response
 * (`objchange.AssertPlanValid`).
 *
 * @remarks A provider may only change attributes that are null in config and Computed; a
 * non-null config value must be planned as is, or as the prior value (diff suppression, when
 * prior and config are both non-null). Refinements are stripped before comparing, so a plan may
 * drop refinements the config had. Nested blocks keep their count (list), keys (map) and are
 * never null (except single); an unknown config block (dynamic block with unknown `for_each`)
 * must come back unchanged; no block element may be unknown itself. Nested attributes follow the
 * same presence rules, compare counts and map keys; sets only check that the planned count can
 * include the config's. Write-only attributes must be planned null. Sensitive attributes get
 * redacted messages. Values are compared unmarked. All three values should conform to the
 * schema's implied type (see {@link checkConformance}); odd values never throw, but may be
 * reported as {@link ContractRule} `malformed_input`.
 * @example
 * ```ts
 * assertPlanValid(schema, prior, config, planned).map(formatViolation)
 * // ['.name: planned value cty.StringVal("b") does not match config value cty.StringVal("a")']
 * ```
 * @category guards
 */
export function assertPlanValid(schema: BodyShape, prior: Value, config: Value, planned: Value): Violation[] {
  return guarded("plan", () => {
    const errs: Violation[] = [];
    new PlanValidator(errs, "plan").block(
      schema,
      unmarkDeep(prior),
      unmarkDeep(config),
      unmarkDeep(planned),
      [],
    );
    return errs;
  });
}

const NESTED_BLOCK_ELEMENT_UNKNOWN =
  "element representing nested block must not be unknown itself; set nested attribute values to unknown instead";

class PlanValidator {
  readonly #errs: Violation[];
  readonly #stage: ContractStage;

  constructor(errs: Violation[], stage: ContractStage) {
    this.#errs = errs;
    this.#stage = stage;
  }

  #err(rule: ContractRule, path: Path, message: string): void {
    this.#errs.push(violation(this.#stage, rule, path, message));
  }

  block(schema: BodyShape, prior: Value, config: Value, planned: Value, path: Path): void {
    if (planned.isNull() && !config.isNull()) {
      this.#err(ContractRule.plannedAbsent, path, "planned for absence but config wants existence");
      return;
    }
    if (config.isNull() && !planned.isNull()) {
      this.#err(ContractRule.plannedPresent, path, "planned for existence but config wants absence");
      return;
    }
    if (planned.isNull()) return;

    this.attributes(schema.attributes, prior, config, planned, path);

    for (const name of sortedNames(schema.blocks)) {
      const blockS = schema.blocks[name] as BlockShape;
      this.blockType(name, blockS, prior, config, planned, attrPath(path, name));
    }
  }

  blockType(name: string, blockS: BlockShape, prior: Value, config: Value, planned: Value, path: Path): void {
    const plannedV = getAttrOr(planned, name, blockS.type);
    const configV = getAttrOr(config, name, blockS.type);
    const priorV = prior.isNull() ? nullVal(blockS.type) : getAttrOr(prior, name, blockS.type);

    if (blockS.nesting !== "single" && plannedV.isNull()) {
      this.#err(
        ContractRule.blockNull,
        path,
        `attribute representing a ${blockS.nesting} of nested blocks must be empty to indicate no blocks, not null`,
      );
      return;
    }
    if (rawEquals(plannedV, configV)) return;
    if (!configV.isKnown()) {
      this.#err(
        ContractRule.dynamicBlockChanged,
        path,
        `planned value ${valueGoString(plannedV)} for unknown dynamic block`,
      );
      return;
    }
    if (configV.isNull() && blockS.computed) return;
    if (!plannedV.isKnown()) {
      this.#err(
        ContractRule.blockUnknown,
        path,
        blockS.computed
          ? "planned unknown value for configured block"
          : "planned unknown value for non-computed block",
      );
      return;
    }

    switch (blockS.nesting) {
      case "single":
      case "group":
        this.block(blockS, priorV, configV, plannedV, path);
        return;
      case "list": {
        // A null list block can only come from a legacy provider via ignore_changes; core
        // compares it as empty (lengthIntOf counts a null as 0).
        const plannedL = lengthIntOf(plannedV);
        const configL = lengthIntOf(configV);
        if (plannedL !== configL) {
          this.#err(
            ContractRule.blockCount,
            path,
            `block count in plan (${plannedL}) disagrees with count in config (${configL})`,
          );
          return;
        }
        const plannedEls = elementsOf(plannedV);
        const configEls = elementsOf(configV);
        const priorEls = elementsOf(priorV);
        plannedEls.forEach((plannedEV, i) => {
          const p = indexPath(path, i);
          if (!plannedEV.isKnown()) {
            this.#err(ContractRule.blockElementUnknown, p, NESTED_BLOCK_ELEMENT_UNKNOWN);
            return;
          }
          const configEV = configEls[i];
          if (configEV === undefined) return;
          const priorEV = priorEls[i] ?? nullVal(blockS.objectType);
          this.block(blockS, priorEV, configEV, plannedEV, p);
        });
        return;
      }
      case "map":
        this.#mapBlock(blockS, priorV, configV, plannedV, path);
        return;
      case "set":
        // Set elements have no identity to correlate them by, so core only checks that no
        // element is unknown as a whole.
        for (const plannedEV of elementsOf(plannedV)) {
          if (!plannedEV.isKnown()) {
            this.#err(
              ContractRule.blockElementUnknown,
              child(path, indexStep(plannedEV)),
              NESTED_BLOCK_ELEMENT_UNKNOWN,
            );
          }
        }
        return;
    }
  }

  #mapBlock(blockS: BlockShape, priorV: Value, configV: Value, plannedV: Value, path: Path): void {
    if (plannedV.type.kind === "object") {
      // Map blocks holding dynamic attributes are objects keyed like maps.
      const plannedKeys = sortedNames(plannedV.type.attributeTypes);
      const configAtys = configV.type.kind === "object" ? configV.type.attributeTypes : {};
      const plannedEntries = entriesOf(plannedV);
      const configEntries = entriesOf(configV);
      for (const k of plannedKeys) {
        if (!Object.hasOwn(configAtys, k)) {
          this.#err(
            ContractRule.blockKey,
            path,
            `block key ${goQuote(k)} from plan is not present in config`,
          );
          continue;
        }
        const p = child(path, attributeStep(k));
        const plannedEV = plannedEntries.get(k) ?? unknownVal(blockS.objectType);
        if (!plannedEV.isKnown()) {
          this.#err(ContractRule.blockElementUnknown, p, NESTED_BLOCK_ELEMENT_UNKNOWN);
          continue;
        }
        const configEV = configEntries.get(k) ?? nullVal(blockS.objectType);
        const priorEV = getAttrOr(priorV, k, blockS.objectType);
        this.block(blockS, priorEV, configEV, plannedEV, p);
      }
      for (const k of sortedNames(configAtys)) {
        if (!Object.hasOwn(plannedV.type.attributeTypes, k)) {
          this.#err(
            ContractRule.blockKey,
            path,
            `block key ${goQuote(k)} from config is not present in plan`,
          );
        }
      }
      return;
    }
    const plannedL = lengthIntOf(plannedV);
    const configL = lengthIntOf(configV);
    if (plannedL !== configL) {
      this.#err(
        ContractRule.blockCount,
        path,
        `block count in plan (${plannedL}) disagrees with count in config (${configL})`,
      );
      return;
    }
    const configEntries = entriesOf(configV);
    const priorEntries = entriesOf(priorV);
    for (const [k, plannedEV] of entriesOf(plannedV)) {
      const p = child(path, indexStep(stringVal(k)));
      if (!plannedEV.isKnown()) {
        this.#err(ContractRule.blockElementUnknown, p, NESTED_BLOCK_ELEMENT_UNKNOWN);
        continue;
      }
      const configEV = configEntries.get(k);
      if (configEV === undefined) {
        this.#err(ContractRule.blockKey, p, `block key ${goQuote(k)} from plan is not present in config`);
        continue;
      }
      const priorEV = priorEntries.get(k) ?? nullVal(blockS.objectType);
      this.block(blockS, priorEV, configEV, plannedEV, p);
    }
    const plannedEntries = entriesOf(plannedV);
    for (const k of configEntries.keys()) {
      if (!plannedEntries.has(k)) {
        this.#err(ContractRule.blockKey, path, `block key ${goQuote(k)} from config is not present in plan`);
      }
    }
  }

  attributes(
    attrs: { readonly [name: string]: AttributeShape },
    prior: Value,
    config: Value,
    planned: Value,
    path: Path,
  ): void {
    // Known objects (the usual case) are read straight from their entries.
    const configEntries = knownObjectEntries(config);
    const priorEntries = knownObjectEntries(prior);
    const plannedEntries = knownObjectEntries(planned);
    for (const name of sortedNames(attrs)) {
      const attrS = attrs[name] as AttributeShape;
      // Any of the three may be null (or unknown) inside nested structural attributes.
      const configV =
        configEntries?.get(name) ??
        (config.isNull() ? nullVal(attrS.type) : getAttrOr(config, name, attrS.type));
      const priorV =
        priorEntries?.get(name) ??
        (prior.isNull() ? nullVal(attrS.type) : getAttrOr(prior, name, attrS.type));
      const plannedV =
        plannedEntries?.get(name) ??
        (planned.isNull() ? nullVal(attrS.type) : getAttrOr(planned, name, attrS.type));
      // What `value` accepts first, decided without building a path: the planned value is the
      // configured or the prior one itself, or the attribute is computed-only.
      // Stryker disable next-line all: equivalent by design, `value` accepts these first too.
      if (plannedV === configV) continue;
      // Stryker disable next-line all: equivalent by design (see above).
      if (plannedV === priorV && !priorV.isNull() && !configV.isNull()) continue;
      // Stryker disable next-line all: equivalent by design (see above).
      if (attrS.computed && !attrS.optional && !attrS.writeOnly) continue;
      this.value(attrS, priorV, configV, plannedV, attrPath(path, name));
    }
  }

  value(attrS: AttributeShape, priorV: Value, configV: Value, plannedV: Value, path: Path): void {
    const unrefinedPlanned = unrefinedDeep(plannedV);
    if (rawEquals(unrefinedPlanned, unrefinedDeep(configV))) return;
    if (rawEquals(unrefinedPlanned, unrefinedDeep(priorV)) && !priorV.isNull() && !configV.isNull()) return;

    if (attrS.writeOnly) {
      if (!plannedV.isNull())
        this.#err(ContractRule.writeOnly, path, "planned value for write-only attribute is not null");
      return;
    }
    // Computed-only: any plan (a config value can only come from ignore_changes or a config
    // validation the provider skipped; not a plan bug).
    if (attrS.computed && !attrS.optional) return;
    if (configV.isNull() && attrS.computed) return;
    if (configV.isNull() && !plannedV.isNull()) {
      this.#err(
        ContractRule.nonComputedValue,
        path,
        attrS.sensitive
          ? "sensitive planned value for a non-computed attribute"
          : `planned value ${valueGoString(plannedV)} for a non-computed attribute`,
      );
      return;
    }
    if (attrS.kind === "nested_attribute" && attrS.attributes !== undefined) {
      this.#nestedObject(attrS, priorV, configV, plannedV, path);
      return;
    }
    if (priorV.isNull()) {
      this.#err(
        ContractRule.configMismatch,
        path,
        attrS.sensitive
          ? "sensitive planned value does not match config value"
          : `planned value ${valueGoString(plannedV)} does not match config value ${valueGoString(configV)}`,
      );
      return;
    }
    this.#err(
      ContractRule.configMismatch,
      path,
      attrS.sensitive
        ? "sensitive planned value does not match config value nor prior value"
        : `planned value ${valueGoString(plannedV)} does not match config value ${valueGoString(configV)} nor prior value ${valueGoString(priorV)}`,
    );
  }

  #nestedObject(attrS: AttributeShape, prior: Value, config: Value, planned: Value, path: Path): void {
    if (planned.isNull() && !config.isNull()) {
      this.#err(ContractRule.plannedAbsent, path, "planned for absence but config wants existence");
      return;
    }
    if (config.isNull() && !planned.isNull()) {
      this.#err(ContractRule.plannedPresent, path, "planned for existence but config wants absence");
      return;
    }
    if (!config.isNull() && !planned.isKnown()) {
      this.#err(ContractRule.configuredUnknown, path, "planned unknown for configured value");
      return;
    }
    if (planned.isNull()) return;

    const attrs = attrS.attributes ?? {};
    const objType = nestedObjectType(attrS);
    switch (attrS.nesting) {
      case "list": {
        if (!this.#countsAgree(planned, config, path)) return;
        const configEls = elementsOf(config);
        const priorEls = elementsOf(prior);
        elementsOf(planned).forEach((plannedEV, i) => {
          const configEV = configEls[i];
          if (configEV === undefined) return;
          this.attributes(attrs, priorEls[i] ?? nullVal(objType), configEV, plannedEV, indexPath(path, i));
        });
        return;
      }
      case "map": {
        if (!this.#countsAgree(planned, config, path)) return;
        const plannedVals = entriesOf(planned);
        const configVals = entriesOf(config);
        const priorVals = entriesOf(prior);
        for (const [k, plannedEV] of plannedVals) {
          const configEV = configVals.get(k);
          if (configEV === undefined) {
            this.#err(
              ContractRule.nestedKey,
              path,
              `map key ${goQuote(k)} from plan is not present in config`,
            );
            continue;
          }
          // Core steps into map elements with a GetAttr step here, so paths read `.map.key`.
          this.attributes(
            attrs,
            priorVals.get(k) ?? nullVal(objType),
            configEV,
            plannedEV,
            child(path, attributeStep(k)),
          );
        }
        for (const k of configVals.keys()) {
          if (!plannedVals.has(k)) {
            this.#err(
              ContractRule.nestedKey,
              path,
              `map key ${goQuote(k)} from config is not present in plan`,
            );
          }
        }
        return;
      }
      case "set": {
        const plannedL = lengthOf(planned);
        const configL = lengthOf(config);
        if (plannedL === undefined || configL === undefined) return;
        const ok = valueRange(plannedL).includes(configL);
        if (ok.isKnown() && !ok.asBool()) {
          this.#err(
            ContractRule.nestedCount,
            path,
            `count in plan (${valueGoString(plannedL)}) disagrees with count in config (${valueGoString(configL)})`,
          );
        }
        return;
      }
      default:
        this.attributes(attrs, prior, config, planned, path);
    }
  }

  /** List and map nested attributes: the counts must be equal (or both unknown). */
  #countsAgree(planned: Value, config: Value, path: Path): boolean {
    const plannedL = lengthOf(planned);
    const configL = lengthOf(config);
    if (plannedL === undefined || configL === undefined) return false;
    if (!plannedL.isKnown() && !configL.isKnown()) return false;
    const eq = equals(plannedL, configL);
    if (!eq.isKnown() || !eq.asBool()) {
      this.#err(
        ContractRule.nestedCount,
        path,
        `count in plan (${valueGoString(plannedL)}) disagrees with count in config (${valueGoString(configL)})`,
      );
      return false;
    }
    return true;
  }
}
