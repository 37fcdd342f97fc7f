import type { Path, Value } from "@tfkit/cty-values";
import {
  attributeStep,
  indexStep,
  numberVal,
  stringType,
  stringVal,
  type CtyNumber,
  equals,
  goQuote,
  nullVal,
  pathEquals,
  rawEquals,
  unknownVal,
  unmark,
} from "@tfkit/cty-values";
import { type PlanAction, planAction } from "@tfkit/plan-engine";
import type { AnyAttributeSpec, BlockSpec, NestedAttributeSpec, SchemaBody } from "@tfkit/schema";
import { decodeJsonPrefix, type JsonKind, type JsonValue, jsonEqual, jsonKind } from "./json-text.js";

/** Change action of one rendered value. */
type Action = "create" | "delete" | "update" | "noop";

interface Opts {
  readonly overrideNullSuffix: boolean;
  readonly overrideForcesReplacement: boolean;
  readonly showUnchangedChildren: boolean;
}

interface Diff {
  readonly action: Action;
  readonly replace: boolean;
  /** Object renderers get a trailing comma inside maps. */
  readonly isObject?: boolean;
  render(indent: number, opts: Opts): string;
}

const BASE_OPTS: Opts = {
  overrideNullSuffix: false,
  overrideForcesReplacement: false,
  showUnchangedChildren: false,
};

function symbol(a: Action | "replace"): string {
  switch (a) {
    case "create":
      return "  +";
    case "delete":
      return "  -";
    case "update":
      return "  ~";
    case "replace":
      return "-/+";
    default:
      return "   ";
  }
}

const ind = (n: number): string => "    ".repeat(n);
const nullSuffix = (override: boolean, a: Action): string => (!override && a === "delete" ? " -> null" : "");
const forces = (replace: boolean, opts: Opts): string =>
  replace || opts.overrideForcesReplacement ? " # forces replacement" : "";
const unchanged = (kw: string, n: number): string => `# (${n} unchanged ${kw}${n === 1 ? "" : "s"} hidden)`;

function compareActions(current: Action, next: Action): Action {
  return current === next ? current : "update";
}

function defaultIterationAction(before: Value, after: Value): Action {
  if (isAbsent(before) && !isAbsent(after)) return "create";
  if (isAbsent(after) && !isAbsent(before)) return "delete";
  return "noop";
}

function isAbsent(v: Value): boolean {
  return v.isKnown() && v.isNull();
}

function isSensitive(v: Value): boolean {
  return unmark(v)[1].has("sensitive");
}

function plain(v: Value): Value {
  return unmark(v)[0];
}

function validIdentifier(name: string): boolean {
  return /^[\p{L}_][\p{L}\p{N}_-]*$/u.test(name);
}

const attrName = (k: string): string => (validIdentifier(k) ? k : goQuote(k));

// ---------------------------------------------------------------------------------------------
// Values by type

function diffValue(before: Value, after: Value, replace: boolean): Diff {
  if (isSensitive(before) || isSensitive(after)) return sensitiveDiff(before, after, replace);
  before = plain(before);
  after = plain(after);
  if (!after.isKnown()) return unknownDiff(before, replace, (b) => diffValue(b, nullOfLike(b), false));
  const t = isAbsent(after) ? before.type : after.type;
  switch (t.kind) {
    case "string":
    case "number":
    case "bool":
      return primitiveDiff(before, after, replace);
    case "list":
    case "tuple":
      return listDiff(before, after, replace, true, (b, a) => diffValue(b, a, false), false);
    case "set":
      return setDiff(before, after, replace, (b, a) => diffValue(b, a, false), false);
    case "map":
      return mapDiff(before, after, replace, (b, a) => diffValue(b, a, false), false);
    case "object":
      return objectDiff(before, after, replace, null, true);
    default:
      return primitiveDiff(before, after, replace);
  }
}

function nullOfLike(v: Value): Value {
  return v.isNull() ? v : nullVal(v.type);
}

function sensitiveDiff(before: Value, after: Value, replace: boolean): Diff {
  const b = plain(before);
  const a = plain(after);
  let action: Action;
  if (isAbsent(b) && isAbsent(a)) action = "noop";
  else if (isAbsent(b)) action = "create";
  else if (isAbsent(a)) action = "delete";
  else action = a.isKnown() && rawEquals(a, b) ? "noop" : "update";
  return {
    action,
    replace,
    render: (_indent, opts) =>
      `(sensitive value)${nullSuffix(opts.overrideNullSuffix, action)}${forces(replace, opts)}`,
  };
}

function unknownDiff(before: Value, replace: boolean, beforeDiff: (b: Value) => Diff): Diff {
  if (isAbsent(before)) {
    return { action: "create", replace, render: (_i, opts) => `(known after apply)${forces(replace, opts)}` };
  }
  const inner = beforeDiff(before);
  return {
    action: "update",
    replace,
    render: (indent, opts) =>
      `${inner.render(indent, { ...opts, overrideNullSuffix: true, overrideForcesReplacement: false })} -> (known after apply)${forces(replace, opts)}`,
  };
}

