import { X509Certificate, createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateServerCertificate, handshakeCertField } from "./self-signed-cert.js";

describe("generateServerCertificate", () => {
  it("makes a self-signed CA certificate for localhost that OpenSSL parses and verifies", () => {
    const cert = generateServerCertificate();
    const x = new X509Certificate(cert.certPem);
    expect(x.subject).toContain("CN=localhost");
    expect(x.subject).toContain("O=HashiCorp");
    expect(x.issuer).toBe(x.subject);
    expect(x.subjectAltName).toBe("DNS:localhost");
    expect(x.ca).toBe(true);
    expect(x.checkHost("localhost")).toBe("localhost");
    expect(x.keyUsage).toEqual(expect.arrayContaining(["1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"]));
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.publicKey.asymmetricKeyDetails?.namedCurve).toBe("prime256v1");
    // the key matches the certificate
    expect(x.checkPrivateKey(createPrivateKey(cert.keyPem))).toBe(true);
    expect(Buffer.from(cert.der).equals(x.raw)).toBe(true);
  });

  it("is valid now, from 30 s in the past", () => {
    const before = Date.now();
    const x = new X509Certificate(generateServerCertificate().certPem);
    const from = Date.parse(x.validFrom);
    expect(from).toBeLessThanOrEqual(before - 29_000);
    expect(from).toBeGreaterThan(before - 32_000);
    expect(Date.parse(x.validTo)).toBeGreaterThan(before + 300 * 24 * 3600 * 1000);
  });

  it("uses a fresh key and serial every time", () => {
    const a = new X509Certificate(generateServerCertificate().certPem);
    const b = new X509Certificate(generateServerCertificate().certPem);
    expect(a.serialNumber).not.toBe(b.serialNumber);
    expect(
      a.publicKey
        .export({ format: "der", type: "spki" })
        .equals(b.publicKey.export({ format: "der", type: "spki" })),
    ).toBe(false);
  });

  it("accepts go-plugin's ~30-year validity (GeneralizedTime after 2049)", () => {
    const notBefore = new Date(Date.now() - 30_000);
    const notAfter = new Date(notBefore.getTime() + 262_980 * 3600 * 1000);
    const x = new X509Certificate(generateServerCertificate({ notBefore, notAfter }).certPem);
    expect(Math.abs(Date.parse(x.validTo) - notAfter.getTime())).toBeLessThan(1000);
  });

  it("can impersonate Terraform's P-521 client certificate", () => {
    const x = new X509Certificate(generateServerCertificate({ curve: "P-521" }).certPem);
    expect(x.publicKey.asymmetricKeyDetails?.namedCurve).toBe("secp521r1");
    expect(x.verify(createPublicKey(x.publicKey.export({ format: "pem", type: "spki" })))).toBe(true);
  });

  it("is fast enough for the start-up path", () => {
    generateServerCertificate(); // warm up
    const start = performance.now();
    for (let i = 0; i < 10; i++) generateServerCertificate();
    expect((performance.now() - start) / 10).toBeLessThan(20);
  });
});

describe("handshakeCertField", () => {
  it("is unpadded standard base64 of the DER (go RawStdEncoding)", () => {
    for (let i = 0; i < 5; i++) {
      const { der } = generateServerCertificate();
      const field = handshakeCertField(der);
      expect(field).not.toMatch(/[=\n|]/);
      expect(field.length).toBeGreaterThan(50); // go-plugin only reads the cert when len > 50
      expect(Buffer.from(field, "base64").equals(Buffer.from(der))).toBe(true);
    }
  });
});
