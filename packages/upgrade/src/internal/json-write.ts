/**
 * Writes back what `@tfkit/cty-values`' exact reader parsed: numbers keep their source text, so
 * pruning attributes from stored state changes nothing else (JSON.parse would round numbers to
 * float64).
 * @internal
 */
import type { JsonNode } from "@tfkit/cty-values";

/** Writes a parsed value back as compact JSON (numbers as their original text). @internal */
export function writeJsonNode(tree: JsonNode): string {
  switch (tree.kind) {
    case "null":
      return "null";
    case "bool":
      return tree.value ? "true" : "false";
    case "number":
      return tree.text;
    case "string":
      return JSON.stringify(tree.value);
    case "array":
      return `[${tree.items.map(writeJsonNode).join(",")}]`;
    case "object":
      return `{${tree.entries.map(([k, v]) => `${JSON.stringify(k)}:${writeJsonNode(v)}`).join(",")}}`;
  }
}
