import { goQuote } from "./internal/go-quote.js";
import type { CtyNumber } from "./number.js";
import type { Value } from "./value.js";

/**
 * The string go-cty hashes to bucket a value inside a set (go-cty `appendSetHashBytes`).
 *
 * @remarks Unknown → `?`, null → `~`, number → `big.Float.String()` (10 significant digits),
 * bool → `T`/`F`, string → Go `%q`, list/set → `[e;…]`, map → `{"k":v;…}`, object → `<v;…>` in
 * attribute-name order, tuple → `<e;…>`. Marks are ignored. Elements whose hash strings differ
 * land in different buckets; the CRC-32 of this string decides the bucket order.
 * @example
 * ```ts
 * setHashString(objectVal({ n: numberVal(10), s: stringVal("b") })) // '<10;"b";>'
 * ```
 * @category combinators
 */
export function setHashString(v: Value): string {
  // Values are immutable, so a value's hash string can be remembered.
  let h = hashCache.get(v);
  if (h === undefined) {
    const parts: string[] = [];
    appendHash(v, parts);
    h = parts.join("");
    hashCache.set(v, h);
  }
  return h;
}

const hashCache = new WeakMap<Value, string>();

function appendHash(v: Value, out: string[]): void {
  if (!v.isKnown()) {
    out.push("?");
    return;
  }
  if (v.isNull()) {
    out.push("~");
    return;
  }
  const p = v.payload;
  switch (v.type.kind) {
    case "number":
      out.push((p as CtyNumber).hashString());
      return;
    case "bool":
      out.push(p === true ? "T" : "F");
      return;
    case "string":
      out.push(goQuote(p as string));
      return;
    case "map":
      out.push("{");
      for (const [k, e] of p as ReadonlyMap<string, Value>) {
        out.push(goQuote(k), ":");
        appendHash(e, out);
        out.push(";");
      }
      out.push("}");
      return;
    case "list":
    case "set":
      out.push("[");
      for (const e of p as readonly Value[]) {
        appendHash(e, out);
        out.push(";");
      }
      out.push("]");
      return;
    case "object":
      out.push("<");
      for (const e of (p as ReadonlyMap<string, Value>).values()) {
        appendHash(e, out);
        out.push(";");
      }
      out.push(">");
      return;
    case "tuple":
      out.push("<");
      for (const e of p as readonly Value[]) {
        appendHash(e, out);
        out.push(";");
      }
      out.push(">");
      return;
    case "dynamic":
      // A known value never has the dynamic type; only DynamicVal and null-of-dynamic do.
      out.push("?");
      return;
  }
}
