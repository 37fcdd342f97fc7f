import { describe, expect, it } from "vitest";
import { formatAttrPath, path, toAttrPath } from "./path.js";

describe("paths", () => {
  it("formats like Terraform: attributes dotted, indices and odd keys in brackets", () => {
    expect(formatAttrPath(path("network_interface", 0, "name"))).toBe("network_interface[0].name");
    expect(formatAttrPath(["tags", "team name"])).toBe('tags["team name"]');
    expect(formatAttrPath([])).toBe("(the whole object)");
  });

  it("rejects indices that are not non-negative integers", () => {
    expect(() => path("a", -1)).toThrow("path: index -1 is not a non-negative integer");
    expect(() => path("a", 1.5)).toThrow(TypeError);
  });

  it("splits dotted strings, turning digits into indices", () => {
    expect(toAttrPath("network_interface.0.name")).toEqual(["network_interface", 0, "name"]);
    expect(toAttrPath("")).toEqual([]);
    expect(toAttrPath(["a", 1])).toEqual(["a", 1]);
  });
});
