import { defineConfig } from "tsup";
import { base } from "../../tsup.config.base.js";

export default defineConfig(base({ index: "src/index.ts", vitest: "src/vitest.ts" }));
