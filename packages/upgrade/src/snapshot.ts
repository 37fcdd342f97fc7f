import { compareUtf8, typeToJson } from "@tfkit/cty-values";
import type { AnyAttributeSpec, Attributes, Blocks, BlockSpec, Schema } from "@tfkit/schema";

/**
 * A plain attribute in a {@link SchemaSnapshot}: its cty type.
 * @category testing
 */
export interface TypedAttributeSnapshot {
  /** The cty type JSON, parsed (`"string"`, `["list","string"]`, …). */
  readonly type: string | readonly unknown[];
}

/**
 * A nested attribute in a {@link SchemaSnapshot}: nesting mode and nested attributes.
 * @category testing
 */
export interface NestedAttributeSnapshot {
  /** Nesting mode (`single`, `list`, `set`, `map`). */
  readonly nesting: string;
  /** The nested attributes. */
  readonly attributes: Readonly<Record<string, AttributeSnapshot>>;
}

/**
 * The state shape of one attribute in a {@link SchemaSnapshot}.
 * @category testing
 */
export type AttributeSnapshot = TypedAttributeSnapshot | NestedAttributeSnapshot;

/**
 * The state shape of one block type in a {@link SchemaSnapshot}.
 * @category testing
 */
export interface BlockSnapshot {
  /** Nesting mode (`single`, `group`, `list`, `set`, `map`). */
  readonly nesting: string;
  /** The block's attributes. */
  readonly attributes: Readonly<Record<string, AttributeSnapshot>>;
  /** The block's nested block types. */
  readonly blocks: Readonly<Record<string, BlockSnapshot>>;
}

/**
 * What a schema snapshot records: the schema version and the shape of the state it stores
 * (attribute types, nested attributes and blocks with their nesting), nothing else.
 *
 * @remarks Descriptions, validators, plan modifiers and Required/Optional/Computed flags are left
 * out on purpose: changing them does not change what state JSON looks like, so it needs no
 * version bump.
 * @category testing
 */
export interface SchemaSnapshot {
  /** The schema version. */
  readonly version: number;
  /** Attributes by name. */
  readonly attributes: Readonly<Record<string, AttributeSnapshot>>;
  /** Block types by name. */
  readonly blocks: Readonly<Record<string, BlockSnapshot>>;
}

function sortedEntries<T>(record: Readonly<Record<string, T>>): [string, T][] {
  return Object.entries(record).sort(([a], [b]) => compareUtf8(a, b));
}

function attributeSnapshot(spec: AnyAttributeSpec): AttributeSnapshot {
  if (spec.kind === "nested_attribute") {
    return { nesting: spec.nesting, attributes: attributesSnapshot(spec.attributes) };
  }
  return { type: JSON.parse(typeToJson(spec.type)) as TypedAttributeSnapshot["type"] };
}

function attributesSnapshot(attributes: Attributes): Record<string, AttributeSnapshot> {
  const out: Record<string, AttributeSnapshot> = {};
  for (const [name, spec] of sortedEntries(attributes)) out[name] = attributeSnapshot(spec);
  return out;
}

function blocksSnapshot(blocks: Blocks): Record<string, BlockSnapshot> {
  const out: Record<string, BlockSnapshot> = {};
  for (const [name, spec] of sortedEntries<BlockSpec>(blocks)) {
    out[name] = {
      nesting: spec.nesting,
      attributes: attributesSnapshot(spec.attributes),
      blocks: blocksSnapshot(spec.blocks),
    };
  }
  return out;
}

/**
 * The snapshot of a schema as data.
 * @category testing
 */
export function schemaSnapshot(schema: Schema): SchemaSnapshot {
  return {
    version: schema.version,
    attributes: attributesSnapshot(schema.attributes),
    blocks: blocksSnapshot(schema.blocks),
  };
}

/**
 * A schema's snapshot as stable, diff-friendly JSON text, for committing next to the code.
 *
 * @remarks Keys sorted byte-wise, two-space indentation, types written compactly on one line as
 * cty type JSON, a trailing newline: the same schema always gives the same bytes. See
 * {@link SchemaSnapshot} for what is recorded. Beyond the Go framework, whose issue #113 asks for
 * a way to catch upgraders that can never run.
 * @example
 * ```ts
 * snapshotSchema(resourceSchema({ version: 1, attributes: { id: attr.string({ computed: true }) } }))
 * // '{\n  "attributes": {\n    "id": { "type": "string" }\n  },\n  "blocks": {},\n  "version": 1\n}\n'
 * ```
 * @category testing
 */
export function snapshotSchema(schema: Schema): string {
  return `${printStable(schemaSnapshot(schema), 0)}\n`;
}

