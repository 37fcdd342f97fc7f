/**
 * The parts of a GetProviderSchema answer that documentation reads. Structurally the same as
 * `@tfkit/grpc-transport`'s `Schema`, so a provider's answer is passed as it is, without a
 * dependency on the transport.
 *
 * @remarks tfplugin6 `Schema`, as terraform-json's `Schema` is for tfplugindocs.
 * @category models
 */
export interface DocsSchema {
  /** Schema version. */
  readonly version?: number | undefined;
  /** The root block. */
  readonly block: DocsBlock;
}

/**
 * A block of a {@link DocsSchema}: attributes and nested block types.
 *
 * @remarks tfplugin6 `Schema.Block`.
 * @category models
 */
export interface DocsBlock {
  /** The block's attributes. */
  readonly attributes?: readonly DocsAttribute[] | undefined;
  /** The block's nested block types. */
  readonly blockTypes?: readonly DocsNestedBlock[] | undefined;
  /** Description (plain or markdown). */
  readonly description?: string | undefined;
  /** Whether the block is deprecated. */
  readonly deprecated?: boolean | undefined;
  /** Whether the block is computed (protocol 6.11). */
  readonly computed?: boolean | undefined;
}

/**
 * One attribute of a {@link DocsBlock} or nested object.
 *
 * @remarks tfplugin6 `Schema.Attribute`; `type` is Terraform's type JSON as text or UTF-8 bytes.
 * @category models
 */
export interface DocsAttribute {
  /** Attribute name. */
  readonly name: string;
  /** Type JSON (`"string"`, `["list","number"]`, …), unless `nestedType` is set. */
  readonly type?: string | Uint8Array | undefined;
  /** Nested attribute object, unless `type` is set. */
  readonly nestedType?: DocsNestedType | undefined;
  /** Description. */
  readonly description?: string | undefined;
  /** Must be set in configuration. */
  readonly required?: boolean | undefined;
  /** May be set in configuration. */
  readonly optional?: boolean | undefined;
  /** Set by the provider. */
  readonly computed?: boolean | undefined;
  /** Redacted in plan output. */
  readonly sensitive?: boolean | undefined;
  /** Deprecated. */
  readonly deprecated?: boolean | undefined;
  /** Write-only (never stored in state). */
  readonly writeOnly?: boolean | undefined;
}

/**
 * The object of a nested attribute (`nested_type`).
 *
 * @remarks tfplugin6 `Schema.Object`.
 * @category models
 */
export interface DocsNestedType {
  /** The object's attributes. */
  readonly attributes: readonly DocsAttribute[];
  /** `single`, `list`, `set` or `map`. */
  readonly nesting: string;
}

/**
 * A nested block type of a {@link DocsBlock}.
 *
 * @remarks tfplugin6 `Schema.NestedBlock`.
 * @category models
 */
export interface DocsNestedBlock {
  /** Block type name. */
  readonly typeName: string;
  /** The nested block's schema. */
  readonly block: DocsBlock;
  /** `single`, `list`, `set`, `map` or `group`. */
  readonly nesting: string;
  /** Minimum number of blocks. */
  readonly minItems?: number | undefined;
  /** Maximum number of blocks (0: unlimited). */
  readonly maxItems?: number | undefined;
}

type TypeJsonValue = string | readonly [string, ...unknown[]];

const WRITE_ONLY_LINK =
  "[Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments)";
const WRITE_ONLY_NOTE =
  "> **NOTE**: [Write-only arguments](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments) are supported in Terraform 1.11 and later.";

/**
 * Parses type JSON as it comes in a schema (text or UTF-8 bytes).
 *
 * @internal
 */
export function parseTypeJson(type: string | Uint8Array | undefined): TypeJsonValue {
  if (type === undefined) return "dynamic";
  const text = typeof type === "string" ? type : new TextDecoder().decode(type);
  return JSON.parse(text) as TypeJsonValue;
}

/**
 * Names a type the way provider documentation does: `String`, `List of Number`, `Object`.
 *
 * @remarks tfplugindocs `schemamd.WriteType`. A tuple (which tfplugindocs refuses) is `Tuple`.
 * @example
 * ```ts
 * docTypeName(["map", ["list", "string"]]); // "Map of List of String"
 * ```
 * @category conversion
 */
