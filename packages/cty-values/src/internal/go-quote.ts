/**
 * Go's `strconv.Quote` (also `%q` and `%#v` of a string): double-quoted, printable Unicode kept,
 * everything else escaped.
 * @internal
 */

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** @internal Whether Go's `unicode.IsPrint` holds for the code point (U+0020 is the only printable space). */
export function goIsPrint(cp: number): boolean {
  if (cp === 0x20) return true;
  if (cp < 0x20 || cp === 0x7f) return false;
  if (cp < 0x7f) return true;
  return PRINTABLE.test(String.fromCodePoint(cp));
}

const SHORT_ESCAPES: Readonly<Record<number, string>> = {
  7: "\\a",
  8: "\\b",
  12: "\\f",
  10: "\\n",
  13: "\\r",
  9: "\\t",
  11: "\\v",
};

/**
 * Quotes a string exactly as Go's `strconv.Quote` (and `%q`, and `%#v` of a string) does:
 * double-quoted, printable Unicode kept, everything else escaped (`\n`, `\x00`, `\u00a0`,
 * `\U0001f600` for the unprintable ones only).
 *
 * @remarks What Terraform's messages and plan text show for a string; checked against
 * Go-produced cases. Lone surrogates become U+FFFD, as they do on their way to Go.
 * @example
 * ```ts
 * goQuote('a"b\n'); // "\"a\\\"b\\n\""
 * ```
 * @category combinators
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (cp === 0x22) out += '\\"';
    else if (cp === 0x5c) out += "\\\\";
    else if (cp >= 0xd800 && cp <= 0xdfff)
      out += "\uFFFD"; // a lone surrogate reaches Go as U+FFFD
    else if (goIsPrint(cp)) out += ch;
    else {
      const short = SHORT_ESCAPES[cp];
      if (short !== undefined) out += short;
      else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
      else if (cp < 0x10000) out += `\\u${hex(cp, 4)}`;
      else out += `\\U${hex(cp, 8)}`;
    }
  }
  return `${out}"`;
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}
