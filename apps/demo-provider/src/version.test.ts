import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { provider } from "./provider.js";
import { DEMO_PROVIDER_VERSION } from "./version.js";

describe("the demo provider's version", () => {
  it("is its package.json version, the one changesets moves, and the provider's metadata.version", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(DEMO_PROVIDER_VERSION).toBe(manifest.version);
    expect(provider.definition.metadata.version).toBe(manifest.version);
  });
});
