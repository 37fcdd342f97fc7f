import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { sha256Hex } from "./hash.js";
import { parseZipName } from "./names.js";

/**
 * Options of {@link createMirror}.
 *
 * @category models
 */
export interface MirrorOptions {
  /** A release directory written by {@link packageProvider} (zips and SHA256SUMS). */
  readonly releaseDir: string;
  /** The registry host of the provider's source address (`example.test`, `registry.terraform.io`). */
  readonly hostname: string;
  /** The namespace of the source address (`tfkit` of `example.test/tfkit/demo`). */
  readonly namespace: string;
  /** The mirror directory (the `filesystem_mirror { path = ... }` value). */
  readonly outDir: string;
}

/**
 * What {@link createMirror} copied.
 *
 * @category models
 */
export interface MirrorResult {
  /** The mirror directory. */
  readonly outDir: string;
  /** Mirror-relative paths of the copied zips (`HOST/NS/TYPE/terraform-provider-…zip`). */
  readonly files: readonly string[];
}

/**
 * Lays a release out as a `filesystem_mirror` that `terraform init` installs from offline
 * (packed layout: `HOSTNAME/NAMESPACE/TYPE/terraform-provider-TYPE_VERSION_OS_ARCH.zip`).
 *
 * @remarks Terraform's packed layout (internal/getproviders/filesystem_search.go). Every zip is
 * checked against the release's SHA256SUMS before it is copied, so a mirror never serves a zip the
 * release did not list.
 * @example
 * ```ts
 * createMirror({ releaseDir: "dist-provider", hostname: "example.test", namespace: "tfkit", outDir: "mirror" });
 * // mirror/example.test/tfkit/demo/terraform-provider-demo_0.1.0_linux_amd64.zip
 * ```
 * @throws Error when the release has no SHA256SUMS, a zip is missing from it, or a checksum differs.
 * @category encoding
 */
export function createMirror(options: MirrorOptions): MirrorResult {
  for (const [label, part] of [
    ["hostname", options.hostname],
    ["namespace", options.namespace],
  ] as const) {
    if (!/^[A-Za-z0-9][A-Za-z0-9.-]*(:[0-9]+)?$/.test(part))
      throw new Error(`tfkit: bad ${label} ${JSON.stringify(part)}`);
  }
  const releaseDir = resolve(options.releaseDir);
  const entries = readdirSync(releaseDir);
  const sumsFiles = entries.filter((f) => f.endsWith("_SHA256SUMS"));
  if (sumsFiles.length === 0) throw new Error(`tfkit: ${releaseDir} has no *_SHA256SUMS file`);
  const expected = new Map<string, string>();
  for (const sumsFile of sumsFiles) {
    for (const line of readFileSync(join(releaseDir, sumsFile), "utf8").split("\n")) {
      const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (m?.[1] && m[2]) expected.set(m[2], m[1]);
    }
  }
  const files: string[] = [];
  for (const file of entries.sort()) {
    const parsed = parseZipName(file);
    if (!parsed) continue;
    const want = expected.get(file);
    if (want === undefined) throw new Error(`tfkit: ${file} is not listed in ${sumsFiles.join(", ")}`);
    const got = sha256Hex(readFileSync(join(releaseDir, file)));
    if (got !== want) throw new Error(`tfkit: ${file} has SHA-256 ${got}, SHA256SUMS says ${want}`);
    const dir = join(options.hostname, options.namespace, parsed.name);
    mkdirSync(join(options.outDir, dir), { recursive: true });
    copyFileSync(join(releaseDir, file), join(options.outDir, dir, file));
    files.push(`${dir}/${file}`);
  }
  if (files.length === 0) throw new Error(`tfkit: ${releaseDir} holds no terraform-provider-*_OS_ARCH.zip`);
  return { outDir: resolve(options.outDir), files };
}
