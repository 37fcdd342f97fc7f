// The guides' code is this workspace's code: every TypeScript / JavaScript / Terraform block in
// docs/guides/*.md must appear verbatim in a file here (scripts/check-guide-snippets.mjs).
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, without type declarations
import { checkGuideSnippets, fencedBlocks } from "../../../../scripts/check-guide-snippets.mjs";

describe("guide snippets", () => {
  it("are all tested example code", () => {
    const { checked, problems } = checkGuideSnippets() as { checked: number; problems: string[] };
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it("finds fenced blocks with their language and line", () => {
    const md = "# t\n\n```ts\nconst a = 1;\n```\n\ntext\n\n```sh\nnpm test\n```\n";
    expect(fencedBlocks(md)).toEqual([
      { lang: "ts", line: 3, code: "const a = 1;\n" },
      { lang: "sh", line: 9, code: "npm test\n" },
    ]);
  });
});
