import { goQuote } from "@tfkit/cty-values";
import type { ValidatorObject } from "../validator.js";
import {
  attributeIssue,
  described,
  INVALID_LENGTH,
  INVALID_MATCH,
  INVALID_VALUE,
  usageIssue,
} from "./common.js";
import { isBase64, isCidr, isIp, isJson, isRfc3339 } from "./formats.js";

/** UTF-8 bytes of a string, as Go's `len(s)` counts them (cty strings are valid UTF-8). */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Unicode code points (Go's `utf8.RuneCountInString`). */
function runeCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function lengthRule(
  goName: string,
  description: string,
  count: (s: string) => number,
  min: number,
  max: number,
  usage: string | undefined,
): ValidatorObject<string> {
  return described<string>(description, (value, context) => {
    if (usage !== undefined) return usageIssue(goName, usage);
    const n = count(value);
    return n < min || n > max ? attributeIssue(INVALID_LENGTH, context, description, String(n)) : undefined;
  });
}

const badInt = (n: number) => !Number.isSafeInteger(n) || n < 0;

function between(goName: string, what: string, count: (s: string) => number, min: number, max: number) {
  const usage =
    badInt(min) || badInt(max) || min > max
      ? `minLength and maxLength must be whole numbers with 0 <= minLength <= maxLength - minLength: ${min}, maxLength: ${max}`
      : undefined;
  return lengthRule(goName, `${what} must be between ${min} and ${max}`, count, min, max, usage);
}

function atLeast(goName: string, what: string, count: (s: string) => number, min: number) {
  const usage = badInt(min) ? `minLength must be a whole number, at least 0 - minLength: ${min}` : undefined;
  return lengthRule(goName, `${what} must be at least ${min}`, count, min, Number.POSITIVE_INFINITY, usage);
}

function atMost(goName: string, what: string, count: (s: string) => number, max: number) {
  const usage = badInt(max) ? `maxLength must be a whole number, at least 0 - maxLength: ${max}` : undefined;
  return lengthRule(goName, `${what} must be at most ${max}`, count, 0, max, usage);
}

/** Go's `strings.EqualFold`, rune by rune with simple (one code point) case mappings. */
function equalFold(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p === q) continue;
    const pl = p.toLowerCase();
    const pu = p.toUpperCase();
    const single = (s: string) => [...s].length === 1;
    if (single(pl) && pl === q.toLowerCase()) continue;
    if (single(pu) && pu === q.toUpperCase()) continue;
    return false;
  }
  return true;
}

function membership(
  values: readonly string[],
  same: (a: string, b: string) => boolean,
  wanted: boolean,
): ValidatorObject<string> {
  const description = `value must be ${wanted ? "one" : "none"} of: [${values.map((v) => goQuote(v)).join(" ")}]`;
  return described<string>(description, (value, context) =>
    values.some((v) => same(value, v)) === wanted
      ? undefined
      : attributeIssue(INVALID_MATCH, context, description, goQuote(value)),
  );
}

function format(description: string, ok: (s: string) => boolean): ValidatorObject<string> {
  return described<string>(description, (value, context) =>
    ok(value) ? undefined : attributeIssue(INVALID_VALUE, context, description, goQuote(value)),
  );
}

/**
 * Options of {@link stringValidator}'s `isIp` and `isCidr`.
 * @category models
 */
export interface IpOptions {
  /** Accept only this address family (default: both). */
  readonly family?: "ipv4" | "ipv6";
}

/**
 * Validators of string attributes, with the wording of terraform-plugin-framework-validators'
 * `stringvalidator` package.
 *
 * @remarks Each returns a {@link ValidatorObject} with a `description` (used in docs) and skips
 * null and unknown values, which validators never see anyway. Failures are error diagnostics on
 * the attribute's path, e.g. summary "Invalid Attribute Value Length", detail
 * `Attribute name string length must be between 1 and 8, got: 9`. Lengths: `lengthBetween` and
 * friends count UTF-8 bytes, as Go's `stringvalidator.LengthBetween` does (`len(s)`); the
 * `utf8Length…` ones count characters (Unicode code points), as Go's `UTF8LengthBetween`
 * (`utf8.RuneCountInString`). A JS string's `.length` (UTF-16 units) is neither.
 * @example
 * ```ts
 * attr.string({ required: true, validators: [stringValidator.lengthBetween(1, 63)] });
 * ```
 * @category constructors
 */
