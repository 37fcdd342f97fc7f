import {
  attributeStep,
  formatPath,
  indexStep,
  numberVal,
  type Path,
  stringVal,
  testConformance,
  type Type,
  type Value,
  walk,
} from "@tfkit/cty-values";
import type { Attributes, Blocks } from "@tfkit/schema";

/**
 * One reason an upgraded state cannot be stored.
 * @category diagnostics
 */
export interface StateProblem {
  /** Where in the state the problem is. */
  readonly path: Path;
  /** What is wrong, without the path (`string required, but received bool`). */
  readonly message: string;
}

/**
 * Checks that a state value conforms to a schema's implied type, is not null, and is wholly
 * known, returning every problem with its path.
 *
 * @remarks What Terraform core checks after UpgradeResourceState ("Invalid resource state
 * upgrade": `TestConformance` against the current schema's implied type), plus what it needs to
 * store the state at all: a non-null object without unknown values (go-cty's JSON encoder
 * refuses unknowns with "value is not known"). Conformance messages are go-cty's
 * (`unsupported attribute "x"`, `string required, but received bool`); an unknown is reported
 * once, at the outermost unknown value.
 * @example
 * ```ts
 * checkStateValue(objectVal({ id: unknownVal(stringType) }), objectType({ id: stringType }))
 * // [{ path: [attributeStep("id")], message: "value is not known" }]
 * ```
 * @category diagnostics
 */
export function checkStateValue(value: Value, type: Type): StateProblem[] {
  const conformance = testConformance(value.type, type);
  if (conformance.length > 0) {
    return conformance.map((e) => ({ path: e.path ?? [], message: e.rawMessage }));
  }
  if (value.isKnown() && value.isNull()) return [{ path: [], message: "the state is null" }];
  const problems: StateProblem[] = [];
  walk(value, (path, v) => {
    if (!v.isKnown()) {
      problems.push({ path, message: "value is not known" });
      return false;
    }
    return true;
  });
  return problems;
}

/** @internal Renders a problem like a go-cty path error (`.a[0]: message`). */
export function renderProblem(p: StateProblem): string {
  return p.path.length === 0 ? p.message : `${formatPath(p.path)}: ${p.message}`;
}

/** The parts of a schema body the write-only check walks. */
interface Body {
  readonly attributes: Attributes;
  readonly blocks?: Blocks;
}

/**
 * @internal Reports write-only attributes that hold a value: they are always null in state
 * (Terraform 1.11 rejects a provider answer that stores one). The value must already conform.
 */
export function writeOnlyProblems(body: Body, value: Value, path: Path = []): StateProblem[] {
  const problems: StateProblem[] = [];
  if (value.isNull() || !value.isKnown() || value.type.kind !== "object") return problems;
  const each = (v: Value, nesting: string, inner: Body, at: Path): void => {
    if (v.isNull() || !v.isKnown()) return;
    if (nesting === "single" || nesting === "group") {
      problems.push(...writeOnlyProblems(inner, v, at));
    } else if (v.type.kind === "list" || v.type.kind === "set" || v.type.kind === "tuple") {
      const set = v.type.kind === "set";
      v.elements().forEach((e, i) => {
        problems.push(...writeOnlyProblems(inner, e, [...at, indexStep(set ? e : numberVal(i))]));
      });
    } else if (v.type.kind === "map" || v.type.kind === "object") {
      for (const [k, e] of v.entries())
        problems.push(...writeOnlyProblems(inner, e, [...at, indexStep(stringVal(k))]));
    }
  };
  for (const [name, spec] of Object.entries(body.attributes)) {
    const v = value.getAttr(name);
    const at = [...path, attributeStep(name)];
    if (spec.writeOnly && !v.isNull()) {
      problems.push({
        path: at,
        message: "write-only attributes are always null in state, but this one has a value",
      });
    } else if (spec.kind === "nested_attribute") {
      each(v, spec.nesting, { attributes: spec.attributes }, at);
    }
  }
  for (const [name, spec] of Object.entries(body.blocks ?? {})) {
    each(value.getAttr(name), spec.nesting, spec, [...path, attributeStep(name)]);
  }
  return problems;
}
