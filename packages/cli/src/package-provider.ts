import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { bundleProvider } from "./bundle.js";
import { packageHashH1, sha256Hex } from "./hash.js";
import { PROVIDER_TYPE, releaseNames, SEMVER } from "./names.js";
import { buildSingleExecutable } from "./sea.js";
import { detachSign, type SigningKey } from "./sign.js";
import { currentTarget, type Target } from "./targets.js";
import { writeSingleFileZip } from "./zip.js";

/**
 * Options of {@link packageProvider}.
 *
 * @category models
 */
export interface PackageOptions {
  /** The provider's entry point (`.ts` or `.js`), the module that calls `serve()`. */
  readonly entry: string;
  /** The provider type (`demo` for `terraform-provider-demo`). */
  readonly name: string;
  /** The release version, semver without `v`. */
  readonly version: string;
  /** Platforms to build. Default: only the current one. */
  readonly targets?: readonly Target[];
  /**
   * Node binaries for platforms other than the current one, by target (same Node version as the
   * running one). The current platform uses `process.execPath` unless given here.
   */
  readonly nodeBinaries?: Readonly<Partial<Record<Target, string>>>;
  /** The release directory to write (created; existing release files are overwritten). */
  readonly outDir: string;
  /** Extra export conditions for bundling (e.g. `["@tfkit/source"]` inside the tfkit repo). */
  readonly conditions?: readonly string[];
  /**
   * The key to sign `SHA256SUMS` with (see {@link signingKeyFromEnv}). Without one the release
   * has no `.sig` file, and {@link PackageResult.signature} says so: a public registry rejects it.
   */
  readonly signingKey?: SigningKey;
  /**
   * How the executables start. `"snapshot"` (the default): the executable for the building
   * machine's own platform, made from the running Node binary, starts from a V8 startup snapshot
   * of the provider (see `buildSingleExecutable`); Terraform starts a provider several times per
   * command, and each start then answers sooner and with less CPU. Executables for other
   * platforms, or made from another Node binary, start plain. `"plain"`: every executable
   * compiles the bundle at start; the zips are then byte-reproducible (snapshots are not).
   *
   * @remarks With a snapshot, the provider module's top-level code runs once, at build time:
   * read `process.env` and the like in handlers or `configure`, not at module level.
   */
  readonly startup?: "snapshot" | "plain";
}

/**
 * One platform's outcome in a {@link PackageResult}.
 *
 * @category models
 */
export type PackagedTarget =
  | {
      /** Built. */
      readonly kind: "built";
      /** The platform. */
      readonly target: Target;
      /** The zip's file name inside the release directory. */
      readonly zip: string;
      /** SHA-256 of the zip (hex), as listed in SHA256SUMS and recorded as `zh:` by registries. */
      readonly zipSha256: string;
      /** The `h1:` hash `terraform init` records in the lock file for this package. */
      readonly h1: string;
      /** Size of the executable in bytes. */
      readonly executableBytes: number;
      /** Whether the executable starts from a startup snapshot (see {@link PackageOptions.startup}). */
      readonly startup: "snapshot" | "plain";
      /** Why a snapshot was asked for and not made (the executable then starts plain). */
      readonly startupNote?: string;
    }
  | {
      /** Not built. */
      readonly kind: "skipped";
      /** The platform. */
      readonly target: Target;
      /** Why, in words for the person running the command. */
      readonly reason: string;
    };

/**
 * What {@link packageProvider} produced.
 *
 * @category models
 */
export interface PackageResult {
  /** The release directory. */
  readonly outDir: string;
  /** Every requested platform, built or skipped. */
  readonly targets: readonly PackagedTarget[];
  /** The SHA256SUMS file name. */
  readonly sums: string;
  /** The manifest file name. */
  readonly manifest: string;
  /** The detached signature of `SHA256SUMS`, or why there is none. */
  readonly signature:
    | {
        /** Signed. */
        readonly kind: "signed";
        /** The `.sig` file name inside the release directory. */
        readonly file: string;
        /** The signing key's fingerprint (upper-case hex). */
        readonly fingerprint: string;
      }
    | {
        /** No signing key was given. */
        readonly kind: "unsigned";
        /** The warning to show: what is missing and what it means. */
        readonly warning: string;
      };
}

/**
 * The registry manifest every tfkit provider ships: tfkit serves protocol 6.0 only.
 *
 * @remarks The `terraform-registry-manifest.json` of Go providers, published as
 * `terraform-provider-NAME_VERSION_manifest.json`.
 * @category constructors
 */
export const RELEASE_MANIFEST: {
  /** Manifest format version. */
  readonly version: 1;
  /** What the provider supports. */
  readonly metadata: {
    /** Plugin protocol versions the provider speaks. */
    readonly protocol_versions: readonly ["6.0"];
  };
} = { version: 1, metadata: { protocol_versions: ["6.0"] } } as const;

