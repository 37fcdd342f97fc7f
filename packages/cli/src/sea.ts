import { execFile } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Target, targetOs } from "./targets.js";

const run = promisify(execFile);

/** The fuse Node's single-executable support looks for (nodejs/node:doc/api/single-executable-applications.md). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/**
 * Options of {@link buildSingleExecutable}.
 *
 * @category models
 */
export interface SingleExecutableOptions {
  /** The bundled CommonJS script (see {@link bundleProvider}). */
  readonly script: string;
  /** The Node binary to copy; its version must be the running Node's (the blob is version-bound). */
  readonly nodeBinary: string;
  /** The platform of `nodeBinary`. */
  readonly target: Target;
  /** The executable to write. */
  readonly output: string;
  /**
   * What the executable starts from. `"snapshot"`: a V8 startup snapshot of the bundle taken at
   * build time (`"useSnapshot": true`): module loading, the protobuf codec and the code compiled
   * while loading are in the executable, so each start answers Terraform sooner and with less CPU.
   * Only for the building machine's own Node binary and platform (the snapshot is tied to both);
   * not byte-reproducible. `"plain"`: the bundle is compiled at every start; reproducible.
   * Default `"plain"`.
   */
  readonly startup?: "snapshot" | "plain";
}

/**
 * Turns a bundled script into one executable file with Node's single-executable applications:
 * `node --experimental-sea-config` writes the blob, postject injects it into a copy of a Node binary.
 *
 * @remarks The blob is made by the running Node, so a binary for another platform must be the same
 * Node version. A startup snapshot ({@link SingleExecutableOptions.startup}) is tied to the
 * building machine's Node binary and platform: use it only with `process.execPath`.
 * macOS binaries lose their signature when injected; sign them on a Mac
 * (`codesign --sign - <file>`) before Apple silicon will run them.
 * @category encoding
 */
export async function buildSingleExecutable(options: SingleExecutableOptions): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "tfkit-sea-"));
  try {
    const blob = join(work, "sea.blob");
    const config = join(work, "sea-config.json");
    // The blob records the script's path as given: a fixed relative name keeps builds reproducible.
    copyFileSync(options.script, join(work, "provider.cjs"));
    writeFileSync(
      config,
      JSON.stringify({
        main: "provider.cjs",
        output: "sea.blob",
        disableExperimentalSEAWarning: true,
        useSnapshot: options.startup === "snapshot",
        useCodeCache: false,
      }),
    );
    await run(process.execPath, ["--experimental-sea-config", config], { cwd: work });
    copyFileSync(options.nodeBinary, options.output);
    chmodSync(options.output, 0o755);
    const args = [options.output, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE];
    if (targetOs(options.target) === "darwin") args.push("--macho-segment-name", "NODE_SEA");
    // postject runs in its own process: its emscripten runtime installs process-wide handlers.
    const postject = createRequire(import.meta.url).resolve("postject/dist/cli.js");
    await run(process.execPath, [postject, ...args], { maxBuffer: 16 * 1024 * 1024 });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
