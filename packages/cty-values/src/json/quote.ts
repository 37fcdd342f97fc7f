/**
 * String quoting as Go's `encoding/json` does it, for the JSON codec and type JSON (`%q` in
 * error messages is `goQuote` in internal/go-quote.ts).
 * @internal
 */

const HEX = "0123456789abcdef";

/**
 * Does anything need escaping in Go's encoding/json with HTML escaping on (json.Marshal's
 * default)? Controls, quote, backslash, <, >, &, U+2028, U+2029 and surrogates (a lone one is
 * invalid UTF-8, which Go writes as \ufffd; pairs are checked in the slow path).
 */
function needsJsonEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x3c || c === 0x3e || c === 0x26) return true;
    if (c >= 0x2028 && (c === 0x2028 || c === 0x2029 || (c >= 0xd800 && c <= 0xdfff))) return true;
  }
  return false;
}

/**
 * A JSON string literal exactly as Go's `json.Marshal` writes it.
 *
 * @remarks Short escapes for `"`, `\`, `\n`, `\r`, `\t`, `\b`, `\f` (Go ≥ 1.22); other controls
 * as `\u00XX` (lowercase hex); `<`, `>`, `&` as `\u003c`, `\u003e`, `\u0026`; U+2028/U+2029
 * escaped; a lone surrogate becomes `\ufffd`; everything else, `/` and DEL included, as is.
 * @internal
 */
export function goJsonString(s: string): string {
  if (!needsJsonEscape(s)) return `"${s}"`;
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let esc: string | undefined;
    if (c < 0x20) {
      switch (c) {
        case 0x08:
          esc = "\\b";
          break;
        case 0x09:
          esc = "\\t";
          break;
        case 0x0a:
          esc = "\\n";
          break;
        case 0x0c:
          esc = "\\f";
          break;
        case 0x0d:
          esc = "\\r";
          break;
        default:
          esc = `\\u00${HEX[c >> 4]}${HEX[c & 0xf]}`;
      }
    } else if (c === 0x22) esc = '\\"';
    else if (c === 0x5c) esc = "\\\\";
    else if (c === 0x3c) esc = "\\u003c";
    else if (c === 0x3e) esc = "\\u003e";
    else if (c === 0x26) esc = "\\u0026";
    else if (c === 0x2028) esc = "\\u2028";
    else if (c === 0x2029) esc = "\\u2029";
    else if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        i++; // a valid pair: copied as is
        continue;
      }
      esc = "\\ufffd";
    }
    if (esc === undefined) continue;
    out += s.slice(start, i) + esc;
    start = i + 1;
  }
  return `${out}${s.slice(start)}"`;
}
