import { goQuote } from "./internal/go-quote.js";
import type { CtyNumber } from "./number.js";
import type { Value } from "./value.js";

// What a path is and how Terraform prints it. This module loads no value code at run time (only
// types), so errors.ts can render a path with formatPath whatever order the modules load in; the
// operations that follow a path through a value are in path-ops.ts.

/**
 * One step into an object: its attribute `name` (go-cty `GetAttrStep`).
 * @category models
 */
export interface AttributeStep {
  /** Discriminant. */
  readonly kind: "attribute";
  /** The attribute name. */
  readonly name: string;
}

/**
 * One step into a list, tuple or map by key, or into a set by element (go-cty `IndexStep`).
 *
 * @remarks List and tuple keys are numbers, map keys strings; a set element is addressed by the
 * element value itself. An unknown key stands for "any element" (type paths, conformance errors).
 * @category models
 */
export interface IndexStep {
  /** Discriminant. */
  readonly kind: "index";
  /** The key: a number (list/tuple), string (map) or the element itself (set). */
  readonly key: Value;
}

/** One step of a {@link Path}. @category models */
export type PathStep = AttributeStep | IndexStep;

/**
 * A location inside a value: a sequence of steps from the root (go-cty `cty.Path`). The empty path
 * is the value itself.
 * @category models
 */
export type Path = readonly PathStep[];

/** An attribute step. @category constructors */
export function attributeStep(name: string): AttributeStep {
  return Object.freeze({ kind: "attribute", name });
}

/** An index step (list/tuple index, map key or set element). @category constructors */
export function indexStep(key: Value): IndexStep {
  return Object.freeze({ kind: "index", key });
}

/**
 * Renders a path the way Terraform does in diagnostics (`format.CtyPath`).
 *
 * @remarks Attribute → `.name`; index → `[key]` where the key is a number in Go `Text('g', -1)`
 * form (`[0]`, `[1e+21]`), a string quoted as Go `strconv.Quote` (`["k"]`), `null`, `(not yet
 * known)` for an unknown key, or `...` for any other key (such as an object-typed set element).
 * The empty path renders as `""`.
 * @example
 * ```ts
 * formatPath([attributeStep("network_interface"), indexStep(numberVal(0)), attributeStep("ip")])
 * // ".network_interface[0].ip"
 * ```
 * @category encoding
 */
export function formatPath(path: Path): string {
  let out = "";
  for (const step of path) {
    if (step.kind === "attribute") {
      out += `.${step.name}`;
      continue;
    }
    // Marks do not change what a key prints as: read the key as it is, marked or not.
    const key = step.key;
    let text: string;
    if (key.isNull()) text = "null";
    else if (!key.isKnown()) text = "(not yet known)";
    else if (key.type.kind === "number") text = (key.payload as CtyNumber).textG();
    else if (key.type.kind === "string") text = goQuote(key.payload as string);
    else text = "...";
    out += `[${text}]`;
  }
  return out;
}
