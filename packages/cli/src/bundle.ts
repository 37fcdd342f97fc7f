import { build } from "esbuild";

/**
 * Options of {@link bundleProvider}.
 *
 * @category models
 */
export interface BundleOptions {
  /** The provider's entry point (`.ts` or `.js`): the module that calls `serve()`. */
  readonly entry: string;
  /** Where the single CommonJS file goes. */
  readonly outfile: string;
  /**
   * Extra package.json export conditions, e.g. `["@tfkit/source"]` to bundle tfkit packages of a
   * workspace from source. Default: none.
   */
  readonly conditions?: readonly string[];
}

/**
 * Bundles a provider and everything it imports (tfkit packages, gRPC, protobuf) into one
 * CommonJS file for Node 20.
 *
 * @remarks CommonJS because a Node 20 single-executable application runs exactly one CommonJS
 * script and its `require` reaches only Node's built-in modules: every dependency must be inside.
 * Dynamic `import("pkg")` with a literal name is bundled too.
 * @category encoding
 */
export async function bundleProvider(options: BundleOptions): Promise<void> {
  const result = await build({
    entryPoints: [options.entry],
    outfile: options.outfile,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    // Readable stack traces in provider logs matter more than a few kB next to the Node binary.
    minify: false,
    logLevel: "silent",
    conditions: [...(options.conditions ?? [])],
  });
  const errors = result.errors.map((e) => e.text);
  if (errors.length > 0) throw new Error(`tfkit: bundling ${options.entry} failed: ${errors.join("; ")}`);
}
