import type { Path, Value } from "@tfkit/cty-values";
import { attributeStep, indexStep } from "@tfkit/cty-values";

/** @internal A path one attribute step longer. */
export function withAttribute(path: Path, name: string): Path {
  return [...path, attributeStep(name)];
}

/** @internal A path one index step longer. */
export function withIndex(path: Path, key: Value): Path {
  return [...path, indexStep(key)];
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
