import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";

/**
 * How the acceptance runner makes Terraform run a provider, built with {@link fromEntry} or
 * {@link fromExecutable}.
 *
 * @remarks The runner asks for an executable named `terraform-provider-<name>` (what
 * `dev_overrides` looks for) and either lets Terraform start it (mode `"dev_overrides"`) or starts
 * it once per test case and attaches Terraform to it (mode `"reattach"`).
 * @category testing
 */
export interface ProviderLauncher {
  /** Human description for messages (`entry ./src/main.ts`). */
  readonly description: string;
  /**
   * Returns the path of an executable called `terraform-provider-<typeName>` that starts the
   * provider (building it first if needed; cached).
   */
  executable(typeName: string): Promise<string>;
}

/**
 * Options of {@link fromEntry}.
 *
 * @category testing
 */
export interface FromEntryOptions {
  /**
   * Extra package.json export conditions for resolving imports, e.g. `["@tfkit/source"]` to
   * bundle workspace siblings from their TypeScript source. Default: none.
   */
  readonly conditions?: readonly string[];
  /**
   * Packages to leave out of the bundle (native addons, packages that read their own files). The
   * bundle is then written under the entry's nearest `node_modules/.cache/tfkit-testing/`, so Node
   * resolves them as the entry would. Default: none (everything is bundled into a temporary
   * directory).
   */
  readonly external?: readonly string[];
  /** Extra `node` arguments for the launcher, e.g. `["--enable-source-maps"]`. Default: none. */
  readonly nodeArgs?: readonly string[];
}

const bundles = new Map<string, Promise<string>>();
let bundleRoot: string | undefined;

const OWNER_FILE = "tfkit-testing.pid";

/**
 * Creates a directory `<parent>/<prefix>XXXXXX` owned by this process: removed at exit, and,
 * since test workers are often killed without an exit event, swept by the next process that
 * finds it with its owner gone.
 */