export function docTypeName(type: string | readonly unknown[]): string {
  if (typeof type === "string") {
    const names: Record<string, string> = {
      string: "String",
      number: "Number",
      bool: "Bool",
      dynamic: "Dynamic",
    };
    return names[type] ?? type;
  }
  const [kind, element] = type as readonly [string, unknown];
  switch (kind) {
    case "list":
      return `List of ${docTypeName(element as string)}`;
    case "set":
      return `Set of ${docTypeName(element as string)}`;
    case "map":
      return `Map of ${docTypeName(element as string)}`;
    case "object":
      return "Object";
    case "tuple":
      return "Tuple";
    default:
      return String(kind);
  }
}

/**
 * A type as a function signature writes it: `string`, `list of number`, `object`.
 *
 * @internal
 */
export function signatureTypeName(type: string | Uint8Array): string {
  return docTypeName(parseTypeJson(type)).toLowerCase();
}

interface Group {
  readonly top: string;
  readonly nested: string;
}
const REQUIRED: Group = { top: "### Required", nested: "Required:" };
const OPTIONAL: Group = { top: "### Optional", nested: "Optional:" };
const READ_ONLY: Group = { top: "### Read-Only", nested: "Read-Only:" };
const GROUPS = [REQUIRED, OPTIONAL, READ_ONLY] as const;

function attributeGroup(a: DocsAttribute): Group {
  if (a.required) return REQUIRED;
  if (a.optional) return OPTIONAL;
  return READ_ONLY;
}

function blockIsReadOnly(b: DocsBlock): boolean {
  if (b.computed) return true;
  const attrs = b.attributes ?? [];
  const blocks = b.blockTypes ?? [];
  if (attrs.length === 0 && blocks.length === 0) return false;
  return attrs.every((a) => attributeGroup(a) === READ_ONLY) && blocks.every((n) => blockIsReadOnly(n.block));
}

function blockGroup(b: DocsNestedBlock): Group {
  if ((b.minItems ?? 0) > 0) return REQUIRED;
  if (blockIsReadOnly(b.block)) return READ_ONLY;
  return OPTIONAL;
}

function containsWriteOnly(b: DocsBlock): boolean {
  return (
    (b.attributes ?? []).some((a) => a.writeOnly === true) ||
    (b.blockTypes ?? []).some((n) => containsWriteOnly(n.block))
  );
}

/** Descriptions keep their text; blank lines would end the list item, so they become breaks. */
function descriptionText(description: string | undefined): string {
  const text = (description ?? "").trim();
  return text === "" ? "" : ` ${text.replace(/\n\n+/g, "  \n")}`;
}

function flags(a: {
  sensitive?: boolean | undefined;
  deprecated?: boolean | undefined;
  writeOnly?: boolean | undefined;
}): string {
  return `${a.sensitive ? ", Sensitive" : ""}${a.deprecated ? ", Deprecated" : ""}${a.writeOnly ? `, ${WRITE_ONLY_LINK}` : ""}`;
}

const NESTED_ATTRIBUTE_KIND: Record<string, string> = {
  single: "Attributes",
  list: "Attributes List",
  set: "Attributes Set",
  map: "Attributes Map",
};
const BLOCK_KIND: Record<string, string> = {
  single: "Block",
  group: "Block",
  list: "Block List",
  set: "Block Set",
  map: "Block Map",
};

type Nested =
  | { readonly kind: "block"; readonly path: readonly string[]; readonly block: DocsBlock }
  | {
      readonly kind: "attributes";
      readonly path: readonly string[];
      readonly attributes: readonly DocsAttribute[];
      readonly group: Group;
    }
  | {
      readonly kind: "object";
      readonly path: readonly string[];
      readonly type: readonly unknown[];
      readonly group: Group;
      /** `nestedatt` for an attribute's object, `nestedobjatt` for an object inside an object. */
      readonly anchorPrefix: string;
    };

function below(prefix: string, path: readonly string[]): { anchor: string; link: string } {
  const anchor = `${prefix}--${path.join("--")}`;
  return { anchor, link: ` (see [below for nested schema](#${anchor}))` };
}

function objectElement(type: TypeJsonValue): readonly unknown[] | undefined {
  if (typeof type === "string") return undefined;
  if (type[0] === "object") return type;
  if (
    (type[0] === "list" || type[0] === "set" || type[0] === "map") &&
    Array.isArray(type[1]) &&
    type[1][0] === "object"
  )
    return type[1] as readonly unknown[];
  return undefined;
}

