import { build } from "esbuild";
import { defineConfig } from "tsup";

// The bench measures the BUILT packages (turbo `bench` depends on `^build`): no `@tfkit/source`
// condition here, and every dependency stays external so `@tfkit/*` resolve to their dist.
export default defineConfig({
  entry: {
    bench: "src/bench.ts",
    "fixtures/empty-provider": "src/fixtures/empty-provider.ts",
    "fixtures/bare-grpc-server": "src/fixtures/bare-grpc-server.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  splitting: false,
  dts: false,
  skipNodeModulesBundle: true,
  // The launch forms the cold-start suites compare: the same provider bundled into one CommonJS
  // file with every dependency inside (built dist of @tfkit/*; also the entry of the startup
  // snapshot the suites build), and a launcher that runs that bundle through a V8 code cache.
  onSuccess: async () => {
    const common = {
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      logLevel: "warning",
    } as const;
    await Promise.all([
      build({
        ...common,
        entryPoints: ["src/fixtures/empty-provider.ts"],
        outfile: "dist/fixtures/bundled/empty-provider.cjs",
      }),
      build({
        ...common,
        entryPoints: ["src/fixtures/code-cache-launcher.ts"],
        outfile: "dist/fixtures/code-cache-launcher.cjs",
      }),
    ]);
  },
});
