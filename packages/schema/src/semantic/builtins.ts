import { t } from "../type-constructors.js";
import { type ParsedAddr, type ParsedPrefix, parseAddr, parsePrefix, sameAddr } from "./net.js";
import { parseRFC3339 } from "./rfc3339.js";
import { type SemanticIssue, type SemanticType, semanticType } from "./semantic-type.js";

const given = (v: string): string => `Given Value: ${v}\n`;
const errorOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** JSON text with object keys sorted at every level (Go's `json.Marshal` of the decoded value). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const normalizedJson = semanticType(t.string, {
  name: "normalized JSON",
  description: "A JSON document (RFC 7159); whitespace and object key order are not significant.",
  validate: (v) => {
    try {
      JSON.parse(v);
      return undefined;
    } catch {
      return {
        summary: "Invalid JSON String Value",
        detail: `A string value was provided that is not valid JSON string format (RFC 7159).\n\n${given(v)}`,
      };
    }
  },
  normalize: (v) => canonicalJson(JSON.parse(v)),
});

const rfc3339 = semanticType(t.string, {
  name: "RFC 3339 timestamp",
  description: "An RFC 3339 timestamp; two values naming the same instant are equal.",
  validate: (v) => {
    const parsed = parseRFC3339(v);
    return parsed.ok
      ? undefined
      : {
          summary: "Invalid RFC3339 String Value",
          detail: `A string value was provided that is not valid RFC3339 string format.\n\n${given(v)}Error: ${parsed.error}`,
        };
  },
  semanticEquals: (a, b) => instantOf(a) === instantOf(b),
});

/** The instant a timestamp names, or the text itself when it is none (then only equal to itself). */
function instantOf(v: string): bigint | string {
  const parsed = parseRFC3339(v);
  return parsed.ok ? parsed.time.epochNanoseconds : v;
}

/** Validation of an address or prefix of one IP version, in nettypes' words. */
function ipCheck<P>(
  parse: (v: string) => P,
  is4: (p: P) => boolean,
  want4: boolean,
  what: { summary: string; format: string; otherFormat: string },
): (v: string) => SemanticIssue | undefined {
  return (v) => {
    let p: P;
    try {
      p = parse(v);
    } catch (e) {
      return {
        summary: what.summary,
        detail: `A string value was provided that is not valid ${what.format}.\n\n${given(v)}Error: ${errorOf(e)}`,
      };
    }
    if (is4(p) === want4) return undefined;
    return { summary: what.summary, detail: `${what.otherFormat}\n\n${given(v)}` };
  };
}

const addr4 = (a: ParsedAddr): boolean => a.bytes.length === 4;
const prefix4 = (p: ParsedPrefix): boolean => p.addr.bytes.length === 4;

const ipv4Address = semanticType(t.string, {
  name: "IPv4 address",
  description: "An IPv4 address in dotted decimal notation (no leading zeros).",
  validate: ipCheck(parseAddr, addr4, true, {
    summary: "Invalid IPv4 Address String Value",
    format: "IPv4 string format",
    otherFormat: "An IPv6 string format was provided, string value must be IPv4 format.",
  }),
});

const ipv6Address = semanticType(t.string, {
  name: "IPv6 address",
  description: "An IPv6 address (RFC 4291); compressed and expanded forms of the same address are equal.",
  validate: ipCheck(parseAddr, addr4, false, {
    summary: "Invalid IPv6 Address String Value",
    format: "IPv6 string format (RFC 4291)",
    otherFormat:
      "An IPv4 string format was provided, string value must be IPv6 string format or IPv4-Mapped IPv6 string format (RFC 4291).",
  }),
  semanticEquals: (a, b) => sameAddr(parseAddr(a), parseAddr(b)),
});

