/**
 * A parsed IPv4 CIDR prefix.
 * @category models
 */
export interface Ipv4Prefix {
  /** The network address as a 32-bit unsigned integer (host bits cleared). */
  readonly base: number;
  /** The prefix length, 0–32. */
  readonly bits: number;
}

/**
 * Parses an IPv4 CIDR prefix such as `10.0.0.0/16`; throws a `RangeError` with Terraform's
 * wording when it is not one.
 * @category decoding
 */
export function parseIpv4Prefix(text: string): Ipv4Prefix {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  const octets = m === null ? [] : m.slice(1, 5).map(Number);
  const bits = m === null ? Number.NaN : Number(m[5]);
  if (m === null || octets.some((o) => o > 255) || bits > 32) {
    throw new RangeError(`invalid CIDR address: ${text}`);
  }
  const address = octets.reduce((acc, o) => acc * 256 + o, 0);
  const size = 2 ** (32 - bits);
  return { base: address - (address % size), bits };
}

/**
 * The address of host number `host` in an IPv4 prefix, as Terraform's `cidrhost` computes it
 * (negative numbers count back from the end). `host` may be a `bigint` (an int64 beyond 2^53).
 * @category conversion
 */
export function cidrHost(prefix: string, host: number | bigint): string {
  const { base, bits } = parseIpv4Prefix(prefix);
  const size = 2 ** (32 - bits);
  if (typeof host === "bigint") {
    if (host >= BigInt(Number.MIN_SAFE_INTEGER) && host <= BigInt(Number.MAX_SAFE_INTEGER)) {
      return cidrHost(prefix, Number(host));
    }
    // Far outside any prefix; counted back exactly, as below.
    const n = host < 0n ? BigInt(size) + host : host;
    throw new RangeError(`prefix of ${bits} does not accommodate a host numbered ${n}`);
  }
  const n = host < 0 ? size + host : host;
  if (!Number.isSafeInteger(host) || n < 0 || n >= size) {
    // Terraform's wording, with a negative number already counted back from the end.
    throw new RangeError(`prefix of ${bits} does not accommodate a host numbered ${n}`);
  }
  const v = base + n;
  return [24, 16, 8, 0].map((shift) => Math.floor(v / 2 ** shift) % 256).join(".");
}

/**
 * The host number of the first address the demo cloud gives a server interface (`.10`): the
 * lower ones are the cloud's own, as in real clouds.
 * @category constants
 */
export const FIRST_SERVER_HOST = 10;

/**
 * The longest prefix a demo network may have: /28, 16 addresses, so that host numbers from
 * {@link FIRST_SERVER_HOST} up exist in it.
 * @category constants
 */
export const MAX_NETWORK_PREFIX_LENGTH = 28;

/**
 * Why a value cannot be a demo network's prefix — not an IPv4 prefix, or too small to hold a
 * server — in words for the user; `undefined` when it can.
 *
 * @remarks Shared by the `cidr` validator (validate and plan time) and the cloud's create (a
 * value that skipped validation), so both refuse the same values with the same words.
 * @category decoding
 */
export function networkPrefixProblem(value: unknown): string | undefined {
  if (typeof value !== "string") {
    return `expected an IPv4 prefix such as 10.0.0.0/16, got ${value === null ? "null" : typeof value}`;
  }
  let bits: number;
  try {
    bits = parseIpv4Prefix(value).bits;
  } catch (error) {
    return `${(error as Error).message} (expected an IPv4 prefix such as 10.0.0.0/16)`;
  }
  if (bits > MAX_NETWORK_PREFIX_LENGTH) {
    return (
      `the prefix ${value} is too small for a network: the demo cloud gives servers addresses from host ` +
      `number ${FIRST_SERVER_HOST} up, so a network needs a prefix length of /${MAX_NETWORK_PREFIX_LENGTH} or less`
    );
  }
  return undefined;
}
