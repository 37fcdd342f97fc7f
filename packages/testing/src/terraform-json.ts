import { isCtyNumber } from "@tfkit/cty-values";
import { type JsonObject, type JsonValue, isJsonObject, parseExactJson, renderJson } from "./json.js";
import { type AttrPath, formatAttrPath } from "./path.js";

/**
 * One resource change of a plan, from `terraform show -json <planfile>` (`resource_changes[]`).
 *
 * @remarks Field names follow Terraform's JSON output format (`internal/command/jsonplan`);
 * `afterUnknown` and `afterSensitive` mirror the value's shape with `true` where a value is
 * unknown or sensitive.
 * @category models
 */
export interface PlannedResourceChange {
  /** Absolute resource instance address, e.g. `demo_server.web[0]`. */
  readonly address: string;
  /** `managed` or `data`. */
  readonly mode: string;
  /** Resource type name. */
  readonly type: string;
  /** Terraform's action list: `["create"]`, `["update"]`, `["delete","create"]`, `["no-op"]`… */
  readonly actions: readonly string[];
  /** Value before the change (null when created). */
  readonly before: JsonValue;
  /** Planned value after the change (unknown values are absent or null). */
  readonly after: JsonValue;
  /** Where the planned value is unknown (`true`), in the shape of the value. */
  readonly afterUnknown: JsonValue;
  /** Where the prior value is sensitive. */
  readonly beforeSensitive: JsonValue;
  /** Where the planned value is sensitive. */
  readonly afterSensitive: JsonValue;
  /** Attribute paths that force replacement, as Terraform lists them. */
  readonly replacePaths: readonly AttrPath[];
  /** Present when the change imports an existing object (`import` block): its import ID. */
  readonly importing?: {
    /** The import ID. */
    readonly id: string;
  };
}

/**
 * A plan as `terraform show -json <planfile>` prints it, with exact numbers.
 *
 * @remarks Only the parts the checks read are typed; `raw` holds the whole document.
 * @category models
 */
export interface TerraformPlan {
  /** Every resource change (including no-op ones). */
  readonly resourceChanges: readonly PlannedResourceChange[];
  /** Output changes by output name: their action lists. */
  readonly outputChanges: Readonly<Record<string, readonly string[]>>;
  /** The whole JSON document. */
  readonly raw: JsonObject;
  /**
   * The plan as a person reads it. Under `runAcceptance`: what `terraform plan -no-color`
   * printed (refresh lines, the resource blocks, `Plan: N to add, …`, warnings). Under
   * `runFakeCore`: the resource blocks rendered by `renderPlan`
   * (terraform 1.11's renderer) between the same header and `Plan:` line; it has no refresh lines,
   * warnings, output changes, data source reads or moved/imported annotations, so match the
   * resource blocks (`# notes_note.a will be updated in-place`, `~ title = "a" -> "b"`), not the
   * whole text.
   */
  readonly text: string;
}

/**
 * One resource instance in state, from `terraform show -json` (`values.root_module.resources[]`
 * and child modules).
 *
 * @remarks `sensitiveValues` mirrors the value's shape with `true` where a value is sensitive.
 * @category models
 */
export interface StateResource {
  /** Absolute resource instance address. */
  readonly address: string;
  /** `managed` or `data`. */
  readonly mode: string;
  /** Resource type name. */
  readonly type: string;
  /** The resource's attribute values. */
  readonly values: JsonObject;
  /** Where the values are sensitive. */
  readonly sensitiveValues: JsonValue;
  /** Whether the instance is tainted. */
  readonly tainted: boolean;
}

/**
 * A root module output in state.
 *
 * @remarks `values.outputs.<name>` of `terraform show -json`.
 * @category models
 */
export interface StateOutput {
  /** The output's value (exact numbers). */
  readonly value: JsonValue;
  /** Whether the output is marked sensitive. */
  readonly sensitive: boolean;
}

/**
 * The current state as `terraform show -json` prints it, with exact numbers.
 *
 * @remarks Resources of child modules are flattened into {@link TerraformState.resources}.
 * @category models
 */
export interface TerraformState {
  /** Every resource instance, root module first. */
  readonly resources: readonly StateResource[];
  /** Root module outputs by name. */
  readonly outputs: Readonly<Record<string, StateOutput>>;
  /** The whole JSON document (`{}` values when the state is empty). */
  readonly raw: JsonObject;
}

