/**
 * The committed registry docs (docs/) are what `tfkit docs` generates from the schemas and
 * examples/, and pass `tfkit docs --validate`. Regenerate after a schema or example change:
 *   npx tfkit docs --provider src/provider.ts --out docs --examples examples --condition @tfkit/source \
 *     --description "The Local provider is used to manage local resources, such as files."
 */
import { fileURLToPath } from "node:url";
import { checkProviderDocs, generateProviderDocs, validateProviderDocs } from "@tfkit/cli";
import { expect, it } from "vitest";
import { provider } from "../src/provider.js";

const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const DESCRIPTION = "The Local provider is used to manage local resources, such as files.";

it("docs/ is what tfkit docs generates", async () => {
  const pages = await generateProviderDocs(provider, {
    providerName: "local",
    description: DESCRIPTION,
    examplesDir: at("../examples"),
  });
  expect([...pages.keys()].sort()).toEqual([
    "data-sources/command.md",
    "data-sources/file.md",
    "data-sources/sensitive_file.md",
    "ephemeral-resources/command.md",
    "functions/direxists.md",
    "index.md",
    "resources/file.md",
    "resources/sensitive_file.md",
  ]);
  expect(checkProviderDocs(pages, at("../docs"))).toEqual([]);
});

it("docs/ passes tfkit docs --validate", () => {
  expect(validateProviderDocs(at("../docs")).problems).toEqual([]);
});
