import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMessage, readKey, readSignature, verify } from "openpgp";
import { afterAll, describe, expect, it } from "vitest";
import { gpgPath, gpgVerify, throwawayKey } from "../test/throwaway-key.js";
import { detachSign, signingKeyFromEnv } from "./sign.js";

const work = mkdtempSync(join(tmpdir(), "tfkit-sign-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sums = new TextEncoder().encode(
  `${"a".repeat(64)}  terraform-provider-demo_0.1.0_linux_amd64.zip\n${"b".repeat(64)}  terraform-provider-demo_0.1.0_manifest.json\n`,
);

describe("detachSign", () => {
  it("writes a binary detached signature that OpenPGP verification accepts for these bytes only", async () => {
    const key = await throwawayKey();
    const { signature, fingerprint } = await detachSign(sums, { armoredKey: key.privateKey });
    const publicKey = await readKey({ armoredKey: key.publicKey });
    expect(fingerprint).toBe(publicKey.getFingerprint().toUpperCase());
    // Binary (what `gpg --detach-sign` writes), not ASCII armor.
    expect(new TextDecoder().decode(signature.slice(0, 5))).not.toBe("-----");
    const check = async (bytes: Uint8Array) => {
      const result = await verify({
        message: await createMessage({ binary: bytes }),
        signature: await readSignature({ binarySignature: signature }),
        verificationKeys: publicKey,
      });
      return result.signatures[0]?.verified.then(
        () => true,
        () => false,
      );
    };
    expect(await check(sums)).toBe(true);
    const tampered = sums.slice();
    tampered[0] = "c".charCodeAt(0);
    expect(await check(tampered)).toBe(false);
  });

  it.skipIf(gpgPath === undefined)("is accepted by gpg --verify, and a changed file is refused", async () => {
    const key = await throwawayKey();
    const { signature } = await detachSign(sums, { armoredKey: key.privateKey });
    writeFileSync(join(work, "SHA256SUMS"), sums);
    writeFileSync(join(work, "SHA256SUMS.sig"), signature);
    const good = gpgVerify(key.publicKey, join(work, "SHA256SUMS.sig"), join(work, "SHA256SUMS"));
    expect(good.status, good.output).toBe(0);
    expect(good.output).toContain("Good signature");
    writeFileSync(join(work, "SHA256SUMS"), Buffer.concat([sums, Buffer.from("x")]));
    const bad = gpgVerify(key.publicKey, join(work, "SHA256SUMS.sig"), join(work, "SHA256SUMS"));
    expect(bad.status).not.toBe(0);
    expect(bad.output).toContain("BAD signature");
  });

  it("unlocks a passphrase-protected key, and says which variable is missing without one", async () => {
    const key = await throwawayKey("correct horse");
    await expect(detachSign(sums, { armoredKey: key.privateKey })).rejects.toThrow(
      /passphrase; set PASSPHRASE/,
    );
    await expect(detachSign(sums, { armoredKey: key.privateKey, passphrase: "wrong" })).rejects.toThrow(
      /cannot unlock the signing key/,
    );
    const signed = await detachSign(sums, { armoredKey: key.privateKey, passphrase: "correct horse" });
    expect(signed.signature.length).toBeGreaterThan(100);
  });

  it("refuses text that is not a private key with a clear message", async () => {
    await expect(detachSign(sums, { armoredKey: "not a key" })).rejects.toThrow(
      /not an ASCII-armored OpenPGP private key/,
    );
    const key = await throwawayKey();
    await expect(detachSign(sums, { armoredKey: key.publicKey })).rejects.toThrow(/not an ASCII-armored/);
  });
});

describe("signingKeyFromEnv", () => {
  it("reads GPG_PRIVATE_KEY and PASSPHRASE, and is undefined when the key is unset or blank", () => {
    expect(signingKeyFromEnv({})).toBeUndefined();
    expect(signingKeyFromEnv({ GPG_PRIVATE_KEY: "  \n" })).toBeUndefined();
    expect(signingKeyFromEnv({ GPG_PRIVATE_KEY: "k" })).toEqual({ armoredKey: "k" });
    expect(signingKeyFromEnv({ GPG_PRIVATE_KEY: "k", PASSPHRASE: "p" })).toEqual({
      armoredKey: "k",
      passphrase: "p",
    });
    expect(signingKeyFromEnv({ GPG_PRIVATE_KEY: "k", PASSPHRASE: "" })).toEqual({ armoredKey: "k" });
  });
});