function primitiveAction(before: Value, after: Value): Action {
  if (isAbsent(before) && isAbsent(after)) return "noop";
  if (isAbsent(before)) return "create";
  if (isAbsent(after)) return "delete";
  const eq = equals(before, after);
  return eq.isKnown() && !eq.isNull() && eq.asBool() ? "noop" : "update";
}

function renderPrimitive(v: Value): string {
  if (v.isNull()) return "null";
  switch (v.type.kind) {
    case "bool":
      return v.asBool() ? "true" : "false";
    case "number":
      // terraform 1.11 prints the JSON number text (json.Number), i.e. cty's canonical text.
      return (v.asNumber() as CtyNumber).text();
    default:
      return goQuote(v.asString());
  }
}

/** terraform's `evaluatePrimitiveString`: JSON text (starting with `{` or `[`), multi-line, or plain. */
function evaluateString(v: Value): { readonly json?: JsonValue; readonly multiline: boolean } {
  if (v.isNull()) return { multiline: false };
  const text = v.asString();
  if (text.startsWith("{") || text.startsWith("[")) {
    const json = decodeJsonPrefix(text);
    if (json !== undefined) return { json, multiline: false };
  }
  return { multiline: text.includes("\n") };
}

function primitiveDiff(before: Value, after: Value, replace: boolean): Diff {
  const action = primitiveAction(before, after);
  return {
    action,
    replace,
    render: (indent, opts) => {
      const isString =
        (before.type.kind === "string" || after.type.kind === "string") && before.type.kind !== "number";
      if (!isString) {
        switch (action) {
          case "create":
          case "noop":
            return `${renderPrimitive(action === "noop" ? before : after)}${forces(replace, opts)}`;
          case "delete":
            return `${renderPrimitive(before)}${nullSuffix(opts.overrideNullSuffix, action)}${forces(replace, opts)}`;
          default:
            return `${renderPrimitive(before)} -> ${renderPrimitive(after)}${forces(replace, opts)}`;
        }
      }
      // terraform trims surrounding whitespace of multi-line strings (strings.TrimSpace).
      const linesOf = (v: Value): string[] => (v.isNull() ? [] : v.asString().trim().split("\n"));
      switch (action) {
        case "create":
        case "noop": {
          const a = evaluateString(after);
          if (a.json !== undefined) {
            return jsonStringDiff(
              action,
              replace,
              indent,
              opts,
              action === "noop" ? a.json : undefined,
              a.json,
            );
          }
          if (a.multiline) return heredoc(linesOf(after), indent, replace, opts, action);
          return `${renderPrimitive(action === "noop" ? before : after)}${forces(replace, opts)}`;
        }
        case "delete": {
          const b = evaluateString(before);
          if (b.json !== undefined) return jsonStringDiff(action, replace, indent, opts, b.json, undefined);
          if (b.multiline) return heredoc(linesOf(before), indent, replace, opts, action);
          return `${renderPrimitive(before)}${nullSuffix(opts.overrideNullSuffix, action)}${forces(replace, opts)}`;
        }
        default: {
          const b = evaluateString(before);
          const a = evaluateString(after);
          if (b.json !== undefined && a.json !== undefined) {
            return jsonStringDiff(action, replace, indent, opts, b.json, a.json);
          }
          if (b.json !== undefined || a.json !== undefined) {
            // One side JSON, the other not: rendered as a type change (no replacement note).
            const typeOpts: Opts = { ...opts, overrideNullSuffix: true };
            const del = primitiveDiff(before, nullVal(before.type), false).render(indent, typeOpts);
            const add = primitiveDiff(nullVal(after.type), after, false).render(indent, typeOpts);
            return `${del} -> ${add}`;
          }
          if (b.multiline || a.multiline) {
            const bl = b.multiline ? linesOf(before) : [before.asString()];
            const al = a.multiline ? linesOf(after) : [after.asString()];
            const lines: string[] = [];
            processSlice(
              bl,
              al,
              (x, y) => x === y,
              (bi, ai) => {
                if (bi === undefined) lines.push(`${ind(indent + 1)}${symbol("create")} ${al[ai as number]}`);
                else if (ai === undefined) lines.push(`${ind(indent + 1)}${symbol("delete")} ${bl[bi]}`);
                else lines.push(`${ind(indent + 1)}${symbol("noop")} ${bl[bi]}`);
              },
            );
            return `<<-EOT${forces(replace, opts)}\n${lines.join("\n")}\n${ind(indent)}${symbol("noop")} EOT${nullSuffix(opts.overrideNullSuffix, action)}`;
          }
          return `${renderPrimitive(before)} -> ${renderPrimitive(after)}${forces(replace, opts)}`;
        }
      }
    },
  };
}

