// Regenerates src/gen into a temporary directory and fails when it differs from the committed
// files (CI's guard that src/gen matches proto/ and the pinned generator).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = mkdtempSync(join(tmpdir(), "tfkit-gen-"));
try {
  execFileSync("npx", ["buf", "generate", "--output", out], { cwd: root, stdio: "inherit" });
  const fresh = join(out, "src/gen");
  const committed = join(root, "src/gen");
  const names = new Set([...readdirSync(fresh), ...readdirSync(committed)]);
  const differing = [...names].filter((name) => {
    try {
      return readFileSync(join(fresh, name), "utf8") !== readFileSync(join(committed, name), "utf8");
    } catch {
      return true;
    }
  });
  if (differing.length > 0) {
    console.error(`src/gen is out of date (run \`npm run generate\`): ${differing.join(", ")}`);
    process.exit(1);
  }
  console.log(`src/gen is up to date (${names.size} files)`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
