// docs/ARCHITECTURE.md's package graph is generated from the workspaces' package.json files, and
// every path it cites must exist (scripts/architecture-graph.mjs).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkArchitecture,
  checkRendered,
  citedPaths,
  DOCUMENT,
  layers,
  renderGraph,
  // @ts-expect-error: a plain .mjs script, without type declarations
} from "../../../../scripts/architecture-graph.mjs";

interface Workspace {
  name: string;
  dir: string;
  published: boolean;
  runtime: string[];
  dev: string[];
}

const ws = (name: string, runtime: string[] = [], dev: string[] = []): Workspace => ({
  name,
  dir: `packages/${name.slice("@tfkit/".length)}`,
  published: true,
  runtime,
  dev,
});

describe("docs/ARCHITECTURE.md", () => {
  it("has the package graph of the manifests as they are, and cites only existing paths", () => {
    const { problems, workspaces } = checkArchitecture() as { problems: string[]; workspaces: Workspace[] };
    expect(problems).toEqual([]);
    expect(workspaces.map((w) => w.name)).toContain("@tfkit/provider");
    const text = readFileSync(DOCUMENT, "utf8");
    for (const w of workspaces) expect(text).toContain(`| \`${w.name}\` | \`${w.dir}\` |`);
  });

  it("is a page of the typedoc site, not a raw file copied next to it", () => {
    const config = JSON.parse(readFileSync(new URL("../../../../typedoc.json", import.meta.url), "utf8"));
    expect(config.projectDocuments).toContain("docs/ARCHITECTURE.md");
    // typedoc names a document's page after its frontmatter title.
    expect(readFileSync(DOCUMENT, "utf8")).toMatch(/^---\ntitle: Architecture\n---\n/);
  });

  it("checks the rendered page keeps every character", () => {
    const md = "layer 1\n  a ──▶ b · c — d ⇄ e\n";
    const good = '<meta charset="utf-8"><pre>a ──▶ b · c — d ⇄ e</pre>';
    expect(checkRendered(good, md)).toEqual([]);
    // The same bytes read as Latin-1, as a browser shows a raw .md served without a charset.
    const latin1 = Buffer.from(good, "utf8").toString("latin1");
    const problems = checkRendered(latin1, md) as string[];
    expect(problems).toContain("characters lost on the page: ─ ▶ — ⇄");
    expect(problems.some((p) => p.startsWith("UTF-8 read as Latin-1"))).toBe(true);
    expect(checkRendered("<pre>a ──▶ b · c — d ⇄ e</pre>", md)).toEqual(["the page does not declare UTF-8"]);
  });

  it("is found stale when its generated section differs from the manifests", () => {
    const stale = readFileSync(DOCUMENT, "utf8").replace(/(@tfkit\/provider\s+──▶ )contracts · /, "$1");
    const copy = join(mkdtempSync(join(tmpdir(), "tfkit-arch-")), "ARCHITECTURE.md");
    writeFileSync(copy, stale);
    const { problems } = checkArchitecture(undefined, copy) as { problems: string[] };
    expect(problems).toEqual([expect.stringMatching(/package graph is stale/)]);
  });

  it("reports a cited path that is not in the repository", () => {
    const text = `${readFileSync(DOCUMENT, "utf8")}\nSee \`packages/provider/src/nowhere.ts\`.\n`;
    const copy = join(mkdtempSync(join(tmpdir(), "tfkit-arch-")), "ARCHITECTURE.md");
    writeFileSync(copy, text);
    const { problems } = checkArchitecture(undefined, copy) as { problems: string[] };
    expect(problems).toEqual(["cites packages/provider/src/nowhere.ts, which is not in the repository"]);
  });
});

describe("architecture graph", () => {
  it("puts a workspace one layer above the highest one it imports at run time", () => {
    const { layer, problems } = layers([
      ws("@tfkit/c"),
      ws("@tfkit/b", ["@tfkit/c"]),
      ws("@tfkit/a", ["@tfkit/b", "@tfkit/c"], ["@tfkit/d"]),
      ws("@tfkit/d", ["@tfkit/c"]),
    ]) as { layer: Map<string, number>; problems: string[] };
    expect(problems).toEqual([]);
    expect(Object.fromEntries(layer)).toEqual({ "@tfkit/a": 2, "@tfkit/b": 1, "@tfkit/c": 0, "@tfkit/d": 1 });
  });

  it("reports a cycle and an unknown dependency instead of throwing", () => {
    const { problems } = layers([ws("@tfkit/a", ["@tfkit/b"]), ws("@tfkit/b", ["@tfkit/a", "@tfkit/z"])]) as {
      problems: string[];
    };
    expect(problems).toContain("dependency cycle: @tfkit/a → @tfkit/b → @tfkit/a");
    expect(problems).toContain("@tfkit/b depends on @tfkit/z, which is no workspace");
  });

  it("draws runtime arrows top down and lists test-only imports apart", () => {
    const out = renderGraph([ws("@tfkit/c", [], ["@tfkit/b"]), ws("@tfkit/b", ["@tfkit/c"])]) as string;
    expect(out.indexOf("layer 1")).toBeLessThan(out.indexOf("layer 0"));
    expect(out).toContain("@tfkit/b ──▶ c");
    expect(out).toContain("| `@tfkit/c` | `packages/c` | published | 0 | — | `b` |");
  });

  it("finds the repository paths a text cites, backticked or linked", () => {
    expect(
      citedPaths(
        "`packages/a/src/x.ts`, [y](../scripts/y.mjs), `apps/demo/`, `packages/provider`, `rpc/<name>.ts`",
      ),
    ).toEqual(["apps/demo/", "packages/a/src/x.ts", "scripts/y.mjs"]);
  });
});