/** terraform's `renderStringDiffAsJson`: a JSON string shown as `jsonencode(...)`. */
function jsonStringDiff(
  action: Action,
  replace: boolean,
  indent: number,
  opts: Opts,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
): string {
  const diff = jsonDiff(before, after);
  let shown: Action = action;
  let whitespace = "";
  let replaceNote = "";
  let jsonOpts = opts;
  if (diff.action === "noop" && action === "update") {
    // Only whitespace changed: say so, and show the whole value.
    whitespace = replace ? " # whitespace changes force replacement" : " # whitespace changes";
    jsonOpts = { ...opts, showUnchangedChildren: true };
    shown = "noop";
  } else {
    replaceNote = forces(replace, opts);
  }
  // The `-> null` of a deleted value goes after `jsonencode(...)`, not inside it.
  const rendered = diff.render(indent + 1, { ...jsonOpts, overrideNullSuffix: true });
  const deleted = nullSuffix(opts.overrideNullSuffix, action);
  // JSON diffs never show + or - themselves; an update keeps its ~.
  if (action === "create" || action === "delete") shown = "noop";
  if (rendered.includes("\n")) {
    return `jsonencode(${whitespace}\n${ind(indent + 1)}${symbol(shown)} ${rendered}${replaceNote}\n${ind(indent + 1)})${deleted}`;
  }
  return `jsonencode(${rendered})${deleted}${whitespace}${replaceNote}`;
}

/** terraform's jsondiff `Transform` over decoded JSON (`undefined` = missing, `null` = JSON null). */
function jsonDiff(before: JsonValue | undefined, after: JsonValue | undefined): Diff {
  const bk = jsonKind(before);
  const ak = jsonKind(after);
  const created = before === undefined;
  const deleted = after === undefined;
  if (bk === ak || created || deleted) return jsonUpdate(before, after, bk === "null" ? ak : bk);
  const del = jsonUpdate(before, undefined, bk);
  const add = jsonUpdate(undefined, after, ak);
  return {
    action: "update",
    replace: false,
    render: (indent, opts) => {
      const o: Opts = { ...opts, overrideNullSuffix: true };
      return `${del.render(indent, o)} -> ${add.render(indent, o)}`;
    },
  };
}

function jsonUpdate(before: JsonValue | undefined, after: JsonValue | undefined, kind: JsonKind): Diff {
  if (kind === "array") {
    const bs = (before ?? undefined) as readonly JsonValue[] | undefined;
    const as = (after ?? undefined) as readonly JsonValue[] | undefined;
    let action: Action =
      bs !== undefined && as === undefined
        ? "delete"
        : bs === undefined && as !== undefined
          ? "create"
          : "noop";
    const elements: Diff[] = [];
    processSlice(
      bs ?? [],
      as ?? [],
      jsonEqual,
      (bi, ai) => {
        const d = jsonDiff(bi === undefined ? undefined : bs?.[bi], ai === undefined ? undefined : as?.[ai]);
        elements.push(d);
        action = compareActions(action, d.action);
      },
      (v) => jsonKind(v) === "object",
    );
    return {
      action,
      replace: false,
      render: (indent, opts) => renderList(elements, action, false, true, indent, opts),
    };
  }
  if (kind === "object") {
    const bm = (before ?? undefined) as ReadonlyMap<string, JsonValue> | undefined;
    const am = (after ?? undefined) as ReadonlyMap<string, JsonValue> | undefined;
    let action: Action =
      bm !== undefined && am === undefined
        ? "delete"
        : bm === undefined && am !== undefined
          ? "create"
          : "noop";
    const diffs = new Map<string, Diff>();
    for (const k of new Set([...(bm?.keys() ?? []), ...(am?.keys() ?? [])])) {
      const d = jsonDiff(bm?.get(k), am?.get(k));
      diffs.set(k, d);
      action = compareActions(action, d.action);
    }
    return {
      action,
      replace: false,
      isObject: true,
      render: (indent, opts) => {
        if (diffs.size === 0) return `{}${nullSuffix(opts.overrideNullSuffix, action)}`;
        return `{\n${renderAttributes(diffs, indent, opts, { ...opts, overrideNullSuffix: true })}${ind(indent)}${symbol("noop")} }${nullSuffix(opts.overrideNullSuffix, action)}`;
      },
    };
  }
  // Primitives.
  const action: Action =
    before === undefined && after !== undefined
      ? "create"
      : before !== undefined && after === undefined
        ? "delete"
        : jsonEqual(before, after)
          ? "noop"
          : "update";
  if (kind === "string") {
    const str = (v: JsonValue | undefined): Value =>
      typeof v === "string" ? stringVal(v) : nullVal(stringType);
    const inner = primitiveDiff(str(before), str(after), false);
    return { action, replace: false, render: inner.render };
  }
  const text = (v: JsonValue | undefined): string =>
    v === undefined || v === null
      ? "null"
      : typeof v === "boolean"
        ? String(v)
        : (v as { number: string }).number;
  return {
    action,
    replace: false,
    render: (_indent, opts) => {
      switch (action) {
        case "create":
          return text(after);
        case "delete":
          return `${text(before)}${nullSuffix(opts.overrideNullSuffix, action)}`;
        case "noop":
          return text(before);
        default:
          return `${text(before)} -> ${text(after)}`;
      }
    },
  };
}

