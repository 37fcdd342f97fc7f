import type { Value } from "@tfkit/cty-values";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import { timeQuote } from "./internal/time-quote.js";
import type { AttributeSpec, BlockSpec, NestedAttributeSpec } from "./spec.js";
import type { ValidatorObject } from "./validator.js";

// The `timeouts { create = "10m" }` block of terraform-plugin-framework-timeouts, and Go's
// time.ParseDuration, which reads its values.

/**
 * A Go duration, parsed: `"1h30m"`, `"2.5s"`, `"-300ms"`, `"0"`.
 * @category models
 */
export interface GoDuration {
  /** The exact duration in nanoseconds (Go `time.Duration`, an int64). */
  readonly nanoseconds: bigint;
  /** The duration in milliseconds, with fractions (what timers take). */
  readonly milliseconds: number;
}

/**
 * What {@link parseGoDuration} returns: the duration, or Go's error message.
 * @category models
 */
export type GoDurationResult =
  | {
      /** Parsed. */
      readonly ok: true;
      /** The duration. */
      readonly duration: GoDuration;
    }
  | {
      /** Not a duration. */
      readonly ok: false;
      /** Go's `time.ParseDuration` error, e.g. `time: unknown unit "x" in duration "1x"`. */
      readonly error: string;
    };

const NANOS_PER_UNIT: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  "\u00b5s": 1_000n, // micro sign
  "\u03bcs": 1_000n, // Greek small letter mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const INT64_LIMIT = 1n << 63n;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

/**
 * Parses a duration exactly as Go's `time.ParseDuration`: an optional sign, then one or more
 * decimal numbers, each with an optional fraction and a unit (`ns`, `us` or `µs`, `ms`, `s`, `m`,
 * `h`), such as `"300ms"`, `"-1.5h"`, `"2h45m"`; `"0"` alone needs no unit. No spaces.
 *
 * @remarks Fractions are truncated to whole nanoseconds as Go does (`"1.5ns"` is 1 ns), and the
 * result must fit an int64 of nanoseconds (about 292 years). The error messages are Go's, so
 * users can search them.
 * @example
 * ```ts
 * parseGoDuration("1h30m"); // { ok: true, duration: { nanoseconds: 5400000000000n, milliseconds: 5400000 } }
 * parseGoDuration("10 minutes"); // { ok: false, error: 'time: unknown unit " minutes" in duration "10 minutes"' }
 * ```
 * @category validation
 */
