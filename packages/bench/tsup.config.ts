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
});
