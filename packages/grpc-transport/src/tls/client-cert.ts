import { X509Certificate } from "node:crypto";

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * What the server will trust of a `PLUGIN_CLIENT_CERT` value.
 *
 * @remarks grpc-js hands the value to OpenSSL as the trusted CA list, which reads its PEM
 * certificates in order and silently stops at the first one that does not parse (unlike go-plugin,
 * whose `AppendCertsFromPEM` skips it and goes on). With no certificate trusted the server starts
 * and refuses every client without a word: this says why.
 * @internal
 */
export interface ClientCertificateCheck {
  /** How many certificates the server trusts (those before the first unparsable one). */
  readonly trusted: number;
  /** Why a certificate was not trusted; absent when every one parses. */
  readonly problem?: string;
}

/** Checks a `PLUGIN_CLIENT_CERT` value the way OpenSSL will read it. @internal */
export function checkClientCertificate(pem: string): ClientCertificateCheck {
  const blocks = pem.match(PEM_CERTIFICATE);
  if (blocks === null) {
    return { trusted: 0, problem: "no PEM certificate (-----BEGIN CERTIFICATE-----) in the value" };
  }
  for (const [index, block] of blocks.entries()) {
    try {
      new X509Certificate(block);
    } catch (error) {
      const which = blocks.length === 1 ? "the certificate" : `certificate ${index + 1} of ${blocks.length}`;
      return { trusted: index, problem: `${which} does not parse: ${(error as Error).message}` };
    }
  }
  return { trusted: blocks.length };
}
