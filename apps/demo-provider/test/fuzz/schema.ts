/**
 * The implied cty type of a tfplugin6 schema as GetProviderSchema describes it (built here from
 * the wire description, not from the provider's own schema objects, so the fuzzer sees exactly
 * what Terraform sees).
 */
import { listType, mapType, objectType, setType, type Type, typeFromJson } from "@tfkit/cty-values";
import type { GetProviderSchemaResponse, Schema, SchemaAttribute, SchemaBlock } from "@tfkit/grpc-transport";

function attributeType(a: SchemaAttribute): Type {
  if (a.nestedType !== undefined) {
    const inner = objectType(
      Object.fromEntries(a.nestedType.attributes.map((x) => [x.name, attributeType(x)])),
    );
    switch (a.nestedType.nesting) {
      case "single":
        return inner;
      case "list":
        return listType(inner);
      case "set":
        return setType(inner);
      case "map":
        return mapType(inner);
    }
  }
  if (a.type === undefined) throw new Error(`attribute ${a.name} has neither type nor nestedType`);
  return typeFromJson(a.type);
}

/** The object type a block implies (nested blocks included). */
export function blockType(b: SchemaBlock): Type {
  const attrs: Record<string, Type> = {};
  for (const a of b.attributes ?? []) attrs[a.name] = attributeType(a);
  for (const nb of b.blockTypes ?? []) {
    const inner = blockType(nb.block);
    attrs[nb.typeName] =
      nb.nesting === "list"
        ? listType(inner)
        : nb.nesting === "set"
          ? setType(inner)
          : nb.nesting === "map"
            ? mapType(inner)
            : inner;
  }
  return objectType(attrs);
}

/** What the fuzzer needs to know of one resource, data source or the provider. */
export interface Target {
  readonly typeName: string;
  readonly version: number;
  readonly type: Type;
}

/** Every target of a GetProviderSchema answer. */
export function targetsOf(schema: GetProviderSchemaResponse): {
  provider: Target;
  resources: Target[];
  dataSources: Target[];
  ephemerals: Target[];
  functions: { name: string; parameters: Type[]; variadic: Type | undefined }[];
} {
  const of = (name: string, s: Schema): Target => ({
    typeName: name,
    version: s.version ?? 0,
    type: blockType(s.block),
  });
  const all = (m: Readonly<Record<string, Schema>> | undefined) =>
    Object.entries(m ?? {}).map(([k, s]) => of(k, s));
  return {
    provider: of("provider", schema.provider ?? { block: {} }),
    resources: all(schema.resourceSchemas),
    dataSources: all(schema.dataSourceSchemas),
    ephemerals: all(schema.ephemeralResourceSchemas),
    functions: Object.entries(schema.functions ?? {}).map(([name, f]) => ({
      name,
      parameters: (f.parameters ?? []).map((p) => typeFromJson(p.type)),
      variadic: f.variadicParameter === undefined ? undefined : typeFromJson(f.variadicParameter.type),
    })),
  };
}
