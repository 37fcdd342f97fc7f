import { indexStep, type Path, type PathStep, stringVal, type Type } from "@tfkit/cty-values";
import type { AttributePath, AttributePathStep, Diagnostic as WireDiagnostic } from "@tfkit/grpc-transport";
import { type Diagnostic, type PathInput, toPath } from "@tfkit/schema";

/**
 * The diagnostics a handler reports besides its result: warnings, and errors that do not stop
 * the handler at once.
 *
 * @remarks Every handler context carries one (`ctx.diagnostics`). Errors added here fail the
 * operation just like a thrown {@link ProviderError}, but let the handler go on (e.g. to set a
 * partial state). The Go framework's `resp.Diagnostics`.
 * @example
 * ```ts
 * ctx.diagnostics.warning("Deprecated size", "Use `size_gb` instead.", ["size"]);
 * ```
 * @category diagnostics
 */
export class Diagnostics {
  readonly #items: Diagnostic[] = [];

  /** Adds an error diagnostic (the operation fails). */
  error(summary: string, detail?: string, path?: PathInput): void {
    this.#items.push(make("error", summary, detail, path));
  }

  /** Adds a warning diagnostic (shown; the operation goes on). */
  warning(summary: string, detail?: string, path?: PathInput): void {
    this.#items.push(make("warning", summary, detail, path));
  }

  /** Adds diagnostics produced elsewhere (e.g. by `validateConfig` of `@tfkit/schema`). */
  add(diagnostics: Diagnostic | readonly Diagnostic[]): void {
    if (Array.isArray(diagnostics)) this.#items.push(...(diagnostics as readonly Diagnostic[]));
    else this.#items.push(diagnostics as Diagnostic);
  }

  /** Whether any error was added. */
  hasErrors(): boolean {
    return this.#items.some((d) => d.severity === "error");
  }

  /** Everything added so far, in order. */
  get all(): readonly Diagnostic[] {
    return this.#items;
  }
}

function make(
  severity: Diagnostic["severity"],
  summary: string,
  detail?: string,
  path?: PathInput,
): Diagnostic {
  const d: { severity: Diagnostic["severity"]; summary: string; detail?: string; path?: Path } = {
    severity,
    summary,
  };
  if (detail !== undefined && detail !== "") d.detail = detail;
  if (path !== undefined) d.path = toPath(path);
  return d;
}

/**
 * @internal Converts a cty path to a tfplugin6 AttributePath, walking the type so list indexes
 * become int keys and map keys string keys. A set element cannot be addressed on the wire, so
 * the path is cut there (as terraform-plugin-go does). A name step into a map (what
 * `["tags", "env"]` in user code means) becomes the map key.
 */
export function toAttributePath(path: Path, type: Type | undefined): AttributePath {
  const out: AttributePathStep[] = [];
  let t: Type | undefined = type;
  for (const step of path) {
    if (step.kind === "attribute") {
      if (t?.kind === "map") {
        // `["tags", "env"]` from user code: a name step into a map is its key.
        out.push({ kind: "elementKeyString", key: step.name });
        t = t.elementType;
        continue;
      }
      out.push({ kind: "attribute", name: step.name });
      t = t?.kind === "object" ? t.attributeTypes[step.name] : undefined;
      continue;
    }
    if (t?.kind === "set") break;
    const key = step.key;
    if (!key.isKnown() || key.isNull()) break;
    if (key.type.kind === "string") {
      out.push({ kind: "elementKeyString", key: key.asString() });
      t =
        t?.kind === "map"
          ? t.elementType
          : t?.kind === "object"
            ? t.attributeTypes[key.asString()]
            : undefined;
    } else if (key.type.kind === "number") {
      const n = key.asNumber();
      if (!n.isInt64()) break;
      const i = Number(n.toBigInt());
      out.push({ kind: "elementKeyInt", key: i });
      t = t?.kind === "list" ? t.elementType : t?.kind === "tuple" ? t.elementTypes[i] : undefined;
    } else {
      break;
    }
  }
  return out;
}

/** @internal Converts schema-level diagnostics to wire diagnostics. */
export function toWire(diagnostics: readonly Diagnostic[], type?: Type): WireDiagnostic[] {
  return diagnostics.map((d) => {
    const w: {
      severity: Diagnostic["severity"];
      summary: string;
      detail?: string;
      attribute?: AttributePath;
    } = { severity: d.severity, summary: d.summary };
    if (d.detail !== undefined && d.detail !== "") w.detail = d.detail;
    if (d.path !== undefined && d.path.length > 0) w.attribute = toAttributePath(d.path, type);
    return w;
  });
}

/**
 * @internal Rewrites name steps into maps (`["tags", "env"]` in user code) as map-key steps, so
 * the path can be applied to values.
 */
export function normalisePath(path: Path, type: Type | undefined): Path {
  const out: PathStep[] = [];
  let t: Type | undefined = type;
  for (const step of path) {
    if (step.kind === "attribute" && t?.kind === "map") {
      out.push(indexStep(stringVal(step.name)));
      t = t.elementType;
      continue;
    }
    out.push(step);
    if (step.kind === "attribute") t = t?.kind === "object" ? t.attributeTypes[step.name] : undefined;
    else if (t?.kind === "list" || t?.kind === "set" || t?.kind === "map") t = t.elementType;
    else if (t?.kind === "tuple" && step.key.isKnown() && step.key.type.kind === "number") {
      t = t.elementTypes[Number(step.key.asNumber().toFloat64())];
    } else if (t?.kind === "object" && step.key.isKnown() && step.key.type.kind === "string") {
      t = t.attributeTypes[step.key.asString()];
    } else t = undefined;
  }
  return out;
}
