import {
  type ConfigBody,
  type ConfigValue,
  type StructuredConfig,
  splitAddress,
} from "./structured-config.js";
import { hclUnknownExpression, isUnknownConfigValue } from "../unknown-value.js";

/**
 * What the HCL renderer needs to know of a schema: which names are attributes and which are
 * nested blocks (and how those nest). A `@tfkit/schema` schema satisfies it.
 *
 * @remarks The part of Terraform's `configschema.Block` that decides HCL syntax.
 * @category models
 */
export interface HclBodySchema {
  /** Attribute names (values are not read). */
  readonly attributes: { readonly [name: string]: unknown };
  /** Nested block types by name. */
  readonly blocks: { readonly [name: string]: HclBlockSchema };
}

/**
 * A nested block type for the HCL renderer.
 *
 * @remarks Terraform's `configschema.NestedBlock`.
 * @category models
 */
export interface HclBlockSchema extends HclBodySchema {
  /** How the blocks nest. */
  readonly nesting: "single" | "list" | "set" | "map" | "group";
}

/**
 * The schemas the HCL renderer looks block bodies up in.
 *
 * @remarks Keyed like `terraform providers schema -json`: provider local name, resource type,
 * data source type.
 * @category models
 */
export interface HclSchemas {
  /** Provider configuration schemas by provider local name. */
  readonly providers: { readonly [name: string]: HclBodySchema };
  /** Managed resource schemas by type. */
  readonly resources: { readonly [type: string]: HclBodySchema };
  /** Data source schemas by type. */
  readonly dataSources: { readonly [type: string]: HclBodySchema };
}

/**
 * An HCL quoted string literal: escapes `\`, `"`, control characters, and the template
 * sequences `${` and `%{` (written `$${`, `%%{`).
 *
 * @internal
 */
export function hclString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    const code = c.charCodeAt(0);
    if (c === "\\") out += "\\\\";
    else if (c === '"') out += '\\"';
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if ((c === "$" || c === "%") && s[i + 1] === "{") out += `${c}${c}`;
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += c;
  }
  return `${out}"`;
}

/**
 * An HCL expression for a constant value.
 *
 * @internal
 */
export function hclExpression(v: ConfigValue, indent = ""): string {
  if (v === null) return "null";
  if (isUnknownConfigValue(v))
    throw new TypeError(
      "@tfkit/testing: unknownValue() is supported as an attribute's whole value, not inside a collection or object",
    );
  if (typeof v === "string") return hclString(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new TypeError(`@tfkit/testing: ${v} cannot be written in HCL`);
    return String(v);
  }
  if (typeof v === "boolean") return v ? "true" : "false";
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    const items = v as readonly ConfigValue[];
    if (items.length === 0) return "[]";
    return `[\n${items.map((e) => `${inner}${hclExpression(e, inner)},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(v as { readonly [key: string]: ConfigValue });
  if (entries.length === 0) return "{}";
  // Keys are always quoted: a bare key that names a variable would be an expression.
  return `{\n${entries.map(([k, e]) => `${inner}${hclString(k)} = ${hclExpression(e, inner)}`).join("\n")}\n${indent}}`;
}

function body(schema: HclBodySchema, values: ConfigBody, indent: string, where: string): string[] {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const spec = schema.blocks[name];
    if (spec === undefined) {
      // A name the schema lacks is written as an attribute: terraform reports it ("Unsupported argument").
      if (value === null) continue; // same as leaving it out
      const expression = isUnknownConfigValue(value)
        ? hclUnknownExpression(
            value.refinements,
            (schema.attributes[name] as { readonly type?: unknown } | undefined)?.type,
            `${where}.${name}`,
            hclString,
          )
        : hclExpression(value, indent);
      lines.push(`${indent}${name} = ${expression}`);
      continue;
    }
    if (value === null) continue;
    if (isUnknownConfigValue(value))
      throw new TypeError(`@tfkit/testing: ${where}: block "${name}" cannot be unknownValue()`);
    const blockOf = (v: ConfigValue, label?: string) => {
      if (typeof v !== "object" || v === null || Array.isArray(v))
        throw new TypeError(`@tfkit/testing: ${where}: block "${name}" must be an object`);
      const head = label === undefined ? name : `${name} ${hclString(label)}`;
      lines.push(
        `${indent}${head} {`,
        ...body(spec, v as ConfigBody, `${indent}  `, `${where}.${name}`),
        `${indent}}`,
      );
    };
    if (spec.nesting === "list" || spec.nesting === "set") {
      if (!Array.isArray(value))
        throw new TypeError(`@tfkit/testing: ${where}: blocks "${name}" must be an array`);
      for (const v of value as readonly ConfigValue[]) blockOf(v);
    } else if (spec.nesting === "map") {
      if (typeof value !== "object" || Array.isArray(value))
        throw new TypeError(`@tfkit/testing: ${where}: map blocks "${name}" must be an object by label`);
      for (const [label, v] of Object.entries(value as { readonly [k: string]: ConfigValue }))
        blockOf(v, label);
    } else blockOf(value);
  }
  return lines;
}