/**
 * Packages a provider for people who have only Terraform: bundles it, builds a single executable
 * per platform (Node SEA), and writes a registry-style release: one zip per platform,
 * `SHA256SUMS`, its detached signature when a key is given, and the manifest.
 *
 * @remarks A platform other than the current one needs its Node binary in `nodeBinaries`;
 * otherwise it is reported as skipped (never a broken file). The current platform's executable
 * starts from a startup snapshot unless `startup: "plain"` (see {@link PackageOptions.startup}).
 * With `startup: "plain"` the zips are reproducible: fixed timestamps and mode 0755.
 * @example
 * ```ts
 * const result = await packageProvider({ entry: "src/main.ts", name: "demo", version: "0.1.0", outDir: "dist-provider" });
 * // dist-provider/terraform-provider-demo_0.1.0_linux_amd64.zip, …_SHA256SUMS, …_manifest.json
 * ```
 * @throws Error on a bad name or version, or when bundling or injection fails.
 * @category encoding
 */
export async function packageProvider(options: PackageOptions): Promise<PackageResult> {
  if (!PROVIDER_TYPE.test(options.name)) {
    throw new Error(
      `tfkit: provider name ${JSON.stringify(options.name)} must be lower-case letters, digits and dashes`,
    );
  }
  if (!SEMVER.test(options.version)) {
    throw new Error(
      `tfkit: version ${JSON.stringify(options.version)} is not semver without a leading v (1.2.3)`,
    );
  }
  const here = currentTarget();
  const targets = options.targets ?? [here];
  const outDir = resolve(options.outDir);
  mkdirSync(outDir, { recursive: true });
  const names = releaseNames(options.name, options.version);
  const work = mkdtempSync(join(tmpdir(), "tfkit-package-"));
  const results: PackagedTarget[] = [];
  try {
    const script = join(work, "provider.cjs");
    await bundleProvider({
      entry: resolve(options.entry),
      outfile: script,
      conditions: options.conditions ?? [],
    });
    for (const target of targets) {
      const nodeBinary = options.nodeBinaries?.[target] ?? (target === here ? process.execPath : undefined);
      if (nodeBinary === undefined) {
        results.push({
          kind: "skipped",
          target,
          reason: `no Node binary for ${target}: pass --node-binary ${target}=<path to node ${process.version} for ${target}>`,
        });
        continue;
      }
      if (!existsSync(nodeBinary)) {
        results.push({ kind: "skipped", target, reason: `the Node binary ${nodeBinary} does not exist` });
        continue;
      }
      const executableName = names.executable(target);
      const executable = join(work, target, executableName);
      mkdirSync(join(work, target));
      // The snapshot is tied to the Node binary that builds it; serve() recognises a snapshot
      // build through process.getBuiltinModule (Node >= 20.16) and defers itself to the start.
      const snapshotHere =
        (options.startup ?? "snapshot") === "snapshot" &&
        nodeBinary === process.execPath &&
        typeof (process as { getBuiltinModule?: unknown }).getBuiltinModule === "function";
      let startup: "snapshot" | "plain" = snapshotHere ? "snapshot" : "plain";
      let startupNote: string | undefined;
      try {
        await buildSingleExecutable({ script, nodeBinary, target, output: executable, startup });
      } catch (error) {
        if (startup === "plain") throw error;
        // A provider whose top-level code cannot run at build time still gets an executable.
        startupNote = `no startup snapshot (the executable starts plain): ${error instanceof Error ? error.message : String(error)}`;
        startup = "plain";
        await buildSingleExecutable({ script, nodeBinary, target, output: executable, startup });
      }
      const zip = names.zip(target);
      await writeSingleFileZip(join(outDir, zip), executableName, executable);
      results.push({
        kind: "built",
        target,
        zip,
        zipSha256: sha256Hex(readFileSync(join(outDir, zip))),
        h1: packageHashH1([{ name: executableName, bytes: readFileSync(executable) }]),
        executableBytes: statSync(executable).size,
        startup,
        ...(startupNote === undefined ? {} : { startupNote }),
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const built = results.filter((r) => r.kind === "built");
  if (built.length === 0) throw new Error("tfkit: no platform could be built (see the reasons above)");
  const manifestBytes = Buffer.from(`${JSON.stringify(RELEASE_MANIFEST)}\n`);
  writeFileSync(join(outDir, names.manifest), manifestBytes);
  const lines = [
    ...built.map((r) => ({ file: r.zip, sum: r.zipSha256 })),
    { file: names.manifest, sum: sha256Hex(manifestBytes) },
  ]
    .sort((a, b) => (a.file < b.file ? -1 : 1))
    .map((l) => `${l.sum}  ${l.file}\n`);
  const sums = Buffer.from(lines.join(""));
  writeFileSync(join(outDir, names.sums), sums);
  // A stale signature from an earlier run would not match the new SHA256SUMS.
  rmSync(join(outDir, names.signature), { force: true });
  let signature: PackageResult["signature"];
  if (options.signingKey === undefined) {
    signature = {
      kind: "unsigned",
      warning:
        `UNSIGNED RELEASE: ${names.sums} has no ${names.signature}. The Terraform registry rejects ` +
        `a release without it; set GPG_PRIVATE_KEY (and PASSPHRASE) to the registered key to sign.`,
    };
  } else {
    const signed = await detachSign(sums, options.signingKey);
    writeFileSync(join(outDir, names.signature), signed.signature);
    signature = { kind: "signed", file: names.signature, fingerprint: signed.fingerprint };
  }
  return { outDir, targets: results, sums: names.sums, manifest: names.manifest, signature };
}
