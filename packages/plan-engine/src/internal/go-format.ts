/** @internal Go `strconv.Quote`: printable characters kept, others escaped. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case "\\":
        out += "\\\\";
        continue;
      case "\n":
        out += "\\n";
        continue;
      case "\r":
        out += "\\r";
        continue;
      case "\t":
        out += "\\t";
        continue;
      case "\u0007":
        out += "\\a";
        continue;
      case "\b":
        out += "\\b";
        continue;
      case "\f":
        out += "\\f";
        continue;
      case "\v":
        out += "\\v";
        continue;
    }
    if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if ((cp >= 0x80 && cp < 0xa0) || cp === 0xad || cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) {
      out +=
        cp > 0xff ? `\\u${cp.toString(16).padStart(4, "0")}` : `\\u00${cp.toString(16).padStart(2, "0")}`;
    } else out += ch;
  }
  return `${out}"`;
}
