import type { Path, PathStep, Value } from "@tfkit/cty-values";
import { attributeStep, indexStep, numberVal, stringVal } from "@tfkit/cty-values";

// Steps are immutable: the common ones are made once. Conversions build a path for every
// attribute and element they visit (for error messages), and a fresh step each time, with a cty
// number for each list index, was most of what converting a model cost.
const attributeSteps = new Map<string, PathStep>();
// Paths are immutable too: the one-step path of a top-level attribute is made once.
const rootPaths = new Map<string, Path>();
const INDEX_STEPS = 1024;
const indexSteps: (PathStep | undefined)[] = new Array(INDEX_STEPS);

/** @internal A path one attribute step longer. */
export function withAttribute(path: Path, name: string): Path {
  let step = attributeSteps.get(name);
  if (step === undefined) {
    step = attributeStep(name);
    if (attributeSteps.size < 4096) attributeSteps.set(name, step);
  }
  if (path.length > 0) return [...path, step];
  let root = rootPaths.get(name);
  if (root === undefined) {
    root = Object.freeze([step]);
    if (rootPaths.size < 4096) rootPaths.set(name, root);
  }
  return root;
}

/** @internal A path one index step longer. */
export function withIndex(path: Path, key: Value): Path {
  return [...path, indexStep(key)];
}

const keySteps = new Map<string, PathStep>();

/** @internal A path one map-key step longer (`["k"]`). */
export function withMapKey(path: Path, key: string): Path {
  let step = keySteps.get(key);
  if (step === undefined) {
    step = indexStep(stringVal(key));
    if (keySteps.size < 4096) keySteps.set(key, step);
  }
  return [...path, step];
}

/** @internal A path one list-index step longer (`[i]`). */
export function withListIndex(path: Path, i: number): Path {
  let step = i < INDEX_STEPS ? indexSteps[i] : undefined;
  if (step === undefined) {
    step = indexStep(numberVal(i));
    if (i < INDEX_STEPS) indexSteps[i] = step;
  }
  return [...path, step];
}

/**
 * @internal Renders a path the way the Go framework's `path.Path.String()` does:
 * `network_interface[0].ip`, `tags["k"]`, set elements as `[Value(...)]` shortened to `[...]`.
 */
export function frameworkPathString(path: Path): string {
  let out = "";
  for (const step of path) {
    if (step.kind === "attribute") {
      out += out === "" ? step.name : `.${step.name}`;
      continue;
    }
    const key = step.key;
    if (key.isKnown() && !key.isNull() && key.type.kind === "string")
      out += `[${JSON.stringify(key.asString())}]`;
    else if (key.isKnown() && !key.isNull() && key.type.kind === "number")
      out += `[${key.asNumber().text()}]`;
    else out += "[...]";
  }
  return out;
}
