// CI's e2e job runs the test files scripts/e2e-tests.mjs selects under terraform; the unit job
// runs everything without it. A suite the selection missed would run under terraform nowhere.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, without type declarations
import { drivesTerraform, e2eTests } from "../../../../scripts/e2e-tests.mjs";
// @ts-expect-error: a plain .mjs script, without type declarations
import { workspaceDirs } from "../../../../scripts/architecture-graph.mjs";

const root = new URL("../../../../", import.meta.url).pathname;
const selected = (e2eTests() as { dir: string; files: string[] }[]).flatMap((g) =>
  g.files.map((f) => `${g.dir}/${f}`),
);

describe("the e2e selection", () => {
  it("holds the suites that run terraform end to end", () => {
    expect(selected).toEqual(
      expect.arrayContaining([
        "packages/provider/test/e2e/terraform.test.ts",
        "packages/grpc-transport/test/e2e/terraform-lifecycle.test.ts",
        "apps/contracts-differential/test/differential.test.ts",
        "docs/guides/examples/src/getting-started/terraform.test.ts",
      ]),
    );
  });

  it("holds every test file that warns it is skipped without terraform", () => {
    // A loud skip names the binary and PATH, or is @tfkit/testing's terraformOrWarn: the sign that a
    // file needs terraform.
    const out = execFileSync(
      "git",
      ["grep", "-l", "-i", "-E", "terraform.{0,40}not on PATH|terraformOrWarn\\(", "--", ...workspaceDirs()],
      { cwd: root, encoding: "utf8" },
    );
    const warning = out
      .split("\n")
      .filter((f) => f.endsWith(".test.ts"))
      .filter((f) => !f.includes("/dist/"))
      // this file names the pattern itself
      .filter((f) => f !== "docs/guides/examples/src/ci-e2e.test.ts");
    expect(warning.length).toBeGreaterThan(3);
    expect(warning.filter((f) => !selected.includes(f))).toEqual([]);
  });

  it("follows relative imports to the module that starts terraform", () => {
    const dir = mkdtempSync(join(tmpdir(), "tfkit-e2e-"));
    // Written in two parts so that this file itself does not look like one that starts terraform.
    const call = ["spawnSync(", '"terraform", ["plan"])'].join("");
    writeFileSync(join(dir, "support.ts"), `export const run = () => ${call};\n`);
    writeFileSync(join(dir, "uses.test.ts"), 'import { run } from "./support.js";\nrun();\n');
    writeFileSync(
      join(dir, "plain.test.ts"),
      'import { x } from "./other.js";\n// terraform, in words only\n',
    );
    writeFileSync(join(dir, "other.ts"), "export const x = 1;\n");
    expect(drivesTerraform(join(dir, "uses.test.ts"))).toBe(true);
    expect(drivesTerraform(join(dir, "plain.test.ts"))).toBe(false);
  });
});
