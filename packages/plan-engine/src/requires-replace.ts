import type { Path, Type, Value } from "@tfkit/cty-values";
import { equals, formatPath, nullVal, pathEquals, pathToString } from "@tfkit/cty-values";
import type { Diagnostic, SchemaBody } from "@tfkit/schema";
import { attributeByPath, tryGetPath } from "./internal/values.js";

/**
 * Sorts and deduplicates requires-replace paths, and cuts each at its first set-element step.
 *
 * @remarks The Go framework's `NormaliseRequiresReplace` (sorted by the rendered path) plus what
 * terraform-plugin-go does when it sends them: a protocol `AttributePath` cannot name a set
 * element, so a path into a set stops at the set attribute (spec §5.3 step 11). With the
 * resource's type, a step is a set step when it indexes a set; without it, when its key is
 * neither a number nor a string (an object-typed set element).
 * @category combinators
 */
export function normaliseRequiresReplace(paths: readonly Path[], type?: Type): Path[] {
  const cut = paths.map((p) => {
    const i = firstSetStep(p, type);
    return i < 0 ? p : p.slice(0, i);
  });
  const sorted = [...cut].sort((a, b) => {
    const x = formatPath(a);
    const y = formatPath(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const out: Path[] = [];
  for (const p of sorted) if (!out.some((q) => pathEquals(p, q))) out.push(p);
  return out;
}

function firstSetStep(path: Path, type: Type | undefined): number {
  let t = type;
  for (let i = 0; i < path.length; i++) {
    const step = path[i] as Path[number];
    if (t === undefined) {
      if (step.kind === "index" && step.key.type.kind !== "number" && step.key.type.kind !== "string")
        return i;
      continue;
    }
    if (step.kind === "attribute") {
      t = t.kind === "object" ? t.attributeTypes[step.name] : undefined;
      continue;
    }
    if (t.kind === "set") return i;
    t = t.kind === "list" || t.kind === "map" ? t.elementType : undefined;
  }
  return -1;
}

/**
 * Options naming the provider and resource in core's diagnostics.
 * @category models
 */
export interface CoreMessageOptions {
  /** Provider source address, e.g. `registry.terraform.io/hashicorp/aws` (default `provider`). */
  readonly provider?: string;
  /** Resource instance address, e.g. `aws_instance.web` (default `resource`). */
  readonly address?: string;
}

/**
 * Result of {@link filterRequiresReplace}.
 * @category models
 */
export interface FilteredRequiresReplace {
  /** The paths core keeps (their values change, or they are write-only). */
  readonly paths: Path[];
  /** Core's errors for paths that exist in neither value. */
  readonly diagnostics: Diagnostic[];
}

/**
 * Filters requires-replace paths the way Terraform core does before deciding the action.
 *
 * @remarks Core's `getRequiredReplaces` (spec §5.3 step 8): nothing on create (prior null); each
 * path is applied to prior and planned — a path valid in neither is an error ("has indicated
 * \"requires replacement\" … for a non-existent attribute path"), valid in one side only reads
 * as null on the other; the path is kept when `Equals(planned, prior)` is not known to be true
 * (an unknown planned value is a change) or the attribute is write-only.
 * @category combinators
 */
export function filterRequiresReplace(
  schema: SchemaBody,
  prior: Value,
  planned: Value,
  paths: readonly Path[],
  options: CoreMessageOptions = {},
): FilteredRequiresReplace {
  const out: Path[] = [];
  const diagnostics: Diagnostic[] = [];
  if (prior.isNull()) return { paths: out, diagnostics };
  for (const path of paths) {
    let priorV = tryGetPath(prior, path);
    let plannedV = tryGetPath(planned, path);
    if (priorV === undefined && plannedV === undefined) {
      diagnostics.push({
        severity: "error",
        summary: "Provider produced invalid plan",
        detail: `Provider "${options.provider ?? "provider"}" has indicated "requires replacement" on ${options.address ?? "resource"} for a non-existent attribute path ${pathToString(path)}.\n\nThis is a bug in the provider, which should be reported in the provider's own issue tracker.`,
      });
      continue;
    }
    if (priorV === undefined) priorV = nullVal((plannedV as Value).type);
    if (plannedV === undefined) plannedV = nullVal(priorV.type);
    const eq = equals(plannedV, priorV);
    const changed = !eq.isKnown() || eq.isNull() || !eq.asBool();
    const attribute = attributeByPath({ kind: "block", body: schema, keyBy: [] }, path);
    if (changed || attribute?.writeOnly === true) out.push(path);
  }
  return { paths: out, diagnostics };
}
