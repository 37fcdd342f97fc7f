/**
 * IP address and prefix parsing with the rules of Go's `net/netip` (`ParseAddr`, `ParsePrefix`),
 * which the Go framework's nettypes use: IPv4 in dotted decimal without leading zeros, IPv6 per
 * RFC 4291 (with an optional embedded IPv4 tail and, for addresses, a zone).
 */

/** @internal A parsed address: 4 (IPv4) or 16 (IPv6) bytes, and the IPv6 zone ("" when none). */
export interface ParsedAddr {
  readonly bytes: readonly number[];
  readonly zone: string;
}

/** @internal A parsed prefix. */
export interface ParsedPrefix {
  readonly addr: ParsedAddr;
  readonly bits: number;
}

/** @internal Thrown by the parsers with a message in netip's words. */
export class ParseError extends Error {}

function parseIPv4Bytes(s: string, whole: string): number[] {
  const fields = s.split(".");
  if (fields.length !== 4) {
    throw new ParseError(
      `ParseAddr(${JSON.stringify(whole)}): IPv4 address too ${fields.length < 4 ? "short" : "long"}`,
    );
  }
  return fields.map((f) => {
    if (f === "")
      throw new ParseError(`ParseAddr(${JSON.stringify(whole)}): IPv4 field must have at least one digit`);
    if (!/^[0-9]+$/.test(f))
      throw new ParseError(`ParseAddr(${JSON.stringify(whole)}): unexpected character`);
    if (f.length > 1 && f.startsWith("0"))
      throw new ParseError(`ParseAddr(${JSON.stringify(whole)}): IPv4 field has octet with leading zero`);
    const n = Number(f);
    if (n > 255) throw new ParseError(`ParseAddr(${JSON.stringify(whole)}): IPv4 field has value >255`);
    return n;
  });
}

function parseIPv6Bytes(s: string, whole: string): number[] {
  const fail = (why: string): never => {
    throw new ParseError(`ParseAddr(${JSON.stringify(whole)}): ${why}`);
  };
  const halves = s.split("::");
  if (halves.length > 2) fail("multiple :: in address");
  const groups = (part: string, last: boolean): number[] => {
    if (part === "") return [];
    const out: number[] = [];
    const fields = part.split(":");
    fields.forEach((f, i) => {
      if (last && i === fields.length - 1 && f.includes(".")) {
        out.push(...parseIPv4Bytes(f, whole));
        return;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(f))
        fail(
          f === ""
            ? "colon must be followed by more characters"
            : "each colon-separated field must have at most 4 hex digits",
        );
      const n = Number.parseInt(f, 16);
      out.push(n >> 8, n & 0xff);
    });
    return out;
  };
  const head = groups(halves[0] ?? "", halves.length === 1);
  if (halves.length === 1) {
    if (head.length !== 16) fail("address string too short");
    return head;
  }
  const tail = groups(halves[1] ?? "", true);
  if (head.length + tail.length > 14) fail("address string too long");
  return [...head, ...new Array<number>(16 - head.length - tail.length).fill(0), ...tail];
}

/** @internal Go's `netip.ParseAddr`. */
export function parseAddr(s: string): ParsedAddr {
  if (s === "") throw new ParseError('ParseAddr(""): unable to parse IP');
  if (!s.includes(":")) {
    if (!s.includes(".")) throw new ParseError(`ParseAddr(${JSON.stringify(s)}): unable to parse IP`);
    return { bytes: parseIPv4Bytes(s, s), zone: "" };
  }
  const pct = s.indexOf("%");
  const zone = pct < 0 ? "" : s.slice(pct + 1);
  if (pct >= 0 && zone === "")
    throw new ParseError(`ParseAddr(${JSON.stringify(s)}): zone must be a non-empty string`);
  return { bytes: parseIPv6Bytes(pct < 0 ? s : s.slice(0, pct), s), zone };
}

/** @internal Go's `netip.ParsePrefix`: an address without zone, `/`, decimal bits in range. */
export function parsePrefix(s: string): ParsedPrefix {
  const q = JSON.stringify(s);
  const slash = s.lastIndexOf("/");
  if (slash < 0) throw new ParseError(`netip.ParsePrefix(${q}): no '/'`);
  const addrText = s.slice(0, slash);
  let addr: ParsedAddr;
  try {
    addr = parseAddr(addrText);
  } catch (e) {
    throw new ParseError(`netip.ParsePrefix(${q}): ${(e as Error).message}`);
  }
  if (addr.zone !== "")
    throw new ParseError(`netip.ParsePrefix(${q}): IPv6 zones cannot be present in a prefix`);
  const bitsText = s.slice(slash + 1);
  const max = addr.bytes.length * 8;
  if (!/^(0|[1-9][0-9]{0,2})$/.test(bitsText) || Number(bitsText) > max) {
    throw new ParseError(`netip.ParsePrefix(${q}): bad bits after slash: ${JSON.stringify(bitsText)}`);
  }
  return { addr, bits: Number(bitsText) };
}

/** @internal Whether two parsed addresses are the same address (bytes and zone). */
export function sameAddr(a: ParsedAddr, b: ParsedAddr): boolean {
  return a.zone === b.zone && a.bytes.length === b.bytes.length && a.bytes.every((x, i) => x === b.bytes[i]);
}
