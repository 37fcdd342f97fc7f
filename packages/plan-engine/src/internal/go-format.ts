import type { CtyNumber } from "@tfkit/cty-values";

/** Go `strconv.Quote`: printable characters kept, others escaped. */
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

/**
 * Go `fmt.Sprintf("%g", float64)` (what Terraform's plan renderer prints for numbers): the
 * shortest round-trip digits; exponent form when the decimal exponent is below -4 or at least 6
 * (`1e+06`, `1.234567e+06`, `1e-05`), fixed form otherwise.
 */
export function goFormatG(n: CtyNumber): string {
  if (n.isInfinite()) return n.sign() < 0 ? "-Inf" : "+Inf";
  const x = n.toFloat64();
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  // toExponential() without digits gives the shortest round-trip digits, like Go's shortest mode.
  const [mant, expText] = x.toExponential().split("e") as [string, string];
  const exp = Number(expText);
  const neg = mant.startsWith("-");
  const digits = mant.replace("-", "").replace(".", "");
  let body: string;
  if (exp < -4 || exp >= 6) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    body = `${m}e${exp < 0 ? "-" : "+"}${e < 10 ? `0${e}` : e}`;
  } else if (exp < 0) {
    body = `0.${"0".repeat(-exp - 1)}${digits}`;
  } else if (digits.length <= exp + 1) {
    body = digits + "0".repeat(exp + 1 - digits.length);
  } else {
    body = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  }
  return neg ? `-${body}` : body;
}