function ownedTempDir(parent: string, prefix: string): string {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const candidate = join(parent, name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(candidate, OWNER_FILE), "utf8"));
    } catch {
      continue; // not ours, or still being created
    }
    if (Number.isInteger(owner) && owner > 0 && !isAlive(owner))
      rmSync(candidate, { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(parent, prefix));
  writeFileSync(join(dir, OWNER_FILE), String(process.pid));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tempRoot(): string {
  bundleRoot ??= ownedTempDir(tmpdir(), "tfkit-testing-providers-");
  return bundleRoot;
}

/**
 * A provider started from its TypeScript or JavaScript entry point (the file that calls `serve`).
 * The entry is bundled with esbuild, once per process (i.e. once per test file) and cached, into a
 * temporary directory next to a `#!/usr/bin/env node` launcher.
 *
 * @remarks Everything is bundled (third-party packages too, unless listed in
 * {@link FromEntryOptions.external}), so the bundle runs from any directory. Like building the
 * provider binary that terraform-plugin-testing's `ProtoV6ProviderFactories` serve in-process.
 * @example
 * ```ts
 * const demo = fromEntry(new URL("../src/main.ts", import.meta.url).pathname);
 * await runAcceptance({ providers: { demo }, steps: [...] });
 * ```
 * @category testing
 */
export function fromEntry(entry: string, options: FromEntryOptions = {}): ProviderLauncher {
  const absolute = resolve(entry);
  const key = JSON.stringify([
    absolute,
    options.conditions ?? [],
    options.external ?? [],
    options.nodeArgs ?? [],
  ]);
  const bundle = (): Promise<string> => {
    let built = bundles.get(key);
    if (!built) {
      built = bundleEntry(absolute, options);
      bundles.set(key, built);
      // A failed build is not cached: the next test retries (and reports the same error).
      built.catch(() => bundles.delete(key));
    }
    return built;
  };
  return {
    description: `entry ${entry}`,
    async executable(typeName) {
      const dir = await bundle();
      const exeDir = join(dir, typeName);
      const exe = join(exeDir, `terraform-provider-${typeName}`);
      if (!existsSync(exe)) {
        mkdirSync(exeDir, { recursive: true });
        writeLauncher(exe, join(dir, "provider.mjs"), options.nodeArgs ?? []);
      }
      return exe;
    },
  };
}

/**
 * Writes the executable `exe` that starts the bundle `bundle` (referenced relatively, so the
 * directory can be moved, unless node arguments need the sh form).
 */
function writeLauncher(exe: string, bundle: string, nodeArgs: readonly string[]): void {
  const relativeBundle = relative(dirname(exe), bundle).split(sep).join("/");
  // `#!/usr/bin/env node` accepts no arguments portably; with node arguments use sh + exec
  // (exec, so a SIGKILL from terraform cannot orphan the real process).
  const script =
    nodeArgs.length === 0
      ? `#!/usr/bin/env node\nimport(${JSON.stringify(relativeBundle.startsWith(".") ? relativeBundle : `./${relativeBundle}`)});\n`
      : `#!/bin/sh\nexec node ${nodeArgs.map(shellQuote).join(" ")} ${shellQuote(bundle)} "$@"\n`;
  writeFileSync(exe, script);
  chmodSync(exe, 0o755);
}

function shellQuote(s: string): string {
  return `'${s.replaceAll("'", "'\\''")}'`;
}

async function bundleEntry(entry: string, options: FromEntryOptions, outDir?: string): Promise<string> {
  if (!existsSync(entry)) throw new Error(`@tfkit/testing fromEntry: no such file: ${entry}`);
  const { build } = await import("esbuild");
  const external = options.external ?? [];
  const dir =
    outDir ?? (external.length === 0 ? mkdtempSync(join(tempRoot(), "bundle-")) : cacheDirNear(entry));
  await build({
    entryPoints: [entry],
    outfile: join(dir, "provider.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    logLevel: "silent",
    conditions: [...(options.conditions ?? [])],
    external: [...external],
    // CommonJS dependencies bundled into ESM call require() for Node built-ins.
    banner: {
      js: 'import { createRequire as __tfkitCreateRequire } from "node:module"; const require = __tfkitCreateRequire(import.meta.url);',
    },
  });
  return dir;
}

/** A fresh directory under the nearest `node_modules/.cache` above `entry`, removed at exit. */
function cacheDirNear(entry: string): string {
  let dir = dirname(entry);
  while (!existsSync(join(dir, "node_modules"))) {
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`@tfkit/testing fromEntry: no node_modules above ${entry} to resolve externals from`);
    dir = parent;
  }
  const cache = join(dir, "node_modules", ".cache", "tfkit-testing");
  mkdirSync(cache, { recursive: true });
  return ownedTempDir(cache, "bundle-");
}

/**
 * A provider that is already an executable (a Go provider binary, a packaged tfkit provider, or a
 * script with a shebang).
 *
 * @remarks When the file is not named `terraform-provider-<name>` the runner links it under that
 * name in a temporary directory, since `dev_overrides` finds providers by file name.
 * @category testing
 */
export function fromExecutable(executable: string): ProviderLauncher {
  const absolute = resolve(executable);
  return {
    description: `executable ${executable}`,
    async executable(typeName) {
      if (!existsSync(absolute)) throw new Error(`@tfkit/testing fromExecutable: no such file: ${absolute}`);
      const wanted = `terraform-provider-${typeName}`;
      const name = basename(absolute);
      if (name === wanted || name.startsWith(`${wanted}_`) || name.startsWith(`${wanted}.`)) return absolute;
      const dir = join(
        tempRoot(),
        `exe-${typeName}-${createHash("sha256").update(absolute).digest("hex").slice(0, 16)}`,
      );
      const link = join(dir, wanted);
      if (!existsSync(link)) {
        mkdirSync(dir, { recursive: true });
        symlinkSync(absolute, link);
      }
      return link;
    },
  };
}

/**
 * Options of {@link bundleProviderExecutable}.
 *
 * @category testing
 */
export interface BundleProviderExecutableOptions extends FromEntryOptions {
  /** The provider type name: the executable is called `terraform-provider-<typeName>`. */
  readonly typeName: string;
  /**
   * The directory to write `provider.mjs` (with its source map) and the executable into; created
   * when missing. Default: a fresh temporary directory, removed when the process exits (with
   * {@link FromEntryOptions.external}: one under the entry's nearest `node_modules/.cache`).
   */
  readonly outDir?: string;
}

/**
 * A provider bundled by {@link bundleProviderExecutable}.
 *
 * @category testing
 */
export interface BundledProvider {
  /** The directory holding the executable: the value for `dev_overrides`. */
  readonly dir: string;
  /** `<dir>/terraform-provider-<typeName>`, which starts the bundle with `node`. */
  readonly executable: string;
  /** The bundled provider module (`provider.mjs`). */
  readonly bundle: string;
}

/**
 * Bundles a provider's entry point (the file that calls `serve`) with esbuild into one ES module,
 * next to an executable `terraform-provider-<typeName>` that Terraform can start, in a directory
 * that a `dev_overrides` block (see {@link terraformCliConfig}) can point at.
 *
 * @remarks This is the build behind {@link fromEntry}, without its per-process cache: use it in
 * scripts and benches that need the files themselves. Build errors are esbuild's, thrown.
 * @example
 * ```ts
 * const demo = await bundleProviderExecutable("src/main.ts", { typeName: "demo", outDir: "bin" });
 * // demo.dir === "bin", demo.executable === "bin/terraform-provider-demo"
 * ```
 * @category testing
 */
export async function bundleProviderExecutable(
  entry: string,
  options: BundleProviderExecutableOptions,
): Promise<BundledProvider> {
  const { typeName, outDir, ...bundleOptions } = options;
  if (outDir !== undefined) mkdirSync(outDir, { recursive: true });
  const dir = await bundleEntry(
    resolve(entry),
    bundleOptions,
    outDir === undefined ? undefined : resolve(outDir),
  );
  const executable = join(dir, `terraform-provider-${typeName}`);
  const bundle = join(dir, "provider.mjs");
  writeLauncher(executable, bundle, options.nodeArgs ?? []);
  return { dir, executable, bundle };
}
