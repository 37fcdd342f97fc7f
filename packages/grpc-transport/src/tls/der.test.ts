import { describe, expect, it } from "vitest";
import { oid, sequence, smallInteger, tlv, unsignedInteger, utcTime, x509Time } from "./der.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("DER writer", () => {
  it("encodes object identifiers with base-128 arcs (X.690 §8.19)", () => {
    // ecdsa-with-SHA256, as it appears in every ECDSA certificate
    expect(hex(oid("1.2.840.10045.4.3.2"))).toBe("06082a8648ce3d040302");
    // id-kp-serverAuth
    expect(hex(oid("1.3.6.1.5.5.7.3.1"))).toBe("06082b06010505070301");
  });

  it("encodes integers minimally and keeps them positive", () => {
    expect(hex(smallInteger(2))).toBe("020102");
    expect(hex(unsignedInteger(Uint8Array.of(0x80)))).toBe("02020080");
    expect(hex(unsignedInteger(Uint8Array.of(0, 0, 0x7f)))).toBe("02017f");
  });

  it("uses the long length form above 127 bytes", () => {
    const long = tlv(0x04, new Uint8Array(200));
    expect(hex(long.subarray(0, 3))).toBe("0481c8");
    expect(long.length).toBe(203);
    const longer = tlv(0x04, new Uint8Array(300));
    expect(hex(longer.subarray(0, 4))).toBe("0482012c");
  });

  it("writes UTCTime as YYMMDDHHMMSSZ and refuses years it cannot hold", () => {
    const t = utcTime(new Date(Date.UTC(2026, 10, 21, 17, 29, 5)));
    expect(Buffer.from(t.subarray(2)).toString()).toBe("261121172905Z");
    expect(t[0]).toBe(0x17);
    expect(() => utcTime(new Date(Date.UTC(2050, 0, 1)))).toThrow(RangeError);
  });

  it("nests sequences", () => {
    expect(hex(sequence(smallInteger(1), smallInteger(2)))).toBe("3006020101020102");
  });

  it("switches to GeneralizedTime from 2050 (RFC 5280)", () => {
    const t = x509Time(new Date(Date.UTC(2056, 0, 2, 3, 4, 5)));
    expect(t[0]).toBe(0x18);
    expect(Buffer.from(t.subarray(2)).toString()).toBe("20560102030405Z");
    expect(x509Time(new Date(Date.UTC(2049, 11, 31, 23, 59, 59)))[0]).toBe(0x17);
  });
});
