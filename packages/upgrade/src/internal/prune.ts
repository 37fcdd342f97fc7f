import { type JsonNode, type Type, typeFromJson } from "@tfkit/cty-values";
import { writeJsonNode } from "./json-write.js";

/**
 * Drops object members that the type has no attribute for, at every depth, the way the Go
 * framework decodes RawState (terraform-plugin-go `tftypes.ValueFromJSONOpts{IgnoreUndefinedAttributes: true}`):
 * inside lists, sets, maps, tuples, nested objects and the `value` of a dynamic wrapper (using
 * the wrapper's own `type`). Anything that does not match the type's shape is left alone so the
 * decoder reports it.
 * @internal
 */
export function pruneUndefinedAttributes(tree: JsonNode, type: Type): JsonNode {
  switch (type.kind) {
    case "object": {
      if (tree.kind !== "object") return tree;
      const entries: (readonly [string, JsonNode])[] = [];
      for (const [name, member] of tree.entries) {
        const attributeType = type.attributeTypes[name];
        if (attributeType === undefined || !Object.hasOwn(type.attributeTypes, name)) continue;
        entries.push([name, pruneUndefinedAttributes(member, attributeType)]);
      }
      return { kind: "object", entries };
    }
    case "list":
    case "set":
      if (tree.kind !== "array") return tree;
      return {
        kind: "array",
        items: tree.items.map((item) => pruneUndefinedAttributes(item, type.elementType)),
      };
    case "tuple":
      if (tree.kind !== "array") return tree;
      return {
        kind: "array",
        items: tree.items.map((item, i) => {
          const elementType = type.elementTypes[i];
          return elementType === undefined ? item : pruneUndefinedAttributes(item, elementType);
        }),
      };
    case "map":
      if (tree.kind !== "object") return tree;
      return {
        kind: "object",
        entries: tree.entries.map(([k, v]) => [k, pruneUndefinedAttributes(v, type.elementType)] as const),
      };
    case "dynamic": {
      if (tree.kind !== "object") return tree;
      const typeMember = tree.entries.find(([k]) => k === "type");
      if (typeMember === undefined) return tree;
      let wrapped: Type;
      try {
        wrapped = typeFromJson(writeJsonNode(typeMember[1]));
      } catch {
        return tree;
      }
      return {
        kind: "object",
        entries: tree.entries.map(([k, v]) =>
          k === "value" ? ([k, pruneUndefinedAttributes(v, wrapped)] as const) : ([k, v] as const),
        ),
      };
    }
    default:
      return tree;
  }
}
