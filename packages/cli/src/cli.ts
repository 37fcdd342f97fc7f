#!/usr/bin/env node
/**
 * The `tfkit` command: `tfkit package`, `tfkit mirror` and `tfkit docs`. See the package README.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  checkProviderDocs,
  formatDocsDifferences,
  loadProviderModule,
  writeProviderDocs,
} from "./docs-files.js";
import { formatDocsProblems, validateProviderDocs } from "./docs/validate.js";
import { createMirror } from "./mirror.js";
import { packageProvider } from "./package-provider.js";
import { generateProviderDocs } from "./provider-docs.js";
import { nodeRuntimeFromNpm } from "./runtime.js";
import { signingKeyFromEnv } from "./sign.js";
import { currentTarget, parseTarget, RELEASE_TARGETS, type Target } from "./targets.js";

const USAGE = `Usage:
  tfkit package --entry <provider.ts|.js> --name <type> --version <semver> [--out dist-provider]
                [--platforms all|linux_amd64,linux_arm64,darwin_arm64,...]
                [--node-binary os_arch=/path/to/node ...] [--node-from-npm [--node-cache dir]]
                [--condition <export condition> ...] [--require-signature] [--no-snapshot]
                (signs SHA256SUMS with the key in GPG_PRIVATE_KEY, passphrase in PASSPHRASE)
  tfkit mirror  --release <dist-provider> --hostname <host> --namespace <ns> [--out mirror]
  tfkit docs    --provider <module exporting the provider> [--out docs] [--examples examples]
                [--name <type>] [--description <text for index.md>] [--export provider]
                [--templates templates] [--condition <export condition> ...] [--check]
  tfkit docs    --validate [docs folder, default --out] [--provider <module> ...]
                [--allowed-subcategories a,b] [--allowed-guide-subcategories a,b]
`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "package") {
    const { values } = parseArgs({
      args: rest,
      options: {
        entry: { type: "string" },
        name: { type: "string" },
        version: { type: "string" },
        platforms: { type: "string" },
        "node-binary": { type: "string", multiple: true },
        condition: { type: "string", multiple: true },
        out: { type: "string", default: "dist-provider" },
        "node-from-npm": { type: "boolean", default: false },
        "node-cache": { type: "string", default: join("node_modules", ".cache", "tfkit-node") },
        "require-signature": { type: "boolean", default: false },
        "no-snapshot": { type: "boolean", default: false },
      },
      strict: true,
    });
    if (!values.entry || !values.name || !values.version)
      return usage("package needs --entry, --name and --version");
    const nodeBinaries: Partial<Record<Target, string>> = {};
    for (const pair of values["node-binary"] ?? []) {
      const eq = pair.indexOf("=");
      if (eq < 0) return usage(`--node-binary ${pair}: expected os_arch=/path/to/node`);
      nodeBinaries[parseTarget(pair.slice(0, eq))] = pair.slice(eq + 1);
    }
    const targets =
      values.platforms === "all"
        ? (Object.keys(RELEASE_TARGETS) as Target[])
        : values.platforms
          ? values.platforms.split(",").map((p) => parseTarget(p.trim()))
          : undefined;
    if (values["node-from-npm"]) {
      for (const target of targets ?? []) {
        if (nodeBinaries[target] !== undefined || target === currentTarget()) continue;
        const runtime = await nodeRuntimeFromNpm(target, values["node-cache"]);
        if (runtime.kind === "found") {
          console.log(`node    ${target}  ${runtime.from}`);
          nodeBinaries[target] = runtime.path;
        } else console.warn(`node    ${target}: ${runtime.reason}`);
      }
    }
    const signingKey = signingKeyFromEnv();
    if (signingKey === undefined && values["require-signature"]) {
      return usage("--require-signature: GPG_PRIVATE_KEY is not set");
    }
    const result = await packageProvider({
      entry: values.entry,
      name: values.name,
      version: values.version,
      outDir: values.out,
      nodeBinaries,
      conditions: values.condition ?? [],
      startup: values["no-snapshot"] ? "plain" : "snapshot",
      ...(targets === undefined ? {} : { targets }),
      ...(signingKey === undefined ? {} : { signingKey }),
    });
    for (const t of result.targets) {
      if (t.kind === "built") {
        console.log(
          `built   ${t.target}  ${t.zip}  (executable ${(t.executableBytes / 1e6).toFixed(1)} MB, ${t.startup === "snapshot" ? "startup snapshot, " : ""}${t.h1})`,
        );
        if (t.startupNote !== undefined) console.warn(`note    ${t.target}: ${t.startupNote}`);
      } else {
        console.warn(`skipped ${t.target}: ${t.reason}`);
      }
    }
    console.log(`wrote   ${result.sums}, ${result.manifest} in ${result.outDir}`);
    if (result.signature.kind === "signed") {
      console.log(`signed  ${result.signature.file} with key ${result.signature.fingerprint}`);
    } else {
      // Loud on purpose: an unsigned release looks complete but no public registry takes it.
      process.stderr.write(`\n*** ${result.signature.warning} ***\n\n`);
    }
    return 0;
  }
  if (command === "mirror") {
    const { values } = parseArgs({
      args: rest,
      options: {
        release: { type: "string" },
        hostname: { type: "string" },
        namespace: { type: "string" },
        out: { type: "string", default: "mirror" },
      },
      strict: true,
    });
    if (!values.release || !values.hostname || !values.namespace) {
      return usage("mirror needs --release, --hostname and --namespace");
    }
    const result = createMirror({
      releaseDir: values.release,
      hostname: values.hostname,
      namespace: values.namespace,
      outDir: values.out,
    });
    for (const f of result.files) console.log(`mirrored ${f}`);
    console.log(`filesystem_mirror { path = ${JSON.stringify(result.outDir)} }`);
    return 0;
  }
  if (command === "docs") return docs(rest);
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(USAGE);
    return 0;
  }
  return usage(`unknown command ${JSON.stringify(command)}`);
}

/** `tfkit docs`: generate, `--check` or `--validate` registry docs. */
async function docs(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      provider: { type: "string" },
      out: { type: "string", default: "docs" },
      examples: { type: "string", default: "examples" },
      templates: { type: "string" },
      name: { type: "string" },
      description: { type: "string" },
      export: { type: "string" },
      condition: { type: "string", multiple: true },
      check: { type: "boolean", default: false },
      validate: { type: "boolean", default: false },
      "allowed-subcategories": { type: "string" },
      "allowed-guide-subcategories": { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
  const folders = values.validate ? 1 : 0;
  if (positionals.length > folders) {
    return usage(
      `docs: unexpected ${positionals.slice(folders).join(" ")} (only --validate takes a folder, one)`,
    );
  }
  if (values.validate && values.check) return usage("docs: --check or --validate, not both");
  if (!values.provider && !values.validate) return usage("docs needs --provider");
  // The default templates folder is optional; one named on the command line must exist.
  if (values.templates !== undefined && !existsSync(values.templates)) {
    return usage(`docs --templates ${values.templates}: no such directory`);
  }
  let pages: Map<string, string> | undefined;
  if (values.provider) {
    const loaded = await loadProviderModule({
      entry: values.provider,
      conditions: values.condition ?? [],
      ...(values.export === undefined ? {} : { exportName: values.export }),
    });
    const providerName = values.name ?? loaded.typeName;
    if (providerName === undefined) return usage("docs: the provider does not name its type; pass --name");
    pages = await generateProviderDocs(loaded.provider, {
      providerName,
      examplesDir: values.examples,
      templatesDir: values.templates ?? "templates",
      ...(values.description === undefined ? {} : { description: values.description }),
    });
  }
  if (values.validate) {
    const dir = positionals[0] ?? values.out;
    const list = (text: string | undefined) => text?.split(",").map((a) => a.trim());
    const allowed = list(values["allowed-subcategories"]);
    const allowedGuides = list(values["allowed-guide-subcategories"]);
    const { files, problems } = validateProviderDocs(dir, {
      ...(pages === undefined ? {} : { expectedPages: pages.keys() }),
      ...(allowed === undefined ? {} : { allowedSubcategories: allowed }),
      ...(allowedGuides === undefined ? {} : { allowedGuideSubcategories: allowedGuides }),
    });
    if (problems.length === 0) {
      console.log(
        `docs in ${dir} pass validation (${files.length} pages${pages === undefined ? "" : ", checked against the provider"})`,
      );
      return 0;
    }
    process.stderr.write(
      `tfkit docs --validate: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${dir}:\n${formatDocsProblems(problems)}\n`,
    );
    return 1;
  }
  if (pages === undefined) return usage("docs needs --provider");
  if (values.check) {
    const differences = checkProviderDocs(pages, values.out);
    if (differences.length === 0) {
      console.log(`docs in ${values.out} are up to date (${pages.size} pages)`);
      return 0;
    }
    process.stderr.write(
      `tfkit docs --check: ${values.out} differs from the generated docs:\n${formatDocsDifferences(differences)}\n` +
        `Run tfkit docs without --check to regenerate them.\n`,
    );
    return 1;
  }
  const { written, removed } = writeProviderDocs(pages, values.out);
  for (const f of written) console.log(`wrote   ${join(values.out, f)}`);
  for (const f of removed) console.log(`removed ${join(values.out, f)}`);
  return 0;
}

function usage(problem: string): number {
  process.stderr.write(`tfkit: ${problem}\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
