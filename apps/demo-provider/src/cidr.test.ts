import { describe, expect, it } from "vitest";
import { cidrHost, parseIpv4Prefix } from "./cidr.js";

describe("cidrHost", () => {
  // Expected values are Terraform's own `cidrhost` results (terraform console, 1.11.4).
  it.each([
    ["10.12.112.0/20", 16, "10.12.112.16"],
    ["10.12.112.0/20", 268, "10.12.113.12"],
    ["10.0.0.0/24", 1, "10.0.0.1"],
    ["10.0.0.0/24", -1, "10.0.0.255"],
    ["10.0.0.5/24", 2, "10.0.0.2"],
    ["0.0.0.0/0", 4294967295, "255.255.255.255"],
    ["192.168.1.7/32", 0, "192.168.1.7"],
  ] as const)("cidr_host(%s, %d) = %s", (prefix, host, expected) => {
    expect(cidrHost(prefix, host)).toBe(expected);
  });

  it("refuses a host number outside the prefix, in Terraform's words (-5 in a /30 is reported as -1)", () => {
    expect(() => cidrHost("10.0.0.0/30", 4)).toThrow("prefix of 30 does not accommodate a host numbered 4");
    expect(() => cidrHost("10.0.0.0/30", -5)).toThrow("prefix of 30 does not accommodate a host numbered -1");
  });

  it("takes int64 host numbers beyond 2^53 as bigints, exactly", () => {
    expect(cidrHost("10.0.0.0/24", 7n)).toBe("10.0.0.7");
    expect(() => cidrHost("10.0.0.0/8", 2n ** 63n - 1n)).toThrow(
      "prefix of 8 does not accommodate a host numbered 9223372036854775807",
    );
    expect(() => cidrHost("10.0.0.0/24", -(2n ** 60n))).toThrow(
      `prefix of 24 does not accommodate a host numbered ${256n - 2n ** 60n}`,
    );
  });

  it("refuses what is not an IPv4 prefix", () => {
    for (const bad of ["10.0.0.0", "10.0.0.256/24", "10.0.0.0/33", "fd00::/8", ""]) {
      expect(() => parseIpv4Prefix(bad)).toThrow(`invalid CIDR address: ${bad}`);
    }
  });
});