export const stringValidator = {
  /** Length in UTF-8 bytes between `min` and `max`, inclusive (Go `stringvalidator.LengthBetween`). */
  lengthBetween(min: number, max: number): ValidatorObject<string> {
    return between("LengthBetween", "string length", utf8Length, min, max);
  },
  /** Length in UTF-8 bytes at least `min` (Go `stringvalidator.LengthAtLeast`). */
  lengthAtLeast(min: number): ValidatorObject<string> {
    return atLeast("LengthAtLeast", "string length", utf8Length, min);
  },
  /** Length in UTF-8 bytes at most `max` (Go `stringvalidator.LengthAtMost`). */
  lengthAtMost(max: number): ValidatorObject<string> {
    return atMost("LengthAtMost", "string length", utf8Length, max);
  },
  /** Number of characters (code points) between `min` and `max` (Go `stringvalidator.UTF8LengthBetween`). */
  utf8LengthBetween(min: number, max: number): ValidatorObject<string> {
    return between("UTF8LengthBetween", "UTF-8 character count", runeCount, min, max);
  },
  /** Number of characters (code points) at least `min` (Go `stringvalidator.UTF8LengthAtLeast`). */
  utf8LengthAtLeast(min: number): ValidatorObject<string> {
    return atLeast("UTF8LengthAtLeast", "UTF-8 character count", runeCount, min);
  },
  /** Number of characters (code points) at most `max` (Go `stringvalidator.UTF8LengthAtMost`). */
  utf8LengthAtMost(max: number): ValidatorObject<string> {
    return atMost("UTF8LengthAtMost", "UTF-8 character count", runeCount, max);
  },
  /**
   * Matches a regular expression; `message` (e.g. "must be lowercase letters") replaces the
   * default "value must match regular expression '…'" (Go `stringvalidator.RegexMatches`). The
   * expression is JavaScript's, not RE2; flags `g` and `y` are ignored. Anchor it (`^…$`) to
   * match the whole value.
   */
  regexMatches(regexp: RegExp, message?: string): ValidatorObject<string> {
    const re = new RegExp(regexp.source, regexp.flags.replace(/[gy]/g, ""));
    const description =
      message !== undefined && message !== ""
        ? message
        : `value must match regular expression '${re.source}'`;
    return described<string>(description, (value, context) =>
      re.test(value) ? undefined : attributeIssue(INVALID_MATCH, context, description, value),
    );
  },
  /** Equal to one of `values` (Go `stringvalidator.OneOf`). */
  oneOf(...values: string[]): ValidatorObject<string> {
    return membership(values, (a, b) => a === b, true);
  },
  /** Equal to none of `values` (Go `stringvalidator.NoneOf`). */
  noneOf(...values: string[]): ValidatorObject<string> {
    return membership(values, (a, b) => a === b, false);
  },
  /** One of `values`, ignoring case (Go `stringvalidator.OneOfCaseInsensitive`, `strings.EqualFold`). */
  oneOfCaseInsensitive(...values: string[]): ValidatorObject<string> {
    return membership(values, equalFold, true);
  },
  /** None of `values`, ignoring case (Go `stringvalidator.NoneOfCaseInsensitive`). */
  noneOfCaseInsensitive(...values: string[]): ValidatorObject<string> {
    return membership(values, equalFold, false);
  },
  /** Standard base64 with padding, as Go's `base64.StdEncoding` decodes (line breaks ignored). */
  isBase64(): ValidatorObject<string> {
    return format("value must be valid base64", isBase64);
  },
  /** A JSON text (RFC 8259); the empty string is not one. */
  isJson(): ValidatorObject<string> {
    return format("value must be valid JSON", isJson);
  },
  /** An RFC 3339 timestamp, as Go's `time.Parse(time.RFC3339, …)` accepts it (`2006-01-02T15:04:05Z07:00`). */
  isRfc3339(): ValidatorObject<string> {
    return format("value must be a valid RFC3339 timestamp", isRfc3339);
  },
  /** An IP address in CIDR notation (`10.0.0.0/16`, `2001:db8::/32`), as Go's `net.ParseCIDR` accepts. */
  isCidr(options: IpOptions = {}): ValidatorObject<string> {
    const what = options.family === "ipv4" ? "IPv4 " : options.family === "ipv6" ? "IPv6 " : "";
    return format(`value must be a valid ${what}CIDR prefix`, (s) => isCidr(s, options.family));
  },
  /** An IP address (`10.0.0.1`, `2001:db8::1`), as Go's `net.ParseIP` accepts (no zone). */
  isIp(options: IpOptions = {}): ValidatorObject<string> {
    const what = options.family === "ipv4" ? "IPv4" : options.family === "ipv6" ? "IPv6" : "IP";
    return format(`value must be a valid ${what} address`, (s) => isIp(s, options.family));
  },
} as const;
