import { defineConfig } from "tsup";
import { base } from "../../tsup.config.base.js";

// ESM only: a command-line tool is run, not `require`d; see README ("Why ESM only").
export default defineConfig(base({ index: "src/index.ts", cli: "src/cli.ts" }, { format: ["esm"] }));