function attributeLine(
  path: readonly string[],
  a: DocsAttribute,
  group: Group,
  out: string[],
  nested: Nested[],
): void {
  const name = path[path.length - 1] ?? "";
  if (a.nestedType !== undefined) {
    const kind = NESTED_ATTRIBUTE_KIND[a.nestedType.nesting] ?? "Attributes";
    const { link } = below("nestedatt", path);
    out.push(`- \`${name}\` (${kind}${flags(a)})${descriptionText(a.description)}${link}`);
    nested.push({ kind: "attributes", path, attributes: a.nestedType.attributes, group });
    return;
  }
  const type = parseTypeJson(a.type);
  const object = objectElement(type);
  const link = object === undefined ? "" : below("nestedatt", path).link;
  out.push(`- \`${name}\` (${docTypeName(type)}${flags(a)})${descriptionText(a.description)}${link}`);
  if (object !== undefined)
    nested.push({ kind: "object", path, type: object, group, anchorPrefix: "nestedatt" });
}

function blockLine(path: readonly string[], b: DocsNestedBlock, out: string[], nested: Nested[]): void {
  const name = path[path.length - 1] ?? "";
  const single = b.nesting === "single" || b.nesting === "group";
  const parts = [BLOCK_KIND[b.nesting] ?? "Block"];
  if (single) {
    const group = blockGroup(b);
    parts.push(group === REQUIRED ? "Required" : group === OPTIONAL ? "Optional" : "Read-only");
  } else if ((b.minItems ?? 0) > 0) {
    parts.push(`Min: ${b.minItems}`);
  }
  if ((b.maxItems ?? 0) > 0) parts.push(`Max: ${b.maxItems}`);
  if (b.block.deprecated) parts.push("Deprecated");
  const { link } = below("nestedblock", path);
  out.push(`- \`${name}\` (${parts.join(", ")})${descriptionText(b.block.description)}${link}`);
  nested.push({ kind: "block", path, block: b.block });
}

function writeBlock(out: string[], parents: readonly string[], block: DocsBlock, root: boolean): void {
  const members = new Map<Group, { name: string; write: (nested: Nested[]) => void; writeOnly: boolean }[]>();
  for (const a of block.attributes ?? []) {
    // tfplugindocs: an undocumented top-level `id` is read-only, whatever its flags.
    const isBareId = root && a.name.toLowerCase() === "id" && (a.description ?? "") === "";
    const attribute = isBareId ? { ...a, description: "The ID of this resource." } : a;
    const group = isBareId ? READ_ONLY : attributeGroup(a);
    const list = members.get(group) ?? [];
    list.push({
      name: a.name,
      writeOnly: a.writeOnly === true,
      write: (nested) => attributeLine([...parents, a.name], attribute, group, out, nested),
    });
    members.set(group, list);
  }
  for (const b of block.blockTypes ?? []) {
    const group = blockGroup(b);
    const list = members.get(group) ?? [];
    list.push({
      name: b.typeName,
      writeOnly: containsWriteOnly(b.block),
      write: (nested) => blockLine([...parents, b.typeName], b, out, nested),
    });
    members.set(group, list);
  }
  const nested: Nested[] = [];
  for (const group of GROUPS) {
    const list = [...(members.get(group) ?? [])].sort((x, y) =>
      x.name < y.name ? -1 : x.name > y.name ? 1 : 0,
    );
    if (list.length === 0) continue;
    out.push(root ? group.top : group.nested, "");
    if (list.some((m) => m.writeOnly)) out.push(WRITE_ONLY_NOTE, "");
    for (const m of list) m.write(nested);
    out.push("");
  }
  writeNested(out, nested);
}

function writeNested(out: string[], nested: readonly Nested[]): void {
  for (const n of nested) {
    const prefix =
      n.kind === "block" ? "nestedblock" : n.kind === "attributes" ? "nestedatt" : n.anchorPrefix;
    const { anchor } = below(prefix, n.path);
    out.push(`<a id="${anchor}"></a>`, `### Nested Schema for \`${n.path.join(".")}\``, "");
    if (n.kind === "block") writeBlock(out, n.path, n.block, false);
    else if (n.kind === "attributes") writeNestedAttributes(out, n.path, n.attributes, n.group);
    else writeObject(out, n.path, n.type, n.group);
    out.push("");
  }
}

