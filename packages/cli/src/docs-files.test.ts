import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadProviderModule } from "./docs-files.js";
import { generateProviderDocs } from "./provider-docs.js";

const dir = mkdtempSync(join(tmpdir(), "tfkit-load-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Any ProviderServer works: here a hand-written one in plain JavaScript, answering
// GetProviderSchema with wire-format schemas (type JSON as text), no tfkit involved.
const wireProvider = `
export const server = {
  getProviderSchema: () => ({
    resourceSchemas: {
      raw_thing: {
        version: 0,
        block: {
          description: "A thing.",
          attributes: [
            { name: "id", type: '"string"', computed: true },
            { name: "size", type: '"number"', optional: true, description: "Size." },
          ],
        },
      },
    },
  }),
  getFunctions: () => ({
    functions: { twice: { parameters: [{ name: "n", type: '"number"' }], returnType: '"number"', summary: "Doubles." } },
  }),
};
`;

describe("loadProviderModule", () => {
  it("imports a JavaScript module as it is and finds the named export", async () => {
    const file = join(dir, "wire.mjs");
    writeFileSync(file, wireProvider);
    const { provider, typeName } = await loadProviderModule({ entry: file, exportName: "server" });
    expect(typeName).toBeUndefined();
    const pages = await generateProviderDocs(provider, { providerName: "raw" });
    expect([...pages.keys()].sort()).toEqual(["functions/twice.md", "index.md", "resources/thing.md"]);
    expect(pages.get("resources/thing.md")).toContain(
      "### Optional\n\n- `size` (Number) Size.\n\n### Read-Only\n\n- `id` (String) The ID of this resource.\n",
    );
    expect(pages.get("functions/twice.md")).toContain("twice(n number) number");
  });

  it("bundles a TypeScript entry and reads the provider's type name from its definition", async () => {
    const file = join(dir, "typed.ts");
    writeFileSync(
      file,
      'const schema: unknown = { block: {} };\nexport const provider = { definition: { metadata: { typeName: "typed" } }, getProviderSchema: () => ({ provider: schema }) };\n',
    );
    const { typeName } = await loadProviderModule({ entry: file });
    expect(typeName).toBe("typed");
  });

  it("says which exports exist when none is a provider", async () => {
    const file = join(dir, "none.mjs");
    writeFileSync(file, "export const notAProvider = 1;\n");
    await expect(loadProviderModule({ entry: file })).rejects.toThrow(
      /exports no provider as "provider" or "default" \(exports: notAProvider\); pass --export <name>/,
    );
  });

  it("fails clearly on a missing file", async () => {
    await expect(loadProviderModule({ entry: join(dir, "missing.ts") })).rejects.toThrow(/does not exist/);
  });
});
