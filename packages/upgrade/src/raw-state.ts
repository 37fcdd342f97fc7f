import { CtyError, fromJson, isCtyError, parseJsonPrefix, type Type, type Value } from "@tfkit/cty-values";
import { fromFlatmap } from "./flatmap.js";
import { writeJsonNode } from "./internal/json-write.js";
import { pruneUndefinedAttributes } from "./internal/prune.js";

/**
 * Stored state as Terraform hands it to an upgrade: attribute JSON in the schema of the version
 * that wrote it, or a legacy flatmap.
 *
 * @remarks tfplugin6 `RawState` (`json = 1`, `flatmap = 2`). `json` may lack attributes added
 * since that version or carry ones removed since. `flatmap` only ever holds states last written
 * by Terraform 0.11 or earlier. An empty `json` counts as absent (protobuf's default).
 * @category models
 */
export interface RawState {
  /** The `attributes` JSON of the state file (bytes as on the wire, or text). */
  readonly json?: Uint8Array | string | undefined;
  /** Legacy flatmap state (`attributes_flat`): dotted keys, `#`/`%` counts, strings. */
  readonly flatmap?: Readonly<Record<string, string>> | undefined;
}

/**
 * A JSON value as `JSON.parse` gives it.
 * @category models
 */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject;

/**
 * A JSON object as `JSON.parse` gives it.
 * @category models
 */
export interface JsonObject {
  readonly [name: string]: JsonValue;
}

/** @internal Which encoding a raw state holds, or none. */
export function rawStateFormat(raw: RawState | undefined): "json" | "flatmap" | undefined {
  if (raw === undefined) return undefined;
  if (raw.json !== undefined && raw.json.length > 0) return "json";
  if (raw.flatmap !== undefined && Object.keys(raw.flatmap).length > 0) return "flatmap";
  return undefined;
}

function jsonText(json: Uint8Array | string): string {
  return typeof json === "string" ? json : new TextDecoder("utf-8", { fatal: false }).decode(json);
}

/**
 * Decodes stored state JSON as a value of the type, skipping object attributes the type does
 * not have, at any depth.
 *
 * @remarks Follows the Go framework, which decodes RawState with
 * `IgnoreUndefinedAttributes: true` (terraform-plugin-go `tftypes`): attributes removed from the
 * schema since the state was written are dropped, attributes added since become null. Everything
 * else is go-cty's `json.Unmarshal` (`fromJson` from `@tfkit/cty-values`): exact numbers, string
 * ⇄ number ⇄ bool leniency, `{"value","type"}` for dynamic slots. Terraform core itself strips
 * removed attributes only when the stored version equals the current one
 * (`stripRemovedStateAttributes`), so the other case reaches the provider.
 * @example
 * ```ts
 * decodeStateJson('{"id":"a","gone":1}', objectType({ id: stringType, added: boolType }))
 * // { id: "a", added: null }
 * ```
 * @throws `CtyError` with code `"decode"` and the path of the offending value, worded as go-cty
 * words it (`.enabled: bool is required`).
 * @category decoding
 */
export function decodeStateJson(json: Uint8Array | string, type: Type): Value {
  const text = jsonText(json);
  // Fast path: state written with this very type decodes strictly. Only an attribute the type
  // lacks needs pruning; any other error is the one the pruned decode would report first too.
  try {
    return fromJson(text, type);
  } catch (err) {
    if (!isCtyError(err) || !err.rawMessage.startsWith("unsupported attribute")) throw err;
  }
  // The reader fromJson uses, so a syntax error here is the one fromJson would report.
  const tree = parseJsonPrefix(text).node;
  return fromJson(writeJsonNode(pruneUndefinedAttributes(tree, type)), type);
}

/**
 * Decodes a raw state (JSON or legacy flatmap) as a value of the type.
 *
 * @remarks JSON goes through {@link decodeStateJson} (undefined attributes ignored), flatmap
 * through {@link fromFlatmap} (Terraform's `hcl2shim.HCL2ValueFromFlatmap` rules). This is the
 * equivalent of terraform-plugin-go's `RawState.UnmarshalWithOpts`, which refuses flatmap;
 * tfkit decodes it. Also fits MoveResourceState's source state.
 * @throws `CtyError` with code `"decode"` and a path when the state does not decode, or when the
 * raw state holds neither JSON nor flatmap.
 * @category decoding
 */
export function decodeRawState(raw: RawState, type: Type): Value {
  const format = rawStateFormat(raw);
  if (format === "json") return decodeStateJson(raw.json as Uint8Array | string, type);
  if (format === "flatmap") return fromFlatmap(raw.flatmap as Readonly<Record<string, string>>, type);
  throw new CtyError("decode", "the raw state holds neither JSON nor flatmap data");
}

/**
 * @internal Parses stored JSON for raw upgraders (numbers become JS numbers, as `JSON.parse`
 * gives them).
 */
export function parseStateJson(json: Uint8Array | string): JsonValue {
  return JSON.parse(jsonText(json)) as JsonValue;
}