/** Objects over several lines (sorted keys); arrays and one-key leaf objects on one line. */
function printStable(v: unknown, depth: number): string {
  if (Array.isArray(v)) return compactStable(v);
  if (typeof v === "object" && v !== null) {
    const entries = sortedEntries(v as Record<string, unknown>);
    if (entries.length === 0) return "{}";
    // `{ "type": … }` leaves read best on one line.
    if (entries.length === 1 && entries[0]?.[0] === "type")
      return `{ "type": ${compactStable(entries[0][1])} }`;
    const pad = "  ".repeat(depth + 1);
    const lines = entries.map(([k, e]) => `${pad}${JSON.stringify(k)}: ${printStable(e, depth + 1)}`);
    return `{\n${lines.join(",\n")}\n${"  ".repeat(depth)}}`;
  }
  return JSON.stringify(v);
}

/** @internal Compact JSON with byte-wise sorted keys (canonical form for comparison). */
export function compactStable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(compactStable).join(",")}]`;
  if (typeof v === "object" && v !== null) {
    const entries = sortedEntries(v as Record<string, unknown>);
    return `{${entries.map(([k, e]) => `${JSON.stringify(k)}:${compactStable(e)}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/**
 * One difference between two schema snapshots.
 * @category testing
 */
export interface SnapshotChange {
  /** `added` and `removed` name an attribute or block; `changed` a type or nesting. */
  readonly kind: "added" | "removed" | "changed";
  /** One line for people: `+ attribute rule.port ("number")`. */
  readonly description: string;
}

function shapeOf(a: AttributeSnapshot | BlockSnapshot): string {
  if ("type" in a) return compactStable(a.type);
  return `${a.nesting} nested`;
}

function diffAttributes(
  before: Readonly<Record<string, AttributeSnapshot>>,
  after: Readonly<Record<string, AttributeSnapshot>>,
  prefix: string,
  out: SnapshotChange[],
): void {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareUtf8);
  for (const name of names) {
    const b = Object.hasOwn(before, name) ? before[name] : undefined;
    const a = Object.hasOwn(after, name) ? after[name] : undefined;
    const path = prefix + name;
    if (b === undefined && a !== undefined) {
      out.push({ kind: "added", description: `+ attribute ${path} (${shapeOf(a)})` });
    } else if (a === undefined && b !== undefined) {
      out.push({ kind: "removed", description: `- attribute ${path} (${shapeOf(b)})` });
    } else if (a !== undefined && b !== undefined) {
      if ("type" in a && "type" in b) {
        if (compactStable(a.type) !== compactStable(b.type)) {
          out.push({
            kind: "changed",
            description: `~ attribute ${path}: type ${compactStable(b.type)} → ${compactStable(a.type)}`,
          });
        }
      } else if ("nesting" in a && "nesting" in b) {
        if (a.nesting !== b.nesting) {
          out.push({
            kind: "changed",
            description: `~ attribute ${path}: nesting ${b.nesting} → ${a.nesting}`,
          });
        }
        diffAttributes(b.attributes, a.attributes, `${path}.`, out);
      } else {
        out.push({ kind: "changed", description: `~ attribute ${path}: ${shapeOf(b)} → ${shapeOf(a)}` });
      }
    }
  }
}

function diffBlocks(
  before: Readonly<Record<string, BlockSnapshot>>,
  after: Readonly<Record<string, BlockSnapshot>>,
  prefix: string,
  out: SnapshotChange[],
): void {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareUtf8);
  for (const name of names) {
    const b = Object.hasOwn(before, name) ? before[name] : undefined;
    const a = Object.hasOwn(after, name) ? after[name] : undefined;
    const path = prefix + name;
    if (b === undefined && a !== undefined) {
      out.push({ kind: "added", description: `+ block ${path} (${a.nesting})` });
    } else if (a === undefined && b !== undefined) {
      out.push({ kind: "removed", description: `- block ${path} (${b.nesting})` });
    } else if (a !== undefined && b !== undefined) {
      if (a.nesting !== b.nesting) {
        out.push({ kind: "changed", description: `~ block ${path}: nesting ${b.nesting} → ${a.nesting}` });
      }
      diffAttributes(b.attributes ?? {}, a.attributes ?? {}, `${path}.`, out);
      diffBlocks(b.blocks ?? {}, a.blocks ?? {}, `${path}.`, out);
    }
  }
}

/**
 * The differences in state shape between two snapshots (the version is not compared).
 *
 * @remarks Only additions are compatible with state already stored at the old shape: the new
 * attributes decode as null. Removals, type changes and nesting changes need a version bump and
 * an upgrader.
 * @category testing
 */
export function diffSnapshots(before: SchemaSnapshot, after: SchemaSnapshot): SnapshotChange[] {
  const out: SnapshotChange[] = [];
  diffAttributes(before.attributes ?? {}, after.attributes ?? {}, "", out);
  diffBlocks(before.blocks ?? {}, after.blocks ?? {}, "", out);
  return out;
}
