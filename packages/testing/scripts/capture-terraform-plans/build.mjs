import { build } from "esbuild";
import { chmodSync, writeFileSync, mkdirSync } from "node:fs";
mkdirSync("bin", { recursive: true });
await build({
  entryPoints: ["provider.ts"],
  outfile: "bin/provider.mjs",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "error",
  conditions: ["@tfkit/source"],
  plugins: [
    {
      name: "ext",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (a) =>
          a.path.startsWith("@tfkit/") ? undefined : { path: a.path, external: true },
        );
      },
    },
  ],
});
writeFileSync("bin/terraform-provider-tfkite2e", '#!/usr/bin/env node\nimport("./provider.mjs");\n');
chmodSync("bin/terraform-provider-tfkite2e", 0o755);
