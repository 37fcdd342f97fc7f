/**
 * The harness under the real terraform: a working directory wired through dev_overrides or
 * reattach, `terraform providers schema -json`, and a provider bundled into a chosen directory.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeAcceptance } from "@tfkit/testing/vitest";
import { afterAll, expect, it } from "vitest";
import {
  bundleProviderExecutable,
  createTerraformWorkdir,
  providerSchemaJson,
  requiredProvidersBlock,
  terraformVersion,
} from "../src/index.js";
import { notesProvider } from "./support.js";

const SOURCE = "example.test/tfkit/notes";
const notesEntry = fileURLToPath(new URL("./fixtures/notes-provider/main.ts", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "tfkit-harness-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const config = (title: string) =>
  `${requiredProvidersBlock({ notes: SOURCE })}\nresource "notes_note" "a" {\n  title = ${JSON.stringify(title)}\n}\n`;

describeAcceptance("the terraform harness", () => {
  it("terraformVersion reads the binary's version", () => {
    expect(terraformVersion()).toMatch(/^\d+\.\d+\.\d+/);
    expect(terraformVersion("/nonexistent/terraform")).toBeUndefined();
  });

  for (const mode of ["dev_overrides", "reattach"] as const) {
    it(`${mode}: applies, re-plans empty, destroys`, async () => {
      const store = join(scratch, `${mode}.json`);
      const wd = await createTerraformWorkdir({
        providers: { [SOURCE]: notesProvider },
        mode,
        env: { TFKIT_NOTES_STORE: store },
        log: true,
      });
      try {
        wd.writeConfig(config("hello world"));
        if (mode === "reattach")
          expect(JSON.parse(wd.env.TF_REATTACH_PROVIDERS ?? "{}")).toHaveProperty([SOURCE]);
        else expect(wd.env.TF_REATTACH_PROVIDERS).toBeUndefined();
        const apply = await wd.run(["apply", "-auto-approve", "-no-color"]);
        expect(apply.stderr).toBe("");
        expect(apply.code).toBe(0);
        expect(Object.values(JSON.parse(readFileSync(store, "utf8")))).toEqual([
          { title: "hello world", body: null, tags: null },
        ]);
        const plan = wd.runSync(["plan", "-detailed-exitcode", "-no-color"]);
        expect(plan.stdout).toContain("No changes.");
        expect(plan.code).toBe(0);
        expect((await wd.run(["destroy", "-auto-approve", "-no-color"])).code).toBe(0);
        expect(JSON.parse(readFileSync(store, "utf8"))).toEqual({});
        expect(readFileSync(join(wd.dir, "terraform.log"), "utf8")).toMatch(/\[DEBUG\]/);
        // Reattach: one process served every command and is still running; dev_overrides: none.
        if (mode === "reattach") {
          expect(wd.providerLogs()).toMatch(`--- provider ${SOURCE} stderr\n`);
          expect(wd.providerLogs()).not.toContain("EXITED");
        } else expect(wd.providerLogs()).toBe("");
      } finally {
        await wd.close();
      }
      expect(existsSync(wd.dir)).toBe(false);
    }, 180_000);
  }

  it("providerSchemaJson returns the provider's schemas as terraform read them", async () => {
    const schema = await providerSchemaJson(notesProvider, { source: SOURCE });
    const block = schema.resource_schemas?.notes_note?.block as {
      attributes: Record<string, { type: unknown; required?: boolean; sensitive?: boolean }>;
    };
    expect(Object.keys(block.attributes).sort()).toEqual(["body", "id", "secret", "tags", "title", "words"]);
    expect(block.attributes.title).toMatchObject({ type: "string", required: true });
    expect(block.attributes.secret?.sensitive).toBe(true);
    expect(block.attributes.tags?.type).toEqual(["map", "string"]);
  }, 120_000);

  it("providerSchemaJson finds a provider given without a host (registry.terraform.io)", async () => {
    const schema = await providerSchemaJson(notesProvider, { source: "tfkit/notes" });
    expect(Object.keys(schema.resource_schemas ?? {})).toEqual(["notes_note"]);
  }, 120_000);

  it("providerSchemaJson quotes terraform when the provider cannot start", async () => {
    const broken = await bundleProviderExecutable(notesEntry, {
      typeName: "notes",
      outDir: join(scratch, "broken"),
      conditions: ["@tfkit/source"],
      nodeArgs: ["--no-such-node-flag"],
    });
    await expect(providerSchemaJson(broken.executable, { source: SOURCE })).rejects.toThrow(
      /providers schema -json failed \(exit 1\):[\s\S]*Failed to load plugin schemas/,
    );
  }, 120_000);

  it("bundleProviderExecutable writes provider.mjs and a relocatable launcher into outDir", async () => {
    const out = join(scratch, "bin");
    const built = await bundleProviderExecutable(notesEntry, {
      typeName: "notes",
      outDir: out,
      conditions: ["@tfkit/source"],
    });
    expect(built).toEqual({
      dir: out,
      executable: join(out, "terraform-provider-notes"),
      bundle: join(out, "provider.mjs"),
    });
    expect(readFileSync(built.executable, "utf8")).toBe('#!/usr/bin/env node\nimport("./provider.mjs");\n');
    // Started outside go-plugin, the provider says so and exits (it ran: the bundle loads).
    const run = spawnSync(built.executable, { encoding: "utf8", timeout: 30_000 });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(/plugin/i);
    const schema = await providerSchemaJson(built.executable, { source: SOURCE });
    expect(Object.keys(schema.resource_schemas ?? {})).toEqual(["notes_note"]);
  }, 120_000);
});