export function parseGoDuration(text: string): GoDurationResult {
  const invalid = (): GoDurationResult => ({ ok: false, error: `time: invalid duration ${timeQuote(text)}` });
  let s = text;
  let negative = false;
  if (s[0] === "-" || s[0] === "+") {
    negative = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return done(0n);
  if (s === "") return invalid();
  let total = 0n;
  while (s !== "") {
    if (s[0] !== "." && !isDigit(s[0])) return invalid();
    // The whole part: digits, refused once beyond 2^63 as Go's leadingInt does.
    let i = 0;
    let whole = 0n;
    while (isDigit(s[i])) {
      whole = whole * 10n + BigInt(s.charCodeAt(i) - 48);
      if (whole > INT64_LIMIT) return invalid();
      i++;
    }
    const hasWhole = i > 0;
    s = s.slice(i);
    // The fraction: digits after ".", those beyond int64 precision ignored (Go's leadingFraction).
    let frac = 0n;
    let scale = 1n;
    let hasFraction = false;
    if (s[0] === ".") {
      s = s.slice(1);
      let j = 0;
      let overflow = false;
      while (isDigit(s[j])) {
        if (!overflow) {
          if (frac > (INT64_LIMIT - 1n) / 10n) overflow = true;
          else {
            const next = frac * 10n + BigInt(s.charCodeAt(j) - 48);
            if (next > INT64_LIMIT) overflow = true;
            else {
              frac = next;
              scale *= 10n;
            }
          }
        }
        j++;
      }
      hasFraction = j > 0;
      s = s.slice(j);
    }
    if (!hasWhole && !hasFraction) return invalid();
    // The unit: everything up to the next digit or ".".
    let k = 0;
    while (k < s.length && s[k] !== "." && !isDigit(s[k])) k++;
    if (k === 0) return { ok: false, error: `time: missing unit in duration ${timeQuote(text)}` };
    const unitName = s.slice(0, k);
    s = s.slice(k);
    const unit = NANOS_PER_UNIT[unitName];
    if (unit === undefined) {
      return {
        ok: false,
        error: `time: unknown unit ${timeQuote(unitName)} in duration ${timeQuote(text)}`,
      };
    }
    if (whole > INT64_LIMIT / unit) return invalid();
    let v = whole * unit;
    if (frac > 0n) {
      // Go multiplies in float64 here; exact for every unit but h, and truncated like Go.
      v += BigInt(Math.trunc(Number(frac) * (Number(unit) / Number(scale))));
      if (v > INT64_LIMIT) return invalid();
    }
    total += v;
    if (total > INT64_LIMIT) return invalid();
  }
  if (!negative && total > INT64_LIMIT - 1n) return invalid();
  return done(negative ? -total : total);
}

function done(nanoseconds: bigint): GoDurationResult {
  return { ok: true, duration: { nanoseconds, milliseconds: Number(nanoseconds) / 1e6 } };
}

/** The operations a `timeouts` block can limit. @category models */
export type TimeoutOperation = "create" | "read" | "update" | "delete";

const OPERATIONS: readonly TimeoutOperation[] = ["create", "read", "update", "delete"];

/**
 * Which operations the `timeouts` block offers, and their descriptions (the Go module's
 * `timeouts.Opts`).
 * @category models
 */
export interface TimeoutsOptions {
  /** Offer `create`. */
  readonly create?: boolean;
  /** Offer `read` (refresh, and planning with refresh). */
  readonly read?: boolean;
  /** Offer `update`. */
  readonly update?: boolean;
  /** Offer `delete`. */
  readonly delete?: boolean;
  /** Replaces the default description of `create`. */
  readonly createDescription?: string;
  /** Replaces the default description of `read`. */
  readonly readDescription?: string;
  /** Replaces the default description of `update`. */
  readonly updateDescription?: string;
  /** Replaces the default description of `delete`. */
  readonly deleteDescription?: string;
}

/** One optional string attribute per operation the options offer. @category models */
export type TimeoutsAttributes<O extends TimeoutsOptions> = {
  readonly [K in TimeoutOperation as O extends Readonly<Record<K, true>> ? K : never]: AttributeSpec<
    string,
    "optional",
    false,
    false
  >;
};

const VALIDATOR_DESCRIPTION =
  'must be a string containing a sequence of decimal numbers, each with optional fraction and a unit suffix, such as "300ms", "-1.5h" or "2h45m". Valid time units are "ns", "us" (or "µs"), "ms", "s", "m", "h".';

/**
 * A validator for Go duration strings, with the Go timeouts module's summary ("Invalid
 * Attribute Value Time Duration") and message.
 */
const goDurationValidator: ValidatorObject<string> = Object.freeze({
  description: VALIDATOR_DESCRIPTION,
  validate: (value: string) =>
    parseGoDuration(value).ok
      ? undefined
      : {
          summary: "Invalid Attribute Value Time Duration",
          detail: `${JSON.stringify(value)} ${VALIDATOR_DESCRIPTION}`,
        },
});

const BASE_DESCRIPTION =
  'A string that can be parsed as a duration (Go\'s time.ParseDuration) consisting of decimal numbers, each with optional fraction and a unit suffix, such as "30s" or "2h45m". Valid time units are "s" (seconds), "m" (minutes), "h" (hours).';
const EXTRA: Readonly<Record<TimeoutOperation, string>> = {
  create: "",
  read: " Read operations occur during any refresh or planning operation when refresh is enabled.",
  update: "",
  delete:
    " Setting a timeout for a Delete operation is only applicable if changes are saved into state before the destroy operation occurs.",
};

function timeoutAttributes<O extends TimeoutsOptions>(options: O): TimeoutsAttributes<O> {
  const out: Record<string, AttributeSpec<string, "optional", false, false>> = {};
  for (const op of OPERATIONS) {
    if (options[op] !== true) continue;
    out[op] = attr.string({
      optional: true,
      description: options[`${op}Description`] ?? BASE_DESCRIPTION + EXTRA[op],
      validators: [goDurationValidator],
    });
  }
  return out as TimeoutsAttributes<O>;
}

/**
 * The `timeouts` block users configure, as terraform-plugin-framework-timeouts'
 * `timeouts.Block`: a single nested block with one optional duration string per operation the
 * options offer, each validated at validate time with Go's duration syntax.
 *
 * @remarks Put it in the schema's blocks under the name `timeouts`; `@tfkit/provider` then
 * aborts the hook's `ctx.signal` when the configured duration passes (falling back to the
 * resource's `timeouts` default, then to no limit). A block keeps existing configurations of a
 * provider ported from SDKv2 working; new providers may prefer {@link timeoutsAttribute}.
 * @example
 * ```ts
 * const schema = resourceSchema({
 *   attributes: { id: attr.string({ computed: true }) },
 *   blocks: { timeouts: timeoutsBlock({ create: true, delete: true }) },
 * });
 * // resource "demo_server" "a" { timeouts { create = "10m" } }
 * ```
 * @category constructors
 */
export function timeoutsBlock<const O extends TimeoutsOptions>(
  options: O,
): BlockSpec<TimeoutsAttributes<O>, Record<never, never>, "single", false, false> {
  return block.single({ attributes: timeoutAttributes(options) }) as never;
}

/**
 * The `timeouts = { create = "10m" }` attribute form, as terraform-plugin-framework-timeouts'
 * `timeouts.Attributes`: an optional single nested attribute with one optional duration string
 * per operation the options offer. See {@link timeoutsBlock}.
 * @category constructors
 */
export function timeoutsAttribute<const O extends TimeoutsOptions>(
  options: O,
): NestedAttributeSpec<TimeoutsAttributes<O>, "single", "optional", false, false> {
  return attr.singleNested(timeoutAttributes(options), { optional: true }) as never;
}

/**
 * The configured timeout of one operation in a resource value (plan, state) whose schema has a
 * `timeouts` block or attribute: the duration, `undefined` when none is configured (no
 * `timeouts`, no such operation, null or unknown), or Go's parse error.
 *
 * @remarks What the Go module's `Value.Create(ctx, default)` reads, without the default:
 * `@tfkit/provider` supplies that from the resource's `timeouts`.
 * @category models
 */
export function configuredTimeout(value: Value, operation: TimeoutOperation): GoDurationResult | undefined {
  if (!value.isKnown() || value.isNull() || value.type.kind !== "object") return undefined;
  const t = value.entries().get("timeouts");
  if (t === undefined || !t.isKnown() || t.isNull() || t.type.kind !== "object") return undefined;
  const v = t.entries().get(operation);
  if (v === undefined || !v.isKnown() || v.isNull() || v.type.kind !== "string") return undefined;
  return parseGoDuration(v.asString());
}