/**
 * Renders a {@link StructuredConfig} as HCL for the real `terraform` binary, using the schemas to
 * tell attributes from nested blocks.
 *
 * @remarks The inverse of Terraform's decoding of a constant body (`hcldec`): attributes as
 * `name = expr`, `list`/`set` blocks repeated, `map` blocks labelled, `single`/`group` blocks
 * once; `null` attributes and blocks are left out; a name the schema lacks is written as an
 * attribute, for terraform to reject. Throws a `TypeError` for a block given the wrong shape or
 * a type the schemas lack.
 * @example
 * ```ts
 * renderHcl({ resources: { "notes_note.a": { title: "hi" } } }, schemas);
 * // resource "notes_note" "a" {\n  title = "hi"\n}\n
 * ```
 * @category encoding
 */
export function renderHcl(config: StructuredConfig, schemas: HclSchemas): string {
  const out: string[] = [];
  for (const [name, values] of Object.entries(config.providers ?? {})) {
    const schema = schemas.providers[name];
    if (!schema) throw new TypeError(`@tfkit/testing: no schema for provider "${name}"`);
    out.push(`provider ${hclString(name)} {`, ...body(schema, values, "  ", `provider "${name}"`), "}", "");
  }
  const blocks = (kind: "resource" | "data", entries: Readonly<Record<string, ConfigBody>>) => {
    for (const [address, values] of Object.entries(entries)) {
      const { type, name } = splitAddress(address);
      const schema = kind === "resource" ? schemas.resources[type] : schemas.dataSources[type];
      if (!schema)
        throw new TypeError(
          `@tfkit/testing: no schema for ${kind === "resource" ? "resource" : "data source"} type "${type}"`,
        );
      const where = kind === "resource" ? address : `data.${address}`;
      out.push(
        `${kind} ${hclString(type)} ${hclString(name)} {`,
        ...body(schema, values, "  ", where),
        "}",
        "",
      );
    }
  };
  blocks("resource", config.resources ?? {});
  blocks("data", config.dataSources ?? {});
  return out.join("\n");
}

/** `terraform providers schema -json` block. */
interface JsonSchemaBlock {
  readonly attributes?: { readonly [name: string]: unknown };
  readonly block_types?: {
    readonly [name: string]: { readonly nesting_mode: string; readonly block?: JsonSchemaBlock };
  };
}

function fromJsonBlock(b: JsonSchemaBlock | undefined): HclBodySchema {
  const blocks: Record<string, HclBlockSchema> = {};
  for (const [name, bt] of Object.entries(b?.block_types ?? {})) {
    const nesting = bt.nesting_mode as HclBlockSchema["nesting"];
    blocks[name] = { ...fromJsonBlock(bt.block), nesting };
  }
  return { attributes: b?.attributes ?? {}, blocks };
}

/**
 * Reads the schemas from `terraform providers schema -json` output, keyed by provider local
 * name (the last segment of each provider source address).
 *
 * @internal
 */
export function hclSchemasFromTerraformJson(text: string): HclSchemas {
  const doc = JSON.parse(text) as {
    provider_schemas?: {
      readonly [source: string]: {
        provider?: { block?: JsonSchemaBlock };
        resource_schemas?: { readonly [type: string]: { block?: JsonSchemaBlock } };
        data_source_schemas?: { readonly [type: string]: { block?: JsonSchemaBlock } };
      };
    };
  };
  const providers: Record<string, HclBodySchema> = {};
  const resources: Record<string, HclBodySchema> = {};
  const dataSources: Record<string, HclBodySchema> = {};
  for (const [source, p] of Object.entries(doc.provider_schemas ?? {})) {
    providers[source.split("/").pop() as string] = fromJsonBlock(p.provider?.block);
    for (const [t, s] of Object.entries(p.resource_schemas ?? {})) resources[t] = fromJsonBlock(s.block);
    for (const [t, s] of Object.entries(p.data_source_schemas ?? {})) dataSources[t] = fromJsonBlock(s.block);
  }
  return { providers, resources, dataSources };
}
