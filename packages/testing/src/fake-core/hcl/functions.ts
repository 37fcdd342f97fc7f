import { createHash } from "node:crypto";
import {
  boolType,
  boolVal,
  convert,
  dynamicType,
  equals,
  listType,
  listVal,
  listValEmpty,
  mapType,
  mapVal,
  mapValEmpty,
  nullVal,
  numberType,
  numberVal,
  objectVal,
  refine,
  refineNotNull,
  setType,
  stringType,
  stringVal,
  toJson,
  tupleVal,
  type Type,
  unify,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { HclEvalError, HclUnsupported, type Pos } from "./parse.js";

type Impl = (args: readonly Value[], pos: Pos) => Value;

interface Builtin {
  /** Argument count: exact, or [min, max] (max Infinity for variadic). */
  readonly arity: number | readonly [number, number];
  /** The result type when an argument is unknown (dynamic when it depends on the arguments). */
  readonly returns: Type;
  /** Whether the function handles unknown arguments itself. */
  readonly unknowns?: boolean;
  /** Whether an unknown anywhere inside an argument makes the result unknown (not just at the top). */
  readonly whole?: boolean;
  readonly impl: Impl;
}

const fail = (name: string, why: string, pos: Pos): never => {
  throw new HclEvalError("Error in function call", `Call to function "${name}" failed: ${why}.`, pos);
};

function as(v: Value, t: Type, name: string, pos: Pos): Value {
  try {
    return convert(v, t);
  } catch (error) {
    throw new HclEvalError(
      "Invalid function argument",
      `Invalid value for "${name}" parameter: ${error instanceof Error ? error.message : String(error)}.`,
      pos,
    );
  }
}
const str = (v: Value, name: string, pos: Pos): string => {
  const s = as(v, stringType, name, pos);
  if (s.isNull())
    throw new HclEvalError(
      "Invalid function argument",
      `Invalid value for "${name}" parameter: argument must not be null.`,
      pos,
    );
  return s.asString();
};
const isCollection = (v: Value) => ["list", "tuple", "set"].includes(v.type.kind);
const isMapLike = (v: Value) => v.type.kind === "map" || v.type.kind === "object";

/** Go's json.Marshal string escaping is what jsonencode prints (HTML characters escaped). */
function jsonencode(v: Value): string {
  return toJson(v, v.type);
}

/** A tiny exact JSON reader: numbers keep their text (no float64 rounding). */
function jsondecode(text: string, pos: Pos): Value {
  let i = 0;
  const bad = (): never => fail("jsondecode", `invalid JSON at offset ${i}`, pos);
  const ws = () => {
    while (/\s/.test(text[i] ?? "")) i++;
  };
  const value = (): Value => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const attrs: Record<string, Value> = {};
      ws();
      if (text[i] === "}") {
        i++;
        return objectVal(attrs);
      }
      for (;;) {
        ws();
        const k = value();
        if (k.type.kind !== "string") bad();
        ws();
        if (text[i] !== ":") bad();
        i++;
        attrs[k.asString()] = value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return objectVal(attrs);
        }
        bad();
      }
    }
    if (c === "[") {
      i++;
      const items: Value[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return tupleVal(items);
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return tupleVal(items);
        }
        bad();
      }
    }
    if (c === '"') {
      const m = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i));
      if (!m) bad();
      i += (m as RegExpExecArray)[0].length;
      try {
        // JSON.parse rejects control characters and bad escapes, as Go's decoder does.
        return stringVal(JSON.parse((m as RegExpExecArray)[0]) as string);
      } catch {
        return bad();
      }
    }
    const m = /^(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null)/.exec(text.slice(i));
    if (!m) return bad();
    const tok = m[0];
    i += tok.length;
    if (tok === "true" || tok === "false") return boolVal(tok === "true");
    if (tok === "null") return nullVal(dynamicType);
    return numberVal(tok);
  };
  const v = value();
  ws();
  if (i !== text.length) bad();
  return v;
}

