import { describe, expect, it } from "vitest";
import { parseZipName, releaseNames } from "./names.js";

describe("releaseNames", () => {
  it("names files the way goreleaser and the registry protocol do", () => {
    const n = releaseNames("demo", "1.2.3");
    expect(n.zip("linux_amd64")).toBe("terraform-provider-demo_1.2.3_linux_amd64.zip");
    expect(n.executable("linux_amd64")).toBe("terraform-provider-demo_v1.2.3");
    expect(n.executable("windows_amd64")).toBe("terraform-provider-demo_v1.2.3.exe");
    expect(n.sums).toBe("terraform-provider-demo_1.2.3_SHA256SUMS");
    expect(n.manifest).toBe("terraform-provider-demo_1.2.3_manifest.json");
  });
});

describe("parseZipName", () => {
  it("reads a release zip name back, pre-release versions included", () => {
    expect(parseZipName("terraform-provider-demo_1.2.3-beta.1_darwin_arm64.zip")).toEqual({
      name: "demo",
      version: "1.2.3-beta.1",
      target: "darwin_arm64",
    });
  });

  it("ignores other files of a release", () => {
    expect(parseZipName("terraform-provider-demo_1.2.3_SHA256SUMS")).toBeUndefined();
    expect(parseZipName("terraform-provider-demo_1.2.3_manifest.json")).toBeUndefined();
    expect(parseZipName("terraform-provider-demo_v1.2.3_linux_amd64.zip")).toBeUndefined();
  });
});