function writeNestedAttributes(
  out: string[],
  parents: readonly string[],
  attributes: readonly DocsAttribute[],
  parent: Group,
): void {
  const nested: Nested[] = [];
  const sorted = [...attributes].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  for (const group of GROUPS) {
    // Inside a read-only attribute everything is read-only.
    const list = sorted.filter((a) => (parent === READ_ONLY ? READ_ONLY : attributeGroup(a)) === group);
    if (list.length === 0) continue;
    out.push(group.nested, "");
    if (list.some((a) => a.writeOnly)) out.push(WRITE_ONLY_NOTE, "");
    for (const a of list) attributeLine([...parents, a.name], a, group, out, nested);
    out.push("");
  }
  writeNested(out, nested);
}

function writeObject(
  out: string[],
  parents: readonly string[],
  type: readonly unknown[],
  group: Group,
): void {
  const attributeTypes = (type[1] ?? {}) as Record<string, TypeJsonValue>;
  const nested: Nested[] = [];
  out.push(group.nested, "");
  for (const name of Object.keys(attributeTypes).sort()) {
    const t = attributeTypes[name] as TypeJsonValue;
    const path = [...parents, name];
    const object = objectElement(t);
    const { link } = below("nestedobjatt", path);
    out.push(`- \`${name}\` (${docTypeName(t)})${object === undefined ? "" : link}`);
    if (object !== undefined)
      nested.push({ kind: "object", path, type: object, group, anchorPrefix: "nestedobjatt" });
  }
  out.push("");
  writeNested(out, nested);
}

/**
 * Renders a schema's `## Schema` section as the Terraform registry shows it: Required, Optional
 * and Read-Only groups, then one anchored "Nested Schema for `a.b`" section per nested block,
 * nested attribute or object attribute.
 *
 * @remarks The layout of tfplugindocs' `schemamd.Render`: names sorted within each group; an
 * attribute line is ``- `name` (Type, Sensitive, Deprecated, Write-only) description``; blocks
 * show their nesting, `Min:` / `Max:`; an undocumented top-level `id` is read-only.
 * @example
 * ```ts
 * const { resourceSchemas } = await provider.getProviderSchema({}, call);
 * renderSchemaMarkdown(resourceSchemas!.demo_server!);
 * // "## Schema\n\n### Required\n\n- `name` (String) Server name.\n…"
 * ```
 * @category encoding
 */
export function renderSchemaMarkdown(schema: DocsSchema): string {
  const out: string[] = ["## Schema", ""];
  writeBlock(out, [], schema.block, true);
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}

/**
 * One attribute of a resource identity, as GetResourceIdentitySchemas describes it.
 *
 * @remarks tfplugin6 `ResourceIdentitySchema.IdentityAttribute`.
 * @category models
 */
export interface DocsIdentityAttribute {
  /** Attribute name. */
  readonly name: string;
  /** Type JSON (text or UTF-8 bytes). */
  readonly type: string | Uint8Array;
  /** Needed to import by identity. */
  readonly requiredForImport?: boolean | undefined;
  /** Optional when importing by identity. */
  readonly optionalForImport?: boolean | undefined;
  /** Description. */
  readonly description?: string | undefined;
}

/**
 * A resource's identity schema, as GetResourceIdentitySchemas describes it.
 *
 * @remarks tfplugin6 `ResourceIdentitySchema`.
 * @category models
 */
export interface DocsIdentitySchema {
  /** Identity schema version. */
  readonly version?: number | undefined;
  /** The identity's attributes. */
  readonly identityAttributes: readonly DocsIdentityAttribute[];
}

/**
 * Renders an identity schema as tfplugindocs does: `### Identity Schema`, then the attributes
 * needed to import (`#### Required`) and the optional ones (`#### Optional`), each sorted.
 *
 * @internal
 */
export function renderIdentitySchemaMarkdown(schema: DocsIdentitySchema): string {
  const line = (a: DocsIdentityAttribute) =>
    `- \`${a.name}\` (${docTypeName(parseTypeJson(a.type))})${descriptionText(a.description)}`;
  const sorted = [...schema.identityAttributes].sort((a, b) => (a.name < b.name ? -1 : 1));
  // An attribute that is neither is read as optional: the import block may leave it out.
  const required = sorted.filter((a) => a.requiredForImport);
  const optional = sorted.filter((a) => !a.requiredForImport);
  let out = "### Identity Schema\n\n";
  if (required.length > 0) out += `#### Required\n\n${required.map(line).join("\n")}\n\n`;
  if (optional.length > 0) out += `#### Optional\n\n${optional.map(line).join("\n")}\n`;
  return `${out.trimEnd()}\n`;
}
