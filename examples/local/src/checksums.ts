import { createHash } from "node:crypto";

/**
 * The checksums every file resource and data source stores, as hexadecimal or base64 strings.
 * @category models
 */
export interface FileChecksums {
  /** MD5, hex. */
  readonly md5Hex: string;
  /** SHA-1, hex (also the `id`). */
  readonly sha1Hex: string;
  /** SHA-256, hex. */
  readonly sha256Hex: string;
  /** SHA-256, standard base64. */
  readonly sha256Base64: string;
  /** SHA-512, hex. */
  readonly sha512Hex: string;
  /** SHA-512, standard base64. */
  readonly sha512Base64: string;
}

/**
 * Computes the checksums of a file's bytes (upstream's `genFileChecksums`).
 * @category conversion
 */
export function fileChecksums(data: Uint8Array): FileChecksums {
  const digest = (algorithm: string) => createHash(algorithm).update(data).digest();
  const sha256 = digest("sha256");
  const sha512 = digest("sha512");
  return {
    md5Hex: digest("md5").toString("hex"),
    sha1Hex: digest("sha1").toString("hex"),
    sha256Hex: sha256.toString("hex"),
    sha256Base64: sha256.toString("base64"),
    sha512Hex: sha512.toString("hex"),
    sha512Base64: sha512.toString("base64"),
  };
}

/**
 * The computed checksum attributes of a state, from the file's bytes.
 * @category conversion
 */
export function checksumAttributes(data: Uint8Array) {
  const c = fileChecksums(data);
  return {
    id: c.sha1Hex,
    content_md5: c.md5Hex,
    content_sha1: c.sha1Hex,
    content_sha256: c.sha256Hex,
    content_base64sha256: c.sha256Base64,
    content_sha512: c.sha512Hex,
    content_base64sha512: c.sha512Base64,
  };
}
