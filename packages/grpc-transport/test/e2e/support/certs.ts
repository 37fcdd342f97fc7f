import { execFileSync, spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A PEM certificate with its private key. */
export interface CertPair {
  readonly certPem: string;
  readonly keyPem: string;
}

/** Whether the openssl CLI is available (the mTLS tests need it to play terraform's part). */
export const hasOpenssl: boolean = spawnSync("openssl", ["version"]).status === 0;

if (!hasOpenssl) {
  console.warn(
    "\n!!! grpc-transport e2e: the `openssl` binary is NOT on PATH — the client-certificate tests " +
      "are SKIPPED, not passed. !!!\n",
  );
}

/**
 * A self-signed ECDSA certificate shaped like go-plugin's AutoMTLS client certificate
 * (CN=localhost, O=HashiCorp, SAN DNS:localhost, CA, clientAuth+serverAuth), made with openssl:
 * Node cannot create X.509 certificates, and this must not depend on the code under test.
 */
export function generateClientCert(curve: "P-256" | "P-521" = "P-256"): CertPair {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-e2e-cert-"));
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
        `ec_paramgen_curve:${curve}`,
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
        "extendedKeyUsage=clientAuth,serverAuth",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    return { certPem: readFileSync(certPath, "utf8"), keyPem: readFileSync(keyPath, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Turns the handshake's unpadded base64 DER into an X509Certificate. */
export function handshakeCertificate(rawBase64: string): X509Certificate {
  return new X509Certificate(Buffer.from(rawBase64, "base64"));
}
