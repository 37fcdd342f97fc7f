import { formatPath, type Path, testConformance, type Type, type Value, walk } from "@tfkit/cty-values";

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