function heredoc(
  lines: readonly string[],
  indent: number,
  replace: boolean,
  opts: Opts,
  action: Action,
): string {
  const body = lines.map((l) => `${ind(indent + 1)}${symbol("noop")} ${l}`).join("\n");
  return `<<-EOT${forces(replace, opts)}\n${body}\n${ind(indent)}${symbol("noop")} EOT${nullSuffix(opts.overrideNullSuffix, action)}`;
}

/**
 * Terraform's `collections.ProcessSlice`: walks two sequences along their longest common
 * subsequence; objects that differ are paired as updates.
 */
function processSlice<T>(
  before: readonly T[],
  after: readonly T[],
  same: (a: T, b: T) => boolean,
  process: (beforeIx: number | undefined, afterIx: number | undefined) => void,
  isObj: (v: T) => boolean = () => false,
): void {
  const lcs = longestCommonSubsequence(before, after, same);
  let bi = 0;
  let ai = 0;
  let li = 0;
  while (bi < before.length || ai < after.length || li < lcs.length) {
    while (bi < before.length && (li >= lcs.length || !same(before[bi] as T, lcs[li] as T))) {
      const objectDiff =
        isObj(before[bi] as T) &&
        ai < after.length &&
        isObj(after[ai] as T) &&
        (li >= lcs.length || !same(after[ai] as T, lcs[li] as T));
      if (objectDiff) {
        process(bi, ai);
        bi++;
        ai++;
        continue;
      }
      process(bi, undefined);
      bi++;
    }
    while (ai < after.length && (li >= lcs.length || !same(after[ai] as T, lcs[li] as T))) {
      process(undefined, ai);
      ai++;
    }
    if (li < lcs.length) {
      process(bi, ai);
      bi++;
      ai++;
      li++;
    }
  }
}

function longestCommonSubsequence<T>(xs: readonly T[], ys: readonly T[], same: (a: T, b: T) => boolean): T[] {
  const m = xs.length;
  const n = ys.length;
  const table: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let i = m - 1; i >= 0; i--) {
    for (let j = n - 1; j >= 0; j--) {
      const row = table[i] as number[];
      row[j] = same(xs[i] as T, ys[j] as T)
        ? ((table[i + 1] as number[])[j + 1] as number) + 1
        : Math.max((table[i + 1] as number[])[j] as number, row[j + 1] as number);
    }
  }
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < m && j < n) {
    if (same(xs[i] as T, ys[j] as T)) {
      out.push(xs[i] as T);
      i++;
      j++;
    } else if (((table[i + 1] as number[])[j] as number) >= ((table[i] as number[])[j + 1] as number)) i++;
    else j++;
  }
  return out;
}

function elementsOrEmpty(v: Value): readonly Value[] {
  if (!v.isKnown() || v.isNull()) return [];
  const k = v.type.kind;
  return k === "map" || k === "object" ? [...v.entries()].map(([, element]) => element) : v.elements();
}

type ElementDiffer = (before: Value, after: Value) => Diff;

function nullLike(v: Value): Value {
  return nullOfLike(v);
}

function listDiff(
  before: Value,
  after: Value,
  replace: boolean,
  context: boolean,
  differ: ElementDiffer,
  nestedObjects: boolean,
): Diff {
  const bs = elementsOrEmpty(before);
  const as = elementsOrEmpty(after);
  const elements: Diff[] = [];
  let action = defaultIterationAction(before, after);
  processSlice(
    bs,
    as,
    (x, y) => rawEquals(x, y),
    (bi, ai) => {
      const b = bi === undefined ? nullLike(as[ai as number] as Value) : (bs[bi] as Value);
      const a = ai === undefined ? nullLike(bs[bi as number] as Value) : (as[ai] as Value);
      const d = differ(b, a);
      elements.push(d);
      action = compareActions(action, d.action);
    },
    () => nestedObjects,
  );
  return {
    action,
    replace,
    render: (indent, opts) => renderList(elements, action, replace, context, indent, opts),
  };
}

