import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import {
  bitString,
  boolean,
  explicit,
  octetString,
  oid,
  printableString,
  sequence,
  set,
  smallInteger,
  tlv,
  unsignedInteger,
  x509Time,
} from "./der.js";

/**
 * A generated server certificate and its key.
 *
 * @remarks What go-plugin's `generateCert()` produces, in the forms grpc-js and the handshake need.
 * @category models
 */
export interface ServerCertificate {
  /** The certificate, PEM. */
  readonly certPem: string;
  /** The PKCS#8 private key, PEM. */
  readonly keyPem: string;
  /** The certificate, DER. */
  readonly der: Uint8Array;
}

const CURVES = {
  "P-256": { nodeName: "prime256v1", hash: "sha256", signatureOid: "1.2.840.10045.4.3.2" },
  "P-384": { nodeName: "secp384r1", hash: "sha384", signatureOid: "1.2.840.10045.4.3.3" },
  "P-521": { nodeName: "secp521r1", hash: "sha512", signatureOid: "1.2.840.10045.4.3.4" },
} as const;
const OID_COMMON_NAME = "2.5.4.3";
const OID_ORGANIZATION = "2.5.4.10";
const OID_KEY_USAGE = "2.5.29.15";
const OID_SUBJECT_ALT_NAME = "2.5.29.17";
const OID_BASIC_CONSTRAINTS = "2.5.29.19";
const OID_EXT_KEY_USAGE = "2.5.29.37";
const OID_SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
const OID_CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";

function extension(id: string, critical: boolean, value: Uint8Array): Uint8Array {
  return critical
    ? sequence(oid(id), boolean(true), octetString(value))
    : sequence(oid(id), octetString(value));
}

function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString("base64");
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

/**
 * Options of {@link generateServerCertificate}.
 *
 * @remarks Defaults match what terraform 1.11.4 was verified to accept.
 * @category models
 */
export interface ServerCertificateOptions {
  /** Validity start. Default: now − 30 s (go-plugin's clock-skew allowance). */
  readonly notBefore?: Date;
  /** Validity end. Default: `notBefore` + 365 days. */
  readonly notAfter?: Date;
  /** DNS name in the subject and SAN. Default `"localhost"` (Terraform's `ServerName`). */
  readonly hostname?: string;
  /**
   * ECDSA curve. Default `"P-256"` (fast; accepted by Terraform). Terraform's own client
   * certificate uses `"P-521"` (signed with SHA-512), which tests use to impersonate it.
   */
  readonly curve?: "P-256" | "P-384" | "P-521";
}

/**
 * Generates a self-signed ECDSA P-256 certificate for `localhost`, as go-plugin's AutoMTLS server
 * does, in about a millisecond.
 *
 * @remarks Same recipe as go-plugin `generateCert()` (mtls.go) except the curve (P-256 instead of
 * P-521, accepted by terraform 1.11.4): `CN=localhost, O=HashiCorp`, SAN `DNS:localhost`,
 * `basicConstraints=critical,CA:TRUE`, `keyUsage=critical,digitalSignature,keyCertSign`, EKU
 * serverAuth+clientAuth, random 127-bit serial. The key is made by `node:crypto`; the certificate
 * is DER-encoded here and signed with `crypto.sign` (Node has no certificate-creation API).
 * @category constructors
 */
export function generateServerCertificate(options: ServerCertificateOptions = {}): ServerCertificate {
  const curve = CURVES[options.curve ?? "P-256"];
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: curve.nodeName });
  const spki = new Uint8Array(publicKey.export({ type: "spki", format: "der" }));
  const hostname = options.hostname ?? "localhost";
  const notBefore = options.notBefore ?? new Date(Date.now() - 30_000);
  const notAfter = options.notAfter ?? new Date(notBefore.getTime() + 365 * 24 * 3600 * 1000);

  const serial = new Uint8Array(randomBytes(16));
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40; // positive, minimal, never zero
  const signatureAlgorithm = sequence(oid(curve.signatureOid));
  const name = sequence(
    set(sequence(oid(OID_ORGANIZATION), printableString("HashiCorp"))),
    set(sequence(oid(OID_COMMON_NAME), printableString(hostname))),
  );
  // keyUsage bits: digitalSignature (bit 0) and keyCertSign (bit 5) → 1000 0100, 2 unused bits.
  const keyUsage = bitString(Uint8Array.of(0x84), 2);
  const extensions = sequence(
    extension(OID_KEY_USAGE, true, keyUsage),
    extension(OID_EXT_KEY_USAGE, false, sequence(oid(OID_SERVER_AUTH), oid(OID_CLIENT_AUTH))),
    extension(OID_BASIC_CONSTRAINTS, true, sequence(boolean(true))),
    extension(OID_SUBJECT_ALT_NAME, false, sequence(tlv(0x82, new TextEncoder().encode(hostname)))),
  );
  const tbs = sequence(
    explicit(0, smallInteger(2)), // v3
    unsignedInteger(serial),
    signatureAlgorithm,
    name,
    sequence(x509Time(notBefore), x509Time(notAfter)),
    name,
    spki,
    explicit(3, extensions),
  );
  const signature = new Uint8Array(sign(curve.hash, tbs, privateKey)); // DER ECDSA-Sig-Value
  const der = sequence(tbs, signatureAlgorithm, bitString(signature));
  return {
    der,
    certPem: toPem("CERTIFICATE", der),
    keyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
}

/**
 * The handshake's certificate field: unpadded standard base64 of the certificate DER.
 *
 * @remarks go-plugin decodes it with `base64.RawStdEncoding`; `=` padding makes Terraform fail
 * with "illegal base64 data".
 * @category encoding
 */
export function handshakeCertField(der: Uint8Array): string {
  return Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString("base64").replace(/=+$/, "");
}
