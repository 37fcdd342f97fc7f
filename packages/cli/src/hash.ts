import { createHash } from "node:crypto";

/**
 * The SHA-256 of some bytes as lower-case hex, the form of `SHA256SUMS` lines and `zh:` hashes.
 *
 * @category encoding
 */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * One file of a provider package, for {@link packageHashH1}.
 *
 * @category models
 */
export interface PackageFile {
  /** Path inside the package, `/`-separated. */
  readonly name: string;
  /** The file's bytes. */
  readonly bytes: Uint8Array;
}

/**
 * The `h1:` hash Terraform records in `.terraform.lock.hcl` for a provider package.
 *
 * @remarks Go's `golang.org/x/mod/sumdb/dirhash.Hash1`, which Terraform's `PackageHashV1` uses:
 * for every file in name order the line `sha256hex + "  " + name + "\n"`, then the base64 of the
 * SHA-256 of all lines, prefixed `h1:`. The same hash results from the zip or the unpacked
 * directory, which is why a lock file written from a mirror matches the registry's.
 * @category encoding
 */
export function packageHashH1(files: readonly PackageFile[]): string {
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const summary = createHash("sha256");
  for (const f of sorted) {
    if (f.name.includes("\n"))
      throw new Error(`tfkit: file name ${JSON.stringify(f.name)} contains a newline`);
    summary.update(`${sha256Hex(f.bytes)}  ${f.name}\n`);
  }
  return `h1:${summary.digest("base64")}`;
}
