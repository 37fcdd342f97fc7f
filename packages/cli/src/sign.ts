/**
 * A private key to sign a release's `SHA256SUMS` with.
 *
 * @category models
 */
export interface SigningKey {
  /** The ASCII-armored OpenPGP private key (`gpg --armor --export-secret-keys KEYID`). */
  readonly armoredKey: string;
  /** The key's passphrase, when it has one. */
  readonly passphrase?: string;
}

/**
 * The environment variables {@link signingKeyFromEnv} reads, the names the Terraform provider
 * scaffolding's release workflow gives its secrets.
 *
 * @category constructors
 */
export const SIGNING_KEY_ENV: {
  /** The ASCII-armored private key. */
  readonly key: "GPG_PRIVATE_KEY";
  /** Its passphrase (optional). */
  readonly passphrase: "PASSPHRASE";
} = { key: "GPG_PRIVATE_KEY", passphrase: "PASSPHRASE" } as const;

/**
 * The signing key given in the environment (`GPG_PRIVATE_KEY`, `PASSPHRASE`), or undefined when
 * `GPG_PRIVATE_KEY` is unset or empty.
 *
 * @remarks The key travels as a CI secret, as GoReleaser's users import theirs; tfkit signs
 * in-process, so no `gpg` or agent has to be installed.
 * @category constructors
 */
export function signingKeyFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): SigningKey | undefined {
  const armoredKey = env[SIGNING_KEY_ENV.key];
  if (armoredKey === undefined || armoredKey.trim() === "") return undefined;
  const passphrase = env[SIGNING_KEY_ENV.passphrase];
  return passphrase === undefined || passphrase === "" ? { armoredKey } : { armoredKey, passphrase };
}

/**
 * What {@link detachSign} produced.
 *
 * @category models
 */
export interface DetachedSignature {
  /** The binary OpenPGP signature packet, what `gpg --detach-sign` writes. */
  readonly signature: Uint8Array;
  /** The signing key's fingerprint (upper-case hex), to check against the one the registry holds. */
  readonly fingerprint: string;
}

/**
 * Signs some bytes with a detached, binary OpenPGP signature, the form of the
 * `terraform-provider-NAME_VERSION_SHA256SUMS.sig` file that the Terraform registry and
 * `terraform init` verify against the provider's registered public key.
 *
 * @remarks Uses [OpenPGP.js](https://openpgpjs.org) (pure JavaScript, loaded only when signing).
 * Terraform verifies with Go's `x/crypto/openpgp`, which reads version 4 keys and signatures:
 * that is what an RSA or ECC key made by `gpg --full-generate-key` is, and what OpenPGP.js writes
 * for it. The registry accepts RSA and DSA keys only, so register an RSA key.
 * @throws Error when the key cannot be read or unlocked (the message says which).
 * @category encoding
 */
export async function detachSign(bytes: Uint8Array, key: SigningKey): Promise<DetachedSignature> {
  const openpgp = await import("openpgp");
  let privateKey: Awaited<ReturnType<typeof openpgp.readPrivateKey>>;
  try {
    privateKey = await openpgp.readPrivateKey({ armoredKey: key.armoredKey });
  } catch (error) {
    throw new Error(`tfkit: the signing key is not an ASCII-armored OpenPGP private key: ${message(error)}`);
  }
  if (!privateKey.isDecrypted()) {
    if (key.passphrase === undefined) {
      throw new Error(
        `tfkit: the signing key ${privateKey.getFingerprint().toUpperCase()} is protected by a passphrase; set ${SIGNING_KEY_ENV.passphrase}`,
      );
    }
    try {
      privateKey = await openpgp.decryptKey({ privateKey, passphrase: key.passphrase });
    } catch (error) {
      throw new Error(`tfkit: cannot unlock the signing key with the passphrase given: ${message(error)}`);
    }
  }
  const signature = await openpgp.sign({
    message: await openpgp.createMessage({ binary: bytes }),
    signingKeys: privateKey,
    detached: true,
    format: "binary",
  });
  return { signature, fingerprint: privateKey.getFingerprint().toUpperCase() };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
