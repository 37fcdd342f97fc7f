import type { Target } from "./targets.js";

/**
 * The file names of a provider release, exactly as the Terraform registry protocol and
 * `terraform init` expect them.
 *
 * @remarks `terraform-provider-NAME_VERSION_OS_ARCH.zip`, `terraform-provider-NAME_VERSION_SHA256SUMS`,
 * its signature `terraform-provider-NAME_VERSION_SHA256SUMS.sig` and
 * `terraform-provider-NAME_VERSION_manifest.json` are the names goreleaser produces for Go
 * providers; the executable inside the zip is `terraform-provider-NAME_vVERSION` (core accepts any
 * name starting with `terraform-provider-NAME` followed by `_` or `.`:
 * internal/providercache/cached_provider.go `ExecutableFile`).
 * @category models
 */
export interface ReleaseNames {
  /** The zip of one platform. */
  zip(target: Target): string;
  /** The executable inside the zip (`.exe` on Windows). */
  executable(target: Target): string;
  /** The checksum file listing every zip and the manifest. */
  readonly sums: string;
  /** The detached GPG signature of {@link ReleaseNames.sums}. */
  readonly signature: string;
  /** The registry manifest (`protocol_versions`). */
  readonly manifest: string;
}

/**
 * Builds the release file names of provider `name` (the type, `demo`) at `version` (no `v`).
 *
 * @category constructors
 */
export function releaseNames(name: string, version: string): ReleaseNames {
  const base = `terraform-provider-${name}_${version}`;
  return {
    zip: (target) => `${base}_${target}.zip`,
    executable: (target) =>
      `terraform-provider-${name}_v${version}${target.startsWith("windows_") ? ".exe" : ""}`,
    sums: `${base}_SHA256SUMS`,
    signature: `${base}_SHA256SUMS.sig`,
    manifest: `${base}_manifest.json`,
  };
}

/**
 * The parts of a release zip's file name.
 *
 * @category models
 */
export interface ParsedZipName {
  /** The provider type (`demo`). */
  readonly name: string;
  /** The version without `v`. */
  readonly version: string;
  /** The platform. */
  readonly target: Target;
}

/**
 * Reads `terraform-provider-NAME_VERSION_OS_ARCH.zip` back into its parts, or undefined when the
 * name has another shape.
 *
 * @remarks Terraform's packed-mirror parser (internal/getproviders/filesystem_search.go) splits the
 * same way: the type cannot contain `_`, the version is semver.
 * @category decoding
 */
export function parseZipName(file: string): ParsedZipName | undefined {
  const m = /^terraform-provider-([^_]+)_([0-9][^_]*)_([a-z0-9]+_[a-z0-9]+)\.zip$/.exec(file);
  if (!m?.[1] || !m[2] || !m[3]) return undefined;
  return { name: m[1], version: m[2], target: m[3] as Target };
}

/** Semver without a leading `v` (the shape Terraform's registry protocol uses). @internal */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** A provider type name as Terraform accepts it (lower-case letters, digits, dashes). @internal */
export const PROVIDER_TYPE = /^[a-z0-9][a-z0-9-]*$/;