function renderList(
  elements: readonly Diff[],
  action: Action,
  replace: boolean,
  context: boolean,
  indent: number,
  opts: Opts,
): string {
  if (elements.length === 0)
    return `[]${nullSuffix(opts.overrideNullSuffix, action)}${forces(replace, opts)}`;
  const elementOpts: Opts = { ...opts, overrideNullSuffix: true };
  const unchangedOpts: Opts = { ...opts, showUnchangedChildren: true };
  let out = `[${forces(replace, opts)}\n`;
  let pending: Diff[] = [];
  let renderNext = false;
  for (const el of elements) {
    if (el.action === "noop" && !renderNext && !opts.showUnchangedChildren) {
      pending.push(el);
      continue;
    }
    renderNext = false;
    let o = elementOpts;
    if (context) {
      if (pending.length > 1)
        out += `${ind(indent + 1)}${symbol("noop")} ${unchanged("element", pending.length - 1)}\n`;
      const last = pending[pending.length - 1];
      if (last !== undefined)
        out += `${ind(indent + 1)}${symbol(last.action)} ${last.render(indent + 1, unchangedOpts)},\n`;
      pending = [];
      if (el.action === "noop") o = unchangedOpts;
      else renderNext = true;
    }
    out += `${ind(indent + 1)}${symbol(el.action)} ${el.render(indent + 1, o)},\n`;
  }
  if (pending.length > 0)
    out += `${ind(indent + 1)}${symbol("noop")} ${unchanged("element", pending.length)}\n`;
  return `${out}${ind(indent)}${symbol("noop")} ]${nullSuffix(opts.overrideNullSuffix, action)}`;
}

function setDiff(
  before: Value,
  after: Value,
  replace: boolean,
  differ: ElementDiffer,
  nested: boolean,
): Diff {
  const bs = elementsOrEmpty(before);
  const as = elementsOrEmpty(after);
  const matchedAfter = new Set<number>();
  const pairs: [Value | undefined, Value | undefined][] = [];
  for (const b of bs) {
    let match: number | undefined;
    for (let j = 0; j < as.length; j++) {
      if (matchedAfter.has(j)) continue;
      const a = as[j] as Value;
      if (a.isWhollyKnown() && rawEquals(a, b)) {
        match = j;
        break;
      }
    }
    if (match === undefined) pairs.push([b, undefined]);
    else {
      matchedAfter.add(match);
      pairs.push([b, as[match]]);
    }
  }
  as.forEach((a, j) => {
    if (!matchedAfter.has(j)) pairs.push([undefined, a]);
  });
  let action = defaultIterationAction(before, after);
  const elements = pairs.map(([b, a]) => {
    const d = differ(b ?? nullLike(a as Value), a ?? nullLike(b as Value));
    action = compareActions(action, d.action);
    return d;
  });
  return {
    action,
    replace,
    render: (indent, opts) => {
      const self = replace && !nested;
      const childForces = replace && nested;
      if (elements.length === 0)
        return `[]${nullSuffix(opts.overrideNullSuffix, action)}${forces(self, opts)}`;
      const elementOpts: Opts = {
        ...opts,
        overrideNullSuffix: true,
        overrideForcesReplacement: childForces || opts.overrideForcesReplacement,
      };
      let out = `[${forces(self, opts)}\n`;
      let hidden = 0;
      for (const el of elements) {
        if (el.action === "noop" && !opts.showUnchangedChildren) {
          hidden++;
          continue;
        }
        out += `${ind(indent + 1)}${symbol(el.action)} ${el.render(indent + 1, elementOpts)},\n`;
      }
      if (hidden > 0) out += `${ind(indent + 1)}${symbol("noop")} ${unchanged("element", hidden)}\n`;
      return `${out}${ind(indent)}${symbol("noop")} ]${nullSuffix(opts.overrideNullSuffix, action)}`;
    },
  };
}