/** libyaml's printable characters (others are escaped in a double-quoted scalar). */
function yamlPrintable(c: number): boolean {
  return (
    c === 0x0a ||
    (c >= 0x20 && c <= 0x7e) ||
    c === 0x85 ||
    (c >= 0xa0 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

const YAML_ESCAPES: Record<number, string> = {
  0: "0",
  7: "a",
  8: "b",
  9: "t",
  11: "v",
  12: "f",
  13: "r",
  27: "e",
  34: '"',
  92: "\\",
  133: "N",
  160: "_",
  8232: "L",
  8233: "P",
};

/** A string as go-cty-yaml writes it: double-quoted, libyaml's escapes. */
function yamlString(s: string, pos: Pos): string {
  // libyaml writes strings with line breaks in literal style and folds long ones at 80
  // columns; neither is reproduced here.
  if (s.includes("\n")) throw new HclUnsupported("yamlencode() of strings with line breaks", pos);
  if (s.length > 60 && s.includes(" "))
    throw new HclUnsupported("yamlencode() of long strings with spaces (libyaml folds them)", pos);
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    const escaped =
      c === 0x22 || c === 0x5c || c === 0x85 || c === 0x2028 || c === 0x2029 || !yamlPrintable(c);
    const esc = YAML_ESCAPES[c];
    if (!escaped) out += ch;
    else if (esc !== undefined) out += `\\${esc}`;
    else if (c <= 0xff) out += `\\x${c.toString(16).toUpperCase().padStart(2, "0")}`;
    else if (c <= 0xffff) out += `\\u${c.toString(16).toUpperCase().padStart(4, "0")}`;
    else out += `\\U${c.toString(16).toUpperCase().padStart(8, "0")}`;
  }
  return `${out}"`;
}

/** A value's lines in go-cty-yaml's block style (sequences in a mapping at the key's indent). */
function yamlLines(v: Value, indent: string, pos: Pos): string[] {
  const scalar = (x: Value): string | undefined => {
    if (x.isNull()) return "null";
    const k = x.type.kind;
    if (k === "string") return yamlString(x.asString(), pos);
    if (k === "bool") return x.asBool() ? "true" : "false";
    if (k === "number") return toJson(x, numberType);
    if (["list", "tuple", "set"].includes(k)) return x.elements().length === 0 ? "[]" : undefined;
    if (k === "map" || k === "object") return x.entries().size === 0 ? "{}" : undefined;
    throw new HclUnsupported(`yamlencode() of a ${k} value`, pos);
  };
  const one = scalar(v);
  if (one !== undefined) return [`${indent}${one}`];
  const lines: string[] = [];
  if (v.type.kind === "map" || v.type.kind === "object") {
    const entries = [...v.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [k, e] of entries) {
      const s = scalar(e);
      const key = yamlString(k, pos);
      if (s !== undefined) lines.push(`${indent}${key}: ${s}`);
      else {
        lines.push(`${indent}${key}:`);
        const mapping = e.type.kind === "map" || e.type.kind === "object";
        lines.push(...yamlLines(e, mapping ? `${indent}  ` : indent, pos));
      }
    }
    return lines;
  }
  for (const e of v.elements()) {
    const s = scalar(e);
    if (s !== undefined) {
      lines.push(`${indent}- ${s}`);
      continue;
    }
    const inner = yamlLines(e, `${indent}  `, pos);
    inner[0] = `${indent}- ${(inner[0] as string).slice(indent.length + 2)}`;
    lines.push(...inner);
  }
  return lines;
}

/**
 * yamldecode of the YAML that is also JSON (what `yq` and most tools print); other YAML is
 * refused rather than read by a different grammar than go-yaml's.
 */
function yamldecode(text: string, pos: Pos): Value {
  try {
    return jsondecode(text, pos);
  } catch (error) {
    if (error instanceof HclEvalError)
      throw new HclUnsupported("yamldecode() of YAML that is not also JSON (block style)", pos);
    throw error;
  }
}

/** Go's encoding/csv records (RFC 4180, LazyQuotes off); malformed input is refused. */
function csvRecords(text: string, pos: Pos): { fields: string[]; line: number }[] {
  const records: { fields: string[]; line: number }[] = [];
  const src = text.replace(/\r\n/g, "\n");
  let i = 0;
  let line = 1;
  while (i < src.length) {
    if (src[i] === "\n") {
      // Empty lines are skipped.
      i++;
      line++;
      continue;
    }
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = "";
      if (src[i] === '"') {
        i++;
        for (;;) {
          if (i >= src.length)
            throw new HclUnsupported('csvdecode() of a quoted field without its closing "', pos);
          const c = src[i] as string;
          if (c === '"') {
            if (src[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === "\n") line++;
          field += c;
          i++;
        }
        if (i < src.length && src[i] !== "," && src[i] !== "\n")
          throw new HclUnsupported(
            'csvdecode() of text after a quoted field (extraneous or missing " )',
            pos,
          );
      } else {
        while (i < src.length && src[i] !== "," && src[i] !== "\n") {
          if (src[i] === '"') throw new HclUnsupported('csvdecode() of a bare " in a non-quoted field', pos);
          field += src[i];
          i++;
        }
      }
      fields.push(field);
      if (src[i] === ",") {
        i++;
        continue;
      }
      if (src[i] === "\n") {
        i++;
        line++;
      }
      break;
    }
    records.push({ fields, line: start });
  }
  return records;
}

/** terraform's csvdecode: the first record names the attributes; a list of objects of strings. */
function csvdecode(text: string, pos: Pos): Value {
  const [header, ...rows] = csvRecords(text, pos);
  if (header === undefined) return fail("csvdecode", "missing header line", pos);
  const names = header.fields;
  for (const [i, n] of names.entries())
    if (names.indexOf(n) !== i) fail("csvdecode", `duplicate column name ${JSON.stringify(n)}`, pos);
  const objects = rows.map((r) => {
    if (r.fields.length !== names.length)
      fail("csvdecode", `record on line ${r.line}: wrong number of fields`, pos);
    return objectVal(Object.fromEntries(names.map((n, i) => [n, stringVal(r.fields[i] as string)])));
  });
  if (objects.length > 0) return listVal(objects);
  const empty = objectVal(Object.fromEntries(names.map((n) => [n, stringVal("")])));
  return listValEmpty(empty.type);
}

/** Go's fmt verbs that format() supports here; the others are refused. */
function format(args: readonly Value[], pos: Pos): Value {
  const spec = str(args[0] as Value, "format", pos);
  let out = "";
  let next = 1;
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i];
    if (c !== "%") {
      out += c;
      continue;
    }
    const verb = spec[++i];
    if (verb === "%") {
      out += "%";
      continue;
    }
    if (verb !== "s" && verb !== "d" && verb !== "v")
      throw new HclUnsupported(`format() verb %${verb ?? ""} (only %s, %d, %v and %% are evaluated)`, pos);
    const arg = args[next++];
    if (arg === undefined) fail("format", `not enough arguments for %${verb} at ${i - 1}`, pos);
    const a = arg as Value;
    if (a.isNull())
      fail("format", `unsupported value for "%${verb}" at ${i - 1}: null value cannot be formatted`, pos);
    if (verb === "d") {
      const n = as(a, numberType, "args", pos).asNumber();
      if (!n.isInteger())
        fail("format", `unsupported value for "%d" at ${i - 1}: number has a fractional part`, pos);
      out += n.text();
    } else if (verb === "v" && !["string", "number", "bool"].includes(a.type.kind)) {
      out += jsonencode(a);
    } else out += as(a, stringType, "args", pos).asString();
  }
  if (next < args.length) fail("format", `too many arguments; only ${next - 1} used by format string`, pos);
  return stringVal(out);
}

function listOrTuple(items: readonly Value[]): Value {
  if (items.length === 0) return tupleVal([]);
  return tupleVal(items);
}

const BUILTINS: Record<string, Builtin> = {
  upper: {
    arity: 1,
    returns: stringType,
    impl: ([s], p) => stringVal(str(s as Value, "str", p).toUpperCase()),
  },
  lower: {
    arity: 1,
    returns: stringType,
    impl: ([s], p) => stringVal(str(s as Value, "str", p).toLowerCase()),
  },
  trimspace: { arity: 1, returns: stringType, impl: ([s], p) => stringVal(str(s as Value, "str", p).trim()) },
  startswith: {
    arity: 2,
    returns: boolType,
    impl: ([s, pre], p) => boolVal(str(s as Value, "str", p).startsWith(str(pre as Value, "prefix", p))),
  },
  endswith: {
    arity: 2,
    returns: boolType,
    impl: ([s, suf], p) => boolVal(str(s as Value, "str", p).endsWith(str(suf as Value, "suffix", p))),
  },
  format: { arity: [1, Number.POSITIVE_INFINITY], returns: stringType, whole: true, impl: format },
  join: {
    arity: [2, Number.POSITIVE_INFINITY],
    returns: stringType,
    whole: true,
    impl: ([sep, ...lists], p) => {
      const parts: string[] = [];
      for (const l of lists) {
        if (!isCollection(l)) fail("join", "lists must be lists of strings", p);
        for (const e of l.elements()) {
          if (e.isNull()) fail("join", "element is null: cannot concatenate null values", p);
          parts.push(str(e, "lists", p));
        }
      }
      return stringVal(parts.join(str(sep as Value, "separator", p)));
    },
  },
  split: {
    arity: 2,
    returns: listType(stringType),
    impl: ([sep, s], p) => {
      const text = str(s as Value, "str", p);
      const parts = text.split(str(sep as Value, "separator", p));
      return listVal(parts.map(stringVal));
    },
  },
  replace: {
    arity: 3,
    returns: stringType,
    impl: ([s, sub, rep], p) => {
      const what = str(sub as Value, "substr", p);
      if (what.length > 1 && what.startsWith("/") && what.endsWith("/"))
        throw new HclUnsupported("replace() with a regular expression", p);
      return stringVal(
        str(s as Value, "str", p)
          .split(what)
          .join(str(rep as Value, "replace", p)),
      );
    },
  },
  length: {
    arity: 1,
    returns: numberType,
    unknowns: true,
    impl: ([v], p) => {
      const x = v as Value;
      // Terraform: the length of an unknown is an unknown number, not null, at least 0.
      if (!x.isKnown()) return refine(unknownVal(numberType)).notNull().numberLowerBound(0, true).newValue();
      if (x.isNull()) fail("length", "argument must not be null", p);
      if (x.type.kind === "string") return numberVal([...new Intl.Segmenter().segment(x.asString())].length);
      if (isCollection(x) || isMapLike(x))
        return numberVal(isMapLike(x) ? x.entries().size : x.elements().length);
      return fail("length", "argument must be a string, a collection type, or a structural type", p);
    },
  },
  tostring: { arity: 1, returns: stringType, impl: ([v], p) => as(v as Value, stringType, "v", p) },
  tonumber: { arity: 1, returns: numberType, impl: ([v], p) => as(v as Value, numberType, "v", p) },
  tobool: { arity: 1, returns: boolType, impl: ([v], p) => as(v as Value, boolType, "v", p) },
  tolist: { arity: 1, returns: dynamicType, impl: ([v], p) => as(v as Value, listType(dynamicType), "v", p) },
  toset: { arity: 1, returns: dynamicType, impl: ([v], p) => as(v as Value, setType(dynamicType), "v", p) },
  tomap: { arity: 1, returns: dynamicType, impl: ([v], p) => as(v as Value, mapType(dynamicType), "v", p) },
  jsonencode: {
    arity: 1,
    returns: stringType,
    whole: true,
    impl: ([v]) => stringVal(jsonencode(v as Value)),
  },
  jsondecode: { arity: 1, returns: dynamicType, impl: ([v], p) => jsondecode(str(v as Value, "str", p), p) },
  yamlencode: {
    arity: 1,
    returns: stringType,
    whole: true,
    impl: ([v], p) => stringVal(`${yamlLines(v as Value, "", p).join("\n")}\n`),
  },
  yamldecode: { arity: 1, returns: dynamicType, impl: ([v], p) => yamldecode(str(v as Value, "src", p), p) },
  csvdecode: { arity: 1, returns: dynamicType, impl: ([v], p) => csvdecode(str(v as Value, "str", p), p) },
  lookup: {
    arity: [2, 3],
    returns: dynamicType,
    impl: ([m, k, d], p) => {
      const map = m as Value;
      if (!isMapLike(map)) fail("lookup", "the first argument must be a map or an object", p);
      const key = str(k as Value, "key", p);
      const found = map.entries().get(key);
      if (found !== undefined) return found;
      if (d !== undefined) return d;
      return fail("lookup", `lookup failed to find key ${JSON.stringify(key)}`, p);
    },
  },
  merge: {
    arity: [0, Number.POSITIVE_INFINITY],
    returns: dynamicType,
    impl: (args, p) => {
      const present = args.filter((a) => !a.isNull());
      for (const a of present) if (!isMapLike(a)) fail("merge", "arguments must be maps or objects", p);
      const all: Record<string, Value> = {};
      for (const a of present) for (const [k, v] of a.entries()) all[k] = v;
      if (present.length > 0 && present.every((a) => a.type.kind === "map")) {
        const u = unify(present.map((a) => a.type));
        if (u === undefined) fail("merge", "the maps have inconsistent element types", p);
        const t = (u as NonNullable<typeof u>).type;
        const entries = Object.keys(all);
        if (entries.length === 0) return mapValEmpty(t.kind === "map" ? t.elementType : dynamicType);
        return convert(mapVal(all), t);
      }
      return objectVal(all);
    },
  },
  concat: {
    arity: [1, Number.POSITIVE_INFINITY],
    returns: dynamicType,
    impl: (args, p) => {
      for (const a of args)
        if (!isCollection(a) || a.type.kind === "set")
          fail("concat", "all arguments must be lists or tuples", p);
      const items = args.flatMap((a) => [...a.elements()]);
      if (args.every((a) => a.type.kind === "list")) {
        const u = unify(args.map((a) => a.type));
        if (u !== undefined) {
          const t = u.type;
          if (items.length === 0 && t.kind === "list") return listValEmpty(t.elementType);
          return convert(listVal(items), t);
        }
      }
      return listOrTuple(items);
    },
  },
  element: {
    arity: 2,
    returns: dynamicType,
    impl: ([l, i], p) => {
      const list = l as Value;
      if (!(list.type.kind === "list" || list.type.kind === "tuple"))
        fail("element", "cannot read elements from a set or a non-list", p);
      const n = as(i as Value, numberType, "index", p).asNumber();
      if (!n.isInteger()) fail("element", "invalid index: must be a whole number", p);
      const idx = Number(n.toBigInt());
      const elems = list.elements();
      if (elems.length === 0) fail("element", "cannot use element function with an empty list", p);
      if (idx < 0) fail("element", "cannot use element function with a negative index", p);
      return elems[idx % elems.length] as Value;
    },
  },
  keys: {
    arity: 1,
    returns: dynamicType,
    impl: ([m], p) => {
      const map = m as Value;
      if (!isMapLike(map)) fail("keys", "must have map or object type", p);
      const ks = [...map.entries().keys()].sort().map(stringVal);
      if (map.type.kind === "object") return tupleVal(ks);
      return ks.length === 0 ? listValEmpty(stringType) : listVal(ks);
    },
  },
  values: {
    arity: 1,
    returns: dynamicType,
    impl: ([m], p) => {
      const map = m as Value;
      if (!isMapLike(map)) fail("values", "must have map or object type", p);
      const sorted = [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
      if (map.type.kind === "object") return tupleVal(sorted);
      const t = map.type.kind === "map" ? map.type.elementType : dynamicType;
      return sorted.length === 0 ? listValEmpty(t) : listVal(sorted);
    },
  },
  contains: {
    arity: 2,
    returns: boolType,
    whole: true,
    impl: ([l, v], p) => {
      const list = l as Value;
      if (!isCollection(list)) fail("contains", "argument must be list, tuple, or set", p);
      return boolVal(
        list.elements().some((e) => {
          const r = equals(e, v as Value);
          return r.isKnown() && !r.isNull() && r.asBool();
        }),
      );
    },
  },
  coalesce: {
    arity: [1, Number.POSITIVE_INFINITY],
    returns: dynamicType,
    unknowns: true,
    impl: (args, p) => {
      const u = unify(args.map((a) => a.type));
      if (u === undefined) fail("coalesce", "all arguments must have the same type", p);
      const t = (u as NonNullable<typeof u>).type;
      for (const a of args) {
        // Like go-cty: an unknown before the first usable argument makes the result unknown.
        if (!a.isKnown()) return refineNotNull(unknownVal(t));
        if (a.isNull()) continue;
        const c = convert(a, t);
        if (c.type.kind === "string" && c.asString() === "") continue;
        return c;
      }
      return fail("coalesce", "no non-null, non-empty-string arguments", p);
    },
  },
  abs: {
    arity: 1,
    returns: numberType,
    impl: ([n], p) =>
      numberVal(
        as(n as Value, numberType, "num", p)
          .asNumber()
          .abs(),
      ),
  },
  max: {
    arity: [1, Number.POSITIVE_INFINITY],
    returns: numberType,
    impl: (args, p) => {
      const ns = args.map((a) => as(a, numberType, "numbers", p).asNumber());
      return numberVal(ns.reduce((a, b) => (b.cmp(a) > 0 ? b : a)));
    },
  },
  min: {
    arity: [1, Number.POSITIVE_INFINITY],
    returns: numberType,
    impl: (args, p) => {
      const ns = args.map((a) => as(a, numberType, "numbers", p).asNumber());
      return numberVal(ns.reduce((a, b) => (b.cmp(a) < 0 ? b : a)));
    },
  },
  sha256: {
    arity: 1,
    returns: stringType,
    impl: ([s], p) =>
      stringVal(
        createHash("sha256")
          .update(str(s as Value, "str", p), "utf8")
          .digest("hex"),
      ),
  },
  md5: {
    arity: 1,
    returns: stringType,
    impl: ([s], p) =>
      stringVal(
        createHash("md5")
          .update(str(s as Value, "str", p), "utf8")
          .digest("hex"),
      ),
  },
  cidrhost: {
    arity: 2,
    returns: stringType,
    impl: ([prefix, hostnum], p) => {
      const text = str(prefix as Value, "prefix", p);
      const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
      if (!m) {
        if (text.includes(":")) throw new HclUnsupported("cidrhost() with IPv6 prefixes", p);
        return fail("cidrhost", `invalid CIDR expression: invalid CIDR address: ${text}`, p);
      }
      const octets = m.slice(1, 5).map(Number);
      const bits = Number(m[5]);
      if (octets.some((o) => o > 255) || bits > 32)
        return fail("cidrhost", `invalid CIDR expression: invalid CIDR address: ${text}`, p);
      const n = as(hostnum as Value, numberType, "hostnum", p).asNumber();
      if (!n.isInteger()) return fail("cidrhost", "hostnum must be a whole number", p);
      const size = 2n ** BigInt(32 - bits);
      let host = n.toBigInt();
      // Negative numbers count back from the end of the range, as in go-cidr.
      if (host < 0n) host += size;
      if (host < 0n || host >= size)
        return fail("cidrhost", `prefix of ${bits} does not accommodate a host numbered ${n.text()}`, p);
      const base = octets.reduce((a, o) => (a << 8n) | BigInt(o), 0n) & ~(size - 1n) & 0xffffffffn;
      const ip = base | host;
      return stringVal([24n, 16n, 8n, 0n].map((s) => String((ip >> s) & 255n)).join("."));
    },
  },
  base64encode: {
    arity: 1,
    returns: stringType,
    impl: ([s], p) => stringVal(Buffer.from(str(s as Value, "str", p), "utf8").toString("base64")),
  },
};

/**
 * Calls a Terraform built-in function. An unknown argument makes the result unknown (of the
 * function's type when fixed, else dynamic), as Terraform's functions do; a function the fake
 * core lacks is refused by name.
 */
export function callBuiltin(name: string, args: readonly Value[], pos: Pos): Value {
  const f = BUILTINS[name];
  if (f === undefined) throw new HclUnsupported(`the function ${name}()`, pos);
  const [min, max] = typeof f.arity === "number" ? [f.arity, f.arity] : f.arity;
  if (args.length < min || args.length > max)
    throw new HclEvalError(
      args.length < min ? "Not enough function arguments" : "Too many function arguments",
      `Function "${name}" expects ${min === max ? min : `${min} to ${max === Number.POSITIVE_INFINITY ? "any number of" : max}`} argument(s).`,
      pos,
    );
  // cty's function call: an unknown argument (at the top; anywhere for some) gives an unknown
  // result, not null (the functions here all refine their results as not null).
  if (!f.unknowns && args.some((a) => (f.whole ? !a.isWhollyKnown() : !a.isKnown())))
    return refineNotNull(unknownVal(f.returns));
  return f.impl(args, pos);
}
