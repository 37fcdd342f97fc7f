import { mkdirSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, resolve } from "node:path";
import { Script } from "node:vm";
import { build, type Message, type Metafile, type Plugin } from "esbuild";

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

/** Namespace of the stand-ins that turn `import "node:x"` into `require("node:x")`. */
const BUILTIN_NAMESPACE = "tfkit-builtin";
/** The identifier `import.meta` is replaced with; the wrapper defines it. */
const IMPORT_META = "__tfkitImportMeta";
/** The virtual module that imports the provider's entry (so the bundle exports nothing). */
const ENTRY_IMPORTER = "tfkit-provider-main";
const ENTRY_NAMESPACE = "tfkit-entry";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** Node's built-in modules, with or without `node:`, e.g. `fs`, `fs/promises`, `node:test`. */
const BUILTIN = new RegExp(`^(node:.+|(${builtinModules.map(escapeRegExp).join("|")}))$`);

/**
 * ESM output keeps `import … from "node:fs"` statements, which a CommonJS script cannot hold: each
 * built-in that is imported (statically or with `import()`) becomes a one-line CommonJS module
 * that `require`s it, which esbuild then inlines like any other dependency. `require("fs")` in
 * CommonJS dependencies stays a plain `require` (the SEA's `require` reaches built-ins).
 */
const builtinsAsRequire: Plugin = {
  name: "tfkit-builtins-as-require",
  setup(b) {
    b.onResolve({ filter: BUILTIN }, (args) =>
      args.kind === "import-statement" || args.kind === "dynamic-import"
        ? { path: args.path, namespace: BUILTIN_NAMESPACE }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: BUILTIN_NAMESPACE }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});\n`,
      loader: "js",
    }));
  },
};

/**
 * The bundle's entry is a virtual module that imports the provider's entry, so the bundle has no
 * `export` statement. The provider's entry is kept even when its package.json says
 * `"sideEffects": false` (it is the program, not a library).
 */
function entryImporter(entry: string): Plugin {
  return {
    name: "tfkit-entry",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) =>
        args.kind === "entry-point" && args.path === ENTRY_IMPORTER
          ? { path: ENTRY_IMPORTER, namespace: ENTRY_NAMESPACE }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, () => ({
        contents: 'import "provider-entry";\n',
        loader: "js",
      }));
      // Whatever the entry's path looks like (Windows paths too), it is resolved here, not parsed.
      b.onResolve({ filter: /.*/, namespace: ENTRY_NAMESPACE }, () => ({ path: entry, sideEffects: true }));
    },
  };
}

/**
 * Bundles a provider and everything it imports (tfkit packages, gRPC, protobuf) into one
 * CommonJS file for Node 20. The entry may use top-level `await` (`await serve(provider)`).
 *
 * @remarks CommonJS because a Node 20 single-executable application runs exactly one CommonJS
 * script, whose `require` reaches only Node's built-in modules and whose `import()` cannot load
 * files: every dependency must be inside. esbuild cannot write top-level `await` as CommonJS, so
 * the provider is bundled as one ES module (built-ins imported through `require`, `import.meta`
 * replaced, no exports) and that module body is run inside a strict `async` function: its
 * top-level `await`s keep their order, and code without one runs synchronously as before. A
 * rejection at the top level ends the process with exit code 1, as in an ES module. `import.meta`
 * is `{ url, filename, dirname }` of the running script (in a single executable, the executable).
 * Dynamic `import("pkg")` with a literal name is bundled too.
 * @throws Error naming the entry and each problem with its `file:line:column` when esbuild cannot
 * bundle it (an unresolvable import, top-level `await` in a module loaded with `require()`, …).
 * @category encoding
 */
export async function bundleProvider(options: BundleOptions): Promise<void> {
  const entry = resolve(options.entry);
  let text: string;
  let metafile: Metafile;
  try {
    const result = await build({
      entryPoints: [ENTRY_IMPORTER],
      outfile: options.outfile,
      write: false,
      metafile: true,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      // Readable stack traces in provider logs matter more than a few kB next to the Node binary.
      minify: false,
      logLevel: "silent",
      conditions: [...(options.conditions ?? [])],
      define: { "import.meta": IMPORT_META },
      plugins: [entryImporter(entry), builtinsAsRequire],
    });
    text = result.outputFiles[0]?.text ?? "";
    metafile = result.metafile;
  } catch (error) {
    throw bundleError(options.entry, error);
  }
  // The wrapper below is valid only for a module that neither imports nor exports.
  const leftovers = Object.values(metafile.outputs).flatMap((o) => [
    ...o.imports.filter((i) => i.external && i.kind !== "require-call").map((i) => `import "${i.path}"`),
    ...o.exports.map((name) => `export ${name}`),
  ]);
  if (leftovers.length > 0) {
    throw new Error(
      `tfkit: bundling ${options.entry} failed: the bundle still has ${leftovers.join(", ")}; ` +
        "a single executable can load nothing outside it except Node's built-in modules",
    );
  }
  const script =
    '"use strict";\n' +
    `var ${IMPORT_META} = { url: require("node:url").pathToFileURL(__filename).href, filename: __filename, dirname: __dirname };\n` +
    `(async () => {\n${text}})().catch((error) => {\n` +
    // Rethrown outside the promise: reported and exit code 1 like an ES module's top-level rejection.
    "  process.nextTick(() => {\n    throw error;\n  });\n});\n";
  try {
    // Compiling here turns a wrapper mistake into a packaging error instead of a provider crash.
    new Script(script, { filename: options.outfile });
  } catch (error) {
    throw new Error(
      `tfkit: bundling ${options.entry} produced a script Node cannot compile: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  mkdirSync(dirname(options.outfile), { recursive: true });
  writeFileSync(options.outfile, script);
}

/** One line per esbuild error: `file:line:column: text`, the way compilers report. */
function bundleError(entry: string, error: unknown): Error {
  const messages = (error as { errors?: readonly Message[] } | null)?.errors;
  if (!Array.isArray(messages) || messages.length === 0) {
    return new Error(
      `tfkit: bundling ${entry} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const lines = messages.map((m: Message) => {
    const where = m.location ? `${m.location.file}:${m.location.line}:${m.location.column + 1}: ` : "";
    const notes = m.notes.map((n) => `\n    ${n.text}`).join("");
    return `  ${where}${m.text}${notes}`;
  });
  return new Error(`tfkit: bundling ${entry} failed:\n${lines.join("\n")}`);
}