const str = (v: JsonValue | undefined): string => (typeof v === "string" ? v : "");
const arr = (v: JsonValue | undefined): readonly JsonValue[] => (Array.isArray(v) ? v : []);
const obj = (v: JsonValue | undefined): JsonObject => (isJsonObject(v) ? v : {});
const val = (v: JsonValue | undefined): JsonValue => (v === undefined ? null : v);

/**
 * Reads `terraform show -json <planfile>` output.
 *
 * @internal
 */
export function parsePlanJson(text: string, humanText = ""): TerraformPlan {
  const raw = obj(parseExactJson(text));
  const resourceChanges = arr(raw.resource_changes).map((entry): PlannedResourceChange => {
    const rc = obj(entry);
    const change = obj(rc.change);
    return {
      address: str(rc.address),
      mode: str(rc.mode),
      type: str(rc.type),
      actions: arr(change.actions).map(str),
      before: val(change.before),
      after: val(change.after),
      afterUnknown: val(change.after_unknown),
      beforeSensitive: val(change.before_sensitive),
      afterSensitive: val(change.after_sensitive),
      replacePaths: arr(change.replace_paths).map((p) =>
        arr(p).map((s) => (isCtyNumber(s) ? Number(s.text()) : str(s))),
      ),
      ...(isJsonObject(change.importing) ? { importing: { id: str(change.importing.id) } } : {}),
    };
  });
  const outputChanges: Record<string, readonly string[]> = {};
  for (const [name, change] of Object.entries(obj(raw.output_changes))) {
    outputChanges[name] = arr(obj(change).actions).map(str);
  }
  return { resourceChanges, outputChanges, raw, text: humanText };
}

/**
 * Reads `terraform show -json` (state) output.
 *
 * @internal
 */
export function parseStateJson(text: string): TerraformState {
  const raw = obj(parseExactJson(text));
  const values = obj(raw.values);
  const resources: StateResource[] = [];
  const visit = (module: JsonObject) => {
    for (const entry of arr(module.resources)) {
      const r = obj(entry);
      resources.push({
        address: str(r.address),
        mode: str(r.mode),
        type: str(r.type),
        values: obj(r.values),
        sensitiveValues: val(r.sensitive_values),
        tainted: r.tainted === true,
      });
    }
    for (const child of arr(module.child_modules)) visit(obj(child));
  };
  visit(obj(values.root_module));
  const outputs: Record<string, { value: JsonValue; sensitive: boolean }> = {};
  for (const [name, o] of Object.entries(obj(values.outputs))) {
    outputs[name] = { value: val(obj(o).value), sensitive: obj(o).sensitive === true };
  }
  return { resources, outputs, raw };
}

/** The result of looking a path up in a value. */
export type Lookup =
  | { readonly found: true; readonly value: JsonValue }
  | { readonly found: false; readonly reason: string };

/**
 * Finds the value at `path` in a JSON value.
 *
 * @internal
 */
export function lookup(root: JsonValue, path: AttrPath): Lookup {
  let current: JsonValue = root;
  for (let i = 0; i < path.length; i++) {
    const step = path[i] as string | number;
    const where = i === 0 ? "the resource" : formatAttrPath(path.slice(0, i));
    const what = current === null ? "null" : renderJson(current);
    if (typeof step === "number") {
      if (!Array.isArray(current))
        return { found: false, reason: `${where} is not a list, set or tuple (it is ${what})` };
      const list = current as readonly JsonValue[];
      if (step >= list.length) {
        return {
          found: false,
          reason: `index ${step} is out of range: ${where} has ${list.length} elements`,
        };
      }
      current = list[step] as JsonValue;
    } else {
      if (!isJsonObject(current))
        return { found: false, reason: `${where} is not an object or map (it is ${what})` };
      if (!Object.hasOwn(current, step)) {
        const keys = Object.keys(current);
        return {
          found: false,
          reason: `${where} has no attribute or key "${step}" (it has ${keys.length === 0 ? "none" : keys.join(", ")})`,
        };
      }
      current = current[step] as JsonValue;
    }
  }
  return { found: true, value: current };
}

/**
 * Whether a Terraform "marks" tree (`after_unknown`, `after_sensitive`, `sensitive_values`) says
 * `true` at `path` or at any prefix of it.
 *
 * @internal
 */
export function markedAt(marks: JsonValue, path: AttrPath): boolean {
  let current: JsonValue | undefined = marks;
  for (const step of path) {
    if (current === true) return true;
    if (typeof step === "number")
      current = Array.isArray(current) ? (current as readonly JsonValue[])[step] : undefined;
    else current = isJsonObject(current) ? current[step] : undefined;
    if (current === undefined) return false;
  }
  return current === true;
}
