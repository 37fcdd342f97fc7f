import { defineConfig } from "tsup";
import { base } from "../../tsup.config.base.js";

// The echo provider's executable entry is built too (echoProvider bundles it with esbuild); shims
// give the CommonJS build the import.meta.url it finds it by.
export default defineConfig(
  base(
    {
      index: "src/index.ts",
      vitest: "src/vitest.ts",
      "echo-provider": "src/echo-provider.ts",
      "echo-provider-main": "src/echo-provider-main.ts",
    },
    { shims: true },
  ),
);
