/**
 * A throwaway OpenPGP key for the signing tests, and `gpg --verify` run against it in a private
 * keyring (never the user's). When Debian's `gnupg` is absent the gpg half is skipped loudly.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKey } from "openpgp";

/** A fresh RSA key (the kind the Terraform registry accepts), passphrase-protected or not. */
export async function throwawayKey(passphrase?: string): Promise<{ privateKey: string; publicKey: string }> {
  const { privateKey, publicKey } = await generateKey({
    type: "rsa",
    rsaBits: 2048,
    userIDs: [{ name: "tfkit test", email: "release@example.test" }],
    format: "armored",
    ...(passphrase === undefined ? {} : { passphrase }),
  });
  return { privateKey, publicKey };
}

/** The `gpg` binary on PATH, or undefined (and a loud warning naming it) when there is none. */
export const gpgPath: string | undefined = (() => {
  const found = spawnSync("sh", ["-c", "command -v gpg"], { encoding: "utf8" });
  const path = found.stdout.trim();
  if (found.status === 0 && path !== "") return path;
  console.warn(
    "\n!!! @tfkit/cli: the `gpg` binary (Debian package gnupg) is NOT on PATH — the `gpg --verify` " +
      "check of release signatures is SKIPPED, not passed. Install gnupg to run it. !!!\n",
  );
  return undefined;
})();

/** `gpg --verify signature file` with only `publicKey` in a temporary keyring. */
export function gpgVerify(
  publicKey: string,
  signatureFile: string,
  file: string,
): { status: number | null; output: string } {
  const home = mkdtempSync(join(tmpdir(), "tfkit-gnupg-"));
  try {
    const key = join(home, "public.asc");
    writeFileSync(key, publicKey);
    const env = { ...process.env, GNUPGHOME: home };
    const imported = spawnSync(gpgPath ?? "gpg", ["--batch", "--import", key], { env, encoding: "utf8" });
    if (imported.status !== 0) return { status: imported.status, output: imported.stderr };
    const verified = spawnSync(gpgPath ?? "gpg", ["--batch", "--verify", signatureFile, file], {
      env,
      encoding: "utf8",
    });
    return { status: verified.status, output: verified.stdout + verified.stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
