import { encodeUtf8 } from "./utf8.js";

/**
 * @internal Go's `time` package quoting of a string in its errors (`quote` in format.go): ASCII
 * as is, control characters and other bytes as `\xNN`, `"` and `\` escaped.
 */
export function timeQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (cp >= 0x80 || cp < 0x20) {
      for (const byte of encodeUtf8(ch)) out += `\\x${byte.toString(16).padStart(2, "0")}`;
    } else {
      out += ch === '"' || ch === "\\" ? `\\${ch}` : ch;
    }
  }
  return `${out}"`;
}
