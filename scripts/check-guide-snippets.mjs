#!/usr/bin/env node
// Every code block of the guides in docs/guides/*.md written in TypeScript, JavaScript or
// Terraform must appear verbatim in a file under docs/guides/examples/src, where it is
// typechecked and run by that workspace's tests. Run by docs/guides/examples' tests; also
// usable alone: `node scripts/check-guide-snippets.mjs` (exit 1 and a list when one does not).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CHECKED = { ts: [".ts"], typescript: [".ts"], js: [".mjs", ".js"], terraform: [".tf"], hcl: [".tf"] };

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Fenced blocks of a markdown text: language, first line number, code. */
export function fencedBlocks(markdown) {
  const blocks = [];
  const re = /^```(\w*)[^\n]*\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(markdown); m !== null; m = re.exec(markdown)) {
    blocks.push({ lang: m[1], line: markdown.slice(0, m.index).split("\n").length, code: m[2] });
  }
  return blocks;
}

/**
 * Checks the guides; returns one problem per code block not found verbatim in an example file,
 * plus the number of blocks checked. `hcl` blocks marked `# not checked` (CLI configuration
 * with machine-specific paths) are skipped.
 */
export function checkGuideSnippets(
  guidesDir = join(root, "docs/guides"),
  examplesDir = join(guidesDir, "examples/src"),
) {
  const sources = filesUnder(examplesDir).map((file) => ({ file, text: readFileSync(file, "utf8") }));
  const problems = [];
  let checked = 0;
  for (const name of readdirSync(guidesDir)
    .filter((n) => n.endsWith(".md"))
    .sort()) {
    const markdown = readFileSync(join(guidesDir, name), "utf8");
    for (const block of fencedBlocks(markdown)) {
      const extensions = CHECKED[block.lang];
      if (extensions === undefined || block.code.startsWith("# not checked")) continue;
      checked++;
      const code = block.code.trimEnd();
      const found = sources.some((s) => extensions.some((x) => s.file.endsWith(x)) && s.text.includes(code));
      if (!found) {
        problems.push(
          `${relative(root, join(guidesDir, name))}:${block.line}: this ${block.lang} block is not in any ` +
            `${extensions.join("/")} file under ${relative(root, examplesDir)}`,
        );
      }
    }
  }
  return { checked, problems };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { checked, problems } = checkGuideSnippets();
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.log(`${checked} guide code blocks found verbatim in docs/guides/examples/src`);
}