function mapDiff(
  before: Value,
  after: Value,
  replace: boolean,
  differ: ElementDiffer,
  nested: boolean,
): Diff {
  const bm: ReadonlyMap<string, Value> = before.isKnown() && !before.isNull() ? before.entries() : new Map();
  const am: ReadonlyMap<string, Value> = after.isKnown() && !after.isNull() ? after.entries() : new Map();
  const keys = [...new Set([...bm.keys(), ...am.keys()])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  let action = defaultIterationAction(before, after);
  const elements = new Map<string, Diff>();
  for (const k of keys) {
    const b = bm.get(k);
    const a = am.get(k);
    const d = differ(b ?? nullLike(a as Value), a ?? nullLike(b as Value));
    elements.set(k, d);
    action = compareActions(action, d.action);
  }
  return {
    action,
    replace,
    render: (indent, opts) => {
      const self = replace && !nested;
      if (elements.size === 0) return `{}${nullSuffix(opts.overrideNullSuffix, action)}${forces(self, opts)}`;
      const width = Math.max(...[...elements.keys()].map((k) => k.length)) + 2;
      const elementOpts: Opts = {
        ...opts,
        overrideNullSuffix: action === "delete" || nested,
        overrideForcesReplacement: replace && nested,
      };
      let out = `{${forces(self, opts)}\n`;
      let hidden = 0;
      for (const [k, el] of elements) {
        if (el.action === "noop" && !opts.showUnchangedChildren) {
          hidden++;
          continue;
        }
        out += `${ind(indent + 1)}${symbol(el.action)} ${goQuote(k).padEnd(width)} = ${el.render(indent + 1, elementOpts)}${el.isObject === true ? "," : ""}\n`;
      }
      if (hidden > 0) out += `${ind(indent + 1)}${symbol("noop")} ${unchanged("element", hidden)}\n`;
      return `${out}${ind(indent)}${symbol("noop")} }${nullSuffix(opts.overrideNullSuffix, action)}`;
    },
  };
}

/** Objects: plain `object(...)` values (`attributes` null) or nested-attribute objects. */
function objectDiff(
  before: Value,
  after: Value,
  replace: boolean,
  attributes: NestedAttributeSpec["attributes"] | null,
  overrideNullSuffix: boolean,
): Diff {
  const t = isAbsent(after) ? before.type : after.type;
  const names = t.kind === "object" ? Object.keys(t.attributeTypes) : [];
  let action = defaultIterationAction(before, after);
  const diffs = new Map<string, Diff>();
  for (const name of names) {
    const b = attrValue(before, name, t);
    const a = attrValue(after, name, t);
    const spec = attributes?.[name];
    const d = spec === undefined ? diffValue(b, a, false) : diffAttribute(spec, b, a, false, [], []);
    if (d.action === "noop" && isAbsent(plain(b)) && isAbsent(plain(a))) continue;
    diffs.set(name, d);
    action = compareActions(action, d.action);
  }
  return {
    action,
    replace,
    isObject: true,
    render: (indent, opts) => {
      if (diffs.size === 0) return `{}${nullSuffix(opts.overrideNullSuffix, action)}${forces(replace, opts)}`;
      const attrOpts: Opts = { ...opts, overrideNullSuffix };
      return `{${forces(replace, opts)}\n${renderAttributes(diffs, indent, opts, attrOpts)}${ind(indent)}${symbol("noop")} }${nullSuffix(opts.overrideNullSuffix, action)}`;
    },
  };
}

function attrValue(v: Value, name: string, t: Value["type"]): Value {
  const at = t.kind === "object" ? (t.attributeTypes[name] ?? t) : t;
  const p = plain(v);
  if (!p.isKnown()) return unknownVal(at);
  if (p.isNull()) return nullVal(at);
  return p.getAttr(name);
}

const IMPORTANT = new Set(["id", "name", "tags"]);

function renderAttributes(
  diffs: ReadonlyMap<string, Diff>,
  indent: number,
  opts: Opts,
  attrOpts: Opts,
): string {
  const keys = [...diffs.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const width = Math.max(0, ...keys.map((k) => attrName(k).length));
  let out = "";
  let hidden = 0;
  for (const k of keys) {
    const d = diffs.get(k) as Diff;
    if (IMPORTANT.has(k)) {
      out += `${ind(indent + 1)}${symbol(d.action)} ${attrName(k).padEnd(width)} = ${d.render(indent + 1, { ...attrOpts, showUnchangedChildren: true })}\n`;
      continue;
    }
    if (d.action === "noop" && !opts.showUnchangedChildren) {
      hidden++;
      continue;
    }
    out += `${ind(indent + 1)}${symbol(d.action)} ${attrName(k).padEnd(width)} = ${d.render(indent + 1, attrOpts)}\n`;
  }
  if (hidden > 0) out += `${ind(indent + 1)}${symbol("noop")} ${unchanged("attribute", hidden)}\n`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Schema-directed: attributes, nested attributes, blocks

function isReplacePath(path: Path, replacePaths: readonly Path[]): boolean {
  return path.length > 0 && replacePaths.some((p) => pathEquals(p, path));
}

function diffAttribute(
  spec: AnyAttributeSpec,
  before: Value,
  after: Value,
  blockLevel: boolean,
  path: Path,
  replacePaths: readonly Path[],
): Diff {
  const replace = isReplacePath(path, replacePaths);
  if (spec.sensitive || isSensitive(before) || isSensitive(after))
    return sensitiveDiff(before, after, replace);
  let b = plain(before);
  let a = plain(after);
  // Terraform treats empty strings in blocks as null (the legacy SDK never distinguished them).
  if (blockLevel && b.type.kind === "string" && b.isKnown() && !b.isNull() && b.asString() === "")
    b = nullLike(b);
  if (blockLevel && a.type.kind === "string" && a.isKnown() && !a.isNull() && a.asString() === "")
    a = nullLike(a);
  if (spec.kind !== "nested_attribute") return diffValue(b, a, replace);
  if (!a.isKnown()) return unknownDiff(b, replace, (bv) => nestedDiff(spec, bv, nullLike(bv), false));
  return nestedDiff(spec, b, a, replace);
}

function nestedDiff(spec: NestedAttributeSpec, before: Value, after: Value, replace: boolean): Diff {
  const objectDiffer: ElementDiffer = (b, a) =>
    !a.isKnown()
      ? unknownDiff(b, false, (bv) => objectDiff(bv, nullLike(bv), false, spec.attributes, false))
      : objectDiff(b, a, false, spec.attributes, false);
  switch (spec.nesting) {
    case "single":
      return objectDiff(before, after, replace, spec.attributes, false);
    case "list":
      return listDiff(before, after, replace, false, objectDiffer, true);
    case "set":
      return setDiff(before, after, replace, objectDiffer, true);
    default:
      return mapDiff(before, after, replace, objectDiffer, true);
  }
}

interface BlockEntry {
  readonly name: string;
  readonly label: string;
  readonly diff: Diff;
}

function blockDiff(
  body: SchemaBody,
  before: Value,
  after: Value,
  replace: boolean,
  path: Path,
  replacePaths: readonly Path[],
): Diff {
  const b = plain(before);
  const a = plain(after);
  let action = defaultIterationAction(b, a);
  const attrs = new Map<string, Diff>();
  for (const [name, spec] of Object.entries(body.attributes).sort(([x], [y]) =>
    x < y ? -1 : x > y ? 1 : 0,
  )) {
    const bv = childOf(b, name, spec.type);
    const av = childOf(a, name, spec.type);
    const d = diffAttribute(spec, bv, av, true, [...path, attributeStep(name)], replacePaths);
    const bp = plain(bv);
    const ap = plain(av);
    const emptyString = (v: Value): boolean =>
      v.type.kind === "string" && v.isKnown() && !v.isNull() && v.asString() === "";
    if (d.action === "noop" && (isAbsent(bp) || emptyString(bp)) && (isAbsent(ap) || emptyString(ap)))
      continue;
    attrs.set(name, d);
    action = compareActions(action, d.action);
  }
  const blocks: BlockEntry[] = [];
  for (const [name, spec] of Object.entries(body.blocks).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    const bv = plain(childOf(b, name, spec.type));
    const av = plain(childOf(a, name, spec.type));
    for (const entry of nestedBlockDiffs(name, spec, bv, av, [...path, attributeStep(name)], replacePaths)) {
      blocks.push(entry);
      action = compareActions(action, entry.diff.action);
    }
  }
  return {
    action,
    replace,
    render: (indent, opts) => {
      if (attrs.size === 0 && blocks.length === 0) return `{}${forces(replace, opts)}`;
      let out = `{${forces(replace, opts)}\n`;
      out += renderAttributes(attrs, indent, opts, opts);
      let hiddenBlocks = 0;
      let lastName: string | undefined;
      for (const entry of blocks) {
        if (entry.diff.action === "noop" && !opts.showUnchangedChildren) {
          hiddenBlocks++;
          continue;
        }
        if (entry.name !== lastName && attrs.size > 0) out += "\n";
        lastName = entry.name;
        out += `${ind(indent + 1)}${symbol(entry.diff.action)} ${attrName(entry.name)}${entry.label} ${entry.diff.render(indent + 1, opts)}\n`;
      }
      if (hiddenBlocks > 0)
        out += `\n${ind(indent + 1)}${symbol("noop")} ${unchanged("block", hiddenBlocks)}\n`;
      return `${out}${ind(indent)}${symbol("noop")} }`;
    },
  };
}

function childOf(v: Value, name: string, t: Value["type"]): Value {
  const p = plain(v);
  if (!p.isKnown()) return unknownVal(t);
  if (p.isNull()) return nullVal(t);
  return p.getAttr(name);
}

function nestedBlockDiffs(
  name: string,
  spec: BlockSpec,
  before: Value,
  after: Value,
  path: Path,
  replacePaths: readonly Path[],
): BlockEntry[] {
  const replace = isReplacePath(path, replacePaths);
  const element = (b: Value, a: Value, elementPath: Path): Diff =>
    blockDiff(spec, b, a, replace || isReplacePath(elementPath, replacePaths), elementPath, replacePaths);
  if (!after.isKnown()) {
    return [{ name, label: "", diff: unknownDiff(before, replace, (bv) => element(bv, nullLike(bv), path)) }];
  }
  switch (spec.nesting) {
    case "single":
    case "group":
      if (isAbsent(before) && isAbsent(after)) return [];
      return [{ name, label: "", diff: element(before, after, path) }];
    case "map": {
      const bm: ReadonlyMap<string, Value> = !isAbsent(before) ? before.entries() : new Map();
      const am: ReadonlyMap<string, Value> = !isAbsent(after) ? after.entries() : new Map();
      const keys = [...new Set([...bm.keys(), ...am.keys()])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      return keys.map((k) => {
        const b = bm.get(k);
        const a = am.get(k);
        const elementPath = [...path, indexStep(stringVal(k))];
        return {
          name,
          label: ` ${goQuote(k)}`,
          diff: element(b ?? nullLike(a as Value), a ?? nullLike(b as Value), elementPath),
        };
      });
    }
    default: {
      const bs = elementsOrEmpty(before);
      const as = elementsOrEmpty(after);
      const out: BlockEntry[] = [];
      const push = (bi: number | undefined, ai: number | undefined): void => {
        const b = bi === undefined ? undefined : bs[bi];
        const a = ai === undefined ? undefined : as[ai];
        // List elements are addressed by index; a set element cannot be named by a replace path.
        const elementPath = spec.nesting === "list" ? [...path, indexStep(numberVal(ai ?? bi ?? 0))] : path;
        out.push({
          name,
          label: "",
          diff: element(b ?? nullLike(a as Value), a ?? nullLike(b as Value), elementPath),
        });
      };
      if (spec.nesting === "list") {
        processSlice(
          bs,
          as,
          (x, y) => rawEquals(x, y),
          push,
          () => true,
        );
        return out;
      }
      // Sets: pair equal elements, then the removed ones, then the added ones (processSet).
      const matched = new Set<number>();
      bs.forEach((b, bi) => {
        const j = as.findIndex((a, i) => !matched.has(i) && a.isWhollyKnown() && rawEquals(a, b));
        if (j < 0) push(bi, undefined);
        else {
          matched.add(j);
          push(bi, j);
        }
      });
      as.forEach((_a, j) => {
        if (!matched.has(j)) push(undefined, j);
      });
      return out;
    }
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Options of {@link renderPlan}.
 * @category models
 */
export interface RenderPlanOptions {
  /**
   * Overrides the action; by default it is derived like core does (`planAction`). Use
   * `"replace"` with a reason for the `-replace` and `replace_triggered_by` headers.
   */
  readonly action?: PlanAction;
  /** Why a replace happens (changes the header line). */
  readonly replaceReason?: "requested" | "triggered" | "tainted";
}

function parseAddress(address: string): { type: string; name: string; mode: string } {
  const parts = address.split(".");
  let i = 0;
  while (parts[i] === "module" && i + 2 < parts.length) i += 2;
  let mode = "resource";
  if (parts[i] === "data") {
    mode = "data";
    i++;
  }
  const type = parts[i] ?? "";
  const name = (parts.slice(i + 1).join(".") || "").replace(/\[.*\]$/, "");
  return { type, name, mode };
}

/**
 * Renders one resource change the way `terraform plan` prints it.
 *
 * @remarks Follows Terraform's human renderer (internal/command/jsonformat, spec §5.10): the
 * `# <address> will be created` / `will be updated in-place` / `must be replaced` /
 * `will be destroyed` comment, then `+`, `~`, `-/+` or `-` and the resource body with
 * attributes sorted by name and padded to the longest name, `~ name = "a" -> "b"`,
 * `+ id = (known after apply)`, `"a" -> (known after apply)`, `- x = "a" -> null`,
 * `(sensitive value)`, `# forces replacement` on the attributes in `requiresReplace`, nested
 * blocks after a blank line, and `# (N unchanged attributes hidden)` /
 * `# (N unchanged blocks hidden)`; `id`, `name` and `tags` are always shown. Lists show one
 * unchanged element of context around changes; JSON strings render as `jsonencode(...)` diffs.
 * Colors are left out. Returns `""` for a no-op. Checked against terraform 1.11.4's own output.
 * Not covered: sensitive-change warnings, moved/imported annotations.
 * @example
 * ```ts
 * renderPlan(schema, "test_resource.x", nullVal(schema.type), planned, []);
 * // "  # test_resource.x will be created\n  + resource \"test_resource\" \"x\" {\n      + id   = (known after apply)\n ..."
 * ```
 * @category testing
 */
export function renderPlan(
  schema: SchemaBody,
  address: string,
  prior: Value,
  planned: Value,
  requiresReplace: readonly Path[],
  options: RenderPlanOptions = {},
): string {
  const action = options.action ?? planAction(prior, planned, requiresReplace.length > 0);
  if (action === "noop") return "";
  const { type, name, mode } = parseAddress(address);
  let comment: string;
  switch (action) {
    case "create":
      comment = "will be created";
      break;
    case "update":
      comment = "will be updated in-place";
      break;
    case "delete":
      comment = "will be destroyed";
      break;
    default:
      comment =
        options.replaceReason === "requested"
          ? "will be replaced, as requested"
          : options.replaceReason === "triggered"
            ? "will be replaced due to changes in replace_triggered_by"
            : options.replaceReason === "tainted"
              ? "is tainted, so must be replaced"
              : "must be replaced";
  }
  const replacePaths = action === "replace" ? requiresReplace : [];
  const diff = blockDiff(schema, prior, planned, false, [], replacePaths);
  const sym = action === "replace" ? "-/+" : symbol(action);
  return `  # ${address} ${comment}\n${sym} ${mode} ${goQuote(type)} ${goQuote(name)} ${diff.render(0, BASE_OPTS)}\n`;
}
