import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A PEM certificate with its private key.
 *
 * @internal
 */
export interface CertPair {
  /** Certificate, PEM. */
  readonly certPem: string;
  /** Private key, PEM (PKCS#8). */
  readonly keyPem: string;
}

/**
 * Generates a self-signed ECDSA P-256 certificate shaped like go-plugin's AutoMTLS certificates
 * (CN=localhost, O=HashiCorp, SAN DNS:localhost, CA, serverAuth+clientAuth), with the openssl CLI.
 *
 * @remarks Plays terraform's part (the client certificate it passes in `PLUGIN_CLIENT_CERT`).
 * Node cannot create X.509 certificates, and this is never on a measured path.
 * @internal
 */
export function generateCert(): CertPair {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-bench-cert-"));
  try {
    const keyPath = join(dir, "key.pem");
    const certPath = join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        keyPath,
        "-out",
        certPath,
        "-days",
        "30",
        "-subj",
        "/O=HashiCorp/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=digitalSignature,keyEncipherment,keyAgreement,keyCertSign",
        "-addext",
        "extendedKeyUsage=serverAuth,clientAuth",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    return { certPem: readFileSync(certPath, "utf8"), keyPem: readFileSync(keyPath, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The handshake form of a certificate: unpadded standard base64 of the DER.
 *
 * @internal
 */
export function handshakeCert(certPem: string): string {
  return new X509Certificate(certPem).raw.toString("base64").replace(/=+$/, "");
}

/**
 * Turns the handshake's unpadded base64 DER back into PEM.
 *
 * @internal
 */
export function pemFromHandshakeCert(rawBase64: string): string {
  const der = Buffer.from(rawBase64, "base64");
  return new X509Certificate(der).toString();
}