const ipv4Prefix = semanticType(t.string, {
  name: "IPv4 CIDR prefix",
  description: "An IPv4 CIDR prefix (RFC 4632), such as `10.0.0.0/16`.",
  validate: ipCheck(parsePrefix, prefix4, true, {
    summary: "Invalid IPv4 CIDR String Value",
    format: "IPv4 CIDR string format (RFC 4632)",
    otherFormat:
      "An IPv6 CIDR string format was provided, string value must be IPv4 CIDR string format (RFC 4632).",
  }),
});

const ipv6Prefix = semanticType(t.string, {
  name: "IPv6 CIDR prefix",
  description: "An IPv6 CIDR prefix (RFC 4291); compressed and expanded forms of the same prefix are equal.",
  validate: ipCheck(parsePrefix, prefix4, false, {
    summary: "Invalid IPv6 CIDR String Value",
    format: "IPv6 CIDR string format (RFC 4291)",
    otherFormat:
      "An IPv4 CIDR string format was provided, string value must be IPv6 CIDR string format (RFC 4291).",
  }),
  semanticEquals: (a, b) => {
    const x = parsePrefix(a);
    const y = parsePrefix(b);
    return x.bits === y.bits && sameAddr(x.addr, y.addr);
  },
});

const caseInsensitiveString = semanticType(t.string, {
  name: "case-insensitive string",
  description: "A string compared without regard to letter case.",
  normalize: (v) => v.toLowerCase(),
  semanticEquals: (a, b) => a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase(),
});

/**
 * The semantic types tfkit ships, each a {@link SemanticType} of `string`.
 *
 * @remarks Each refuses invalid values at validate time with the Go types' summary and detail
 * ("Invalid JSON String Value", "Invalid RFC3339 String Value", "Invalid IPv4 Address String
 * Value", …) at the attribute's path, and keeps the prior value when a new one means the same.
 * Counterparts: `jsontypes.Normalized`, `timetypes.RFC3339`, `iptypes.IPv4Address`,
 * `iptypes.IPv6Address`, `cidrtypes.IPv4Prefix`, `cidrtypes.IPv6Prefix`.
 * @example
 * ```ts
 * const attributes = {
 *   policy: attr.of(semanticTypes.normalizedJson, { required: true }),
 *   expires_at: attr.of(semanticTypes.rfc3339, { optional: true }),
 *   addresses: attr.list(semanticTypes.ipv6Address, { optional: true }),
 * };
 * ```
 * @category constructors
 */
export const semanticTypes: {
  /** JSON text; equal when the decoded documents are equal (whitespace, key order and number spelling aside). Go: `jsontypes.Normalized`. */
  readonly normalizedJson: SemanticType<string>;
  /** An RFC 3339 timestamp; equal when both name the same instant. Go: `timetypes.RFC3339`. */
  readonly rfc3339: SemanticType<string>;
  /** An IPv4 address, validated as Go's `netip.ParseAddr` does (exact comparison). Go: `iptypes.IPv4Address`. */
  readonly ipv4Address: SemanticType<string>;
  /** An IPv6 address; equal when both are the same address (`::1` and `0:0:0:0:0:0:0:1`). Go: `iptypes.IPv6Address`. */
  readonly ipv6Address: SemanticType<string>;
  /** An IPv4 CIDR prefix, validated as Go's `netip.ParsePrefix` does (exact comparison). Go: `cidrtypes.IPv4Prefix`. */
  readonly ipv4Prefix: SemanticType<string>;
  /** An IPv6 CIDR prefix; equal when address and prefix length are the same. Go: `cidrtypes.IPv6Prefix`. */
  readonly ipv6Prefix: SemanticType<string>;
  /** A string; equal when equal ignoring letter case (the prior spelling is kept). */
  readonly caseInsensitiveString: SemanticType<string>;
} = Object.freeze({
  normalizedJson,
  rfc3339,
  ipv4Address,
  ipv6Address,
  ipv4Prefix,
  ipv6Prefix,
  caseInsensitiveString,
});
